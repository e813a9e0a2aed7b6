import { AppError } from '../shared/errors.js';

/**
 * Handover dry runs and report PDFs one credential may have under way at once (a dry run evaluates every building of
 * the project, a PDF is drawn anew): counted across every API process like asks and zip downloads (busy-limit.ts).
 */
export const HANDOVER_WORK_AT_ONCE = 2;

/** the credential has as many dry runs and report PDFs under way as it may at once */
export function handoverBusy(retryAfterSeconds: number): AppError {
  return new AppError({
    code: 'handover.busy',
    kind: 'too_many_requests',
    message: `This credential has as many handover dry runs and report PDFs under way as it may at once; try again in ${retryAfterSeconds} seconds`,
    retryAfterSeconds,
  });
}
