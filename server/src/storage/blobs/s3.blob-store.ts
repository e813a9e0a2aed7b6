import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidBlobKey,
  assertValidExpiry,
  BlobMeter,
  BlobNotFoundError,
  BlobTooLargeError,
  type BlobHead,
  type BlobStore,
} from '../../domain/documents/blob-store.js';
import { downloadHeaders } from './download-headers.js';

export interface S3BlobStoreConfig {
  bucket: string;
  /** From the standard AWS configuration when absent; `us-east-1` when only an `endpoint` is given (MinIO and co.). */
  region?: string;
  /** For S3-compatible services (MinIO, Ceph, Hetzner, Scaleway ...). */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** The standard AWS credential chain (env, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export interface S3BlobStore extends BlobStore {
  /** Closes pooled connections so a shutting-down process (or a test) is not held open. */
  destroy(): void;
}

// Parts are buffered in memory, so a put holds at most PART_SIZE * QUEUE_SIZE (32 MB) whatever the file size.
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

export function createS3BlobStore(config: S3BlobStoreConfig): S3BlobStore {
  const { bucket } = config;
  const client = new S3Client({
    region: config.region ?? (config.endpoint === undefined ? undefined : 'us-east-1'),
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Default CRC checksums would be baked into pre-signed PUT URLs (a plain browser PUT then fails) and are not
    // understood by many S3-compatible services; our own MD5 covers integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function headObject(key: string): Promise<BlobHead | null> {
    assertValidBlobKey(key);
    try {
      const response = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        size: response.ContentLength ?? 0,
        contentType: response.ContentType,
        etag: response.ETag?.replace(/"/g, ''),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, options = {}) {
      assertValidBlobKey(key);
      // a body known to be too large is refused before any request: the upload of one the meter stops half-way
      // could, at s3rver at least, still store an empty object over the key's previous content
      if (Buffer.isBuffer(body) && options.maxBytes !== undefined && body.length > options.maxBytes) {
        throw new BlobTooLargeError(key, options.maxBytes);
      }
      const meter = new BlobMeter({ key, maxBytes: options.maxBytes });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: meter, ContentType: options.contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // Aborts the multipart upload on failure so no invisible, billed parts stay behind.
        leavePartsOnError: false,
      });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      // A failing upload stops reading the meter; destroying it then ends the pipe instead of leaving it stalled.
      const [piped, uploaded] = await Promise.allSettled([
        pipeline(source, meter),
        upload.done().catch((error: unknown) => {
          meter.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }),
      ]);
      // The source's own error (or BlobTooLargeError) explains more than the upload's echo of it.
      if (piped.status === 'rejected') throw piped.reason;
      if (uploaded.status === 'rejected') throw uploaded.reason;
      return meter.result();
    },

    async get(key) {
      assertValidBlobKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no readable body for "${key}"`);
        return response.Body;
      } catch (error) {
        throw isNotFound(error) ? new BlobNotFoundError(key) : error;
      }
    },

    head: headObject,

    async copy(source, target, options = {}) {
      assertValidBlobKey(source);
      assertValidBlobKey(target);
      try {
        // one request up to 5 GB, the size limit of a single pre-signed PUT; the service copies, no byte passes here
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: target,
            CopySource: `${bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
            ...(options.ifEtag !== undefined ? { CopySourceIfMatch: `"${options.ifEtag}"` } : {}),
          }),
        );
      } catch (error) {
        if (isNotFound(error)) return null;
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 412) return null;
        throw error;
      }
      return headObject(target);
    },

    async delete(key) {
      assertValidBlobKey(key);
      // S3 answers 204 for a missing key too, which is the idempotence we promise.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async signedDownloadUrl(key, { expiresInSeconds, filename, contentType, inline }) {
      assertValidBlobKey(key);
      assertValidExpiry(expiresInSeconds);
      // S3 cannot add nosniff or a CSP, so the type and disposition it is told to send are the whole defence
      const headers = downloadHeaders({ filename, contentType, inline });
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: headers.contentDisposition,
        ResponseContentType: headers.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async signedUploadUrl(key, { expiresInSeconds, contentType }) {
      assertValidBlobKey(key);
      assertValidExpiry(expiresInSeconds);
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType });
      // Signing Content-Type means the uploader must send exactly the type we agreed to.
      return getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: contentType === undefined ? undefined : new Set(['content-type']),
      });
    },

    destroy() {
      client.destroy();
    },
  };
}

// Structural, not instanceof: lib-storage and the presigner may bring their own copy of the SDK classes.
// NoSuchBucket is deliberately not "not found": a misconfigured bucket must fail loudly, not look empty.
function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 && error.name !== 'NoSuchBucket';
}
