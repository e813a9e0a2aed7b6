/**
 * Domain errors carry a stable dotted code (`document.not_found`) and a kind; the HTTP layer maps kinds to status
 * codes and renders problem+json. Domain code never knows about HTTP.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  /** the change was asked of a version of the thing that is no longer the current one (If-Match) */
  | 'precondition_failed'
  | 'too_large'
  | 'unsupported_media_type'
  /** too many tries: wait (the error says how long, in retryAfterSeconds) */
  | 'too_many_requests'
  /** a service we call (a language model) failed or refused */
  | 'bad_gateway'
  /** a service we call did not answer in time */
  | 'gateway_timeout';

export interface FieldProblem {
  /** JSON pointer into the request part, e.g. `/filename` */
  path: string;
  message: string;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: string;
  readonly kind: ErrorKind;
  readonly fieldErrors: FieldProblem[] | undefined;
  /** too_many_requests: how long until a try is taken again (the Retry-After header) */
  readonly retryAfterSeconds: number | undefined;

  constructor(params: {
    code: string;
    kind: ErrorKind;
    message: string;
    fieldErrors?: FieldProblem[];
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(params.message, { cause: params.cause });
    this.code = params.code;
    this.kind = params.kind;
    this.fieldErrors = params.fieldErrors;
    this.retryAfterSeconds = params.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** One factory per feature keeps codes in one place: `notFound('document')` -> `document.not_found`. */
export function notFound(resource: string, message = `${capitalise(resource.replace(/_/g, ' '))} not found`): AppError {
  return new AppError({ code: `${resource}.not_found`, kind: 'not_found', message });
}

export function forbidden(code: string, message: string): AppError {
  return new AppError({ code, kind: 'forbidden', message });
}

export function unauthorized(code: string, message: string): AppError {
  return new AppError({ code, kind: 'unauthorized', message });
}

export function invalid(code: string, message: string, fieldErrors?: FieldProblem[]): AppError {
  return new AppError({ code, kind: 'invalid', message, ...(fieldErrors ? { fieldErrors } : {}) });
}

export function invalidField(path: string, message: string): AppError {
  return invalid('request.invalid', `${path.replace(/^\//, '')} ${message}`, [{ path, message }]);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
