import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** HTTP behaviour that does not depend on the database engine (run on PGlite). */
describe('problem+json errors and request validation', () => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite', options: { bodyLimitBytes: 2048 } });
    seed = await t.seed();
  });
  afterAll(() => t.close());

  it('lists every failing field: unknown fields and wrong types', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { name: 42, privateFolders: 'HR', colour: 'red' },
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({
      type: 'urn:byggdok:problem:request.invalid',
      title: 'Bad Request',
      status: 400,
      code: 'request.invalid',
    });
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      '/colour',
      '/name',
      '/privateFolders',
    ]);
    expect(response.body.detail).toContain('colour');
  });

  it('refuses a missing or blank name', async () => {
    const missing = await t.request({ method: 'POST', url: '/v1/building_owners', key: seed.key, payload: {} });
    expect(missing.body.errors).toEqual([{ path: '/name', message: 'is required' }]);
    const blank = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      payload: { name: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0].path).toBe('/name');
  });

  it('answers invalid JSON with 400, an oversized body with 413, an unknown type with 415', async () => {
    const invalid = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('request.invalid_json');
    const large = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(5000) }),
    });
    expect(large.status).toBe(413);
    expect(large.body.code).toBe('request.too_large');
    const xml = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      headers: { 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('request.unsupported_media_type');
  });

  it('reads JSON that curl -d sends labelled as a form', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '{"name":"Barcode Properties AS"}',
    });
    expect(response.status).toBe(201);
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with a problem', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/nothing-here', key: seed.key });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('route.not_found');
  });

  it('returns the bare building id as a JSON string', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      headers: { 'x-api-key': seed.key, 'content-type': 'application/json' },
      payload: { name: 'Bare' },
    });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}"$/);
  });

  it('echoes a sane request id and makes one otherwise', async () => {
    const kept = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const made = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\n' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves health, readiness, an OpenAPI 3.1 document and the reference page', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz' })).body).toEqual({ status: 'ok' });
    expect((await t.request({ method: 'GET', url: '/readyz' })).body).toEqual({ status: 'ready' });
    const openapi = await t.request({ method: 'GET', url: '/openapi.json' });
    expect(openapi.body.openapi).toBe('3.1.0');
    const paths = Object.keys(openapi.body.paths);
    expect(paths).toContain('/v1/building_owners/{buildingOwnerId}/buildings');
    expect(paths).toContain('/admin/partners/{partnerId}/keys');
    // the unversioned twins are served but documented once
    expect(paths).not.toContain('/building_owners');
    const createOwner = openapi.body.paths['/v1/building_owners'].post;
    expect(createOwner.requestBody.content['application/json'].schema.required).toEqual(['name']);
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('server errors', () => {
  it('answer 500 with a generic problem that leaks no internals', async () => {
    const t = await createTestApp({ engine: 'pglite' });
    const seed = await t.seed();
    // the database goes away under the running service
    await t.deps.database.close();
    try {
      const response = await t.request({ method: 'GET', url: '/v1/building_owners', key: seed.key });
      expect(response.status).toBe(500);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).toMatchObject({ status: 500, code: 'internal' });
      expect(JSON.stringify(response.body)).not.toMatch(/pglite|closed|stack|\.ts:/i);
      expect((await t.request({ method: 'GET', url: '/readyz' })).status).toBe(503);
    } finally {
      await t.app.close();
      await t.deps.queue.stop().catch(() => undefined);
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and RateLimit headers, per credential', async () => {
    const t = await createTestApp({
      engine: 'pglite',
      options: { rateLimit: { enabled: true, max: 3, windowMs: 60_000 } },
    });
    try {
      // the seed uses the operator token twice and the partner key twice (create owner, create building)
      const seed = await t.seed();
      const statuses: number[] = [];
      let last: Awaited<ReturnType<TestApp['request']>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await t.request({ method: 'GET', url: '/v1/building_owners', key: seed.key });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 429, 429, 429]);
      expect(last!.body.code).toBe('rate_limit.exceeded');
      expect(last!.headers['retry-after']).toBeDefined();
      expect(last!.headers['ratelimit-limit']).toBe('3');
      expect(last!.headers['ratelimit-remaining']).toBe('0');
      // another credential has its own budget (the operator token's third request makes the key)
      const other = await t.createKey({ partnerId: seed.partnerId });
      expect((await t.request({ method: 'GET', url: '/v1/building_owners', key: other.key })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('shares counters between API processes through Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await probe.connect();
    const options = { rateLimit: { enabled: true, max: 4, windowMs: 60_000 }, redisUrl };
    const a = await createTestApp({ engine: 'pglite', options });
    const b = await createTestApp({ engine: 'pglite', options });
    try {
      const key = `fk_live_shared_${Date.now()}`; // an unknown key counts against the client address
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a, b])
        statuses.push((await app.request({ method: 'GET', url: '/v1/building_owners', key })).status);
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses.slice(4)).toEqual([429, 429]);
    } finally {
      await a.close();
      await b.close();
      await probe.quit();
    }
  });
});

describe('logs', () => {
  it('never contain keys, tokens or the admin token', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    const t = await createTestApp({ engine: 'pglite', logStream });
    try {
      const seed = await t.seed();
      const session = await t.request({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/sessions`,
        key: seed.key,
        payload: {},
      });
      await t.request({
        method: 'GET',
        url: `/v1/building_owners/${seed.ownerId}/buildings?next_token=secret-looking`,
        token: session.body.token,
      });
      await t.request({ method: 'GET', url: '/v1/building_owners', key: 'fk_live_wrong_key_value' });
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      expect(log).toContain('/v1/building_owners');
      for (const secret of [
        seed.key,
        session.body.token,
        'test-admin-token-0123456789abcdef',
        'fk_live_wrong_key_value',
        'secret-looking',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
