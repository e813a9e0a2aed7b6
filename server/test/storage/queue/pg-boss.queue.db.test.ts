import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobError } from '../../../src/domain/jobs/jobs.errors.js';
import {
  JOB_NAMES,
  jobDone,
  jobFailed,
  jobSkipped,
  type JobHandlers,
  type JobName,
  type JobOutcome,
  type JobRequest,
} from '../../../src/domain/jobs/jobs.js';
import type { Database } from '../../../src/storage/db/database.js';
import { transactionExecutor } from '../../../src/storage/db/repositories/document-rows.js';
import {
  createPgBossQueue,
  type JobLogger,
  type PgBossQueue,
  type SqlExecutor,
} from '../../../src/storage/queue/pg-boss.queue.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * Workers poll once a minute here: a job that waited for the next poll would never run within the test, so every
 * job that runs was handed over by a wake-up (enqueued in this process) or picked up right after the previous one.
 */
describe.each(testEngines())('job queue workers in the same process, on %s', (engine) => {
  let database: Database;
  let queue: PgBossQueue;
  const ran: string[] = [];
  // what the worker's job fetches see, to enqueue only while it sleeps (else a fetch in flight may find the job)
  const fetches = { inFlight: 0, lastFoundNothing: false };
  /** statements that insert jobs */
  let jobInserts = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const executor: SqlExecutor = {
      async executeSql(text, values) {
        const isFetch = /skip locked/i.test(text) && values?.[0] === 'document.process';
        if (isFetch) fetches.inFlight += 1;
        if (/insert into pgboss\.job/i.test(text)) jobInserts += 1;
        try {
          const result = await database.executeSql(text, values);
          if (isFetch) fetches.lastFoundNothing = result.rows.length === 0;
          return result;
        } finally {
          if (isFetch) fetches.inFlight -= 1;
        }
      },
    };
    queue = createPgBossQueue({ executor, settings: { pollingIntervalSeconds: 60, concurrency: 1 } });
    await queue.start();
    // every job needs a handler; only document.process gets jobs here
    const idle = Object.fromEntries(JOB_NAMES.map((name) => [name, async () => jobDone()])) as Record<
      JobName,
      () => Promise<JobOutcome>
    >;
    const handlers: JobHandlers = {
      ...idle,
      'document.process': async ({ documentId }) => {
        ran.push(documentId);
        return jobDone();
      },
    };
    await queue.work(handlers);
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  beforeEach(async () => {
    await until(() => fetches.inFlight === 0 && fetches.lastFoundNothing);
  });

  it('runs a job enqueued here at once instead of at the next poll', async () => {
    await queue.enqueue('document.process', { documentId: 'direct' }, { singletonKey: 'direct' });

    await until(() => ran.includes('direct'));
  });

  it('runs a job enqueued inside a transaction once that transaction commits', async () => {
    await database.db.transaction().execute(async (trx) => {
      await queue.enqueueWith(
        transactionExecutor(trx),
        'document.process',
        { documentId: 'in-transaction' },
        { singletonKey: 'in-transaction' },
      );
      expect(ran).not.toContain('in-transaction');
    });

    await until(() => ran.includes('in-transaction'));
  });

  it('works through jobs that were already waiting without a pause between them', async () => {
    // enqueued behind the queue's back: nobody wakes the worker for these
    for (const id of ['waiting-1', 'waiting-2', 'waiting-3']) {
      await queue.boss.send('document.process', { documentId: id }, { singletonKey: id });
    }
    await queue.enqueue('document.process', { documentId: 'waiting-4' }, { singletonKey: 'waiting-4' });

    await until(() => ['waiting-1', 'waiting-2', 'waiting-3', 'waiting-4'].every((id) => ran.includes(id)));
  });

  it('keeps one waiting job per subject: two reports waiting at once are two jobs, one document twice is one', async () => {
    // held back an hour, so both are waiting when the second is enqueued
    const later = { startAfterSeconds: 3600 };
    await queue.enqueue('report.generate', { reportId: 'report-a' }, later);
    await queue.enqueue('report.generate', { reportId: 'report-b' }, later);
    await queue.enqueue('document.classify', { documentId: 'twice' }, later);
    await queue.enqueue('document.classify', { documentId: 'twice' }, later);

    const { rows } = await database.executeSql(
      `select name, data->>'reportId' as report, data->>'documentId' as document from pgboss.job
       where data->>'reportId' like 'report-%' or data->>'documentId' = 'twice' order by 1, 2`,
    );
    expect(rows).toEqual([
      { name: 'document.classify', report: null, document: 'twice' },
      { name: 'report.generate', report: 'report-a', document: null },
      { name: 'report.generate', report: 'report-b', document: null },
    ]);
  });

  it('enqueues thousands of jobs in a few statements, one job per singleton key', async () => {
    // reprocessing a large building: not one round trip per document. Held back an hour, so no worker runs them here.
    const jobs: JobRequest[] = Array.from({ length: 2500 }, (_, i) => ({
      name: 'document.classify',
      payload: { documentId: `batch-${i}` },
      options: { singletonKey: `batch-${i}`, startAfterSeconds: 3600 },
    }));
    jobs.push({ ...jobs[0]! });
    jobInserts = 0;

    await queue.enqueueMany(jobs);

    expect(jobInserts).toBe(3);
    const { rows } = await database.executeSql(
      `select count(*)::int as n, count(distinct singleton_key)::int as keys from pgboss.job
       where name = 'document.classify' and singleton_key like 'batch-%' and start_after > now() + interval '50 minutes'`,
    );
    expect(rows[0]).toEqual({ n: 2500, keys: 2500 });
  });
});

