import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES, jobDone, type JobHandlers } from '../../../src/domain/jobs/jobs.js';
import { openDatabase, type Database } from '../../../src/storage/db/database.js';
import { transactionExecutor } from '../../../src/storage/db/repositories/document-rows.js';
import { createPgBossQueue, type PgBossQueue } from '../../../src/storage/queue/pg-boss.queue.js';
import { createTestDatabase } from '../../helpers/test-database.js';

/** far longer than the test waits: a job found by polling would come too late */
const POLL_SECONDS = 60;

// An API process enqueues, a worker process (its own connections, its own queue) runs the job. On a PostgreSQL server
// the enqueue's NOTIFY wakes the idle worker at once instead of after its next poll.
describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs enqueued by another process, on postgres', () => {
  let api: Database;
  let worker: Database;
  let apiQueue: PgBossQueue;
  let workerQueue: PgBossQueue;
  const ran: string[] = [];
  let onRun: (() => void) | null = null;

  beforeAll(async () => {
    const created = await createTestDatabase('postgres');
    api = created;
    worker = await openDatabase({ kind: 'postgres', url: created.url ?? '', poolMax: 3 });
    const settings = { pollingIntervalSeconds: POLL_SECONDS };
    apiQueue = createPgBossQueue({ executor: api, settings, ...(api.listen ? { listen: api.listen } : {}) });
    workerQueue = createPgBossQueue({
      executor: worker,
      settings,
      ...(worker.listen ? { listen: worker.listen } : {}),
    });
    await apiQueue.start();
    await workerQueue.start();
    const handlers = Object.fromEntries(
      JOB_NAMES.map((name) => [
        name,
        async (payload: { documentId?: string }) => {
          ran.push(`${name}:${payload.documentId ?? ''}`);
          onRun?.();
          return jobDone();
        },
      ]),
    ) as unknown as JobHandlers;
    await workerQueue.work(handlers);
    // the workers' first poll finds nothing; from now on only a notification can wake them before POLL_SECONDS
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }, 60_000);

  afterAll(async () => {
    await workerQueue?.stop();
    await apiQueue?.stop();
    await worker?.close();
    await api?.close();
  });

  const runs = (expected: number): Promise<void> =>
    new Promise((resolve) => {
      onRun = () => {
        if (ran.length >= expected) resolve();
      };
      onRun();
    });

  it('runs a job enqueued in another process without waiting for its next poll', async () => {
    await apiQueue.enqueue('document.process', { documentId: 'a' });
    await runs(1);
    expect(ran).toEqual(['document.process:a']);
  }, 20_000);

  it('hears a job enqueued inside a transaction once the transaction commits', async () => {
    await api.db.transaction().execute(async (trx) => {
      await apiQueue.enqueueWith(transactionExecutor(trx), 'document.classify', { documentId: 'b' });
      // not yet committed: nobody may run it
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran).toHaveLength(1);
    });
    await runs(2);
    expect(ran).toEqual(['document.process:a', 'document.classify:b']);
  }, 20_000);

  it('hears jobs enqueued many at once', async () => {
    await apiQueue.enqueueMany([
      { name: 'document.process', payload: { documentId: 'c' } },
      { name: 'document.process', payload: { documentId: 'd' } },
    ]);
    await runs(4);
    expect(ran.slice(2).sort()).toEqual(['document.process:c', 'document.process:d']);
  }, 20_000);
});
