import { describe, expect, it } from 'vitest';
import { createUrlSigner, formatContentDisposition } from '../../../src/storage/blobs/url-signer.js';

const SECRET = 'url-signer-test-secret-0123456789abcdef';
const NOW = new Date('2025-03-01T12:00:00Z');
const IN_ONE_HOUR = new Date('2025-03-01T13:00:00Z');
const KEY = 'owners/7/VVS/Ventilasjon/FDV æøå.pdf';

function createSigner(now = NOW) {
  return createUrlSigner({ secret: SECRET, publicUrl: 'https://byggdok.example.no/', now: () => now });
}

/** What the route sees: the decoded key from the path and the parsed query. */
function parse(url: string): { key: string; query: URLSearchParams } {
  const parsed = new URL(url);
  const key = parsed.pathname
    .replace(/^\/blobs\//, '')
    .split('/')
    .map(decodeURIComponent)
    .join('/');
  return { key, query: parsed.searchParams };
}

function signDownload(): string {
  return createSigner().sign({
    method: 'GET',
    key: KEY,
    expiresAt: IN_ONE_HOUR,
    filename: 'FDV æøå.pdf',
    contentType: 'application/pdf',
    inline: true,
  });
}

describe('url signer', () => {
  it('builds the URL under /blobs/ with the key path kept readable', () => {
    const url = new URL(signDownload());

    expect(url.origin + url.pathname).toBe(
      'https://byggdok.example.no/blobs/owners/7/VVS/Ventilasjon/FDV%20%C3%A6%C3%B8%C3%A5.pdf',
    );
    expect(url.searchParams.get('method')).toBe('GET');
    expect(url.searchParams.get('expires')).toBe(String(IN_ONE_HOUR.getTime() / 1000));
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts an untouched URL and hands back the signed download parameters', () => {
    const { key, query } = parse(signDownload());

    expect(createSigner().verify({ method: 'GET', key, query })).toEqual({
      ok: true,
      filename: 'FDV æøå.pdf',
      contentType: 'application/pdf',
      inline: true,
    });
  });

  it('accepts the query object shape Fastify hands a route', () => {
    const { key, query } = parse(signDownload());

    expect(createSigner().verify({ method: 'GET', key, query: Object.fromEntries(query) }).ok).toBe(true);
  });

  it('refuses the URL for another key', () => {
    const { query } = parse(signDownload());

    expect(createSigner().verify({ method: 'GET', key: 'owners/8/VVS/Ventilasjon/FDV æøå.pdf', query })).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it.each([
    ['expires', String(IN_ONE_HOUR.getTime() / 1000 + 86_400)],
    ['expires', String(NOW.getTime() / 1000 - 10)],
    ['filename', 'malware.exe'],
    ['contentType', 'text/html'],
    ['inline', '0'],
    ['signature', '0'.repeat(64)],
  ])('refuses the URL with an edited %s', (name, value) => {
    const { key, query } = parse(signDownload());
    query.set(name, value);

    expect(createSigner().verify({ method: 'GET', key, query })).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each(['filename', 'contentType', 'inline', 'signature', 'expires'])('refuses the URL without %s', (name) => {
    const { key, query } = parse(signDownload());
    query.delete(name);

    expect(createSigner().verify({ method: 'GET', key, query }).ok).toBe(false);
  });

  it('refuses a parameter added to a URL signed without it', () => {
    const url = createSigner().sign({ method: 'GET', key: KEY, expiresAt: IN_ONE_HOUR });
    const { key, query } = parse(url);
    query.set('contentType', 'text/html');

    expect(createSigner().verify({ method: 'GET', key, query })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a repeated parameter, which the route might read differently from the signer', () => {
    const { key, query } = parse(signDownload());
    query.append('filename', 'other.pdf');

    expect(createSigner().verify({ method: 'GET', key, query })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a download URL used for an upload, and an upload URL used for a download', () => {
    const download = parse(signDownload());
    const upload = parse(createSigner().sign({ method: 'PUT', key: KEY, expiresAt: IN_ONE_HOUR }));

    expect(createSigner().verify({ method: 'PUT', ...download }).ok).toBe(false);
    expect(createSigner().verify({ method: 'GET', ...upload }).ok).toBe(false);
    expect(createSigner().verify({ method: 'PUT', ...upload })).toEqual({ ok: true });
  });

  it('refuses the URL once it has expired', () => {
    const { key, query } = parse(signDownload());

    expect(createSigner(new Date(IN_ONE_HOUR.getTime() - 1000)).verify({ method: 'GET', key, query }).ok).toBe(true);
    expect(createSigner(IN_ONE_HOUR).verify({ method: 'GET', key, query })).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a URL signed with another secret', () => {
    const other = createUrlSigner({ secret: 'another-secret-0123456789abcdef-xyz', publicUrl: 'https://x.no' });
    const { key, query } = parse(other.sign({ method: 'GET', key: KEY, expiresAt: IN_ONE_HOUR }));

    expect(createSigner().verify({ method: 'GET', key, query })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses to start with a short secret', () => {
    expect(() => createUrlSigner({ secret: 'short', publicUrl: 'https://x.no' })).toThrow(/at least 32/);
  });
});

describe('content disposition', () => {
  it('keeps Norwegian file names through RFC 5987 with an ASCII fallback', () => {
    expect(formatContentDisposition({ filename: 'FDV æøå (rev 2).pdf' })).toBe(
      `attachment; filename="FDV aeoa (rev 2).pdf"; filename*=UTF-8''FDV%20%C3%A6%C3%B8%C3%A5%20%28rev%202%29.pdf`,
    );
  });

  it('cannot be used to inject a header or break out of the quoted name', () => {
    const header = formatContentDisposition({ filename: 'a"\r\nSet-Cookie: x.pdf', inline: true });

    expect(header).toBe(`inline; filename="a___Set-Cookie: x.pdf"; filename*=UTF-8''a%22__Set-Cookie%3A%20x.pdf`);
  });

  it('saves a name without the marks that turn its direction, so no extension hides behind another', () => {
    // U+202E turns what follows around: shown, `Pumpe<U+202E>fdp.exe` reads `Pumpeexe.pdf`
    const header = formatContentDisposition({ filename: 'Pumpe\u202efdp.exe' });
    expect(header).toBe(`attachment; filename="Pumpe_fdp.exe"; filename*=UTF-8''Pumpe_fdp.exe`);
    expect(formatContentDisposition({ filename: 'FDV\u0085\u2066.pdf' })).toContain(`filename*=UTF-8''FDV__.pdf`);
  });
});
