/**
 * Errors of the job system, with stable codes for logs and tests. None of them reaches an HTTP caller: they are
 * wiring mistakes found at start-up, or the reason a running job's signal was aborted.
 */
export type JobErrorCode = 'job.handlers_invalid' | 'job.expired' | 'job.stopped';

export class JobError extends Error {
  override readonly name = 'JobError';
  constructor(
    readonly code: JobErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Start-up check: every job has exactly one handler, and no handler is for a job that does not exist. */
export function jobHandlersInvalid(problems: { missing: string[]; duplicated: string[]; unknown: string[] }): JobError {
  const parts = [
    problems.missing.length ? `no handler for ${problems.missing.join(', ')}` : '',
    problems.duplicated.length ? `more than one handler for ${problems.duplicated.join(', ')}` : '',
    problems.unknown.length ? `handlers for unknown jobs ${problems.unknown.join(', ')}` : '',
  ].filter(Boolean);
  return new JobError('job.handlers_invalid', `Job handlers: ${parts.join('; ')}`);
}

/** The abort reason of a job that ran longer than the queue gives it (it is retried, or its failure recorded). */
export function jobExpired(seconds: number): JobError {
  return new JobError('job.expired', `stopped after ${seconds} s: the job ran longer than the queue allows`);
}

/** The abort reason of the jobs still running when their worker stops. */
export function jobStopped(): JobError {
  return new JobError('job.stopped', 'stopped: the worker shut down while the job ran');
}

/** Whether an error is (or was caused by) a job's signal being aborted, and then that reason. */
export function jobAbortReason(error: unknown, signal: AbortSignal | undefined): JobError | null {
  if (error instanceof JobError && error.code !== 'job.handlers_invalid') return error;
  if (signal?.aborted && signal.reason instanceof JobError) return signal.reason;
  return null;
}
