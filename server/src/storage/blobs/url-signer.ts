import { createHmac, timingSafeEqual } from 'node:crypto';
import { visibleName } from '../../domain/documents/document.js';

/**
 * Signs URLs under `${publicUrl}/blobs/<key>` that the service serves itself for the fs and memory stores, so a
 * browser can download or upload a blob without a session, much like an S3 pre-signed URL.
 */
export interface UrlSigner {
  sign(request: SignUrlRequest): string;
  verify(request: VerifyUrlRequest): VerifyUrlResult;
}

export type SignedUrlMethod = 'GET' | 'PUT';

export interface SignUrlRequest {
  method: SignedUrlMethod;
  key: string;
  expiresAt: Date;
  filename?: string;
  contentType?: string;
  inline?: boolean;
}

/** Accepts both what Fastify hands a route (`request.query`) and a `URLSearchParams`. */
export type SignedUrlQuery = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

export interface VerifyUrlRequest {
  /** The method of the incoming request; a URL signed for GET must not accept an upload. */
  method: SignedUrlMethod;
  /** The decoded key taken from the request path. */
  key: string;
  query: SignedUrlQuery;
}

export type VerifyUrlResult =
  | { ok: true; filename?: string; contentType?: string; inline?: boolean }
  | { ok: false; reason: 'expired' | 'invalid' };

export interface UrlSignerConfig {
  secret: string;
  /** Origin (and optional base path) the service is reached at, e.g. `https://byggdok.example.no`. */
  publicUrl: string;
  /** Injected by tests that need a fixed clock. */
  now?: () => Date;
}

const MIN_SECRET_LENGTH = 32;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
const EXPIRES_PATTERN = /^[0-9]{1,12}$/;

export function createUrlSigner({ secret, publicUrl, now = () => new Date() }: UrlSignerConfig): UrlSigner {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`URL signing secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const base = publicUrl.replace(/\/+$/, '');

  const signature = (fields: CanonicalFields): Buffer =>
    createHmac('sha256', secret).update(canonicalize(fields)).digest();

  return {
    sign({ method, key, expiresAt, filename, contentType, inline }) {
      const fields: CanonicalFields = {
        method,
        key,
        expires: String(Math.floor(expiresAt.getTime() / 1000)),
        filename,
        contentType,
        inline: inline === true ? '1' : undefined,
      };
      const params = new URLSearchParams({ method, expires: fields.expires });
      if (filename !== undefined) params.set('filename', filename);
      if (contentType !== undefined) params.set('contentType', contentType);
      if (fields.inline !== undefined) params.set('inline', fields.inline);
      params.set('signature', signature(fields).toString('hex'));
      return `${base}/blobs/${encodeKeyPath(key)}?${params.toString()}`;
    },

    verify({ method, key, query }) {
      const params = readParams(query);
      if (params === null) return INVALID;
      const { signature: provided, expires, filename, contentType, inline } = params;
      if (provided === undefined || !SIGNATURE_PATTERN.test(provided)) return INVALID;
      if (params.method !== method) return INVALID;
      if (expires === undefined || !EXPIRES_PATTERN.test(expires)) return INVALID;

      const expected = signature({ method, key, expires, filename, contentType, inline });
      // Checked before expiry so an edited `expires` reports "invalid", never "expired".
      if (!timingSafeEqual(expected, Buffer.from(provided, 'hex'))) return INVALID;
      if (now().getTime() >= Number(expires) * 1000) return { ok: false, reason: 'expired' };

      const result: VerifyUrlResult = { ok: true };
      if (filename !== undefined) result.filename = filename;
      if (contentType !== undefined) result.contentType = contentType;
      if (inline === '1') result.inline = true;
      return result;
    },
  };
}

/**
 * Content-Disposition for a download: an ASCII `filename` for old clients plus RFC 5987 `filename*` so names such as
 * "FDV æøå.pdf" survive. Used by the S3 store and by the route that serves signed local URLs.
 */
/** a file is saved under its name without what would hide its real extension (control characters, direction marks) */
export function formatContentDisposition({ filename, inline }: { filename?: string; inline?: boolean }): string {
  const type = inline === true ? 'inline' : 'attachment';
  if (filename === undefined) return type;
  const saved = visibleName(filename);
  return `${type}; filename="${asciiFallback(saved)}"; filename*=UTF-8''${encodeRfc5987(saved)}`;
}

interface CanonicalFields {
  method: string;
  key: string;
  expires: string;
  filename: string | undefined;
  contentType: string | undefined;
  inline: string | undefined;
}

// JSON keeps field boundaries unambiguous: no choice of filename can imitate a different key or content type.
function canonicalize(fields: CanonicalFields): string {
  return JSON.stringify([
    'byggdok-blob-url-v1',
    fields.method,
    fields.key,
    fields.expires,
    fields.filename ?? null,
    fields.contentType ?? null,
    fields.inline ?? null,
  ]);
}

const INVALID: VerifyUrlResult = { ok: false, reason: 'invalid' };
const PARAM_NAMES = ['method', 'expires', 'filename', 'contentType', 'inline', 'signature'] as const;
type SignedUrlParams = Record<(typeof PARAM_NAMES)[number], string | undefined>;

/** `null` when a parameter is repeated: the signed value and the value the route acts on could then differ. */
function readParams(query: SignedUrlQuery): SignedUrlParams | null {
  const params: SignedUrlParams = {
    method: undefined,
    expires: undefined,
    filename: undefined,
    contentType: undefined,
    inline: undefined,
    signature: undefined,
  };
  for (const name of PARAM_NAMES) {
    const values = query instanceof URLSearchParams ? query.getAll(name) : query[name];
    if (Array.isArray(values)) {
      if (values.length > 1) return null;
      params[name] = values[0];
    } else {
      params[name] = values;
    }
  }
  return params;
}

/** Keeps `/` as path separators so the route can match `/blobs/*` and hand back the same key. */
function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

export function decodeKeyPath(path: string): string {
  return path.split('/').map(decodeURIComponent).join('/');
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const NORWEGIAN_LETTERS: Readonly<Record<string, string>> = { æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O' };

function asciiFallback(filename: string): string {
  return filename
    .replace(/[æÆøØ]/g, (letter) => NORWEGIAN_LETTERS[letter] ?? '_')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}
