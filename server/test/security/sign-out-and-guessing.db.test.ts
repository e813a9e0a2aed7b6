import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../helpers/browser.js';
import { freePort } from '../helpers/service-process.js';
import { asBrowser, openLoginPage, signInWithPassword, submitLogin } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const STRONG = 'fjordhest-i-fjellet-42';
const ALSO_STRONG = 'multebær og brunost 7';
const MINUTE = 60_000;
/** the policy of every page under /oidc/ (security-headers.ts): no script */
const SIGN_IN_PAGE_POLICY = "default-src 'none';base-uri 'none';frame-ancestors 'none';style-src 'unsafe-inline'";
const LOCKED_PAGE = 'Too many attempts. Wait 15 minutes, then try again.';

/**
 * Signing out (here, everywhere else, or one session from the account page) ends the embedded provider's sign-in of
 * the person too, so that no browser gets a new session without the password; the provider's sign-out page may run its
 * own script and nothing else. Guessing a password with many requests at once gets no more tries than one at a time.
 * Real HTTP against a listening service, on both engines.
 */
describe.each(testEngines())('signing out and guessing on the embedded default on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, clock, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 90_000);
  afterAll(() => t?.close());

  const db = () => t.deps.database.db;
  /** every counted failure is older than the window: each test starts unlocked */
  const freshWindow = () => (offsetMs += 16 * MINUTE);

  async function createLocalUser(email: string) {
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: email, password: STRONG }),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }

  /**
   * /auth/login in this browser, as the web app sends a person after a 401, followed as far as the service's own
   * callback: the page it ends on, and whether a new session was issued
   */
  async function loginAgain(browser: TestBrowser) {
    const before = browser.visited.length;
    const cookie = browser.cookie(base, 'byggdok_session');
    const page = await browser.go(
      `${base}/auth/login`,
      (next) =>
        next.origin === base && !browser.visited.slice(before).some((url) => url.startsWith(`${base}/auth/callback`)),
    );
    return {
      status: page.status,
      asksForPassword: (await page.text()).includes('type="password"'),
      newSession: browser.cookie(base, 'byggdok_session') !== cookie,
    };
  }

  async function signIn(email: string) {
    const { browser, response } = await signInWithPassword({ base, email, password: STRONG });
    expect(response.status).toBe(302);
    return browser;
  }

  function postForm(browser: TestBrowser, path: string, form: Record<string, string> = {}) {
    return browser.request(new URL(path, base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** the inline scripts of a page, as written */
  const scriptsOf = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

  it('signing out ends the provider’s sign-in too: the same browser is asked for the password again', async () => {
    freshWindow();
    await createLocalUser('anne@example.test');
    const browser = await signIn('anne@example.test');
    // while the provider remembers her, /auth/login gives a new session without a page
    expect(await loginAgain(browser)).toMatchObject({ asksForPassword: false, newSession: true });

    // the sign-out button's post; the browser does not go on to the provider's page (closed at once, say)
    const out = await postForm(browser, '/auth/logout');
    expect(out.status).toBe(303);
    expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();
    expect(await loginAgain(browser)).toEqual({ status: 200, asksForPassword: true, newSession: false });
  });

  it('“sign out everywhere else” and “sign out” of one session end the provider’s sign-in of those browsers', async () => {
    freshWindow();
    await createLocalUser('lars@example.test');
    const lost = await signIn('lars@example.test');
    const here = await signIn('lars@example.test');
    const others = await asBrowser(here, base, '/auth/me/sessions/sign-out-others', { method: 'POST' });
    expect(others.status).toBe(200);
    expect(await others.json()).toEqual({ ended: 1 });
    expect((await asBrowser(lost, base, '/auth/me')).status).toBe(401);
    expect(await loginAgain(lost)).toEqual({ status: 200, asksForPassword: true, newSession: false });
    expect((await asBrowser(here, base, '/auth/me')).status).toBe(200);

    // one session ended from the account page
    const another = await signIn('lars@example.test');
    const listed = (await (await asBrowser(here, base, '/auth/me/sessions')).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    const theirs = listed.sessions.filter((session) => !session.current);
    expect(theirs).toHaveLength(1);
    const ended = await asBrowser(here, base, `/auth/me/sessions/${theirs[0]!.id}`, { method: 'DELETE' });
    expect(ended.status).toBe(204);
    expect((await asBrowser(another, base, '/auth/me')).status).toBe(401);
    expect(await loginAgain(another)).toEqual({ status: 200, asksForPassword: true, newSession: false });
    expect((await asBrowser(here, base, '/auth/me')).status).toBe(200);
  });

  it('the provider’s sign-out page may run its own script and no other, and signs out without a second click', async () => {
    freshWindow();
    await createLocalUser('mia@example.test');
    // the provider's page while it still knows the person (reached directly: the app ends its sign-in itself)
    const direct = await signIn('mia@example.test');
    const confirm = await direct.request(`${base}/oidc/session/end`);
    expect(confirm.status).toBe(200);
    const confirmPage = await confirm.text();
    const [own, ...more] = scriptsOf(confirmPage);
    expect(more).toEqual([]);
    expect(own).toContain('submit()');
    expect(confirm.headers.get('content-security-policy')).toBe(`${SIGN_IN_PAGE_POLICY};script-src ${hashOf(own!)}`);

    // the app's sign-out goes on to the provider's page, which has nobody left to sign out: a form it posts at once
    const browser = await signIn('mia@example.test');
    const logout = await browser.go(`${base}/auth/logout`, (next) => next.pathname.startsWith('/oidc/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: '',
    });
    expect(logout.status).toBe(200);
    const page = await logout.text();
    const [script, ...others] = scriptsOf(page);
    expect(others).toEqual([]);
    expect(script).toContain('submit()');
    expect(logout.headers.get('content-security-policy')).toBe(`${SIGN_IN_PAGE_POLICY};script-src ${hashOf(script!)}`);
    // what the script submits
    const action = /<form[^>]* method="post" action="([^"]+)"/.exec(page)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    const done = await postForm(browser, action!, { xsrf: xsrf!, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${base}/`);

    // the provider's other pages still run no script
    const login = await new TestBrowser().go(`${base}/auth/login`, () => true);
    expect(login.headers.get('content-security-policy')).toBe(SIGN_IN_PAGE_POLICY);
  });

  it('forty wrong passwords sent at once are checked at most ten times; the rest, and then the right one, are refused', async () => {
    freshWindow();
    await createLocalUser('rask@example.test');
    const browser = new TestBrowser({ 'accept-language': 'en' });
    const html = await openLoginPage(browser, base);
    const guess = async (password: string) => {
      const answer = await submitLogin(browser, base, html, { email: 'rask@example.test', password });
      return { status: answer.status, retryAfter: answer.headers.get('retry-after'), page: await answer.text() };
    };
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`wrong ${i}`)));
    const checked = answers.filter((answer) => answer.status === 401).length;
    const refused = answers.filter((answer) => answer.status === 429);
    expect(checked + refused.length).toBe(40);
    expect(checked).toBeLessThanOrEqual(10);
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.page).toContain(LOCKED_PAGE);
    }
    // one at a time from here: in all, exactly ten were checked before the account locked
    let more = 0;
    for (; checked + more <= 10; more++) {
      const next = await guess(`more ${more}`);
      if (next.status === 429) break;
      expect(next.status).toBe(401);
    }
    expect(checked + more).toBe(10);
    const right = await guess(STRONG);
    expect(right.status).toBe(429);
    expect(right.page).toContain(LOCKED_PAGE);
    expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();
    const wrong = await db()
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'auth.sign_in_failed')
      .where('actor_label', '=', 'rask@example.test')
      .execute();
    expect(wrong.filter((event) => (event.details as { reason: string }).reason === 'wrong_password')).toHaveLength(10);
  }, 60_000);

  it('twenty wrong current passwords sent at once are checked at most ten times, like sign-ins', async () => {
    freshWindow();
    await createLocalUser('stig@example.test');
    const browser = await signIn('stig@example.test');
    const change = async (currentPassword: string) => {
      const answer = await asBrowser(browser, base, '/auth/me/password', {
        method: 'POST',
        body: JSON.stringify({ currentPassword, newPassword: ALSO_STRONG }),
      });
      return { status: answer.status, body: (await answer.json()) as { code: string } };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`nope ${i}`)));
    const checked = answers.filter((answer) => answer.status === 400).length;
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.code)).toEqual(
      Array.from({ length: checked }, () => 'auth.wrong_password'),
    );
    expect(answers.filter((answer) => answer.status !== 400).map((answer) => answer.body.code)).toEqual(
      Array.from({ length: 20 - checked }, () => 'auth.too_many_attempts'),
    );
    expect(checked).toBeLessThanOrEqual(10);
    let more = 0;
    for (; checked + more <= 10; more++) {
      const next = await change(`more ${more}`);
      if (next.status === 429) break;
      expect(next.status).toBe(400);
    }
    expect(checked + more).toBe(10);
    expect((await change(STRONG)).status).toBe(429);
  }, 60_000);
});
