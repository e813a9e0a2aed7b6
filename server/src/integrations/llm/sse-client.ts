import { ChatModelError } from '../../domain/answers/ports.js';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * POSTs a JSON request that answers with a Server-Sent Events stream, and yields its events. A response that stays
 * silent longer than `timeoutMs` (before the first byte or between two pieces) is abandoned with a clear error; so is
 * every HTTP error, mapped to a message that names the setting to look at and never holds the API key.
 */
export async function* postForEvents(params: {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  signal: AbortSignal;
  provider: string;
  apiKey: string | null;
}): AsyncGenerator<ServerSentEvent> {
  const idle = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), params.timeoutMs);
  };
  const signal = AbortSignal.any([params.signal, idle.signal]);
  const failure = (error: unknown): ChatModelError => {
    if (error instanceof ChatModelError) return error;
    if (idle.signal.aborted) {
      return new ChatModelError(
        'timeout',
        `The ${params.provider} model did not respond within ${params.timeoutMs} ms (LLM_TIMEOUT_MS)`,
      );
    }
    if (params.signal.aborted) return new ChatModelError('aborted', 'The request was cancelled');
    return new ChatModelError(
      'unavailable',
      `Could not reach the ${params.provider} endpoint at ${safeOrigin(params.url)} (LLM_BASE_URL): ${redact(
        errorMessage(error),
        params.apiKey,
      )}`,
    );
  };

  arm();
  let response: Response;
  try {
    response = await fetch(params.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...params.headers },
      body: JSON.stringify(params.body),
      signal,
    });
  } catch (error) {
    clearTimeout(timer);
    throw failure(error);
  }
  try {
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw errorForStatus({ status: response.status, body: text, provider: params.provider, apiKey: params.apiKey });
    }
    if (!response.body) throw new ChatModelError('bad_response', `The ${params.provider} response had no body`);
    arm();
    for await (const event of readServerSentEvents(response.body, arm)) yield event;
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(timer);
    // stop reading (and let the server see the disconnect) when the consumer stops early
    if (!signal.aborted) idle.abort();
  }
}

/** Parses an SSE byte stream (any chunking, LF or CRLF line ends) into events; `onChunk` runs on every read. */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void = () => undefined,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk();
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
    }
    if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function errorForStatus(params: {
  status: number;
  body: string;
  provider: string;
  apiKey: string | null;
}): ChatModelError {
  const { status, provider } = params;
  const detail = redact(providerMessage(params.body), params.apiKey);
  const suffix = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403) {
    // the provider's text may quote part of the key, so none of it is passed on
    return new ChatModelError('auth', `The ${provider} endpoint refused the credentials (LLM_API_KEY), HTTP ${status}`);
  }
  if (status === 404) {
    return new ChatModelError(
      'not_found',
      `The ${provider} endpoint or model was not found (LLM_BASE_URL, LLM_MODEL)${suffix}`,
    );
  }
  if (status === 429)
    return new ChatModelError('rate_limited', `The ${provider} endpoint is rate limiting requests${suffix}`);
  if (status === 408 || status === 504) {
    return new ChatModelError('timeout', `The ${provider} endpoint timed out (HTTP ${status})`);
  }
  if (status >= 400 && status < 500) {
    return new ChatModelError('bad_request', `The ${provider} endpoint rejected the request (HTTP ${status})${suffix}`);
  }
  return new ChatModelError('unavailable', `The ${provider} endpoint failed (HTTP ${status})${suffix}`);
}

/** The message inside an OpenAI- or Anthropic-style error body, shortened. */
function providerMessage(body: string): string {
  let message = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') message = parsed.error;
    else if (parsed.error && typeof parsed.error.message === 'string') message = parsed.error.message;
    else if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return message.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export function redact(text: string, apiKey: string | null): string {
  let out = text;
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join('[redacted]');
  // keys in the usual shapes, even when they are not ours
  return out.replace(/\b(sk-[A-Za-z0-9_-]{6,}|sk-ant-[A-Za-z0-9_-]{6,})/g, '[redacted]');
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured URL';
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

/** Parses a JSON text, or reports a malformed response. */
export function parseJson(text: string, provider: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ChatModelError('bad_response', `The ${provider} endpoint sent malformed JSON in its stream`, {
      cause: error,
    });
  }
}
