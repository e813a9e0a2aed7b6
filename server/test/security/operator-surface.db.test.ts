import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSecret } from '../../src/domain/shared/ids.js';
import { createDeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestSession, createTestUser } from '../helpers/people-fixtures.js';
import { lastMailTo } from '../helpers/received-mail.js';
import { setPasswordToken } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };
const SOME_ID = '0190d6a4-0000-7000-8000-0000000000ab';

/** every route the app serves, hidden ones included, from Fastify's own route list */
function routesOf(t: TestApp): { method: string; path: string }[] {
  const printed = t.app.printRoutes({ commonPrefix: false, includeMeta: false });
  const routes: { method: string; path: string }[] = [];
  for (const line of printed.split('\n')) {
    const match = /([^\s─│├└]\S*) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (!match) continue;
    const path = match[1]!.startsWith('/') ? match[1]! : `/${match[1]!}`;
    for (const method of match[2]!.split(',').map((m) => m.trim())) routes.push({ method, path });
  }
  return routes;
}

/** the Cache-Control an answer carries, or '' */
const cacheControlOf = (answer: { headers: Record<string, unknown> }) =>
  (answer.headers['cache-control'] as string) ?? '';

/** a path with every parameter filled in */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, SOME_ID);

/**
 * The operator's surface (`/admin/*` and `/metrics`) attacked from outside: every route Fastify serves there, hidden
 * ones and the HEAD twins of GETs included, is refused to every credential but the operator token in its header (a
 * partner key or session token, a person's key or session cookie, a portal token, the operator token itself in a
 * query, a cookie or the key header); no other spelling of a path gets past; answers are never stored by a cache; the
 * outbox listing shows no key of a mail's links; the generated token pasted into a query is not logged.
 */
