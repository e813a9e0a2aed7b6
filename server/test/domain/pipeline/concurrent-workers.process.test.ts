import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDependencies, type Dependencies } from '../../../src/app/dependencies.js';
import { createFileTools } from '../../../src/integrations/extract/index.js';
import { createLazyOcr } from '../../../src/integrations/ocr/lazy-ocr.js';
import type { Database } from '../../../src/storage/db/database.js';
import { makePdf } from '../../helpers/document-fixtures.js';
import { testSettings } from '../../helpers/test-app.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

describe.each(testEngines())('several workers on one database, on %s', (engine) => {
  let database: Database;
  let root: string;
  const workers: Dependencies[] = [];
  /** extractions running right now, per document, across all workers */
  const running = new Map<string, number>();
  const runs = new Map<string, number>();
  let overlaps = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-workers-'));
    const fileTools = createFileTools({ ocr: createLazyOcr() });
    for (let i = 0; i < 3; i++) {
      const deps = await createDependencies({
        database: { ...database, close: async () => undefined },
        settings: testSettings({
          storage: { kind: 'fs', root },
          worker: { concurrency: 2, jobExpireSeconds: 900, retryLimit: 4, libreOfficePath: null },
        }),
        migrate: i === 0,
        fileTools,
      });
      // count runs per document by wrapping this worker's handler
      const handler = deps.jobHandlers['document.process'];
      deps.jobHandlers['document.process'] = async (payload, context) => {
        const active = (running.get(payload.documentId) ?? 0) + 1;
        running.set(payload.documentId, active);
        if (active > 1) overlaps++;
        runs.set(payload.documentId, (runs.get(payload.documentId) ?? 0) + 1);
        try {
          return await handler(payload, context);
        } finally {
          running.set(payload.documentId, (running.get(payload.documentId) ?? 1) - 1);
        }
      };
      workers.push(deps);
    }
  }, 60_000);
  afterAll(async () => {
    for (const deps of workers) await deps.queue.stop().catch(() => undefined);
    await database.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('process every document exactly once, and never one document in two places at the same time', async () => {
    const [first] = workers;
    const { services } = first!;
    const partner = await services.admin.createPartner({ name: 'P' });
    const principal = await services.access.authenticateApiKey(
      (await services.admin.createKey({ partnerId: partner.id })).key,
    );
    const owner = await services.owners.create({ principal, name: 'Owner' });
    const buildingId = await services.buildings.create({ principal, ownerId: owner.id, name: 'B' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { documentId } = await services.uploads.requestUpload({
        principal,
        target: { kind: 'building', ownerId: owner.id, buildingId },
        filename: `rapport-${i}.pdf`,
      });
      const { blob_key: key } = await database.db
        .selectFrom('documents')
        .select('blob_key')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      await services.uploads.receiveUpload({
        key,
        body: Readable.from(await makePdf([`Rapport nummer ${i}`])),
        contentType: 'application/pdf',
        declaredLength: null,
      });
      ids.push(documentId);
    }
    for (const deps of workers) await deps.startWorkers();
    // an operator asks for a reprocess while the first runs are queued or running: it must wait its turn
    await services.reprocess.reprocess({ buildingId });

    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = await database.db.selectFrom('documents').select('processed_at').where('id', 'in', ids).execute();
      const idle = [...running.values()].every((n) => n === 0);
      if (rows.every((r) => r.processed_at !== null) && idle && (await queuedOrActive()) === 0) break;
      if (Date.now() > deadline) throw new Error('documents were not processed in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(overlaps).toBe(0);
    // each document ran once for its upload and at most once more for the reprocess
    for (const id of ids) expect(runs.get(id) ?? 0).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(runs.get(id) ?? 0).toBeLessThanOrEqual(2);
    // every document's text is there once, whoever extracted it
    const pages = await database.db
      .selectFrom('document_pages')
      .select('document_id')
      .where('document_id', 'in', ids)
      .execute();
    expect(pages).toHaveLength(12);
  }, 90_000);

  async function queuedOrActive(): Promise<number> {
    const result = await database.executeSql(
      `select count(*)::int as n from pgboss.job where name in ('document.process', 'document.classify') and state in ('created', 'retry', 'active')`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }
});
