import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_NAMES, type JobHandlers, type JobName } from '../../../src/domain/pipeline/jobs.js';
import type { Database } from '../../../src/storage/db/database.js';
import { transactionExecutor } from '../../../src/storage/db/repositories/document-rows.js';
import { createPgBossQueue, type PgBossQueue, type SqlExecutor } from '../../../src/storage/queue/pg-boss.queue.js';
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

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const executor: SqlExecutor = {
      async executeSql(text, values) {
        const isFetch = /skip locked/i.test(text) && values?.[0] === 'document.process';
        if (isFetch) fetches.inFlight += 1;
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
    const idle = Object.fromEntries(JOB_NAMES.map((name) => [name, async () => undefined])) as Record<
      JobName,
      () => Promise<void>
    >;
    const handlers: JobHandlers = {
      ...idle,
      'document.process': async ({ documentId }) => {
        ran.push(documentId);
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
});

/** waits for a condition; far below the one-minute poll, so only a wake-up can satisfy it in time */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // the worker settles into its sleep after its fetch returns
  await new Promise((resolve) => setImmediate(resolve));
}