describe.each(testEngines())('the operator surface on %s', (engine) => {
  let t: TestApp;
  let credentials: [string, Record<string, string>][];
  const operatorRoutes = () =>
    routesOf(t).filter(({ path }) => path === '/admin' || path.startsWith('/admin/') || path === '/metrics');

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const seed = await t.seed();
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: { expires_in: 600 },
    });
    expect(session.status).toBe(200);
    const world = await createDeliveryWorld(t);
    // a platform administrator: the most a person can be
    const platform = await createTestUser(t.deps.database.db, { platformAdmin: true });
    const cookie = await createTestSession(t.deps.database.db, platform.userId);
    credentials = [
      ['nothing', {}],
      ["a partner's key", { 'x-api-key': seed.key }],
      ["a partner's key as a bearer", { authorization: `Bearer ${seed.key}` }],
      ["a partner's session token", { authorization: `Bearer ${session.body.token as string}` }],
      ["a platform administrator's personal key", { 'x-api-key': platform.key }],
      [
        "a platform administrator's session cookie, from the service's own page",
        { cookie: `byggdok_session=${cookie}`, origin: PUBLIC_URL },
      ],
      ['a portal token', { authorization: `Bearer ${world.token}` }],
      ['a portal token without Bearer', { authorization: world.token }],
      ['the operator token in the key header', { 'x-api-key': ADMIN_TOKEN }],
      // from the service's own page, so that the cookie's Origin check lets it reach the operator's check
      ['the operator token as the session cookie', { cookie: `byggdok_session=${ADMIN_TOKEN}`, origin: PUBLIC_URL }],
      ['the operator token as Basic credentials', { authorization: `Basic ${ADMIN_TOKEN}` }],
      ['the operator token without Bearer', { authorization: ADMIN_TOKEN }],
      ['the operator token and more', { authorization: `Bearer ${ADMIN_TOKEN} ${ADMIN_TOKEN}` }],
      ['the operator token in upper case', { authorization: `Bearer ${ADMIN_TOKEN.toUpperCase()}` }],
      ['the operator token cut short', { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
    ];
  });
  afterAll(() => t.close());

  it("finds the operator's routes as Fastify serves them, HEAD twins included", () => {
    const routes = operatorRoutes();
    const paths = new Set(routes.map((r) => r.path));
    expect(paths.size).toBeGreaterThanOrEqual(10);
    expect(routes).toContainEqual({ method: 'HEAD', path: '/admin/mail' });
    expect(routes).toContainEqual({ method: 'GET', path: '/metrics' });
  });

  it('refuses every operator route, in every method, to every credential but the operator token in its header', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const { method, path } of operatorRoutes()) {
      const url = concrete(path);
      for (const [label, headers] of credentials) {
        const response = await t.request({ method: method as 'GET', url, headers, payload: {} });
        calls += 1;
        if (response.status !== 401) wrong.push(`${label}: ${method} ${path} -> ${response.status}`);
        if (JSON.stringify(response.body).includes(ADMIN_TOKEN)) wrong.push(`${label}: ${method} ${path} echoes`);
      }
      for (const query of ['token', 'access_token', 'admin_token', 'bearer']) {
        const response = await t.request({ method: method as 'GET', url: `${url}?${query}=${ADMIN_TOKEN}` });
        calls += 1;
        if (response.status !== 401) wrong.push(`?${query}=: ${method} ${path} -> ${response.status}`);
      }
      // the operator token in its header gets past the check (a 400 or 404 for made-up ids and empty bodies)
      const real = await t.request({ method: method as 'GET', url, headers: ADMIN, payload: {} });
      if (real.status === 401) wrong.push(`operator token: ${method} ${path} -> 401`);
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  });

  it('answers OPTIONS on an operator route with nothing but a refusal', async () => {
    const wrong: string[] = [];
    for (const path of new Set(operatorRoutes().map((r) => r.path))) {
      const response = await t.request({
        method: 'OPTIONS',
        url: concrete(path),
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      if (![401, 404].includes(response.status)) wrong.push(`OPTIONS ${path} -> ${response.status}`);
      if (response.headers['access-control-allow-origin'] !== undefined) wrong.push(`OPTIONS ${path} allows CORS`);
    }
    expect(wrong).toEqual([]);
  });

  it('reaches no operator route without the token by another spelling of its path', async () => {
    const spellings = [
      '/admin/partners/',
      '/%61dmin/partners',
      '/admin%2Fpartners',
      '//admin/partners',
      '/admin//partners',
      '/admin/./partners',
      '/v1/../admin/partners',
      '/ADMIN/partners',
      '/Admin/Partners',
      '/v1/admin/partners',
      '/admin/partners;x=1',
      '/admin/partners%00',
      '/metrics/',
      '/%6detrics',
    ];
    const wrong: string[] = [];
    for (const url of spellings) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.request({ method, url, payload: { name: 'Spelled Partner' } });
        if (response.status < 400) wrong.push(`${method} ${url} -> ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // and none of them made a partner
    const partners = await t.request({ method: 'GET', url: '/admin/partners', headers: ADMIN });
    expect(JSON.stringify(partners.body)).not.toContain('Spelled Partner');
  });

  it("tells every cache not to keep the operator's answers (a new key, people's addresses, the outbox, metrics)", async () => {
    const partnerId = await t.createPartner('Cache Partner');
    const answers = {
      'POST /admin/partners/:partnerId/keys': await t.request({
        method: 'POST',
        url: `/admin/partners/${partnerId}/keys`,
        headers: ADMIN,
        payload: {},
      }),
      'GET /admin/partners': await t.request({ method: 'GET', url: '/admin/partners', headers: ADMIN }),
      'GET /admin/users': await t.request({
        method: 'GET',
        url: '/admin/users?email=ola%40example.test',
        headers: ADMIN,
      }),
      'GET /admin/mail': await t.request({ method: 'GET', url: '/admin/mail', headers: ADMIN }),
      'GET /metrics': await t.request({ method: 'GET', url: '/metrics', headers: ADMIN }),
    };
    const wrong: string[] = [];
    for (const [route, answer] of Object.entries(answers)) {
      if (answer.status >= 300) wrong.push(`${route} -> ${answer.status}`);
      if (!cacheControlOf(answer).includes('no-store')) wrong.push(`${route}: cache-control ${cacheControlOf(answer)}`);
    }
    expect(wrong).toEqual([]);
    // every GET the operator may call answers so, whatever it is
    for (const { method, path } of operatorRoutes().filter((r) => r.method === 'GET')) {
      const answer = await t.request({ method: 'GET', url: concrete(path), headers: ADMIN });
      if (!cacheControlOf(answer).includes('no-store'))
        wrong.push(`${method} ${path} (${answer.status}): cache-control ${cacheControlOf(answer)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists outgoing mail without the key a set-password link carries, queued or sent', async () => {
    const email = `ola-${randomSecret().slice(0, 8).toLowerCase()}@example.test`;
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: ADMIN,
      payload: { email, name: 'Ola', password: 'fjordhest-i-fjellet-42' },
    });
    expect(created.status).toBe(201);
    const asked = await t.request({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: PUBLIC_URL },
      payload: { email },
    });
    expect(asked.status).toBe(202);
    const queued = await t.request({ method: 'GET', url: '/admin/mail?status=queued', headers: ADMIN });
    expect(queued.status).toBe(200);
    const queuedText = JSON.stringify(queued.body);
    expect(queuedText).toContain(email);

    const received = (await lastMailTo(t, email))!;
    const token = setPasswordToken(received.text);
    expect(token.length).toBeGreaterThan(20);
    const sent = await t.request({ method: 'GET', url: '/admin/mail', headers: ADMIN });
    for (const text of [queuedText, JSON.stringify(sent.body)]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain('#token=');
    }
  });
});

describe('the generated operator token in the request log', () => {
  it('is redacted from a query, whatever the parameter a client put it in', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    // the token a first start makes (resolveAdminToken): adm_ and 256 random bits
    const token = `adm_${randomSecret()}`;
    const t = await createTestApp({ engine: 'pglite', logStream, options: { adminToken: token } });
    try {
      for (const query of ['t', 'auth', 'admin', 'bearer']) {
        await t.request({ method: 'GET', url: `/admin/partners?${query}=${token}` });
        await t.request({ method: 'GET', url: `/v1/building_owners?${query}=${encodeURIComponent(` ${token}`)}` });
      }
      const log = lines.join('');
      expect(log).toContain('/admin/partners?t=');
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.slice(4));
    } finally {
      await t.close();
    }
  });
});
