import { createHash, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';
import Provider, {
  errors,
  type AdapterFactory,
  type Configuration,
  type KoaContextWithOIDC,
  type RefreshToken,
} from 'oidc-provider';
import type { AssistantRegistrations } from '../../domain/signin/assistant-registrations.js';
import {
  ASSISTANT_ACCESS_TOKEN_SECONDS,
  ASSISTANT_GRANT_SECONDS,
  ASSISTANT_REFRESH_TOKEN_IDLE_SECONDS,
  EMBEDDED_CLIENT_ID,
  MCP_SCOPE,
  type EmbeddedAccount,
  type EmbeddedProviderSecrets,
} from './embedded-provider-keys.js';

/** a client property no one sends: its validator sees the whole registration and checks its redirect URIs */
const REDIRECT_CHECK = 'byggdok_redirect_check';

/** https anywhere, or http on a loopback address; nothing else (no other host over http, no other scheme) */
export function isAllowedRedirectUri(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname);
}

const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];

/**
 * Whether a browser sent to this redirect URI lands on the service's own pages: its public URL's origin (a trailing
 * dot on the host is the same host); for a public URL on a loopback address, any loopback name at its port, and for
 * a native client any loopback port too, since oidc-provider takes a native client's loopback redirect URI with any
 * port (RFC 8252, 7.3). A code sent there is read by whatever runs on those pages, and the consent page would tell
 * the person they go back to the service itself.
 */
export function reachesTheService(params: { uri: string; publicUrl: string; native: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(params.uri);
  } catch {
    return false;
  }
  const service = new URL(params.publicUrl);
  const host = (u: URL) => u.hostname.replace(/\.$/, '');
  if (url.protocol === service.protocol && host(url) === host(service) && url.port === service.port) return true;
  const loopback = (u: URL) => u.protocol === 'http:' && LOOPBACK_HOSTS.includes(u.hostname);
  return loopback(service) && loopback(url) && (params.native || url.port === service.port);
}

