/**
 * Every background job: its name and its payload (ids only, never data that can go stale). Handlers are idempotent:
 * a job may run again after a crash or a retry and must leave the same result.
 */
export interface JobPayloads {
  /** identify the file, extract text per page, unpack packages, build the preview */
  'document.process': { documentId: string };
  /** the classification stage */
  'document.classify': { documentId: string };
  /** look for uploads that arrived in object storage without anyone telling us */
  'uploads.poll': Record<string, never>;
  /** generate one deficiency report (a pending row in reports) */
  'report.generate': { reportId: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES = [
  'document.process',
  'document.classify',
  'uploads.poll',
  'report.generate',
] as const satisfies readonly JobName[];

export interface JobOptions {
  /** at most one queued and one running job per key (a document is never processed twice at the same time) */
  singletonKey?: string;
  /** run no earlier than this many seconds from now */
  startAfterSeconds?: number;
}

export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: JobOptions): Promise<void>;
}

export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  context: { jobId: string; attempt: number; signal: AbortSignal },
) => Promise<void>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Which stage follows which: the one place that says how a document moves through the pipeline. */
export const PIPELINE = {
  afterUpload: 'document.process',
  afterProcess: 'document.classify',
} as const satisfies Record<string, JobName>;
