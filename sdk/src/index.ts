import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ByggdokApiError, dataOf, DEFAULT_TIMEOUT_MS, networkGuardedFetch, problemOf } from './errors.js';
import type { paths } from './generated/schema.js';
import { resourcesOf, type BuildingPath, type ProcessingStatus } from './resources.js';
import { retryingFetch, sleep, type RetryOptions } from './retry.js';
import { PROCESSING_EVENT_TYPES, type WebhookEventSource } from './webhooks.js';
import { readServerSentEvents } from './sse.js';

export type { paths } from './generated/schema.js';
export { readServerSentEvents, type ServerSentEvent } from './sse.js';
export {
  ByggdokApiError,
  ByggdokNetworkError,
  DEFAULT_TIMEOUT_MS,
  isProblem,
  networkGuardedFetch,
  type NetworkFailure,
  type Problem,
} from './errors.js';
export { retryAfterMs, type RetryOptions } from './retry.js';
export {
  createWebhookEventHub,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookEventSource,
} from './webhooks.js';
export type {
  Building,
  BuildingOwner,
  BuildingPath,
  DeficiencyReport,
  Document,
  DocumentListItem,
  DocumentListQuery,
  DocumentPages,
  DocumentPath,
  MaintenanceTask,
  MaintenanceTaskInput,
  MaintenanceTaskPath,
  MaintenanceTaskUpdate,
  OwnerMaintenanceTask,
  OwnerPath,
  Page,
  ProcessingStatus,
  ReportItems,
  ReportItemPath,
  SearchInput,
  SearchResult,
} from './resources.js';

type BuildingAskPath = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask';
type OwnerAskPath = '/v1/building_owners/{buildingOwnerId}/ask';
type JsonBody<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** An answer with its citations: the JSON response of an ask, and the data of the `finish` event of a streamed one. */
export type Answer = paths[BuildingAskPath]['post']['responses'][200]['content']['application/json'];

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
  /** the answer with its verified citations, as one JSON document */
  building(path: BuildingPath, input: BuildingAskInput): Promise<Answer>;
  /** an answer across the owner's buildings (all the credential reaches, or `building_ids`) */
  owner(path: { buildingOwnerId: string }, input: OwnerAskInput): Promise<Answer>;
}

/** The bytes of a file to upload, and its name in the building (`Folder/sub/File.pdf`: the folders are kept). */
export interface UploadInput {
  filename: string;
  body: Blob | ArrayBuffer | Uint8Array | string;
  /** default: by the file name's extension, else application/octet-stream (the service detects the kind itself) */
  contentType?: string;
  /** when the file was made, if it is older than the upload */
  originalCreatedAt?: string;
  serialNumber?: string;
  /** a live document of the same building this file is a new version of (it supersedes it once uploaded) */
  replacesDocumentId?: string;
  signal?: AbortSignal;
}

export type ByggdokClient = Client<paths> & { ask: AskApi } & ReturnType<typeof resourcesOf> & {
    documents: {
      /**
       * Both steps of an upload: registers the document, then PUTs the bytes to its signed URL (with the client's
       * retries). Processing starts when the bytes arrive; follow it with `documents.status` or
       * `buildings.waitUntilProcessed`.
       */
      upload(path: BuildingPath, file: UploadInput): Promise<{ documentId: string }>;
    };
    buildings: {
      /**
       * Resolves with the building's status once every document is processed; throws when `timeoutMs` passes first.
       * It reads the status every `intervalMs` (1 s). With `events` (a hub your webhook receiver pushes verified events
       * into, see createWebhookEventHub) it reads it again as soon as `document.processed`, `document.failed` or
       * `document.deleted` of this building arrives, and otherwise only every `intervalMs` (then 30 s by default) in
       * case an event is lost: the service offers no event stream of its own, so webhooks are the push, polling the
       * fallback.
       */
      waitUntilProcessed(
        path: BuildingPath,
        options?: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal; events?: WebhookEventSource },
      ): Promise<ProcessingStatus>;
    };
  };

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
  /** waiting and trying again on 429 (honouring Retry-After); default 3 retries, `{ retries: 0 }` turns it off */
  retry?: RetryOptions;
  /**
   * how long a request waits for the service's response headers before it fails with ByggdokNetworkError (reason
   * `timeout`); default DEFAULT_TIMEOUT_MS (2 minutes), 0: no bound. Uploads' bytes are not bounded by it.
   */
  timeoutMs?: number;
  /**
   * send the credential over plain `http://` to a host other than this machine (a closed network you trust); by
   * default such a baseUrl is refused, since anyone on the way could read the key. Loopback (`localhost`,
   * `127.0.0.0/8`, `[::1]`) is always allowed, and a client without a credential (the web app) is never refused.
   */
  allowInsecureHttp?: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  dxf: 'image/vnd.dxf',
  dwg: 'image/vnd.dwg',
  ifc: 'application/x-step',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain',
  zip: 'application/zip',
};

