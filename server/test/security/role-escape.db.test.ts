import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/people/roles.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Escaping a project role through the customer role: a customer role reaches every project where the person has no
 * role of their own, so an OWNER shut out of a project (NO_ACCESS there) or only reading it (READ_ACCESS) who gives a
 * second address of theirs the customer's OWNER role would be OWNER in that project again. A customer-wide role is
 * bounded by the giver's role in every project of the customer: refused with 403 `role.above_own` before anyone is
 * created, mailed or logged. An ADMIN, and an OWNER no project lowers, give what they gave before.
 */
describe.each(testEngines())('a project role escaped through a customer-wide invitation, on %s', (engine) => {
  let t: TestApp;
  let customerId: string;
  let admin: { userId: string; key: string; email: string };
  /** OWNER in the customer, OWNER in `open` (no override there) */
  let projects: { open: string; hidden: string; reading: string; archived: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    customerId = (await createTestCustomer(db, { name: 'Rømning AS' })).customerId;
    admin = await createTestUser(db, { email: 'admin@romning.test' });
    await giveCustomerRole(db, { customerId, userId: admin.userId, role: 'ADMIN' });
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
    projects = {
      open: await create('Åpent prosjekt'),
      hidden: await create('Skjult prosjekt'),
      reading: await create('Lest prosjekt'),
      archived: await create('Arkivert prosjekt'),
    };
    await db.updateTable('projects').set({ status: 'ARCHIVED' }).where('id', '=', projects.archived).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const users = () => `/construction/customers/${customerId}/idp/users`;

  /** someone of the customer, with their own role in some of its projects (set by the ADMIN, as a person would) */
  async function person(customerRole: Role, projectRoles: Record<string, Role> = {}, platformAdmin = false) {
    const db = t.deps.database.db;
    const user = await createTestUser(db, { platformAdmin });
    if (!platformAdmin) await giveCustomerRole(db, { customerId, userId: user.userId, role: customerRole });
    for (const [projectId, role] of Object.entries(projectRoles)) {
      const set = await t.request({
        method: 'PUT',
        url: `/construction/customers/${customerId}/projects/${projectId}/idp/users/${user.userId}/role`,
        key: admin.key,
        payload: { role },
      });
      expect(set.status).toBe(200);
    }
    return user;
  }

  const invite = (key: string, payload: { email: string; role: Role; projectId?: string }) =>
    t.request({ method: 'POST', url: users(), key, payload });

  /** what an invitation leaves behind for an address: the user, their roles, the mail, the log */
  async function tracesOf(email: string) {
    const db = t.deps.database.db;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', email.toLowerCase())
      .executeTakeFirst();
    const customerRole = user
      ? ((
          await db
            .selectFrom('customer_members')
            .select('role')
            .where('customer_id', '=', customerId)
            .where('user_id', '=', user.id)
            .executeTakeFirst()
        )?.role ?? null)
      : null;
    const mails = await db
      .selectFrom('mail_messages')
      .select('id')
      .where(sql<boolean>`${email} = any(to_addresses)`)
      .execute();
    const logged = await db
      .selectFrom('audit_events')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('action', '=', 'user.invited')
      .where(sql<boolean>`details->>'email' = ${email}`)
      .execute();
    return { user: user?.id ?? null, customerRole, mails: mails.length, logged: logged.length };
  }

  const NOTHING = { user: null, customerRole: null, mails: 0, logged: 0 };

  it('refuses an OWNER shut out of a project (NO_ACCESS) a second address as the customer OWNER, or any role reaching it', async () => {
    const shutOut = await person('OWNER', { [projects.hidden]: 'NO_ACCESS' });
    for (const role of ['OWNER', 'WRITE_ACCESS', 'READ_ACCESS'] as const) {
      const email = `second.${role.toLowerCase()}.${shutOut.userId}@example.test`;
      const refused = await invite(shutOut.key, { email, role });
      expect({ role, status: refused.status, code: refused.body.code }).toEqual({
        role,
        status: 403,
        code: 'role.above_own',
      });
      expect(refused.body.detail).toContain('above your role in one of its projects (NO_ACCESS)');
      // a project that hides them is not named
      expect(refused.body.detail).not.toContain('Skjult');
      expect(await tracesOf(email)).toEqual(NOTHING);
    }
    // the project stays out of their reach
    const inHidden = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects/${projects.hidden}`,
      key: shutOut.key,
    });
    expect(inHidden.status).toBe(404);
  });

  it('refuses an OWNER who only reads a project (READ_ACCESS) a customer OWNER or writer, and names the project', async () => {
    const reading = await person('OWNER', { [projects.reading]: 'READ_ACCESS' });
    for (const role of ['OWNER', 'WRITE_ACCESS'] as const) {
      const email = `second.${role.toLowerCase()}.${reading.userId}@example.test`;
      const refused = await invite(reading.key, { email, role });
      expect({ role, status: refused.status, code: refused.body.code }).toEqual({
        role,
        status: 403,
        code: 'role.above_own',
      });
      expect(refused.body.detail).toContain('above your role in project Lest prosjekt (READ_ACCESS)');
      expect(await tracesOf(email)).toEqual(NOTHING);
    }
  });

  it('bounds the customer role by a project that is archived, too (an OWNER there may make it active again)', async () => {
    const shutOut = await person('OWNER', { [projects.archived]: 'NO_ACCESS' });
    const email = `second.archived.${shutOut.userId}@example.test`;
    const refused = await invite(shutOut.key, { email, role: 'OWNER' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('role.above_own');
    expect(await tracesOf(email)).toEqual(NOTHING);
  });

  it('refuses raising, or changing, a colleague’s customer role above the lowered OWNER’s rank in any project', async () => {
    const reading = await person('OWNER', { [projects.reading]: 'READ_ACCESS' });
    const colleague = await person('READ_ACCESS');
    const writer = await person('WRITE_ACCESS');
    const before = { colleague: await tracesOf(colleague.email), writer: await tracesOf(writer.email) };
    // re-inviting someone of the customer with a higher role
    const raised = await invite(reading.key, { email: colleague.email, role: 'OWNER' });
    expect(raised.status).toBe(403);
    expect(raised.body.code).toBe('role.above_own');
    // someone who, in that project, outranks them: not even lowered
    const lowered = await invite(reading.key, { email: writer.email, role: 'READ_ACCESS' });
    expect(lowered.status).toBe(403);
    expect(lowered.body.code).toBe('role.above_own');
    expect({ colleague: await tracesOf(colleague.email), writer: await tracesOf(writer.email) }).toEqual(before);
    expect(before.colleague.customerRole).toBe('READ_ACCESS');
    expect(before.writer.customerRole).toBe('WRITE_ACCESS');
  });

  it('lets a lowered OWNER invite up to their lowest project role, not a step above it, and as OWNER into projects they own', async () => {
    const shutOut = await person('OWNER', { [projects.hidden]: 'NO_ACCESS' });
    const reading = await person('OWNER', { [projects.reading]: 'READ_ACCESS' });
    const allowed: [typeof shutOut, Role][] = [
      [shutOut, 'NO_ACCESS'],
      [reading, 'NO_ACCESS'],
      [reading, 'READ_ACCESS'],
    ];
    for (const [caller, role] of allowed) {
      const email = `low.${role.toLowerCase()}.${caller.userId}@example.test`;
      const invited = await invite(caller.key, { email, role });
      expect({ role, status: invited.status }).toEqual({ role, status: 201 });
      expect(await tracesOf(email)).toMatchObject({ customerRole: role, mails: 1, logged: 1 });
    }
    const oneAbove: [typeof shutOut, Role][] = [
      [shutOut, 'READ_ACCESS'],
      [reading, 'WRITE_ACCESS'],
    ];
    for (const [caller, role] of oneAbove) {
      const email = `above.${role.toLowerCase()}.${caller.userId}@example.test`;
      const refused = await invite(caller.key, { email, role });
      expect({ role, status: refused.status, code: refused.body.code }).toEqual({
        role,
        status: 403,
        code: 'role.above_own',
      });
      expect(await tracesOf(email)).toEqual(NOTHING);
    }
    // into a project where they are OWNER (the customer role, no override there): as OWNER, as before
    for (const caller of [shutOut, reading]) {
      const email = `site.${caller.userId}@example.test`;
      const invited = await invite(caller.key, { email, role: 'OWNER', projectId: projects.open });
      expect(invited.status).toBe(201);
      expect(await tracesOf(email)).toMatchObject({ customerRole: 'NO_ACCESS', mails: 1, logged: 1 });
      const projectRole = await t.deps.database.db
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', projects.open)
        .where('user_id', '=', invited.body.id)
        .executeTakeFirst();
      expect(projectRole?.role).toBe('OWNER');
    }
  });

  it('bounds only an OWNER a project lowers: one no project lowers, an ADMIN shut out of a project and a platform administrator invite a customer OWNER', async () => {
    const owner = await person('OWNER');
    // an OWNER's role raised in a project does not lower anything
    const raised = await person('OWNER', { [projects.open]: 'ADMIN' });
    const shutOutAdmin = await person('ADMIN', { [projects.hidden]: 'NO_ACCESS', [projects.reading]: 'READ_ACCESS' });
    const platformAdmin = await person('NO_ACCESS', {}, true);
    for (const [label, caller] of [
      ['owner', owner],
      ['raised', raised],
      ['admin', shutOutAdmin],
      ['platform', platformAdmin],
    ] as const) {
      const email = `new.owner.${label}.${caller.userId}@example.test`;
      const invited = await invite(caller.key, { email, role: 'OWNER' });
      expect({ label, status: invited.status }).toEqual({ label, status: 201 });
      expect(await tracesOf(email)).toMatchObject({ customerRole: 'OWNER', mails: 1, logged: 1 });
    }
    // an ADMIN shut out of a project still gives ADMIN, and changes whom they outrank
    const colleague = await person('WRITE_ACCESS');
    const promoted = await invite(shutOutAdmin.key, { email: colleague.email, role: 'ADMIN' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ADMIN');
    // while the lowered OWNER of the same customer is refused the same invitation
    const lowered = await person('OWNER', { [projects.hidden]: 'NO_ACCESS' });
    const email = `new.owner.lowered.${lowered.userId}@example.test`;
    const refused = await invite(lowered.key, { email, role: 'OWNER' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('role.above_own');
    expect(await tracesOf(email)).toEqual(NOTHING);
  });
});
