import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpCallHeaders } from '../../src/http/plugins/partner-auth.js';
import { createSubcontractor, portalUpload } from '../helpers/delivery-fixtures.js';
import { createTestCustomer, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort } from '../helpers/service-process.js';
import { asBrowser, connectAssistant, signInWithPassword } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';
const DAY = 24 * 3_600_000;

/**
 * Credentials and their reach, attacked through real HTTP: an assistant's OAuth token (issued for /mcp) tried on REST
 * routes, with a guessed MCP-call header, and inside the MCP endpoint on the routes that hand out access; a partner's
 * session token on those routes; personal keys without an end or with one too far away; the customer's ADMIN looking
 * for a key's creation and use in the audit log. Written to fail before credentials carried their reach (issue 41,
 * item 2): the token then did everything its person could, and keys lived for ever, unseen by the customer.
 */
describe.each(testEngines())('credentials carry their reach on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let person: { userId: string; email: string };
  let customers: string[];
  let projectId: string;
  let subcontractorId: string;
  let portalToken: string;
  let buildingId: string;
  let personalKey: string;
  let assistantToken: string;
  let sessionToken: string;

  async function json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** the routes that hand out access, as the person's own credential reaches them */
  const handingOut = () => [
    { method: 'POST', path: '/auth/api-keys', body: { name: 'for ever' } },
    {
      method: 'POST',
      path: `/construction/customers/${customers[0]}/idp/users`,
      body: { email: 'owner@attacker.test', role: 'OWNER' },
    },
    {
      method: 'PUT',
      path: `/construction/customers/${customers[0]}/projects/${projectId}/idp/users/${person.userId}/role`,
      body: { role: 'ADMIN' },
    },
    {
      method: 'POST',
      path: `/construction/customers/${customers[0]}/projects/${projectId}/subcontractors/${subcontractorId}/tokens`,
      body: { expiresInDays: 365 },
    },
    // mails a fresh portal token to the subcontractor's address (which a writer may change)
    {
      method: 'POST',
      path: '/construction/deliveries/send-subcontractor-email',
      body: { projectId, subcontractorId },
    },
  ];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const created = await json(
      'POST',
      '/admin/users',
      { email: 'kari@example.test', name: 'Kari Nordmann', password: PASSWORD },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(created.status).toBe(201);
    person = { userId: created.body.id, email: 'kari@example.test' };
    const db = t.deps.database.db;
    customers = [];
    for (const name of ['Bygg & Betong AS', 'Rør og Rehab AS']) {
      const { customerId } = await createTestCustomer(db, { name });
      await giveCustomerRole(db, { customerId, userId: person.userId, role: 'ADMIN' });
      customers.push(customerId);
    }
    customers.sort();

    // the person's own key, made from her signed-in browser
    const { browser } = await signInWithPassword({ base, email: person.email, password: PASSWORD });
    const key = await asBrowser(browser, base, '/auth/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'setup' }),
    });
    expect(key.status).toBe(201);
    personalKey = ((await key.json()) as { key: string }).key;
    const project = await json(
      'POST',
      `/construction/customers/${customers[0]}/projects`,
      { name: 'Nye Bryggen', buildings: [{ name: 'Hus A' }] },
      { 'x-api-key': personalKey },
    );
    expect(project.status).toBe(201);
    projectId = project.body.id;
    buildingId = project.body.buildings[0].id;
    ({ subcontractorId, token: portalToken } = await createSubcontractor(t, {
      customerId: customers[0]!,
      projectId,
      key: personalKey,
      companyName: 'Rør & Varme AS',
    }));

    assistantToken = (await connectAssistant({ base, email: person.email, password: PASSWORD, browser })).accessToken;

    const seed = await t.seed();
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: {},
    });
    expect(session.status).toBe(200);
    sessionToken = session.body.token;
    expect(sessionToken).toEqual(expect.any(String));
  }, 120_000);
  afterAll(() => t?.close());

  it("refuses an assistant's token on every REST route, also with a guessed MCP-call header", async () => {
    const routes = [
      { method: 'GET', path: '/v1/building_owners' },
      { method: 'GET', path: '/building_owners' },
      { method: 'GET', path: '/auth/me' },
      { method: 'GET', path: '/construction/customers' },
      { method: 'GET', path: `/construction/customers/${customers[0]}/audit` },
      ...handingOut(),
    ];
    for (const guess of [{}, { 'x-byggdok-mcp-call': 'guess' }, { 'x-byggdok-mcp-call': '' }] as Record<
      string,
      string
    >[]) {
      for (const route of routes) {
        const answer = await json(route.method, route.path, 'body' in route ? route.body : undefined, {
          authorization: `Bearer ${assistantToken}`,
          ...guess,
        });
        expect(answer.status, `${route.method} ${route.path}`).toBe(401);
        expect(answer.body.code).toBe('auth.credential_not_accepted');
      }
    }
    // nothing was made
    const keys = await t.deps.database.db.selectFrom('user_api_keys').select('name').execute();
    expect(keys.map((k) => k.name)).not.toContain('for ever');
  });

  it('serves the same token at /mcp, where its tools read what the person reads', async () => {
    const call = async (id: number, method: string, params: unknown) =>
      json(
        'POST',
        '/mcp',
        { jsonrpc: '2.0', id, method, params },
        {
          authorization: `Bearer ${assistantToken}`,
          accept: 'application/json, text/event-stream',
        },
      );
    const init = await call(1, 'initialize', {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(init.status).toBe(200);
    const listed = await call(2, 'tools/call', { name: 'list_building_owners', arguments: {} });
    expect(listed.status).toBe(200);
    expect(listed.body.result.isError ?? false).toBe(false);
  });

  it('inside the MCP endpoint an assistant still hands out no access (403), though it reads', async () => {
    for (const route of handingOut()) {
      const answer = await t.request({
        method: route.method as 'POST',
        url: route.path,
        token: assistantToken,
        headers: mcpCallHeaders(),
        payload: route.body,
      });
      expect(answer.status, `${route.method} ${route.path}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.code).toBe('auth.credential_cannot_manage_access');
    }
    const reads = await t.request({
      method: 'GET',
      url: '/construction/customers',
      token: assistantToken,
      headers: mcpCallHeaders(),
    });
    expect(reads.status).toBe(200);
    // the person's own key does what the assistant may not
    const invite = await t.request({
      method: 'PUT',
      url: `/construction/customers/${customers[0]}/projects/${projectId}/idp/users/${person.userId}/role`,
      key: personalKey,
      payload: { role: 'ADMIN' },
    });
    expect(invite.status).toBe(200);
  });

  it("refuses a partner's session token on every route that hands out access", async () => {
    for (const route of handingOut()) {
      const answer = await json(route.method, route.path, route.body, { authorization: `Bearer ${sessionToken}` });
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      expect(answer.body.code).toBe('auth.user_required');
    }
  });

  it('gives a personal key 90 days when no end is named, and refuses more than a year', async () => {
    const before = Date.now();
    const plain = await json('POST', '/auth/api-keys', { name: 'no end' }, { 'x-api-key': personalKey });
    expect(plain.status).toBe(201);
    const lifetime = new Date(plain.body.expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(90 * DAY - 60_000);
    expect(lifetime).toBeLessThanOrEqual(90 * DAY + 60_000);

    const year = await json(
      'POST',
      '/auth/api-keys',
      { name: 'a year', expiresAt: new Date(Date.now() + 364 * DAY).toISOString() },
      { 'x-api-key': personalKey },
    );
    expect(year.status).toBe(201);
    for (const days of [367, 2 * 365, 100 * 365]) {
      const tooLong = await json(
        'POST',
        '/auth/api-keys',
        { name: 'too long', expiresAt: new Date(Date.now() + days * DAY).toISOString() },
        { 'x-api-key': personalKey },
      );
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors?.[0]?.path ?? JSON.stringify(tooLong.body)).toContain('/expiresAt');
    }
  });

  it("shows a key's creation and use in the log of every customer its person belongs to", async () => {
    const made = await json('POST', '/auth/api-keys', { name: 'audited' }, { 'x-api-key': personalKey });
    expect(made.status).toBe(201);
    // its first use
    expect((await json('GET', '/auth/me', undefined, { 'x-api-key': made.body.key })).status).toBe(200);
    for (const customerId of customers) {
      const log = await json('GET', `/construction/customers/${customerId}/audit?limit=1000`, undefined, {
        'x-api-key': personalKey,
      });
      expect(log.status).toBe(200);
      const aboutKey = (log.body.events as { action: string; target: { id: string } | null }[])
        .filter((event) => event.target?.id === made.body.id)
        .map((event) => event.action)
        .sort();
      expect(aboutKey, customerId).toEqual(['api_key.created', 'api_key.used']);
    }
    // a customer the person does not belong to sees nothing of it
    const { customerId: stranger } = await createTestCustomer(t.deps.database.db, { name: 'Annen AS' });
    const theirs = await t.deps.database.db
      .selectFrom('audit_events')
      .select('id')
      .where('customer_id', '=', stranger)
      .execute();
    expect(theirs).toEqual([]);
  });

  it('names the subcontractor its portal token was issued to as the actor, keeping the stated name apart', async () => {
    const documentId = await portalUpload(t, {
      projectId,
      subcontractorId,
      token: portalToken,
      buildingId,
      filename: 'Samsvarserklæring.pdf',
      bytes: Buffer.from('%PDF-1.4 samsvar'),
    });
    const log = await json('GET', `/construction/customers/${customers[0]}/audit?action=document.uploaded`, undefined, {
      'x-api-key': personalKey,
    });
    expect(log.status).toBe(200);
    const event = (log.body.events as { target: { id: string } | null }[]).find((e) => e.target?.id === documentId);
    // portalUpload states "Kari Rørlegger" as uploadedBy: free text anyone with the link can write
    expect(event).toMatchObject({
      actor: { kind: 'subcontractor', label: 'Rør & Varme AS' },
      details: { subcontractorId, statedBy: 'Kari Rørlegger' },
    });
  });
});
