import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../../../src/storage/blobs/s3.blob-store.js';
import { runBlobStoreContract } from '../../contracts/blob-store.contract.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../../helpers/s3rver.js';

// s3rver's built-in account; it checks the access key id but not V4 signatures.
const credentials = S3RVER_CREDENTIALS;

let server: Awaited<ReturnType<typeof startS3rver>>;
let directory: string;
let endpoint: string;
let admin: S3Client;
let bucketCount = 0;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'byggdok-s3rver-'));
  server = await startS3rver(directory);
  endpoint = server.endpoint;
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
