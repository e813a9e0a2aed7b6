import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationRequired } from '../../domain/access/access.errors.js';
import type { AccessService, Credential } from '../../domain/access/access.service.js';
import { credentialHolderOf } from '../../domain/access/credential-holder.js';
import type { Principal, Surface } from '../../domain/access/principal.js';
import { USER_KEY_PREFIX } from '../../domain/access/user-keys.js';
import { SUBCONTRACTOR_TOKEN_PREFIX } from '../../domain/deliveries/subcontractors.service.js';
import { SESSION_TOKEN_PREFIX } from '../../domain/sessions/sessions.service.js';
import { isAppError } from '../../domain/shared/errors.js';
import { SESSION_COOKIE, cookieOf } from '../cookies.js';
import { subcontractorTokenOf } from '../routes/public/portal.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The credential a request carries: an API key in `x-api-key` (a partner's key, or a person's `fk_user_` key), a
 * bearer token (session token, either kind of API key, or an OAuth access token), or else the sign-in session cookie.
 */
export function credentialOf(request: FastifyRequest): Credential | null {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0]?.trim() : header?.trim();
  if (key) return { kind: key.startsWith(USER_KEY_PREFIX) ? 'user_key' : 'api_key', secret: key };
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match?.[1]) {
    const secret = match[1];
    if (secret.startsWith(SUBCONTRACTOR_TOKEN_PREFIX)) return { kind: 'subcontractor_token', secret };
    if (secret.startsWith(SESSION_TOKEN_PREFIX)) return { kind: 'session_token', secret };
    if (secret.startsWith(USER_KEY_PREFIX)) return { kind: 'user_key', secret };
    // a JWT (header.payload.signature): an OAuth access token of the embedded provider
    if (JWT_SHAPE.test(secret)) return { kind: 'oauth_token', secret };
    return { kind: 'api_key', secret };
  }
  const cookie = cookieOf(request, SESSION_COOKIE);
  return cookie ? { kind: 'session_cookie', secret: cookie } : null;
}

/**
 * The MCP endpoint calls the REST routes inside this process (`app.inject`) with its caller's credential; this header,
 * whose value is a secret of the process, says a request is such a call. Only these requests are the MCP surface, so an
 * assistant's token reaches a REST route through the MCP endpoint's tools only, never directly.
 */
const MCP_CALL_HEADER = 'x-byggdok-mcp-call';
const MCP_CALL_SECRET = Buffer.from(randomBytes(32).toString('base64url'));

/** the header the MCP endpoint's in-process calls carry */
export function mcpCallHeaders(): Record<string, string> {
  return { [MCP_CALL_HEADER]: MCP_CALL_SECRET.toString() };
}

/** the surface a request came in on: the MCP endpoint and its own calls, or REST */
export function surfaceOf(request: FastifyRequest): Surface {
  // by the route reached, as the MCP route's Origin check: `/mcp/` and `/%6dcp` reach it too
  if (request.routeOptions.url === '/mcp') return 'mcp';
  const value = request.headers[MCP_CALL_HEADER];
  if (typeof value !== 'string') return 'rest';
  const given = Buffer.from(value);
  return given.length === MCP_CALL_SECRET.length && timingSafeEqual(given, MCP_CALL_SECRET) ? 'mcp' : 'rest';
}

/**
 * Every route registered inside this plugin's scope has a principal before its handler runs; the access service
 * answers 401 for a request without a usable credential, or with one this surface does not accept.
 */
export function registerPartnerAuthentication(app: FastifyInstance, access: AccessService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    request.principal = await authenticateOnce(request, access);
  });
}

const AUTHENTICATED = Symbol('authenticated');
const PORTAL_PREFIX = '/construction/public/';

/** The request's principal, proven once per request (the rate limit asks first, the route's scope after it). */
export function authenticateOnce(request: FastifyRequest, access: AccessService): Promise<Principal> {
  const memo = request as FastifyRequest & { [AUTHENTICATED]?: Promise<Principal> };
  return (memo[AUTHENTICATED] ??= access.authenticate(credentialOf(request), { surface: surfaceOf(request) }));
}

/**
 * The rate-limit bucket of a request's credential when the credential is proven (a key, token or session the service
 * accepts on this surface; the portal's token as the portal checks it); null for a missing, unknown or refused one,
 * which is counted against the client address instead.
 */
export async function provenCredentialOf(request: FastifyRequest, access: AccessService): Promise<string | null> {
  // the portal's routes take the portal's token alone, and no other route takes it
  const portal = request.url.startsWith(PORTAL_PREFIX);
  const credential = credentialOf(request);
  const secret = portal ? subcontractorTokenOf(request) : credential?.secret;
  if (!secret || (!portal && credential?.kind === 'subcontractor_token')) return null;
  let principal: Principal;
  try {
    principal = portal ? await access.authenticateSubcontractor(secret) : await authenticateOnce(request, access);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
  // a key's budget is shared by its session tokens, a person's by all their credentials (credential-holder.ts)
  return credentialHolderOf(principal);
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw authenticationRequired();
  return request.principal;
}
