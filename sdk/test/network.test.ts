import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkGuardedFetch } from '../src/errors.js';
import { ByggdokNetworkError, createByggdokClient } from '../src/index.js';

/** a port nothing listens on: bound, then released */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a service that does not answer', () => {
  let silent: http.Server;
  let echo: http.Server;
  let silentUrl: string;
  let echoUrl: string;

  beforeAll(async () => {
    // accepts the connection and never answers
    silent = http.createServer(() => undefined);
    echo = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.end(JSON.stringify({ method: request.method, body })));
    });
    for (const server of [silent, echo]) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
    echo.close();
  });

  it('throws ByggdokNetworkError for a refused connection, one line, with the cause kept', async () => {
    const port = await closedPort();
    const client = createByggdokClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'fk_test_x' });
    const error = await client.owners.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ByggdokNetworkError);
    const network = error as ByggdokNetworkError;
    expect(network.reason).toBe('connection_refused');
    expect(network.message).toBe(`cannot reach http://127.0.0.1:${port}: connection refused`);
    expect(network.message).not.toContain('\n');
    expect(network.cause).toBeInstanceOf(TypeError);
  });

  it('throws ByggdokNetworkError for an unknown host', async () => {
    const client = createByggdokClient({ baseUrl: 'https://no-such-host.invalid', apiKey: 'fk_test_x' });
    const error = (await client.owners.list().catch((e: unknown) => e)) as ByggdokNetworkError;
    expect(error).toBeInstanceOf(ByggdokNetworkError);
    expect(['not_found', 'network']).toContain(error.reason);
  });

  it('gives up on a service that accepts and never answers, with reason timeout', async () => {
    const client = createByggdokClient({ baseUrl: silentUrl, apiKey: 'fk_test_x', timeoutMs: 200 });
    const error = (await client.owners.list().catch((e: unknown) => e)) as ByggdokNetworkError;
    expect(error).toBeInstanceOf(ByggdokNetworkError);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(`cannot reach ${silentUrl}: no answer in time`);
  });

  it('sends bodies unchanged, and leaves a caller abort an abort', async () => {
    const guarded = networkGuardedFetch((request) => fetch(request), 5_000);
    const response = await guarded(new Request(`${echoUrl}/x`, { method: 'POST', body: '{"a":1}' }));
    expect(await response.json()).toEqual({ method: 'POST', body: '{"a":1}' });
    const controller = new AbortController();
    const pending = guarded(new Request(silentUrl, { signal: controller.signal }));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ByggdokNetworkError);
    expect((error as Error).name).toBe('AbortError');
  });
});
