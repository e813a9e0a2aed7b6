import { parseArgs } from 'node:util';
import { ByggdokNetworkError, DEFAULT_TIMEOUT_MS, networkGuardedFetch } from '@byggdok/sdk';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config/config.js';
import { USER_KEY_PREFIX } from '../domain/access/user-keys.js';
import { createMcpServer, type ApiCall } from '../integrations/mcp/tools.js';
import { VERSION } from '../app/version.js';
import { SESSION_TOKEN_PREFIX } from '../domain/sessions/sessions.service.js';
import { EXIT_UNREACHABLE, keyOf, KEY_OPTIONS, serviceUrl, UsageError } from './cli-calls.js';

const USAGE = `byggdok mcp --url <service URL> --key <API key or session token>

An MCP server on standard input and output for desktop assistants (Claude Desktop, Cursor ...): the same tools as
the service's /mcp, each calling the service's partner API over HTTP with this key. Configure the assistant to run
\`npx byggdok mcp --url https://byggdok.example.com --key-file ~/.byggdok-key\`. Defaults: --url BYGGDOK_PUBLIC_URL,
--key BYGGDOK_API_KEY; --key-file <file> reads the key from the file's first line, where other users of the machine
cannot see it (they can see --key in the process list). A session token (ft_...) gets the read tools only.

The key is checked at start: a refused key exits with code 2, a service that cannot be reached with code 3 (one
line on stderr each).
`;

/** `byggdok mcp`: the tools over stdio; nothing but MCP messages is written to standard output */
export async function runMcpCli(params: { argv: string[]; config: Config }): Promise<number> {
  try {
    const { values } = parseArgs({
      args: params.argv,
      options: { url: { type: 'string' }, ...KEY_OPTIONS, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const key = await keyOf(values, params.config);
    const base = serviceUrl(values.url ?? params.config.http.publicUrl, params.config);
    // a service that does not answer is one line (ByggdokNetworkError), at the start and as a tool error later
    const guarded = networkGuardedFetch((request) => fetch(request), DEFAULT_TIMEOUT_MS);
    const call: ApiCall = async ({ method, path, query, body }) => {
      const url = new URL(`${base}${path}`);
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) url.searchParams.set(name, String(value));
      const response = await guarded(
        new Request(url, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
      );
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    };
    // the key is checked before the assistant is told anything: a refused key is one line now, not a failed first call
    const check = await call({
      method: 'GET',
      path: key.startsWith(USER_KEY_PREFIX) ? '/construction/customers/' : '/v1/building_owners',
      query: { limit: 1 },
    });
    if (check.status === 401) {
      const problem = (check.body ?? {}) as { detail?: string };
      throw new UsageError(
        `the service at ${base} refused the key (401${problem.detail ? `: ${problem.detail}` : ''})`,
      );
    }
    // what the key is decides which tools make sense; each call is still decided by its route
    const server = createMcpServer({
      call,
      readOnly: key.startsWith(SESSION_TOKEN_PREFIX),
      person: key.startsWith(USER_KEY_PREFIX),
      version: VERSION,
    });
    await server.connect(new StdioServerTransport());
    // runs until the assistant closes standard input
    await new Promise<void>((resolve) => process.stdin.once('close', resolve));
    await server.close();
    return 0;
  } catch (error) {
    if (error instanceof ByggdokNetworkError) {
      process.stderr.write(`byggdok mcp: ${error.message}\n`);
      return EXIT_UNREACHABLE;
    }
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      process.stderr.write(`byggdok mcp: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
