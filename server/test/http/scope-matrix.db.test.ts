import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations, readsOnly, sampleRequest, type Operation } from '../helpers/openapi-operations.js';
import { createTestUser } from '../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The scope matrix: every operation of the partner and admin interfaces, read from the service's own /openapi.json,
 * called with every kind of credential against the resources of two partners. A credential that does not reach a
 * resource gets 401/403/404 and never a word about it; a new route that this table does not know fails the test.
 */

/** operations outside the matrix, and why */
const NOT_IN_MATRIX: Record<string, string> = {
  'GET /healthz': 'public by design',
  'GET /readyz': 'public by design',
  'GET /auth/login': 'public: starts a sign-in (tested in sign-in.db.test.ts)',
  'GET /auth/callback': 'public: ends a sign-in (tested in sign-in.db.test.ts)',
  'GET /auth/logout': 'public: a page with the sign-out button, ends nothing (security/sign-in.db.test.ts)',
  'POST /auth/logout': "the session's own Origin only (security/sign-in.db.test.ts)",
  'POST /auth/set-password': 'public: a one-time link is the credential (security/sign-in.db.test.ts)',
  'POST /auth/set-password/check': 'public: a one-time link is the credential (security/sign-in.db.test.ts)',
  'POST /auth/forgot-password': 'public: the same answer for any address (security/sign-in.db.test.ts)',
  'POST /auth/me/password':
    "the person's own account: nobody, partner keys, assistants and bad fields in security/sign-in.db.test.ts",
  'GET /auth/me/sessions': "the person's own sessions: others' ids are 404 (security/sign-in.db.test.ts)",
  'POST /auth/me/sessions/sign-out-others': "the person's own sessions (security/sign-in.db.test.ts)",
  'DELETE /auth/me/sessions/{sessionId}':
    "the person's own sessions: others' ids are 404 (security/sign-in.db.test.ts)",
  'GET /auth/me/assistants': "the person's own assistants (security/sign-in.db.test.ts)",
  'GET /auth/me/history':
    "the person's own history: nobody else's, not by another's page token, a partner key or an assistant (security/person-history.db.test.ts)",
  'DELETE /auth/me/assistants/{assistantId}':
    "the person's own assistants: others' are 404 (security/sign-in.db.test.ts)",
  'GET /auth/me': "people's routes: refused to partner keys and nobody in me-and-customers.db.test.ts",
  'PATCH /auth/me':
    "the person's name and language: refused to partner keys, nobody and other sites in me-and-customers.db.test.ts",
  'POST /integrations/s3/events': 'its own shared-secret token, and only when configured (s3-events tests)',
};

/**
 * The application's routes for people have their own table of every role on every route
 * (construction-roles.db.test.ts, which fails for a route it does not know).
 */
const PEOPLE_ROUTES = /^[A-Z]+ \/(construction\/(?!public\/)|auth\/api-keys|integrations\/)/;

/** the subcontractor portal: its token only, checked route by route in portal-isolation.db.test.ts */
const PORTAL_ROUTES = /^[A-Z]+ \/construction\/public\//;

interface World {
  partnerId: string;
  ownerId: string;
  ownerName: string;
  buildingId: string;
  buildingName: string;
  documentId: string;
  documentName: string;
  itemId: string;
  threadId: string;
  taskId: string;
  key: string;
  keyId: string;
}

