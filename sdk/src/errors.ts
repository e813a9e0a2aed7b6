import type { paths } from './generated/schema.js';

/**
 * An application/problem+json error body (RFC 9457) with the API's stable `code` (e.g. `document.not_found`) and, for
 * a 400, `errors`: every invalid field with its JSON pointer (`/name`) and what is wrong with it.
 */
export type Problem =
  paths['/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask']['post']['responses'][404]['content']['application/json'];

/** A request the API refused: the HTTP status and, when the body was one, the problem document. */
export class ByggdokApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;

  constructor(params: { status: number; problem: Problem | null }) {
    super(params.problem ? `${params.problem.code}: ${params.problem.detail}` : `HTTP ${params.status}`);
    this.name = 'ByggdokApiError';
    this.status = params.status;
    this.problem = params.problem;
  }

  /** the problem's stable code (`building.not_found`, `validation.failed` ...), or null when the body had none */
  get code(): string | null {
    return this.problem?.code ?? null;
  }
}

/** the body as a problem document, when it is one */
export function problemOf(body: unknown): Problem | null {
  if (typeof body !== 'object' || body === null) return null;
  const candidate = body as Partial<Problem>;
  return typeof candidate.code === 'string' && typeof candidate.status === 'number' ? (body as Problem) : null;
}

/** true when `error` is the API refusing with this problem code, e.g. `isProblem(error, 'document.not_found')` */
export function isProblem(error: unknown, code?: string): error is ByggdokApiError {
  return error instanceof ByggdokApiError && (code === undefined || error.code === code);
}

/** The data of a call made through openapi-fetch, or the refusal as a {@link ByggdokApiError}. */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok)
    throw new ByggdokApiError({ status: response.status, problem: problemOf(error) });
  return data as T;
}
