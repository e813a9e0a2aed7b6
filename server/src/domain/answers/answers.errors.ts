import { AppError, invalidField } from '../shared/errors.js';
import { ChatModelError } from './ports.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { threadNotFound } from '../access/access.errors.js';

/** Ask failures; codes are part of the API. */

export function questionRequired(): AppError {
  return invalidField('/query', 'is required');
}

export function blankQuestion(): AppError {
  return invalidField('/query', 'must not be blank');
}

export function agenticRagCannotBeOff(): AppError {
  return invalidField('/use_agentic_rag', 'can no longer be false (retrieval is always agentic); omit it');
}

/** `index`: the document's place in `attached_document_ids`, named as the field that failed (the status stays 404) */
export function attachedDocumentNotFound(documentId: string, index: number): AppError {
  return new AppError({
    code: 'document.not_found',
    kind: 'not_found',
    message: `Attached document ${documentId} not found`,
    fieldErrors: [{ path: `/attached_document_ids/${index}`, message: 'is not a document this caller can read here' }],
  });
}

/** the language model did not answer in time (LLM_TIMEOUT_MS) */
function modelTimeout(error: ChatModelError): AppError {
  return new AppError({ code: 'ask.model_timeout', kind: 'gateway_timeout', message: error.message, cause: error });
}

/** the language model refused or failed (its message is safe to show: it never holds the API key) */
function modelUnavailable(error: ChatModelError): AppError {
  return new AppError({ code: 'ask.model_unavailable', kind: 'bad_gateway', message: error.message, cause: error });
}

/** A failed model call as the error the caller sees; anything else unchanged. */
export function modelFailure(error: unknown): unknown {
  if (!(error instanceof ChatModelError)) return error;
  return error.kind === 'timeout' ? modelTimeout(error) : modelUnavailable(error);
}
