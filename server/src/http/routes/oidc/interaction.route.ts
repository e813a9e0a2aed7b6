import { Type } from '@sinclair/typebox';
import type Provider from 'oidc-provider';
import type { EmbeddedProviderLoader } from '../../../integrations/oidc/embedded-provider-keys.js';
import { AppError } from '../../../domain/shared/errors.js';
import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { pageLanguage, renderLoginPage, sendSignInFailure } from '../../pages/sign-in-pages.js';

const Params = Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) });

function interactionExpired(): AppError {
  return new AppError({
    code: 'sign_in.interaction_expired',
    kind: 'invalid',
    message: 'The sign-in page has expired; start the sign-in again',
  });
}

/**
 * The embedded provider's login page: an e-mail and password form for local accounts. The interaction is bound to
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
