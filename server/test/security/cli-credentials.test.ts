import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdminCli } from '../../src/cli/admin.cli.js';
import { runMcpCli } from '../../src/cli/mcp.cli.js';
import { runPartnerCli } from '../../src/cli/partner.cli.js';
import { runWebhooksCli } from '../../src/cli/webhooks.cli.js';
import type { Config } from '../../src/config/config.js';

const KEY = 'fk_live_s3cret-cli-key';
const PASSWORD = 'pa55word-in-url';
const ADMIN = 'adm_s3cret-operator-token-0123456789';
const OWNER = '01a20de0-2698-77ef-9bda-77a750724d95';

/** the settings the commands read: the key and the service URL come from --key and --url in these tests */
const config = {
  partnerApiKey: null,
  adminToken: null,
  adminUrl: null,
  dataDir: 'data',
  allowPlainHttp: false,
  http: { publicUrl: 'http://127.0.0.1:9' },
} as unknown as Config;

/**
 * What the CLI prints about its credentials: it keeps no file of its own (the key comes from --key or BYGGDOK_API_KEY),
 * so what is left to get wrong is saying a secret in an error, and sending the key somewhere else than --url.
 */
describe('the CLI never prints its key or a password given in the service URL', () => {
  let stderr: string[];
  let refusing: http.Server;
  let refusingUrl: string;
  /** the key each request to the refusing service carried */
  const keysSent: (string | undefined)[] = [];

  beforeAll(async () => {
    // a service that refuses every key, as a problem document
    refusing = http.createServer((request, response) => {
      request.resume();
      const bearer = request.headers.authorization?.replace(/^Bearer /, '');
      keysSent.push((request.headers['x-api-key'] as string | undefined) ?? bearer);
      response.writeHead(401, { 'content-type': 'application/problem+json' });
      response.end(JSON.stringify({ status: 401, code: 'auth.invalid_api_key', title: 'Unauthorized', detail: 'x' }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
  });
  afterAll(() => refusing.close());

  function captureStderr() {
    stderr = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(String(chunk));
      return true;
    });
  }
  afterEach(() => vi.restoreAllMocks());

  /** what the command printed, and the message of what it threw, if it threw */
  async function run(command: () => Promise<number>): Promise<{ code: number | null; said: string }> {
    captureStderr();
    let code: number | null = null;
    let thrown = '';
    try {
      code = await command();
    } catch (error) {
      thrown = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    }
    vi.restoreAllMocks();
    return { code, said: `${stderr.join('')}${thrown}` };
  }

  it('byggdok mcp refuses a service URL with a user and password, saying neither', async () => {
    const { code, said } = await run(() =>
      runMcpCli({ argv: ['--url', `http://ola:${PASSWORD}@127.0.0.1:9`, '--key', KEY], config }),
    );
    expect(code).toBe(2);
    expect(said).toContain('must not carry a user name or password');
    expect(said).not.toContain(PASSWORD);
    expect(said).not.toContain(KEY);
  });

  it('byggdok search refuses a service URL with a user and password, saying neither', async () => {
    const { said } = await run(() =>
      runPartnerCli({
        command: 'search',
        argv: ['--url', `http://ola:${PASSWORD}@127.0.0.1:9`, '--key', KEY, '--owner', OWNER, 'ventilasjon'],
        config,
      }),
    );
    expect(said).toContain('must not carry a user name or password');
    expect(said).not.toContain(PASSWORD);
    expect(said).not.toContain(KEY);
  });

  it('says a refused key was refused without repeating it, in search and in mcp', async () => {
    const search = await run(() =>
      runPartnerCli({
        command: 'search',
        argv: ['--url', refusingUrl, '--key', KEY, '--owner', OWNER, 'ventilasjon'],
        config,
      }),
    );
    expect(search.code).toBe(2);
    expect(search.said).toContain('401');
    expect(search.said).not.toContain(KEY);
    const mcp = await run(() => runMcpCli({ argv: ['--url', refusingUrl, '--key', KEY], config }));
    expect(mcp.code).toBe(2);
    expect(mcp.said).toContain('refused the key');
    expect(mcp.said).not.toContain(KEY);
  });

  it('reads the key from --key-file, out of the process list, and never says it or the file’s content', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'byggdok-key-file-'));
    try {
      const file = path.join(folder, 'key');
      await writeFile(file, `${KEY}\n`, { mode: 0o600 });
      keysSent.length = 0;
      const commands = {
        search: (argv: string[]) =>
          runPartnerCli({ command: 'search', argv: ['--url', refusingUrl, ...argv, '--owner', OWNER, 'x'], config }),
        mcp: (argv: string[]) => runMcpCli({ argv: ['--url', refusingUrl, ...argv], config }),
        webhooks: (argv: string[]) => runWebhooksCli({ argv: ['list', '--url-base', refusingUrl, ...argv], config }),
      };
      for (const [name, command] of Object.entries(commands)) {
        const sent = keysSent.length;
        const refused = await run(() => command(['--key-file', file]));
        expect(refused.code, name).toBe(2);
        expect(keysSent.slice(sent), name).toContain(KEY);
        expect(refused.said, name).not.toContain(KEY);
        expect(refused.said, name).not.toContain('--key can be read');
        // the same key on the command line works, with a warning that others can read it there
        const inline = await run(() => command(['--key', KEY]));
        expect(inline.code, name).toBe(2);
        expect(keysSent.at(-1), name).toBe(KEY);
        expect(inline.said, name).toContain('a key given with --key can be read by other users of this machine');
        expect(inline.said, name).not.toContain(KEY);
        // both at once is a mistake, a file that is not there or empty is said by its path only
        const both = await run(() => command(['--key', KEY, '--key-file', file]));
        expect([both.code, both.said], name).toEqual([2, expect.stringContaining('give the key once')]);
        const missing = await run(() => command(['--key-file', path.join(folder, 'nowhere')]));
        expect(missing.code, name).toBe(2);
        expect(missing.said, name).toContain(`cannot read the key file ${path.join(folder, 'nowhere')}: ENOENT`);
        await writeFile(path.join(folder, 'empty'), '\n');
        const empty = await run(() => command(['--key-file', path.join(folder, 'empty')]));
        expect(empty.said, name).toContain('is empty');
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('sends no key over plain http to another host unless BYGGDOK_ALLOW_HTTP says the network is trusted', async () => {
    const elsewhere = 'http://byggdok.example.com';
    const sent: string[] = [];
    const fetchSpy = vi.fn(async (request: Request) => {
      sent.push(request.url);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const runs = {
      mcp: () => runMcpCli({ argv: ['--url', elsewhere, '--key', KEY], config }),
      search: () =>
        runPartnerCli({ command: 'search', argv: ['--url', elsewhere, '--key', KEY, '--owner', OWNER, 'x'], config }),
      webhooks: () => runWebhooksCli({ argv: ['list', '--url-base', elsewhere, '--key', KEY], config }),
      admin: () =>
        runAdminCli({ argv: ['partner', 'list', '--url', elsewhere, '--token', ADMIN], config, fetch: fetchSpy }),
    };
    for (const [name, command] of Object.entries(runs)) {
      const { code, said } = await run(command);
      expect(code, name).toBe(2);
      expect(said, name).toContain('http://byggdok.example.com is plain http');
      expect(said, name).toContain('BYGGDOK_ALLOW_HTTP');
      expect(said, name).not.toContain(KEY);
      expect(said, name).not.toContain(ADMIN);
    }
    expect(sent).toEqual([]);
    // told the network is trusted, the operator's call goes out
    const trusted = { ...config, allowPlainHttp: true } as Config;
    await run(() =>
      runAdminCli({
        argv: ['partner', 'list', '--url', elsewhere, '--token', ADMIN],
        config: trusted,
        fetch: fetchSpy,
      }),
    );
    expect(sent).toEqual([`${elsewhere}/admin/partners`]);
  });
});
