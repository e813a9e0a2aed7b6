import { afterEach, describe, expect, it } from 'vitest';
import type { FileTools } from '../../../src/domain/pipeline/ports.js';
import { createFileTools } from '../../../src/integrations/extract/index.js';
import { createLazyOcr } from '../../../src/integrations/ocr/lazy-ocr.js';
import type { JobLogger } from '../../../src/storage/queue/pg-boss.queue.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/** An extractor that works until its signal stops it, as OCR of a huge scan or a stuck pdftotext would. */
function waitingTools() {
  const seen: { reason: unknown }[] = [];
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const tools: FileTools = {
    ...createFileTools({ ocr: createLazyOcr() }),
    extract: async ({ signal }) => {
      started();
      await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
      seen.push({ reason: signal?.reason });
      throw signal?.reason;
    },
  };
  return { tools, seen, running };
}

function collectingLogger(): JobLogger & { entries: { level: string; message: string; fields: any }[] } {
  const entries: { level: string; message: string; fields: any }[] = [];
  const at = (level: string) => (fields: object, message: string) => void entries.push({ level, message, fields });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe.each(testEngines())('extraction stopped by its job, on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('stops an extraction whose job expires, and records why when no retry follows', async () => {
    const { tools, seen } = waitingTools();
    const logger = collectingLogger();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { worker: { concurrency: 1, jobExpireSeconds: 2, retryLimit: 0, libreOfficePath: null } },
      dependencies: { fileTools: tools, logger },
    });
    const seed = await t.seed();

    const documentId = await t.upload({ seed, filename: 'notater.txt', bytes: Buffer.from('Befaring av taket') });
    await t.waitForProcessing([documentId], 30_000);

    expect(seen.map((s) => (s.reason as { code?: string }).code)).toEqual(['job.expired']);
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['text_extraction_error', 'processing_error'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      text_extraction_error: true,
      processing_error: 'stopped after 2 s: the job ran longer than the queue allows',
    });
    // the job's outcome says the same, where an operator reads it (logged once its handler has returned, which can
    // be after the classification it enqueued has finished)
    for (let i = 0; i < 100 && !logger.entries.some((e) => e.message === 'job failed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logger.entries).toContainEqual({
      level: 'warn',
      message: 'job failed',
      fields: expect.objectContaining({ documentId, outcome: 'failed', reason: row.processing_error }),
    });
  }, 60_000);

  it('stops a running extraction when its worker stops, instead of holding the shutdown', async () => {
    const { tools, seen, running } = waitingTools();
    t = await createTestApp({ engine, workers: true, dependencies: { fileTools: tools } });
    const seed = await t.seed();
    await t.upload({ seed, filename: 'notater.txt', bytes: Buffer.from('Befaring av taket') });
    await running;

    const stopping = Date.now();
    await t.close();
    t = undefined;

    expect(seen.map((s) => (s.reason as { code?: string }).code)).toEqual(['job.stopped']);
    // without the abort, the queue waits 10 s for the handler before it gives up
    expect(Date.now() - stopping).toBeLessThan(5000);
  }, 60_000);
});
