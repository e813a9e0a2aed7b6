import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidBlobKey,
  assertValidExpiry,
  BlobMeter,
  BlobNotFoundError,
  InvalidBlobKeyError,
  type BlobHead,
  type BlobStore,
} from '../../domain/documents/blob-store.js';
import type { UrlSigner } from './url-signer.js';

export interface FsBlobStoreConfig {
  /** Folder that holds every blob; created on first write. */
  root: string;
  signer: UrlSigner;
}

/** Prefix of in-flight writes; a crash can leave such files behind, never a half-written blob under a real key. */
const FS_TEMP_PREFIX = '.blob-upload-';

/**
 * Blobs as files under `root`, the key being the relative path. Content type is not kept (no sidecar files);
 * a key cannot also be a folder of other keys (`a` and `a/b`), which S3 would allow.
 */
export function createFsBlobStore({ root, signer }: FsBlobStoreConfig): BlobStore {
  const rootPath = path.resolve(root);

  function resolveKey(key: string): string {
    assertValidBlobKey(key);
    const filePath = path.resolve(rootPath, ...key.split('/'));
    // Belt and braces: the key rules already forbid "..", but this is the line that must never be crossed.
    if (!filePath.startsWith(rootPath + path.sep)) throw new InvalidBlobKeyError(key, 'outside the storage root');
    return filePath;
  }

  async function headOf(filePath: string): Promise<BlobHead | null> {
    const stats = await stat(filePath).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (stats === null || !stats.isFile()) return null;
    // Every put renames in a new file, so the inode alone changes on overwrite; size and mtime make it readable.
    return { size: stats.size, etag: `${stats.ino.toString(16)}-${stats.mtimeMs.toString(16)}-${stats.size}` };
  }

  return {
    async put(key, body, options = {}) {
      const filePath = resolveKey(key);
      const folder = path.dirname(filePath);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Same folder as the target so the rename is atomic: readers see the old file or the new one, never a part.
      const tempPath = path.join(folder, `${FS_TEMP_PREFIX}${randomUUID()}`);
      const meter = new BlobMeter({ key, maxBytes: options.maxBytes });
      const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, meter, out);
        await rename(tempPath, filePath);
      } catch (error) {
        await removeTemp(out, tempPath);
        throw error;
      }
      return meter.result();
    },

    async get(key) {
      const filePath = resolveKey(key);
      // Opened before returning so a missing blob fails here, not later as a stream error mid-response.
      const handle = await open(filePath, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      });
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        throw new BlobNotFoundError(key);
      }
      return handle.createReadStream();
    },

    async head(key) {
      return headOf(resolveKey(key));
    },

    async copy(source, target, options = {}) {
      const sourcePath = resolveKey(source);
      const targetPath = resolveKey(target);
      // opened first, so that the bytes copied are those of the file whose identity is checked
      const handle = await open(sourcePath, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (handle === null) return null;
      try {
        const stats = await handle.stat();
        const etag = `${stats.ino.toString(16)}-${stats.mtimeMs.toString(16)}-${stats.size}`;
        if (!stats.isFile() || (options.ifEtag !== undefined && options.ifEtag !== etag)) return null;
        await mkdir(path.dirname(targetPath), { recursive: true, mode: 0o700 });
        const tempPath = path.join(path.dirname(targetPath), `${FS_TEMP_PREFIX}${randomUUID()}`);
        const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
        try {
          await pipeline(handle.createReadStream({ autoClose: false }), out);
          await rename(tempPath, targetPath);
        } catch (error) {
          await removeTemp(out, tempPath);
          throw error;
        }
      } finally {
        await handle.close();
      }
      return headOf(targetPath);
    },

    async delete(key) {
      const filePath = resolveKey(key);
      await unlink(filePath).catch((error: unknown) => {
        if (isMissing(error)) return;
        throw error;
      });
    },

    async signedDownloadUrl(key, { expiresInSeconds, filename, contentType, inline }) {
      resolveKey(key);
      assertValidExpiry(expiresInSeconds);
      const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
      return signer.sign({ method: 'GET', key, expiresAt, filename, contentType, inline });
    },

    async signedUploadUrl(key, { expiresInSeconds, contentType }) {
      resolveKey(key);
      assertValidExpiry(expiresInSeconds);
      const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
      return signer.sign({ method: 'PUT', key, expiresAt, contentType });
    },
  };
}

// ENOTDIR: part of the key is a file (key "a/b" while blob "a" exists). EISDIR: the key is a folder of other keys.
// Neither is a blob, so both read as "not found".
function isMissing(error: unknown): boolean {
  return hasCode(error, 'ENOENT') || hasCode(error, 'ENOTDIR') || hasCode(error, 'EISDIR');
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Removes a failed write's temp file once its stream has closed: a stream destroyed while its file is still being
 * opened creates the file afterwards, so removing it at once could leave it behind
 */
async function removeTemp(out: WriteStream, tempPath: string): Promise<void> {
  if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  await rm(tempPath, { force: true });
}
