import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../../helpers/ask-fixtures.js';
import { TestBrowser } from '../../../helpers/browser.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../../../helpers/people-fixtures.js';
import { freePort } from '../../../helpers/service-process.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

const PASSWORD = 'correct horse battery staple';
/** where the assistant would take the browser back to; nothing listens there, the test reads the address */
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

/** an assistant's side of OAuth, as the MCP SDK asks a client to keep it: in memory */
class AssistantAuth implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test <Assistant>',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * An assistant signs a person in to the MCP server with OAuth 2.1 against the embedded provider, as the MCP
 * authorization specification describes: protected-resource metadata, dynamic client registration, authorization code
 * with PKCE, the person's login and consent, a token for /mcp only. Driven by the official MCP client's own OAuth code.
 */
describe.each(testEngines())('MCP sign-in for assistants (OAuth 2.1) on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let userId: string;
  let readableOwner: string;
  let readableBuilding: string;
  let otherOwner: string;
  let kariCustomer: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const { db } = t.deps.database;

    const seed = await t.seed();
    readableOwner = seed.ownerId;
    readableBuilding = seed.buildingId;
    await insertDocument({
      db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'FDV/Ventilasjon FDV.pdf',
      fileKind: 'pdf',
      pages: ['Filteret i ventilasjonsaggregatet skal byttes hver sjette måned.'],
    });
    const other = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      payload: { name: 'Andre AS' },
    });
    otherOwner = other.body.id as string;

    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.test', name: 'Kari Nordmann', password: PASSWORD }),
    });
    userId = ((await created.json()) as { id: string }).id;
    // she reads the seeded owner through her customer, and nothing else
    const { customerId } = await createTestCustomer(db, {
      name: 'Karis Entreprenør AS',
      buildingOwnerId: seed.ownerId,
    });
    await giveCustomerRole(db, { customerId, userId, role: 'READ_ACCESS' });
    kariCustomer = customerId;
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await t?.close();
  });

  /**
   * the person's browser from the authorization URL to the assistant's redirect: login, then the consent page; a
   * `mistake` is a decision sent first, and its answer returned
   */
  async function signInAndDecide(auth: AssistantAuth, decision: 'allow' | 'deny', mistake?: string) {
    const browser = new TestBrowser({ 'accept-language': 'en' });
    const onService = (next: URL) => next.origin === base;
    const login = await browser.go(auth.authorizationUrl!.href, onService);
    expect(login.status).toBe(200);
    const loginForm = /<form method="post" action="([^"]+)"/.exec(await login.text())![1]!;
    const consent = await browser.go(new URL(loginForm, base).href, onService, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: 'kari@example.test', password: PASSWORD }).toString(),
    });
    expect(consent.status).toBe(200);
    expect(consent.headers.get('x-frame-options')).toBe('DENY');
    const html = await consent.text();
    const consentForm = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const refused =
      mistake === undefined
        ? undefined
        : await browser.request(new URL(consentForm, base).href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
            body: new URLSearchParams({ decision: mistake }).toString(),
          });
    const back = await browser.go(new URL(consentForm, base).href, onService, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ decision }).toString(),
    });
    const location = new URL(back.headers.get('location')!, base);
    return { html, location, refused };
  }

  it('tells an assistant without a token where to sign in', async () => {
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const metadataUrl = `${base}/.well-known/oauth-protected-resource/mcp`;
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    expect(await (await fetch(metadataUrl)).json()).toMatchObject({
      resource: `${base}/mcp`,
      authorization_servers: [`${base}/oidc`],
      scopes_supported: ['mcp'],
    });
    const server = (await (await fetch(`${base}/.well-known/oauth-authorization-server/oidc`)).json()) as Record<
      string,
      unknown
    >;
    expect(server).toMatchObject({ issuer: `${base}/oidc`, code_challenge_methods_supported: ['S256'] });
    expect(server.registration_endpoint).toBe(`${base}/oidc/reg`);
  });

  it('registers, signs the person in with PKCE and her consent, and then reads only what she reads', async () => {
    const auth = new AssistantAuth();
    const first = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: auth });
    await expect(new Client({ name: 'assistant', version: '1' }).connect(first)).rejects.toThrow(/Unauthorized/);
    // the MCP client found the provider, registered itself and sent the person to authorize, with PKCE and resource
    expect(auth.client?.client_id).toEqual(expect.any(String));
    const asked = auth.authorizationUrl!;
    expect(asked.origin + asked.pathname).toBe(`${base}/oidc/auth`);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('resource')).toBe(`${base}/mcp`);

    const { html, location } = await signInAndDecide(auth, 'allow');
    // who asks (escaped: a client names itself), as whom, and where the browser goes next
    expect(html).toContain('<strong>Test &#60;Assistant&#62;</strong> asks to use byggdok as you (kari@example.test)');
    expect(html).toContain('sent back to <strong>127.0.0.1:9</strong>');
    expect(location.origin + location.pathname).toBe(REDIRECT);
    await first.finishAuth(location.searchParams.get('code')!);

    // the token is a JWT for /mcp, naming her and the assistant
    const payload = JSON.parse(Buffer.from(auth.saved!.access_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({
      sub: userId,
      aud: `${base}/mcp`,
      client_id: auth.client!.client_id,
      iss: `${base}/oidc`,
    });

    const client = new Client({ name: 'assistant', version: '1' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: auth }));
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain('search_owner');
    // READ_ACCESS: no write tools
    expect(tools).not.toContain('generate_deficiency_report');
    const owners = (await client.callTool({ name: 'list_building_owners', arguments: {} })) as {
      content: { text: string }[];
    };
    const listed = (JSON.parse(owners.content[0]!.text) as { buildingOwners: { id: string }[] }).buildingOwners;
    expect(listed.map((o) => o.id)).toEqual([readableOwner]);
    const search = (await client.callTool({
      name: 'search_owner',
      arguments: { building_owner_id: readableOwner, query: 'filteret' },
    })) as { content: { text: string }[] };
    expect(search.content[0]!.text).toContain('Ventilasjon FDV.pdf');
    const other = (await client.callTool({
      name: 'search_owner',
      arguments: { building_owner_id: otherOwner, query: 'filteret' },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(other.isError).toBe(true);
    expect(other.content[0]!.text).toMatch(/^40[34] /);

    const allowed = await t.deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', '=', 'auth.assistant_allowed')
      .execute();
    expect(allowed).toEqual([
      {
        action: 'auth.assistant_allowed',
        details: { clientId: auth.client!.client_id, clientName: 'Test <Assistant>' },
      },
    ]);

    // a token altered by a byte, or used after its person is deactivated, is refused and says so
    const token = auth.saved!.access_token;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", resource_metadata="/);
    await fetch(`${base}/admin/users/${userId}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'deactivated' }),
    });
    const gone = await fetch(`${base}/v1/building_owners?limit=10`, { headers: { authorization: `Bearer ${token}` } });
    expect(gone.status).toBe(401);
    await fetch(`${base}/admin/users/${userId}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active' }),
    });
  });

  it('keeps a tool to its own route: an id that walks the path elsewhere is refused, a real one still answers', async () => {
    const auth = new AssistantAuth();
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: auth });
    await expect(new Client({ name: 'assistant', version: '1' }).connect(transport)).rejects.toThrow(/Unauthorized/);
    const { location } = await signInAndDecide(auth, 'allow');
    await transport.finishAuth(location.searchParams.get('code')!);
    const token = auth.saved!.access_token;
    // as an assistant sends it (a prompt injection in a document can write the arguments): the whole answer is read
    const callTool = async (name: string, args: Record<string, unknown>) => {
      const response = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      expect(response.status).toBe(200);
      const answer = await response.text();
      return {
        answer,
        result: (JSON.parse(answer) as { result: { isError?: boolean; content: { text: string }[] } }).result,
      };
    };
    // her customer (GET /construction/customers/{id}) is hers to read, but no tool answers with it
    for (const name of ['get_building', 'get_building_status']) {
      for (const building_id of [
        `${readableBuilding}/../../../../../construction/customers/${kariCustomer}`,
        `${readableBuilding}%2f..%2f..%2f..%2f..%2f..%2fconstruction%2fcustomers%2f${kariCustomer}`,
        `bld_1/../../../../../construction/customers/${kariCustomer}`,
        `${readableBuilding}?x=1`,
        `${readableBuilding}\n`,
        `${readableBuilding}\\..\\..\\..\\..\\..\\construction\\customers\\${kariCustomer}`,
      ]) {
        const { answer, result } = await callTool(name, { building_owner_id: readableOwner, building_id });
        expect(answer, building_id).not.toContain('Karis Entreprenør AS');
        expect(answer, building_id).not.toContain('"role"');
        expect(result.isError, `${name} ${building_id}`).toBe(true);
        expect(result.content[0]!.text, building_id).toMatch(/^Invalid arguments for \w+: building_id: /);
      }
    }
    const building = await callTool('get_building', {
      building_owner_id: readableOwner,
      building_id: readableBuilding,
    });
    expect(building.result.isError).toBeFalsy();
    expect(JSON.parse(building.result.content[0]!.text)).toMatchObject({ id: readableBuilding });
  });

  it("takes a person's own API key as a bearer token too, with the write tools for WRITE_ACCESS", async () => {
    const { db } = t.deps.database;
    const writer = await createTestUser(db, { email: 'ola@example.test' });
    const { customerId } = await createTestCustomer(db, { buildingOwnerId: readableOwner });
    await giveCustomerRole(db, { customerId, userId: writer.userId, role: 'WRITE_ACCESS' });
    const client = new Client({ name: 'assistant', version: '1' });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${writer.key}` } },
      }),
    );
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['generate_deficiency_report', 'link_report_evidence']));
  });

  it('gives the assistant nothing when the person declines', async () => {
    const auth = new AssistantAuth();
    await expect(
      new Client({ name: 'assistant', version: '1' }).connect(
        new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: auth }),
      ),
    ).rejects.toThrow(/Unauthorized/);
    // a decision that is neither allow nor deny is refused, naming the field, and the consent page still stands
    const { location, refused } = await signInAndDecide(auth, 'deny', 'maybe');
    expect(refused!.status).toBe(400);
    expect(refused!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(await refused!.json())).toContain('decision');
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });
});
