import { Type } from '@sinclair/typebox';
import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { RECENT_SSO_COOKIE, SESSION_COOKIE, SIGN_IN_COOKIE, cookieOf, setCookie } from '../../cookies.js';
import { withProblems } from '../../schemas/common.js';
import { answerSignInError, userAgentOf, type CookieSettings } from './sign-in-context.js';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The provider's answer: a session and its cookie, then back to where the sign-in started. Only in the browser that
 * started the sign-in (its `byggdok_sign_in` cookie): another person's callback URL signs nobody in.
 */
export function registerCallbackRoute(app: App, deps: { signIn: SignInService; cookies: CookieSettings }): void {
  app.get(
    '/auth/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "The OpenID provider's redirect back: sets the session cookie and redirects",
        // providers add parameters of their own (iss, session_state, scope ...)
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String({ maxLength: 8000 })),
            state: Type.Optional(Type.String({ maxLength: 1000 })),
            error: Type.Optional(Type.String({ maxLength: 200 })),
            error_description: Type.Optional(Type.String({ maxLength: 2000 })),
          },
          { additionalProperties: Type.String({ maxLength: 8000 }) },
        ),
        response: withProblems(
          { 302: Type.Null({ description: 'signed in: to the redirectUri of /auth/login' }) },
          [400, 401, 403, 429, 502],
        ),
      },
    },
    async (request, reply) => {
      try {
        const result = await deps.signIn.finishSignIn({
          query: request.query,
          browserSecret: cookieOf(request, SIGN_IN_COOKIE),
          clientAddress: request.ip,
          userAgent: userAgentOf(request),
        });
        const maxAgeSeconds = (result.expiresAt.getTime() - Date.now()) / 1000;
        setCookie(reply, {
          name: SESSION_COOKIE,
          value: result.sessionToken,
          maxAgeSeconds,
          secure: deps.cookies.secure,
        });
        setCookie(reply, {
          name: RECENT_SSO_COOKIE,
          value: result.issuer,
          maxAgeSeconds: YEAR_SECONDS,
          secure: deps.cookies.secure,
        });
        return reply.header('cache-control', 'no-store').redirect(result.redirectTo, 302);
      } catch (error) {
        return answerSignInError(request, reply, error);
      }
    },
  );
}
