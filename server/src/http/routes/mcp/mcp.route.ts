import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessService } from '../../../domain/access/access.service.js';
import type { DocumentsService } from '../../../domain/documents/documents.service.js';
import { isAppError } from '../../../domain/shared/errors.js';
import type * as StreamableHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type * as Tools from '../../../integrations/mcp/tools.js';
import { credentialOf, mcpCallHeaders } from '../../plugins/partner-auth.js';
import { sendProblem } from '../../plugins/errors.js';
import { ASSISTANT_ACCESS_TOKEN_SECONDS, MCP_SCOPE } from '../../../integrations/oidc/embedded-provider-keys.js';

/**
 * The MCP server for assistants, streamable HTTP at `/mcp`, stateless: a server and a transport per request, so any
 * API process answers any call. The caller authenticates as on the partner API (`x-api-key`, or `Authorization:
 * Bearer` with a key or session token); a browser's session cookie is not accepted here (another site could make an
 * assistant's request with it). Each tool calls the matching route in this process with the caller's own headers.
 */
export function registerMcpRoute(
  app: FastifyInstance,
  deps: {
    access: AccessService;
    documents: Pick<DocumentsService, 'locate'>;
    version: string;
    /** the origins whose browser pages may call this endpoint (the service's own first); no Origin at all is served */
    allowedOrigins: string[];
    /** the authorization server assistants sign a person in at, and this server's resource URL; null: keys only */
    oauth: { issuer: string; resource: string } | null;
  },
): void {
  const { oauth } = deps;
  // RFC 9728: where an assistant learns how to get a token for this server (the MCP authorization specification)
  const metadataUrl = oauth ? `${new URL(oauth.resource).origin}/.well-known/oauth-protected-resource/mcp` : null;
  if (oauth) {
    const metadata = {
      resource: oauth.resource,
      authorization_servers: [oauth.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: [MCP_SCOPE],
      resource_name: 'byggdok',
      // not a registered parameter (RFC 9728 allows more): how long the access tokens for this resource live
      access_token_lifetime_seconds: ASSISTANT_ACCESS_TOKEN_SECONDS,
      resource_documentation: `${new URL(oauth.resource).origin}/docs`,
    };
    for (const url of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])
      app.get(url, { schema: { hide: true } }, async (_request, reply) =>
        reply.header('cache-control', 'no-store').send(metadata),
      );
    // RFC 8414's address for the metadata of an issuer with a path; oidc-provider serves it at the OpenID address
    // (built from the public URL whatever Host the request names, see embedded-provider.route.ts)
    app.get('/.well-known/oauth-authorization-server/oidc', { schema: { hide: true } }, async (_request, reply) => {
      const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      return reply
        .status(discovery.statusCode)
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(discovery.body);
    });
  }
  // a 401 tells an assistant where to sign in (and, for a token that no longer works, that it must get a new one)
  const challenge = (error: string | null): string => {
    const parts = [error ? `error="${error}"` : null, metadataUrl ? `resource_metadata="${metadataUrl}"` : null];
    const defined = parts.filter((part) => part !== null);
    return defined.length ? `Bearer ${defined.join(', ')}` : 'Bearer';
  };

  // DNS rebinding and other sites' pages: a browser names the page's origin, and only allowed ones are served; a
  // client that is not a browser sends no Origin and is served (the MCP transport specification asks for this check)
  const allowed = new Set(deps.allowedOrigins.map((origin) => new URL(origin).origin));
  const corsHeaders = (origin: string) => ({
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'false',
    'access-control-expose-headers': MCP_EXPOSED_HEADERS,
    vary: 'Origin',
  });
  app.addHook('onRequest', async (request, reply) => {
    // by the route the request reached, not the URL as written: `/mcp/` (trailing slashes are ignored) and `/%6dcp`
    // reach the same handlers, and once passed this check untouched
    if (request.routeOptions.url !== '/mcp') return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!allowed.has(origin)) {
      return sendProblem(reply, {
        status: 403,
        code: 'mcp.origin_not_allowed',
        detail: `Origin ${origin.slice(0, 200)} may not call this MCP server (see MCP_ALLOWED_ORIGINS)`,
      });
    }
    // on the raw response: the POST handler hands the response to the MCP transport, which writes its own head
    for (const [name, value] of Object.entries(corsHeaders(origin))) reply.raw.setHeader(name, value);
  });
  // the browser's preflight before a cross-origin POST with an Authorization or mcp-* header
  app.options('/mcp', { schema: { hide: true } }, async (request, reply) =>
    reply
      .headers({
        'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
        'access-control-allow-headers': MCP_ALLOWED_HEADERS,
        'access-control-max-age': '600',
      })
      .code(204)
      .send(),
  );

  // the MCP SDK and zod are loaded with the first call (most of a second at every start otherwise)
  let sdk: Promise<[typeof Tools, typeof StreamableHttp]> | undefined;
  // the route's own errorHandler makes the typings expect a void handler; Fastify awaits an async one all the same
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  app.post('/mcp', { schema: { hide: true }, errorHandler: jsonRpcBodyErrors }, async (request, reply) => {
    const found = credentialOf(request);
    const credential = found?.kind === 'session_cookie' ? null : found;
    // 401 without one, or with one that is not valid; the subcontractor's portal token is refused
    const principal = await deps.access.authenticate(credential, { surface: 'mcp' }).catch((error: unknown) => {
      void reply.header('www-authenticate', challenge(credential ? 'invalid_token' : null));
      throw error;
    });
    // the calls the tools make carry the caller's credential and say they are this endpoint's (the MCP surface)
    const headers: Record<string, string> = { ...mcpCallHeaders() };
    for (const name of ['x-api-key', 'authorization'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const call: Tools.ApiCall = async ({ method, path, query, body }) => {
      if (!isPlainToolPath(path)) return { status: 400, body: INVALID_TOOL_PATH };
      const response = await app.inject({
        method,
        url: path,
        headers,
        ...(query ? { query: definedOnly(query) } : {}),
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : null };
    };
    const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await (sdk ??= Promise.all([
      import('../../../integrations/mcp/tools.js'),
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    ]));
    const readOnly = !(await deps.access.writesAnywhere(principal));
    const server = createMcpServer({
      call,
      readOnly,
      person: principal.kind === 'user',
      version: deps.version,
      locate: async (documentId) => {
        try {
          return await deps.documents.locate({ principal, documentId });
        } catch (error) {
          if (isAppError(error)) return null;
          throw error;
        }
      },
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // stateless: no stream to open and no session to end
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) =>
        sendProblem(reply.header('allow', 'POST'), {
          status: 405,
          code: 'request.method_not_allowed',
          detail: 'This MCP server is stateless: send each JSON-RPC message with POST',
        }),
    });
  }
}

/** what an MCP client in a browser sends and must be able to read (the Streamable HTTP transport and its OAuth) */
const MCP_ALLOWED_HEADERS =
  'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id, x-api-key';
const MCP_EXPOSED_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate';

// tool calls carry the caller's credential: no argument may steer the path elsewhere (`..`, `%2f`, `\`, `?`, `#`)
function isPlainToolPath(path: string): boolean {
  if (!/^\/(?:v1|construction)\/[A-Za-z0-9_~.%/-]*$/.test(path)) return false;
  if (/%2[ef]|%5c/i.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}
const INVALID_TOOL_PATH = {
  status: 400,
  code: 'mcp.invalid_path',
  title: 'Bad Request',
  detail: 'the arguments do not name a route this tool calls',
};

function definedOnly(query: Record<string, string | number | boolean | undefined>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined) defined[name] = String(value);
  return defined;
}

/**
 * A body that never became a JSON-RPC message (not JSON, empty, over the body limit) is answered in JSON-RPC too, as
 * the Streamable HTTP transport answers one: a client reads the error instead of failing on a problem document. Every
 * other error (401 with its challenge above all) goes on to the service's handler.
 */
function jsonRpcBodyErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const parse = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
  const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
  if (!parse && !tooLarge) throw error;
  return reply
    .status(tooLarge ? 413 : 400)
    .type('application/json')
    .send({
      jsonrpc: '2.0',
      id: null,
      error: parse
        ? { code: -32700, message: 'Parse error: the body is not JSON' }
        : { code: -32600, message: 'Invalid Request: the body is larger than this service reads' },
    });
}
