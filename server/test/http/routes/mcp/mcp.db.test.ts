import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SearchQuerySchema } from '../../../../src/http/schemas/search.js';
import { INSTRUCTIONS, TOOLS } from '../../../../src/integrations/mcp/tools.js';
import { createDelivery, createDeliveryWorld } from '../../../helpers/delivery-fixtures.js';
import { makePdf } from '../../../helpers/document-fixtures.js';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

type Content = { type: string; text?: string; uri?: string }[];
const links = (content: Content) => content.filter((c) => c.type === 'resource_link').map((c) => c.uri);
const documentUri = (id: string) => `byggdok://documents/${id}`;

/** What each tool's description promises, checked on every successful call of it. */
const CLAIMS: Record<string, (result: any, content: Content) => void> = {
  list_building_owners: (r) => expect(r.buildingOwners.every((o: any) => o.id && o.name)).toBe(true),
  list_buildings: (r) => expect(r.buildings.every((b: any) => b.id && 'name' in b)).toBe(true),
  get_building: (r) => expect(r).toMatchObject({ id: expect.any(String), name: expect.any(String) }),
  get_owner_status: (r) => expect(typeof r).toBe('object'),
  count_documents_by_category: (r) => expect(typeof r.categoryCount).toBe('object'),
  list_category_documents: (r) => expect(Array.isArray(r.documents)).toBe(true),
  get_building_status: (r) => expect(typeof r).toBe('object'),
  list_documents: (r, content) => {
    for (const d of r.documents) expect(d).toMatchObject({ id: expect.any(String), filename: expect.any(String) });
    expect(links(content)).toEqual(r.documents.map((d: any) => documentUri(d.id)));
  },
  get_document: (r, content) => {
    expect(r.url).toMatch(/^https?:/);
    expect(links(content)).toEqual([documentUri(r.id)]);
  },
  read_document_pages: (r) =>
    expect(r.pages.every((p: any) => p.pageNumber >= 1 && typeof p.text === 'string')).toBe(true),
  search_building: (r, content) => checkSearch(r, content),
  search_owner: (r, content) => {
    checkSearch(r, content);
    for (const hit of r.hits) expect(hit.buildingId).toEqual(expect.any(String));
  },
  ask_building: (r, content) => checkAnswer(r, content),
  ask_owner: (r, content) => checkAnswer(r, content),
  get_maintenance_plan: (r) => {
    for (const task of r.tasks) expect(task).toHaveProperty('citation');
  },
  get_deficiency_report: (r) => {
    for (const item of r.themes)
      expect(item).toMatchObject({ status: expect.any(String), comment: expect.any(String) });
  },
  list_report_items: (r) => {
    for (const item of r.items) {
      expect(item).toMatchObject({ id: expect.any(String), status: expect.any(String), laws: expect.any(String) });
      expect(Array.isArray(item.documentIds)).toBe(true);
    }
  },
  generate_deficiency_report: (r) => expect(r.themes ?? r.state).toBeDefined(),
  link_report_evidence: (r) => expect(r).toMatchObject({ id: expect.any(String), status: expect.any(String) }),
  list_customers: (r) => expect(Array.isArray(r.customers)).toBe(true),
  list_projects: (r) => expect(Array.isArray(r.projects)).toBe(true),
  get_project: (r) => expect(r.id).toEqual(expect.any(String)),
  list_subcontractors: (r) => expect(Array.isArray(r.subcontractors)).toBe(true),
  list_deliveries: (r) => expect(Array.isArray(r.deliveries)).toBe(true),
  get_missing_documentation: (r) => {
    for (const open of r.open) expect(open.missing.length).toBeGreaterThan(0);
  },
};

/** "each hit with up to 3 passages (page number, verbatim text, highlighted words) and a resource link" */
function checkSearch(r: any, content: Content) {
  for (const hit of r.hits) {
    expect(Array.isArray(hit.passages)).toBe(true);
    expect(hit.passages.length).toBeLessThanOrEqual(3);
    for (const p of hit.passages) {
      expect(p.page_number).toBeGreaterThanOrEqual(1);
      for (const [start, end] of p.highlights) {
        expect(start).toBeLessThan(end);
        expect(end).toBeLessThanOrEqual(p.text.length);
      }
    }
  }
  expect(links(content)).toEqual(r.hits.map((h: any) => documentUri(h.id)));
  if (r.hits.length > 0) expect(content[0]!.text).toContain(r.hits[0].id);
}

