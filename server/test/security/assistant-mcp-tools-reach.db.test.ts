import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { createDeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestCustomer, createTestSession, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort } from '../helpers/service-process.js';
import { connectAssistant } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';

interface RpcAnswer {
  status: number;
  text: string;
  body: {
    result?: { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: any; tools?: any[] };
    error?: { code: number; message: string };
  } | null;
}

/**
 * Every building and owner tool of the MCP endpoint, called by an assistant of a person who may write (WRITE_ACCESS),
 * with another partner's ids, its ids mixed with the person's own, a report item or document of another building,
 * a private folder's or an archived document, and a building since archived; then the person lowered to READ_ACCESS
 * and NO_ACCESS and removed from the customer meanwhile, the same token still in the assistant's hands; a platform
 * administrator's assistant on the operator's and platform administrators' routes; resources named by malformed ids;
 * and other credentials at /mcp (the person's browser session, a portal token). Each held when this file was written
 * (mcp-reach.db.test.ts tries a READ_ACCESS person's token on the read tools). Real HTTP against a listening service.
 */
describe.each(testEngines())("an assistant's tools with ids it does not reach on %s", (engine) => {
  let t: TestApp;
  let base: string;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let other: Awaited<ReturnType<TestApp['seed']>>;
  let kari: string;
  let customerId: string;
  let token: string;
  let archivedBuilding: string;
  const docs: Record<'visible' | 'private' | 'archived' | 'stranger' | 'inArchivedBuilding', string> = {} as never;
  let myItem: string;
  let strangerItem: string;

  async function rpc(as: string | null, body: unknown, headers: Record<string, string> = {}): Promise<RpcAnswer> {
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...(as ? { authorization: `Bearer ${as}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: RpcAnswer['body'] = null;
    try {
      parsed = JSON.parse(text) as RpcAnswer['body'];
    } catch {
      parsed = null;
    }
    return { status: response.status, text, body: parsed };
  }
  const callTool = (name: string, args: Record<string, unknown>) =>
    rpc(token, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  const toolNames = async (): Promise<string[]> => {
    const listed = await rpc(token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    return (listed.body?.result?.tools ?? []).map((tool: { name: string }) => tool.name);
  };

  /** a refused tool call: a tool error with the route's 403 or 404, never a result */
  function refused(answer: RpcAnswer, label: string) {
    expect(answer.status, label).toBe(200);
    expect(answer.body?.result?.isError, `${label}: ${answer.text.slice(0, 300)}`).toBe(true);
    expect(answer.body?.result?.content?.[0]?.text, label).toMatch(/^40[34] /);
    expect(answer.body?.result?.structuredContent, label).toBeUndefined();
  }
  function answered(answer: RpcAnswer, label: string) {
    expect(answer.body?.result?.isError ?? false, `${label}: ${answer.text.slice(0, 300)}`).toBe(false);
    expect(answer.body?.result?.structuredContent, label).toBeDefined();
  }

  const reportItem = async (key: string, ownerId: string, buildingId: string) => {
    const path = `/v1/building_owners/${ownerId}/buildings/${buildingId}`;
    const made = await t.request({
      method: 'POST',
      url: `${path}/reports`,
      key,
      payload: { country: 'NO', version: 'v1' },
    });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const items = await t.request({ method: 'GET', url: `${path}/reports`, key });
    expect(items.status).toBe(200);
    const item = (items.body as { id: string; parentId: string | null }[]).find((i) => i.parentId !== null);
    return item!.id;
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      engine,
      workers: true,
      settings: { http: { publicUrl: base } },
      options: { publicUrl: base },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const db = t.deps.database.db;

    seed = await t.seed();
    const place = { db, ownerId: seed.ownerId, buildingId: seed.buildingId };
    docs.visible = await insertDocument({ ...place, path: 'FDV/Ventilasjon.pdf', pages: ['Filteret byttes årlig.'] });
    docs.private = await insertDocument({ ...place, path: 'Privat/Leie.pdf', pages: ['Husleien er hemmelig.'] });
    docs.archived = await insertDocument({ ...place, path: 'FDV/Gammel.pdf', pages: ['Filteret byttes aldri.'] });
    const building = `/v1/building_owners/${seed.ownerId}/buildings`;
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `${building}/${seed.buildingId}`,
          key: seed.key,
          payload: { privateFolders: ['Privat'] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `${building}/${seed.buildingId}/documents/${docs.archived}`,
          key: seed.key,
        })
      ).status,
    ).toBe(200);
    myItem = await reportItem(seed.key, seed.ownerId, seed.buildingId);
    // a second building of the same owner, archived with its document
    const made = await t.request({ method: 'PUT', url: building, key: seed.key, payload: { name: 'Revet bygg' } });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    archivedBuilding = made.body as string;
    docs.inArchivedBuilding = await insertDocument({
      db,
      ownerId: seed.ownerId,
      buildingId: archivedBuilding,
      path: 'FDV/Revet.pdf',
      pages: ['Filteret i det revne bygget.'],
    });
    expect((await t.request({ method: 'DELETE', url: `${building}/${archivedBuilding}`, key: seed.key })).status).toBe(
      200,
    );

    // another partner's owner, building, document and report
    other = await t.seed();
    docs.stranger = await insertDocument({
      db,
      ownerId: other.ownerId,
      buildingId: other.buildingId,
      path: 'FDV/Fremmed.pdf',
      pages: ['Filteret er fremmed.'],
    });
    strangerItem = await reportItem(other.key, other.ownerId, other.buildingId);

    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.test', name: 'Kari Nordmann', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
    kari = ((await created.json()) as { id: string }).id;
    ({ customerId } = await createTestCustomer(db, { buildingOwnerId: seed.ownerId }));
    await giveCustomerRole(db, { customerId, userId: kari, role: 'WRITE_ACCESS' });
    token = (await connectAssistant({ base, email: 'kari@example.test', password: PASSWORD })).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  it("refuses every owner and building tool another partner's ids, alone or mixed with her own", async () => {
    expect(await toolNames()).toEqual(expect.arrayContaining(['generate_deficiency_report', 'link_report_evidence']));
    answered(await callTool('get_building', { building_owner_id: seed.ownerId, building_id: seed.buildingId }), 'own');
    const reportsBefore = await t.deps.database.db.selectFrom('reports').select('id').execute();
    for (const [label, where] of [
      ['stranger', { ownerId: other.ownerId, buildingId: other.buildingId }],
      ['stranger building under her owner', { ownerId: seed.ownerId, buildingId: other.buildingId }],
      ['her building under the stranger', { ownerId: other.ownerId, buildingId: seed.buildingId }],
    ] as const) {
      const ids = { building_owner_id: where.ownerId, building_id: where.buildingId };
      const calls: [string, Record<string, unknown>][] = [
        ['count_documents_by_category', ids],
        ['list_category_documents', { ...ids, category: '36' }],
        ['get_building_status', ids],
        ['get_maintenance_plan', ids],
        ['get_deficiency_report', ids],
        ['list_report_items', ids],
        ['generate_deficiency_report', { ...ids, country: 'NO' }],
        ['link_report_evidence', { ...ids, item_id: strangerItem, document_id: docs.stranger }],
        ['read_document_pages', { ...ids, document_id: docs.stranger }],
      ];
      for (const [name, args] of calls) refused(await callTool(name, args), `${name} ${label}`);
    }
    for (const [name, args] of [
      ['list_buildings', {}],
      ['get_maintenance_plan', {}],
      ['ask_owner', { query: 'Hvor ofte byttes filteret?' }],
    ] as const) {
      refused(await callTool(name, { building_owner_id: other.ownerId, ...args }), `${name} stranger owner`);
    }
    // nothing was written in either building
    expect(await t.deps.database.db.selectFrom('reports').select('id').execute()).toEqual(reportsBefore);
    const links = await t.deps.database.db.selectFrom('report_item_documents').selectAll().execute();
    expect(links).toEqual([]);
  });

  it("links no evidence from another building, a private folder or the archive, nor to another building's item", async () => {
    const here = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    const attempts: [string, string, string][] = [
      ['stranger item', strangerItem, docs.visible],
      ['stranger document', myItem, docs.stranger],
      ['private document', myItem, docs.private],
      ['archived document', myItem, docs.archived],
      ['document of an archived building', myItem, docs.inArchivedBuilding],
    ];
    for (const [label, item_id, document_id] of attempts) {
      refused(await callTool('link_report_evidence', { ...here, item_id, document_id }), label);
    }
    const links = await t.deps.database.db.selectFrom('report_item_documents').selectAll().execute();
    expect(links).toEqual([]);
    // her own document on her own item is linked
    answered(await callTool('link_report_evidence', { ...here, item_id: myItem, document_id: docs.visible }), 'own');
  });

  it('shows nothing of a building once it is archived, by any tool or resource', async () => {
    const ids = { building_owner_id: seed.ownerId, building_id: archivedBuilding };
    for (const [name, args] of [
      ['get_building', ids],
      ['list_documents', ids],
      ['get_building_status', ids],
      ['count_documents_by_category', ids],
      ['search_building', { ...ids, query: 'filteret' }],
      ['get_document', { ...ids, document_id: docs.inArchivedBuilding }],
      ['read_document_pages', { ...ids, document_id: docs.inArchivedBuilding }],
      ['get_maintenance_plan', ids],
      ['generate_deficiency_report', { ...ids, country: 'NO' }],
    ] as const) {
      refused(await callTool(name, args), `${name} archived building`);
    }
    const listed = await callTool('list_buildings', { building_owner_id: seed.ownerId });
    expect(listed.text).not.toContain(archivedBuilding);
    const search = await callTool('search_owner', { building_owner_id: seed.ownerId, query: 'revne filteret' });
    expect(search.text).not.toContain(docs.inArchivedBuilding);
    const resource = await rpc(token, {
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/read',
      params: { uri: `byggdok://documents/${docs.inArchivedBuilding}` },
    });
    expect(resource.body?.error?.code).toBe(-32002);
    expect(resource.text).not.toMatch(/revne/);
    const resources = await rpc(token, { jsonrpc: '2.0', id: 3, method: 'resources/list' });
    expect(resources.text).toContain(docs.visible);
    expect(resources.text).not.toContain(docs.inArchivedBuilding);
  });

  it('follows the person when she is lowered or removed: the same token loses the write tools, then everything', async () => {
    const db = t.deps.database.db;
    const here = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    try {
      await giveCustomerRole(db, { customerId, userId: kari, role: 'READ_ACCESS' });
      const names = await toolNames();
      expect(names).toContain('get_building');
      expect(names).not.toContain('generate_deficiency_report');
      expect(names).not.toContain('link_report_evidence');
      const write = await callTool('generate_deficiency_report', { ...here, country: 'NO' });
      expect(write.body?.error?.message ?? write.body?.result?.content?.[0]?.text).toMatch(/not found|^403 /);
      answered(await callTool('get_building', here), 'read as READ_ACCESS');

      for (const lowered of ['NO_ACCESS', 'removed'] as const) {
        if (lowered === 'removed') {
          await db.deleteFrom('customer_members').where('user_id', '=', kari).execute();
        } else {
          await giveCustomerRole(db, { customerId, userId: kari, role: lowered });
        }
        const owners = await callTool('list_building_owners', {});
        expect(owners.body?.result?.structuredContent.buildingOwners, lowered).toEqual([]);
        refused(await callTool('get_building', here), `get_building ${lowered}`);
        refused(await callTool('get_document', { ...here, document_id: docs.visible }), `get_document ${lowered}`);
        refused(
          await callTool('search_owner', { building_owner_id: seed.ownerId, query: 'filteret' }),
          `search_owner ${lowered}`,
        );
        const resource = await rpc(token, {
          jsonrpc: '2.0',
          id: 2,
          method: 'resources/read',
          params: { uri: `byggdok://documents/${docs.visible}` },
        });
        expect(resource.body?.error?.code, lowered).toBe(-32002);
        const resources = await rpc(token, { jsonrpc: '2.0', id: 3, method: 'resources/list' });
        expect(resources.text, lowered).not.toContain(docs.visible);
      }
    } finally {
      await giveCustomerRole(db, { customerId, userId: kari, role: 'WRITE_ACCESS' });
    }
  });

  it("refuses a platform administrator's assistant on the operator's and the platform administrators' routes", async () => {
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pia@example.test', name: 'Pia', password: PASSWORD, platformAdmin: true }),
    });
    expect(created.status).toBe(201);
    const admin = (await connectAssistant({ base, email: 'pia@example.test', password: PASSWORD })).accessToken;
    const kariStatus = async () =>
      (await t.deps.database.db.selectFrom('users').select('status').where('id', '=', kari).executeTakeFirstOrThrow())
        .status;
    const statusBefore = await kariStatus();
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/users'],
      ['PUT', `/admin/users/${kari}/status`, { status: 'deactivated' }],
      ['PUT', `/admin/users/${kari}/password`, { password: 'en-helt-annen-frase-99' }],
      ['POST', '/construction/admin/email', { userIds: [kari], subject: 'Hei', text: 'Klikk her' }],
      ['DELETE', `/construction/admin/projects/${customerId}`],
    ];
    for (const [method, path, body] of routes) {
      for (const headers of [{}, { 'x-byggdok-mcp-call': 'guess' }] as Record<string, string>[]) {
        const answer = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${admin}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect(answer.status, `${method} ${path}`).toBe(401);
      }
    }
    // Kari is as she was, and no mail was stored for her
    expect(await kariStatus()).toBe(statusBefore);
    const mails = await t.deps.database.db.selectFrom('mail_messages').select('id').execute();
    expect(mails).toEqual([]);
  });

  it('answers a resource named by a malformed or padded id as not found, as for any other', async () => {
    for (const id of [
      '-'.repeat(36),
      `${docs.visible.slice(0, 35)}-`,
      docs.visible.replace(/[0-9a-f]/g, 'f').replace(/^f/, '0'),
    ]) {
      const answer = await rpc(token, {
        jsonrpc: '2.0',
        id: 2,
        method: 'resources/read',
        params: { uri: `byggdok://documents/${id}` },
      });
      expect(answer.status, id).toBe(200);
      expect(answer.body?.error?.code, `${id}: ${answer.text.slice(0, 200)}`).toBe(-32002);
    }
  });

  it("takes neither the person's browser session nor a portal token at /mcp, even from the service's own origin", async () => {
    const cookie = await createTestSession(t.deps.database.db, kari);
    // the cookie is good on the app's own routes
    const me = await fetch(`${base}/auth/me`, { headers: { cookie: `byggdok_session=${cookie}` } });
    expect(me.status).toBe(200);
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
    };
    for (const headers of [
      { cookie: `byggdok_session=${cookie}` },
      { cookie: `byggdok_session=${cookie}`, origin: base },
    ] as Record<string, string>[]) {
      const answer = await rpc(null, initialize, headers);
      // 403 where the cookie's cross-site check speaks first (no Origin), else 401: never served
      expect([401, 403], `${JSON.stringify(headers)} ${answer.text}`).toContain(answer.status);
      expect(answer.body?.result).toBeUndefined();
    }
    const tool = await rpc(
      null,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_building_owners', arguments: {} } },
      { cookie: `byggdok_session=${cookie}`, origin: base },
    );
    expect(tool.status).toBe(401);
    expect(tool.body?.result).toBeUndefined();
    // nor a subcontractor's portal token, whoever's project it opens
    const portal = (await createDeliveryWorld(t)).token;
    const byPortal = await rpc(portal, initialize);
    expect(byPortal.status).toBe(401);
    expect(byPortal.body?.result).toBeUndefined();
    expect(tool.text).not.toContain(seed.ownerId);
  });
});
