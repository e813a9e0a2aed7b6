import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../../../src/integrations/mcp/tools.js';
import { createDelivery, createDeliveryWorld } from '../../../helpers/delivery-fixtures.js';
import { makePdf } from '../../../helpers/document-fixtures.js';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

/**
 * The MCP server at /mcp with the official MCP client over a real HTTP connection: the tools an assistant gets for
 * each kind of credential, what they return, and that they see exactly what the same credential sees over REST.
 */
describe.each(testEngines())('the MCP server for assistants on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let base: string;
  let brann: string;
  const clients: Client[] = [];

  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'byggdok-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
    clients.push(client);
    return client;
  }

  /** the tools a test called with success, so the last test can tell that every tool has its happy path */
  const answered = new Set<string>();

  async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const result = (await client.callTool({ name, arguments: args })) as ToolResult;
    if (!result.isError) answered.add(name);
    return result;
  }

  const json = (result: ToolResult): any => result.structuredContent;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    brann = await t.upload({
      seed,
      filename: 'Rapporter/Brannteknisk rapport.pdf',
      bytes: await makePdf([
        'Brannteknisk rapport for Oslo Office Tower\nBygget er plassert i brannklasse 2 og risikoklasse 2.',
        'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
      ]),
    });
    await t.waitForProcessing([brann], 60_000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await t?.close();
  });

  it('lists every tool with a description and schema for a key, and only the read tools for a session token', async () => {
    const full = await connect({ 'x-api-key': seed.key });
    const { tools } = await full.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['list_building_owners', 'search_building', 'ask_building', 'generate_deficiency_report']),
    );
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
    const writes = tools.filter((tool) => tool.annotations?.readOnlyHint === false).map((tool) => tool.name);
    expect(writes.sort()).toEqual(['generate_deficiency_report', 'link_report_evidence']);

    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: { expires_in: 600 },
    });
    const token = (session.body.token ?? session.body.session_token) as string;
    const reader = await connect({ authorization: `Bearer ${token}` });
    const readable = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(readable).not.toContain('generate_deficiency_report');
    expect(readable.sort()).toEqual(names.filter((name) => !writes.includes(name)).sort());
    // and the session token reads through them
    const listed = json(
      await callTool(reader, 'list_documents', { building_owner_id: seed.ownerId, building_id: seed.buildingId }),
    );
    expect(listed.documents.map((d: { id: string }) => d.id)).toEqual([brann]);
  });

  it('finds, reads and cites a document as the REST API does', async () => {
    const client = await connect({ 'x-api-key': seed.key });
    const where = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    const owners = json(await callTool(client, 'list_building_owners', {}));
    expect(owners.building_owners ?? owners.buildingOwners ?? owners).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: seed.ownerId })]),
    );
    const hits = json(await callTool(client, 'search_building', { ...where, query: 'trapperommene' }));
    expect(hits.hits[0]).toMatchObject({ id: brann, filename: 'Brannteknisk rapport.pdf' });
    const document = json(await callTool(client, 'get_document', { ...where, document_id: brann }));
    expect(document).toMatchObject({ id: brann, originalPath: 'Rapporter/Brannteknisk rapport.pdf' });

    // the document as a resource an assistant attaches: linked from get_document, read through the same route
    const linked = await callTool(client, 'get_document', { ...where, document_id: brann });
    expect(linked.content[1]).toMatchObject({
      type: 'resource_link',
      uri: `byggdok://documents/${brann}`,
      name: 'Brannteknisk rapport.pdf',
    });
    const resource = await client.readResource({ uri: `byggdok://documents/${brann}` });
    const text = (resource.contents[0] as { text: string }).text;
    expect(text).toMatch(/^Brannteknisk rapport\.pdf\nFolder: Rapporter\/Brannteknisk rapport\.pdf\n/);
    expect(text).toContain('--- Page 1 ---\nBrannteknisk rapport for Oslo Office Tower');
    expect(text).toContain('--- Page 2 ---\nDørene til trapperommene skal ha brannklasse EI2 30-Sa.');
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual(['byggdok://documents/{documentId}']);

    // the building, its categories and the documents of one
    expect(json(await callTool(client, 'get_building', where))).toMatchObject({ id: seed.buildingId });
    const counts = json(await callTool(client, 'count_documents_by_category', where)).categoryCount as Record<
      string,
      number
    >;
    const [category] = Object.keys(counts);
    const inCategory = json(await callTool(client, 'list_category_documents', { ...where, category: category! }));
    expect(inCategory.documents.map((d: { id: string }) => d.id)).toEqual([brann]);
    expect(json(await callTool(client, 'get_owner_status', { building_owner_id: seed.ownerId }))).toMatchObject({
      total_documents: 1,
    });

    const read = json(await callTool(client, 'read_document_pages', { ...where, document_id: brann, from: 2 }));
    expect(read).toMatchObject({ documentId: brann, pageCount: 2 });
    expect(read.pages).toEqual([
      {
        pageNumber: 2,
        text: expect.stringContaining('Dørene til trapperommene skal ha brannklasse EI2 30-Sa.'),
        ocr: false,
      },
    ]);

    // the route behind it: bad page numbers are 400s naming the field
    const pagesUrl = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${brann}/pages`;
    for (const [query, field] of [
      ['from=0', 'from'],
      ['from=x', 'from'],
      ['from=2&to=1', 'to'],
      ['to=-1', 'to'],
    ] as const) {
      const response = await t.request({ method: 'GET', url: `${pagesUrl}?${query}`, key: seed.key });
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.body), query).toContain(field);
    }

    const question = 'Hvilken brannklasse skal dørene til trapperommene ha?';
    const answered = json(await callTool(client, 'ask_building', { ...where, query: question }));
    const rest = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
      key: seed.key,
      payload: { query: question },
    });
    expect(answered.citations['1']).toEqual({
      cited_text: 'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
      document_id: brann,
      page_number: 2,
    });
    expect({ answer: answered.answer, citations: answered.citations }).toEqual({
      answer: rest.body.answer,
      citations: rest.body.citations,
    });
  });

  it('shows nothing another partner or a narrower key cannot read', async () => {
    const otherPartner = await t.createPartner('Annen partner');
    const { key: otherKey } = await t.createKey({ partnerId: otherPartner });
    const stranger = await connect({ 'x-api-key': otherKey });
    const where = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    for (const [name, args] of [
      ['list_documents', where],
      ['search_building', { ...where, query: 'brannklasse' }],
      ['search_owner', { building_owner_id: seed.ownerId, query: 'brannklasse' }],
      ['ask_building', { ...where, query: 'Hvilken brannklasse har bygget?' }],
      ['get_document', { ...where, document_id: brann }],
      ['read_document_pages', { ...where, document_id: brann }],
    ] as const) {
      const result = await callTool(stranger, name, args);
      expect(result.isError, name).toBe(true);
      expect(result.content[0]!.text, name).toMatch(/^(403|404) /);
      expect(result.content[0]!.text, name).not.toContain('trapperommene');
    }
    const owners = json(await callTool(stranger, 'list_building_owners', {}));
    expect(JSON.stringify(owners)).not.toContain(seed.ownerId);
    // nor as a resource: "not found", as for an id that does not exist
    for (const uri of [`byggdok://documents/${brann}`, 'byggdok://documents/00000000-0000-4000-8000-000000000000'])
      await expect(stranger.readResource({ uri })).rejects.toThrow(`Resource not found: ${uri}`);
    // and a partner's key has no construction tools (they are a signed-in person's)
    expect((await stranger.listTools()).tools.map((tool) => tool.name)).not.toContain('list_projects');

    // a key for another building of the same partner
    const otherBuilding = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Lagerbygget' },
      })
    ).body as string;
    const { key: narrow } = await t.createKey({ partnerId: seed.partnerId, buildingIds: [otherBuilding] });
    const narrowClient = await connect({ 'x-api-key': narrow });
    const refused = await callTool(narrowClient, 'search_building', { ...where, query: 'brannklasse' });
    expect(refused.isError).toBe(true);

    // a key for another owner of the same partner: not even the owner's name
    const otherOwner = (
      await t.request({
        method: 'POST',
        url: '/v1/building_owners',
        key: seed.key,
        payload: { name: 'Søsterselskap AS' },
      })
    ).body.id as string;
    const { key: ownerScoped } = await t.createKey({ partnerId: seed.partnerId, buildingOwnerIds: [otherOwner] });
    const ownerClient = await connect({ 'x-api-key': ownerScoped });
    const visible = json(await callTool(ownerClient, 'list_building_owners', {}));
    expect(visible.buildingOwners.map((o: { id: string }) => o.id)).toEqual([otherOwner]);
    const ask = await callTool(ownerClient, 'ask_owner', { building_owner_id: seed.ownerId, query: 'Brannklasse?' });
    expect(ask.isError).toBe(true);
    await expect(ownerClient.readResource({ uri: `byggdok://documents/${brann}` })).rejects.toThrow(
      'Resource not found',
    );
  });

  it("shows a signed-in person their projects and what is still missing, and nothing of another customer's", async () => {
    const world = await createDeliveryWorld(t);
    const delivery = await createDelivery(t, { world, subcontractorId: world.subcontractorId });
    const person = await connect({ 'x-api-key': world.adminKey });
    const names = (await person.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_customers', 'list_projects', 'get_missing_documentation']));
    const customers = json(await callTool(person, 'list_customers', {}));
    expect(customers.customers.map((c: { id: string }) => c.id)).toEqual([world.customerId]);
    const projects = json(await callTool(person, 'list_projects', { customer_id: world.customerId }));
    expect(projects.projects.map((p: { id: string }) => p.id)).toEqual([world.projectId]);
    const project = json(
      await callTool(person, 'get_project', { customer_id: world.customerId, project_id: world.projectId }),
    );
    expect(project).toMatchObject({ id: world.projectId, name: 'Nye Bryggen', role: 'ADMIN' });
    const subcontractors = json(
      await callTool(person, 'list_subcontractors', { customer_id: world.customerId, project_id: world.projectId }),
    );
    expect(subcontractors.subcontractors).toEqual([
      expect.objectContaining({ id: world.subcontractorId, companyName: 'Rør & Varme AS' }),
    ]);
    const deliveries = json(await callTool(person, 'list_deliveries', { project_id: world.projectId }));
    expect(deliveries.deliveries).toEqual([expect.objectContaining({ id: delivery.id, progress: expect.any(Object) })]);
    const missing = json(await callTool(person, 'get_missing_documentation', { project_id: world.projectId }));
    expect(missing).toEqual({
      deliveries: 1,
      complete: 0,
      open: [
        {
          deliveryId: delivery.id,
          subcontractorId: world.subcontractorId,
          category: '3201',
          discipline: delivery.discipline ?? null,
          approved: '0 of 3',
          missing: ['FDV-dokumentasjon', 'Produktdatablad', 'Samsvarserklæring'].map((informationType) => ({
            informationType,
            documents: 0,
            why: 'nothing delivered',
          })),
        },
      ],
    });
    // another customer's person reaches none of it
    const other = await createDeliveryWorld(t, { projectName: 'Annet prosjekt' });
    const outsider = await connect({ 'x-api-key': other.adminKey });
    const refused = await callTool(outsider, 'get_missing_documentation', { project_id: world.projectId });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/^(403|404) /);
  });

  it("lists the owner's buildings with their status, answers across them, and works the deficiency report", async () => {
    const client = await connect({ 'x-api-key': seed.key });
    const owner = { building_owner_id: seed.ownerId };
    const where = { ...owner, building_id: seed.buildingId };
    const buildings = json(await callTool(client, 'list_buildings', owner));
    expect(buildings.buildings.map((b: { id: string }) => b.id)).toContain(seed.buildingId);
    expect(json(await callTool(client, 'get_building_status', where))).toMatchObject({
      total_documents: 1,
      processed_documents: 1,
    });
    const found = json(await callTool(client, 'search_owner', { ...owner, query: 'risikoklasse' }));
    expect(found.hits.map((hit: { id: string }) => hit.id)).toEqual([brann]);
    const across = json(await callTool(client, 'ask_owner', { ...owner, query: 'Hvilken risikoklasse har bygget?' }));
    expect(across.citations['1']).toMatchObject({ document_id: brann, page_number: 1 });

    const generated = json(await callTool(client, 'generate_deficiency_report', { ...where, country: 'NO' }));
    expect(generated.themes.length).toBeGreaterThan(0);
    const report = json(await callTool(client, 'get_deficiency_report', { ...where, country: 'NO' }));
    expect(report.themes.length).toBe(generated.themes.length);
    const items = json(await callTool(client, 'list_report_items', where)).items as {
      id: string;
      parentId: string | null;
    }[];
    const item = items.find((i) => i.parentId !== null)!;
    const linked = json(
      await callTool(client, 'link_report_evidence', { ...where, item_id: item.id, document_id: brann }),
    );
    expect(linked).toMatchObject({ id: item.id, status: 'complete' });
  });

  it("gives the building's maintenance plan, and the owner's, with each task's cited passage", async () => {
    const made = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/maintenance_tasks`,
      key: seed.key,
      payload: { component: 'Branndører', action: 'inspect', interval: { every: 1, unit: 'year' } },
    });
    expect(made.status).toBe(201);
    const client = await connect({ 'x-api-key': seed.key });
    const building = json(
      await callTool(client, 'get_maintenance_plan', { building_owner_id: seed.ownerId, building_id: seed.buildingId }),
    );
    expect(building.tasks).toEqual([
      expect.objectContaining({ id: made.body.id, component: 'Branndører', interval: { every: 1, unit: 'year' } }),
    ]);
    const owner = json(await callTool(client, 'get_maintenance_plan', { building_owner_id: seed.ownerId }));
    expect(owner.tasks).toEqual([expect.objectContaining({ id: made.body.id, buildingId: seed.buildingId })]);
  });

  it('refuses arguments that do not fit the schema, naming the argument', async () => {
    const client = await connect({ 'x-api-key': seed.key });
    const result = await callTool(client, 'search_building', {
      building_owner_id: 'not-an-id',
      building_id: seed.buildingId,
      query: 'brann',
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain('building_owner_id');
  });

  it('asks for a credential: none, a browser cookie or a wrong key gets a 401 problem', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });
    const attempts: Record<string, string>[] = [
      {},
      // from the service's own origin, so not the cross-site check's 403: the cookie is simply not a credential here
      { cookie: 'byggdok_session=abc', origin: PUBLIC_URL },
      { 'x-api-key': 'fk_not-a-key-at-all-000000' },
    ];
    for (const headers of attempts) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    // where an assistant signs a person in (the embedded provider's OAuth; mcp-oauth.db.test.ts follows it)
    expect((await post({})).headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
    // another site's page posting with the browser's cookie is stopped before that
    expect((await post({ cookie: 'byggdok_session=abc', origin: 'https://evil.example' })).status).toBe(403);
    // stateless: no stream to open with GET
    const get = await fetch(`${base}/mcp`, { headers: { 'x-api-key': seed.key } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('has called every tool with success in this file', () => {
    expect(TOOLS.map((tool) => tool.name).filter((name) => !answered.has(name))).toEqual([]);
  });
});
