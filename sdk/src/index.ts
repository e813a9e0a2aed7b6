import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import { readServerSentEvents } from './sse.js';

export type { paths } from './generated/schema.js';
export { readServerSentEvents, type ServerSentEvent } from './sse.js';

type BuildingAskPath = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask';
type OwnerAskPath = '/v1/building_owners/{buildingOwnerId}/ask';
type JsonBody<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** An answer with its citations: the JSON response of an ask, and the data of the `finish` event of a streamed one. */
export type Answer = paths[BuildingAskPath]['post']['responses'][200]['content']['application/json'];

/** An application/problem+json error body (RFC 9457) with the API's stable `code` (e.g. `document.not_found`). */
export type Problem = paths[BuildingAskPath]['post']['responses'][404]['content']['application/json'];

/** The parameters of a building ask; `stream` is set by {@link AskApi.stream}. */
export type BuildingAskInput = Omit<NonNullable<JsonBody<paths[BuildingAskPath]['post']>>, 'stream'>;
/** The parameters of an ask across an owner's buildings (all it can read, or `building_ids`). */
export type OwnerAskInput = Omit<NonNullable<JsonBody<paths[OwnerAskPath]['post']>>, 'stream'>;

/**
 * The events of a streamed answer, in the order the service sends them: `start` (the thread), `action`s (searching),
 * `thinking`, `text` pieces that add up to the answer, then `finish` with exactly the JSON answer, or `error`.
 */
export type AskEvent =
  | { type: 'start'; data: { thread_id: string } }
  | { type: 'action'; data: { state: 'started' | 'completed' | 'failed'; value: string; result: string | null } }
  | { type: 'thinking'; data: { text: string } }
  | { type: 'text'; data: { text: string } }
  | { type: 'finish'; data: Answer }
  | { type: 'error'; data: { message: string } };

const ASK_EVENT_TYPES = new Set<string>(['start', 'action', 'thinking', 'text', 'finish', 'error']);

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
}

function problemOf(body: unknown): Problem | null {
  if (typeof body !== 'object' || body === null) return null;
  const candidate = body as Partial<Problem>;
  return typeof candidate.code === 'string' && typeof candidate.status === 'number' ? (body as Problem) : null;
}

export type AskStreamRequest = {
  buildingOwnerId: string;
  /** stops the stream and closes the connection, which stops the service's work on the answer */
  signal?: AbortSignal;
} & (
  | { /** one building */ buildingId: string; input: BuildingAskInput }
  | { /** across the owner's buildings */ buildingId?: undefined; input: OwnerAskInput }
);

export interface AskApi {
  /**
   * Asks with `stream=true` and yields the events as they arrive. A refused ask (no access, bad parameters) throws a
   * {@link ByggdokApiError} before the first event; a failure after the start arrives as an `error` event. The
   * iteration ends after `finish` or `error`; a stream that ends before either throws.
   */
  stream(request: AskStreamRequest): AsyncGenerator<AskEvent, void, undefined>;
}

export type ByggdokClient = Client<paths> & { ask: AskApi };

export interface ByggdokClientOptions {
  /** where the service answers, e.g. `https://byggdok.example.com` (paths in the client carry /v1 and /admin) */
  baseUrl: string;
  /** a partner API key (fk_live_... / fk_test_...), sent as `x-api-key` to partner routes */
  apiKey?: string;
  /** a session token (ft_...) or an API key, sent as `Authorization: Bearer` to partner routes */
  bearer?: string;
  /** the operator token, sent as `Authorization: Bearer` to /admin routes only */
  adminToken?: string;
  /** another fetch (a test server, a proxy agent); default: the global fetch */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * Each credential goes only where it belongs: the operator token to /admin routes, the partner credential elsewhere,
 * so one client can hold both without the service reading the wrong one. A header the caller set wins.
 */
function credentials(options: ByggdokClientOptions): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const set = (name: string, value: string | undefined): void => {
        if (value !== undefined && !request.headers.has(name)) request.headers.set(name, value);
      };
      if (schemaPath.startsWith('/admin/')) {
        set('authorization', options.adminToken !== undefined ? `Bearer ${options.adminToken}` : undefined);
      } else {
        set('x-api-key', options.apiKey);
        set('authorization', options.bearer !== undefined ? `Bearer ${options.bearer}` : undefined);
      }
      return request;
    },
  };
}

/** A typed client of the byggdok API: every path, parameter and body as the service's OpenAPI document has it. */
export function createByggdokClient(options: ByggdokClientOptions): ByggdokClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(credentials(options));

  async function* stream(request: AskStreamRequest): AsyncGenerator<AskEvent, void, undefined> {
    const { signal } = request;
    const init = {
      parseAs: 'stream' as const,
      headers: { accept: 'text/event-stream' },
      ...(signal ? { signal } : {}),
    };
    const { data, error, response } =
      request.buildingId !== undefined
        ? await client.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask', {
            ...init,
            params: { path: { buildingOwnerId: request.buildingOwnerId, buildingId: request.buildingId } },
            body: { ...request.input, stream: true },
          })
        : await client.POST('/v1/building_owners/{buildingOwnerId}/ask', {
            ...init,
            params: { path: { buildingOwnerId: request.buildingOwnerId } },
            body: { ...request.input, stream: true },
          });
    if (error !== undefined || !response.ok)
      throw new ByggdokApiError({ status: response.status, problem: problemOf(error) });
    if (!data || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      await data?.cancel();
      throw new Error(`ask: expected an event stream, got ${response.headers.get('content-type') ?? 'no body'}`);
    }
    for await (const message of readServerSentEvents(data, signal)) {
      // events a newer service adds are skipped, so this client keeps working
      if (!ASK_EVENT_TYPES.has(message.event)) continue;
      const event = { type: message.event, data: JSON.parse(message.data) as unknown } as AskEvent;
      yield event;
      if (event.type === 'finish' || event.type === 'error') return;
    }
    throw new Error('ask: the event stream ended before its finish event');
  }

  return Object.assign(client, { ask: { stream } });
}
