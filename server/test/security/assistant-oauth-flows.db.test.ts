import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  generateKeyPairSync,
  randomBytes,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formAction, TestBrowser } from '../helpers/browser.js';
import { listeningWithAPerson, mcpStatus } from '../helpers/sign-in-flows.js';
import { EMBEDDED_CLIENT_ID } from '../../src/integrations/oidc/embedded-provider-keys.js';
import type { TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';
const b64 = (part: string) => Buffer.from(part, 'base64url').toString();
const REDIRECT = 'https://assistant.example:8443/oauth/callback';
const LOOPBACK = 'http://127.0.0.1:33418/callback';

interface TokenAnswer {
  status: number;
  cacheControl: string | null;
  body: { access_token?: string; refresh_token?: string; id_token?: string; error?: string };
}

/**
 * An assistant's OAuth at the embedded provider attacked as an assistant, a thief of its codes and tokens, or another
 * site would: redirect URIs that are almost the registered one (also pushed, RFC 9126), no PKCE or a wrong verifier,
 * a code replayed or redeemed by another client, a refresh token of one client used by another or replayed after
 * rotation, each also sent several times at once, the consent form posted from another site or another browser,
 * token answers cached, the implicit and hybrid flows, forged or altered access tokens and an ID token at /mcp, the
 * sign-out's redirect, and the log. Two failed before their fix: a code or refresh token sent several times at once
 * was used by each request (eight new refresh tokens for one; two sets of tokens for one code on PostgreSQL), and a
 * client anyone registered could take the implicit flow (`response_type=id_token`, no PKCE) and get the person's
 * signed ID token in its URL. Real HTTP against a listening service, on both engines. Each test registers a client
 * or two from one address, which may register 20 an hour (oauth-registrations.db.test.ts).
 */
describe.each(testEngines())("an assistant's OAuth under attack on %s", (engine) => {
  let t: TestApp;
  let base: string;
  /** everything the service logged, at debug level */
  let logged: () => string;
  /** every code, verifier and token this file saw, none of which may be in the log */
  const secrets = new Set<string>();
  const keep = (...values: (string | undefined)[]) => {
    for (const value of values) if (value) secrets.add(value);
  };

  beforeAll(async () => {
    ({ t, base, logged } = await listeningWithAPerson({
      engine,
      person: { email: 'kari@example.test', name: 'Kari', password: PASSWORD },
    }));
  }, 90_000);
  afterAll(() => t?.close());

  async function register(redirectUris: string[] = [REDIRECT, LOOPBACK]) {
    const answer = await fetch(`${base}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Assistant',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(answer.status).toBe(201);
    const body = (await answer.clone().json()) as { client_id: string; registration_access_token?: string };
    keep(body.registration_access_token);
    return { answer, clientId: body.client_id };
  }

  function authorizeUrl(params: Record<string, string | null>): string {
    const url = new URL(`${base}/oidc/auth`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      scope: 'openid mcp offline_access',
      resource: `${base}/mcp`,
      code_challenge_method: 'S256',
      prompt: 'consent',
      state: 'st',
      ...params,
    })) {
      if (value !== null) url.searchParams.set(name, value);
    }
    return url.href;
  }

  const onService = (next: URL) => next.origin === base;

  /** the person's browser from the authorization URL through the login, up to the consent page */
  async function upToConsent(clientId: string, redirectUri = REDIRECT) {
    const verifier = randomBytes(32).toString('base64url');
    const browser = new TestBrowser({ 'accept-language': 'en' });
    const url = authorizeUrl({
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    });
    const login = await (await browser.go(url, onService)).text();
    const consent = await browser.go(new URL(formAction(login), base).href, onService, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: 'kari@example.test', password: PASSWORD }).toString(),
    });
    const html = await consent.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no consent page: ${html.slice(0, 300)}`);
    return { browser, verifier, consentUrl: new URL(action, base).href };
  }

  const decide = (browser: TestBrowser, consentUrl: string, headers: Record<string, string>, decision = 'allow') =>
    browser.request(consentUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ decision }).toString(),
    });

  /** registration, login and consent: the code the assistant's redirect URI receives */
  async function codeFor(clientId: string, redirectUri = REDIRECT) {
    const { browser, verifier, consentUrl } = await upToConsent(clientId, redirectUri);
    const back = await browser.go(consentUrl, onService, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ decision: 'allow' }).toString(),
    });
    const location = new URL(back.headers.get('location') ?? '', base);
    expect(location.origin + location.pathname).toBe(redirectUri);
    const code = location.searchParams.get('code');
    if (!code) throw new Error(`no code: ${location.href}`);
    keep(code, verifier);
    return { code, verifier, browser };
  }

  async function token(params: Record<string, string>): Promise<TokenAnswer> {
    const response = await fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ resource: `${base}/mcp`, ...params }).toString(),
    });
    const body = (await response.json()) as TokenAnswer['body'];
    keep(body.access_token, body.refresh_token, body.id_token);
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body };
  }

  const redeem = (p: { clientId: string; code: string; verifier: string; redirectUri?: string }) =>
    token({
      grant_type: 'authorization_code',
      client_id: p.clientId,
      code: p.code,
      code_verifier: p.verifier,
      redirect_uri: p.redirectUri ?? REDIRECT,
    });
  const refresh = (p: { clientId: string; refreshToken: string }) =>
    token({ grant_type: 'refresh_token', client_id: p.clientId, refresh_token: p.refreshToken });

  /** an assistant connected with a refresh token */
  async function connected() {
    const { clientId } = await register();
    const { code, verifier } = await codeFor(clientId);
    const tokens = await redeem({ clientId, code, verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    return { clientId, accessToken: tokens.body.access_token!, refreshToken: tokens.body.refresh_token! };
  }

  it('sends no browser to a redirect URI that is only nearly the registered one', async () => {
    const { clientId } = await register();
    const challenge = createHash('sha256').update('v').digest('base64url');
    const near = [
      'https://assistant.example:8443/oauth/callback/',
      'https://assistant.example:8443/oauth/callback/../../evil',
      'https://assistant.example:8443/oauth/callbackx',
      'https://assistant.example:8443/oauth',
      'https://assistant.example:8443/oauth/callback?next=https://evil.example',
      'https://assistant.example:8443/oauth/callback#frag',
      'https://assistant.example/oauth/callback',
      'https://assistant.example:443/oauth/callback',
      'http://assistant.example:8443/oauth/callback',
      'https://ASSISTANT.example:8443/oauth/callback',
      'https://assistant.example.evil.example:8443/oauth/callback',
      'https://assistant.example:8443@evil.example/oauth/callback',
      'https://evil.example/oauth/callback',
      'http://127.0.0.1:33419/callback',
      'http://localhost:33418/callback',
      'http://127.0.0.1:33418/callback/evil',
    ];
    for (const redirectUri of near) {
      const answer = await fetch(
        authorizeUrl({ client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge }),
        { redirect: 'manual' },
      );
      expect(answer.status, redirectUri).toBe(400);
      expect(answer.headers.get('location'), redirectUri).toBeNull();
      expect(await answer.text(), redirectUri).toContain('Sign-in error');
    }
    // the registered ones start a sign-in
    for (const redirectUri of [REDIRECT, LOOPBACK]) {
      const answer = await fetch(
        authorizeUrl({ client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge }),
        { redirect: 'manual' },
      );
      expect(answer.status, redirectUri).toBe(303);
      expect(new URL(answer.headers.get('location')!, base).pathname).toMatch(/^\/oidc\/interaction\//);
    }
    // nor through a pushed authorization request (RFC 9126), which the provider offers too
    const pushed = await fetch(`${base}/oidc/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'mcp',
        resource: `${base}/mcp`,
        redirect_uri: 'https://evil.example/oauth/callback',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString(),
    });
    expect(pushed.status).toBe(400);
    expect(((await pushed.json()) as { error_description: string }).error_description).toMatch(/redirect_uri/);
    // nor can a client register a redirect URI with a fragment
    const fragment = await fetch(`${base}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://assistant.example/cb#x'], token_endpoint_auth_method: 'none' }),
    });
    expect(fragment.status).toBe(400);
  });

  it('issues no code without an S256 PKCE challenge, and no token without its verifier or for another redirect URI', async () => {
    const { clientId } = await register();
    for (const extra of [
      { code_challenge: null, code_challenge_method: null },
      { code_challenge: null },
      { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
    ] as Record<string, string | null>[]) {
      const answer = await fetch(authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, ...extra }), {
        redirect: 'manual',
      });
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
    const { code, verifier } = await codeFor(clientId);
    for (const wrong of [
      { verifier: randomBytes(32).toString('base64url') },
      { verifier: '' },
      { redirectUri: LOOPBACK },
      { redirectUri: `${REDIRECT}/` },
    ]) {
      const answer = await redeem({ clientId, code, verifier, ...wrong });
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(answer.body.access_token).toBeUndefined();
    }
  });

  it('refuses a code redeemed twice or by another client, and the second redemption ends what the first got', async () => {
    const { clientId } = await register();
    const { code, verifier } = await codeFor(clientId);
    // another client (anyone can register one) with the stolen code and even its verifier
    const { clientId: thief } = await register();
    const stolen = await redeem({ clientId: thief, code, verifier });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');

    const first = await redeem({ clientId, code, verifier });
    expect(first.status).toBe(200);
    expect(await mcpStatus(base, first.body.access_token!)).toBe(200);
    const again = await redeem({ clientId, code, verifier });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    // a code used twice was stolen: what it gave is ended (RFC 6749, 4.1.2)
    expect(await mcpStatus(base, first.body.access_token!)).toBe(401);
    expect((await refresh({ clientId, refreshToken: first.body.refresh_token! })).status).toBe(400);
  });

  it('answers a code redeemed many times at once as a replay: one set of tokens at most, and that one ended', async () => {
    // before, each request read the code unused before any of them marked it used: two sets of tokens on PostgreSQL
    const { clientId } = await register();
    const { code, verifier } = await codeFor(clientId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem({ clientId, code, verifier })));
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(400);
      expect(lost.body.error).toBe('invalid_grant');
      expect(lost.cacheControl).toBe('no-store');
    }
    for (const { body } of won) {
      expect(await mcpStatus(base, body.access_token!)).toBe(401);
      expect((await refresh({ clientId, refreshToken: body.refresh_token! })).status).toBe(400);
    }
  });

  it("refuses one client's refresh token to another, and a rotated one replayed ends the whole grant", async () => {
    const assistant = await connected();
    const { clientId: thief } = await register();
    const stolen = await refresh({ clientId: thief, refreshToken: assistant.refreshToken });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');

    const rotated = await refresh(assistant);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).toEqual(expect.any(String));
    expect(rotated.body.refresh_token).not.toBe(assistant.refreshToken);
    expect(await mcpStatus(base, rotated.body.access_token!)).toBe(200);
    // the old one again (a thief who copied it, or the assistant after the thief): refused, and everything ends
    const replayed = await refresh(assistant);
    expect(replayed.status).toBe(400);
    expect(await mcpStatus(base, rotated.body.access_token!)).toBe(401);
    expect(await mcpStatus(base, assistant.accessToken)).toBe(401);
    expect((await refresh({ ...assistant, refreshToken: rotated.body.refresh_token! })).status).toBe(400);
  });

  it('answers a refresh token used many times at once as a replay: no second line of tokens, and the grant ended', async () => {
    // before, all eight got a new refresh token each: a thief racing the assistant kept a line of tokens of its own
    // that no later replay would reveal
    const assistant = await connected();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(assistant)));
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(400);
      expect(lost.body.error).toBe('invalid_grant');
    }
    expect(await mcpStatus(base, assistant.accessToken)).toBe(401);
    for (const { body } of won) {
      expect(await mcpStatus(base, body.access_token!)).toBe(401);
      expect((await refresh({ ...assistant, refreshToken: body.refresh_token! })).status).toBe(400);
    }
  });

  it('answers every token request, and the registration, with Cache-Control: no-store', async () => {
    const { answer } = await register();
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const assistant = await connected();
    const good = await refresh(assistant);
    expect(good.status).toBe(200);
    expect(good.cacheControl).toBe('no-store');
    const bad = await refresh(assistant);
    expect(bad.status).toBe(400);
    expect(bad.cacheControl).toBe('no-store');
  });

  it('takes the consent only from the browser that was asked, on the service’s own page', async () => {
    const { clientId } = await register();
    const { browser, consentUrl } = await upToConsent(clientId);
    // another site's form (the browser sends its Origin, or only its Referer)
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ] as Record<string, string>[]) {
      const answer = await decide(browser, consentUrl, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers.get('location')).toBeNull();
    }
    // another browser (an attacker who learned the page's address), even from the service's own origin
    const other = new TestBrowser();
    const elsewhere = await decide(other, consentUrl, { origin: base });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    // nothing was allowed meanwhile: the person still decides, and her allow still works
    const grants = await t.deps.database.db
      .selectFrom('oidc_records')
      .select('id')
      .where('model', '=', 'Grant')
      .where(sql<string>`payload->>'clientId'`, '=', clientId)
      .execute();
    expect(grants).toEqual([]);
    const allowed = await decide(browser, consentUrl, { origin: base });
    expect(allowed.status).toBe(303);
  });

  it('takes no ID token, or a token for another audience, as an access token at /mcp', async () => {
    const { clientId } = await register();
    const { code, verifier } = await codeFor(clientId);
    const tokens = await redeem({ clientId, code, verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.body.id_token).toEqual(expect.any(String));
    expect(await mcpStatus(base, tokens.body.id_token!)).toBe(401);
    expect(await mcpStatus(base, tokens.body.access_token!)).toBe(200);
  });

  it('lets an assistant register and use the authorization code flow only: no implicit or hybrid response, no PKCE to skip', async () => {
    for (const responseTypes of [['id_token'], ['code id_token'], ['none'], ['code', 'id_token']]) {
      const registered = await fetch(`${base}/oidc/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Assistant',
          redirect_uris: [REDIRECT],
          grant_types: ['authorization_code', 'implicit'],
          response_types: responseTypes,
          token_endpoint_auth_method: 'none',
        }),
      });
      expect(registered.status, JSON.stringify(responseTypes)).toBe(400);
      expect(((await registered.json()) as { error: string }).error).toBe('invalid_client_metadata');
    }
    // a client registered for codes asking for an ID token straight away, without PKCE: an error page, nothing sent;
    // so too a client registered for the implicit flow before (its stored registration no longer holds)
    const { clientId } = await register();
    const { clientId: earlier } = await register();
    await sql`update oidc_records set payload = payload || '{"response_types": ["id_token"], "grant_types": ["implicit"]}'::jsonb
      where model = 'Client' and id = ${earlier}`.execute(t.deps.database.db);
    for (const [client, responseType] of [
      [clientId, 'id_token'],
      [clientId, 'code id_token'],
      [clientId, 'none'],
      [earlier, 'id_token'],
    ] as const) {
      const answer = await fetch(
        authorizeUrl({
          client_id: client,
          redirect_uri: REDIRECT,
          response_type: responseType,
          scope: 'openid email',
          nonce: 'n',
          resource: null,
          code_challenge: null,
          code_challenge_method: null,
        }),
        { redirect: 'manual' },
      );
      expect(answer.status, responseType).toBe(400);
      expect(answer.headers.get('location'), responseType).toBeNull();
    }
  });

  it('takes no forged or altered access token at /mcp: another algorithm, key, audience, issuer, type or grant', async () => {
    const { accessToken } = await connected();
    expect(await mcpStatus(base, accessToken)).toBe(200);
    const [header, payload] = accessToken
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(b64(part)) as Record<string, unknown>);
    const setting = await t.deps.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'oidc_signing_key')
      .executeTakeFirstOrThrow();
    const ownKey = createPrivateKey({ key: JSON.parse(String(setting.value)) as JsonWebKey, format: 'jwk' });
    const publicJwks = (await (await fetch(`${base}/oidc/jwks`)).json()) as { keys: JsonWebKey[] };
    const publicPem = createPublicKey({ key: publicJwks.keys[0]!, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const sign = (claims: Record<string, unknown>, head: Record<string, unknown> = header!, key: KeyObject = ownKey) =>
      new SignJWT(claims).setProtectedHeader(head as { alg: string }).sign(key);
    const unsigned = `${Buffer.from(JSON.stringify({ ...header, alg: 'none' })).toString('base64url')}.${accessToken.split('.')[1]}.`;
    const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // the real token, signed again as it is: accepted (so each refusal below is the change it names)
    expect(await mcpStatus(base, await sign(payload!))).toBe(200);
    const forged: [string, string][] = [
      ['alg none', unsigned],
      [
        'HS256 keyed with the public key',
        await sign(payload!, { ...header, alg: 'HS256' }, createSecretKey(Buffer.from(publicPem))),
      ],
      ['another key with the same kid', await sign(payload!, header, strangerKey)],
      ['another audience', await sign({ ...payload, aud: `${base}/v1` })],
      ['the client as audience (an ID token)', await sign({ ...payload, aud: payload!.client_id })],
      ['another issuer', await sign({ ...payload, iss: 'https://evil.example/oidc' })],
      ['typ JWT', await sign(payload!, { ...header, typ: 'JWT' })],
      ['no grant', await sign({ ...payload, grant_id: undefined })],
      ['a grant that is not there', await sign({ ...payload, grant_id: 'x'.repeat(43) })],
      ['no expiry', await sign({ ...payload, exp: undefined })],
    ];
    for (const [label, token] of forged) expect(await mcpStatus(base, token), label).toBe(401);
  });

  it("sends no browser to another site through the sign-out's redirect, for the service's client or an assistant's", async () => {
    const { clientId } = await register();
    for (const client of [EMBEDDED_CLIENT_ID, clientId]) {
      for (const target of [
        'https://evil.example/',
        `${base}.evil.example/`,
        `${base}/@evil.example`,
        '//evil.example/',
      ]) {
        const url = new URL(`${base}/oidc/session/end`);
        url.searchParams.set('client_id', client);
        url.searchParams.set('post_logout_redirect_uri', target);
        const answer = await fetch(url, { redirect: 'manual' });
        const label = `${client} ${target}`;
        expect(answer.status, label).toBe(400);
        expect(answer.headers.get('location'), label).toBeNull();
        expect(await answer.text(), label).not.toContain('evil.example');
      }
    }
  });

  it('logs none of the codes, verifiers and tokens of the flows above', async () => {
    // every request of this file was logged (at debug level), with the provider's redirects carrying codes
    expect(logged()).toContain('/oidc/token');
    expect(logged()).toContain('/oidc/interaction/');
    expect(secrets.size).toBeGreaterThan(20);
    for (const secret of secrets) expect(logged().includes(secret), `${secret.slice(0, 12)}... in the log`).toBe(false);
  });
});