describe.each(testEngines())('scope matrix on %s', (engine) => {
  let t: TestApp;
  let operations: Operation[];
  let a: World;
  let b: World;
  /** credentials of partner A that reach less than A's whole-partner key */
  let aScopedKey: string;
  let aToken: string;
  let bToken: string;
  let personKey: string;
  let revokedKey: string;

  async function world(label: string): Promise<World> {
    const partnerId = await t.createPartner(`Partner ${label}`);
    const { id: keyId, key } = await t.createKey({ partnerId });
    const ownerName = `Eier ${label} ${partnerId.slice(-6)}`;
    const owner = await t.request({ method: 'POST', url: '/v1/building_owners', key, payload: { name: ownerName } });
    const buildingName = `Bygg ${label} ${partnerId.slice(-6)}`;
    const building = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${owner.body.id}/buildings`,
      key,
      payload: { name: buildingName },
    });
    const seed = { key, ownerId: owner.body.id as string, buildingId: building.body as string };
    const documentName = `Brannstrategi ${label} ${partnerId.slice(-6)}.txt`;
    const documentId = await t.upload({
      seed,
      filename: `FDV/${documentName}`,
      bytes: Buffer.from(`Brannstrategi for bygg ${label}: rømningsveier og brannalarm.`),
      contentType: 'text/plain',
    });
    const report = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/reports`,
      key,
      payload: { country: 'NO', version: 'v1' },
    });
    expect(report.status).toBe(200);
    const items = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/reports`,
      key,
    });
    const itemId = (items.body as { id: string }[])[0]?.id ?? '';
    expect(itemId).not.toBe('');
    const asked = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
      key,
      payload: { query: 'Hvor er rømningsveiene?' },
    });
    expect(asked.status).toBe(200);
    const threadId = asked.body.thread_id as string;
    const task = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/maintenance_tasks`,
      key,
      payload: { component: `Sprinklersentral ${label}`, action: 'inspect', interval: { every: 1, unit: 'year' } },
    });
    expect(task.status).toBe(201);
    const taskId = task.body.id as string;
    return { partnerId, keyId, ...seed, ownerName, buildingName, documentId, documentName, itemId, threadId, taskId };
  }

  async function sessionToken(w: World): Promise<string> {
    const response = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${w.ownerId}/sessions`,
      key: w.key,
      payload: { expires_in: 600 },
    });
    expect(response.status).toBe(200);
    return (response.body.token ?? response.body.session_token ?? response.body.id) as string;
  }

  beforeAll(async () => {
    // workers: reports are generated by a job
    t = await createTestApp({ engine, workers: true });
    a = await world('A');
    b = await world('B');
    const secondBuilding = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${a.ownerId}/buildings`,
      key: a.key,
      payload: { name: 'Bygg A2' },
    });
    aScopedKey = (await t.createKey({ partnerId: a.partnerId, buildingIds: [secondBuilding.body as string] })).key;
    aToken = await sessionToken(a);
    bToken = await sessionToken(b);
    personKey = (await createTestUser(t.deps.database.db)).key;
    const revoked = await t.createKey({ partnerId: a.partnerId });
    const revoke = await t.request({
      method: 'DELETE',
      url: `/admin/keys/${revoked.id}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(revoke.status).toBe(204);
    revokedKey = revoked.key;

    operations = await documentedOperations(t);
  });
  afterAll(() => t.close());

  function requestOf(operation: Operation, ids: World, extra: Record<string, string> = {}) {
    return sampleRequest(operation, {
      buildingOwnerId: ids.ownerId,
      buildingId: ids.buildingId,
      documentId: ids.documentId,
      itemId: ids.itemId,
      threadId: ids.threadId,
      taskId: ids.taskId,
      buildingCategory: '221',
      partnerId: ids.partnerId,
      keyId: ids.keyId,
      userId: 'user_00000000000000000000000000',
      projectId: '01a20e45-dc00-70be-9553-5ccb0cb89e6e',
      // a partner's webhooks, other partners' ids among them: webhooks.db.test.ts
      webhookId: '0190d6a4-0000-7000-8000-0000000000aa',
      ...extra,
    });
  }

  const partnerOperations = () => operations.filter((o) => o.path.startsWith('/v1/'));
  const adminOperations = () => operations.filter((o) => o.path.startsWith('/admin/'));
  const reads = readsOnly;

  /** what an answer tells about a world's resources, beyond the ids the caller itself sent */
  function mentions(body: unknown, w: World, sent = ''): string[] {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return [
      w.ownerId,
      w.buildingId,
      w.documentId,
      w.itemId,
      w.threadId,
      w.taskId,
      w.ownerName,
      w.buildingName,
      w.documentName,
    ].filter((s) => text.includes(s) && !sent.includes(s));
  }

  it('knows every operation the service documents', () => {
    const known = [...partnerOperations(), ...adminOperations()].map((o) => `${o.method} ${o.path}`);
    const rest = operations.map((o) => `${o.method} ${o.path}`).filter((o) => !known.includes(o));
    // a route added without a place in this matrix (or a reason to stay out of it) fails here
    const outside = (operation: string) =>
      operation in NOT_IN_MATRIX || PEOPLE_ROUTES.test(operation) || PORTAL_ROUTES.test(operation);
    expect(rest.filter((operation) => !outside(operation))).toEqual([]);
    expect(partnerOperations().length).toBeGreaterThanOrEqual(30);
  });

  it('answers 401 to every partner and admin operation without a usable credential', async () => {
    const credentials: [string, Record<string, string>][] = [
      ['none', {}],
      ['made-up key', { 'x-api-key': 'fk_live_madeup000000000000000000000000' }],
      ['revoked key', { 'x-api-key': revokedKey }],
      ['made-up bearer token', { authorization: 'Bearer ft_madeup' }],
    ];
    const wrong: string[] = [];
    for (const operation of [...partnerOperations(), ...adminOperations()]) {
      for (const [label, headers] of credentials) {
        const sent = requestOf(operation, a);
        const response = await t.request({ ...sent, headers });
        if (response.status !== 401)
          wrong.push(`${label}: ${operation.method} ${operation.path} -> ${response.status}`);
        if (mentions(response.body, a, sent.url).length > 0)
          wrong.push(`${label}: ${operation.method} ${operation.path} leaks`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses every partner operation on partner A's resources to every credential that does not reach them, and tells nothing about them", async () => {
    const strangers: [string, { key?: string; token?: string; headers?: Record<string, string> }][] = [
      ["partner B's key", { key: b.key }],
      ["partner B's session token", { token: bToken }],
      ["A's key for another building", { key: aScopedKey }],
      ["a person's key with no customer", { key: personKey }],
    ];
    const wrong: string[] = [];
    let calls = 0;
    for (const operation of partnerOperations()) {
      if (!operation.path.includes('{buildingOwnerId}')) continue;
      for (const [label, credential] of strangers) {
        // a key for another building of A's owner reaches the owner itself: only its building-level operations apply
        if (label.startsWith("A's key") && !operation.path.includes('{buildingId}')) continue;
        const sent = requestOf(operation, a);
        const response = await t.request({ ...sent, ...credential });
        calls += 1;
        if (![403, 404].includes(response.status))
          wrong.push(`${label}: ${operation.method} ${operation.path} -> ${response.status}`);
        const leaked = mentions(response.body, a, sent.url);
        if (leaked.length > 0) wrong.push(`${label}: ${operation.method} ${operation.path} leaks ${leaked.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(100);
  });

  it("never mixes partner B's resources into paths of partner A's owner (swapped ids are not there)", async () => {
    const wrong: string[] = [];
    const swaps: [string, Record<string, string>][] = [
      ["B's building", { buildingId: b.buildingId }],
      ["B's document", { documentId: b.documentId }],
      ["B's report item", { itemId: b.itemId }],
      ["B's ask thread", { threadId: b.threadId }],
      ["B's maintenance task", { taskId: b.taskId }],
    ];
    for (const operation of partnerOperations()) {
      for (const [label, swap] of swaps) {
        const name = Object.keys(swap)[0] ?? '';
        if (!operation.path.includes(`{${name}}`)) continue;
        const sent = requestOf(operation, a, swap);
        const response = await t.request({ ...sent, key: a.key });
        if (![403, 404].includes(response.status))
          wrong.push(`${label}: ${operation.method} ${operation.path} -> ${response.status}`);
        const leaked = mentions(response.body, b, sent.url);
        if (leaked.length > 0) wrong.push(`${label}: ${operation.method} ${operation.path} leaks ${leaked.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a session token reads its owner and writes nothing', async () => {
    const wrong: string[] = [];
    for (const operation of partnerOperations()) {
      if (!operation.path.includes('{buildingOwnerId}')) continue;
      const response = await t.request({ ...requestOf(operation, a), token: aToken });
      if (reads(operation)) {
        if (response.status >= 400) wrong.push(`read ${operation.method} ${operation.path} -> ${response.status}`);
      } else if (response.status !== 403) {
        wrong.push(`write ${operation.method} ${operation.path} -> ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 for ids that do not exist, to the key that owns the path', async () => {
    const wrong: string[] = [];
    const missing = '0190d6a4-0000-7000-8000-000000000000';
    for (const operation of partnerOperations().filter(reads)) {
      const params = ['buildingId', 'documentId', 'itemId', 'threadId', 'taskId'].filter((p) =>
        operation.path.includes(`{${p}}`),
      );
      for (const param of params) {
        const response = await t.request({ ...requestOf(operation, a, { [param]: missing }), key: a.key });
        if (response.status !== 404)
          wrong.push(`${param}: ${operation.method} ${operation.path} -> ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses the operator's routes to partner keys, tokens and people (401), and the partner routes to the operator token", async () => {
    const wrong: string[] = [];
    for (const operation of adminOperations()) {
      for (const [label, credential] of [
        ["A's key", { key: a.key }],
        ["A's session token", { token: aToken }],
        ["a person's key", { key: personKey }],
      ] as const) {
        const response = await t.request({ ...requestOf(operation, a), ...credential });
        if (response.status !== 401)
          wrong.push(`${label}: ${operation.method} ${operation.path} -> ${response.status}`);
      }
    }
    for (const operation of partnerOperations()) {
      const response = await t.request({
        ...requestOf(operation, a),
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      if (response.status !== 401)
        wrong.push(`operator token: ${operation.method} ${operation.path} -> ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
