import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT_LIMITS } from '../../src/domain/mail/mailer.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { lastMailTo } from '../helpers/received-mail.js';
import { setPasswordToken } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const MINUTE = 60_000;
const STRONG = 'fjordhest-i-fjellet-42';
const ALSO_STRONG = 'multebær og brunost 7';

/**
 * Password links attacked by someone who knows only an address: anyone may ask for an account's forgot-password
 * links, so anyone could use up its links of the day (each went to the account's own address, but past them the
 * person waited for the next day). Past the day's links another is mailed whenever none of the account's links works
 * (used or expired): the person always has a working link in the newest mail, or gets one by asking, and a stranger
 * asking again and again gets one mail an hour at most. An invitation link of someone taken out of the customer
 * before using it opens nothing of the customer.
 */
describe.each(testEngines())('forgot-password and invitation links against strangers, on %s', (engine) => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const DAILY = RECIPIENT_LIMITS.password_link[0].max;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.deps.database.db;
  /** each test starts outside the sign-in throttle's window of the one before */
  const freshWindow = () => (offsetMs += 16 * MINUTE);

  const createLocalUser = async (email: string) => {
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { email, name: email, password: STRONG },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const forgot = async (email: string) => {
    const answer = await t.request({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: PUBLIC_URL },
      payload: { email },
    });
    return { status: answer.status, body: answer.body as unknown, retryAfter: answer.headers['retry-after'] };
  };
  const checkLink = async (token: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/auth/set-password/check',
        headers: { origin: PUBLIC_URL },
        payload: { token },
      })
    ).body as { code?: string; email?: string };
  const linkMails = async (email: string) =>
    (
      await db()
        .selectFrom('mail_messages')
        .select('id')
        .where('kind', '=', 'password_link')
        .where(sql<boolean>`${email} = any(to_addresses)`)
        .execute()
    ).length;
  const linksOf = async (userId: string) =>
    (await db().selectFrom('password_links').select('id').where('user_id', '=', userId).execute()).length;
  /** a stranger's earlier requests today: the account's links of the day, without sending them */
  const earlierToday = (email: string, count: number) =>
    db()
      .insertInto('mail_messages')
      .values(
        Array.from({ length: count }, () => ({
          id: randomUUID(),
          kind: 'password_link',
          to_addresses: [email],
          subject: 'earlier',
          text_body: 'earlier',
          status: 'sent' as const,
          customer_id: null,
          created_at: sql<Date>`now() - interval '3 hours'`,
        })),
      )
      .execute();

  it('a stranger who used up an account’s links of the day does not lock its owner out', async () => {
    freshWindow();
    const email = 'eier@outside.test';
    const userId = await createLocalUser(email);
    await earlierToday(email, DAILY - 1);
    // the day's last link
    expect(await forgot(email)).toMatchObject({ status: 202 });
    expect(await linkMails(email)).toBe(DAILY);
    const last = setPasswordToken((await lastMailTo(t, email))!.text);

    // past the day's links, while the newest works: nothing is made or sent, and the answer is an unknown address's
    const unknown = await forgot('nobody@outside.test');
    for (let i = 0; i < 5; i++) expect(await forgot(email)).toEqual(unknown);
    expect(await linkMails(email)).toBe(DAILY);
    expect(await linksOf(userId)).toBe(1);
    expect(await checkLink(last)).toMatchObject({ email });

    // an hour later it has expired; the owner asks, still within the day, and gets a link that works
    offsetMs += 61 * MINUTE;
    expect((await checkLink(last)).code).toBe('auth.password_link_expired');
    expect(await forgot(email)).toEqual(unknown);
    expect(await linkMails(email)).toBe(DAILY + 1);
    const fresh = setPasswordToken((await lastMailTo(t, email))!.text);
    // the stranger asking again meanwhile changes nothing
    for (let i = 0; i < 5; i++) expect(await forgot(email)).toEqual(unknown);
    expect(await linkMails(email)).toBe(DAILY + 1);

    const set = await t.request({
      method: 'POST',
      url: '/auth/set-password',
      headers: { origin: PUBLIC_URL },
      payload: { token: fresh, password: ALSO_STRONG, passwordRepeat: ALSO_STRONG },
    });
    expect(set.status).toBe(200);
    expect(String(set.headers['set-cookie'])).toContain('byggdok_session=');
    // once it is used, the next request mails another
    expect(await forgot(email)).toEqual(unknown);
    expect(await linkMails(email)).toBe(DAILY + 2);
  });

  it('past the day’s links, requests at the same time make one link and one mail', async () => {
    freshWindow();
    const email = 'samtidig@outside.test';
    const userId = await createLocalUser(email);
    await earlierToday(email, DAILY);
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(email)));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(await linkMails(email)).toBe(DAILY + 1);
    expect(await linksOf(userId)).toBe(1);
    expect(await checkLink(setPasswordToken((await lastMailTo(t, email))!.text))).toMatchObject({ email });
  });

  it('an invitation link of someone taken out of the customer before using it opens nothing of the customer', async () => {
    freshWindow();
    const { customerId } = await createTestCustomer(db(), { name: 'Fjerning AS' });
    const admin = await createTestUser(db(), { email: 'admin@fjerning.test' });
    await giveCustomerRole(db(), { customerId, userId: admin.userId, role: 'ADMIN' });
    const users = `/construction/customers/${customerId}/idp/users`;
    const invited = await t.request({
      method: 'POST',
      url: users,
      key: admin.key,
      payload: { email: 'feil.adresse@outside.test', role: 'WRITE_ACCESS' },
    });
    expect(invited.status).toBe(201);
    const token = setPasswordToken((await lastMailTo(t, 'feil.adresse@outside.test'))!.text);
    const removed = await t.request({ method: 'DELETE', url: `${users}/${invited.body.id}`, key: admin.key });
    expect(removed.status).toBe(200);

    // the link still sets a password for the address (as forgot-password would), but the account reaches nothing
    const set = await t.request({
      method: 'POST',
      url: '/auth/set-password',
      headers: { origin: PUBLIC_URL },
      payload: { token, password: STRONG, passwordRepeat: STRONG },
    });
    expect(set.status).toBe(200);
    const cookie = String(set.headers['set-cookie']).split(';')[0]!;
    const me = await t.request({ method: 'GET', url: '/auth/me', headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.customers).toEqual([]);
    for (const url of [`/construction/customers/${customerId}`, `/construction/customers/${customerId}/projects`]) {
      expect([403, 404]).toContain((await t.request({ method: 'GET', url, headers: { cookie } })).status);
    }
    // and a second use of the link is refused
    const again = await t.request({
      method: 'POST',
      url: '/auth/set-password',
      headers: { origin: PUBLIC_URL },
      payload: { token, password: ALSO_STRONG, passwordRepeat: ALSO_STRONG },
    });
    expect(again.body.code).toBe('auth.password_link_used');
  });
});
