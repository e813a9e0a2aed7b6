import PgBoss from 'pg-boss';
import {
  JOB_NAMES,
  type JobHandlers,
  type JobName,
  type JobOptions,
  type JobPayloads,
  type JobQueue,
} from '../../domain/pipeline/jobs.js';
import type { Listen } from '../db/database.js';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** the channel an enqueue announces its job name on, so idle workers in other processes look at once */
const JOB_CHANNEL = 'byggdok_jobs';

export interface QueueSettings {
  /** how long a job may run before it counts as crashed and is retried */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
  /** jobs of one name one process runs at once */
  concurrency: number;
  /** how often expired (crashed) jobs are looked for and handed back for retry */
  maintenanceIntervalSeconds: number;
}

/** time for the transaction that enqueued a job to commit, on a PostgreSQL server (see enqueueWith) */
const WAKE_AFTER_COMMIT_MS = 25;
/** how long stop() gives running jobs to finish */
const STOP_TIMEOUT_MS = 10_000;

export const defaultQueueSettings: QueueSettings = {
  expireInSeconds: 900,
  retryLimit: 4,
  retryDelaySeconds: 5,
  pollingIntervalSeconds: 0.5,
  concurrency: 2,
  maintenanceIntervalSeconds: 30,
};

export interface PgBossQueue extends JobQueue {
  /** enqueue on a caller's connection, inside its transaction */
  enqueueWith<N extends JobName>(
    executor: SqlExecutor,
    name: N,
    payload: JobPayloads[N],
    options?: JobOptions,
  ): Promise<void>;
  start(): Promise<void>;
  /** runs the handlers; every job name must have exactly one */
  work(handlers: JobHandlers): Promise<void>;
  schedule(name: JobName, cron: string): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

/**
 * Jobs live in PostgreSQL (pg-boss), the same on PGlite and on a server: workers in any number of processes take
 * jobs with SKIP LOCKED, a job whose worker died is retried once it expires, and failures retry with back-off.
 */
export function createPgBossQueue(params: {
  executor: SqlExecutor;
  settings?: Partial<QueueSettings>;
  onError?: (error: Error) => void;
  /** given on a PostgreSQL server: enqueues notify, and this process's workers listen */
  listen?: Listen;
}): PgBossQueue {
  const settings = { ...defaultQueueSettings, ...params.settings };
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => params.executor.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
  });
  boss.on('error', (error: Error) => params.onError?.(error));
  let started = false;
  const workers: string[] = [];
  /** the workers of each job name running in this process, woken when a job of theirs is enqueued here */
  const localWorkers = new Map<JobName, string[]>();
  /** handlers running in this process, and when pg-boss gives up waiting for each (see stop) */
  const running = new Set<{ settled: Promise<unknown>; givenUpAt: number }>();

  /** stops this process's LISTEN, once its workers run */
  let unlisten: (() => Promise<void>) | null = null;

  /**
   * pg-boss workers poll (every 0.5 s at the least), so a job enqueued right after a poll waits out the interval: that
   * wait was about 80% of the time from upload to extracted text on the embedded default (bench/ingest.bench.ts).
   * When the worker runs in this process we tell it at once. On a PostgreSQL server the enqueue also sends a NOTIFY
   * (delivered when its transaction commits), which wakes the workers of every process; polling stays the fallback.
   */
  function wake(name: JobName): void {
    for (const id of localWorkers.get(name) ?? []) boss.notifyWorker(id);
  }

  async function announce(executor: SqlExecutor, name: JobName): Promise<void> {
    if (params.listen) await executor.executeSql('select pg_notify($1, $2)', [JOB_CHANNEL, name]);
  }

  function sendOptions(options: JobOptions | undefined): PgBoss.SendOptions {
    return {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
      ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    };
  }

  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      for (const name of JOB_NAMES) {
        // 'stately': at most one queued and one active job per singleton key
        await boss.createQueue(name, { name, policy: 'stately' });
      }
      started = true;
    },
    async enqueue(name, payload, options) {
      await boss.send(name, payload as object, sendOptions(options));
      await announce(params.executor, name);
      wake(name);
    },
    async enqueueWith(executor, name, payload, options) {
      await boss.send(name, payload as object, {
        ...sendOptions(options),
        db: { executeSql: (text: string, values: unknown[]) => executor.executeSql(text, values) },
      });
      await announce(executor, name);
      // The job becomes visible when the caller's transaction commits. On PGlite a woken worker's fetch waits in
      // line behind that transaction, so waking now finds the job. A server's pool runs the fetch at once, likely
      // before the commit: a second wake a moment later catches it.
      wake(name);
      setTimeout(() => wake(name), WAKE_AFTER_COMMIT_MS).unref();
    },
    async work(handlers) {
      const missing = JOB_NAMES.filter((name) => typeof handlers[name] !== 'function');
      if (missing.length > 0) throw new Error(`no handler for jobs: ${missing.join(', ')}`);
      const unknown = Object.keys(handlers).filter((name) => !(JOB_NAMES as readonly string[]).includes(name));
      if (unknown.length > 0) throw new Error(`handlers for unknown jobs: ${unknown.join(', ')}`);
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as (
          payload: unknown,
          context: { jobId: string; attempt: number; signal: AbortSignal },
        ) => Promise<void>;
        const ids: string[] = [];
        localWorkers.set(name, ids);
        for (let i = 0; i < settings.concurrency; i++) {
          // the handler can run before boss.work has returned the id it needs to notify
          const worker = { id: '' };
          worker.id = await boss.work(
            name,
            { pollingIntervalSeconds: settings.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
            async (jobs) => {
              try {
                for (const job of jobs) {
                  const controller = new AbortController();
                  const run = handler(job.data, {
                    jobId: job.id,
                    attempt: job.retryCount + 1,
                    signal: controller.signal,
                  });
                  // every job is sent with settings.expireInSeconds, after which pg-boss stops waiting for it
                  const entry = {
                    settled: run.catch(() => undefined),
                    givenUpAt: Date.now() + settings.expireInSeconds * 1000,
                  };
                  running.add(entry);
                  try {
                    await run;
                  } finally {
                    running.delete(entry);
                  }
                }
              } finally {
                // pg-boss sleeps out the polling interval after every job, even with more waiting: one job per
                // worker per 0.5 s at most. A worker that just finished looks for the next one at once instead.
                if (worker.id) boss.notifyWorker(worker.id);
              }
            },
          );
          ids.push(worker.id);
          workers.push(worker.id);
        }
      }
      if (params.listen && !unlisten) {
        unlisten = await params.listen(JOB_CHANNEL, (payload) => {
          const name = JOB_NAMES.find((n) => n === payload);
          if (name) wake(name);
        });
      }
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { singletonKey: name });
    },
    async stop() {
      if (!started) return;
      started = false;
      await unlisten?.();
      unlisten = null;
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      // graceful: running jobs finish (bounded); what does not finish is retried after it expires
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // A handler that never returns (a worker stopped mid-job) is given up by pg-boss when its job expires, and that
      // failure is written from a timer. Within the same time budget, wait for it: whoever closes the database after
      // stop() must not pull it from under that write.
      await Promise.all(
        [...running].map(async (entry) => {
          let timer: NodeJS.Timeout | undefined;
          const givenUp = new Promise((resolve) => {
            timer = setTimeout(resolve, Math.min(entry.givenUpAt, deadline) - Date.now() + 50);
          });
          await Promise.race([entry.settled, givenUp]);
          clearTimeout(timer);
        }),
      );
      // lets the write just started reach the database's queue
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
