import client from 'prom-client';

/** What a scrape reads from the queue's tables: one row per job name. */
export interface QueueStat {
  queue: string;
  waiting: number;
  active: number;
  /** seconds since the oldest waiting job was created (0 when none waits) */
  oldestWaitingSeconds: number;
}

export interface PoolStat {
  total: number;
  idle: number;
  waiting: number;
}

/** What the gauges read at scrape time, from this process's database and queue. */
export interface MetricSources {
  queueStats(): Promise<QueueStat[]>;
  poolStats(): PoolStat;
  /** webhook deliveries by status, and the age of the oldest pending one (read from their table now) */
  webhookStats?(): Promise<{ byStatus: Record<string, number>; oldestPendingSeconds: number }>;
}

/**
 * One registry per process: Prometheus scrapes a process, and counters such as sandbox kills are incremented from
 * wherever the kill happens without being handed an object through every layer.
 */
const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'byggdok_process_' });

const httpDuration = new client.Histogram({
  name: 'byggdok_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status class',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const jobDuration = new client.Histogram({
  name: 'byggdok_job_duration_seconds',
  help: 'How long a job ran, by job name and outcome',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});

const jobOutcomes = new client.Counter({
  name: 'byggdok_jobs_total',
  help: 'Jobs finished, by job name and outcome (done, skipped, failed, error)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const sandboxKills = new client.Counter({
  name: 'byggdok_extraction_sandbox_kills_total',
  help: 'Extraction sandboxes killed, by reason (time, memory ...)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

const queueWaiting = new client.Gauge({
  name: 'byggdok_queue_waiting_jobs',
  help: 'Jobs waiting to run, per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const queueActive = new client.Gauge({
  name: 'byggdok_queue_active_jobs',
  help: 'Jobs running, per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const queueOldest = new client.Gauge({
  name: 'byggdok_queue_oldest_waiting_seconds',
  help: 'Age of the oldest waiting job, per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const poolConnections = new client.Gauge({
  name: 'byggdok_db_pool_connections',
  help: 'Database pool: connections in total, idle, and borrowers waiting (PGlite: one connection)',
  labelNames: ['state'] as const,
  registers: [registry],
});

const webhookDeliveries = new client.Gauge({
  name: 'byggdok_webhook_deliveries',
  help: 'Webhook deliveries by outcome: pending (queued or waiting for a retry), succeeded, failed',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const webhookOldestPending = new client.Gauge({
  name: 'byggdok_webhook_oldest_pending_seconds',
  help: 'Age of the oldest webhook delivery not yet succeeded or failed (0 when none)',
  registers: [registry],
});
const webhookAttempts = new client.Counter({
  name: 'byggdok_webhook_attempts_total',
  help: 'Webhook delivery attempts made by this process, by outcome (succeeded, retrying, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** one webhook delivery attempt ended: succeeded, failed with a retry to follow (retrying), or failed for good */
export function recordWebhookAttempt(outcome: string): void {
  webhookAttempts.inc({ outcome });
}

export const METRICS_CONTENT_TYPE = registry.contentType;

export function recordHttpRequest(labels: { route: string; method: string; status: number }, seconds: number): void {
  httpDuration.observe(
    { route: labels.route, method: labels.method, status_class: `${Math.floor(labels.status / 100)}xx` },
    seconds,
  );
}

export function recordJobOutcome(job: string, outcome: string, durationMs: number): void {
  jobOutcomes.inc({ job, outcome });
  jobDuration.observe({ job, outcome }, durationMs / 1000);
}

/** Called where an extraction sandbox is killed; the reason is a short fixed word (`time`, `memory`), not a message. */
export function recordSandboxKill(reason: string): void {
  sandboxKills.inc({ reason });
}

/** The Prometheus text of this process, with the queue and pool gauges read now. */
export async function renderMetrics(sources: MetricSources): Promise<string> {
  const stats = await sources.queueStats();
  queueWaiting.reset();
  queueActive.reset();
  queueOldest.reset();
  for (const stat of stats) {
    queueWaiting.set({ queue: stat.queue }, stat.waiting);
    queueActive.set({ queue: stat.queue }, stat.active);
    queueOldest.set({ queue: stat.queue }, stat.oldestWaitingSeconds);
  }
  if (sources.webhookStats) {
    const webhooks = await sources.webhookStats();
    for (const [outcome, count] of Object.entries(webhooks.byStatus)) webhookDeliveries.set({ outcome }, count);
    webhookOldestPending.set(webhooks.oldestPendingSeconds);
  }
  const pool = sources.poolStats();
  poolConnections.set({ state: 'total' }, pool.total);
  poolConnections.set({ state: 'idle' }, pool.idle);
  poolConnections.set({ state: 'waiting' }, pool.waiting);
  return registry.metrics();
}
