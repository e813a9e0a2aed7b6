import PgBoss from 'pg-boss';
import { assembleJobHandlers } from '../../domain/jobs/job-handlers.js';
import { jobAbortReason, jobExpired, jobStopped } from '../../domain/jobs/jobs.errors.js';
import {
  JOB_NAMES,
  jobKeyOf,
  type JobContext,
  type JobHandlers,
  type JobName,
  type JobOptions,
  type JobOutcome,
  type JobPayloads,
  type JobQueue,
  type JobRequest,
} from '../../domain/jobs/jobs.js';
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

/**
 * when to wake the workers again after a job was enqueued inside a caller's transaction, which commits at a time the
 * queue cannot see (see enqueueWith): soon, and again later for a busy machine, where one wake at 25 ms came before
 * the commit and the job waited out a whole poll interval
 */
const WAKES_AFTER_COMMIT_MS = [25, 250, 1000] as const;
/** how long stop() gives running jobs to finish */
const STOP_TIMEOUT_MS = 10_000;

const defaultQueueSettings: QueueSettings = {
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
  /** many jobs on a caller's connection, inside its transaction, in one round trip per thousand */
  enqueueManyWith(executor: SqlExecutor, jobs: readonly JobRequest[]): Promise<void>;
  start(): Promise<void>;
  /** runs the handlers; every job name must have exactly one */
  work(handlers: JobHandlers): Promise<void>;
  schedule(name: JobName, cron: string): Promise<void>;
  /** jobs waiting and running per job name, and how long the oldest has waited: read from pg-boss's table now */
  stats(): Promise<{ queue: JobName; waiting: number; active: number; oldestWaitingSeconds: number }[]>;
  /** stops taking jobs, aborts the signal of the running ones and gives them a moment to finish */
  stop(): Promise<void>;
  boss: PgBoss;
}

/** Where job logs go: start (debug), outcome and duration (info), failures (warn, or error when no retry follows). */
export interface JobLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const silentLogger: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** rows per INSERT of enqueueMany: one JSON parameter each, kept well below what a statement carries comfortably */
const ENQUEUE_BATCH = 1000;

/**
 * pg-boss's create_queue attaches a partition to its job table and adds foreign keys to its queue table. Processes
 * started together on a fresh database (a process manager starting APIs and workers at once) each did that for the
 * same queues, and all but one died with "deadlock detected"; creating different queues at once deadlocks too (pg-boss's
 * own start creates its cron queue). So every queue creation, ours and pg-boss's, runs in one statement that first takes
 * this transaction lock (a materialized CTE is evaluated before the rest).
 */
const QUEUE_CREATION_LOCK = `with locked as materialized (
  select pg_advisory_xact_lock(hashtext('byggdok.pgboss.create_queue')))`;
