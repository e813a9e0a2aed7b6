import { notFound, type AppError } from '../shared/errors.js';

/**
 * Errors the pipeline raises, with stable codes. Extraction failures are not among them: a damaged file is a state
 * of its document (CorruptFileError, recorded with its reason), never an error of a request.
 */

/** `document.not_found` or `building.not_found`: what the operator asked to reprocess does not exist (or is gone) */
export function reprocessTargetNotFound(target: 'document' | 'building'): AppError {
  return notFound(target);
}
