import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../../domain/shared/errors.js';
import { sendSignInFailure } from '../../pages/sign-in-pages.js';
import { statusOf } from '../../plugins/errors.js';

/** what the sign-in routes share: whether cookies are Secure (an https public URL) */
export interface CookieSettings {
  secure: boolean;
}

/** how long the sign-in cookie lasts: as long as a sign-in attempt */
export const SIGN_IN_COOKIE_SECONDS = 15 * 60;

/** A sign-in step that failed for a reason of ours to explain (4xx, or 502 for a provider away) ends on a page. */
export function answerSignInError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!isAppError(error)) throw error;
  const status = statusOf(error);
  if (status >= 500) request.log.warn({ err: error }, 'sign-in provider failed');
  else request.log.info({ code: error.code, cause: (error.cause as Error | undefined)?.message }, 'sign-in refused');
  return sendSignInFailure(request, reply, error, status);
}

/**
 * A form of the sign-in pages that needs no credential (set a password, ask for a link, the login form): a post that
 * another site's page made carries that site's Origin (every browser sends one with a cross-site POST), and is
 * refused; a request with neither Origin nor Referer (a script, curl) is not a browser's and may pass.
 */
export function isForeignPost(request: FastifyRequest, publicUrl: string): boolean {
  const own = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== own;
  const referer = request.headers.referer;
  if (!referer) return false;
  return !URL.canParse(referer) || new URL(referer).origin !== own;
}

/** a browser's post, with the service's own Origin (or, without one, Referer): what logging out needs */
export function isOwnOriginPost(request: FastifyRequest, publicUrl: string): boolean {
  const own = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === own;
  const referer = request.headers.referer;
  return referer !== undefined && URL.canParse(referer) && new URL(referer).origin === own;
}

/** the User-Agent a session is shown with on the account page */
export function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && agent ? agent.slice(0, 500) : null;
}
