import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/db/database.js';
import { formAction, TestBrowser } from '../helpers/browser.js';
import { lastMailTo, mailsTo } from '../helpers/received-mail.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort } from '../helpers/service-process.js';
import {
  asBrowser,
  connectAssistant,
  mcpStatus,
  openLoginPage,
  refreshAssistant,
  setPasswordToken,
  signInWithPassword,
  submitLogin,
} from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const STRONG = 'fjordhest-i-fjellet-42';
const ALSO_STRONG = 'multebær og brunost 7';
const MINUTE = 60_000;

/**
 * Signing in on the embedded default, attacked and used as decisions.md says: invitations and forgotten passwords by
 * one-time links, the first administrator's generated password once, guessing slowed per account and per address,
 * a sign-in bound to its browser (login CSRF), signing out by POST only, a new password ending every other session and
 * assistant, and the account routes for the person alone. Real HTTP against a listening service, on both engines.
 */
describe.each(testEngines())('signing in on the embedded default on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let firstAdmin: { email: string; password: string };
  let inviter: { userId: string; key: string; customerId: string };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, clock, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    // an empty installation's first start
    const admin = await t.deps.services.users.createFirstAdministrator({ email: 'admin@byggdok.local' });
    firstAdmin = { email: admin!.email, password: admin!.password };
    const { db } = t.deps.database;
    const person = await createTestUser(db, { email: 'kari@example.test', name: 'Kari Nordmann' });
    const { customerId } = await createTestCustomer(db, { name: 'Bygg & Betong AS' });
    await giveCustomerRole(db, { customerId, userId: person.userId, role: 'ADMIN' });
    inviter = { ...person, customerId };
  }, 90_000);
  afterAll(() => t?.close());

  const db = () => t.deps.database.db;
  /** every counted failure is older than the window: each test starts unlocked */
  const freshWindow = () => (offsetMs += 16 * MINUTE);

  async function json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: base, ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  async function createLocalUser(email: string, name = '') {
    const created = await json(
      'POST',
      '/admin/users',
      { email, name: name || email, password: STRONG },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function invite(email: string, body: Record<string, unknown> = {}) {
    const answer = await json(
      'POST',
      `/construction/customers/${inviter.customerId}/idp/users`,
      { email, role: 'WRITE_ACCESS', ...body },
      { 'x-api-key': inviter.key },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as { id: string };
  }

  function formPost(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  async function me(browser: TestBrowser) {
    return asBrowser(browser, base, '/auth/me');
  }

  it("the first administrator's generated password works once; they choose their own and may change the e-mail", async () => {
    freshWindow();
    const browser = new TestBrowser({ 'accept-language': 'en' });
    const login = await openLoginPage(browser, base);
    const first = await submitLogin(browser, base, login, firstAdmin);
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain('<h1>Choose your own password</h1>');
    expect(page).toContain('value="admin@byggdok.local"');
    // not signed in yet
    expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();

    // the generated password does not work a second time
    const again = await signInWithPassword({ base, ...firstAdmin });
    expect(again.response.status).toBe(401);
    expect(again.html).toContain('Wrong e-mail or password.');

    const action = formAction(page);
    const token = /name="token" value="([^"]+)"/.exec(page)![1]!;
    const post = (form: Record<string, string>) =>
      browser.go(new URL(action, base).href, (next) => !next.pathname.startsWith('/auth/callback'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ token, ...form }).toString(),
      });
    const weak = await post({ email: 'admin@byggdok.local', password: 'short', passwordRepeat: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('The password must be at least 12 characters long.');
    const taken = await post({ email: 'KARI@example.test', password: STRONG, passwordRepeat: STRONG });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain('Another user already has this e-mail address.');

    const done = await post({ email: 'driftsleder@firma.test', password: STRONG, passwordRepeat: STRONG });
    expect(new URL(done.headers.get('location')!, base).pathname).toBe('/auth/callback');
    await browser.request(new URL(done.headers.get('location')!, base).href);
    const who = await me(browser);
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({
      email: 'driftsleder@firma.test',
      platformAdmin: true,
      passwordSignIn: true,
    });
    const row = await db()
      .selectFrom('users')
      .select(['must_change_password', 'email'])
      .where('email_normalized', '=', 'driftsleder@firma.test')
      .executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(false);

    // the new e-mail and password sign in; the old ones do not
    expect(
      (await signInWithPassword({ base, email: 'driftsleder@firma.test', password: STRONG })).response.status,
    ).toBe(302);
    expect((await signInWithPassword({ base, email: 'admin@byggdok.local', password: STRONG })).response.status).toBe(
      401,
    );
    const changed = await db()
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'auth.password_changed')
      .execute();
    expect(changed).toContainEqual({
      details: { via: 'first_sign_in', previousEmail: 'admin@byggdok.local', email: 'driftsleder@firma.test' },
    });
    firstAdmin = { email: 'driftsleder@firma.test', password: STRONG };
  });

  it('an invited person chooses a password through the mailed link, is signed in, and can sign in with it', async () => {
    freshWindow();
    await invite('ola@example.test', { locale: 'no' });
    const mail = (await lastMailTo(t, 'ola@example.test'))!;
    expect(mail.kind).toBe('invitation');
    expect(mail.text).toContain(
      'Kari Nordmann (kari@example.test) har invitert deg til Bygg & Betong AS i byggdok Bygg, med rollen Skrivetilgang.',
    );
    expect(mail.text).toContain('i 7 dager');
    expect(mail.text).toContain(`${base}/auth/set-password#token=`);
    const token = setPasswordToken(mail.text);
    // the link's page carries no token (it stays in the fragment) and may run only its own script
    const page = await fetch(`${base}/auth/set-password`, { headers: { 'accept-language': 'nb' } });
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script src="/auth/set-password.js"></script>');

    const check = await json('POST', '/auth/set-password/check', { token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ email: 'ola@example.test', purpose: 'invitation' });

    // every rule, said in words, field by field
    const tries: [Record<string, string>, string, string][] = [
      [{ password: 'kort' }, '/password', 'must be at least 12 characters long'],
      [{ password: 'ola@example.test' }, '/password', 'must not be your e-mail address'],
      [{ password: 'leavemealone' }, '/password', 'is one of the 10,000 most common passwords'],
      [{ password: STRONG, passwordRepeat: `${STRONG}!` }, '/passwordRepeat', 'the two passwords are not the same'],
    ];
    for (const [body, path, words] of tries) {
      const refused = await json('POST', '/auth/set-password', { token, ...body });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('auth.password_rejected');
      expect(refused.body.errors).toContainEqual({ path, message: expect.stringContaining(words) });
    }
    // the page's form says it in Norwegian, and keeps the link
    const form = await formPost(
      '/auth/set-password',
      { token, password: 'kort', passwordRepeat: 'kort' },
      { 'accept-language': 'nb' },
    );
    expect(form.status).toBe(400);
    const html = await form.text();
    expect(html).toContain('Passordet må ha minst 12 tegn.');
    expect(html).toContain(`name="token" value="${token}"`);

    const browser = new TestBrowser({ 'accept-language': 'nb' });
    const done = await browser.request(`${base}/auth/set-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ token, password: STRONG, passwordRepeat: STRONG }).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/app/');
    const who = await me(browser);
    expect(await who.json()).toMatchObject({ email: 'ola@example.test', customers: [{ role: 'WRITE_ACCESS' }] });
    const user = await db().selectFrom('users').selectAll().where('email', '=', 'ola@example.test').executeTakeFirst();
    expect(user?.status).toBe('active');

    // a used link is refused, in words
    const reused = await json('POST', '/auth/set-password', { token, password: ALSO_STRONG });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('auth.password_link_used');
    const reusedPage = await formPost(
      '/auth/set-password',
      { token, password: ALSO_STRONG },
      { 'accept-language': 'nb' },
    );
    expect(await reusedPage.text()).toMatch(/<p role="alert" data-state="used">Denne lenken er allerede brukt/);

    // and the password signs in through the login form
    expect((await signInWithPassword({ base, email: 'ola@example.test', password: STRONG })).response.status).toBe(302);
    expect((await signInWithPassword({ base, email: 'ola@example.test', password: ALSO_STRONG })).response.status).toBe(
      401,
    );
  });

  it('an expired or unknown link says so, and with it a new one can be mailed', async () => {
    freshWindow();
    await invite('liv@example.test', { locale: 'en' });
    const token = setPasswordToken((await lastMailTo(t, 'liv@example.test'))!.text);
    offsetMs += 7 * 24 * 60 * MINUTE + MINUTE;
    const expired = await json('POST', '/auth/set-password/check', { token });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('auth.password_link_expired');
    const unknown = await json('POST', '/auth/set-password/check', { token: 'not-a-token-at-all' });
    expect(unknown.body.code).toBe('auth.password_link_invalid');
    const page = await formPost('/auth/set-password', { token, password: STRONG }, { 'accept-language': 'en' });
    const html = await page.text();
    expect(html).toMatch(/<p role="alert" data-state="expired">This link has expired.<\/p>/);
    expect(html).toContain('Send me a new link');

    const asked = await formPost('/auth/forgot-password', { token }, { 'accept-language': 'en' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('If the address is known to us, a link is on its way.');
    const mail = (await lastMailTo(t, 'liv@example.test'))!;
    expect(mail.kind).toBe('password_link');
    expect(mail.text).toContain('The link works once, for one hour.');
    const fresh = setPasswordToken(mail.text);
    offsetMs += 61 * MINUTE;
    expect((await json('POST', '/auth/set-password/check', { token: fresh })).body.code).toBe(
      'auth.password_link_expired',
    );
  });

  it('forgot password answers alike for any address; the new password ends the old one and every other session', async () => {
    freshWindow();
    const userId = await createLocalUser('per@example.test');
    const before = await signInWithPassword({ base, email: 'per@example.test', password: STRONG });
    expect((await me(before.browser)).status).toBe(200);

    const known = await json('POST', '/auth/forgot-password', { email: 'PER@example.test' });
    const unknown = await json('POST', '/auth/forgot-password', { email: 'nobody@example.test' });
    expect(known).toMatchObject({ status: 202, body: { accepted: true } });
    expect(unknown).toMatchObject({ status: 202, body: known.body });
    const knownPage = await (await formPost('/auth/forgot-password', { email: 'per@example.test' })).text();
    const unknownPage = await (await formPost('/auth/forgot-password', { email: 'nobody@example.test' })).text();
    expect(knownPage).toBe(unknownPage);
    expect(await mailsTo(t, 'nobody@example.test')).toEqual([]);
    const mails = await mailsTo(t, 'per@example.test');
    expect(mails.map((m) => m.kind)).toEqual(['password_link', 'password_link']);

    const token = setPasswordToken(mails[0]!.text);
    const browser = new TestBrowser();
    const done = await browser.request(`${base}/auth/set-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ token, password: ALSO_STRONG, passwordRepeat: ALSO_STRONG }).toString(),
    });
    expect(done.status).toBe(303);
    expect((await me(browser)).status).toBe(200);
    // the session from before the new password is over; the old password is refused, the new one works
    expect((await me(before.browser)).status).toBe(401);
    expect((await signInWithPassword({ base, email: 'per@example.test', password: STRONG })).response.status).toBe(401);
    expect((await signInWithPassword({ base, email: 'per@example.test', password: ALSO_STRONG })).response.status).toBe(
      302,
    );
    // the second mail's link ended with the new password
    expect(
      (await json('POST', '/auth/set-password/check', { token: setPasswordToken(mails[1]!.text) })).body.code,
    ).toBe('auth.password_link_used');
    const sent = await db()
      .selectFrom('audit_events')
      .select('target_id')
      .where('action', '=', 'auth.password_link_sent')
      .execute();
    expect(sent.filter((e) => e.target_id === userId)).toHaveLength(2);
  });

  it('ten wrong passwords lock the account for a while, the right one refused meanwhile, an unknown e-mail alike', async () => {
    freshWindow();
    await createLocalUser('siri@example.test');
    const browser = new TestBrowser({ 'accept-language': 'en' });
    const html = await openLoginPage(browser, base);
    // every try claims a made-up key: a credential header changes nothing about the count
    const claimed = () => ({ 'x-api-key': `fk_live_${Math.random().toString(36).slice(2)}` });
    for (let i = 0; i < 10; i++) {
      const wrong = await submitLogin(
        browser,
        base,
        html,
        { email: 'siri@example.test', password: `wrong ${i}` },
        claimed(),
      );
      expect(wrong.status).toBe(401);
    }
    const locked = await submitLogin(browser, base, html, { email: 'siri@example.test', password: 'wrong 11' });
    expect(locked.status).toBe(429);
    const right = await submitLogin(browser, base, html, { email: 'siri@example.test', password: STRONG });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(right.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    const lockedPage = await right.text();
    expect(lockedPage).toContain('Too many attempts. Wait 15 minutes, then try again.');
    expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();

    // an e-mail that names nobody is locked after as many tries, with the very same page
    for (let i = 0; i < 10; i++) {
      await submitLogin(browser, base, html, { email: 'ghost@example.test', password: `wrong ${i}` });
    }
    const ghost = await submitLogin(browser, base, html, { email: 'ghost@example.test', password: STRONG });
    expect(ghost.status).toBe(429);
    expect((await ghost.text()).replaceAll('ghost', 'siri')).toBe(lockedPage);

    const lockouts = await db()
      .selectFrom('audit_events')
      .select(['actor_label', 'details'])
      .where('action', '=', 'auth.locked_out')
      .execute();
    expect(lockouts).toEqual(
      expect.arrayContaining([
        { actor_label: 'siri@example.test', details: expect.objectContaining({ scope: 'account', failures: 10 }) },
        { actor_label: 'ghost@example.test', details: expect.objectContaining({ scope: 'account', failures: 10 }) },
      ]),
    );
    expect(lockouts.filter((e) => e.actor_label === 'siri@example.test')).toHaveLength(1);

    // once the window has passed, the right password works
    offsetMs += 15 * MINUTE;
    const later = await signInWithPassword({ base, email: 'siri@example.test', password: STRONG });
    expect(later.response.status).toBe(302);
  });

  it('the login form tells an invited, an unknown and a deactivated address apart by nothing', async () => {
    freshWindow();
    // one domain, addresses of one length: nothing but who they are differs
    const known = 'tone.a@example.test';
    const unknown = 'tone.b@example.test';
    const deactivated = 'tone.c@example.test';
    const noPassword = 'tone.d@example.test';
    await createLocalUser(known);
    const gone = await createLocalUser(deactivated);
    const off = await json(
      'PUT',
      `/admin/users/${gone}/status`,
      { status: 'deactivated' },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(off.status).toBe(200);
    await invite(noPassword);
    const addresses = [known, unknown, deactivated, noPassword];

    // the provider's login form, and a wrong password there (the deactivated person's right one too): one page each
    const page = (html: string, email: string) =>
      html
        .replaceAll(email, '<email>')
        .replaceAll(encodeURIComponent(email), '<email>')
        .replace(/\/oidc\/interaction\/[A-Za-z0-9_-]+/g, '<uid>');
    const forms: string[] = [];
    const failures: { status: number; html: string }[] = [];
    for (const email of addresses) {
      // the login page of the app asks for no address first here: the form is the provider's own
      const browser = new TestBrowser({ 'accept-language': 'en' });
      const form = await openLoginPage(browser, base);
      forms.push(page(form, email));
      const password = email === deactivated ? STRONG : 'not-the-password-1';
      const wrong = await submitLogin(browser, base, form, { email, password });
      failures.push({ status: wrong.status, html: page(await wrong.text(), email) });
      expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();
    }
    for (const form of forms.slice(1)) expect(form).toBe(forms[0]);
    for (const failure of failures.slice(1)) expect(failure).toEqual(failures[0]);
    expect(failures[0]).toMatchObject({ status: 401, html: expect.stringContaining('Wrong e-mail or password.') });

    // the invited person with the right password signs in as before, starting with their address
    const browser = new TestBrowser({ 'accept-language': 'en' });
    const form = await openLoginPage(browser, base, `?email=${encodeURIComponent(known)}`);
    const right = await submitLogin(browser, base, form, { email: known, password: STRONG });
    expect(right.status).toBe(303);
    const done = await browser.request(new URL(right.headers.get('location')!, base).href);
    expect(done.status).toBe(302);
    expect(await (await me(browser)).json()).toMatchObject({ email: known });
  });

  it.runIf(engine === 'postgres')('a lockout holds across API processes sharing the database', async () => {
    freshWindow();
    await createLocalUser('eva@example.test');
    for (let i = 0; i < 10; i++) {
      const wrong = await signInWithPassword({ base, email: 'eva@example.test', password: `wrong ${i}` });
      expect(wrong.response.status).toBe(401);
    }
    // a second process: its own server and connections, the same PostgreSQL database
    const url = (t.deps.database as unknown as { url: string }).url;
    const port = await freePort();
    const otherBase = `http://127.0.0.1:${port}`;
    const other = await createTestApp({
      engine,
      clock,
      database: await openDatabase({ kind: 'postgres', url, poolMax: 2 }),
      settings: { http: { publicUrl: otherBase } },
      options: { publicUrl: otherBase },
    });
    try {
      await other.app.listen({ port, host: '127.0.0.1' });
      const there = await signInWithPassword({ base: otherBase, email: 'eva@example.test', password: STRONG });
      expect(there.response.status).toBe(429);
    } finally {
      await other.app.close();
      await other.deps.queue.stop();
    }
  });

  it('a sign-in finishes only in the browser that started it: a callback URL sent to someone signs nobody in', async () => {
    freshWindow();
    await createLocalUser('mallory@example.test');
    const attacker = new TestBrowser();
    const html = await openLoginPage(attacker, base);
    const answer = await submitLogin(attacker, base, html, { email: 'mallory@example.test', password: STRONG });
    const callback = new URL(answer.headers.get('location')!, base);
    expect(callback.pathname).toBe('/auth/callback');

    const victim = new TestBrowser({ 'accept-language': 'en' });
    const opened = await victim.request(callback.href);
    expect(opened.status).toBe(400);
    const page = await opened.text();
    expect(page).toContain('data-code="sign_in.other_browser"');
    expect(page).toContain('This sign-in was started in another browser');
    expect(victim.cookie(base, 'byggdok_session')).toBeUndefined();
    // and the attempt is used up: not even the attacker's browser finishes it now
    expect((await attacker.request(callback.href)).status).toBe(400);
    expect(attacker.cookie(base, 'byggdok_session')).toBeUndefined();
    const line = attacker.setCookies.find((l) => l.startsWith('byggdok_sign_in='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Path=\/auth/);
    expect(line).toMatch(/Max-Age=900/);

    // the embedded provider's login form: a browser without the interaction's own cookie cannot post it
    const other = new TestBrowser();
    const stolen = await other.request(new URL(formAction(html), base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: 'mallory@example.test', password: STRONG }).toString(),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.headers.get('location')).toBeNull();
    // a set-password form another site posts is refused
    const foreign = await formPost(
      '/auth/set-password',
      { token: 'x', password: STRONG },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
  });

  it('signing out is a POST from the service’s own pages; a link or another site ends nothing', async () => {
    freshWindow();
    await createLocalUser('nils@example.test');
    const { browser } = await signInWithPassword({ base, email: 'nils@example.test', password: STRONG });
    const page = await browser.request(`${base}/auth/logout`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post" action="/auth/logout">');
    expect((await me(browser)).status).toBe(200);
    for (const headers of [{ origin: 'https://evil.example' }, {} as Record<string, string>]) {
      const refused = await browser.request(`${base}/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: '',
      });
      expect(refused.status).toBe(403);
    }
    expect((await me(browser)).status).toBe(200);
    const cookie = browser.cookie(base, 'byggdok_session')!;
    const out = await browser.request(`${base}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: '',
    });
    expect(out.status).toBe(303);
    expect(browser.cookie(base, 'byggdok_session')).toBeUndefined();
    const after = await fetch(`${base}/auth/me`, { headers: { cookie: `byggdok_session=${cookie}` } });
    expect(after.status).toBe(401);
  });

  it("a password change needs the current one, keeps this session and ends the person's others", async () => {
    freshWindow();
    await createLocalUser('tor@example.test');
    const here = await signInWithPassword({ base, email: 'tor@example.test', password: STRONG });
    const elsewhere = await signInWithPassword({ base, email: 'tor@example.test', password: STRONG });
    const change = (body: unknown) =>
      asBrowser(here.browser, base, '/auth/me/password', { method: 'POST', body: JSON.stringify(body) });
    const wrong = await change({ currentPassword: 'not it', newPassword: ALSO_STRONG });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: 'auth.wrong_password',
      errors: [{ path: '/currentPassword', message: 'is wrong' }],
    });
    const weak = await change({ currentPassword: STRONG, newPassword: 'tor@example.test' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe('/password');
    const sessions = (await (await asBrowser(here.browser, base, '/auth/me/sessions')).json()) as {
      sessions: { current: boolean; device: unknown }[];
    };
    expect(sessions.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.sessions.length).toBeGreaterThanOrEqual(2);

    expect((await change({ currentPassword: STRONG, newPassword: ALSO_STRONG })).status).toBe(204);
    expect((await me(here.browser)).status).toBe(200);
    expect((await me(elsewhere.browser)).status).toBe(401);
    expect((await signInWithPassword({ base, email: 'tor@example.test', password: ALSO_STRONG })).response.status).toBe(
      302,
    );

    // wrong current passwords count as failed sign-ins (the sign-in just now started the count again)
    for (let i = 0; i < 10; i++) await change({ currentPassword: `nope ${i}`, newPassword: STRONG });
    const locked = await change({ currentPassword: ALSO_STRONG, newPassword: STRONG });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('a copy of the session cookie taken before a password change does not outlive it; the browser stays signed in', async () => {
    freshWindow();
    await createLocalUser('vera@example.test');
    const here = await signInWithPassword({ base, email: 'vera@example.test', password: STRONG });
    // what a thief copied out of this very browser (a shared computer, a leaked HAR file, plain http)
    const stolen = here.browser.cookie(base, 'byggdok_session')!;
    const withStolen = () => fetch(`${base}/auth/me`, { headers: { cookie: `byggdok_session=${stolen}` } });
    expect((await withStolen()).status).toBe(200);

    const changed = await asBrowser(here.browser, base, '/auth/me/password', {
      method: 'POST',
      body: JSON.stringify({ currentPassword: STRONG, newPassword: ALSO_STRONG }),
    });
    expect(changed.status).toBe(204);
    const cookie = changed.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^byggdok_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    // the person goes on in the same session (the account page shows it as this one), under a new token
    const fresh = here.browser.cookie(base, 'byggdok_session')!;
    expect(fresh).not.toBe(stolen);
    expect((await me(here.browser)).status).toBe(200);
    const sessions = (await (await asBrowser(here.browser, base, '/auth/me/sessions')).json()) as {
      sessions: { current: boolean }[];
    };
    expect(sessions.sessions.filter((s) => s.current)).toHaveLength(1);
    // the copy is refused
    expect((await withStolen()).status).toBe(401);
  });

  it("an assistant's refresh token ends with its grant: disconnected, signed out where allowed, a new password, deactivation", async () => {
    freshWindow();
    const userId = await createLocalUser('ida@example.test');
    const live = async (assistant: { clientId: string; refreshToken: string; accessToken: string }) => ({
      refresh: (await refreshAssistant(base, assistant)).status,
      mcp: await mcpStatus(base, assistant.accessToken),
    });

    // disconnected on the account page
    const first = await connectAssistant({ base, email: 'ida@example.test', password: STRONG });
    const rotated = await refreshAssistant(base, first);
    expect(rotated.status).toBe(200);
    const assistant = { ...first, refreshToken: rotated.body.refresh_token ?? first.refreshToken };
    expect(await mcpStatus(base, assistant.accessToken)).toBe(200);
    const account = await signInWithPassword({ base, email: 'ida@example.test', password: STRONG });
    const listed = (await (await asBrowser(account.browser, base, '/auth/me/assistants')).json()) as {
      assistants: { id: string; name: string; redirectHosts: string[]; connectedAt: string }[];
    };
    expect(listed.assistants).toEqual([
      expect.objectContaining({
        name: 'Test assistant',
        redirectHosts: ['127.0.0.1:9'],
        connectedAt: expect.any(String),
      }),
    ]);
    // someone else cannot disconnect it
    const stranger = await createTestUser(db());
    const foreign = await fetch(`${base}/auth/me/assistants/${listed.assistants[0]!.id}`, {
      method: 'DELETE',
      headers: { 'x-api-key': stranger.key },
    });
    expect(foreign.status).toBe(404);
    expect(await live(assistant)).toEqual({ refresh: 200, mcp: 200 });
    const gone = await asBrowser(account.browser, base, `/auth/me/assistants/${listed.assistants[0]!.id}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(204);
    expect(await live(assistant)).toEqual({ refresh: 400, mcp: 401 });
    expect(
      ((await (await asBrowser(account.browser, base, '/auth/me/assistants')).json()) as { assistants: [] }).assistants,
    ).toEqual([]);

    // allowed from a browser signed in to the app: that browser's sign-out ends it; one allowed elsewhere stays
    const signedIn = await signInWithPassword({ base, email: 'ida@example.test', password: STRONG });
    const fromApp = await connectAssistant({
      base,
      email: 'ida@example.test',
      password: STRONG,
      browser: signedIn.browser,
    });
    const fromElsewhere = await connectAssistant({ base, email: 'ida@example.test', password: STRONG });
    expect((await live(fromApp)).mcp).toBe(200);
    const out = await signedIn.browser.request(`${base}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: '',
    });
    expect(out.status).toBe(303);
    expect(await live(fromApp)).toEqual({ refresh: 400, mcp: 401 });
    const elsewhere = await refreshAssistant(base, fromElsewhere);
    expect(elsewhere.status).toBe(200);

    // a password set by the operator ends every assistant of the person
    const next = { ...fromElsewhere, refreshToken: elsewhere.body.refresh_token ?? fromElsewhere.refreshToken };
    const set = await json(
      'PUT',
      `/admin/users/${userId}/password`,
      { password: ALSO_STRONG },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(set.status).toBe(204);
    expect(await live(next)).toEqual({ refresh: 400, mcp: 401 });

    // and so does deactivation
    const last = await connectAssistant({ base, email: 'ida@example.test', password: ALSO_STRONG });
    expect((await live(last)).mcp).toBe(200);
    const off = await json(
      'PUT',
      `/admin/users/${userId}/status`,
      { status: 'deactivated' },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(off.status).toBe(200);
    expect(await live(last)).toEqual({ refresh: 400, mcp: 401 });
  });

  it('the account routes answer the person alone, name every bad field, and find nobody else’s sessions', async () => {
    freshWindow();
    await createLocalUser('une@example.test');
    const { browser } = await signInWithPassword({ base, email: 'une@example.test', password: STRONG });
    const other = await signInWithPassword({ base, email: 'per@example.test', password: ALSO_STRONG });
    const theirs = (await (await asBrowser(other.browser, base, '/auth/me/sessions')).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    const theirSession = theirs.sessions.find((s) => s.current)!.id;
    expect((await asBrowser(browser, base, `/auth/me/sessions/${theirSession}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await me(other.browser)).status).toBe(200);
    const badId = await asBrowser(browser, base, '/auth/me/sessions/nonsense', { method: 'DELETE' });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(await badId.json())).toContain('sessionId');

    const routes: [string, string][] = [
      ['GET', '/auth/me/sessions'],
      ['POST', '/auth/me/sessions/sign-out-others'],
      ['GET', '/auth/me/assistants'],
      ['POST', '/auth/me/password'],
    ];
    const partner = await t.createKey({ partnerId: await t.createPartner('Partner AS') });
    for (const [method, path] of routes) {
      expect((await fetch(`${base}${path}`, { method })).status, `${method} ${path}`).toBe(401);
      const byKey = await fetch(`${base}${path}`, {
        method,
        headers: { 'x-api-key': partner.key, 'content-type': 'application/json' },
        body: method === 'POST' ? '{"currentPassword":"x","newPassword":"y"}' : null,
      });
      // a partner's key is no person
      expect(byKey.status, `${method} ${path} with a partner key`).toBe(401);
    }
    const assistant = await connectAssistant({ base, email: 'une@example.test', password: STRONG });
    for (const [method, path] of routes) {
      const byAssistant = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${assistant.accessToken}`, 'content-type': 'application/json' },
        body: method === 'POST' ? `{"currentPassword":"${STRONG}","newPassword":"${ALSO_STRONG}"}` : null,
      });
      expect([401, 403], `${method} ${path} with an assistant's token`).toContain(byAssistant.status);
    }

    const bad: [string, string, string, string][] = [
      ['PATCH', '/auth/me', 'null', '/'],
      ['PATCH', '/auth/me', '{}', '/'],
      ['PATCH', '/auth/me', '{"name":"   "}', '/name'],
      ['PATCH', '/auth/me', `{"name":"${'x'.repeat(201)}"}`, '/name'],
      ['POST', '/auth/me/password', 'null', '/'],
      ['POST', '/auth/me/password', '{"currentPassword":"x"}', '/newPassword'],
      ['POST', '/auth/set-password', 'null', '/'],
      ['POST', '/auth/set-password', '{"password":"x"}', '/token'],
      ['POST', '/auth/set-password/check', '{}', '/token'],
      ['POST', '/auth/forgot-password', '{"email":7}', '/email'],
    ];
    for (const [method, path, body, field] of bad) {
      const answer = await asBrowser(browser, base, path, { method, body, headers: { accept: 'application/json' } });
      expect(answer.status, `${method} ${path} ${body}`).toBe(400);
      const problem = (await answer.json()) as { errors?: { path: string }[] };
      expect(
        problem.errors?.map((e) => e.path),
        `${method} ${path} ${body}`,
      ).toContain(field);
    }

    // a body of JSON null is not the object the route declares: a 400 naming the body (issue 41), never a 500
    const empty = await asBrowser(browser, base, '/auth/forgot-password', {
      method: 'POST',
      body: 'null',
      headers: { accept: 'application/json' },
    });
    expect(empty.status).toBe(400);

    // the person's name, chosen by them, is what others see
    const named = await asBrowser(browser, base, '/auth/me', { method: 'PATCH', body: '{"name":"Une Aas"}' });
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({ name: 'Une Aas', email: 'une@example.test' });
  });

  it('an invitation into a project names the project and the role, and the inviter by name in the audit log', async () => {
    freshWindow();
    const project = await json(
      'POST',
      `/construction/customers/${inviter.customerId}/projects`,
      { name: 'Nye Bryggen' },
      { 'x-api-key': inviter.key },
    );
    expect(project.status).toBe(201);
    const invited = await invite('guri@example.test', { role: 'READ_ACCESS', projectId: project.body.id });
    const mail = (await lastMailTo(t, 'guri@example.test'))!;
    expect(mail.subject).toBe('You are invited to the project Nye Bryggen of Bygg & Betong AS in byggdok Construction');
    expect(mail.text).toContain(
      'Kari Nordmann (kari@example.test) has invited you to the project Nye Bryggen of Bygg & Betong AS in byggdok Construction, with the role Read access.',
    );
    expect(mail.text).toContain('Choose your password:');
    const roles = await db()
      .selectFrom('project_members')
      .select(['project_id', 'role'])
      .where('user_id', '=', invited.id)
      .execute();
    expect(roles).toEqual([{ project_id: project.body.id, role: 'READ_ACCESS' }]);
    const customerRole = await db()
      .selectFrom('customer_members')
      .select('role')
      .where('user_id', '=', invited.id)
      .executeTakeFirstOrThrow();
    expect(customerRole.role).toBe('NO_ACCESS');

    const elsewhere = await createTestCustomer(db(), { name: 'Andre AS' });
    const foreignProject = await db()
      .insertInto('projects')
      .values({ id: crypto.randomUUID(), customer_id: elsewhere.customerId, name: 'Fremmed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await json(
      'POST',
      `/construction/customers/${inviter.customerId}/idp/users`,
      { email: 'x@example.test', role: 'READ_ACCESS', projectId: foreignProject.id },
      { 'x-api-key': inviter.key },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: '/projectId', message: 'is not a project of this customer' }]);

    const log = await json(
      'GET',
      `/construction/customers/${inviter.customerId}/audit?action=user.invited`,
      undefined,
      {
        'x-api-key': inviter.key,
      },
    );
    expect(log.body.events[0].actor).toMatchObject({ label: 'kari@example.test', name: 'Kari Nordmann' });

    // someone who already has a password is told to sign in with it, with the forgot-password link
    await invite('ola@example.test', { role: 'READ_ACCESS' });
    const again = (await lastMailTo(t, 'ola@example.test'))!;
    expect(again.text).toContain('Sign in with your e-mail address and the password you already have.');
    expect(again.text).toContain(`${base}/auth/forgot-password?email=ola%40example.test`);
    expect(again.text).not.toContain('set-password');
  });

  it('fifty failures from one address lock it for every account; forgot-password requests are limited the same way', async () => {
    freshWindow();
    const browser = new TestBrowser({ 'accept-language': 'nb' });
    const html = await openLoginPage(browser, base);
    for (let i = 0; i < 50; i++) {
      const wrong = await submitLogin(browser, base, html, { email: `guess${i}@example.test`, password: 'x' });
      expect(wrong.status).toBe(401);
    }
    const refused = await submitLogin(browser, base, html, { email: 'ola@example.test', password: STRONG });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('For mange forsøk. Vent 15 minutter og prøv igjen.');
    const address = await db()
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'auth.locked_out')
      .where('actor_label', 'is', null)
      .execute();
    expect(address).toContainEqual({ details: expect.objectContaining({ scope: 'address', action: 'sign_in' }) });

    freshWindow();
    for (let i = 0; i < 50; i++) {
      expect((await json('POST', '/auth/forgot-password', { email: `who${i}@example.test` })).status).toBe(202);
    }
    const limited = await json('POST', '/auth/forgot-password', { email: 'ola@example.test' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('auth.too_many_attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await formPost('/auth/forgot-password', { email: 'ola@example.test' }, { 'accept-language': 'en' });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('Too many attempts. Wait 15 minutes, then try again.');
    // a hundred sign-ins through the embedded provider: slow on a loaded 2-core machine, not a measure of anything
  }, 180_000);
});
