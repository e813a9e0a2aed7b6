import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByggdokApiError, createByggdokClient } from '../src/index.js';

const KEY = 'fk_live_s3cret-partner-key';
const BEARER = 'ft_s3cret-session-token';

/**
 * Where the client sends its credential: only to baseUrl. A service (or anything in front of it) that answers with a
 * redirect to another host gets no second request there: fetch follows redirects by default and drops only the
 * Authorization header on the way, so the `x-api-key` went along to whatever host the Location named.
 */
describe('the client keeps its key with baseUrl', () => {
  /** what the other host received */
  const received: http.IncomingHttpHeaders[] = [];
  let elsewhere: http.Server;
  let redirecting: http.Server;
  let base: string;
  let elsewhereUrl: string;

  beforeAll(async () => {
    elsewhere = http.createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ building_owners: [], next_token: null }));
      });
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    // another origin: `localhost` against the 127.0.0.1 of the service
    elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
    redirecting = http.createServer((request, response) => {
      request.resume();
      const status = request.method === 'GET' ? 302 : 307;
      response.writeHead(status, { location: `${elsewhereUrl}${request.url}` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    elsewhere.close();
    redirecting.close();
  });

  it.each([
    ['an API key', { apiKey: KEY }],
    ['a bearer token', { bearer: BEARER }],
  ])('does not follow a redirect to another host with %s, on a read or a write', async (_label, credential) => {
    received.length = 0;
    const client = createByggdokClient({ baseUrl: base, ...credential, retry: { retries: 0 } });
    const read = await client.owners.list().catch((error: unknown) => error);
    expect(read).toBeInstanceOf(ByggdokApiError);
    expect((read as ByggdokApiError).status).toBe(302);
    const write = await client
      .POST('/v1/building_owners', { body: { name: 'Borettslaget' } as never })
      .then(({ response }) => response.status);
    expect(write).toBe(307);
    expect(received.map((headers) => [headers['x-api-key'], headers.authorization])).toEqual([]);
  });

  it('refuses a baseUrl that carries a user and password, without repeating them', async () => {
    let error: unknown;
    try {
      await createByggdokClient({ baseUrl: 'http://ola:pa55word@127.0.0.1:9', apiKey: KEY }).owners.list();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain('baseUrl');
    expect((error as Error).message).not.toMatch(/pa55word|s3cret/);
  });

  it('refuses to send a credential over plain http to another machine, naming the host and not the credential', async () => {
    for (const credential of [{ apiKey: KEY }, { bearer: BEARER }, { adminToken: 'adm_s3cret-operator' }]) {
      let error: unknown;
      try {
        createByggdokClient({ baseUrl: 'http://byggdok.example.com', ...credential });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toContain('http://byggdok.example.com');
      expect((error as Error).message).not.toMatch(/s3cret/);
    }
  });

  it('sends over plain http to this machine, when told the network is trusted, and without a credential', async () => {
    received.length = 0;
    const port = new URL(elsewhereUrl).port;
    for (const baseUrl of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
      const client = createByggdokClient({ baseUrl, apiKey: KEY, retry: { retries: 0 } });
      const { response } = await client.GET('/v1/building_owners', { params: { query: { limit: 1 } } });
      expect(response.status).toBe(200);
    }
    // a closed network the caller trusts
    expect(() =>
      createByggdokClient({ baseUrl: 'http://byggdok.internal:3000', apiKey: KEY, allowInsecureHttp: true }),
    ).not.toThrow();
    // the web app: no credential of its own, the session cookie goes with the browser's rules
    expect(() => createByggdokClient({ baseUrl: 'http://byggdok.internal:3000' })).not.toThrow();
    expect(received.map((headers) => headers['x-api-key'])).toEqual([KEY, KEY]);
  });
});
