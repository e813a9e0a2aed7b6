import { createHash } from 'node:crypto';
import { Transform, type TransformCallback, type Readable } from 'node:stream';

/**
 * Where the bytes of uploaded documents live. Keys are `/`-separated paths such as
 * `owners/42/VVS/Ventilasjon/FDV æøå.pdf`; see {@link assertValidBlobKey} for what is accepted.
 */
export interface BlobStore {
  /**
   * Streams `body` to storage and reports its size and MD5 (lowercase hex), both computed while streaming so memory
   * stays flat whatever the size. Overwrites an existing blob only once the new one is complete; on any failure
   * (including {@link BlobTooLargeError}) the previous content, or absence, is left as it was.
   */
  put(key: string, body: Readable | Buffer, options?: PutBlobOptions): Promise<PutBlobResult>;
  /** @throws BlobNotFoundError when there is no blob under `key` */
  get(key: string): Promise<Readable>;
  /** `null` when there is no blob under `key`. */
  head(key: string): Promise<BlobHead | null>;
  /**
   * Copies the blob under `source` to `target` (replacing it whole, as put does) and answers the copy's head; null when
   * there is no blob under `source` or, with `ifEtag`, when the source's ETag is no longer that one.
   */
  copy(source: string, target: string, options?: { ifEtag?: string }): Promise<BlobHead | null>;
  /** Succeeds whether or not the blob exists, so retried clean-up jobs stay harmless. */
  delete(key: string): Promise<void>;
  /** A URL a browser can GET without our session; `filename` and `inline` set the Content-Disposition it receives. */
  signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string>;
  /** A URL a client can PUT the bytes to directly, so large uploads bypass the API process. */
  signedUploadUrl(key: string, options: SignedUploadOptions): Promise<string>;
}

export interface PutBlobOptions {
  contentType?: string;
  /** Rejects with {@link BlobTooLargeError} as soon as the stream passes this many bytes. */
  maxBytes?: number;
}

export interface PutBlobResult {
  size: number;
  /** Lowercase hex. Computed by us because S3 ETags of multipart uploads are not MD5 sums. */
  md5: string;
}

export interface BlobHead {
  size: number;
  /** Absent when the backend does not keep it (the fs store); the database is the source of truth for it. */
  contentType?: string;
  /** Opaque; changes when the content changes. */
  etag?: string;
}

export interface SignedDownloadOptions {
  expiresInSeconds: number;
  filename?: string;
  contentType?: string;
  /** `inline` shows the file in the browser (PDF preview) instead of downloading it. */
  inline?: boolean;
}

export interface SignedUploadOptions {
  expiresInSeconds: number;
  contentType?: string;
}

/** S3 refuses pre-signed URLs valid for longer than seven days; every store holds the same line. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

export class BlobNotFoundError extends Error {
  readonly code = 'blob.not_found';
  constructor(readonly key: string) {
    super(`No blob stored under key "${key}"`);
    this.name = 'BlobNotFoundError';
  }
}

export class BlobTooLargeError extends Error {
  readonly code = 'blob.too_large';
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`Blob "${key}" exceeds the limit of ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

export class InvalidBlobKeyError extends Error {
  readonly code = 'blob.invalid_key';
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Invalid blob key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}

const MAX_KEY_BYTES = 1024; // S3's limit, applied everywhere so a key that works locally also works in production
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The same rules for every store, so a key accepted in development is accepted in production, and no key can name a
 * path outside the fs store's root.
 */
export function assertValidBlobKey(key: string): void {
  if (key.length === 0) throw new InvalidBlobKeyError(key, 'empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new InvalidBlobKeyError(key, 'longer than 1024 bytes');
  if (CONTROL_CHARACTERS.test(key)) throw new InvalidBlobKeyError(key, 'contains a control character');
  if (key.includes('\\')) throw new InvalidBlobKeyError(key, 'contains a backslash');
  if (key.startsWith('/')) throw new InvalidBlobKeyError(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new InvalidBlobKeyError(key, 'empty, "." or ".." path segment');
    }
  }
}

export function assertValidExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_SIGNED_URL_SECONDS}`);
  }
}

/**
 * A pass-through stream that counts and hashes what flows through it and fails with {@link BlobTooLargeError} the
 * moment `maxBytes` is passed, so an oversized upload is cut off instead of being read to the end. Shared by every
 * store so size, MD5 and the limit mean the same thing everywhere.
 */
export class BlobMeter extends Transform {
  #size = 0;
  readonly #hash = createHash('md5');
  readonly #key: string;
  readonly #maxBytes: number | undefined;

  constructor({ key, maxBytes }: { key: string; maxBytes?: number }) {
    super();
    this.#key = key;
    this.#maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#maxBytes !== undefined && this.#size > this.#maxBytes) {
      callback(new BlobTooLargeError(this.#key, this.#maxBytes));
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** Only meaningful once the stream has ended. */
  result(): PutBlobResult {
    return { size: this.#size, md5: this.#hash.copy().digest('hex') };
  }
}
