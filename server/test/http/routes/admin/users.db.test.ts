import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../src/domain/shared/passwords.js';
import { createTestSession, createTestUser } from '../../../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(testEngines())('operator user routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  const userRow = (id: string) =>
    t.deps.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creates a user who may sign in, once per e-mail whatever its case, and audits it', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: admin,
      payload: { email: 'Eva@Example.test', name: 'Eva', platformAdmin: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^user_[a-z0-9]{26}$/), email: 'Eva@Example.test' });
    const row = await userRow(created.body.id);
    expect(row).toMatchObject({ status: 'invited', platform_admin: true, password_hash: null });

    const again = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: admin,
      payload: { email: 'eva@example.TEST', name: 'Eva again' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('user.already_exists');

    const found = await t.request({ method: 'GET', url: '/admin/users?email=EVA%40example.test', headers: admin });
    expect(found.body).toEqual({ users: [{ id: created.body.id, email: 'Eva@Example.test' }] });
    const none = await t.request({ method: 'GET', url: '/admin/users?email=nobody%40example.test', headers: admin });
    expect(none.body).toEqual({ users: [] });

    const audit = await t.deps.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', created.body.id)
      .execute();
    expect(audit).toMatchObject([{ action: 'user.created', actor_kind: 'operator', customer_id: null }]);
  });

  it('sets a password (hashed, audited); an unknown user is a 404', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: admin,
      payload: { email: 'nils@example.test', name: 'Nils', password: 'the first password' },
    });
    const { id } = created.body as { id: string };
    expect(await verifyPassword('the first password', (await userRow(id)).password_hash!)).toBe(true);
    const set = await t.request({
      method: 'PUT',
      url: `/admin/users/${id}/password`,
      headers: admin,
      payload: { password: 'the second password' },
    });
    expect(set.status).toBe(204);
    const hash = (await userRow(id)).password_hash!;
    expect(hash).not.toContain('second');
    expect(await verifyPassword('the second password', hash)).toBe(true);
    const unknown = await t.request({
      method: 'PUT',
      url: `/admin/users/user_${'0'.repeat(26)}/password`,
      headers: admin,
      payload: { password: 'the second password' },
    });
    expect(unknown.status).toBe(404);
    const actions = await t.deps.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', id)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['user.created', 'user.password_set']);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email', name: 'X' }, '/email'],
    ['a blank name', { email: 'x@example.test', name: '   ' }, '/name'],
    ['a short password', { email: 'x@example.test', name: 'X', password: 'short' }, '/password'],
    ['an unknown field', { email: 'x@example.test', name: 'X', role: 'ADMIN' }, '/role'],
    ['no e-mail', { name: 'X' }, '/email'],
  ])('refuses %s with 400 naming the field', async (_name, payload, path) => {
    const response = await t.request({ method: 'POST', url: '/admin/users', headers: admin, payload });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual(expect.objectContaining({ path }));
  });

  it('deactivates a person everywhere: their cookie and personal key stop at once; activating gives them back', async () => {
    const db = t.deps.database.db;
    const person = await createTestUser(db, { status: 'active' });
    const cookie = await createTestSession(db, person.userId);
    const me = (credential: { key: string } | { headers: Record<string, string> }) =>
      t.request({ method: 'GET', url: '/auth/me', ...credential });
    expect((await me({ key: person.key })).status).toBe(200);
    expect((await me({ headers: { cookie: `byggdok_session=${cookie}` } })).status).toBe(200);

    const off = await t.request({
      method: 'PUT',
      url: `/admin/users/${person.userId}/status`,
      headers: admin,
      payload: { status: 'deactivated' },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ id: person.userId, email: person.email, status: 'deactivated' });
    expect((await me({ key: person.key })).status).toBe(401);
    expect((await me({ headers: { cookie: `byggdok_session=${cookie}` } })).status).toBe(401);

    const on = await t.request({
      method: 'PUT',
      url: `/admin/users/${person.userId}/status`,
      headers: admin,
      payload: { status: 'active' },
    });
    // never signed in: back to invited; the key works again, the ended session stays ended
    expect(on.body.status).toBe('invited');
    expect((await me({ key: person.key })).status).toBe(200);
    expect((await me({ headers: { cookie: `byggdok_session=${cookie}` } })).status).toBe(401);
    const actions = await db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', person.userId)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['user.deactivated', 'user.activated']);

    const bad = await t.request({
      method: 'PUT',
      url: `/admin/users/${person.userId}/status`,
      headers: admin,
      payload: { status: 'invited' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('/status');
    const unknown = await t.request({
      method: 'PUT',
      url: '/admin/users/user_00000000000000000000000000/status',
      headers: admin,
      payload: { status: 'deactivated' },
    });
    expect(unknown.status).toBe(404);
  });

  it('a malformed user id is a 400, and the routes need the operator token', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/admin/users/user_NOT-VALID/password',
      headers: admin,
      payload: { password: 'long enough password' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ path: '/userId' }));
    const anonymous = await t.request({
      method: 'POST',
      url: '/admin/users',
      payload: { email: 'x@example.test', name: 'X' },
    });
    expect(anonymous.status).toBe(401);
  });
});
