import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDependencies, type Dependencies } from '../../../src/app/dependencies.js';
import type { FileTools } from '../../../src/domain/pipeline/ports.js';
import { createFileTools } from '../../../src/integrations/extract/index.js';
import { createLazyOcr } from '../../../src/integrations/ocr/lazy-ocr.js';
import type { Database } from '../../../src/storage/db/database.js';
import { makePdf } from '../../helpers/document-fixtures.js';
import { testSettings } from '../../helpers/test-app.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

describe.each(testEngines())('a worker that dies mid-job, on %s', (engine) => {
  let database: Database;
  let root: string;
  const opened: Dependencies[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-crash-'));
  });
  afterAll(async () => {
    for (const deps of opened) await deps.queue.stop().catch(() => undefined);
    await database.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  /** a worker process: its own queue and services, the same database and file storage as the others */
  async function startWorker(fileTools: FileTools): Promise<Dependencies> {
    const settings = testSettings({
      storage: { kind: 'fs', root },
      // a job running longer than 5 s counts as crashed (the retried run must finish within it even on a loaded
      // machine, where loading the PDF tools alone can take a second or two); expired jobs are looked for every second
      worker: { concurrency: 1, jobExpireSeconds: 5, retryLimit: 4, libreOfficePath: null },
      queue: { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
    });
    // the database is shared, so one worker stopping must not close it
    const deps = await createDependencies({
      database: { ...database, close: async () => undefined },
      settings,
      fileTools,
    });
    opened.push(deps);
    await deps.startWorkers();
    return deps;
  }

  it('hands the job to another worker after expiry, and the document still finishes', async () => {
    const realTools = createFileTools({ ocr: createLazyOcr() });
    let extractStarted!: () => void;
    const started = new Promise<void>((resolve) => (extractStarted = resolve));
    // the first worker hangs inside extraction, as a process does in the moment before it is killed
    const first = await startWorker({
      ...realTools,
      extract: () => {
        extractStarted();
        return new Promise(() => undefined);
      },
    });

    const { services } = first;
    const partner = await services.admin.createPartner({ name: 'P' });
    const principal = await services.access.authenticateApiKey(
      (await services.admin.createKey({ partnerId: partner.id })).key,
    );
    const owner = await services.owners.create({ principal, name: 'Owner' });
    const buildingId = await services.buildings.create({ principal, ownerId: owner.id, name: 'B' });
    const { documentId } = await services.uploads.requestUpload({
      principal,
      target: { kind: 'building', ownerId: owner.id, buildingId },
      filename: 'rapport.pdf',
    });
    const { blob_key: key } = await database.db
      .selectFrom('documents')
      .select('blob_key')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    await services.uploads.receiveUpload({
      key,
      body: Readable.from(await makePdf(['Tilstandsrapport for taket'])),
      contentType: 'application/pdf',
      declaredLength: null,
    });
    await started;
    // kill it: it stops taking and finishing jobs, leaving its job active
    await first.queue.boss.stop({ graceful: false, wait: false });

    await startWorker(realTools);
    const deadline = Date.now() + 45_000;
    let row;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      row = await database.db
        .selectFrom('documents')
        .select(['extracted_text', 'processed_at'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
    } while (row.processed_at === null && Date.now() < deadline);
    expect(row).toMatchObject({ extracted_text: true, processed_at: expect.any(Date) });
    const pages = await database.db
      .selectFrom('document_pages')
      .select('text')
      .where('document_id', '=', documentId)
      .execute();
    expect(pages.map((p) => p.text).join(' ')).toContain('Tilstandsrapport');
    // the job was retried, not run twice at once: one job, which failed once by expiry and then completed
    // (pg-boss marks a job complete just after its handler returns, so give it that moment)
    const jobQuery = `select state, retry_count from pgboss.job where name = 'document.process' and data->>'documentId' = $1`;
    let jobs = await database.executeSql(jobQuery, [documentId]);
    for (let i = 0; i < 50 && jobs.rows[0]?.state !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      jobs = await database.executeSql(jobQuery, [documentId]);
    }
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 90_000);
});
