import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/people/roles.js';
import { createSubcontractor } from '../helpers/delivery-fixtures.js';
import { createTestCustomer, createTestSession, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort } from '../helpers/service-process.js';
import { connectAssistant } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';

type Person = { userId: string; email: string; key: string };

/**
 * Changing someone's role in the whole customer in place (PUT /construction/customers/{customerId}/idp/users/{userId}/role),
 * attacked as the invitation's role rules are: nobody below OWNER, nobody above their own role, nobody (below ADMIN)
 * above their role in any project of the customer, nobody for someone who outranks them, nobody for themselves, never
 * the last ADMIN; someone of another customer is not found; only a person's own credential (a key or the session
 * cookie from the service's own page) changes a role. A refusal changes nothing and logs nothing; no change mails.
 */
describe.each(testEngines())('a customer role changed in place, on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let customerId: string;
  let otherCustomerId: string;
  let admin: Person;
  let owner: Person;
  /** OWNER in the customer, READ_ACCESS in project Lesesal */
  let lowered: Person;
  let stranger: Person;
  let projectId: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const db = t.deps.database.db;
    customerId = (await createTestCustomer(db, { name: 'Fjord Bygg AS' })).customerId;
    otherCustomerId = (await createTestCustomer(db, { name: 'Annen Kunde AS' })).customerId;
    admin = await createTestUser(db, { email: 'admin@fjordbygg.test', name: 'Anne Admin' });
    await giveCustomerRole(db, { customerId, userId: admin.userId, role: 'ADMIN' });
    owner = await person('OWNER');
    const create = async (name: string) => {
      const created = await t.request({
        method: 'POST',
        url: `/construction/customers/${customerId}/projects`,
        key: admin.key,
        payload: { name },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    projectId = await create('Kaia');
    const reading = await create('Lesesal');
    lowered = await person('OWNER');
    const set = await t.request({
      method: 'PUT',
      url: `/construction/customers/${customerId}/projects/${reading}/idp/users/${lowered.userId}/role`,
      key: admin.key,
      payload: { role: 'READ_ACCESS' },
    });
    expect(set.status).toBe(200);
    stranger = await createTestUser(db, { email: 'stranger@annenkunde.test' });
    await giveCustomerRole(db, { customerId: otherCustomerId, userId: stranger.userId, role: 'READ_ACCESS' });
  }, 60_000);
  afterAll(() => t?.close());

  /** someone of the customer (Fjord Bygg AS unless told) with this role */
  async function person(role: Role, customer = customerId): Promise<Person> {
    const user = await createTestUser(t.deps.database.db);
    await giveCustomerRole(t.deps.database.db, { customerId: customer, userId: user.userId, role });
    return user;
  }

  const roleUrl = (userId: string, customer = customerId) =>
    `/construction/customers/${customer}/idp/users/${userId}/role`;

  const change = (key: string, userId: string, role: string, customer = customerId) =>
    t.request({ method: 'PUT', url: roleUrl(userId, customer), key, payload: { role } });

  /** the role a user holds in a customer, as stored (null: not of it) */
  async function roleOf(userId: string, customer = customerId): Promise<Role | null> {
    const row = await t.deps.database.db
      .selectFrom('customer_members')
      .select('role')
      .where('customer_id', '=', customer)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  /** what a role change leaves behind: the stored role, its log entries, and every mail of the service */
  async function tracesOf(userId: string, customer = customerId) {
    const db = t.deps.database.db;
    const logged = await db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'user.role_changed')
      .where('target_id', '=', userId)
      .execute();
    const mails = await db
      .selectFrom('mail_messages')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    return { role: await roleOf(userId, customer), logged: logged.length, mails: mails?.n ?? 0 };
  }

  it('changes a role in place: answered as the list shows it, listed, logged with the role before, and mailed to nobody', async () => {
    const colleague = await person('READ_ACCESS');
    const before = await tracesOf(colleague.userId);
    const changed = await change(owner.key, colleague.userId, 'WRITE_ACCESS');
    expect(changed.status).toBe(200);
    const listed = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/idp/users`,
      key: owner.key,
    });
    expect(listed.status).toBe(200);
    const inList = listed.body.users.find((user: { id: string }) => user.id === colleague.userId);
    expect(inList).toMatchObject({ role: 'WRITE_ACCESS' });
    expect(changed.body).toEqual(inList);
    expect(await tracesOf(colleague.userId)).toEqual({ ...before, role: 'WRITE_ACCESS', logged: 1 });
    // the customer's log says who changed whose role, from what to what
    const audit = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/audit?action=user.role_changed`,
      key: admin.key,
    });
    expect(audit.status).toBe(200);
    const event = audit.body.events.find((e: { target: { id: string } | null }) => e.target?.id === colleague.userId);
    expect(event).toMatchObject({
      action: 'user.role_changed',
      actor: { kind: 'user', label: owner.email },
      target: { type: 'user', id: colleague.userId },
      details: { email: colleague.email, role: 'WRITE_ACCESS', previousRole: 'READ_ACCESS' },
    });
    expect(event.details).not.toHaveProperty('projectId');
    // an ADMIN makes someone ADMIN, and lowers an OWNER
    const promoted = await person('OWNER');
    expect((await change(admin.key, promoted.userId, 'ADMIN')).body.role).toBe('ADMIN');
    const demoted = await person('OWNER');
    expect((await change(admin.key, demoted.userId, 'READ_ACCESS')).body.role).toBe('READ_ACCESS');
    expect(await roleOf(promoted.userId)).toBe('ADMIN');
    expect(await roleOf(demoted.userId)).toBe('READ_ACCESS');
    expect((await tracesOf(demoted.userId)).mails).toBe(before.mails);
  });

  it('does not find someone of another customer, nor reach another customer, whatever the ids', async () => {
    const before = await tracesOf(stranger.userId, otherCustomerId);
    // their user id under this customer: not one of its people
    const theirUser = await change(admin.key, stranger.userId, 'ADMIN');
    expect(theirUser.status).toBe(404);
    expect(theirUser.body.code).toBe('user.not_found');
    // the other customer's id: not there for this ADMIN
    const theirCustomer = await change(admin.key, stranger.userId, 'ADMIN', otherCustomerId);
    expect(theirCustomer.status).toBe(404);
    expect(theirCustomer.body.code).toBe('customer.not_found');
    // one of this customer's people under the other customer's id: the same answer, nothing told
    const colleague = await person('READ_ACCESS');
    const mixed = await change(admin.key, colleague.userId, 'WRITE_ACCESS', otherCustomerId);
    expect({ status: mixed.status, code: mixed.body.code }).toEqual({ status: 404, code: 'customer.not_found' });
    // an id nobody has
    const nobody = await change(admin.key, 'user_0123456789abcdefghijklmnop', 'READ_ACCESS');
    expect({ status: nobody.status, code: nobody.body.code }).toEqual({ status: 404, code: 'user.not_found' });
    expect(await tracesOf(stranger.userId, otherCustomerId)).toEqual(before);
    expect(await roleOf(colleague.userId)).toBe('READ_ACCESS');
  });

  it('refuses a reader and a writer (403), and does not show the customer to someone without a role in it', async () => {
    const target = await person('NO_ACCESS');
    for (const role of ['READ_ACCESS', 'WRITE_ACCESS'] as const) {
      const caller = await person(role);
      const refused = await change(caller.key, target.userId, 'READ_ACCESS');
      expect({ role, status: refused.status, code: refused.body.code }).toEqual({
        role,
        status: 403,
        code: 'auth.role_required',
      });
    }
    const outsider = await person('NO_ACCESS');
    const hidden = await change(outsider.key, target.userId, 'READ_ACCESS');
    expect({ status: hidden.status, code: hidden.body.code }).toEqual({ status: 404, code: 'customer.not_found' });
    expect(await tracesOf(target.userId)).toMatchObject({ role: 'NO_ACCESS', logged: 0 });
  });

  it('refuses an OWNER making someone ADMIN, and changing the role of an ADMIN (above their own)', async () => {
    const colleague = await person('WRITE_ACCESS');
    const raised = await change(owner.key, colleague.userId, 'ADMIN');
    expect({ status: raised.status, code: raised.body.code }).toEqual({ status: 403, code: 'role.above_own' });
    const otherAdmin = await person('ADMIN');
    for (const role of ['OWNER', 'READ_ACCESS', 'NO_ACCESS'] as const) {
      const lowered = await change(owner.key, otherAdmin.userId, role);
      expect({ role, status: lowered.status, code: lowered.body.code }).toEqual({
        role,
        status: 403,
        code: 'role.above_own',
      });
    }
    expect(await tracesOf(colleague.userId)).toMatchObject({ role: 'WRITE_ACCESS', logged: 0 });
    expect(await tracesOf(otherAdmin.userId)).toMatchObject({ role: 'ADMIN', logged: 0 });
  });

  it('bounds an OWNER lowered in a project (READ_ACCESS there) by that role: no customer role above it, nobody above it changed', async () => {
    const reader = await person('READ_ACCESS');
    for (const role of ['WRITE_ACCESS', 'OWNER'] as const) {
      const refused = await change(lowered.key, reader.userId, role);
      expect({ role, status: refused.status, code: refused.body.code }).toEqual({
        role,
        status: 403,
        code: 'role.above_own',
      });
      expect(refused.body.detail).toContain('above your role in project Lesesal (READ_ACCESS)');
    }
    // a writer outranks them in that project: not even lowered
    const writer = await person('WRITE_ACCESS');
    const down = await change(lowered.key, writer.userId, 'READ_ACCESS');
    expect({ status: down.status, code: down.body.code }).toEqual({ status: 403, code: 'role.above_own' });
    expect(await tracesOf(reader.userId)).toMatchObject({ role: 'READ_ACCESS', logged: 0 });
    expect(await tracesOf(writer.userId)).toMatchObject({ role: 'WRITE_ACCESS', logged: 0 });
    // up to that role it is theirs to give
    const shutOut = await change(lowered.key, reader.userId, 'NO_ACCESS');
    expect(shutOut.status).toBe(200);
    expect(await tracesOf(reader.userId)).toMatchObject({ role: 'NO_ACCESS', logged: 1 });
  });

  it('refuses changing one’s own role, to anything, whatever one’s role (403 role.own)', async () => {
    const secondAdmin = await person('ADMIN');
    const platform = await createTestUser(t.deps.database.db, { platformAdmin: true });
    await giveCustomerRole(t.deps.database.db, { customerId, userId: platform.userId, role: 'READ_ACCESS' });
    const cases: [Person, Role, Role][] = [
      [owner, 'OWNER', 'READ_ACCESS'],
      [owner, 'OWNER', 'OWNER'],
      [lowered, 'OWNER', 'NO_ACCESS'],
      [secondAdmin, 'ADMIN', 'OWNER'],
      // a platform administrator acts as ADMIN: raising their own customer role is refused all the same
      [platform, 'READ_ACCESS', 'ADMIN'],
    ];
    for (const [caller, held, role] of cases) {
      const before = await tracesOf(caller.userId);
      expect(before.role).toBe(held);
      const refused = await change(caller.key, caller.userId, role);
      expect({ role, status: refused.status, code: refused.body.code }).toEqual({
        role,
        status: 403,
        code: 'role.own',
      });
      expect(await tracesOf(caller.userId)).toEqual(before);
    }
  });

  it('keeps the last ADMIN of a customer, even against a platform administrator (409)', async () => {
    const db = t.deps.database.db;
    const { customerId: small } = await createTestCustomer(db, { name: 'Enkeltmannsforetak' });
    const sole = await person('ADMIN', small);
    const platform = await createTestUser(db, { platformAdmin: true });
    const last = await change(platform.key, sole.userId, 'OWNER', small);
    expect({ status: last.status, code: last.body.code }).toEqual({ status: 409, code: 'customer.last_admin' });
    expect(await tracesOf(sole.userId, small)).toMatchObject({ role: 'ADMIN', logged: 0 });
    // with a second ADMIN the first may be lowered
    await person('ADMIN', small);
    expect((await change(platform.key, sole.userId, 'OWNER', small)).status).toBe(200);
    expect(await roleOf(sole.userId, small)).toBe('OWNER');
  });

  it("refuses a partner's key and session token, a portal token and an assistant's token: a person's own credential only", async () => {
    const target = await person('READ_ACCESS');
    const seed = await t.seed();
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: {},
    });
    expect(session.status).toBe(200);
    const { token: portalToken } = await createSubcontractor(t, {
      customerId,
      projectId,
      key: admin.key,
      companyName: 'Rør og Varme AS',
    });
    // a person with a password, ADMIN of the customer, who allowed an assistant
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { email: 'kari@fjordbygg.test', name: 'Kari', password: PASSWORD },
    });
    expect(created.status).toBe(201);
    await giveCustomerRole(t.deps.database.db, { customerId, userId: created.body.id, role: 'ADMIN' });
    const { accessToken } = await connectAssistant({ base, email: 'kari@fjordbygg.test', password: PASSWORD });

    const refusals: [string, Record<string, string>, string][] = [
      ['partner key', { 'x-api-key': seed.key }, 'auth.user_required'],
      ['partner key as bearer', { authorization: `Bearer ${seed.key}` }, 'auth.user_required'],
      ['partner session token', { authorization: `Bearer ${session.body.token}` }, 'auth.user_required'],
      ['portal token', { authorization: `Bearer ${portalToken}` }, 'auth.credential_not_accepted'],
      ['assistant token', { authorization: `Bearer ${accessToken}` }, 'auth.credential_not_accepted'],
    ];
    for (const [label, headers, code] of refusals) {
      const refused = await fetch(`${base}${roleUrl(target.userId)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ role: 'ADMIN' }),
      });
      const body = (await refused.json()) as { code: string };
      expect({ label, status: refused.status, code: body.code }).toEqual({ label, status: 401, code });
    }
    expect(await tracesOf(target.userId)).toMatchObject({ role: 'READ_ACCESS', logged: 0 });
  });

  it('checks a write by the session cookie for its origin: from another site refused, from the service’s page done', async () => {
    const target = await person('READ_ACCESS');
    const cookie = `byggdok_session=${await createTestSession(t.deps.database.db, admin.userId)}`;
    const put = (headers: Record<string, string>) =>
      t.request({
        method: 'PUT',
        url: roleUrl(target.userId),
        headers: { cookie, ...headers },
        payload: { role: 'OWNER' },
      });
    for (const origin of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}] as Record<string, string>[]) {
      const refused = await put(origin);
      expect({ origin, status: refused.status, code: refused.body.code }).toEqual({
        origin,
        status: 403,
        code: 'auth.cross_site_request',
      });
    }
    expect(await roleOf(target.userId)).toBe('READ_ACCESS');
    const done = await put({ origin: base });
    expect(done.status).toBe(200);
    expect(await roleOf(target.userId)).toBe('OWNER');
  });

  it('names the field of a malformed user id, customer id, role or body (400)', async () => {
    const target = await person('READ_ACCESS');
    const cases: [string, string, unknown, string][] = [
      ['user id', roleUrl('user_123'), { role: 'OWNER' }, '/userId'],
      ['user id of another shape', roleUrl('3f1c2d4e-0000-4000-8000-000000000000'), { role: 'OWNER' }, '/userId'],
      ['customer id', roleUrl(target.userId, 'fjord-bygg'), { role: 'OWNER' }, '/customerId'],
      ['role', roleUrl(target.userId), { role: 'SUPERUSER' }, '/role'],
      ['role in lower case', roleUrl(target.userId), { role: 'owner' }, '/role'],
      ['no role', roleUrl(target.userId), {}, '/role'],
    ];
    for (const [label, url, payload, path] of cases) {
      const refused = await t.request({ method: 'PUT', url, key: admin.key, payload: payload as object });
      expect({ label, status: refused.status }).toEqual({ label, status: 400 });
      expect(
        refused.body.errors.map((e: { path: string }) => e.path),
        label,
      ).toContain(path);
    }
    // a field the route does not take is refused, not ignored
    const extra = await t.request({
      method: 'PUT',
      url: roleUrl(target.userId),
      key: admin.key,
      payload: { role: 'OWNER', projectId },
    });
    expect(extra.status).toBe(400);
    // a body of JSON null is not the object the route declares: a 400, never a 500
    const nothing = await t.app.inject({
      method: 'PUT',
      url: roleUrl(target.userId),
      headers: { 'x-api-key': admin.key, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await tracesOf(target.userId)).toMatchObject({ role: 'READ_ACCESS', logged: 0 });
  });
});
