/**
 * Every background job of every area: its name and its payload (ids only, never data that can go stale), and its key
 * below. Handlers are idempotent: a job may run again after a crash or a retry and must leave the same result. Each
 * area's module (src/app/modules) contributes the handlers of its jobs; assembleJobHandlers checks that every job has
 * exactly one.
 */
export interface JobPayloads {
  /** pipeline: identify the file, extract text per page, unpack packages, build the preview */
  'document.process': { documentId: string };
  /** pipeline: the classification stage */
  'document.classify': { documentId: string };
  /** pipeline: the maintenance tasks a classified document states (maintenance plan) */
  'maintenance.extract': { documentId: string };
  /** uploads: look for uploads that arrived in object storage without anyone telling us */
  'uploads.poll': Record<string, never>;
  /** uploads: archive registrations whose upload URL expired unused */
  'uploads.sweep': Record<string, never>;
  /** reports: generate one deficiency report (a pending row in reports) */
  'report.generate': { reportId: string };
  /** mail: hand one stored message to the transport (SMTP or the outbox folder) */
  'mail.send': { messageId: string };
  /** mail: queue again the messages whose job went missing */
  'mail.sweep': Record<string, never>;
  /** the daily reminder of what subcontractors still owe */
  'deliveries.remind': Record<string, never>;
  /** builds one zip archive of a building's files */
  'zip.build': { zipId: string };
  /** brings a folder of a connected storage provider into a building */
  'storage_provider.import': { importId: string };
  /** webhooks: one attempt to send one event to one endpoint (a retry is a new job, at its time) */
  'webhook.deliver': { deliveryId: string };
  /** webhooks: tell the endpoint's owner it was disabled after its deliveries failed for 5 days (one disabling) */
  'webhook.disabled': { webhookId: string; disabledAt: string };
  /** search: build the big owners' segments again where many of their documents were written since (segments.ts) */
  'search.segments': Record<string, never>;
  /** search: rebuild the vocabulary of buildings whose documents may have taken words out of it (vocabulary.ts) */
  'search.vocabulary': Record<string, never>;
  /** sign-in: the embedded provider's expired records, and assistants' clients no one allowed within a day */
  'signin.sweep': Record<string, never>;
}

export type JobName = keyof JobPayloads;

/**
 * The subject of each job. The queue keeps at most one queued and one running job per job name and key: a document
 * is never processed twice at the same time, and every report gets its own job (a job without a key would share one
 * slot with every other job of its name, and be dropped while another waits).
 */
const JOB_KEYS: { [N in JobName]: (payload: JobPayloads[N]) => string } = {
  'document.process': (payload) => payload.documentId,
  'document.classify': (payload) => payload.documentId,
  'maintenance.extract': (payload) => payload.documentId,
  'uploads.poll': () => 'uploads.poll',
  'uploads.sweep': () => 'uploads.sweep',
  'report.generate': (payload) => payload.reportId,
  'mail.send': (payload) => payload.messageId,
  'mail.sweep': () => 'mail.sweep',
  'deliveries.remind': () => 'deliveries.remind',
  'zip.build': ({ zipId }) => zipId,
  'storage_provider.import': ({ importId }) => importId,
  'webhook.deliver': ({ deliveryId }) => deliveryId,
  'webhook.disabled': ({ webhookId, disabledAt }) => `${webhookId}@${disabledAt}`,
  'search.segments': () => 'search.segments',
  'search.vocabulary': () => 'search.vocabulary',
  'signin.sweep': () => 'signin.sweep',
};

/** every job name, from the table above (which the compiler holds to JobPayloads) */
export const JOB_NAMES = Object.keys(JOB_KEYS) as readonly JobName[];

export function jobKeyOf<N extends JobName>(name: N, payload: JobPayloads[N]): string {
  return (JOB_KEYS[name] as (payload: JobPayloads[N]) => string)(payload);
}

export interface JobOptions {
  /** replaces the job's key (JOB_KEYS) */
  singletonKey?: string;
  /** run no earlier than this many seconds from now */
  startAfterSeconds?: number;
  /**
   * Jobs of one name with different keys take turns (a document's building): a job is placed behind as many jobs as
   * its key already has waiting, so a building with 5,000 queued documents does not hold up another's one upload.
   */
  fairnessKey?: string;
}

/** One job to enqueue among many (see JobQueue.enqueueMany): a name with its own payload. */
export type JobRequest = { [N in JobName]: { name: N; payload: JobPayloads[N]; options?: JobOptions } }[JobName];

export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: JobOptions): Promise<void>;
  /** many jobs in one round trip to the database (reprocessing a building, say); singleton keys apply as above */
  enqueueMany(jobs: readonly JobRequest[]): Promise<void>;
}

/**
 * How a job ended when its handler returned. `failed` is a final failure the handler has recorded where the user sees
 * it (a document's processing error, a report's failed state): it is not retried. A handler that throws is retried
 * with back-off until its retries are spent.
 */
export type JobOutcome =
  { status: 'done' } | { status: 'skipped'; reason: string } | { status: 'failed'; reason: string };

export const jobDone = (): JobOutcome => ({ status: 'done' });
export const jobSkipped = (reason: string): JobOutcome => ({ status: 'skipped', reason });
export const jobFailed = (reason: string): JobOutcome => ({ status: 'failed', reason });

export interface JobContext {
  jobId: string;
  /** 1 on the first run */
  attempt: number;
  /** no retry follows this run: a failure is to be recorded, not thrown */
  lastAttempt: boolean;
  /**
   * Aborted when the job expires (it has run longer than the queue gives a job) or the worker stops. Long work checks
   * it (per page, per entry) and passes it to child processes, which are killed with it. Its reason is a JobAborted.
   */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<JobOutcome>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** What one area's module contributes: handlers for some jobs, and jobs to run on a schedule. */
export interface JobContribution {
  handlers: Partial<JobHandlers>;
  schedules?: readonly { name: JobName; cron: string }[];
}
