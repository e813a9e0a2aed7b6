import type { IncomingMessage, ServerResponse } from 'node:http';
import { Type } from '@sinclair/typebox';
import type Provider from 'oidc-provider';
import { EMBEDDED_CLIENT_ID, type EmbeddedProviderLoader } from '../../../integrations/oidc/embedded-provider-keys.js';
import { AppError, isAppError } from '../../../domain/shared/errors.js';
import type { PasswordProblem } from '../../../domain/signin/password-rules.js';
import { passwordProblemsOf } from '../../../domain/signin/password-rules.js';
import type { PasswordsService } from '../../../domain/signin/passwords.service.js';
import { SESSION_COOKIE, cookieOf } from '../../cookies.js';
import { renderFirstPasswordPage } from '../../pages/password-pages.js';
import { isForeignPost } from '../auth/sign-in-context.js';
import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { pageLanguage, renderConsentPage, renderLoginPage, sendSignInFailure } from '../../pages/sign-in-pages.js';

const Params = Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) });

function interactionExpired(): AppError {
  return new AppError({
    code: 'sign_in.interaction_expired',
    kind: 'invalid',
    message: 'The sign-in page has expired; start the sign-in again',
  });
}

/**
 * The embedded provider's pages: the login page (an e-mail and password form for local accounts) and the consent page
 * an assistant's sign-in shows once the person is known. The interaction is bound to
 * this browser by the provider's own cookie (another site's form cannot name it), and a post must come from the
 * service's origin.
 */
