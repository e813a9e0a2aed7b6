import type { BlobStore } from '../../domain/documents/blob-store.js';
import { createFsBlobStore } from './fs.blob-store.js';
import { createMemoryBlobStore } from './memory.blob-store.js';
import type { S3BlobStoreConfig } from './s3.blob-store.js';
import type { UrlSigner } from './url-signer.js';

export type BlobStoreConfig =
  | { kind: 'fs'; root: string; signer: UrlSigner }
  | { kind: 'memory'; signer: UrlSigner }
  | ({ kind: 's3' } & S3BlobStoreConfig);

/** The S3 store's module (the AWS SDK) is loaded only when S3 is configured: the embedded start never pays for it. */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  switch (config.kind) {
    case 'fs':
      return createFsBlobStore({ root: config.root, signer: config.signer });
    case 'memory':
      return createMemoryBlobStore({ signer: config.signer });
    case 's3': {
      const { kind: _kind, ...s3Config } = config;
      return (await import('./s3.blob-store.js')).createS3BlobStore(s3Config);
    }
  }
}

export { createFsBlobStore, type FsBlobStoreConfig } from './fs.blob-store.js';
export { createMemoryBlobStore, type MemoryBlobStore, type MemoryBlobStoreConfig } from './memory.blob-store.js';
export type { S3BlobStore, S3BlobStoreConfig } from './s3.blob-store.js';
export {
  createUrlSigner,
  formatContentDisposition,
  type UrlSigner,
  type UrlSignerConfig,
  type VerifyUrlResult,
} from './url-signer.js';
