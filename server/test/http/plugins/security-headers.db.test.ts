import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeKeyPath } from '../../../src/storage/blobs/url-signer.js';
import { fileOriginsOf } from '../../../src/app/run-server.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe.each(testEngines())('headers on user files on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let documents: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    documents = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`;
  });
  afterAll(() => t.close());

  async function uploaded(filename: string, contentType: string, text: string) {
    const id = await t.upload({ seed, filename, bytes: Buffer.from(text), contentType });
    const document = await t.request({ method: 'GET', url: `${documents}/${id}`, key: seed.key });
    expect(document.status).toBe(200);
    return document.body.url as string;
  }

  const ACTIVE = [
    ['an HTML page', 'side.html', 'text/html', '<script>alert(document.cookie)</script>'],
    [
      'an SVG image',
      'tegning.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['an XHTML page', 'side.xhtml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"></html>'],
  ] as const;

  it.each(ACTIVE)('downloads %s as a sandboxed, unsniffed attachment', async (_name, filename, type, text) => {
    const url = await uploaded(filename, type, text);
    const download = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(text);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(String(download.headers['content-security-policy'])).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
  });

  it('never shows HTML or SVG inline, even through a URL signed for inline display', async () => {
    for (const [, filename, type, text] of ACTIVE) {
      const url = new URL(await uploaded(filename, type, text));
      const key = decodeKeyPath(url.pathname.replace(/^\/blobs\//, ''));
      const inline = t.deps.localUrlSigner!.sign({
        method: 'GET',
        key,
        expiresAt: new Date(Date.now() + 60_000),
        filename,
        contentType: type,
        inline: true,
      });
      const response = await t.app.inject({ method: 'GET', url: pathOf(inline) });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['content-security-policy'])).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
    }
  });

  it('shows a PDF preview inline, sandboxed and unsniffed', async () => {
    const url = new URL(await uploaded('rapport.pdf', 'application/pdf', '%PDF-1.7 preview'));
    const key = decodeKeyPath(url.pathname.replace(/^\/blobs\//, ''));
    const preview = t.deps.localUrlSigner!.sign({
      method: 'GET',
      key,
      expiresAt: new Date(Date.now() + 60_000),
      filename: 'rapport.pdf',
      contentType: 'application/pdf',
      inline: true,
    });
    const response = await t.app.inject({ method: 'GET', url: pathOf(preview) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toMatch(/^inline;/);
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // a partner page or the web app may frame the preview
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('sends the API headers on JSON responses, and no HSTS for a plain-http public URL', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/building_owners', key: seed.key });
    expect(response.status).toBe(200);
    const csp = String(response.headers['content-security-policy']).replace(/\s+/g, ' ');
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers outside the partner routes', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await createTestApp({ engine: 'pglite' });
    https = await createTestApp({ engine: 'pglite', options: { publicUrl: 'https://byggdok.example.no' } });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  it('lets the web app upload to and preview from the S3 endpoint files are signed for, and nowhere else', async () => {
    const local = String((await http.request({ method: 'GET', url: '/app/' })).headers['content-security-policy']);
    expect(local).toMatch(/connect-src 'self'(;|$)/);
    const withS3 = await createTestApp({
      engine: 'pglite',
      options: {
        fileOrigins: fileOriginsOf({
          kind: 's3',
          bucket: 'docs',
          region: 'eu-north-1',
          endpoint: 'https://minio.example.no:9000',
          forcePathStyle: false,
          eventsToken: null,
        }),
      },
    });
    try {
      const csp = String((await withS3.request({ method: 'GET', url: '/app/' })).headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self' https:\/\/minio\.example\.no:9000 \*\.minio\.example\.no:9000(;|$)/);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
    } finally {
      await withS3.close();
    }
    expect(
      fileOriginsOf({
        kind: 's3',
        bucket: 'docs',
        region: 'eu-north-1',
        endpoint: null,
        forcePathStyle: false,
        eventsToken: null,
      }),
    ).toEqual(['https://*.amazonaws.com']);
    expect(fileOriginsOf({ kind: 'fs', root: '/tmp' })).toEqual([]);
  });

  it('sends HSTS only when the public URL is https', async () => {
    expect(
      (await http.request({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const secure = await https.request({ method: 'GET', url: '/healthz' });
    expect(String(secure.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
  });

  it('puts the API headers on problems answered before routing', async () => {
    for (const url of ['/v1/building_owners/%E0%A4%A', `/v1/building_owners/${'x'.repeat(600)}`, '/no/such/route']) {
      const response = await http.request({ method: 'GET', url });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    }
  });

  it('gives the Swagger UI a CSP that loads its own scripts and nothing else', async () => {
    const page = await http.request({ method: 'GET', url: '/docs/' });
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toMatch(/connect-src 'self' http:\/\/byggdok\.test/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // every script the page loads is same-origin and served
    const scripts = [...String(page.body).matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(String(page.body)).not.toMatch(/<script(?![^>]*src=)[^>]*>\s*\S/);
    for (const src of scripts) {
      expect(src).not.toMatch(/^[a-z]+:|^\/\//);
      const script = await http.app.inject({ method: 'GET', url: new URL(src, 'http://byggdok.test/docs/').pathname });
      expect(script.statusCode).toBe(200);
    }
  });
});