/**
 * The zero-setup OpenID provider (oidc-provider), mounted at `<public URL>/oidc`. Its own client is the service
 * itself, whose consent is taken as given; assistants register as clients of their own and get an access token for
 * the MCP server once the person allows them (OAuth 2.1: authorization code with PKCE S256 only). People prove who they are with a local account's password on the login
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
  /** the MCP server's URL: the one resource the provider issues access tokens for (JWTs, an hour) */
  mcpResource: string;
  /** the cap on the clients one address may register (open registration) */
  registrations: Pick<AssistantRegistrations, 'refusal' | 'registered'>;
  /** an assistant ended its own connection (a revocation that ended its grant): for the person's audit log */
  onAssistantRevoked?: (event: AssistantRevoked) => Promise<void>;
}): Provider {
  const { publicUrl, secrets } = params;
  const secure = new URL(publicUrl).protocol === 'https:';
  const accessTokenKey = createPublicKey({ key: secrets.signingKey as JsonWebKey, format: 'jwk' });
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
    // the MCP server's scope is offered too, so that an assistant may register with it (RFC 7591 checks the scopes)
    scopes: ['openid', 'offline_access', 'email', 'profile', MCP_SCOPE],
    // the ID token carries the e-mail itself: the service reads no userinfo
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // the authorization code flow only (OAuth 2.1): oidc-provider also offers `id_token`, `code id_token` and `none`,
    // with which a client anyone registered got the person's signed ID token (e-mail, name) in its URL, without PKCE
    responseTypes: ['code'],
    // seconds: everything the provider keeps ends. Its own session is short, so that the service's idle timeout means
    // something; what a person allowed an assistant lasts 90 days at most, its refresh token 30 days unused
    ttl: {
      // one lifetime for every access token, an assistant's for /mcp included (oidc-provider applies this one)
      AccessToken: ASSISTANT_ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      // fixed when the person allows the assistant, never lengthened: a new consent makes a new grant
      Grant: ASSISTANT_GRANT_SECONDS,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: refreshTokenSeconds,
      Session: 3600,
    },
    // every use of a refresh token gives a new one, valid 30 days again (oidc-provider rotates only public clients'
    // by default, a confidential client's once 70% of its life has passed): a copy sent after the assistant used it
    // is a replay, which ends the grant with every token of it
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource },
      // assistants (MCP clients) register themselves (RFC 7591), as the MCP authorization specification expects;
      // a registered client gets nothing until a person signs in and allows it on the consent page. Open to anyone:
      // capped per address (capRegistrations below), and a client no one allowed is deleted a day later (the
      // adapter's upkeep)
      registration: { enabled: true },
      // RFC 7009: an assistant ends its own refresh token, and with it the grant (so it leaves the person's list of
      // connected assistants) and every token of it; its access tokens are JWTs the provider cannot revoke one by one,
      // so revoking one ends its grant too (revokeAccessTokens below). A token of another client is left alone and
      // answered as a token unknown: anyone can register a client, public or confidential, so an error would tell
      // them the token is live
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        // the service's own sign-in names no resource: its token is for userinfo only, as before
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? undefined,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== params.mcpResource) throw new errors.InvalidTarget('unknown resource');
          return {
            scope: MCP_SCOPE,
            audience: params.mcpResource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ASSISTANT_ACCESS_TOKEN_SECONDS,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // an assistant registering itself may name redirect URIs on https or on this machine (loopback) only: another
    // host over plain http would let anyone on the way read the person's authorization code; and none on the
    // service's own pages. Checked too when a stored client is read, so one registered before is refused now
    extraClientMetadata: {
      properties: [REDIRECT_CHECK],
      validator(_ctx, key, _value, metadata) {
        if (key !== REDIRECT_CHECK || metadata.client_id === EMBEDDED_CLIENT_ID) return;
        const uris = Array.isArray(metadata.redirect_uris) ? (metadata.redirect_uris as unknown[]) : [];
        const refused = uris.find((uri) => typeof uri !== 'string' || !isAllowedRedirectUri(uri));
        if (refused !== undefined) {
          throw new errors.InvalidRedirectUri(
            `redirect_uris must use https, or http on a loopback address (127.0.0.1, [::1], localhost): ${JSON.stringify(refused)}`,
          );
        }
        const native = metadata.application_type === 'native';
        const own = uris.find((uri) => reachesTheService({ uri: uri as string, publicUrl, native }));
        if (own !== undefined) {
          throw new errors.InvalidRedirectUri(
            `redirect_uris must not lead to this service's own pages (${new URL(publicUrl).origin}${native ? ', or any port of a loopback address for a native client' : ''}): ${JSON.stringify(own)}`,
          );
        }
        // the sign-out page submits itself: a client anyone registered would send a signed-out browser anywhere
        const logout = metadata.post_logout_redirect_uris;
        if (Array.isArray(logout) && logout.length > 0) {
          throw new errors.InvalidClientMetadata('post_logout_redirect_uris: an assistant signs nobody out');
        }
      },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // the grant a token was issued under travels in it: the service refuses the token once the grant has ended
    extraTokenClaims: (_ctx, token) => ('grantId' in token && token.grantId ? { grant_id: token.grantId } : undefined),
    async findAccount(_ctx, accountId) {
      const account = await params.findAccount(accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: () => ({ sub: accountId, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // asking a person to consent to the service they are signing in to is noise: its grant is made here; an
    // assistant's client gets the grant the person gave on the consent page, or none (which asks for consent)
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      if (client.clientId !== EMBEDDED_CLIENT_ID) return undefined;
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
  // the HTTP mount sets the forwarded host and protocol to the public URL's on every request (and drops a forwarded
  // client address unless a proxy is trusted), so the provider always writes its URLs from BYGGDOK_PUBLIC_URL
  provider.proxy = true;
  provider.use(capRegistrations(params.registrations));
  provider.use(scriptsOfTheSignOutPage);
  provider.use(endGrantsWithTheSignIn);
  provider.on('revocation.error', (ctx: KoaContextWithOIDC, error: { error?: unknown }) => {
    if (error.error === 'unsupported_token_type') structuredRevocations.add(ctx);
  });
  // a refresh token revoked: the provider ends its grant itself (emitted in the request)
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC, grantId: string) => {
    if (ctx.oidc?.route !== 'revocation') return;
    const accountId = ctx.oidc.entities.RefreshToken?.accountId ?? ctx.oidc.entities.AccessToken?.accountId;
    if (accountId) noteGrantRevoked(ctx, { grantId, accountId });
  });
  if (params.onAssistantRevoked) provider.use(reportRevokedGrants(params.onAssistantRevoked));
  provider.use(revokeAccessTokens({ key: accessTokenKey, issuer: params.issuer, audience: params.mcpResource }));
  provider.on(
    'authorization.error',
    (ctx: KoaContextWithOIDC, error: { error?: unknown; error_description?: unknown }) =>
      failedAuthorizations.set(ctx, error),
  );
  provider.use(authorizationErrorsAsPages);
  return provider;
}

/**
 * A code or refresh token sent several times at once is used by one request only: the adapter consumes it in one
 * statement, ends its grant and throws this for the others, which are answered `invalid_grant` as a replay the
 * provider sees itself is.
 */
export function replayedGrant(): Error {
  return new errors.InvalidGrant('grant already used');
}

/**
 * Open registration is capped per client address (AssistantRegistrations): a registration past the cap is answered
 * 429 with Retry-After and an RFC 7591 error body (`too_many_requests`, the code MCP clients know from their own SDK's
 * registration endpoint). Checked before the provider runs (a request that looks like a registration) and again after
 * any request it registered a client on (the client is then deleted again), so that neither another spelling of the
 * path nor registrations made at the same time get past it. oidc-provider has no hook of its own for this: its
 * registration policies apply only to initial access tokens, and its id factory is synchronous.
 */
function capRegistrations(registrations: Pick<AssistantRegistrations, 'refusal' | 'registered'>) {
  return async function capRegistration(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    if (ctx.method === 'POST' && /^\/reg\/?$/i.test(ctx.path)) {
      const wait = await registrations.refusal(ctx.ip);
      if (wait !== null) return tooManyRegistrations(ctx, wait);
    }
    await next();
    const clientId =
      ctx.oidc?.route === 'registration' && ctx.status === 201 ? ctx.oidc.entities.Client?.clientId : null;
    if (!clientId) return;
    const wait = await registrations.registered({ clientId, address: ctx.ip });
    if (wait !== null) tooManyRegistrations(ctx, wait);
  };
}

function tooManyRegistrations(ctx: KoaContextWithOIDC, retryAfterSeconds: number): void {
  ctx.status = 429;
  ctx.set('retry-after', String(retryAfterSeconds));
  ctx.set('cache-control', 'no-store');
  ctx.body = {
    error: 'too_many_requests',
    error_description: `too many clients registered from this address; try again in ${retryAfterSeconds} seconds`,
  };
}

/**
 * A refresh token lives 30 days from its issue (each rotation issues a new one), never past the end of its grant.
 * oidc-provider's default is 14 days, for a public client's rotated token what was left of the one it replaces.
 */
function refreshTokenSeconds(ctx: KoaContextWithOIDC | undefined, token: RefreshToken): number {
  const now = Math.floor(Date.now() / 1000);
  // the grant is found before any refresh token is made (code or refresh grant); its start, if ever it is not
  const grantEnds = ctx?.oidc?.entities.Grant?.exp ?? (token.iiat ?? now) + ASSISTANT_GRANT_SECONDS;
  return Math.max(1, Math.min(ASSISTANT_REFRESH_TOKEN_IDLE_SECONDS, grantEnds - now));
}

/** an assistant's connection its own revocation ended: the person it acted for, and the assistant */
export interface AssistantRevoked {
  accountId: string;
  clientId: string;
  clientName: string | null;
  clientAddress: string;
}

/** the grants a revocation request ended, with the person each was for (in the request) */
const revokedGrants = new WeakMap<object, { grantId: string; accountId: string }[]>();

function noteGrantRevoked(ctx: KoaContextWithOIDC, revoked: { grantId: string; accountId: string }): void {
  revokedGrants.set(ctx, [...(revokedGrants.get(ctx) ?? []), revoked]);
}

/**
 * Tells the service of every connection an assistant ended by revoking its own token (a refresh token, or an access
 * token by revokeAccessTokens), once the revocation has answered: a revocation of nothing, or of another client's
 * token, reports nothing.
 */
function reportRevokedGrants(report: (event: AssistantRevoked) => Promise<void>) {
  return async function reportRevoked(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    await next();
    const client = ctx.oidc?.client;
    if (ctx.oidc?.route !== 'revocation' || !client) return;
    const seen = new Set<string>();
    for (const revoked of revokedGrants.get(ctx) ?? []) {
      if (seen.has(revoked.grantId)) continue;
      seen.add(revoked.grantId);
      await report({
        accountId: revoked.accountId,
        clientId: client.clientId,
        clientName: client.clientName ?? null,
        clientAddress: ctx.ip,
      });
    }
  };
}

/** the revocation requests oidc-provider refused because their token is a JWT (`revocation.error`, in the request) */
const structuredRevocations = new WeakSet<object>();

/**
 * An assistant revoking its access token (RFC 7009): the provider refuses JWTs (`unsupported_token_type`), which it
 * does not keep and so cannot revoke. One of ours, for the client that authenticated and still valid, ends its grant
 * with every token of it (RFC 7009, 2.1 allows ending the refresh token with the access token); any other JWT is
 * answered 200 like a token unknown, so that the endpoint tells no one whether another client's token is live.
 */
function revokeAccessTokens(verifier: { key: KeyObject; issuer: string; audience: string }) {
  return async function revokeAccessToken(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    await next();
    if (!structuredRevocations.has(ctx) || ctx.oidc?.route !== 'revocation') return;
    const client = ctx.oidc.client;
    const token = ctx.oidc.params?.token;
    if (!client || typeof token !== 'string') return;
    try {
      const { payload } = await jwtVerify(token, verifier.key, {
        issuer: verifier.issuer,
        audience: verifier.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
      });
      if (payload.client_id === client.clientId && typeof payload.grant_id === 'string') {
        const ended = await endGrant(ctx, payload.grant_id);
        if (ended && typeof payload.sub === 'string') {
          noteGrantRevoked(ctx, { grantId: payload.grant_id, accountId: payload.sub });
        }
      }
    } catch {
      // not one of ours, or no longer valid: nothing to end
    }
    // answered as the provider answers a revocation it made: 200, an empty body (RFC 7009, 2.2)
    ctx.remove('content-type');
    ctx.status = 200;
    ctx.body = '';
  };
}

/** the requests whose authorization ended in an error (oidc-provider's `authorization.error`, emitted in the request) */
const failedAuthorizations = new WeakMap<object, { error?: unknown; error_description?: unknown }>();

/**
 * An authorization request that fails at once (`prompt=none` with nobody signed in, a scope or parameter refused) is
 * answered at the client's redirect URI, without the person seeing anything. Assistants register themselves, anyone
 * can, with any https redirect URI: the provider would be a redirector to any site under the service's name (RFC
 * 9700, 4.11.2). For those clients the error is shown as a page here instead; what follows the person's own steps
 * (consent refused: the `resume` route) still goes back to the client, and the service's own client is answered as
 * the standard says.
 */
async function authorizationErrorsAsPages(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  const failed = failedAuthorizations.get(ctx);
  if (failed === undefined || ctx.oidc?.route !== 'authorization') return;
  const clientId = ctx.oidc.client?.clientId;
  if (clientId === undefined || clientId === EMBEDDED_CLIENT_ID) return;
  ctx.remove('location');
  ctx.status = 400;
  ctx.type = 'html';
  ctx.body = page(`<h1>Sign-in error</h1><p>${escape(String(failed.error_description ?? failed.error))}</p>`);
}

/**
 * Signing out at the provider ends every grant made in that sign-in, offline ones (refresh tokens) included:
 * oidc-provider itself keeps a grant with offline_access past a logout.
 */
async function endGrantsWithTheSignIn(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.oidc?.route !== 'end_session_confirm' || ctx.status !== 303) return;
  const session = ctx.oidc.session;
  const grantIds = Object.values(session?.authorizations ?? {})
    .map((authorization) => authorization.grantId)
    .filter((id): id is string => typeof id === 'string');
  for (const grantId of grantIds) await endGrant(ctx, grantId);
}

/** a grant and every token and code issued under it; false when there was no such grant (already ended) */
async function endGrant(ctx: KoaContextWithOIDC, grantId: string): Promise<boolean> {
  const grant = await ctx.oidc.provider.Grant.find(grantId);
  if (!grant) return false;
  await grant.destroy();
  for (const model of [
    ctx.oidc.provider.RefreshToken,
    ctx.oidc.provider.AccessToken,
    ctx.oidc.provider.AuthorizationCode,
  ]) {
    await model.adapter.revokeByGrantId(grantId);
  }
  return true;
}

/** the sign-out page's script: it submits the page's form at once */
const LOGOUT_SCRIPT =
  `document.getElementById('op.logoutForm').insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');` +
  `document.getElementById('op.logoutForm').submit()`;

/** the provider's sign-out step: submitted at once, with a button for browsers without script */
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  allowInlineScript(ctx, LOGOUT_SCRIPT);
  ctx.type = 'html';
  ctx.body = page(
    `${form}<p><button type="submit" form="op.logoutForm" name="logout" value="yes">Logg ut / Sign out</button></p>` +
      `<script>${LOGOUT_SCRIPT}</script>`,
  );
}

const SIGN_OUT_PATH = '/session/end';
const CSP = 'content-security-policy';

/**
 * The provider's pages run no script (security-headers.ts: no script-src under /oidc/), but for the sign-out page,
 * which may run exactly its own inline script, whichever of its two it is: the confirmation (logoutSource, while the
 * provider knows the person) or, once the service has ended the provider's sign-in itself, oidc-provider's own form
 * that posts itself, whose script's hash oidc-provider adds to a script-src it finds (helpers/script_src_sha.js). A
 * script-src with no source is put there for that, and taken away again from a page without a script (an error).
 */
async function scriptsOfTheSignOutPage(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  const policy = ctx.response.get(CSP);
  if (ctx.path !== SIGN_OUT_PATH || typeof policy !== 'string' || !policy || directiveOf(policy, 'script-src') >= 0) {
    return next();
  }
  ctx.set(CSP, `${policy};script-src`);
  try {
    await next();
  } finally {
    const directives = String(ctx.response.get(CSP)).split(';');
    const empty = directives.findIndex((directive) => directive.trim() === 'script-src');
    if (empty >= 0) ctx.set(CSP, directives.filter((_, i) => i !== empty).join(';'));
  }
}

/** lets the page run this one inline script: its sha256 added to the response's script-src (made when absent) */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const policy = ctx.response.get(CSP);
  if (typeof policy !== 'string' || !policy) return;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives = policy.split(';');
  const scripts = directiveOf(policy, 'script-src');
  if (scripts >= 0) directives[scripts] = `${directives[scripts]!.trim()} ${hash}`;
  else directives.push(`script-src ${hash}`);
  ctx.set(CSP, directives.join(';'));
}

/** the index of a directive in a policy's `;`-separated list, or -1 */
function directiveOf(policy: string, name: string): number {
  return policy.split(';').findIndex((directive) => directive.trim().split(/\s+/)[0] === name);
}

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>byggdok</title></head><body>${body}</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
