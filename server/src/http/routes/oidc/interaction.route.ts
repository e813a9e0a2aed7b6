import { Type } from '@sinclair/typebox';
import type Provider from 'oidc-provider';
import { EMBEDDED_CLIENT_ID, type EmbeddedProviderLoader } from '../../../integrations/oidc/embedded-provider-keys.js';
import { AppError } from '../../../domain/shared/errors.js';
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
  deps: { provider: EmbeddedProviderLoader; signIn: SignInService; publicUrl: string },
): void {
  const ownOrigin = new URL(deps.publicUrl).origin;
  const action = (uid: string) => `/oidc/interaction/${uid}/login`;

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
      return reply
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .header('content-security-policy', "frame-ancestors 'none'")
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
      const origin = request.headers.origin;
      if (origin && origin !== ownOrigin) return sendSignInFailure(request, reply, interactionExpired(), 403);
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
      await deps.signIn.recordAssistantConsent({
        userId: asking.accountId,
        client: { id: asking.clientId, name: asking.clientName },
        allowed,
        clientAddress: request.ip,
      });
      if (!allowed) {
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
      const origin = request.headers.origin;
      if (origin && origin !== ownOrigin) return sendSignInFailure(request, reply, interactionExpired(), 403);
      let details: Awaited<ReturnType<Provider['interactionDetails']>>;
      try {
        details = await (await deps.provider()).interactionDetails(request.raw, reply.raw);
      } catch {
        return sendSignInFailure(request, reply, interactionExpired(), 400);
      }
      if (details.uid !== request.params.uid || details.prompt.name !== 'login') {
        return sendSignInFailure(request, reply, interactionExpired(), 400);
      }
      const accountId = await deps.signIn.verifyLocalAccount({
        email: request.body.email,
        password: request.body.password,
        clientAddress: request.ip,
      });
      if (!accountId) {
        return reply
          .status(401)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderLoginPage({
              lang: pageLanguage(request),
              action: action(details.uid),
              email: request.body.email,
              failed: true,
            }),
          );
      }
      const redirectTo = await (
        await deps.provider()
      ).interactionResult(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
      return reply.redirect(redirectTo, 303);
    },
  );
}