describe.each(testEngines())('job outcomes, logs and expiry, on %s', (engine) => {
  let database: Database;
  let queue: PgBossQueue;
  const logs: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  /** what the signal of each report.generate run said when it was aborted, and after how long */
  const aborts: { reason: unknown; afterMs: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const logger: JobLogger = {
      debug: (fields, message) => logs.push({ level: 'debug', message, fields: fields as Record<string, unknown> }),
      info: (fields, message) => logs.push({ level: 'info', message, fields: fields as Record<string, unknown> }),
      warn: (fields, message) => logs.push({ level: 'warn', message, fields: fields as Record<string, unknown> }),
      error: (fields, message) => logs.push({ level: 'error', message, fields: fields as Record<string, unknown> }),
    };
    queue = createPgBossQueue({
      executor: database,
      // one retry a second after a failure; a job running two seconds has expired
      settings: {
        pollingIntervalSeconds: 0.5,
        concurrency: 1,
        retryLimit: 1,
        retryDelaySeconds: 1,
        expireInSeconds: 2,
      },
      logger,
    });
    await queue.start();
    await queue.work({
      'document.process': async ({ documentId }) =>
        documentId === 'readable'
          ? jobDone()
          : documentId === 'archived'
            ? jobSkipped('the document is archived')
            : jobFailed('PDF is damaged'),
      'document.classify': async () => {
        throw new Error('classifier crashed');
      },
      'maintenance.extract': async () => jobDone(),
      'uploads.poll': async () => jobDone(),
      'uploads.sweep': async () => jobDone(),
      'mail.send': async () => jobDone(),
      'mail.sweep': async () => jobDone(),
      'deliveries.remind': async () => jobDone(),
      'zip.build': async () => jobDone(),
      'storage_provider.import': async () => jobDone(),
      'webhook.deliver': async () => jobDone(),
      'webhook.disabled': async () => jobDone(),
      'search.segments': async () => jobDone(),
      'search.vocabulary': async () => jobDone(),
      'signin.sweep': async () => jobDone(),
      // an extraction that runs until its signal stops it
      'report.generate': async (_payload, { signal }) => {
        const started = Date.now();
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        aborts.push({ reason: signal.reason, afterMs: Date.now() - started });
        throw signal.reason;
      },
    });
  }, 60_000);
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  const logOf = (message: string, match: Record<string, unknown>) =>
    logs.find((entry) => entry.message === message && Object.entries(match).every(([k, v]) => entry.fields[k] === v));

  it('logs the outcome of each job with its duration, id and document, at a level that matches it', async () => {
    for (const documentId of ['readable', 'archived', 'damaged']) {
      await queue.enqueue('document.process', { documentId });
    }
    await until(() =>
      ['readable', 'archived', 'damaged'].every((id) =>
        logs.some((l) => l.fields.documentId === id && l.message !== 'job started'),
      ),
    );

    expect(logOf('job started', { documentId: 'readable' })).toMatchObject({ level: 'debug' });
    expect(logOf('job done', { documentId: 'readable' })).toMatchObject({
      level: 'info',
      fields: {
        job: 'document.process',
        jobId: expect.any(String),
        attempt: 1,
        outcome: 'done',
        durationMs: expect.any(Number),
      },
    });
    expect(logOf('job skipped', { documentId: 'archived' })).toMatchObject({
      level: 'debug',
      fields: { outcome: 'skipped', reason: 'the document is archived' },
    });
    expect(logOf('job failed', { documentId: 'damaged' })).toMatchObject({
      level: 'warn',
      fields: { outcome: 'failed', reason: 'PDF is damaged' },
    });
  });

  it('logs a thrown failure as a warning while a retry follows, and as an error on the last attempt', async () => {
    await queue.enqueue('document.classify', { documentId: 'crashing' });
    await until(() => logOf('job failed on its last attempt', { documentId: 'crashing' }) !== undefined, 30_000);

    expect(logOf('job failed, will be retried', { documentId: 'crashing' })).toMatchObject({
      level: 'warn',
      fields: { attempt: 1, reason: 'classifier crashed' },
    });
    expect(logOf('job failed on its last attempt', { documentId: 'crashing' })).toMatchObject({
      level: 'error',
      fields: { attempt: 2, reason: 'classifier crashed' },
    });
  });

  it('aborts the signal of a job that runs past its expiry, with the reason', async () => {
    await queue.enqueue('report.generate', { reportId: 'endless' });
    await until(() => aborts.length > 0, 20_000);

    const [first] = aborts;
    expect(first!.reason).toBeInstanceOf(JobError);
    expect(first!.reason).toMatchObject({ code: 'job.expired', message: expect.stringContaining('stopped after 2 s') });
    expect(first!.afterMs).toBeGreaterThanOrEqual(1900);
    expect(first!.afterMs).toBeLessThan(10_000);
    await until(() => logOf('job failed, will be retried', { reportId: 'endless' }) !== undefined);
    expect(logOf('job failed, will be retried', { reportId: 'endless' })!.fields.reason).toContain('stopped after 2 s');
  });
});