/** the content type a file is sent with, by its extension */
export function contentTypeOf(filename: string): string {
  const extension = /\.([^./]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
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

/** 127.0.0.0/8, ::1 and localhost (and names under `.localhost`): this machine, where plain http reads no key off a wire */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether a credential sent to baseUrl would cross the network in clear: plain `http://` to a host other than this
 * machine, where anyone on the way reads a key that reaches every document its holder may read.
 */
export function isPlainHttpElsewhere(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'http:' && !isLoopback(url.hostname);
  } catch {
    return false; // fetch answers an unusable URL itself
  }
}

/** A typed client of the byggdok API: every path, parameter and body as the service's OpenAPI document has it. */
export function createByggdokClient(options: ByggdokClientOptions): ByggdokClient {
  // fetch refuses such a URL with an error that repeats it, password and all, into a terminal or a CI log
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(options.baseUrl.trim())) {
    throw new TypeError(
      'baseUrl must not carry a user name or password: give the credential as apiKey, bearer or adminToken',
    );
  }
  const credential = [options.apiKey, options.bearer, options.adminToken].some((value) => value !== undefined);
  if (credential && options.allowInsecureHttp !== true && isPlainHttpElsewhere(options.baseUrl)) {
    // the message names the host, never the credential
    throw new TypeError(
      `baseUrl ${new URL(options.baseUrl.trim()).origin} is plain http: the credential would cross the network ` +
        'readable to anyone on the way. Use https, or set allowInsecureHttp: true for a network you trust',
    );
  }
  const fetchRaw = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  // the API never redirects, and fetch would follow one to any host with the `x-api-key` header (only Authorization is
  // dropped on the way): a redirect is the answer, a ByggdokApiError with its 3xx status, and the key stays with baseUrl
  const fetchApi = (request: Request) =>
    fetchRaw(new Request(request, { redirect: 'manual', duplex: 'half' } as RequestInit));
  // a service that does not answer is a ByggdokNetworkError (cause kept), never a bare TypeError
  const fetchOnce = networkGuardedFetch(fetchApi, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const fetchWithRetries = retryingFetch(fetchOnce, options.retry);
  const uploadWithRetries = retryingFetch(networkGuardedFetch(fetchRaw, 0), options.retry);
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchWithRetries });
  client.use(credentials(options));
  const resources = resourcesOf(client);

  async function upload(path: BuildingPath, file: UploadInput): Promise<{ documentId: string }> {
    const registered = await resources.documents.register(path, {
      filename: file.filename,
      ...(file.originalCreatedAt !== undefined ? { originalCreatedAt: file.originalCreatedAt } : {}),
      ...(file.serialNumber !== undefined ? { serialNumber: file.serialNumber } : {}),
      ...(file.replacesDocumentId !== undefined ? { replacesDocumentId: file.replacesDocumentId } : {}),
    });
    // the signed URL carries its own authorisation: no credential goes with the bytes
    const response = await uploadWithRetries(
      new Request(registered.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': file.contentType ?? contentTypeOf(file.filename) },
        body: file.body as RequestInit['body'],
        ...(file.signal ? { signal: file.signal } : {}),
      }),
    );
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as unknown;
      throw new ByggdokApiError({ status: response.status, problem: problemOf(body) });
    }
    await response.body?.cancel();
    return { documentId: registered.documentId };
  }

  async function waitUntilProcessed(
    path: BuildingPath,
    waiting: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal; events?: WebhookEventSource } = {},
  ): Promise<ProcessingStatus> {
    const deadline = Date.now() + (waiting.timeoutMs ?? 10 * 60_000);
    const interval = waiting.intervalMs ?? (waiting.events ? 30_000 : 1000);
    // an event of this building while a read is under way still counts: it wakes the next wait at once
    let woken = false;
    let wake: (() => void) | null = null;
    const unsubscribe = waiting.events?.subscribe((event) => {
      const data = event.data as { building_id?: unknown };
      if (!PROCESSING_EVENT_TYPES.includes(event.type) || data.building_id !== path.buildingId) return;
      woken = true;
      wake?.();
    });
    try {
      for (;;) {
        waiting.signal?.throwIfAborted();
        woken = false;
        const status = await resources.buildings.status(path);
        if (status.processed_documents >= status.total_documents) return status;
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `${status.total_documents - status.processed_documents} documents of building ${path.buildingId} are ` +
              'still processing',
          );
        }
        if (woken) continue;
        const controller = new AbortController();
        const onAbort = () => controller.abort(waiting.signal?.reason);
        waiting.signal?.addEventListener('abort', onAbort, { once: true });
        wake = () => controller.abort('woken');
        try {
          await sleep(Math.min(interval, left), controller.signal);
        } catch (error) {
          if (waiting.signal?.aborted) throw error;
        } finally {
          wake = null;
          waiting.signal?.removeEventListener('abort', onAbort);
        }
      }
    } finally {
      unsubscribe?.();
    }
  }

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

  const ask: AskApi = {
    stream,
    building: (path, input) =>
      dataOf(
        client.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask', {
          params: { path },
          body: input,
        }),
      ),
    owner: (path, input) =>
      dataOf(client.POST('/v1/building_owners/{buildingOwnerId}/ask', { params: { path }, body: input })),
  };
  return Object.assign(client, {
    ...resources,
    ask,
    documents: { ...resources.documents, upload },
    buildings: { ...resources.buildings, waitUntilProcessed },
  });
}
