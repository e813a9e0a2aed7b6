import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_DEPTH, MAX_ARGUMENT_PROBLEMS } from '../../src/integrations/mcp/tool-schemas.js';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestCustomer, createTestSession, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort } from '../helpers/service-process.js';
import { connectAssistant } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';

interface RpcAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: {
    result?: { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: any; tools?: any[] };
    error?: { code: number; message: string };
  } | null;
}

/**
 * The MCP endpoint attacked as an assistant, or as a page in a browser, would: an assistant's OAuth token (a person
 * with READ_ACCESS) sent at every tool and resource with ids it does not reach (another partner's owner, a private
 * folder, an archived document, another customer's project), after its person lost the customer, past its expiry;
 * `/mcp` under other spellings of its path from another site's page (`/mcp/` and `/%6dcp` reached the same handler
 * without the Origin check, which is what the MCP transport specification asks against DNS rebinding); arguments
 * nested thousands deep (a JSON-RPC internal error, "Maximum call stack size exceeded") and 80,000 unknown arguments (a
 * tool error of 3 MB). The last two failed before the route's Origin check went by the route reached and arguments
 * were checked for depth (and their problems counted) before they were copied.
 */
describe.each(testEngines())('the MCP endpoint under attack on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let kari: string;
  let token: string;
  const docs: Record<'visible' | 'private' | 'archived' | 'stranger', string> = {} as never;
  let stranger: { ownerId: string; buildingId: string };
  let mine: DeliveryWorld;
  let theirs: DeliveryWorld;
  let readerCustomer: string;

  async function rpc(
    token: string | null,
    body: unknown,
    init: { path?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${base}${init.path ?? '/mcp'}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: RpcAnswer['body'] = null;
    try {
      parsed = JSON.parse(text) as RpcAnswer['body'];
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, text, body: parsed } satisfies RpcAnswer;
  }

  const callTool = (name: string, args: Record<string, unknown>, as = token) =>
    rpc(as, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  const readResource = (documentId: string, as = token) =>
    rpc(as, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: `byggdok://documents/${documentId}` } });
  const INITIALIZE = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attacker', version: '1' } },
  };

  /** a refused tool call: a tool error with the route's 403 or 404, never a result */
  function refused(answer: RpcAnswer, label: string) {
    expect(answer.status, label).toBe(200);
    expect(answer.body?.result?.isError, `${label}: ${answer.text.slice(0, 300)}`).toBe(true);
    expect(answer.body?.result?.content?.[0]?.text, label).toMatch(/^40[34] /);
    expect(answer.body?.result?.structuredContent, label).toBeUndefined();
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const db = t.deps.database.db;

    seed = await t.seed();
    const place = { db, ownerId: seed.ownerId, buildingId: seed.buildingId };
    docs.visible = await insertDocument({ ...place, path: 'FDV/Ventilasjon.pdf', pages: ['Filteret byttes årlig.'] });
    docs.private = await insertDocument({
      ...place,
      path: 'Privat/Leiekontrakt.pdf',
      pages: ['Husleien er hemmelig.'],
    });
    docs.archived = await insertDocument({ ...place, path: 'FDV/Gammel.pdf', pages: ['Filteret byttes aldri.'] });
    const patched = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { privateFolders: ['Privat'] },
    });
    expect(patched.status).toBe(200);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${docs.archived}`,
      key: seed.key,
    });
    expect(deleted.status).toBe(200);

    // another partner's owner, building and document
    const other = await t.seed();
    stranger = { ownerId: other.ownerId, buildingId: other.buildingId };
    docs.stranger = await insertDocument({ db, ...stranger, path: 'FDV/Fremmed.pdf', pages: ['Filteret er fremmed.'] });

    // Kari reads the seeded owner through one customer, and a construction project through another
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.test', name: 'Kari Nordmann', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
    kari = ((await created.json()) as { id: string }).id;
    ({ customerId: readerCustomer } = await createTestCustomer(db, { buildingOwnerId: seed.ownerId }));
    await giveCustomerRole(db, { customerId: readerCustomer, userId: kari, role: 'READ_ACCESS' });
    mine = await createDeliveryWorld(t, { projectName: 'Karis prosjekt' });
    theirs = await createDeliveryWorld(t, { projectName: 'Andres prosjekt' });
    await giveCustomerRole(db, { customerId: mine.customerId, userId: kari, role: 'READ_ACCESS' });

    token = (await connectAssistant({ base, email: 'kari@example.test', password: PASSWORD })).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  it("gives an assistant's token exactly its person's reach, tool by tool and resource by resource", async () => {
    // READ_ACCESS everywhere: no write tool listed, and one called by name anyway is not there
    const listed = await rpc(token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const names = (listed.body?.result?.tools ?? []).map((tool: { name: string }) => tool.name);
    expect(names).toContain('get_document');
    for (const write of ['generate_deficiency_report', 'link_report_evidence']) {
      expect(names).not.toContain(write);
      const called = await callTool(write, {
        building_owner_id: seed.ownerId,
        building_id: seed.buildingId,
        country: 'NO',
        item_id: docs.visible,
        document_id: docs.visible,
      });
      expect(called.body?.error?.message, write).toMatch(/not found/);
    }
    const reports = await t.deps.database.db.selectFrom('reports').select('id').execute();
    expect(reports).toEqual([]);

    const owners = await callTool('list_building_owners', {});
    expect(owners.body?.result?.structuredContent.buildingOwners.map((o: { id: string }) => o.id)).toEqual([
      seed.ownerId,
    ]);
    const visible = await callTool('get_document', {
      building_owner_id: seed.ownerId,
      building_id: seed.buildingId,
      document_id: docs.visible,
    });
    expect(visible.body?.result?.structuredContent).toMatchObject({ id: docs.visible });
    expect((await readResource(docs.visible)).body?.result).toBeDefined();

    // another partner's owner and building, by their own ids and mixed with hers
    for (const [label, where] of [
      ['stranger', stranger],
      ['stranger building under her owner', { ownerId: seed.ownerId, buildingId: stranger.buildingId }],
      ['her building under the stranger', { ownerId: stranger.ownerId, buildingId: seed.buildingId }],
    ] as const) {
      const ids = { building_owner_id: where.ownerId, building_id: where.buildingId };
      refused(await callTool('get_building', ids), `get_building ${label}`);
      refused(await callTool('list_documents', ids), `list_documents ${label}`);
      refused(await callTool('search_building', { ...ids, query: 'filteret' }), `search_building ${label}`);
      refused(await callTool('get_document', { ...ids, document_id: docs.stranger }), `get_document ${label}`);
      refused(await callTool('ask_building', { ...ids, query: 'Hvor ofte byttes filteret?' }), `ask ${label}`);
    }
    refused(await callTool('search_owner', { building_owner_id: stranger.ownerId, query: 'filteret' }), 'owner');
    refused(await callTool('get_owner_status', { building_owner_id: stranger.ownerId }), 'owner status');

    // a private folder's, an archived and another partner's document, by every way to a document
    const here = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    for (const which of ['private', 'archived', 'stranger'] as const) {
      const document_id = docs[which];
      refused(await callTool('get_document', { ...here, document_id }), `get_document ${which}`);
      refused(await callTool('read_document_pages', { ...here, document_id }), `read_document_pages ${which}`);
      const resource = await readResource(document_id);
      expect(resource.body?.error?.code, which).toBe(-32002);
      expect(resource.text, which).not.toMatch(/hemmelig|aldri|fremmed/i);
    }
    const search = await callTool('search_owner', { building_owner_id: seed.ownerId, query: 'filteret husleien' });
    const hits = search.body?.result?.structuredContent.hits.map((h: { id: string }) => h.id) ?? [];
    expect(hits).not.toContain(docs.private);
    expect(hits).not.toContain(docs.archived);
    const resources = await rpc(token, { jsonrpc: '2.0', id: 3, method: 'resources/list' });
    expect(resources.text).toContain(docs.visible);
    for (const which of ['private', 'archived', 'stranger'] as const) expect(resources.text).not.toContain(docs[which]);

    // construction: her customer's project, never another customer's (by its own customer or hers)
    const customers = await callTool('list_customers', {});
    expect(customers.body?.result?.structuredContent.customers.map((c: { id: string }) => c.id).sort()).toEqual(
      [mine.customerId, readerCustomer].sort(),
    );
    const project = await callTool('get_project', { customer_id: mine.customerId, project_id: mine.projectId });
    expect(project.body?.result?.structuredContent).toMatchObject({ id: mine.projectId });
    for (const customer_id of [theirs.customerId, mine.customerId]) {
      const ids = { customer_id, project_id: theirs.projectId };
      refused(await callTool('get_project', ids), `get_project ${customer_id}`);
      refused(await callTool('list_subcontractors', ids), `list_subcontractors ${customer_id}`);
    }
    refused(await callTool('list_projects', { customer_id: theirs.customerId }), 'list_projects');
    refused(await callTool('list_deliveries', { project_id: theirs.projectId }), 'list_deliveries');
    refused(await callTool('get_missing_documentation', { project_id: theirs.projectId }), 'missing');
  });

  it('follows the person: a lost customer is lost at the next call, a deactivated person or an expired token is 401', async () => {
    const db = t.deps.database.db;
    await db
      .deleteFrom('customer_members')
      .where('user_id', '=', kari)
      .where('customer_id', '=', readerCustomer)
      .execute();
    try {
      const owners = await callTool('list_building_owners', {});
      expect(owners.body?.result?.structuredContent.buildingOwners).toEqual([]);
      refused(
        await callTool('get_building', { building_owner_id: seed.ownerId, building_id: seed.buildingId }),
        'lost customer',
      );
      expect((await readResource(docs.visible)).body?.error?.code).toBe(-32002);
    } finally {
      await giveCustomerRole(db, { customerId: readerCustomer, userId: kari, role: 'READ_ACCESS' });
    }

    // the same token, signed by the provider's own key but an hour past its end
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const setting = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'oidc_signing_key')
      .executeTakeFirstOrThrow();
    const jwk = JSON.parse(String(setting.value)) as { kid: string } & Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
      .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
    const answer = await rpc(expired, INITIALIZE);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await rpc(token, INITIALIZE)).status).toBe(200);

    await fetch(`${base}/admin/users/${kari}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'deactivated' }),
    });
    try {
      expect((await callTool('list_building_owners', {})).status).toBe(401);
    } finally {
      await fetch(`${base}/admin/users/${kari}/status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'active' }),
      });
    }
    // deactivation ended her grants: the old token stays dead once she is back; she allows the assistant again
    expect((await rpc(token, INITIALIZE)).status).toBe(401);
    token = (await connectAssistant({ base, email: 'kari@example.test', password: PASSWORD })).accessToken;
    expect((await rpc(token, INITIALIZE)).status).toBe(200);
  });

  it("refuses another site's page on every spelling of /mcp, and takes no browser cookie as a credential", async () => {
    const key = { 'x-api-key': seed.key };
    for (const path of ['/mcp', '/mcp/', '/mcp?x=1', '/mcp/?x=1', '/%6dcp', '/%6Dcp/']) {
      for (const origin of ['https://evil.example', 'null', `http://evil.example:${new URL(base).port}`]) {
        const answer = await rpc(null, INITIALIZE, { path, headers: { ...key, origin } });
        expect(answer.status, `${path} ${origin}`).toBe(403);
        expect(answer.text, `${path} ${origin}`).toContain('mcp.origin_not_allowed');
        expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
      }
      // the preflight a browser sends first is refused alike
      const preflight = await fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status, `OPTIONS ${path}`).toBe(403);
      // the service's own page is served, with its CORS headers, on every spelling
      const own = await rpc(null, INITIALIZE, { path, headers: { ...key, origin: base } });
      expect(own.status, `${path} own`).toBe(200);
      expect(own.headers.get('access-control-allow-origin'), `${path} own`).toBe(base);
    }

    // a live session cookie of the person, from the service's own origin: not a credential here
    const cookie = `byggdok_session=${await createTestSession(t.deps.database.db, kari)}`;
    for (const path of ['/mcp', '/mcp/', '/%6dcp']) {
      const answer = await rpc(null, INITIALIZE, { path, headers: { cookie, origin: base } });
      expect(answer.status, path).toBe(401);
      const withTool = await rpc(
        null,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_building_owners', arguments: {} } },
        { path, headers: { cookie, origin: base } },
      );
      expect(withTool.status, path).toBe(401);
      expect(withTool.text, path).not.toContain(seed.ownerId);
    }
  });

  it('answers arguments nested thousands deep or by the tens of thousands as a short tool error naming them', async () => {
    const deepObject = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const [label, nested] of [
      ['objects', deepObject],
      ['arrays', deepArray],
    ] as const) {
      const answer = await rpc(
        token,
        `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_documents","arguments":{"building_owner_id":"${seed.ownerId}","building_id":"${seed.buildingId}","limit":${nested}}}}`,
      );
      expect(answer.status, label).toBe(200);
      expect(answer.body?.error, `${label}: ${answer.text.slice(0, 200)}`).toBeUndefined();
      expect(answer.body?.result?.isError, label).toBe(true);
      expect(answer.body?.result?.content?.[0]?.text, label).toMatch(
        new RegExp(`^Invalid arguments for list_documents: limit.*: nested more than ${MAX_ARGUMENT_DEPTH} levels`),
      );
    }

    const unknown: Record<string, number> = {};
    for (let i = 0; i < 80_000; i++) unknown[`k${i}`] = 1;
    const many = await callTool('list_building_owners', unknown);
    expect(many.body?.result?.isError).toBe(true);
    const text = many.body!.result!.content![0]!.text;
    expect(text.length).toBeLessThan(1_000);
    expect(text).toContain('k0: is not an argument of this tool');
    expect(text).toContain(`and ${80_000 - MAX_ARGUMENT_PROBLEMS} more problems`);

    // a well-formed call still answers after them
    const after = await callTool('list_building_owners', { limit: 5 });
    expect(after.body?.result?.structuredContent.buildingOwners).toHaveLength(1);
  });
});
