import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileTools } from '../../../../src/domain/pipeline/ports.js';
import { createFileTools } from '../../../../src/integrations/extract/index.js';
import { createLazyOcr } from '../../../../src/integrations/ocr/lazy-ocr.js';
import { makePdf } from '../../../helpers/document-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

interface Explanation {
  document: {
    id: string;
    uploadState: string;
    processingError: string | null;
    flags: Record<string, boolean>;
    pageCount: number;
    chunkCount: number;
    processedAt: string | null;
  };
  jobs: { name: string; state: string; retryCount: number; createdAt: string; output: unknown }[];
}

describe.each(testEngines())('admin document explain on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  /** extraction of files named broken*.pdf fails the way a crashing tool does */
  const base = createFileTools({ ocr: createLazyOcr() });
  const tools: FileTools = {
    ...base,
    extract: async (input) => {
      if (input.filename.startsWith('broken')) throw new Error('pdf tool crashed on purpose');
      return base.extract(input);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({
      engine,
      workers: true,
      settings: { worker: { concurrency: 1, jobExpireSeconds: 900, retryLimit: 1, libreOfficePath: null } },
      dependencies: { fileTools: tools },
    });
    seed = await t.seed();
  }, 60_000);
  afterAll(() => t.close());

  async function explain(documentId: string): Promise<{ status: number; body: Explanation }> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/documents/${documentId}/explain`,
      headers: admin,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('explains a processed document: states, counts and its finished jobs', async () => {
    const id = await t.upload({ seed, filename: 'FDV/Pumpe.pdf', bytes: await makePdf(['FDV pumpe\nService årlig']) });
    await t.waitForProcessing([id]);
    const { status, body } = await explain(id);
    expect(status).toBe(200);
    expect(body.document).toMatchObject({ id, uploadState: 'uploaded', processingError: null, pageCount: 1 });
    expect(body.document.flags.extracted_text).toBe(true);
    expect(body.document.chunkCount).toBeGreaterThanOrEqual(1);
    expect(body.jobs.length).toBeGreaterThanOrEqual(1);
    expect(body.jobs.every((job) => typeof job.name === 'string' && job.createdAt)).toBe(true);
    expect(body.jobs.some((job) => job.state === 'completed')).toBe(true);
  }, 90_000);

  it('explains a failed document: the error of its job and its attempts', async () => {
    const id = await t.upload({ seed, filename: 'broken.pdf', bytes: await makePdf(['Nothing to read']) });
    await t.waitForProcessing([id]);
    // the document row is written before the queue stores the job's outcome
    const deadline = Date.now() + 30_000;
    let body = (await explain(id)).body;
    while (!body.jobs.some((job) => job.name === 'document.process' && job.state === 'completed')) {
      if (Date.now() > deadline) throw new Error(`processing job not completed: ${JSON.stringify(body.jobs)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await explain(id)).body;
    }
    expect(body.document.processingError).toContain('pdf tool crashed on purpose');
    expect(body.document.flags.text_extraction_error).toBe(true);
    expect(body.document.pageCount).toBe(0);
    // the first attempt threw and was retried; the last one recorded the failure as the job's outcome
    const processing = body.jobs.find((job) => job.name === 'document.process');
    expect(processing).toMatchObject({
      retryCount: 1,
      output: { status: 'failed', reason: 'pdf tool crashed on purpose' },
    });
  }, 90_000);

  it('answers 404 for an unknown document and 401 without the operator token', async () => {
    expect((await explain('5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10')).status).toBe(404);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/admin/documents/5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10/explain`,
    });
    expect(refused.statusCode).toBe(401);
  });
});
