import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crossSiteRequest } from '../../domain/signin/sign-in.errors.js';
import { SESSION_COOKIE, cookieOf } from '../cookies.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a browser sends the session cookie with any request, whoever's page made it. A write
 * the cookie authenticates must therefore say it comes from the service's own origin: its `Origin` (or, from the odd
 * browser that sends none, its `Referer`) must be the public URL's. Requests with a key or bearer token are not
 * cookie-authenticated and not checked. One hook before every route, so no route can forget it.
 */
export function registerCookieCsrfCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const own = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isCookieAuthenticated(request)) return;
    if (originOf(request) !== own) throw crossSiteRequest();
  });
}

/** the cookie is what authenticates the request: it is there and no key or bearer token is sent */
export function isCookieAuthenticated(request: FastifyRequest): boolean {
  return cookieOf(request, SESSION_COOKIE) !== null && !request.headers['x-api-key'] && !request.headers.authorization;
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
