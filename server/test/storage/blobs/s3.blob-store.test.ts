import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../../../src/storage/blobs/s3.blob-store.js';
import { runBlobStoreContract } from '../../contracts/blob-store.contract.js';

// s3rver ships no type declarations; this is the part of its API the test uses.
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

// s3rver's built-in account; it checks the access key id but not V4 signatures.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let directory: string;
let endpoint: string;
let admin: S3Client;
let bucketCount = 0;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'byggdok-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
});

afterAll(async () => {
  admin.destroy();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

runBlobStoreContract({
  name: 's3',
  keepsContentType: true,
  createHarness: async () => {
    // A fresh bucket per test keeps "nothing left behind" checks independent of earlier tests.
    bucketCount += 1;
    const bucket = `contract-${bucketCount}`;
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    const store = createS3BlobStore({ bucket, endpoint, forcePathStyle: true, credentials });
    return {
      store,
      listStoredNames: async () => {
        const listing = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
      },
      close: async () => store.destroy(),
    };
  },
});

describe('s3 signed upload URL', () => {
  // s3rver does not check signatures, so the shape real S3 will check is asserted here.
  it('binds the agreed content type and demands no checksum a browser PUT cannot send', async () => {
    const store = createS3BlobStore({ bucket: 'any', endpoint, forcePathStyle: true, credentials });

    const url = new URL(
      await store.signedUploadUrl('docs/a.pdf', { expiresInSeconds: 60, contentType: 'application/pdf' }),
    );
    store.destroy();

    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });
});
