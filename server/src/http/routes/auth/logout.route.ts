import { Type } from '@sinclair/typebox';
import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { SESSION_COOKIE, clearCookie, cookieOf } from '../../cookies.js';
import { withProblems } from '../../schemas/common.js';
import type { CookieSettings } from './sign-in-context.js';

/** Ends the session here, clears the cookie, and signs out at the provider when it has an end-session endpoint. */
export function registerLogoutRoute(app: App, deps: { signIn: SignInService; cookies: CookieSettings }): void {
  app.get(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign out: to the provider's end-session endpoint, or to redirectUri",
        querystring: Type.Object(
          { redirectUri: Type.Optional(Type.String({ maxLength: 2000 })) },
          { additionalProperties: false },
        ),
        response: withProblems({ 302: Type.Null() }, [400, 429]),
      },
    },
    async (request, reply) => {
      const { redirectTo } = await deps.signIn.signOut({
        sessionToken: cookieOf(request, SESSION_COOKIE),
        ...(request.query.redirectUri !== undefined ? { redirectUri: request.query.redirectUri } : {}),
        clientAddress: request.ip,
      });
      clearCookie(reply, { name: SESSION_COOKIE, secure: deps.cookies.secure });
      return reply.header('cache-control', 'no-store').redirect(redirectTo, 302);
    },
  );
}
