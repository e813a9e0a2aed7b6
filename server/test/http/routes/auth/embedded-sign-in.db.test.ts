import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formAction, TestBrowser } from '../../../helpers/browser.js';
import { freePort } from '../../../helpers/service-process.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

const PASSWORD = 'correct horse battery staple';

describe.each(testEngines())('sign-in with the embedded provider on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.close());

  async function createUser(body: Record<string, unknown>) {
    return fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** /auth/login up to the embedded provider's login page */
  async function openLoginPage(browser: TestBrowser, query = '') {
    const page = await browser.go(`${base}/auth/login${query}`, () => true);
    expect(page.status).toBe(200);
    // its own inline styles and nothing else: no script, no framing
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none';base-uri 'none';frame-ancestors 'none';style-src 'unsafe-inline'",
    );
    return page.text();
  }

  async function submit(browser: TestBrowser, html: string, email: string, password: string) {
    return browser.go(
      new URL(formAction(html), base).href,
      (next) => next.href.startsWith(base) && !browser.visited.some((url) => url.startsWith(`${base}/auth/callback`)),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ email, password }).toString(),
      },
    );
  }

  it('a local account signs in through the login form and gets a session', async () => {
    const created = await createUser({ email: 'Kari@Example.test', name: 'Kari Nordmann', password: PASSWORD });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const browser = new TestBrowser({ 'accept-language': 'nb' });
    const html = await openLoginPage(browser, '?email=kari%40example.test');
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<label for="password">Passord</label>');
    expect(html).toContain('value="kari@example.test"');

    const wrong = await submit(browser, html, 'kari@example.test', 'not the password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Feil e-post eller passord');
    const failed = await t.deps.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.sign_in_failed')
      .where('actor_label', '=', 'kari@example.test')
      .execute();
    expect(failed).toMatchObject([{ details: { reason: 'wrong_password' } }]);

    const done = await submit(browser, html, 'kari@example.test', PASSWORD);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${base}/`);
    expect(browser.cookie(base, 'byggdok_session')).toBeTruthy();
    const user = await t.deps.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    const identity = await t.deps.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: `${base}/oidc`, subject: id });
  });

  it('a password set by the operator replaces the old one', async () => {
    const created = await createUser({ email: 'ola@example.test', name: 'Ola', password: PASSWORD });
    const { id } = (await created.json()) as { id: string };
    const set = await fetch(`${base}/admin/users/${id}/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a brand new password' }),
    });
    expect(set.status).toBe(204);
    const browser = new TestBrowser();
    const html = await openLoginPage(browser);
    expect(html).toContain('<html lang="en">');
    expect((await submit(browser, html, 'ola@example.test', PASSWORD)).status).toBe(401);
    expect((await submit(browser, html, 'ola@example.test', 'a brand new password')).status).toBe(302);
  });

  it('logout also ends the embedded provider’s session: the next sign-in asks for the password again', async () => {
    await createUser({ email: 'liv@example.test', name: 'Liv', password: PASSWORD });
    const browser = new TestBrowser();
    const done = await submit(browser, await openLoginPage(browser), 'liv@example.test', PASSWORD);
    expect(done.status).toBe(302);
    // while the provider remembers her, a new sign-in needs no page
    const silent = await browser.go(`${base}/auth/login`, (next) => !next.pathname.startsWith('/auth/callback'));
    expect(new URL(silent.headers.get('location')!).pathname).toBe('/auth/callback');

    // the app's button posts the sign-out (a GET only shows the button)
    const button = await browser.request(`${base}/auth/logout`);
    expect(await button.text()).toContain('<form method="post" action="/auth/logout">');
    expect(browser.cookie(base, 'byggdok_session')).toBeTruthy();
    const logout = await browser.go(`${base}/auth/logout`, (next) => next.href.startsWith(`${base}/oidc/`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: '',
    });
    expect(logout.status).toBe(200);
    // the service ended the provider's sign-in itself: the provider's page is its form that posts itself at once
    const page = await logout.text();
    expect(page).not.toContain('op.logoutForm');
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    const confirmed = await browser.go(new URL(action!, base).href, () => false, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirmed.headers.get('location')).toBe(`${base}/`);
    expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();
    expect(await openLoginPage(browser)).toContain('type="password"');
  });

  it('a login form posted from another origin is refused', async () => {
    await createUser({ email: 'per@example.test', name: 'Per', password: PASSWORD });
    const browser = new TestBrowser();
    const html = await openLoginPage(browser);
    const response = await browser.request(new URL(formAction(html), base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ email: 'per@example.test', password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(403);
  });
});
