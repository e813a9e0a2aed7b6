import { Type } from '@sinclair/typebox';
import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { withProblems } from '../../schemas/common.js';
import { randomSecret } from '../../../domain/shared/ids.js';
import { SIGN_IN_COOKIE, cookieOf, setCookie } from '../../cookies.js';
import { answerSignInError, SIGN_IN_COOKIE_SECONDS, type CookieSettings } from './sign-in-context.js';

/**
 * Starts a sign-in: a redirect to the OpenID provider. With `email`, an uninvited or deactivated address is stopped
 * here (403 `sign_in.not_invited`, a page or problem+json), each such answer counting as a failed try of the client
 * address, so the start cannot be used to sweep a list of addresses (429 past the limit, for any address).
 * `useRecentSso`: with one provider configured there is no choice to skip, so the browser always goes straight to it
 * (no `prompt`, so a provider that still knows the person signs them in without a page); the cookie of the last
 * sign-in is kept for a second provider's sake. The short-lived httpOnly cookie `byggdok_sign_in` ties the attempt to
 * this browser: /auth/callback refuses a browser without it.
 */
export function registerLoginRoute(app: App, deps: { signIn: SignInService; cookies: CookieSettings }): void {
  app.get(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: redirects to the OpenID provider (the embedded one when none is configured)',
        querystring: Type.Object(
          {
            redirectUri: Type.Optional(
              Type.String({
                maxLength: 2000,
                description: 'where to go after sign-in: this service or an origin in APP_ALLOWED_REDIRECTS',
              }),
            ),
            email: Type.Optional(
              Type.String({
                format: 'email',
                maxLength: 320,
                description:
                  'the work e-mail from the login page: an uninvited one is stopped before the provider (403, counted against the client address); passed on as login_hint',
              }),
            ),
            useRecentSso: Type.Optional(Type.Boolean()),
            provider: Type.Optional(Type.String({ maxLength: 200, description: 'accepted and ignored' })),
            sso: Type.Optional(Type.String({ maxLength: 200, description: 'accepted and ignored' })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 302: Type.Null({ description: "to the provider's authorization page" }) },
          [400, 403, 429, 502],
        ),
      },
    },
    async (request, reply) => {
      try {
        // one value per browser (kept while it lasts, so sign-ins started in two tabs both finish)
        const existing = cookieOf(request, SIGN_IN_COOKIE);
        const browserSecret = existing && /^[A-Za-z0-9_-]{32,128}$/.test(existing) ? existing : randomSecret();
        const { url } = await deps.signIn.startSignIn({
          ...(request.query.redirectUri !== undefined ? { redirectUri: request.query.redirectUri } : {}),
          ...(request.query.email !== undefined ? { email: request.query.email } : {}),
          browserSecret,
          clientAddress: request.ip,
        });
        setCookie(reply, {
          name: SIGN_IN_COOKIE,
          value: browserSecret,
          maxAgeSeconds: SIGN_IN_COOKIE_SECONDS,
          secure: deps.cookies.secure,
          path: '/auth',
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        return answerSignInError(request, reply, error);
      }
    },
  );
}
