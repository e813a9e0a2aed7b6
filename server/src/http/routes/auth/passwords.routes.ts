import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { passwordProblemsOf } from '../../../domain/signin/password-rules.js';
import type { PasswordsService } from '../../../domain/signin/passwords.service.js';
import { crossSiteRequest } from '../../../domain/signin/sign-in.errors.js';
import { isAppError } from '../../../domain/shared/errors.js';
import type { App } from '../../app-types.js';
import { SESSION_COOKIE, setCookie } from '../../cookies.js';
import {
  renderForgotPasswordPage,
  renderSetPasswordPage,
  SET_PASSWORD_SCRIPT,
  type LinkState,
} from '../../pages/password-pages.js';
import { pageLanguage, wantsJson } from '../../pages/sign-in-pages.js';
import { withProblems } from '../../schemas/common.js';
import { isForeignPost, userAgentOf, type CookieSettings } from './sign-in-context.js';

const Token = Type.String({ minLength: 1, maxLength: 200, description: 'the token from the link’s #token=' });
/** long enough for the rules to say "at most 200 characters" in words rather than a schema error */
const NewPassword = Type.String({ maxLength: 1000 });

const LINK_STATES: Record<string, LinkState> = {
  'auth.password_link_used': 'used',
  'auth.password_link_expired': 'expired',
  'auth.password_link_invalid': 'unknown',
};

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * Passwords of the embedded sign-in, reached without a credential (they are how a person gets one):
 * the set-password page an invitation or forgot-password mail links to, its check of the link, its form, and the
 * forgot-password page. Browsers get pages in their language; clients asking for JSON get JSON and problem+json.
 * A form another site posts is refused (its Origin), so nobody can be signed in to someone else's account.
 */
export function registerPasswordRoutes(
  app: App,
  deps: { passwords: PasswordsService; cookies: CookieSettings; publicUrl: string },
): void {
  const { passwords } = deps;

  function refuseForeign(request: FastifyRequest) {
    if (isForeignPost(request, deps.publicUrl)) throw crossSiteRequest();
  }

  app.get('/auth/set-password', { schema: { hide: true } }, async (request, reply) =>
    sendPage(reply, 200, renderSetPasswordPage({ lang: pageLanguage(request) })),
  );

  app.get('/auth/set-password.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(SET_PASSWORD_SCRIPT),
  );

  app.post(
    '/auth/set-password/check',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Whether a set-password link works, and whose it is',
        body: Type.Object({ token: Token }, { additionalProperties: false }),
        response: withProblems(
          {
            200: Type.Object({
              email: Type.String(),
              purpose: Type.Union([Type.Literal('invitation'), Type.Literal('reset'), Type.Literal('first_sign_in')]),
              expiresAt: Type.String({ format: 'date-time' }),
              personalApiKeys: Type.Integer({
                minimum: 0,
                description: 'how many of the person’s personal API keys still work (revokeApiKeys ends them)',
              }),
            }),
          },
          [400, 403, 429],
        ),
      },
    },
    async (request) => {
      refuseForeign(request);
      const link = await passwords.describeLink({ token: request.body.token, clientAddress: request.ip });
      return { ...link, expiresAt: link.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/set-password',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Choose a password with a one-time link: signs the person in (the session cookie)',
        description:
          'A form post (from the set-password page) is answered with a redirect into the app, or the page again with ' +
          'what is wrong; a JSON request with JSON. The person’s personal API keys go on working unless ' +
          '`revokeApiKeys` is true.',
        body: Type.Object(
          {
            token: Token,
            password: NewPassword,
            passwordRepeat: Type.Optional(NewPassword),
            revokeApiKeys: Type.Optional(
              Type.Union([Type.Boolean(), Type.Literal('true')], {
                description:
                  'also revoke every personal API key of the person (programs using them stop working); a form ' +
                  'post sends "true"',
              }),
            ),
            username: Type.Optional(Type.String({ maxLength: 320, description: 'ignored (for password managers)' })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({ userId: Type.String(), redirectTo: Type.String() }),
            303: Type.Null({ description: 'signed in: into the app' }),
          },
          [400, 403, 429],
        ),
      },
    },
    async (request, reply) => {
      refuseForeign(request);
      const json = wantsJson(request) || request.headers['content-type']?.includes('json') === true;
      const { token, password, passwordRepeat } = request.body;
      const revokeApiKeys = request.body.revokeApiKeys === true || request.body.revokeApiKeys === 'true';
      try {
        const result = await passwords.setPasswordWithLink({
          token,
          password,
          repeated: passwordRepeat,
          revokeApiKeys,
          clientAddress: request.ip,
          userAgent: userAgentOf(request),
        });
        setCookie(reply, {
          name: SESSION_COOKIE,
          value: result.sessionToken,
          maxAgeSeconds: (result.expiresAt.getTime() - Date.now()) / 1000,
          secure: deps.cookies.secure,
        });
        reply.header('cache-control', 'no-store');
        if (json) return { userId: result.userId, redirectTo: '/app/' };
        return reply.redirect('/app/', 303);
      } catch (error) {
        if (json || !isAppError(error)) throw error;
        const lang = pageLanguage(request);
        if (error.code === 'auth.password_rejected') {
          // the link works (the rules are checked after it): the offer to revoke the keys stays, ticked as it was
          const personalApiKeys = await passwords
            .describeLink({ token, clientAddress: request.ip })
            .then((link) => link.personalApiKeys)
            .catch(() => null);
          return sendPage(
            reply,
            400,
            renderSetPasswordPage({
              lang,
              token,
              problems: passwordProblemsOf(error.fieldErrors),
              revokeKeys: { count: personalApiKeys, checked: revokeApiKeys },
            }),
          );
        }
        const linkState = LINK_STATES[error.code];
        if (linkState) return sendPage(reply, 400, renderSetPasswordPage({ lang, token, linkState }));
        if (error.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          return sendPage(reply, 429, renderSetPasswordPage({ lang, token, waitSeconds: error.retryAfterSeconds }));
        }
        throw error;
      }
    },
  );

  app.get(
    '/auth/forgot-password',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) }),
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        200,
        renderForgotPasswordPage({ lang: pageLanguage(request), email: request.query.email ?? '', sent: false }),
      ),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'Mail a one-time link (1 hour) that sets a new password; the same answer whether or not the address is known',
        body: Type.Object(
          {
            email: Type.Optional(Type.String({ maxLength: 320 })),
            token: Type.Optional(
              Type.String({ maxLength: 200, description: 'a used or expired link’s token instead' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 202: Type.Object({ accepted: Type.Literal(true) }) }, [400, 403, 429]),
      },
    },
    async (request, reply) => {
      refuseForeign(request);
      const json = wantsJson(request) || request.headers['content-type']?.includes('json') === true;
      // a body whose members are all optional may be left out (validation.ts reads null as none)
      const body = request.body ?? {};
      const email = body.email?.trim() || undefined;
      const token = body.token || undefined;
      try {
        await passwords.requestLink({ email, token, clientAddress: request.ip });
      } catch (error) {
        if (json || !isAppError(error) || error.retryAfterSeconds === undefined) throw error;
        reply.header('retry-after', String(error.retryAfterSeconds));
        return sendPage(
          reply,
          429,
          renderForgotPasswordPage({
            lang: pageLanguage(request),
            email: email ?? '',
            sent: false,
            waitSeconds: error.retryAfterSeconds,
          }),
        );
      }
      if (json) return reply.code(202).send({ accepted: true });
      return sendPage(reply, 200, renderForgotPasswordPage({ lang: pageLanguage(request), email: '', sent: true }));
    },
  );
}
