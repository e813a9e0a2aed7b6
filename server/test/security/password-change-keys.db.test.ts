import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUserKey, userKeyPrefix } from '../../src/domain/access/user-keys.js';
import { newId } from '../../src/domain/shared/ids.js';
import { hashSecret } from '../../src/domain/shared/secrets.js';
import { createTestCustomer, createTestSession, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { lastMailTo, mailsTo } from '../helpers/received-mail.js';
import { holdLocks, someoneWaitsForALock } from '../helpers/row-locks.js';
import { setPasswordToken } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const MINUTE = 60_000;
const STRONG = 'fjordhest-i-fjellet-42';
const ALSO_STRONG = 'multebær og brunost 7';
const THIRD = 'tre-trær-ved-fjorden-9';

/**
 * Someone who fears an intruder used their account changes or resets the password: every other session and assistant
 * ends, and, when they tick it, every personal API key of theirs too (a key the intruder made would otherwise go on
 * working). Unticked, the keys go on working, so integrations do not stop by surprise. Another person's keys and a
 * partner's keys are never touched; a refused change revokes nothing.
 */
describe.each(testEngines())('personal API keys ended with a new password, on %s', (engine) => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let partner: { key: string; ownerId: string };
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    partner = await t.seed();
    ({ customerId } = await createTestCustomer(db(), { name: 'Bygg & Betong AS' }));
  });
  afterAll(() => t?.close());

  const db = () => t.deps.database.db;
  /** each test starts outside the sign-in throttle's window of the one before */
  const freshWindow = () => (offsetMs += 16 * MINUTE);

  async function localPerson(email: string) {
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { email, name: email, password: STRONG },
    });
    expect(created.status).toBe(201);
    const userId = created.body.id as string;
    await giveCustomerRole(db(), { customerId, userId, role: 'WRITE_ACCESS' });
    return { userId, email, cookie: await session(userId) };
  }

  const session = async (userId: string) => `byggdok_session=${await createTestSession(db(), userId)}`;

  /** a key made with a session cookie, as the person (or an intruder at their browser) makes one */
  async function makeKey(cookie: string, name: string) {
    const made = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { name },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: string; key: string };
  }

  /** a key that ended before anything here: expired, never revoked */
  async function expiredKey(userId: string) {
    const id = newId.userApiKey();
    const key = generateUserKey();
    await db()
      .insertInto('user_api_keys')
      .values({
        id,
        user_id: userId,
        name: 'gammel',
        key_hash: hashSecret(key),
        key_prefix: userKeyPrefix(key),
        expires_at: new Date(clock.now().getTime() - 86_400_000),
      })
      .execute();
    return id;
  }

  /** what a call with the key is answered: the status, and the problem's code when refused */
  async function withKey(key: string) {
    const answer = await t.request({ method: 'GET', url: '/auth/me', key });
    return { status: answer.status, code: (answer.body as { code?: string }).code };
  }

  const partnerKeyWorks = async () =>
    (await t.request({ method: 'GET', url: `/v1/building_owners/${partner.ownerId}/buildings`, key: partner.key }))
      .status;

  const changePassword = (cookie: string, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/auth/me/password', headers: { cookie, origin: PUBLIC_URL }, payload: body });

  /** the session in use goes on under the new token a password change answers */
  const renewedCookie = (setCookie: unknown) =>
    `byggdok_session=${/byggdok_session=([^;]+)/.exec(String(setCookie))![1]}`;

  const revokedAt = async (keyId: string) =>
    (await db().selectFrom('user_api_keys').select('revoked_at').where('id', '=', keyId).executeTakeFirstOrThrow())
      .revoked_at;

  const auditOf = (action: string, targetId: string) =>
    db()
      .selectFrom('audit_events')
      .select(['customer_id', 'details'])
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();

  async function forgotPasswordToken(email: string) {
    const asked = await t.request({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: PUBLIC_URL },
      payload: { email },
    });
    expect(asked.status).toBe(202);
    return setPasswordToken((await lastMailTo(t, email))!.text);
  }

  it('a password changed on the account page keeps the keys unless the person asks, then ends every one of theirs', async () => {
    freshWindow();
    const kari = await localPerson('kari@bygg.test');
    const intruder = await session(kari.userId);
    const backdoor = await makeKey(intruder, 'Bakdør');
    const export_ = await makeKey(kari.cookie, 'Nattlig eksport');
    // the key's usual refused answer: one revoked on the account page
    const revokedBefore = await makeKey(kari.cookie, 'Trukket tilbake');
    const deleted = await t.request({
      method: 'DELETE',
      url: `/auth/api-keys/${revokedBefore.id}`,
      headers: { cookie: kari.cookie, origin: PUBLIC_URL },
    });
    expect(deleted.status).toBe(204);
    const refused = await withKey(revokedBefore.key);
    expect(refused).toEqual({ status: 401, code: 'auth.invalid_key' });
    const expired = await expiredKey(kari.userId);
    const bystander = await createTestUser(db(), { email: 'ola@bygg.test' });

    // unticked: every other session ends, the keys go on working
    const kept = await changePassword(kari.cookie, { currentPassword: STRONG, newPassword: ALSO_STRONG });
    expect(kept.status).toBe(204);
    expect((await t.request({ method: 'GET', url: '/auth/me', headers: { cookie: intruder } })).status).toBe(401);
    expect(await withKey(backdoor.key)).toEqual({ status: 200, code: undefined });
    expect(await withKey(export_.key)).toEqual({ status: 200, code: undefined });
    const [unticked] = await auditOf('auth.password_changed', kari.userId);
    expect(unticked!.details).toEqual({ via: 'account' });

    // ticked: the person's keys that still work end with the password, in the same answer as before
    const cookie = renewedCookie(kept.headers['set-cookie']);
    const ended = await changePassword(cookie, {
      currentPassword: ALSO_STRONG,
      newPassword: THIRD,
      revokeApiKeys: true,
    });
    expect(ended.status).toBe(204);
    expect(ended.body).toBe('');
    expect(await withKey(backdoor.key)).toEqual(refused);
    expect(await withKey(export_.key)).toEqual(refused);
    // the person stays signed in here; another person's key and a partner's key are untouched
    const here = { cookie: renewedCookie(ended.headers['set-cookie']) };
    expect((await t.request({ method: 'GET', url: '/auth/me', headers: here })).status).toBe(200);
    expect(await withKey(bystander.key)).toEqual({ status: 200, code: undefined });
    expect(await partnerKeyWorks()).toBe(200);
    // an expired key stays as it was; the one revoked before is not revoked again
    expect(await revokedAt(expired)).toBeNull();
    expect(await auditOf('api_key.revoked', revokedBefore.id)).toHaveLength(2);

    // the person's history says how many; each key is in their history and their customer's log, as a revocation
    const changes = await auditOf('auth.password_changed', kari.userId);
    expect(changes.map((event) => event.details)).toEqual([{ via: 'account' }, { via: 'account', revokedApiKeys: 2 }]);
    for (const key of [backdoor, export_]) {
      const revocations = await auditOf('api_key.revoked', key.id);
      expect(revocations.map((event) => event.customer_id).sort()).toEqual([customerId, null].sort());
      expect(revocations[0]!.details).toMatchObject({ withNewPassword: true });
    }
    const bystanderKeys = await db()
      .selectFrom('user_api_keys')
      .select('revoked_at')
      .where('user_id', '=', bystander.userId)
      .execute();
    expect(bystanderKeys).toEqual([{ revoked_at: null }]);
  });

  it('a wrong current password revokes nothing, even asked to', async () => {
    freshWindow();
    const per = await localPerson('per@bygg.test');
    const key = await makeKey(per.cookie, 'Skript');
    const wrong = await changePassword(per.cookie, {
      currentPassword: 'ikke-det-riktige-passordet',
      newPassword: ALSO_STRONG,
      revokeApiKeys: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'auth.wrong_password' });
    // nor a new password the rules refuse
    const weak = await changePassword(per.cookie, {
      currentPassword: STRONG,
      newPassword: 'kort',
      revokeApiKeys: true,
    });
    expect(weak.status).toBe(400);
    expect(await withKey(key.key)).toEqual({ status: 200, code: undefined });
    expect(await revokedAt(key.id)).toBeNull();
    expect(await auditOf('api_key.revoked', key.id)).toEqual([]);
    // not a flag in other words
    const text = await changePassword(per.cookie, {
      currentPassword: STRONG,
      newPassword: ALSO_STRONG,
      revokeApiKeys: 'yes',
    });
    expect(text.status).toBe(400);
    expect(await withKey(key.key)).toEqual({ status: 200, code: undefined });
  });

  it('a personal key changing the password with the flag ends itself with the others', async () => {
    freshWindow();
    const liv = await localPerson('liv@bygg.test');
    const other = await makeKey(liv.cookie, 'Annen');
    const self = await makeKey(liv.cookie, 'Denne');
    const changed = await t.request({
      method: 'POST',
      url: '/auth/me/password',
      key: self.key,
      payload: { currentPassword: STRONG, newPassword: ALSO_STRONG, revokeApiKeys: true },
    });
    expect(changed.status).toBe(204);
    expect((await withKey(self.key)).status).toBe(401);
    expect((await withKey(other.key)).status).toBe(401);
  });

  it('a reset link keeps the keys unless asked; asked, it ends them, says how many first, and a refused try keeps the offer', async () => {
    freshWindow();
    const siri = await localPerson('siri@bygg.test');
    const backdoor = await makeKey(await session(siri.userId), 'Bakdør');
    const expired = await expiredKey(siri.userId);
    const bystander = await createTestUser(db(), { email: 'nils@bygg.test' });

    // without the flag (a JSON client): the key goes on working
    const first = await forgotPasswordToken(siri.email);
    const check = await t.request({
      method: 'POST',
      url: '/auth/set-password/check',
      headers: { origin: PUBLIC_URL },
      payload: { token: first },
    });
    // the live keys only (not the expired one), and only to whoever holds a working link
    expect(check.body).toMatchObject({ purpose: 'reset', personalApiKeys: 1 });
    const unknown = await t.request({
      method: 'POST',
      url: '/auth/set-password/check',
      headers: { origin: PUBLIC_URL },
      payload: { token: 'not-a-token' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).not.toHaveProperty('personalApiKeys');
    const kept = await t.request({
      method: 'POST',
      url: '/auth/set-password',
      headers: { origin: PUBLIC_URL, accept: 'application/json' },
      payload: { token: first, password: ALSO_STRONG, passwordRepeat: ALSO_STRONG },
    });
    expect(kept.status).toBe(200);
    expect(await withKey(backdoor.key)).toEqual({ status: 200, code: undefined });

    // the page's form, ticked; a password the rules refuse keeps the box ticked, with the count, and revokes nothing
    const second = await forgotPasswordToken(siri.email);
    const form = (fields: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/auth/set-password',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'nb' },
        payload: new URLSearchParams(fields).toString(),
      });
    const refused = await form({ token: second, password: 'kort', passwordRepeat: 'kort', revokeApiKeys: 'true' });
    expect(refused.status).toBe(400);
    const page = String(refused.body);
    expect(page).toMatch(/<div id="revoke-keys">/);
    expect(page).toMatch(/name="revokeApiKeys" value="true"[^>]* checked>/);
    expect(page).toContain('Trekk også tilbake mine personlige API-nøkler<span id="revoke-keys-count"> (1)</span>');
    expect(await withKey(backdoor.key)).toEqual({ status: 200, code: undefined });

    const done = await form({ token: second, password: THIRD, passwordRepeat: THIRD, revokeApiKeys: 'true' });
    expect(done.status).toBe(303);
    expect(await withKey(backdoor.key)).toEqual({ status: 401, code: 'auth.invalid_key' });
    expect(await withKey(bystander.key)).toEqual({ status: 200, code: undefined });
    expect(await partnerKeyWorks()).toBe(200);
    expect(await revokedAt(expired)).toBeNull();
    const changes = await auditOf('auth.password_changed', siri.userId);
    expect(changes.map((event) => event.details)).toEqual([{ via: 'reset' }, { via: 'reset', revokedApiKeys: 1 }]);
    expect(await auditOf('api_key.revoked', backdoor.id)).toHaveLength(2);
  });

  it('the operator’s new password keeps the keys unless asked; asked, it ends every one that works', async () => {
    freshWindow();
    const eva = await localPerson('eva@bygg.test');
    const backdoor = await makeKey(await session(eva.userId), 'Bakdør');
    const expired = await expiredKey(eva.userId);
    const bystander = await createTestUser(db(), { email: 'tor@bygg.test' });
    const operatorSets = (body: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/admin/users/${eva.userId}/password`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: body,
      });

    expect((await operatorSets({ password: ALSO_STRONG })).status).toBe(204);
    expect((await t.request({ method: 'GET', url: '/auth/me', headers: { cookie: eva.cookie } })).status).toBe(401);
    expect(await withKey(backdoor.key)).toEqual({ status: 200, code: undefined });
    // not a flag in other words, and nothing changes
    const text = await operatorSets({ password: THIRD, revokeApiKeys: 'yes' });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ errors: [expect.objectContaining({ path: '/revokeApiKeys' })] });
    expect(await withKey(backdoor.key)).toEqual({ status: 200, code: undefined });

    expect((await operatorSets({ password: THIRD, revokeApiKeys: true })).status).toBe(204);
    expect(await withKey(backdoor.key)).toEqual({ status: 401, code: 'auth.invalid_key' });
    expect(await withKey(bystander.key)).toEqual({ status: 200, code: undefined });
    expect(await partnerKeyWorks()).toBe(200);
    expect(await revokedAt(expired)).toBeNull();
    const sets = await auditOf('user.password_set', eva.userId);
    expect(sets.map((event) => event.details)).toEqual([{}, { revokedApiKeys: 1 }]);
    const revocations = await auditOf('api_key.revoked', backdoor.id);
    expect(revocations.map((event) => event.customer_id).sort()).toEqual([customerId, null].sort());
    expect(revocations[0]!.details).toMatchObject({ name: 'Bakdør', withNewPassword: true });
  });

  // two transactions at once: the PostgreSQL server only (PGlite runs one connection)
  it.runIf(engine === 'postgres')(
    'a key asked for by a session a new password is ending at that moment is refused, not made after the change',
    async () => {
      freshWindow();
      const nora = await localPerson('nora@bygg.test');
      const intruder = await session(nora.userId);
      const intruderSessionId = (
        await db()
          .selectFrom('user_sessions')
          .select('id')
          .where('token_hash', '=', hashSecret(intruder.slice('byggdok_session='.length)))
          .executeTakeFirstOrThrow()
      ).id;
      const mailsBefore = (await mailsTo(t, nora.email)).length;
      // a new password under way: it has updated the person's row and ends the intruder's session when it commits
      const changing = await holdLocks(
        db(),
        (trx) => trx.updateTable('users').set({ updated_at: clock.now() }).where('id', '=', nora.userId).execute(),
        (trx) =>
          trx.updateTable('user_sessions').set({ ended_at: clock.now() }).where('id', '=', intruderSessionId).execute(),
      );
      const asking = t.request({
        method: 'POST',
        url: '/auth/api-keys',
        headers: { cookie: intruder, origin: PUBLIC_URL },
        payload: { name: 'Bakdør' },
      });
      try {
        await someoneWaitsForALock(t, { racing: asking });
      } finally {
        await changing.release();
      }
      const answer = await asking;
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'auth.session_expired' });
      const keys = await db().selectFrom('user_api_keys').select('id').where('user_id', '=', nora.userId).execute();
      expect(keys).toEqual([]);
      expect(await mailsTo(t, nora.email)).toHaveLength(mailsBefore);
    },
  );
});
