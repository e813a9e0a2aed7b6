/**
 * When the service says "not now", how the client waits and tries again: a 429 (rate limit; nothing was done), or a
 * 503 that names a Retry-After (starting or draining). A 503 without one may come from a proxy after the work was
 * done, so it is returned, not repeated.
 */
export interface RetryOptions {
  /** attempts after the first; 0 turns retrying off (default 3) */
  retries?: number;
  /** the first back-off when the answer names no Retry-After, doubled per attempt, with jitter (default 500 ms) */
  baseDelayMs?: number;
  /** a longer Retry-After than this is not waited for: the refusal is returned as it is (default 60 s) */
  maxDelayMs?: number;
}

/**
 * The wait a Retry-After header asks for (RFC 9110: delay-seconds or an HTTP date), in milliseconds; null when there
 * is none or it cannot be read.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function abortErrorOf(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
}

/** waits `ms`, or rejects with the signal's abort error as soon as it is aborted */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortErrorOf(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortErrorOf(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A fetch that sends a request again when the answer is 429 (or 503 with Retry-After), after the Retry-After the service names (its rate
 * limit sends one) or an exponential back-off with jitter. Each attempt sends a copy of the request, so a body is sent
 * whole every time; an abort signal stops the waiting too.
 */
export function retryingFetch(
  fetchOnce: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  if (retries <= 0) return fetchOnce;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchOnce(attempt < retries ? request.clone() : request);
      const named = retryAfterMs(response.headers.get('retry-after'));
      const again = response.status === 429 || (response.status === 503 && named !== null);
      if (!again || attempt >= retries) return response;
      const delay = named ?? baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
      if (delay > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  };
}
