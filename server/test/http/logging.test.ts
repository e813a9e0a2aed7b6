import { PGlite } from '@electric-sql/pglite';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { createLogger, wantsPrettyLogs } from '../../src/http/logging.js';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('log format', () => {
  it('writes readable lines when pretty, with the same redaction', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream, pretty: true });
    logger.info({ documentId: 'doc-1', headers: { authorization: 'Bearer s3cret-token' } }, 'job done');
    const text = out.text();
    expect(text).toContain('INFO');
    expect(text).toContain('job done');
    expect(text).toContain('doc-1');
    expect(text).not.toContain('s3cret-token');
    expect(text.trimStart().startsWith('{')).toBe(false);
  });

  it('logs a failed statement of the embedded database without the values it was given', async () => {
    const db = new PGlite();
    let failed: unknown;
    try {
      await db.query('select $1::text, 1 / 0', ['adm_secret-bound-value']);
    } catch (error) {
      failed = error;
    } finally {
      await db.close();
    }
    expect((failed as { params?: unknown[] }).params).toEqual(['adm_secret-bound-value']);
    const out = capture();
    createLogger({ level: 'info', destination: out.stream }).error({ err: failed }, 'job failed');
    const line = JSON.parse(out.text());
    expect(line.err).toMatchObject({ query: 'select $1::text, 1 / 0', code: '22012' });
    expect(out.text()).not.toContain('adm_secret-bound-value');
  });

  it('writes one JSON object a line otherwise', () => {
    const out = capture();
    createLogger({ level: 'info', destination: out.stream }).info({ documentId: 'doc-1' }, 'job done');
    expect(JSON.parse(out.text())).toMatchObject({ msg: 'job done', documentId: 'doc-1', level: 30 });
  });

  it('redacts credentials and e-mail addresses in the query of a logged URL, and keeps the rest', () => {
    const idToken = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6Im9sYUBub3JkbWFubi50ZXN0In0.c2lnbmF0dXJl';
    const urls = [
      '/auth/callback?code=AuthCode-s3cret&state=State-s3cret&iss=https%3A%2F%2Fid.example.test',
      `/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=https%3A%2F%2Fapp.example.test%2F`,
      '/oidc/auth?client_id=byggdok&login_hint=ola%40nordmann.test&response_type=code',
      '/auth/login?email=ola%40nordmann.test&redirectUri=%2F',
      '/integrations/storage-provider/oauth/callback?code=Provider-s3cret&state=Provider-state',
      '/blobs/documents/x/original?token=Blob-s3cret&expires=1700000000',
    ];
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream });
    for (const url of urls) logger.info({ req: { method: 'GET', url, ip: '203.0.113.7' } }, 'incoming request');
    const logged = out
      .text()
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(logged).toEqual([
      '/auth/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=https%3A%2F%2Fid.example.test',
      '/oidc/session/end?id_token_hint=%5Bredacted%5D&post_logout_redirect_uri=https%3A%2F%2Fapp.example.test%2F',
      '/oidc/auth?client_id=byggdok&login_hint=%5Bredacted%5D&response_type=code',
      '/auth/login?email=%5Bredacted%5D&redirectUri=%2F',
      '/integrations/storage-provider/oauth/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
      '/blobs/documents/x/original?token=%5Bredacted%5D&expires=1700000000',
    ]);
    for (const secret of ['s3cret', idToken, 'nordmann', 'Provider-state']) expect(out.text()).not.toContain(secret);
  });

  it('redacts an operator token chosen by hand (no prefix tells it) wherever it is pasted into a query', () => {
    const token = 'Driftsnokkel-valgt-for-haand-2026';
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream, secrets: [token, null] });
    for (const url of [`/admin/customers?t=${token}`, `/admin/customers?${token}`, `/app/?next=%2Fx%3Fk%3D${token}`]) {
      logger.info({ req: { method: 'GET', url, ip: '203.0.113.7' } }, 'incoming request');
    }
    const logged = out
      .text()
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(logged).toEqual([
      '/admin/customers?t=%5Bredacted%5D',
      '/admin/customers?%5Bredacted%5D=',
      '/app/?next=%5Bredacted%5D',
    ]);
    expect(out.text()).not.toContain('valgt-for-haand');
  });

  it('is pretty in a terminal, JSON when piped, and LOG_FORMAT overrides both', () => {
    expect(wantsPrettyLogs('auto', { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs('auto', {})).toBe(false);
    expect(wantsPrettyLogs('json', { isTTY: true })).toBe(false);
    expect(wantsPrettyLogs('pretty', {})).toBe(true);
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