export function registerInteractionRoutes(
  app: App,
  deps: { provider: EmbeddedProviderLoader; signIn: SignInService; passwords: PasswordsService; publicUrl: string },
): void {
  const action = (uid: string) => `/oidc/interaction/${uid}/login`;
  const firstPasswordAction = (uid: string) => `/oidc/interaction/${uid}/first-password`;
  const foreign = (request: Parameters<typeof isForeignPost>[0]) => isForeignPost(request, deps.publicUrl);

  app.get('/oidc/interaction/:uid', { schema: { hide: true, params: Params } }, async (request, reply) => {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await (await deps.provider()).interactionDetails(request.raw, reply.raw);
    } catch {
      return sendSignInFailure(request, reply, interactionExpired(), 400);
    }
    if (details.uid !== request.params.uid) return sendSignInFailure(request, reply, interactionExpired(), 400);
    if (details.prompt.name === 'consent' && details.params.client_id !== EMBEDDED_CLIENT_ID) {
      const asking = await assistantOf(details);
      if (!asking) return sendSignInFailure(request, reply, interactionExpired(), 400);
      // the client's name is the registrant's own text: the page keeps the sign-in pages' policy (no script at all,
      // never framed) from security-headers.ts rather than a looser one of its own
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          renderConsentPage({
            lang: pageLanguage(request),
            action: `/oidc/interaction/${details.uid}/consent`,
            clientName: asking.clientName,
            account: asking.account,
            redirectHost: asking.redirectHost,
          }),
        );
    }
    if (details.prompt.name !== 'login') {
      // consent for the service's own client is given by loadExistingGrant; anything else is finished as is
      const redirectTo = await (
        await deps.provider()
      ).interactionResult(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
      return reply.redirect(redirectTo, 303);
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderLoginPage({ lang: pageLanguage(request), action: action(details.uid), email: hint, failed: false }));
  });

  type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

  /** the assistant asking for consent and the person it asks about, or null when either is gone */
  async function assistantOf(details: Details) {
    const provider = await deps.provider();
    const client = await provider.Client.find(String(details.params.client_id));
    const accountId = details.session?.accountId;
    const account = accountId ? await deps.signIn.accountOf(accountId) : null;
    const redirect = URL.canParse(String(details.params.redirect_uri))
      ? new URL(String(details.params.redirect_uri))
      : null;
    if (!client || !account || !accountId || !redirect) return null;
    return {
      provider,
      accountId,
      clientId: client.clientId,
      clientName: client.clientName ?? client.clientId,
      account: account.email,
      redirectHost: redirect.host,
    };
  }

  app.post(
    '/oidc/interaction/:uid/consent',
    {
      schema: {
        hide: true,
        params: Params,
        body: Type.Object({ decision: Type.Union([Type.Literal('allow'), Type.Literal('deny')]) }),
      },
    },
    async (request, reply) => {
      if (foreign(request)) return sendSignInFailure(request, reply, interactionExpired(), 403);
      let details: Details;
      try {
        details = await (await deps.provider()).interactionDetails(request.raw, reply.raw);
      } catch {
        return sendSignInFailure(request, reply, interactionExpired(), 400);
      }
      const asking =
        details.uid === request.params.uid && details.prompt.name === 'consent' ? await assistantOf(details) : null;
      if (!asking || asking.clientId === EMBEDDED_CLIENT_ID) {
        return sendSignInFailure(request, reply, interactionExpired(), 400);
      }
      const allowed = request.body.decision === 'allow';
      if (!allowed) {
        await deps.signIn.recordAssistantConsent({
          userId: asking.accountId,
          client: { id: asking.clientId, name: asking.clientName },
          allowed,
          grantId: null,
          sessionToken: null,
          clientAddress: request.ip,
        });
        const redirectTo = await asking.provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person declined access' },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(redirectTo, 303);
      }
      // exactly what the assistant asked for and the provider found missing: the OpenID scopes and claims, and the
      // MCP server's scope
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const grant = details.grantId
        ? await asking.provider.Grant.find(details.grantId)
        : new asking.provider.Grant({ accountId: asking.accountId, clientId: asking.clientId });
      if (!grant) return sendSignInFailure(request, reply, interactionExpired(), 400);
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      // allowed from a browser signed in to the app: signing that session out ends the assistant too
      await deps.signIn.recordAssistantConsent({
        userId: asking.accountId,
        client: { id: asking.clientId, name: asking.clientName },
        allowed,
        grantId,
        sessionToken: cookieOf(request, SESSION_COOKIE),
        clientAddress: request.ip,
      });
      const redirectTo = await asking.provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(redirectTo, 303);
    },
  );

  app.post(
    '/oidc/interaction/:uid/login',
    {
      schema: {
        hide: true,
        params: Params,
        body: Type.Object({
          email: Type.String({ maxLength: 320 }),
          password: Type.String({ maxLength: 200 }),
        }),
      },
    },
    async (request, reply) => {
      if (foreign(request)) return sendSignInFailure(request, reply, interactionExpired(), 403);
      const details = await loginInteraction(request, reply);
      if (!details) return sendSignInFailure(request, reply, interactionExpired(), 400);
      const lang = pageLanguage(request);
      let verified: Awaited<ReturnType<SignInService['verifyLocalAccount']>>;
      try {
        verified = await deps.signIn.verifyLocalAccount({
          email: request.body.email,
          password: request.body.password,
          clientAddress: request.ip,
        });
      } catch (error) {
        if (!isAppError(error) || error.retryAfterSeconds === undefined) throw error;
        // too many failed tries for this e-mail or from this address: said in words, the password not looked at
        return reply
          .status(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderLoginPage({
              lang,
              action: action(details.uid),
              email: request.body.email,
              failed: true,
              waitSeconds: error.retryAfterSeconds,
            }),
          );
      }
      if (!verified) {
        return reply
          .status(401)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderLoginPage({ lang, action: action(details.uid), email: request.body.email, failed: true }));
      }
      if (verified.mustChangePassword) {
        // the generated first password worked, this once: the person chooses their own before going on
        const { token, email } = await deps.passwords.startFirstSignIn(verified.userId);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderFirstPasswordPage({ lang, action: firstPasswordAction(details.uid), token, email }));
      }
      const redirectTo = await (
        await deps.provider()
      ).interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: verified.userId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    },
  );

  /** the interaction of this browser (the provider's own cookie names it), when it is this uid's and asks for a login */
  async function loginInteraction(
    request: { raw: IncomingMessage; params: { uid: string } },
    reply: { raw: ServerResponse },
  ): Promise<Details | null> {
    let details: Details;
    try {
      details = await (await deps.provider()).interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
    return details.uid === request.params.uid && details.prompt.name === 'login' ? details : null;
  }

  app.post(
    '/oidc/interaction/:uid/first-password',
    {
      schema: {
        hide: true,
        params: Params,
        body: Type.Object({
          token: Type.String({ maxLength: 200 }),
          email: Type.String({ maxLength: 320 }),
          password: Type.String({ maxLength: 1000 }),
          passwordRepeat: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
      },
    },
    async (request, reply) => {
      if (foreign(request)) return sendSignInFailure(request, reply, interactionExpired(), 403);
      const details = await loginInteraction(request, reply);
      if (!details) return sendSignInFailure(request, reply, interactionExpired(), 400);
      const { token, email, password, passwordRepeat } = request.body;
      const page = (status: number, extra: { problems?: PasswordProblem[]; emailProblem?: 'taken' | 'invalid' }) =>
        reply
          .status(status)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderFirstPasswordPage({
              lang: pageLanguage(request),
              action: firstPasswordAction(details.uid),
              token,
              email,
              ...extra,
            }),
          );
      if (!EMAIL.test(email.trim())) return page(400, { emailProblem: 'invalid' });
      let userId: string;
      try {
        userId = await deps.passwords.finishFirstSignIn({
          token,
          password,
          repeated: passwordRepeat,
          email,
          clientAddress: request.ip,
        });
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.code === 'auth.password_rejected')
          return page(400, { problems: passwordProblemsOf(error.fieldErrors) });
        if (error.code === 'user.email_taken') return page(409, { emailProblem: 'taken' });
        return sendSignInFailure(request, reply, interactionExpired(), 400);
      }
      const redirectTo = await (
        await deps.provider()
      ).interactionResult(request.raw, reply.raw, { login: { accountId: userId } }, { mergeWithLastSubmission: false });
      return reply.redirect(redirectTo, 303);
    },
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
