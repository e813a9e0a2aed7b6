/**
 * Verifying webhooks byggdok sends (the Standard Webhooks specification): the `webhook-signature` header holds
 * `v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes of the endpoint's
 * secret after its `whsec_` prefix. Web Crypto only, so it runs in Node 20+ and in browsers and edge runtimes alike.
 */

/** what byggdok POSTs: the event's type, when it happened, and its data */
export interface WebhookEvent<D = Record<string, unknown>> {
  type: string;
  timestamp: string;
  data: D;
}

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** the signature byggdok sends for this id, timestamp and body (`v1,...`) */
export async function signWebhook(params: {
  secret: string;
  id: string;
  timestamp: number | string;
  body: string;
}): Promise<string> {
  const secret = params.secret.startsWith('whsec_') ? params.secret.slice('whsec_'.length) : params.secret;
  const key = await crypto.subtle.importKey(
    'raw',
    base64ToBytes(secret).buffer as ArrayBuffer,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const payload = new TextEncoder().encode(`${params.id}.${params.timestamp}.${params.body}`);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, payload));
  return `v1,${bytesToBase64(mac)}`;
}

/**
 * Checks a webhook request and returns its event: the signature must be the secret's over the exact body bytes (pass
 * the raw body, not a re-serialised object), and the timestamp within `toleranceSeconds` (5 minutes) of now, so a
 * captured request cannot be replayed later. Throws a WebhookVerificationError otherwise. Deduplicate by the
 * `webhook-id` header: a retry carries the same one.
 */
export async function verifyWebhook<D = Record<string, unknown>>(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookEvent<D>> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('missing webhook-id, -timestamp or -signature');
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds)) throw new WebhookVerificationError('webhook-timestamp is not Unix seconds');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - seconds) > tolerance)
    throw new WebhookVerificationError('webhook-timestamp is too old or too new');
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const expected = await signWebhook({ secret, id, timestamp, body: text });
  const matches = signatures.split(' ').some((candidate) => equalInConstantTime(candidate, expected));
  if (!matches) throw new WebhookVerificationError('no signature matches this secret and body');
  return JSON.parse(text) as WebhookEvent<D>;
}

/** where `buildings.waitUntilProcessed` hears of webhook events: anything a listener can subscribe to */
export interface WebhookEventSource {
  /** calls the listener with each event from now on; the function returned stops that */
  subscribe(listener: (event: WebhookEvent) => void): () => void;
}

/**
 * A hub between your webhook receiver and what waits on events: the receiver `push`es each event it has verified
 * (`verifyWebhook`), and `buildings.waitUntilProcessed(path, { events: hub })` reads the building's status again as
 * soon as one of its documents' events arrives, instead of every second. Events are hints, the status is the truth:
 * a lost or late event only delays the answer until the next poll, and duplicates cost one read each.
 */
export function createWebhookEventHub(): WebhookEventSource & { push(event: WebhookEvent): void } {
  const listeners = new Set<(event: WebhookEvent) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push(event) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

/** the event types after which a building's processing status may have changed */
export const PROCESSING_EVENT_TYPES: readonly string[] = ['document.processed', 'document.failed', 'document.deleted'];