describe.each(testEngines())('a worker that stops, on %s', (engine) => {
  it('aborts the jobs it is running instead of waiting for them to expire', async () => {
    const database = await createTestDatabase(engine);
    const queue = createPgBossQueue({
      executor: database,
      settings: { pollingIntervalSeconds: 0.5, concurrency: 1, expireInSeconds: 600 },
    });
    let reason: unknown;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    try {
      await queue.start();
      await queue.work({
        ...(Object.fromEntries(JOB_NAMES.map((name) => [name, async () => jobDone()])) as unknown as JobHandlers),
        'document.process': async (_payload, { signal }) => {
          started();
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          reason = signal.reason;
          throw signal.reason;
        },
      });
      await queue.enqueue('document.process', { documentId: 'long' });
      await running;

      const stopStarted = Date.now();
      await queue.stop();

      expect(reason).toMatchObject({ code: 'job.stopped' });
      // without the abort, stop() waits out its 10 s grace period for the handler
      expect(Date.now() - stopStarted).toBeLessThan(5000);
    } finally {
      await queue.stop();
      await database.close();
    }
  }, 60_000);
});

/** waits for a condition; far below the one-minute poll, so only a wake-up can satisfy it in time */
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // the worker settles into its sleep after its fetch returns
  await new Promise((resolve) => setImmediate(resolve));
}
