import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Input that used to reach PostgreSQL raw (and answer 500) must be refused with a 400 that names the field. */
describe.each(testEngines())('hostile input on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let building: string;
  let documentId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    building = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;
    documentId = await t.upload({
      seed,
      filename: 'FDV/Brannslukkere.txt',
      bytes: Buffer.from('Brannslukkerne kontrolleres årlig.'),
      contentType: 'text/plain',
    });
    await t.waitForProcessing([documentId]);
  }, 120_000);
  afterAll(() => t.close());

  interface HostileCase {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'PATCH';
    url: () => string;
    /** raw JSON text, so that \u0000, lone surrogates and 1e400 arrive exactly as an attacker writes them */
    body?: string;
    headers?: Record<string, string>;
    /** the field the 400 must name */
    path: string;
  }

  const cases: HostileCase[] = [
    // path parameters
    { name: 'NUL in an owner id', method: 'GET', url: () => '/v1/building_owners/%00', path: '/buildingOwnerId' },
    {
      name: 'NUL inside a building id',
      method: 'GET',
      url: () => `/v1/building_owners/${seed.ownerId}/buildings/b%00x`,
      path: '/buildingId',
    },
    {
      name: 'NUL in a document id',
      method: 'GET',
      url: () => `${building}/documents/${documentId}%00`,
      path: '/documentId',
    },
    {
      name: 'NUL in an unversioned path',
      method: 'GET',
      url: () => '/building_owners/%00/buildings',
      path: '/buildingOwnerId',
    },
    // query string
    { name: 'NUL in the search query', method: 'GET', url: () => `${building}/search?query=a%00b`, path: '/query' },
    { name: 'NUL in a filter', method: 'GET', url: () => `${building}/search?query=a&floor=%00`, path: '/floor' },
    {
      name: 'a broken percent escape in a value',
      method: 'GET',
      url: () => `${building}/search?query=%E0%A4%A`,
      path: '/query',
    },
    {
      name: 'an encoded lone surrogate (CESU-8), which is not UTF-8',
      method: 'GET',
      url: () => `${building}/search?query=%ED%A0%80`,
      path: '/query',
    },
    {
      name: 'a broken percent escape in a name',
      method: 'GET',
      url: () => `${building}/search?query=a&%E0%A4%A=1`,
      path: '/%E0%A4%A',
    },
    {
      name: 'NUL in a paging token',
      method: 'GET',
      url: () => `${building}/documents?next_token=%00`,
      path: '/next_token',
    },
    { name: 'NUL in an ask question', method: 'POST', url: () => `${building}/ask?query=hei%00`, path: '/query' },
    // numbers in the query string
    {
      name: 'start_index=Infinity',
      method: 'GET',
      url: () => `${building}/search?query=a&start_index=Infinity`,
      path: '/start_index',
    },
    {
      name: 'start_index=-Infinity',
      method: 'GET',
      url: () => `${building}/search?query=a&start_index=-Infinity`,
      path: '/start_index',
    },
    {
      name: 'start_index=NaN',
      method: 'GET',
      url: () => `${building}/search?query=a&start_index=NaN`,
      path: '/start_index',
    },
    {
      name: 'start_index in hexadecimal',
      method: 'GET',
      url: () => `${building}/search?query=a&start_index=0x10`,
      path: '/start_index',
    },
    {
      name: 'max_results=1e400',
      method: 'GET',
      url: () => `${building}/search?query=a&max_results=1e400`,
      path: '/max_results',
    },
    {
      name: 'max_results beyond its maximum',
      method: 'GET',
      url: () => `${building}/search?query=a&max_results=99999999999999999999`,
      path: '/max_results',
    },
    { name: 'limit=Infinity', method: 'GET', url: () => `${building}/documents?limit=Infinity`, path: '/limit' },
    // JSON bodies, at any depth
    {
      name: 'NUL in a name',
      method: 'POST',
      url: () => '/v1/building_owners',
      body: '{"name":"a\\u0000b"}',
      path: '/name',
    },
    {
      name: 'a lone surrogate in a name',
      method: 'POST',
      url: () => '/v1/building_owners',
      body: '{"name":"a\\ud800b"}',
      path: '/name',
    },
    {
      name: 'a lone low surrogate in a name',
      method: 'PATCH',
      url: () => building,
      body: '{"name":"\\udfffx"}',
      path: '/name',
    },
    {
      name: 'NUL in an array item',
      method: 'PATCH',
      url: () => building,
      body: '{"privateFolders":["HR","Lønn\\u0000"]}',
      path: '/privateFolders/1',
    },
    {
      name: 'NUL in an ask body list',
      method: 'POST',
      url: () => `${building}/ask`,
      body: '{"query":"hei","attached_document_ids":["\\u0000"]}',
      path: '/attached_document_ids/0',
    },
    {
      name: 'NUL in a field name deep inside',
      method: 'POST',
      url: () => '/v1/building_owners',
      body: '{"name":"ok","extra":{"a\\u0000":1}}',
      path: '/extra/a\\u0000',
    },
    {
      name: 'a number that parses to Infinity',
      method: 'POST',
      url: () => `/v1/building_owners/${seed.ownerId}/sessions`,
      body: '{"expires_in":1e400}',
      path: '/expires_in',
    },
    // filenames
    {
      name: 'NUL in an uploaded filename',
      method: 'PUT',
      url: () => `${building}/documents`,
      body: '{"filename":"rapport\\u0000.pdf"}',
      path: '/filename',
    },
    {
      name: 'a lone surrogate in a renamed filename',
      method: 'PATCH',
      url: () => `${building}/documents/${documentId}`,
      body: '{"filename":"\\ud83d.pdf"}',
      path: '/filename',
    },
    // headers we read
    {
      name: 'NUL in the API key',
      method: 'GET',
      url: () => '/v1/building_owners',
      headers: { 'x-api-key': 'bd_\u0000' },
      path: '/x-api-key',
    },
    {
      name: 'a control character in a bearer token',
      method: 'GET',
      url: () => '/v1/building_owners',
      headers: { authorization: 'Bearer ft_\u0001' },
      path: '/authorization',
    },
    {
      name: 'NUL in an Origin',
      method: 'GET',
      url: () => '/v1/building_owners',
      headers: { origin: 'https://a\u0000.example' },
      path: '/origin',
    },
    {
      name: 'a lone surrogate in a Content-Disposition filename',
      method: 'GET',
      url: () => '/v1/building_owners',
      headers: { 'content-disposition': 'attachment; filename="\ud800.pdf"' },
      path: '/content-disposition',
    },
  ];

  it.each(cases)('refuses $name with a 400 naming the field', async (hostile) => {
    const response = await t.request({
      method: hostile.method,
      url: hostile.url(),
      ...(hostile.headers?.['x-api-key'] === undefined ? { key: seed.key } : {}),
      headers: { ...(hostile.body !== undefined ? JSON_HEADERS : {}), ...hostile.headers },
      ...(hostile.body !== undefined ? { payload: hostile.body } : {}),
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({ code: 'request.invalid', status: 400 });
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(hostile.path);
  });

  it('still stores text with paired surrogates (emoji), control-free', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      headers: JSON_HEADERS,
      payload: '{"name":"Eiendom \\ud83c\\udfe0 AS"}',
    });
    expect(created.status).toBe(201);
    const owner = await t.request({ method: 'GET', url: `/v1/building_owners/${created.body.id}`, key: seed.key });
    expect(owner.body.name).toBe('Eiendom 🏠 AS');
  });

  it('answers a start_index far past the window with the empty page and the true count', async () => {
    const within = await t.request({ method: 'GET', url: `${building}/search?query=brannslukkere`, key: seed.key });
    expect(within.status).toBe(200);
    expect(within.body.numberOfHits).toBe(1);
    for (const start of ['10001', '2147483648', '9223372036854775808', '99999999999999999999', '1e30']) {
      const response = await t.request({
        method: 'GET',
        url: `${building}/search?query=brannslukkere&start_index=${start}`,
        key: seed.key,
      });
      expect({ start, status: response.status, body: response.body }).toEqual({
        start,
        status: 200,
        body: { hits: [], numberOfHits: 1 },
      });
    }
  });

  it('answers a path segment longer than any id with 414 problem+json', async () => {
    const response = await t.request({ method: 'GET', url: `/v1/building_owners/${'x'.repeat(600)}`, key: seed.key });
    expect(response.status).toBe(414);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.code).toBe('request.url_too_long');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a path that does not percent-decode with 400 problem+json', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/building_owners/%E0%A4%A', key: seed.key });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('request.invalid_url');
  });

  it('answers a deeply nested JSON body with 400, not a stack overflow', async () => {
    const depth = 100_000;
    const response = await t.request({
      method: 'POST',
      url: '/v1/building_owners',
      key: seed.key,
      headers: JSON_HEADERS,
      payload: `{"name":"x","extra":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect(response.status).toBe(400);
  });
});

/** What Node's HTTP parser refuses before Fastify sees a request, over a real socket. */
describe('requests Node refuses before routing', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(() => t.close());

  async function exchange(request: string): Promise<{ status: number; headers: string; body: string }> {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? resolve(received) : reject(error),
      );
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
  }

  it('answers a URL beyond the 16 KiB header limit with 414 problem+json', async () => {
    const response = await exchange(`GET /v1/building_owners?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(response.status).toBe(414);
    expect(response.headers).toContain('content-type: application/problem+json');
    expect(response.headers).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(response.body)).toMatchObject({ status: 414, code: 'request.url_too_long' });
  });

  it('answers headers beyond the limit with 431 problem+json', async () => {
    const response = await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject({ status: 431, code: 'request.headers_too_large' });
  });

  it('answers a raw NUL in the request line or a header with 400 problem+json', async () => {
    for (const request of [
      'GET /v1/building_owners/a\0b HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\0b\r\n\r\n',
    ]) {
      const response = await exchange(request);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ status: 400, code: 'request.malformed' });
    }
  });

  it('still answers a long but acceptable URL normally', async () => {
    const response = await exchange(
      `GET /healthz?pad=${'a'.repeat(8_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(200);
  });
});
