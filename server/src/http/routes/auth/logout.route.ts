import { Type } from '@sinclair/typebox';
import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import { crossSiteRequest } from '../../../domain/signin/sign-in.errors.js';
import type { App } from '../../app-types.js';
import { SESSION_COOKIE, clearCookie, cookieOf } from '../../cookies.js';
import { renderSignedOutPage, renderSignOutPage } from '../../pages/password-pages.js';
import { pageLanguage } from '../../pages/sign-in-pages.js';
import { withProblems } from '../../schemas/common.js';
import { isOwnOriginPost, type CookieSettings } from './sign-in-context.js';

const RedirectQuery = Type.Object(
  { redirectUri: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);

/**
 * Signing out is a POST from the service's own pages (the web app's button): it ends the session here, clears the
 * cookie, ends the assistants allowed from that session, and signs out at the provider when it has an end-session
 * endpoint. A GET (a link, or another site's navigation) only shows a page with the button.
 */
export function registerLogoutRoute(
  app: App,
  deps: { signIn: SignInService; cookies: CookieSettings; publicUrl: string },
): void {
  app.get(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: a page with the button that posts the sign-out (a GET ends nothing)',
        querystring: RedirectQuery,
        response: withProblems({ 200: Type.String({ description: 'the page (text/html)' }) }, [400, 429]),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderSignOutPage({ lang: pageLanguage(request), redirectUri: request.query.redirectUri ?? null })),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign out: to the provider's end-session endpoint, or to redirectUri (needs the service's Origin)",
        querystring: RedirectQuery,
        body: Type.Optional(
          Type.Union([
            Type.Object(
              { redirectUri: Type.Optional(Type.String({ maxLength: 2000 })) },
              { additionalProperties: false },
            ),
            Type.Null(),
          ]),
        ),
        response: withProblems(
          {
            200: Type.String({ description: "a browser's page that goes on to the provider's end-session page" }),
            303: Type.Null(),
          },
          [400, 403, 429],
        ),
      },
    },
    async (request, reply) => {
      // another site cannot sign a person out: the post must come from the service's own pages
      if (!isOwnOriginPost(request, deps.publicUrl)) throw crossSiteRequest();
      const redirectUri = request.body?.redirectUri ?? request.query.redirectUri;
      const { redirectTo } = await deps.signIn.signOut({
        sessionToken: cookieOf(request, SESSION_COOKIE),
        ...(redirectUri !== undefined ? { redirectUri } : {}),
        clientAddress: request.ip,
      });
      clearCookie(reply, { name: SESSION_COOKIE, secure: deps.cookies.secure });
      reply.header('cache-control', 'no-store');
      // a page's form may not be redirected to another origin (its form-action policy): a browser goes on to an
      // outside provider's end-session page from a page of ours
      const elsewhere = new URL(redirectTo, deps.publicUrl).origin !== new URL(deps.publicUrl).origin;
      if (elsewhere && String(request.headers.accept ?? '').includes('text/html')) {
        return reply
          .type('text/html; charset=utf-8')
          .send(renderSignedOutPage({ lang: pageLanguage(request), next: redirectTo }));
      }
      return reply.redirect(redirectTo, 303);
    },
  );
}
