import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  MAX_SIGNED_URL_SECONDS,
  type BlobStore,
} from '../../src/domain/documents/blob-store.js';
import { downloadHeaders } from '../../src/storage/blobs/download-headers.js';
import { createUrlSigner, decodeKeyPath, type UrlSigner } from '../../src/storage/blobs/url-signer.js';

export interface BlobStoreHarness {
  store: BlobStore;
  /** Every name the backend physically holds, temporary files included, to prove a failed put left nothing. */
  listStoredNames: () => Promise<string[]>;
  close: () => Promise<void>;
}

export interface BlobStoreContract {
  name: string;
  createHarness: () => Promise<BlobStoreHarness>;
  /** The fs store keeps no content type; the others must give back what was put. */
  keepsContentType: boolean;
}

const NORWEGIAN_KEY = 'VVS/Ventilasjon/FDV æøå.pdf';
const MB = 1024 * 1024;

export function runBlobStoreContract({ name, createHarness, keepsContentType }: BlobStoreContract): void {
  describe(`${name} blob store contract`, () => {
    let harness: BlobStoreHarness;
    let store: BlobStore;

    beforeEach(async () => {
      harness = await createHarness();
      store = harness.store;
    });

    afterEach(async () => {
      await harness.close();
    });

    it('stores a Buffer and reports its size and lowercase hex MD5', async () => {
      const bytes = Buffer.from('Brannteknisk konsept, rev. B');

      const result = await store.put('docs/brann.txt', bytes, { contentType: 'text/plain' });

      expect(result).toEqual({ size: bytes.length, md5: md5Hex(bytes) });
      expect(result.md5).toMatch(/^[0-9a-f]{32}$/);
      expect(await readAll(await store.get('docs/brann.txt'))).toEqual(bytes);
    });

    it('stores a multi-chunk stream and reports size and MD5 of everything streamed', async () => {
      const chunks = [randomBytes(70_000), randomBytes(1), randomBytes(200_000)];
      const whole = Buffer.concat(chunks);

      const result = await store.put('docs/stream.bin', Readable.from(chunks));

      expect(result).toEqual({ size: whole.length, md5: md5Hex(whole) });
      expect(await readAll(await store.get('docs/stream.bin'))).toEqual(whole);
    });

    it('stores an empty file', async () => {
      const result = await store.put('docs/empty.txt', Readable.from([]));

      expect(result).toEqual({ size: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' });
      expect((await store.head('docs/empty.txt'))?.size).toBe(0);
      expect(await readAll(await store.get('docs/empty.txt'))).toEqual(Buffer.alloc(0));
    });

    it('head reports the size and content type of a stored blob', async () => {
      await store.put('docs/plan.pdf', Buffer.from('%PDF-1.7 plan'), { contentType: 'application/pdf' });

      const head = await store.head('docs/plan.pdf');

      expect(head?.size).toBe(13);
      expect(head?.contentType).toBe(keepsContentType ? 'application/pdf' : undefined);
    });

    it('a missing blob is null for head and BlobNotFoundError for get', async () => {
      expect(await store.head('docs/missing.pdf')).toBeNull();
      await expect(store.get('docs/missing.pdf')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('a folder of keys is not itself a blob', async () => {
      await store.put(NORWEGIAN_KEY, Buffer.from('fdv'));

      expect(await store.head('VVS/Ventilasjon')).toBeNull();
      await expect(store.get('VVS/Ventilasjon')).rejects.toBeInstanceOf(BlobNotFoundError);
      await store.delete('VVS/Ventilasjon');
      expect(await readAll(await store.get(NORWEGIAN_KEY))).toEqual(Buffer.from('fdv'));
    });

    it('delete removes the blob and succeeds again once it is gone', async () => {
      await store.put('docs/old.pdf', Buffer.from('old'));

      await store.delete('docs/old.pdf');
      await store.delete('docs/old.pdf');

      expect(await store.head('docs/old.pdf')).toBeNull();
      await expect(store.get('docs/old.pdf')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('put to an existing key replaces its content and changes its etag', async () => {
      await store.put('docs/rev.txt', Buffer.from('revision A'));
      const before = await store.head('docs/rev.txt');

      await store.put('docs/rev.txt', Buffer.from('revision B, longer'));

      expect(await readAll(await store.get('docs/rev.txt'))).toEqual(Buffer.from('revision B, longer'));
      const after = await store.head('docs/rev.txt');
      expect(after?.size).toBe(18);
      expect(after?.etag).toBeDefined();
      expect(after?.etag).not.toBe(before?.etag);
    });

    it('copies a blob to another key, which a later put to the source does not change', async () => {
      await store.put('uploads/a/original', Buffer.from('reviewed'));
      const head = await store.head('uploads/a/original');

      const copied = await store.copy('uploads/a/original', 'uploads/a/1/original', { ifEtag: head!.etag! });
      await store.put('uploads/a/original', Buffer.from('swapped!'));

      expect(copied?.size).toBe(8);
      expect(await readAll(await store.get('uploads/a/1/original'))).toEqual(Buffer.from('reviewed'));
    });

    it('copy answers null for a missing source', async () => {
      expect(await store.copy('uploads/none/original', 'uploads/none/1/original')).toBeNull();
      expect(await store.head('uploads/none/1/original')).toBeNull();
    });

    it('keys with folders and Norwegian letters keep their own content', async () => {
      await store.put(NORWEGIAN_KEY, Buffer.from('æøå'));
      await store.put('VVS/Ventilasjon/FDV aoa.pdf', Buffer.from('aoa'));

      expect(await readAll(await store.get(NORWEGIAN_KEY))).toEqual(Buffer.from('æøå'));
      expect(await readAll(await store.get('VVS/Ventilasjon/FDV aoa.pdf'))).toEqual(Buffer.from('aoa'));
      expect((await store.head(NORWEGIAN_KEY))?.size).toBe(Buffer.byteLength('æøå'));
    });

    it('accepts a body of exactly maxBytes', async () => {
      const bytes = randomBytes(1000);

      const result = await store.put('docs/limit.bin', bytes, { maxBytes: 1000 });

      expect(result.size).toBe(1000);
      expect(await readAll(await store.get('docs/limit.bin'))).toEqual(bytes);
    });

    it('a body over maxBytes fails with BlobTooLargeError and leaves nothing behind', async () => {
      const namesBefore = await harness.listStoredNames();

      await expect(
        store.put('docs/too-large.bin', Readable.from([randomBytes(600), randomBytes(600)]), { maxBytes: 1000 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);

      expect(await store.head('docs/too-large.bin')).toBeNull();
      expect(await harness.listStoredNames()).toEqual(namesBefore);
    });

    it('a body over maxBytes leaves the previous content of the key untouched', async () => {
      await store.put('docs/kept.txt', Buffer.from('the good version'));

      await expect(store.put('docs/kept.txt', randomBytes(2000), { maxBytes: 1000 })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );

      expect(await readAll(await store.get('docs/kept.txt'))).toEqual(Buffer.from('the good version'));
    });

    it('stops reading an endless upload once it passes maxBytes', async () => {
      const endless = Readable.from(endlessChunks());

      await expect(store.put('docs/endless.bin', endless, { maxBytes: 20 * MB })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );

      expect(endless.destroyed).toBe(true);
      expect(await store.head('docs/endless.bin')).toBeNull();
    });

    it('an upload whose source breaks off fails and leaves nothing behind', async () => {
      const namesBefore = await harness.listStoredNames();
      const broken = Readable.from(brokenChunks());

      await expect(store.put('docs/broken.bin', broken)).rejects.toThrow('client went away');

      expect(await store.head('docs/broken.bin')).toBeNull();
      expect(await harness.listStoredNames()).toEqual(namesBefore);
    });

    it('streams a 50 MB upload through and back with the right size and MD5', { timeout: 180_000 }, async () => {
      const size = 50 * MB;
      const expected = createHash('md5');
      const source = Readable.from(generatedChunks({ totalBytes: size, onChunk: (chunk) => expected.update(chunk) }));

      const result = await store.put('big/50mb.bin', source, { maxBytes: size });

      const expectedMd5 = expected.digest('hex');
      expect(result).toEqual({ size, md5: expectedMd5 });
      expect((await store.head('big/50mb.bin'))?.size).toBe(size);
      expect(await digestStream(await store.get('big/50mb.bin'))).toEqual({ size, md5: expectedMd5 });
    });

    it('a signed download URL serves the bytes under the requested Norwegian filename', async () => {
      const bytes = Buffer.from('%PDF-1.7 FDV');
      await store.put(NORWEGIAN_KEY, bytes, { contentType: 'application/pdf' });

      const url = await store.signedDownloadUrl(NORWEGIAN_KEY, {
        expiresInSeconds: 60,
        filename: 'FDV æøå.pdf',
        contentType: 'application/pdf',
      });
      const response = await fetch(url);

      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition.startsWith('attachment;')).toBe(true);
      expect(filenameFromDisposition(disposition)).toBe('FDV æøå.pdf');
    });

    it('a signed inline download URL asks the browser to show the file', async () => {
      await store.put('docs/plan.pdf', Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' });

      const url = await store.signedDownloadUrl('docs/plan.pdf', {
        expiresInSeconds: 60,
        filename: 'plan.pdf',
        contentType: 'application/pdf',
        inline: true,
      });
      const response = await fetch(url);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')?.startsWith('inline;')).toBe(true);
      await response.arrayBuffer();
    });

    it('a signed URL asked to show HTML or SVG inline downloads it as an attachment instead', async () => {
      for (const [key, contentType] of [
        ['docs/side.html', 'text/html'],
        ['docs/tegning.svg', 'image/svg+xml'],
      ] as const) {
        await store.put(key, Buffer.from('<script>alert(1)</script>'), { contentType });

        const url = await store.signedDownloadUrl(key, { expiresInSeconds: 60, contentType, inline: true });
        const response = await fetch(url);

        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')?.startsWith('attachment')).toBe(true);
        await response.arrayBuffer();
      }
    });

    it('a signed upload URL stores the bytes PUT to it', async () => {
      const bytes = randomBytes(100_000);

      const url = await store.signedUploadUrl(NORWEGIAN_KEY, { expiresInSeconds: 60, contentType: 'application/pdf' });
      const response = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/pdf' } });

      expect(response.ok).toBe(true);
      await response.arrayBuffer();
      expect(await readAll(await store.get(NORWEGIAN_KEY))).toEqual(bytes);
      expect((await store.head(NORWEGIAN_KEY))?.contentType).toBe(keepsContentType ? 'application/pdf' : undefined);
    });

    it('refuses signed URLs valid for longer than seven days', async () => {
      await expect(
        store.signedDownloadUrl('docs/a.pdf', { expiresInSeconds: MAX_SIGNED_URL_SECONDS + 1 }),
      ).rejects.toBeInstanceOf(RangeError);
      await expect(store.signedUploadUrl('docs/a.pdf', { expiresInSeconds: 0 })).rejects.toBeInstanceOf(RangeError);
    });

    it.each(['../x', '/etc/passwd', 'a/../../b', 'a/./b', 'a//b', 'a\\..\\b', 'a\u0000b', ''])(
      'rejects the key %j everywhere',
      async (key) => {
        await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.head(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.signedDownloadUrl(key, { expiresInSeconds: 60 })).rejects.toBeInstanceOf(
          InvalidBlobKeyError,
        );
        await expect(store.signedUploadUrl(key, { expiresInSeconds: 60 })).rejects.toBeInstanceOf(InvalidBlobKeyError);
      },
    );
  });
}

export const TEST_SIGNING_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/**
 * Test scaffolding standing in for the real HTTP routes: serves the signed URLs of the fs and memory stores on a
 * random local port, verifying them with the url-signer exactly as the routes must.
 */
export async function serveSignedUrls<S extends BlobStore>(
  createStore: (signer: UrlSigner) => S,
): Promise<{ store: S; close: () => Promise<void> }> {
  // Listening first: the signer needs the random port in its public URL before the store can exist.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = createUrlSigner({ secret: TEST_SIGNING_SECRET, publicUrl: `http://127.0.0.1:${port}` });
  const store = createStore(signer);

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handleSignedRequest({ request, response, store, signer }).catch((error: unknown) => {
      response.statusCode = error instanceof BlobNotFoundError ? 404 : 500;
      response.end(String(error));
    });
  });

  return {
    store,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function handleSignedRequest({
  request,
  response,
  store,
  signer,
}: {
  request: IncomingMessage;
  response: ServerResponse;
  store: BlobStore;
  signer: UrlSigner;
}): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const method = request.method === 'GET' || request.method === 'PUT' ? request.method : undefined;
  if (!url.pathname.startsWith('/blobs/') || method === undefined) {
    response.statusCode = 404;
    response.end();
    return;
  }
  const key = decodeKeyPath(url.pathname.slice('/blobs/'.length));
  const verdict = signer.verify({ method, key, query: url.searchParams });
  if (!verdict.ok) {
    response.statusCode = 403;
    response.end(verdict.reason);
    return;
  }
  if (method === 'PUT') {
    await store.put(key, request, { contentType: verdict.contentType });
    response.statusCode = 200;
    response.end();
    return;
  }
  const body = await store.get(key);
  // the same policy as the service's own /blobs/ route
  const headers = downloadHeaders(verdict);
  response.setHeader('content-type', headers.contentType);
  response.setHeader('content-disposition', headers.contentDisposition);
  await pipeline(body, response);
}

function md5Hex(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Hashes as it reads so a 50 MB blob is never held in memory by the test either. */
async function digestStream(stream: Readable): Promise<{ size: number; md5: string }> {
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    hash.update(buffer);
  }
  return { size, md5: hash.digest('hex') };
}

/** Distinct 64 KiB chunks (index stamped in), so parts stored out of order would change the MD5. */
function* generatedChunks({
  totalBytes,
  onChunk,
}: {
  totalBytes: number;
  onChunk: (chunk: Buffer) => void;
}): Generator<Buffer> {
  const template = randomBytes(64 * 1024);
  for (let offset = 0, index = 0; offset < totalBytes; offset += template.length, index += 1) {
    const chunk = Buffer.from(template.subarray(0, Math.min(template.length, totalBytes - offset)));
    chunk.writeUInt32BE(index, 0);
    onChunk(chunk);
    yield chunk;
  }
}

function* endlessChunks(): Generator<Buffer> {
  const chunk = randomBytes(64 * 1024);
  for (;;) yield chunk;
}

async function* brokenChunks(): AsyncGenerator<Buffer> {
  yield randomBytes(64 * 1024);
  yield randomBytes(64 * 1024);
  throw new Error('client went away');
}

function filenameFromDisposition(disposition: string): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
}
