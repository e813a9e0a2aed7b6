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

/** why a request got no answer */
export type NetworkFailure = 'connection_refused' | 'timeout' | 'not_found' | 'reset' | 'network';

/**
 * The service could not be reached, or did not answer in time: no HTTP status to report. The message is one line
 * (`cannot reach http://localhost:3000: connection refused`); `cause` is the underlying error, as fetch raised it.
 */
export class ByggdokNetworkError extends Error {
  readonly url: string;
  readonly reason: NetworkFailure;

  constructor(params: { url: string; reason: NetworkFailure; cause?: unknown }) {
    const origin = originOf(params.url);
    super(`cannot reach ${origin}: ${REASON_TEXT[params.reason]}`, { cause: params.cause });
    this.name = 'ByggdokNetworkError';
    this.url = params.url;
    this.reason = params.reason;
  }
}

const REASON_TEXT: Record<NetworkFailure, string> = {
  connection_refused: 'connection refused',
  timeout: 'no answer in time',
  not_found: 'no such host',
  reset: 'the connection was closed',
  network: 'network error',
};

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** the system error code under a fetch failure (`ECONNREFUSED`), however deep undici put it */
function systemCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) current = errors[0];
    else current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** how long a request may wait for the service's response headers by default (a streamed body may take longer) */
export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * fetch, with connection failures and timeouts as ByggdokNetworkError. `timeoutMs` bounds the wait for the response
 * headers (0: no bound); a caller's own abort stays an abort.
 */
export function networkGuardedFetch(
  fetchOnce: (request: Request) => Promise<Response>,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort(new Error(`no response within ${timeoutMs} ms`));
          }, timeoutMs)
        : undefined;
    const onAbort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) onAbort();
    else request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      // a body already read into the request is sent as a stream again: fetch wants `duplex` for that
      const init = { signal: controller.signal, duplex: 'half' } as RequestInit;
      return await fetchOnce(timeoutMs > 0 ? new Request(request, init) : request);
    } catch (error) {
      if (timedOut) throw new ByggdokNetworkError({ url: request.url, reason: 'timeout', cause: error });
      if (request.signal.aborted) throw error;
      if (!(error instanceof TypeError)) throw error;
      const code = systemCode(error);
      const reason: NetworkFailure =
        code === 'ECONNREFUSED'
          ? 'connection_refused'
          : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
            ? 'not_found'
            : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
              ? 'reset'
              : code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT'
                ? 'timeout'
                : 'network';
      throw new ByggdokNetworkError({ url: request.url, reason, cause: error });
    } finally {
      if (timer) clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
    }
  };
}
