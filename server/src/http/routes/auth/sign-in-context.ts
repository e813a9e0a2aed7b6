import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../../domain/shared/errors.js';
import { sendSignInFailure } from '../../pages/sign-in-pages.js';
import { statusOf } from '../../plugins/errors.js';

/** what the sign-in routes share: whether cookies are Secure (an https public URL) */
export interface CookieSettings {
  secure: boolean;
}

/** A sign-in step that failed for a reason of ours to explain (4xx, or 502 for a provider away) ends on a page. */
export function answerSignInError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!isAppError(error)) throw error;
  const status = statusOf(error);
  if (status >= 500) request.log.warn({ err: error }, 'sign-in provider failed');
  else request.log.info({ code: error.code, cause: (error.cause as Error | undefined)?.message }, 'sign-in refused');
  return sendSignInFailure(request, reply, error, status);
}
