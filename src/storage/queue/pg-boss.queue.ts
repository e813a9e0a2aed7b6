import PgBoss from 'pg-boss';
import {
  JOB_NAMES,
  type JobHandlers,
  type JobName,
  type JobOptions,
  type JobPayloads,
  type JobQueue,
} from '../../domain/pipeline/jobs.js';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

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
    },
    async enqueueWith(executor, name, payload, options) {
      await boss.send(name, payload as object, {
        ...sendOptions(options),
        db: { executeSql: (text: string, values: unknown[]) => executor.executeSql(text, values) },
      });
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
        for (let i = 0; i < settings.concurrency; i++) {
          workers.push(
            await boss.work(
              name,
              { pollingIntervalSeconds: settings.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
              async (jobs) => {
                for (const job of jobs) {
                  const controller = new AbortController();
                  await handler(job.data, { jobId: job.id, attempt: job.retryCount + 1, signal: controller.signal });
                }
              },
            ),
          );
        }
      }
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { singletonKey: name });
    },
    async stop() {
      if (!started) return;
      started = false;
      // graceful: running jobs finish (bounded); what does not finish is retried after it expires
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
