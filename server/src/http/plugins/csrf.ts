import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crossSiteRequest } from '../../domain/signin/sign-in.errors.js';
import { credentialOf } from './partner-auth.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a browser sends the session cookie with any request, whoever's page made it. A write
 * the cookie authenticates must therefore say it comes from the service's own origin: its `Origin` (or, from the odd
 * browser that sends none, its `Referer`) must be the public URL's. Requests with a key or bearer token are not
 * cookie-authenticated and not checked; any other Authorization header does not exempt a request. One hook before every route, so no route can forget it.
 */
export function registerCookieCsrfCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const own = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isCookieAuthenticated(request)) return;
    if (originOf(request) !== own) throw crossSiteRequest();
  });
}

/**
 * the cookie is what authenticates the request: it is there and no key or bearer token is sent. Any other
 * `Authorization` (`Basic` or `Negotiate` added by a proxy or an intranet's single sign-on) leaves the cookie in charge,
 * so it is checked all the same.
 */
export function isCookieAuthenticated(request: FastifyRequest): boolean {
  // the same reading the authentication makes: a header it does not take as a key or token (`Bearer a b`, a blank
  // key) leaves the cookie in charge, so it must not exempt the request here either
  return credentialOf(request)?.kind === 'session_cookie';
}

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin === 'null' ? null : origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
