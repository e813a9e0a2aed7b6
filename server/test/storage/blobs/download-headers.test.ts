import { describe, expect, it } from 'vitest';
import { downloadHeaders } from '../../../src/storage/blobs/download-headers.js';
import { createS3BlobStore } from '../../../src/storage/blobs/s3.blob-store.js';

describe('download headers of user files', () => {
  it.each([
    ['application/pdf', true, 'inline'],
    ['image/png', true, 'inline'],
    ['Application/PDF; charset=binary', true, 'inline'],
    ['text/html', true, 'attachment'],
    ['text/html; charset=utf-8', true, 'attachment'],
    ['image/svg+xml', true, 'attachment'],
    ['application/xhtml+xml', true, 'attachment'],
    ['text/xml', true, 'attachment'],
    ['application/javascript', true, 'attachment'],
    ['application/pdf', false, 'attachment'],
    [undefined, true, 'attachment'],
  ] as const)('%s asked inline=%s is sent as %s', (contentType, inline, disposition) => {
    const headers = downloadHeaders({ filename: 'f', ...(contentType ? { contentType } : {}), inline });
    expect(headers.contentDisposition.split(';')[0]).toBe(disposition);
    expect(headers.inline).toBe(disposition === 'inline');
  });

  it('keeps a well-formed type and replaces one that could break the header with application/octet-stream', () => {
    expect(downloadHeaders({ contentType: 'text/plain; charset="utf-8"' }).contentType).toBe(
      'text/plain; charset="utf-8"',
    );
    for (const broken of [
      'text/html\r\nSet-Cookie: a=b',
      'text/html\0',
      'html',
      '',
      'a/b; c',
      'text/plain; x="a\nb"',
    ]) {
      expect(downloadHeaders({ contentType: broken }).contentType).toBe('application/octet-stream');
    }
  });

  it("never sends a file as a script or style sheet a page of the app could load (it would count as the CSP's self)", () => {
    for (const runnable of [
      'text/javascript',
      'application/javascript; charset=utf-8',
      'Application/X-JavaScript',
      'text/ecmascript',
      'application/x-ecmascript',
      'text/javascript1.5',
      'text/jscript',
      'text/livescript',
      'text/css',
      'TEXT/CSS; charset=utf-8',
    ]) {
      expect(downloadHeaders({ contentType: runnable }).contentType, runnable).toBe('application/octet-stream');
    }
    for (const kept of ['text/plain', 'application/json', 'text/csv', 'application/pdf']) {
      expect(downloadHeaders({ contentType: kept }).contentType).toBe(kept);
    }
  });

  it('is an attachment, named as uploaded, when nothing else is asked', () => {
    expect(downloadHeaders({ filename: 'FDV æøå.pdf' }).contentDisposition).toBe(
      `attachment; filename="FDV aeoa.pdf"; filename*=UTF-8''FDV%20%C3%A6%C3%B8%C3%A5.pdf`,
    );
  });

  it('is baked into S3 pre-signed download URLs, which cannot carry nosniff or a CSP', async () => {
    const store = createS3BlobStore({
      bucket: 'b',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    try {
      const html = new URL(
        await store.signedDownloadUrl('docs/side.html', {
          expiresInSeconds: 60,
          contentType: 'text/html',
          inline: true,
        }),
      );
      expect(html.searchParams.get('response-content-disposition')).toBe('attachment');
      expect(html.searchParams.get('response-content-type')).toBe('text/html');

      const untyped = new URL(await store.signedDownloadUrl('docs/x', { expiresInSeconds: 60 }));
      expect(untyped.searchParams.get('response-content-disposition')).toBe('attachment');
      expect(untyped.searchParams.get('response-content-type')).toBe('application/octet-stream');

      const preview = new URL(
        await store.signedDownloadUrl('docs/p.pdf', {
          expiresInSeconds: 60,
          filename: 'p.pdf',
          contentType: 'application/pdf',
          inline: true,
        }),
      );
      expect(preview.searchParams.get('response-content-disposition')).toMatch(/^inline; filename="p.pdf"/);
    } finally {
      store.destroy();
    }
  });
});
