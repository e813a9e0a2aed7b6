import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../helpers/browser.js';
import { lastMailTo } from '../helpers/received-mail.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort, stopProcess } from '../helpers/service-process.js';
import { startTestProvider, TEST_CLIENT, type ScriptedPerson } from '../helpers/start-oidc-test-provider.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * With a company's OpenID provider configured: a person is linked to their provider account (issuer and subject) at
 * their first sign-in, and a second account at that provider with the same e-mail does not become them; the name the
 * provider sends is the person's, unless they chose their own; invitations say to sign in there, and there are no
 * passwords here to set or forget. The sign-in is bound to its browser as on the embedded default.
 */
describe.each(testEngines())('signing in with an outside provider on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({ publicUrl: base });
    t = await createTestApp({
      engine,
      settings: {
        http: { publicUrl: base },
        signIn: {
          oidc: { issuer: provider.issuer, ...TEST_CLIENT },
          allowedRedirectOrigins: [],
          sessionIdleMinutes: 60,
          sessionMaxAgeDays: 1,
        },
      },
      options: { publicUrl: base },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    if (provider) await stopProcess(provider.child);
  });

  const db = () => t.deps.database.db;

  /** through /auth/login and the provider up to the callback; the callback URL and the browser */
  async function throughProvider(person: ScriptedPerson, browser = new TestBrowser({ 'accept-language': 'en' })) {
    await provider.script(person);
    const stop = await browser.go(`${base}/auth/login`, (next) => !next.pathname.startsWith('/auth/callback'));
    return { browser, callback: new URL(stop.headers.get('location')!, base).href };
  }

  async function signIn(person: ScriptedPerson) {
    const { browser, callback } = await throughProvider(person);
    const answer = await browser.request(callback);
    return { browser, answer, session: browser.cookie(base, 'byggdok_session') };
  }

  it('links the person to their provider account; another account with the same e-mail does not take them over', async () => {
    const person = await createTestUser(db(), { email: 'kari@firma.test', name: '', status: 'invited' });
    const first = await signIn({ sub: 'kari-1', email: 'kari@firma.test', emailVerified: true, name: 'Kari Nordmann' });
    expect(first.answer.status).toBe(302);
    expect(first.session).toBeTruthy();
    const linked = await db().selectFrom('user_identities').selectAll().where('user_id', '=', person.userId).execute();
    expect(linked).toMatchObject([{ issuer: provider.issuer, subject: 'kari-1' }]);

    // the provider's name is hers now, on the People page and in the audit log
    const { customerId } = await createTestCustomer(db());
    await giveCustomerRole(db(), { customerId, userId: person.userId, role: 'ADMIN' });
    const people = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/idp/users`,
      key: person.key,
    });
    expect(people.body.users).toContainEqual(
      expect.objectContaining({ email: 'kari@firma.test', name: 'Kari Nordmann' }),
    );

    // a second account at the provider, with her verified e-mail: refused, and linked to nobody
    const intruder = await signIn({ sub: 'kari-2', email: 'KARI@firma.test', emailVerified: true, name: 'Mallory' });
    expect(intruder.answer.status).toBe(403);
    const page = await intruder.answer.text();
    expect(page).toContain('data-code="sign_in.account_linked_elsewhere"');
    expect(page).toContain('This person signs in with another account at the sign-in provider.');
    expect(intruder.session).toBeUndefined();
    const after = await db()
      .selectFrom('user_identities')
      .select('subject')
      .where('user_id', '=', person.userId)
      .execute();
    expect(after).toEqual([{ subject: 'kari-1' }]);
    const user = await db()
      .selectFrom('users')
      .select('name')
      .where('id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Kari Nordmann');

    // her Activity shows the refused account, by the address the provider verified; a third account whose address the
    // provider did not verify names nobody, so it is not hers to see (anyone may type her address there)
    const unverified = await signIn({ sub: 'kari-3', email: 'kari@firma.test', emailVerified: false, name: 'Eve' });
    expect(unverified.answer.status).toBe(403);
    const history = await t.request({ method: 'GET', url: '/auth/me/history', key: person.key });
    expect(history.status).toBe(200);
    const failures = (history.body.events as { action: string; details: Record<string, unknown> }[]).filter(
      (event) => event.action === 'auth.sign_in_failed',
    );
    expect(failures.map((event) => event.details)).toEqual([
      { reason: 'sign_in.account_linked_elsewhere', issuer: provider.issuer },
    ]);
    const tries = await db()
      .selectFrom('audit_events')
      .select(['actor_label', 'details'])
      .where('action', '=', 'auth.sign_in_failed')
      .orderBy('occurred_at')
      .execute();
    expect(tries.map((row) => [row.actor_label, (row.details as { reason: string }).reason])).toEqual([
      ['KARI@firma.test', 'sign_in.account_linked_elsewhere'],
      [null, 'sign_in.email_not_verified'],
    ]);

    // her own account still signs her in
    expect((await signIn({ sub: 'kari-1', email: 'kari@firma.test', emailVerified: true })).answer.status).toBe(302);
  });

  it('a name the person chose stays theirs; the provider’s no longer replaces it', async () => {
    const person = await createTestUser(db(), { email: 'ola@firma.test', name: '', status: 'invited' });
    const first = await signIn({ sub: 'ola-1', email: 'ola@firma.test', emailVerified: true, name: 'O. Hansen' });
    expect(first.answer.status).toBe(302);
    const named = await first.browser.request(`${base}/auth/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'Ola Hansen' }),
    });
    expect(named.status).toBe(200);
    await signIn({ sub: 'ola-1', email: 'ola@firma.test', emailVerified: true, name: 'O. Hansen' });
    const user = await db()
      .selectFrom('users')
      .select('name')
      .where('id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Ola Hansen');
    const changed = await db()
      .selectFrom('audit_events')
      .select(['actor_name', 'details'])
      .where('action', '=', 'user.profile_changed')
      .where('actor_user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(changed).toEqual({ actor_name: 'Ola Hansen', details: { name: 'Ola Hansen', previousName: 'O. Hansen' } });
  });

  it('a callback URL opened in another browser signs nobody in', async () => {
    await createTestUser(db(), { email: 'liv@firma.test', status: 'invited' });
    const { callback } = await throughProvider({ sub: 'liv-1', email: 'liv@firma.test', emailVerified: true });
    const victim = new TestBrowser({ 'accept-language': 'nb' });
    const opened = await victim.request(callback);
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain('Denne innloggingen ble startet i en annen nettleser');
    expect(victim.cookie(base, 'byggdok_session')).toBeUndefined();
  });

  it('invitations say to sign in at the provider; there are no passwords here to set or forget', async () => {
    const admin = await createTestUser(db(), { email: 'leder@firma.test', name: 'Leder' });
    const { customerId } = await createTestCustomer(db(), { name: 'Firma AS' });
    await giveCustomerRole(db(), { customerId, userId: admin.userId, role: 'ADMIN' });
    const invited = await t.request({
      method: 'POST',
      url: `/construction/customers/${customerId}/idp/users`,
      key: admin.key,
      payload: { email: 'ny@firma.test', role: 'READ_ACCESS' },
    });
    expect(invited.status).toBe(201);
    const mail = (await lastMailTo(t, 'ny@firma.test'))!;
    expect(mail.text).toContain(`Sign in: ${base}/auth/login?email=ny%40firma.test`);
    expect(mail.text).not.toContain('set-password');
    expect(mail.text).not.toContain('forgot-password');

    for (const [method, url] of [
      ['GET', '/auth/set-password'],
      ['POST', '/auth/set-password/check'],
      ['POST', '/auth/forgot-password'],
    ] as const) {
      expect((await t.request({ method, url, payload: method === 'POST' ? {} : undefined })).status).toBe(404);
    }
    const me = await t.request({ method: 'GET', url: '/auth/me', key: admin.key });
    expect(me.body.passwordSignIn).toBe(false);
    const change = await t.request({
      method: 'POST',
      url: '/auth/me/password',
      key: admin.key,
      payload: { currentPassword: 'x', newPassword: 'fjordhest-i-fjellet-42' },
    });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe('auth.no_local_passwords');
  });
});
