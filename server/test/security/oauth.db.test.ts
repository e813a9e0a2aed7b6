import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as hashSecretIds } from '../../src/storage/db/migrations/0054-oidc-secret-ids-hashed.js';
import { formAction, TestBrowser } from '../helpers/browser.js';
import { freePort } from '../helpers/service-process.js';
import { connectAssistant, mcpStatus, refreshAssistant } from '../helpers/sign-in-flows.js';
import { EMBEDDED_CLIENT_ID } from '../../src/integrations/oidc/embedded-provider-keys.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';
const ASSISTANT_SITE = 'https://assistant.example';

/**
 * The embedded OAuth provider and the MCP endpoint, attacked through real HTTP (issue 41 item 7, issue 44): redirect
 * URIs over plain http on another host, metadata asked for with a forged Host (cache poisoning), the token lifetime
 * the documents promise against the one issued, what the consent page says, and /mcp called from other sites' pages
 * (DNS rebinding) or preflighted from an allowed one. Each failed before its fix.
 */
describe.each(testEngines())('OAuth and the MCP transport on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      engine,
      settings: { http: { publicUrl: base } },
      options: { publicUrl: base, mcpAllowedOrigins: [ASSISTANT_SITE] },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.test', name: 'Kari', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
  }, 90_000);
  afterAll(() => t?.close());

  const register = (redirectUris: string[], clientName = 'Assistant') =>
    fetch(`${base}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: clientName,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    });

  it('registers redirect URIs on https or loopback only', async () => {
    for (const uri of [
      'https://assistant.example/callback',
      'http://127.0.0.1:33418/callback',
      'http://localhost:6274/oauth/callback',
      'http://[::1]:8000/cb',
    ]) {
      expect((await register([uri])).status, uri).toBe(201);
    }
    for (const uri of [
      'http://evil.example/callback',
      'http://192.168.1.20/cb',
      'http://127.0.0.1.evil.example/cb',
      'javascript:alert(1)',
      'cursor://anysphere.cursor/callback',
    ]) {
      const refused = await register([uri]);
      expect(refused.status, uri).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    }
    // one bad URI among good ones is refused as a whole
    expect((await register(['https://ok.example/cb', 'http://evil.example/cb'])).status).toBe(400);
  });

  it("never sends a browser to a URI anyone registered when an assistant's authorization fails at once", async () => {
    // anyone may register a client: with an error answered at its redirect URI, without a click, the provider would
    // be a redirector to any site under the service's name
    const evil = 'https://evil.example/cb';
    const clientId = ((await (await register([evil])).json()) as { client_id: string }).client_id;
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const authorize = (client: string, redirectUri: string, extra: Record<string, string>) => {
      const url = new URL(`${base}/oidc/auth`);
      for (const [name, value] of Object.entries({
        client_id: client,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...extra,
      }))
        url.searchParams.set(name, value);
      return fetch(url, { redirect: 'manual' });
    };
    const failing: Record<string, string>[] = [
      { prompt: 'none' },
      { prompt: 'none', response_mode: 'form_post' },
      { prompt: 'none', response_mode: 'fragment' },
      { code_challenge_method: 'plain' },
    ];
    for (const extra of failing) {
      const answer = await authorize(clientId, evil, extra);
      const label = JSON.stringify(extra);
      expect(answer.status, label).toBe(400);
      expect(answer.headers.get('location'), label).toBeNull();
      const html = await answer.text();
      expect(html, label).toContain('Sign-in error');
      expect(html, label).not.toContain('evil.example');
    }
    // the service's own client is answered at its callback, as the standard says
    const own = await authorize(EMBEDDED_CLIENT_ID, `${base}/auth/callback`, { prompt: 'none' });
    expect([302, 303]).toContain(own.status);
    expect(own.headers.get('location')).toMatch(new RegExp(`^${base}/auth/callback\\?error=login_required`));
    // nor after signing out: an assistant registers no page to go to afterwards
    const withLogout = await fetch(`${base}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Assistant',
        redirect_uris: ['https://assistant.example/callback'],
        post_logout_redirect_uris: [evil],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(withLogout.status).toBe(400);
    expect(((await withLogout.json()) as { error: string }).error).toBe('invalid_client_metadata');
  });

  it("keeps no assistant's code or token readable in the database, and its tokens work as before", async () => {
    const db = t.deps.database.db;
    const stored = async () =>
      JSON.stringify(await db.selectFrom('oidc_records').select(['model', 'id', 'payload']).execute());
    const { clientId, accessToken, refreshToken } = await connectAssistant({
      base,
      email: 'kari@example.test',
      password: PASSWORD,
    });
    const refreshRows = () => db.selectFrom('oidc_records').select('id').where('model', '=', 'RefreshToken').execute();
    expect((await refreshRows()).length).toBeGreaterThan(0);
    expect(await stored()).not.toContain(refreshToken);
    const refreshed = await refreshAssistant(base, { clientId, refreshToken });
    expect(refreshed.status).toBe(200);
    const next = refreshed.body.refresh_token ?? refreshToken;
    expect(await stored()).not.toContain(next);
    expect(await mcpStatus(base, refreshed.body.access_token ?? accessToken)).toBe(200);

    // a refresh token stored before (under its own value, `jti` in the payload) works after migration 0054
    const key = createHash('sha256').update(next).digest('hex');
    await sql`update oidc_records set id = ${next}, payload = jsonb_set(payload, '{jti}', to_jsonb(${next}::text))
      where model = 'RefreshToken' and id = ${key}`.execute(db);
    expect(await stored()).toContain(next);
    await hashSecretIds(db as unknown as Kysely<unknown>);
    expect(await stored()).not.toContain(next);
    expect((await refreshAssistant(base, { clientId, refreshToken: next })).status).toBe(200);
  });

  it('builds every metadata URL from the public URL, whatever Host is asked, and forbids caching it', async () => {
    for (const path of [
      '/.well-known/oauth-authorization-server/oidc',
      '/oidc/.well-known/openid-configuration',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const forgeries: Record<string, string>[] = [
        { host: 'evil.example' },
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      ];
      for (const forged of forgeries) {
        const response = await fetch(`${base}${path}`, { headers: forged });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBe('no-store');
        const text = await response.text();
        expect(text, path).not.toContain('evil.example');
        const urls = [...text.matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => m[1]!);
        expect(urls.length, path).toBeGreaterThan(0);
        for (const url of urls) expect(url.startsWith(base), `${path}: ${url}`).toBe(true);
      }
    }
  });

  it('issues assistant tokens for one hour, as the metadata, the consent page and the README say', async () => {
    const metadata = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as {
      access_token_lifetime_seconds: number;
    };
    expect(metadata.access_token_lifetime_seconds).toBe(3600);
    const { accessToken } = await connectAssistant({ base, email: 'kari@example.test', password: PASSWORD });
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(metadata.access_token_lifetime_seconds);
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('valid one hour');
    expect(readme).not.toMatch(/600 ?s(econds)? .*assistant|assistant.*600 ?s(econds)?/);

    const consent = await consentPage('en');
    expect(consent).toContain('Each access token lasts one hour.');
    const nb = await consentPage('nb');
    expect(nb).toContain('Hver tilgangsnøkkel varer én time.');
  });

  it('says on the consent page exactly what the assistant can and cannot do', async () => {
    const html = await consentPage('en');
    expect(html).toContain('through its assistant connection (MCP) only. It can:');
    expect(html).toContain(
      '<li>read the buildings, documents, projects and deliveries you can read, search them and ask questions about them</li>',
    );
    expect(html).toContain('<li>generate deficiency reports and link documents to their items as evidence');
    expect(html).toContain(
      'It cannot create keys, invite people, change roles, hand out portal links or change your account',
    );
  });

  it("shows a self-registered assistant's name as text on a consent page that may run no script", async () => {
    // anyone may register an assistant and choose its name; the consent page shows it on the service's own origin
    const page = await consentResponse('en', '<img src=x onerror=alert(document.cookie)><script>alert(1)</script>');
    const html = await page.text();
    expect(html).toContain(
      '&#60;img src=x onerror=alert(document.cookie)&#62;&#60;script&#62;alert(1)&#60;/script&#62;',
    );
    expect(html).not.toMatch(/<img|<script/i);
    // the sign-in pages' policy: no script of any kind, should an unescaped name ever reach the page
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/(^|;)\s*default-src 'none'/);
    expect(policy).not.toMatch(/script-src/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  const initialize = (headers: Record<string, string>) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });

  it("refuses /mcp calls from other sites' pages, and serves allowed origins and clients that are not browsers", async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null', `${base}.evil.example`]) {
      const refused = await initialize({ origin });
      expect(refused.status, origin).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('mcp.origin_not_allowed');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    for (const origin of [base, ASSISTANT_SITE]) {
      const answer = await initialize({ origin });
      // no credential: the assistant is told where to sign in, and its page may read that
      expect(answer.status, origin).toBe(401);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    }
    const { accessToken } = await connectAssistant({ base, email: 'kari@example.test', password: PASSWORD });
    const fromPage = await initialize({ origin: ASSISTANT_SITE, authorization: `Bearer ${accessToken}` });
    expect(fromPage.status).toBe(200);
    expect(fromPage.headers.get('access-control-allow-origin')).toBe(ASSISTANT_SITE);
    expect((await initialize({ authorization: `Bearer ${accessToken}` })).status).toBe(200);
    expect((await initialize({ origin: 'https://evil.example', authorization: `Bearer ${accessToken}` })).status).toBe(
      403,
    );
  });

  it('answers the CORS preflight for allowed origins with the headers an MCP client needs', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/mcp`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
    const allowed = await preflight(ASSISTANT_SITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ASSISTANT_SITE);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    for (const header of ['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id']) {
      expect(allowed.headers.get('access-control-allow-headers')).toContain(header);
    }
    for (const header of ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate']) {
      expect(allowed.headers.get('access-control-expose-headers')).toContain(header);
    }
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  /** an assistant's authorization up to the consent page, signed in as Kari in a fresh browser */
  async function consentPage(lang: 'en' | 'nb'): Promise<string> {
    return (await consentResponse(lang)).text();
  }

  async function consentResponse(lang: 'en' | 'nb', clientName = 'Assistant'): Promise<Response> {
    const redirect = 'http://127.0.0.1:9/cb';
    const clientId = ((await (await register([redirect], clientName)).json()) as { client_id: string }).client_id;
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${base}/oidc/auth`);
    for (const [key, value] of Object.entries({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirect,
      scope: 'mcp',
      resource: `${base}/mcp`,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
    })) {
      authorize.searchParams.set(key, value);
    }
    const browser = new TestBrowser({ 'accept-language': lang });
    const onService = (next: URL) => next.origin === base;
    const login = await (await browser.go(authorize.href, onService)).text();
    const page = await browser.go(new URL(formAction(login), base).href, onService, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: 'kari@example.test', password: PASSWORD }).toString(),
    });
    return page;
  }
});