/** "numbered citations (document, page, quoted passage)" */
function checkAnswer(r: any, content: Content) {
  expect(typeof r.answer).toBe('string');
  for (const [n, c] of Object.entries<any>(r.citations)) {
    expect(c.document_id).toEqual(expect.any(String));
    expect(c.cited_text).toEqual(expect.any(String));
    expect(content[0]!.text).toContain(`[${n}]`);
  }
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
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
  const listed = new WeakMap<Client, Map<string, { outputSchema?: object }>>();

  /**
   * Every successful call is held to what the tool promises: its result validates against the tool's outputSchema
   * (checked here with an independent validator, not only by the client), and what its description says it returns
   * is there (CLAIMS).
   */
  async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const result = (await client.callTool({ name, arguments: args })) as ToolResult;
    if (!result.isError) {
      answered.add(name);
      let tools = listed.get(client);
      if (!tools) {
        tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
        listed.set(client, tools);
      }
      const schema = tools.get(name)?.outputSchema;
      expect(schema, name).toBeDefined();
      expect(result.structuredContent, name).toBeDefined();
      const validate = ajv.compile(schema!);
      expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(result.content[0]?.type, name).toBe('text');
      CLAIMS[name]!(result.structuredContent as any, result.content);
    }
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
        page_number: 2,
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
      superseded_by: null,
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
    // the item now names its evidence
    const again = json(await callTool(client, 'list_report_items', where)).items as {
      id: string;
      documentIds: string[];
    }[];
    expect(again.find((i) => i.id === item.id)!.documentIds).toEqual([brann]);
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

  it('describes every tool completely: output schema from its REST route, all four hints, instructions, no listChanged', async () => {
    const client = await connect({ 'x-api-key': seed.key });
    const { tools } = await client.listTools();
    const swagger = t.app.swagger() as any;
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const hints = tool.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
        expect(typeof hints[hint], `${tool.name} ${hint}`).toBe('boolean');
      const definition = TOOLS.find((d) => d.name === tool.name)!;
      if (!definition.output) {
        // the very schema the route answers with, as the running service documents it
        const [method, path] = definition.route.split(' ') as [string, string];
        const responses = swagger.paths[path][method.toLowerCase()].responses;
        const success = ['200', '201', '202']
          .map((status) => responses[status]?.content?.['application/json']?.schema)
          .filter((schema) => schema !== undefined);
        const route = success.length === 1 ? success[0] : { type: 'object', anyOf: success };
        expect(tool.outputSchema, tool.name).toEqual(
          route.type === 'object' ? route : { type: 'object', required: ['items'], properties: { items: route } },
        );
      }
    }
    expect(tools.find((x) => x.name === 'link_report_evidence')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(tools.find((x) => x.name === 'generate_deficiency_report')!.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
    });
    const capabilities = client.getServerCapabilities()!;
    expect(capabilities.tools).toEqual({});
    expect(capabilities.resources).toEqual({});
    expect(client.getInstructions()).toBe(INSTRUCTIONS);
    expect(INSTRUCTIONS).toMatch(/cite/i);

    // search parity: every parameter of the REST search, max_results up to 1000 with a word on context
    for (const name of ['search_building', 'search_owner']) {
      const input = tools.find((x) => x.name === name)!.inputSchema as any;
      for (const parameter of Object.keys(SearchQuerySchema.properties))
        expect(Object.keys(input.properties), name).toContain(parameter);
      expect(input.properties.max_results.maximum).toBe(1000);
      expect(input.properties.max_results.description).toMatch(/context/);
    }
    const where = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    const many = json(
      await callTool(client, 'search_building', {
        ...where,
        query: 'brannklasse',
        max_results: 1000,
        sort_by: 'filename',
        sort_order: 'asc',
        fuzziness: 'off',
        extension: 'pdf',
      }),
    );
    expect(many.hits.map((h: { id: string }) => h.id)).toEqual([brann]);
    expect(many.hits[0].passages[0]).toMatchObject({ page_number: expect.any(Number), text: expect.any(String) });
  });

  it('answers bad arguments as tool errors naming the argument, and every JSON-RPC request in JSON-RPC', async () => {
    const client = await connect({ 'x-api-key': seed.key });
    const where = { building_owner_id: seed.ownerId, building_id: seed.buildingId };
    for (const [args, field] of [
      [{ ...where, query: 'brann\u0000klasse' }, 'query'],
      [{ ...where, query: 'brann', discipline: 'A\u0000' }, 'discipline'],
      [{ ...where, query: 'brann', max_results: 1001 }, 'max_results'],
      [{ ...where, query: 'brann', max_results: 'ten' }, 'max_results'],
      [{ ...where, query: 'x'.repeat(2001) }, 'query'],
      [{ ...where, query: 'brann', colour: 'red' }, 'colour'],
      [{ building_owner_id: seed.ownerId, query: 'brann' }, 'building_id'],
    ] as const) {
      const result = await callTool(client, 'search_building', args);
      expect(result.isError, field).toBe(true);
      expect(result.content[0]!.text, field).toContain(field);
    }
    // a raw request as any client sends it: a JSON-RPC answer with the same id, not an HTTP problem
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'x-api-key': seed.key,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'search_building', arguments: { ...where, query: 'a\u0000b' } },
      }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { jsonrpc: string; id: number; result: ToolResult };
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, result: { isError: true } });
    expect(answer.result.content[0]!.text).toContain('query');
    // a body that is not JSON at all: a JSON-RPC parse error, as the transport itself answers one
    const broken = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'x-api-key': seed.key,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc": "2.0", "id": 8, "method": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it("offers the caller's most recent documents as resources, and none of another partner's", async () => {
    const client = await connect({ 'x-api-key': seed.key });
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain(`byggdok://documents/${brann}`);
    expect(listed.nextCursor).toBeUndefined();
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toThrow(/cursor/);
    const otherPartner = await t.createPartner('Tredje partner');
    const { key: otherKey } = await t.createKey({ partnerId: otherPartner });
    const stranger = await connect({ 'x-api-key': otherKey });
    expect((await stranger.listResources()).resources).toEqual([]);
  });

  it('has called every tool with success in this file', () => {
    expect(Object.keys(CLAIMS).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    expect(TOOLS.map((tool) => tool.name).filter((name) => !answered.has(name))).toEqual([]);
  });
});
