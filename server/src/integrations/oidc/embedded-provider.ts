import Provider, { type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { EMBEDDED_CLIENT_ID, type EmbeddedAccount, type EmbeddedProviderSecrets } from './embedded-provider-keys.js';

/**
 * The zero-setup OpenID provider (oidc-provider), mounted at `<public URL>/oidc`. Its only client is the service
 * itself, whose consent is taken as given; people prove who they are with a local account's password on the login
 * page the HTTP layer serves at `/oidc/interaction/<uid>`. Everything it keeps goes through `adapter` (the database),
 * so any API process serves any step.
 */
export function createEmbeddedProvider(params: {
  issuer: string;
  publicUrl: string;
  secrets: EmbeddedProviderSecrets;
  adapter: AdapterFactory;
  findAccount: (accountId: string) => Promise<EmbeddedAccount | null>;
  trustProxy: boolean;
}): Provider {
  const { publicUrl, secrets } = params;
  const secure = new URL(publicUrl).protocol === 'https:';
  const configuration: Configuration = {
    adapter: params.adapter,
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: secrets.clientSecret,
        redirect_uris: [`${publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, secure, sameSite: 'lax' },
      short: { signed: true, secure, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // the ID token carries the e-mail itself: the service reads no userinfo
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // seconds; the provider's own session is short, so that the service's idle timeout means something
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 365 * 24 * 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    async findAccount(_ctx, accountId) {
      const account = await params.findAccount(accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: () => ({ sub: accountId, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // the service is the only client, and asking a person to consent to the service they are signing in to is
    // noise: its grant is made here
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(`<h1>Sign-in error</h1><p>${escape(String(out.error_description ?? out.error))}</p>`);
    },
  };
  const provider = new Provider(params.issuer, configuration);
  provider.proxy = params.trustProxy;
  return provider;
}

/** the provider's sign-out step: submitted at once, with a button for browsers without script */
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  ctx.body = page(
    `${form}<p><button type="submit" form="op.logoutForm" name="logout" value="yes">Logg ut / Sign out</button></p>` +
      `<script>document.getElementById('op.logoutForm').insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');document.getElementById('op.logoutForm').submit()</script>`,
  );
}

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>byggdok</title></head><body>${body}</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