/** the statement pg-boss's createQueue sends (plans.createQueue), and the same under the lock */
export const BOSS_CREATE_QUEUE = 'SELECT pgboss.create_queue($1, $2)';
const LOCKED_CREATE_QUEUE = `${QUEUE_CREATION_LOCK} select pgboss.create_queue($1, $2) from locked`;

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
  logger?: JobLogger;
  /** told of every finished run in this process (metrics): outcome done, skipped, failed or error */
  onJobFinished?: (name: JobName, outcome: string, durationMs: number) => void;
}): PgBossQueue {
  const settings = { ...defaultQueueSettings, ...params.settings };
  /** pg-boss's own statements running now (fetches, completions, failures): stop() waits for them */
  let bossQueries = 0;
  const logger = params.logger ?? silentLogger;
  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values: unknown[]) {
        bossQueries += 1;
        try {
          return await params.executor.executeSql(text === BOSS_CREATE_QUEUE ? LOCKED_CREATE_QUEUE : text, values);
        } finally {
          bossQueries -= 1;
        }
      },
    },
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
  /** handlers running in this process: their signal, and when pg-boss gives up waiting for each (see stop) */
  const running = new Set<{ settled: Promise<unknown>; givenUpAt: number; controller: AbortController }>();

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

  /** wakes now and a few times after, to catch a transaction's commit whenever it comes */
  function wakeAroundCommit(name: JobName): void {
    wake(name);
    for (const delay of WAKES_AFTER_COMMIT_MS) setTimeout(() => wake(name), delay).unref();
  }

  async function announce(executor: SqlExecutor, name: JobName): Promise<void> {
    if (params.listen) await executor.executeSql('select pg_notify($1, $2)', [JOB_CHANNEL, name]);
  }

  function sendOptions<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: JobOptions | undefined,
    priority: number,
  ): PgBoss.SendOptions {
    return {
      priority,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
      singletonKey: options?.singletonKey ?? jobKeyOf(name, payload),
      ...(options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    };
  }

  /**
   * Fair turns across buildings. pg-boss hands out the waiting job of the highest priority first, the oldest among
   * equals. A job with a fairness key (its document's building) gets priority minus the number of jobs of its name
   * and key already waiting, counting those enqueued with it: the 5,000 entries of one building's zip get 0, -1, ...
   * -4999, and one upload to another building enqueued after them gets 0 and is taken next. Round robin, in effect,
   * kept in the job rows themselves: every worker process fetches by the same order, nothing is held in memory. Two
   * enqueues at the same moment may count the same waiting jobs (a tie, not a starvation). The key travels in the
   * job's data (an id, like the payload) so later enqueues can count it.
   */
  async function fairPriorities(executor: SqlExecutor, jobs: readonly JobRequest[]): Promise<number[]> {
    const keyed = jobs.filter((job) => job.options?.fairnessKey);
    if (keyed.length === 0) return jobs.map(() => 0);
    const { rows } = await executor.executeSql(
      `select name, data->>'fairnessKey' as key, count(*)::int as waiting
         from pgboss.job
        where state < 'active'
          and name in (select jsonb_array_elements_text($1::jsonb))
          and data->>'fairnessKey' in (select jsonb_array_elements_text($2::jsonb))
        group by 1, 2`,
      [
        JSON.stringify([...new Set(keyed.map((job) => job.name))]),
        JSON.stringify([...new Set(keyed.map((job) => job.options?.fairnessKey))]),
      ],
    );
    const waiting = new Map(rows.map((row) => [`${String(row.name)}\n${String(row.key)}`, Number(row.waiting)]));
    return jobs.map((job) => {
      const key = job.options?.fairnessKey;
      if (!key) return 0;
      const slot = `${job.name}\n${key}`;
      const ahead = waiting.get(slot) ?? 0;
      waiting.set(slot, ahead + 1);
      return -ahead;
    });
  }

  /** the payload, with the fairness key beside it when there is one */
  function jobData(payload: object, options: JobOptions | undefined): object {
    return options?.fairnessKey ? { ...payload, fairnessKey: options.fairnessKey } : payload;
  }

  /** the same options as sendOptions, in the shape of pg-boss's multi-row insert */
  function insertRow(job: JobRequest, priority: number): PgBoss.JobInsert {
    return {
      name: job.name,
      data: jobData(job.payload, job.options),
      priority,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
      singletonKey: job.options?.singletonKey ?? jobKeyOf(job.name, job.payload),
      ...(job.options?.startAfterSeconds ? { startAfter: `${job.options.startAfterSeconds} seconds` } : {}),
    };
  }

  async function insertMany(executor: SqlExecutor | null, jobs: readonly JobRequest[]): Promise<JobName[]> {
    for (let i = 0; i < jobs.length; i += ENQUEUE_BATCH) {
      const batch = jobs.slice(i, i + ENQUEUE_BATCH);
      const priorities = await fairPriorities(executor ?? params.executor, batch);
      const rows = batch.map((job, index) => insertRow(job, priorities[index] ?? 0));
      // stately queues keep one queued job per singleton key: a duplicate row is left out (ON CONFLICT DO NOTHING)
      await boss.insert(
        rows,
        executor ? { db: { executeSql: (text: string, values: unknown[]) => executor.executeSql(text, values) } } : {},
      );
    }
    return [...new Set(jobs.map((job) => job.name))];
  }

  /** Runs one job: its signal aborted at expiry or stop, its start and outcome logged, its outcome returned. */
  async function runJob(
    name: JobName,
    handler: (payload: unknown, context: JobContext) => Promise<JobOutcome>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<JobOutcome> {
    // pg-boss hands the interval over as text ("2.000000") on some drivers
    const expireSeconds = Number(job.expireInSeconds) || settings.expireInSeconds;
    const controller = new AbortController();
    const context: JobContext = {
      jobId: job.id,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
      signal: controller.signal,
    };
    // pg-boss stops waiting for the handler at expiry and retries the job elsewhere: this run must stop too
    const expiry = setTimeout(() => controller.abort(jobExpired(expireSeconds)), expireSeconds * 1000);
    expiry.unref();
    // payloads are ids only (documentId, reportId): they go into the log line as they are
    const fields = { job: name, jobId: job.id, attempt: context.attempt, ...(job.data as object) };
    const startedAt = Date.now();
    logger.debug(fields, 'job started');
    // fetched by a fetch that was in flight when stop() began: stopped at once, like the jobs running then
    if (!started) controller.abort(jobStopped());
    const run = handler(job.data, context);
    const entry = { settled: run.catch(() => undefined), givenUpAt: startedAt + expireSeconds * 1000, controller };
    running.add(entry);
    try {
      const outcome = await run;
      const done = { ...fields, durationMs: Date.now() - startedAt, outcome: outcome.status };
      params.onJobFinished?.(name, outcome.status, done.durationMs);
      if (outcome.status === 'done') logger.info(done, 'job done');
      else if (outcome.status === 'skipped') logger.debug({ ...done, reason: outcome.reason }, 'job skipped');
      else logger.warn({ ...done, reason: outcome.reason }, 'job failed');
      return outcome;
    } catch (error) {
      const aborted = jobAbortReason(error, controller.signal);
      const reason = aborted?.message ?? (error instanceof Error ? error.message : String(error));
      const failed = { ...fields, durationMs: Date.now() - startedAt, outcome: 'error', reason, err: error };
      params.onJobFinished?.(name, 'error', failed.durationMs);
      if (context.lastAttempt) logger.error(failed, 'job failed on its last attempt');
      else logger.warn(failed, 'job failed, will be retried');
      throw error;
    } finally {
      clearTimeout(expiry);
      running.delete(entry);
    }
  }

  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      // asked once which exist: a start on a database that has them all writes nothing
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      const missing = JOB_NAMES.filter((name) => !existing.has(name));
      if (missing.length > 0) {
        // one statement under the queue-creation lock (QUEUE_CREATION_LOCK); whoever comes after finds them made
        // (ON CONFLICT inside). 'stately': at most one queued and one active job per singleton key.
        await params.executor.executeSql(
          `${QUEUE_CREATION_LOCK} select pgboss.create_queue(name, '{"policy":"stately"}'::json)
             from locked, unnest($1::text[]) as name`,
          [missing],
        );
      }
      started = true;
    },
    async enqueue(name, payload, options) {
      const [priority = 0] = await fairPriorities(params.executor, [{ name, payload, options } as JobRequest]);
      await boss.send(name, jobData(payload, options), sendOptions(name, payload, options, priority));
      await announce(params.executor, name);
      wake(name);
    },
    async enqueueWith(executor, name, payload, options) {
      const [priority = 0] = await fairPriorities(executor, [{ name, payload, options } as JobRequest]);
      await boss.send(name, jobData(payload, options), {
        ...sendOptions(name, payload, options, priority),
        db: { executeSql: (text: string, values: unknown[]) => executor.executeSql(text, values) },
      });
      await announce(executor, name);
      // The job becomes visible when the caller's transaction commits. On PGlite a woken worker's fetch waits in
      // line behind that transaction, so waking now finds the job. A server's pool runs the fetch at once, likely
      // before the commit: the wakes that follow catch it.
      wakeAroundCommit(name);
    },
    async enqueueMany(jobs) {
      for (const name of await insertMany(null, jobs)) {
        await announce(params.executor, name);
        wake(name);
      }
    },
    async enqueueManyWith(executor, jobs) {
      for (const name of await insertMany(executor, jobs)) {
        await announce(executor, name);
        wakeAroundCommit(name);
      }
    },
    async work(handlers) {
      assembleJobHandlers([{ handlers }]);
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as (payload: unknown, context: JobContext) => Promise<JobOutcome>;
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
                // batchSize 1: one job, whose outcome pg-boss stores as the job's output
                let outcome: JobOutcome | undefined;
                for (const job of jobs) outcome = await runJob(name, handler, job);
                return outcome;
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
    async stats() {
      // only the rows not yet finished: pg-boss's index on (name, state) keeps this cheap beside a long history
      const { rows } = await params.executor.executeSql(
        `select name,
                count(*) filter (where state in ('created', 'retry'))::int as waiting,
                count(*) filter (where state = 'active')::int as active,
                coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0)::float8 as oldest
           from pgboss.job where state < 'completed' group by name`,
      );
      const byName = new Map(rows.map((row) => [String(row.name), row]));
      return JOB_NAMES.map((name) => {
        const row = byName.get(name);
        return {
          queue: name,
          waiting: Number(row?.waiting ?? 0),
          active: Number(row?.active ?? 0),
          oldestWaitingSeconds: Number(row?.oldest ?? 0),
        };
      });
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
      // graceful: workers take no more jobs (pg-boss does that first, before it waits for the running ones)...
      const stopped = boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      await new Promise((resolve) => setImmediate(resolve));
      // ...and the running ones are told to stop: an extraction or OCR run stops at its next page and its child
      // processes are killed, the job fails and is retried by the next worker, or its failure is recorded when this
      // was its last attempt. A handler that ignores its signal finishes within the timeout or is retried on expiry.
      for (const entry of running) entry.controller.abort(jobStopped());
      await stopped;
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
      // pg-boss's stop does not wait for a fetch in flight: the job it returns still runs (stopped at once, above),
      // and pg-boss writes that outcome without awaiting it. Whoever closes the database next must not pull it from
      // under those statements: wait for them too, within the same time budget.
      while ((bossQueries > 0 || running.size > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
