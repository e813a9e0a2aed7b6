import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidBlobKey,
  assertValidExpiry,
  BlobMeter,
  BlobNotFoundError,
  type BlobStore,
} from '../../domain/documents/blob-store.js';
import type { UrlSigner } from './url-signer.js';

export interface MemoryBlobStoreConfig {
  signer: UrlSigner;
}

export interface MemoryBlobStore extends BlobStore {
  /** Every key held, so tests can check that a failed put left nothing behind. */
  keys(): string[];
}

interface StoredBlob {
  data: Buffer;
  contentType: string | undefined;
  md5: string;
}

/** For tests and demos: same semantics as the fs and S3 stores, bytes held in the process. */
export function createMemoryBlobStore({ signer }: MemoryBlobStoreConfig): MemoryBlobStore {
  const blobs = new Map<string, StoredBlob>();

  return {
    async put(key, body, options = {}) {
      assertValidBlobKey(key);
      const meter = new BlobMeter({ key, maxBytes: options.maxBytes });
      const chunks: Buffer[] = [];
      const collect = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, meter, collect);
      const { size, md5 } = meter.result();
      // Replaced only after the whole body arrived, like the rename in the fs store.
      blobs.set(key, { data: Buffer.concat(chunks, size), contentType: options.contentType, md5 });
      return { size, md5 };
    },

    async get(key) {
      assertValidBlobKey(key);
      const blob = blobs.get(key);
      if (blob === undefined) throw new BlobNotFoundError(key);
      return Readable.from([blob.data]);
    },

    async head(key) {
      assertValidBlobKey(key);
      const blob = blobs.get(key);
      if (blob === undefined) return null;
      return { size: blob.data.length, contentType: blob.contentType, etag: blob.md5 };
    },

    async copy(source, target, options = {}) {
      assertValidBlobKey(source);
      assertValidBlobKey(target);
      const blob = blobs.get(source);
      if (blob === undefined || (options.ifEtag !== undefined && options.ifEtag !== blob.md5)) return null;
      blobs.set(target, { ...blob });
      return { size: blob.data.length, contentType: blob.contentType, etag: blob.md5 };
    },

    async delete(key) {
      assertValidBlobKey(key);
      blobs.delete(key);
    },

    async signedDownloadUrl(key, { expiresInSeconds, filename, contentType, inline }) {
      assertValidBlobKey(key);
      assertValidExpiry(expiresInSeconds);
      const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
      return signer.sign({ method: 'GET', key, expiresAt, filename, contentType, inline });
    },

    async signedUploadUrl(key, { expiresInSeconds, contentType }) {
      assertValidBlobKey(key);
      assertValidExpiry(expiresInSeconds);
      const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
      return signer.sign({ method: 'PUT', key, expiresAt, contentType });
    },

    keys() {
      return [...blobs.keys()];
    },
  };
}
