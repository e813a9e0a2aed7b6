import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runByggdok } from '../helpers/service-process.js';

/** a port nothing listens on: bound, then released */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The partner commands and `byggdok mcp` against a service that is not there, or that refuses the key: one line on
 * stderr and the documented exit code (3: cannot reach; 2: refused), never a stack trace.
 */
describe('the CLI when the service does not answer or refuses the key', () => {
  let refusing: http.Server;
  let refusingUrl: string;
  let closedUrl: string;

  beforeAll(async () => {
    closedUrl = `http://127.0.0.1:${await closedPort()}`;
    // answers every request as the service answers a wrong key
    refusing = http.createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/problem+json' });
      response.end(JSON.stringify({ status: 401, code: 'auth.invalid_key', detail: 'The API key is not valid' }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
  });
  afterAll(() => refusing.close());

  it.each([
    ['search', ['search', 'brann', '--owner', 'o1']],
    ['upload', ['upload', '.', '--owner', 'o1', '--building', 'b1']],
    ['mcp', ['mcp']],
  ])('byggdok %s: "cannot reach ...: connection refused" and exit code 3', async (command, args) => {
    // the key as the README says to give it: out of the process list, so nothing is warned of
    const result = await runByggdok({ args: [...args, '--url', closedUrl], env: { BYGGDOK_API_KEY: 'fk_test_x' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(`byggdok ${command}: cannot reach ${closedUrl}: connection refused\n`);
    expect(result.stdout).toBe('');
  });

  it('byggdok mcp checks its key at start: a refused key is one line and exit code 2', async () => {
    const refused = `byggdok mcp: the service at ${refusingUrl} refused the key (401: The API key is not valid)\n`;
    const result = await runByggdok({ args: ['mcp', '--url', refusingUrl], env: { BYGGDOK_API_KEY: 'fk_test_wrong' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refused);
    expect(result.stdout).toBe('');
    // the same key on the command line: the warning that others can read it there, then the same line
    const inline = await runByggdok({ args: ['mcp', '--url', refusingUrl, '--key', 'fk_test_wrong'], env: {} });
    expect(inline.code).toBe(2);
    expect(inline.stderr).toBe(
      'byggdok: warning: a key given with --key can be read by other users of this machine (the process list); ' +
        `use --key-file <file> or BYGGDOK_API_KEY\n${refused}`,
    );
  });
});
