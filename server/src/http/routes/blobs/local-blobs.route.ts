import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../../../domain/documents/blob-store.js';
import { fileNotFound, linkExpired, linkInvalid } from '../../../domain/documents/documents.errors.js';
import type { UploadsService } from '../../../domain/uploads/uploads.service.js';
import { downloadHeaders } from '../../../storage/blobs/download-headers.js';
import { decodeKeyPath, type UrlSigner } from '../../../storage/blobs/url-signer.js';

/**
 * The signed URLs of the embedded file storage, served by the service itself: GET downloads, PUT receives an upload.
 * The signature (HMAC over method, key, expiry and response headers) is the only credential.
 */
export async function registerLocalBlobRoutes(
  app: FastifyInstance,
  deps: {
    signer: UrlSigner;
    blobs: BlobStore;
    uploads: UploadsService;
    /** whether the file under a key may still be served: its document or archive still readable (asked at each GET) */
    stillServed: (key: string) => Promise<boolean>;
  },
): Promise<void> {
  await app.register(async (scope) => {
    // uploads are streams of any type: never parsed, never buffered
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    function verifiedKey(params: { method: 'GET' | 'PUT'; url: string; query: unknown }) {
      let key: string;
      try {
        key = decodeKeyPath((params.url.split('?')[0] ?? '').replace(/^\/blobs\//, ''));
      } catch {
        // a malformed %-escape cannot be a URL this service signed
        throw linkInvalid();
      }
      const verdict = deps.signer.verify({ method: params.method, key, query: params.query as Record<string, string> });
      if (!verdict.ok) throw verdict.reason === 'expired' ? linkExpired() : linkInvalid();
      return { key, verdict };
    }

    scope.get('/blobs/*', { schema: { hide: true } }, async (request, reply) => {
      const { key, verdict } = verifiedKey({ method: 'GET', url: request.url, query: request.query });
      // a URL is a bearer's for its whole life: a file that has left what anyone may read since it was signed (its
      // document archived or under a private folder, its archive outdated) is gone for the URL too
      if (!(await deps.stillServed(key))) throw fileNotFound();
      const head = await deps.blobs.head(key);
      if (!head) throw fileNotFound();
      const stream = await deps.blobs.get(key).catch((error: unknown) => {
        throw error instanceof BlobNotFoundError ? fileNotFound() : error;
      });
      // the CSP sandbox and nosniff that go with these come from the /blobs/ entry in security-headers.ts
      const headers = downloadHeaders({
        ...(verdict.filename ? { filename: verdict.filename } : {}),
        contentType: verdict.contentType ?? head.contentType,
        inline: verdict.inline ?? false,
      });
      return reply
        .header('content-type', headers.contentType)
        .header('content-length', head.size)
        .header('content-disposition', headers.contentDisposition)
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    });

    scope.put('/blobs/*', { schema: { hide: true } }, async (request) => {
      const { key } = verifiedKey({ method: 'PUT', url: request.url, query: request.query });
      const length = request.headers['content-length'];
      const stored = await deps.uploads.receiveUpload({
        key,
        body: request.body as Readable,
        contentType: request.headers['content-type'] ?? null,
        declaredLength: length ? Number(length) : null,
      });
      return { size: stored.size, md5Checksum: stored.md5 };
    });
  });
}
