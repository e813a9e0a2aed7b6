import type { BlobStore } from '../../domain/documents/blob-store.js';
import { createFsBlobStore } from './fs.blob-store.js';
import { createMemoryBlobStore } from './memory.blob-store.js';
import { createS3BlobStore, type S3BlobStoreConfig } from './s3.blob-store.js';
import type { UrlSigner } from './url-signer.js';

export type BlobStoreConfig =
  | { kind: 'fs'; root: string; signer: UrlSigner }
  | { kind: 'memory'; signer: UrlSigner }
  | ({ kind: 's3' } & S3BlobStoreConfig);

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  switch (config.kind) {
    case 'fs':
      return createFsBlobStore({ root: config.root, signer: config.signer });
    case 'memory':
      return createMemoryBlobStore({ signer: config.signer });
    case 's3': {
      const { kind: _kind, ...s3Config } = config;
      return createS3BlobStore(s3Config);
    }
  }
}

export { createFsBlobStore, type FsBlobStoreConfig } from './fs.blob-store.js';
export { createMemoryBlobStore, type MemoryBlobStore, type MemoryBlobStoreConfig } from './memory.blob-store.js';
export { createS3BlobStore, type S3BlobStore, type S3BlobStoreConfig } from './s3.blob-store.js';
export {
  createUrlSigner,
  formatContentDisposition,
  type UrlSigner,
  type UrlSignerConfig,
  type VerifyUrlResult,
} from './url-signer.js';
