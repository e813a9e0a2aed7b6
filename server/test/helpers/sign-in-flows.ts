import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import type { Engine } from '../../src/storage/db/database.js';
import { formAction, TestBrowser } from './browser.js';
import { freePort } from './service-process.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from './test-app.js';

/**
 * Sign-in steps the security and sign-in tests share, over real HTTP against a listening service: the embedded
 * provider's login form, and an assistant's OAuth flow (registration, PKCE, login,
 * consent, tokens) as an MCP client makes it.
 */

/** the token of the set-password link in a mail's text */
export function setPasswordToken(text: string): string {
  const match = /\/auth\/set-password#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no set-password link in: ${text}`);
  return match[1];
}

/** /auth/login (with an optional query) up to the embedded provider's login page; its HTML */
export async function openLoginPage(browser: TestBrowser, base: string, query = ''): Promise<string> {
  const page = await browser.go(`${base}/auth/login${query}`, () => true);
  expect(page.status).toBe(200);
  return page.text();
}

/** posts the login form; follows the provider's redirects up to (not into) /auth/callback */
export async function submitLogin(
  browser: TestBrowser,
  base: string,
  html: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return browser.go(
    new URL(formAction(html), base).href,
    (next) => next.href.startsWith(base) && !next.pathname.startsWith('/auth/callback'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, ...headers },
      body: new URLSearchParams(form).toString(),
    },
  );
}

/** a whole sign-in with the login form in a fresh (or given) browser: the browser, with the session cookie on success */
export async function signInWithPassword(params: {
  base: string;
  email: string;
  password: string;
  browser?: TestBrowser;
}) {
  const browser = params.browser ?? new TestBrowser({ 'accept-language': 'en' });
  const html = await openLoginPage(browser, params.base);
  const answer = await submitLogin(browser, params.base, html, { email: params.email, password: params.password });
  const location = answer.headers.get('location');
  if (answer.status === 303 && location && new URL(location, params.base).pathname === '/auth/callback') {
    const done = await browser.request(new URL(location, params.base).href);
    return { browser, response: done, html: '' };
  }
  return { browser, response: answer, html: await answer.text() };
}

/** a request with a browser's cookies and the service's own Origin, as the web app makes it */
export async function asBrowser(browser: TestBrowser, base: string, path: string, init: RequestInit = {}) {
  return browser.request(`${base}${path}`, {
    ...init,
    headers: {
      origin: base,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
}

const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

/**
 * An assistant connected by a person, by hand as an MCP client does it: registers itself, sends the person's browser
 * to authorize with PKCE, `resource=<service>/mcp` and offline_access (so it gets a refresh token), the person signs
 * in (unless the browser already is) and allows it; the code becomes an access and a refresh token.
 */
export async function connectAssistant(params: {
  base: string;
  email: string;
  password: string;
  /** the person's browser; a fresh one when absent */
  browser?: TestBrowser;
}) {
  const { base } = params;
  const registered = await fetch(`${base}/oidc/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(registered.status).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${base}/oidc/auth`);
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'mcp offline_access',
    resource: `${base}/mcp`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'consent',
    state: 'xyz',
  })) {
    authorize.searchParams.set(key, value);
  }
  const browser = params.browser ?? new TestBrowser({ 'accept-language': 'en' });
  const onService = (next: URL) => next.origin === base;
  let page = await browser.go(authorize.href, onService);
  let html = await page.text();
  if (html.includes('type="password"')) {
    page = await browser.go(new URL(formAction(html), base).href, onService, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: params.email, password: params.password }).toString(),
    });
    html = await page.text();
  }
  const consentForm = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!consentForm) throw new Error(`no consent page: ${html.slice(0, 500)}`);
  const back = await browser.go(new URL(consentForm, base).href, onService, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ decision: 'allow' }).toString(),
  });
  const code = new URL(back.headers.get('location')!, base).searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.headers.get('location')}`);
  const tokens = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${base}/mcp`,
    }).toString(),
  });
  const body = (await tokens.json()) as { access_token: string; refresh_token?: string };
  expect(tokens.status, JSON.stringify(body)).toBe(200);
  expect(body.refresh_token).toEqual(expect.any(String));
  return { clientId, accessToken: body.access_token, refreshToken: body.refresh_token!, browser };
}

/** the assistant asks for a new access token with its refresh token: the status and the new tokens */
export async function refreshAssistant(base: string, assistant: { clientId: string; refreshToken: string }) {
  const response = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: assistant.refreshToken,
      client_id: assistant.clientId,
      resource: `${base}/mcp`,
    }).toString(),
  });
  const body = (await response.json()) as { access_token?: string; refresh_token?: string; error?: string };
  return { status: response.status, body };
}

/** the assistant's access token at /mcp (an MCP initialize): the status */
export async function mcpStatus(base: string, accessToken: string): Promise<number> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * A test app listening on a free port of 127.0.0.1 (its public URL, as assistants and browsers reach it), everything it
 * logs at debug level kept for `logged()`, and one person the operator made with a password.
 */
export async function listeningWithAPerson(params: {
  engine: Engine;
  person: { email: string; name: string; password: string };
}): Promise<{ t: TestApp; base: string; logged: () => string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let logged = '';
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const t = await createTestApp({
    engine: params.engine,
    logStream,
    logLevel: 'debug',
    settings: { http: { publicUrl: base } },
    options: { publicUrl: base },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const created = await fetch(`${base}/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(params.person),
  });
  if (created.status !== 201) throw new Error(`the operator could not make ${params.person.email}: ${created.status}`);
  return { t, base, logged: () => logged };
}
