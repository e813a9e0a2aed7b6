import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LOCALES } from '../../../../src/domain/mail/mailer.js';
import { ROLES, type Role } from '../../../../src/domain/people/roles.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../../../helpers/people-fixtures.js';
import { smtpMailSettings, startTestSmtpServer, type TestSmtpServer } from '../../../helpers/smtp-server.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

/** what each locale's invitation subject says, in its own language */
const SUBJECT_WORD: Record<(typeof MAIL_LOCALES)[number], RegExp> = {
  en: /invited/,
  no: /invitert/,
  sv: /inbjuden/,
  da: /inviteret/,
  fi: /kutsuttu/,
  fr: /invité/,
};

/** WRITE_ACCESS in each language's words */
const ROLE_WORD: Record<(typeof MAIL_LOCALES)[number], string> = {
  en: 'Write access',
  no: 'Skrivetilgang',
  sv: 'Skrivbehörighet',
  da: 'Skriveadgang',
  fi: 'Kirjoitusoikeus',
  fr: 'Accès en écriture',
};

describe.each(testEngines())('people of a customer: invitations, roles, mail, on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let customerId: string;
  let admin: { userId: string; key: string; email: string };
  let owner: { userId: string; key: string; email: string };
  let reader: { userId: string; key: string; email: string };
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { mail: smtpMailSettings(smtp) },
    });
    const db = t.deps.database.db;
    customerId = (await createTestCustomer(db, { name: 'Bygg & <Betong> AS' })).customerId;
    admin = await createTestUser(db, { email: 'admin@bygg.test', name: 'Anne Admin' });
    owner = await createTestUser(db, { email: 'owner@bygg.test' });
    reader = await createTestUser(db, { email: 'reader@bygg.test' });
    await giveCustomerRole(db, { customerId, userId: admin.userId, role: 'ADMIN' });
    await giveCustomerRole(db, { customerId, userId: owner.userId, role: 'OWNER' });
    await giveCustomerRole(db, { customerId, userId: reader.userId, role: 'READ_ACCESS' });
    const create = async (name: string) =>
      (
        await t.request({
          method: 'POST',
          url: `/construction/customers/${customerId}/projects`,
          key: admin.key,
          payload: { name },
        })
      ).body.id as string;
    projectA = await create('Prosjekt A');
    projectB = await create('Prosjekt B');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const users = () => `/construction/customers/${customerId}/idp/users`;

  it('sends the invitation in each of the six languages, with a link to choose a password in both parts', async () => {
    for (const locale of MAIL_LOCALES) {
      const invited = await t.request({
        method: 'POST',
        url: users(),
        key: owner.key,
        payload: { email: `new.${locale}@example.test`, role: 'WRITE_ACCESS', locale, origin: 'construction' },
      });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({
        email: `new.${locale}@example.test`,
        role: 'WRITE_ACCESS',
        status: 'invited',
      });
      expect(invited.body.id).toMatch(/^user_[a-z0-9]{26}$/);
    }
    for (const locale of MAIL_LOCALES) {
      const mail = await smtp.waitForMail(`new.${locale}@example.test`);
      expect(mail.subject).toMatch(SUBJECT_WORD[locale]);
      expect(mail.subject).toContain('Bygg & <Betong> AS');
      expect(mail.from?.text).toContain('no-reply@byggdok.test');
      // a newcomer on the embedded sign-in has no password yet: a one-time link to choose one, in both parts
      const link = /http:\/\/byggdok\.test\/auth\/set-password#token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
      expect(link).toBeDefined();
      expect(mail.html).toContain(link);
      // who invited, with which role
      expect(mail.text).toContain(ROLE_WORD[locale]);
      // the customer's name is text in the HTML part, never markup
      expect(mail.html).toContain('Bygg &amp; &lt;Betong&gt; AS');
      expect(mail.html).not.toContain('<Betong>');
      expect(mail.text).toContain('owner@bygg.test');
    }
  });

  it('tells someone who already has a password to sign in with it, with the forgot-password page', async () => {
    await t.deps.services.users.createUser({
      email: 'has.password@example.test',
      name: 'Has Password',
      password: 'fjordhest-i-fjellet-42',
      actor: { kind: 'system' },
    });
    await t.request({
      method: 'POST',
      url: users(),
      key: owner.key,
      payload: { email: 'has.password@example.test', role: 'READ_ACCESS', locale: 'en' },
    });
    const mail = await smtp.waitForMail('has.password@example.test');
    expect(mail.text).toContain('Sign in with your e-mail address and the password you already have.');
    expect(mail.text).toContain('Sign in: http://byggdok.test/auth/login?email=has.password%40example.test');
    expect(mail.text).toContain('http://byggdok.test/auth/forgot-password?email=has.password%40example.test');
    expect(mail.text).not.toContain('set-password');
  });

  it('speaks of the owner’s documentation platform when the origin says so', async () => {
    await t.request({
      method: 'POST',
      url: users(),
      key: owner.key,
      payload: { email: 'fdv@example.test', role: 'READ_ACCESS', locale: 'no', origin: 'document-platform' },
    });
    const mail = await smtp.waitForMail('fdv@example.test');
    expect(mail.subject).toContain('byggdok Dokumentasjon');
    expect(mail.text).toContain('FDV');
  });

  it('invites an e-mail twice as one user: the role changes, the mail goes again (200)', async () => {
    const first = await t.request({
      method: 'POST',
      url: users(),
      key: owner.key,
      payload: { email: 'twice@example.test', role: 'READ_ACCESS' },
    });
    expect(first.status).toBe(201);
    const second = await t.request({
      method: 'POST',
      url: users(),
      key: owner.key,
      payload: { email: 'TWICE@Example.test', role: 'WRITE_ACCESS', locale: 'sv' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, role: 'WRITE_ACCESS' });
    // the second mail, in the language the second invitation asked for
    await smtp.waitForMail('twice@example.test', /inbjuden/);
    const rows = await t.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'twice@example.test')
      .execute();
    expect(rows).toHaveLength(1);

    const listed = await t.request({ method: 'GET', url: users(), key: owner.key });
    expect(listed.status).toBe(200);
    expect(listed.body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first.body.id, role: 'WRITE_ACCESS', status: 'invited', lastSignInAt: null }),
        expect.objectContaining({ id: admin.userId, role: 'ADMIN', status: 'active' }),
      ]),
    );
    const audit = await t.deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_label', 'customer_id'])
      .where('target_id', '=', first.body.id)
      .execute();
    expect(audit).toEqual([
      { action: 'user.invited', actor_label: 'owner@bygg.test', customer_id: customerId },
      { action: 'user.invited', actor_label: 'owner@bygg.test', customer_id: customerId },
    ]);
  });

  it('lets nobody give a role above their own, READ_ACCESS invite nobody, and strangers see nothing', async () => {
    const aboveOwn = await t.request({
      method: 'POST',
      url: users(),
      key: owner.key,
      payload: { email: 'boss@example.test', role: 'ADMIN' },
    });
    expect(aboveOwn.status).toBe(403);
    expect(aboveOwn.body.code).toBe('role.above_own');
    // an OWNER cannot demote the ADMIN either
    const demote = await t.request({
      method: 'POST',
      url: users(),
      key: owner.key,
      payload: { email: admin.email, role: 'READ_ACCESS' },
    });
    expect(demote.status).toBe(403);
    const byReader = await t.request({
      method: 'POST',
      url: users(),
      key: reader.key,
      payload: { email: 'x@example.test', role: 'READ_ACCESS' },
    });
    expect(byReader.status).toBe(403);
    expect((await t.request({ method: 'GET', url: users(), key: reader.key })).status).toBe(403);
    const stranger = await createTestUser(t.deps.database.db);
    const hidden = await t.request({
      method: 'POST',
      url: users(),
      key: stranger.key,
      payload: { email: 'x@example.test', role: 'READ_ACCESS' },
    });
    expect(hidden.status).toBe(404);
  });

  it('keeps the last ADMIN of a customer', async () => {
    const lone = await t.request({
      method: 'POST',
      url: users(),
      key: admin.key,
      payload: { email: admin.email, role: 'OWNER' },
    });
    expect(lone.status).toBe(409);
    expect(lone.body.code).toBe('customer.last_admin');
    // with a second ADMIN the first may step down
    await t.request({
      method: 'POST',
      url: users(),
      key: admin.key,
      payload: { email: 'admin2@bygg.test', role: 'ADMIN' },
    });
    const stepDown = await t.request({
      method: 'POST',
      url: users(),
      key: admin.key,
      payload: { email: 'admin2@bygg.test', role: 'OWNER' },
    });
    expect(stepDown.status).toBe(200);
  });

  it('sets a project role that overrides the customer role, within the setter’s own role', async () => {
    const role = (projectId: string, userId: string) =>
      `/construction/customers/${customerId}/projects/${projectId}/idp/users/${userId}/role`;
    const raised = await t.request({
      method: 'PUT',
      url: role(projectA, reader.userId),
      key: owner.key,
      payload: { role: 'WRITE_ACCESS' },
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toEqual({ userId: reader.userId, projectId: projectA, role: 'WRITE_ACCESS' });
    const project = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects/${projectA}`,
      key: reader.key,
    });
    expect(project.body.role).toBe('WRITE_ACCESS');

    const tooHigh = await t.request({
      method: 'PUT',
      url: role(projectA, reader.userId),
      key: owner.key,
      payload: { role: 'ADMIN' },
    });
    expect(tooHigh.status).toBe(403);

    const hide = await t.request({
      method: 'PUT',
      url: role(projectB, reader.userId),
      key: owner.key,
      payload: { role: 'NO_ACCESS' },
    });
    expect(hide.status).toBe(200);
    const hidden = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects/${projectB}`,
      key: reader.key,
    });
    expect(hidden.status).toBe(404);
    const listed = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects`,
      key: reader.key,
    });
    expect(listed.body.projects.map((p: { id: string }) => p.id)).not.toContain(projectB);

    // each project's people: the role they act with there, and whether it is the project's own or the customer's
    const people = async (projectId: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/construction/customers/${customerId}/projects/${projectId}/idp/users`,
        key: owner.key,
      });
      expect(response.status).toBe(200);
      return new Map(
        (response.body.users as { id: string; role: string; customerRole: string; projectRole: string | null }[]).map(
          (user) => [user.id, user],
        ),
      );
    };
    expect((await people(projectA)).get(reader.userId)).toMatchObject({
      role: 'WRITE_ACCESS',
      customerRole: 'READ_ACCESS',
      projectRole: 'WRITE_ACCESS',
    });
    expect((await people(projectB)).get(reader.userId)).toMatchObject({ role: 'NO_ACCESS', projectRole: 'NO_ACCESS' });
    expect((await people(projectB)).get(owner.userId)).toMatchObject({ role: 'OWNER', projectRole: null });
    // a reader does not manage the project's people
    const refused = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects/${projectA}/idp/users`,
      key: reader.key,
    });
    expect(refused.status).toBe(403);
  });

  it('sets roles across projects all or nothing (ADMIN only)', async () => {
    const person = await createTestUser(t.deps.database.db);
    await giveCustomerRole(t.deps.database.db, { customerId, userId: person.userId, role: 'READ_ACCESS' });
    const url = `/construction/customers/${customerId}/idp/users/${person.userId}/projects/roles`;
    const other = (await createTestCustomer(t.deps.database.db)).customerId;
    const foreign = crypto.randomUUID();
    await t.deps.database.db
      .insertInto('projects')
      .values({ id: foreign, customer_id: other, name: 'Fremmed' })
      .execute();

    const refused = await t.request({
      method: 'PUT',
      url,
      key: admin.key,
      payload: {
        roles: [
          { projectId: projectA, role: 'OWNER' },
          { projectId: foreign, role: 'OWNER' },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('/roles/1/projectId');
    const untouched = await t.deps.database.db
      .selectFrom('project_members')
      .selectAll()
      .where('user_id', '=', person.userId)
      .execute();
    expect(untouched).toEqual([]);

    const byOwner = await t.request({
      method: 'PUT',
      url,
      key: owner.key,
      payload: { roles: [{ projectId: projectA, role: 'WRITE_ACCESS' }] },
    });
    expect(byOwner.status).toBe(403);

    const set = await t.request({
      method: 'PUT',
      url,
      key: admin.key,
      payload: {
        roles: [
          { projectId: projectA, role: 'OWNER' },
          { projectId: projectB, role: 'NO_ACCESS' },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      userId: person.userId,
      roles: [
        { projectId: projectA, role: 'OWNER' },
        { projectId: projectB, role: 'NO_ACCESS' },
      ],
    });
    const me = await t.request({ method: 'GET', url: '/auth/me', key: person.key });
    expect(me.body.projects).toEqual([expect.objectContaining({ id: projectA, role: 'OWNER' })]);
  });

  it.each([
    ['/email', { email: 'not-an-email', role: 'READ_ACCESS' }],
    ['/email', { role: 'READ_ACCESS' }],
    ['/role', { email: 'a@example.test', role: 'SUPERUSER' }],
    ['/role', { email: 'a@example.test' }],
    ['/locale', { email: 'a@example.test', role: 'READ_ACCESS', locale: 'de' }],
    ['/origin', { email: 'a@example.test', role: 'READ_ACCESS', origin: 'marketing' }],
    ['/name', { email: 'a@example.test', role: 'READ_ACCESS', name: 'Ola' }],
    ['/email', { email: `${'a'.repeat(320)}@example.test`, role: 'READ_ACCESS' }],
  ])('rejects an invitation naming %s', async (path, payload) => {
    const response = await t.request({ method: 'POST', url: users(), key: owner.key, payload });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('takes someone out of the customer with their project roles (ADMIN), never the last ADMIN nor a higher rank', async () => {
    const db = t.deps.database.db;
    const leaving = await createTestUser(db, { email: 'leaving@bygg.test' });
    await giveCustomerRole(db, { customerId, userId: leaving.userId, role: 'WRITE_ACCESS' });
    const projectRole = await t.request({
      method: 'PUT',
      url: `/construction/customers/${customerId}/projects/${projectA}/idp/users/${leaving.userId}/role`,
      key: admin.key,
      payload: { role: 'OWNER' },
    });
    expect(projectRole.status).toBe(200);
    const member = (userId: string) => `${users()}/${userId}`;

    // an OWNER does not manage people customer-wide
    expect((await t.request({ method: 'DELETE', url: member(leaving.userId), key: owner.key })).status).toBe(403);
    const removed = await t.request({ method: 'DELETE', url: member(leaving.userId), key: admin.key });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    // gone from the list, from the customer and from the project its project role opened
    const listed = await t.request({ method: 'GET', url: users(), key: admin.key });
    expect(listed.body.users.map((u: { id: string }) => u.id)).not.toContain(leaving.userId);
    for (const url of [
      `/construction/customers/${customerId}`,
      `/construction/customers/${customerId}/projects/${projectA}`,
    ]) {
      expect((await t.request({ method: 'GET', url, key: leaving.key })).status).toBe(404);
    }
    expect((await t.request({ method: 'DELETE', url: member(leaving.userId), key: admin.key })).status).toBe(404);
    const audit = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/audit?action=user.removed`,
      key: admin.key,
    });
    expect(audit.body.events[0]).toMatchObject({ action: 'user.removed', target: { id: leaving.userId } });

    // the last ADMIN stays, even for a platform administrator; an ADMIN removes another ADMIN
    const { customerId: small } = await createTestCustomer(db, { name: 'Enkeltmannsforetak' });
    const sole = await createTestUser(db);
    await giveCustomerRole(db, { customerId: small, userId: sole.userId, role: 'ADMIN' });
    const platform = await createTestUser(db, { platformAdmin: true });
    const last = await t.request({
      method: 'DELETE',
      url: `/construction/customers/${small}/idp/users/${sole.userId}`,
      key: platform.key,
    });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('customer.last_admin');
    const second = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: second.userId, role: 'ADMIN' });
    expect((await t.request({ method: 'DELETE', url: member(second.userId), key: admin.key })).status).toBe(200);
  });

  it('rejects a userId that is not user_ and 26 letters or digits, and a malformed customer id', async () => {
    const badUser = await t.request({
      method: 'PUT',
      url: `/construction/customers/${customerId}/projects/${projectA}/idp/users/user_123/role`,
      key: owner.key,
      payload: { role: 'READ_ACCESS' },
    });
    expect(badUser.status).toBe(400);
    expect(JSON.stringify(badUser.body)).toContain('userId');
    const badCustomer = await t.request({
      method: 'GET',
      url: '/construction/customers/12345/idp/users',
      key: owner.key,
    });
    expect(badCustomer.status).toBe(400);
    expect(JSON.stringify(badCustomer.body)).toContain('customerId');
    const badProject = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects/not-a-project/idp/users`,
      key: owner.key,
    });
    expect(badProject.status).toBe(400);
    expect(JSON.stringify(badProject.body)).toContain('projectId');
  });

  it('lets the operator create a customer whose first administrators are invited by mail', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/admin/customers',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'Eiendom Øst AS', adminEmails: ['leder@eiendom.test', 'Leder@Eiendom.test', 'it@eiendom.test'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Eiendom Øst AS', buildingOwnerId: null, role: null });
    // each administrator once (the same address in two cases is one person), in the construction wording
    const mail = await smtp.waitForMail('it@eiendom.test', /Eiendom Øst AS/);
    expect(mail.subject).toContain('byggdok Construction');
    await smtp.waitForMail('leder@eiendom.test', /Eiendom Øst AS/);
    const leader = await t.deps.database.db
      .selectFrom('customer_members')
      .innerJoin('users', 'users.id', 'customer_members.user_id')
      .select(['users.email', 'customer_members.role'])
      .where('customer_members.customer_id', '=', created.body.id)
      .orderBy('users.email')
      .execute();
    expect(leader).toEqual([
      { email: 'it@eiendom.test', role: 'ADMIN' },
      { email: 'leder@eiendom.test', role: 'ADMIN' },
    ]);
    const badOwner = await t.request({
      method: 'POST',
      url: '/admin/customers',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'X', buildingOwnerId: 'no-such-owner' },
    });
    expect(badOwner.status).toBe(400);
    expect(badOwner.body.errors[0].path).toBe('/buildingOwnerId');
    const listed = await t.request({
      method: 'GET',
      url: '/admin/customers',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(listed.body.customers.map((c: { id: string }) => c.id)).toContain(created.body.id);
  });

  /** a fresh project of the customer, and people whose project role there overrides their customer role */
  async function projectWithOverrides() {
    const db = t.deps.database.db;
    const created = await t.request({
      method: 'POST',
      url: `/construction/customers/${customerId}/projects`,
      key: admin.key,
      payload: { name: 'Prosjekt C' },
    });
    expect(created.status).toBe(201);
    const projectId = created.body.id as string;
    const person = async (customerRole: Role, projectRole?: Role) => {
      const user = await createTestUser(db);
      await giveCustomerRole(db, { customerId, userId: user.userId, role: customerRole });
      if (projectRole) {
        const set = await t.request({
          method: 'PUT',
          url: projectRoleUrl(projectId, user.userId),
          key: admin.key,
          payload: { role: projectRole },
        });
        expect(set.status).toBe(200);
      }
      return user;
    };
    return { projectId, person };
  }

  const projectRoleUrl = (projectId: string, userId: string) =>
    `/construction/customers/${customerId}/projects/${projectId}/idp/users/${userId}/role`;

  /** everyone's roles in the customer and in the project, the invitations logged, and whether the newcomer exists */
  async function peopleOf(projectId: string, newcomer: string) {
    const db = t.deps.database.db;
    return {
      project: await db
        .selectFrom('project_members')
        .select(['user_id', 'role'])
        .where('project_id', '=', projectId)
        .orderBy('user_id')
        .execute(),
      customer: await db
        .selectFrom('customer_members')
        .select(['user_id', 'role'])
        .where('customer_id', '=', customerId)
        .orderBy('user_id')
        .execute(),
      invitations: (
        await db
          .selectFrom('audit_events')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('action', '=', 'user.invited')
          .execute()
      ).length,
      newcomer: await db.selectFrom('users').select('id').where('email_normalized', '=', newcomer).execute(),
    };
  }

  /**
   * Each caller invites themselves, the others and a newcomer into the project with every role, and is refused as the
   * project's role route refuses them; nobody's role changes and nobody is created.
   */
  async function refusedIntoProject(params: {
    projectId: string;
    callers: { userId: string; key: string; email: string }[];
    others: { userId: string; email: string }[];
    answer: { status: number; code: string };
    /** the invitation's answer, when it differs from the role route's */
    inviteAnswer?: { status: number; code: string };
  }) {
    const { projectId, answer } = params;
    const inviteAnswer = params.inviteAnswer ?? answer;
    const newcomer = `newcomer.${projectId}@example.test`;
    const before = await peopleOf(projectId, newcomer);
    expect(before.newcomer).toEqual([]);
    for (const caller of params.callers) {
      const viaRoleRoute = await t.request({
        method: 'PUT',
        url: projectRoleUrl(projectId, caller.userId),
        key: caller.key,
        payload: { role: 'OWNER' },
      });
      expect({ status: viaRoleRoute.status, code: viaRoleRoute.body.code }).toEqual(answer);
      for (const email of [caller.email, ...params.others.map((other) => other.email), newcomer]) {
        for (const role of ROLES) {
          const invited = await t.request({
            method: 'POST',
            url: users(),
            key: caller.key,
            payload: { email, role, projectId },
          });
          expect({ email, role, status: invited.status, code: invited.body.code }).toEqual({
            email,
            role,
            ...inviteAnswer,
          });
        }
      }
    }
    expect(await peopleOf(projectId, newcomer)).toEqual(before);
  }

  it('refuses an invitation into a project that hides the caller (NO_ACCESS there) as one of another customer', async () => {
    const { projectId, person } = await projectWithOverrides();
    const hiddenOwner = await person('OWNER', 'NO_ACCESS');
    const hiddenAdmin = await person('ADMIN', 'NO_ACCESS');
    const colleague = await person('WRITE_ACCESS');
    const siteOwner = await person('READ_ACCESS', 'OWNER');
    await refusedIntoProject({
      projectId,
      callers: [hiddenOwner, hiddenAdmin],
      others: [colleague, siteOwner, owner],
      answer: { status: 404, code: 'project.not_found' },
      // the same answer as for another customer's project (below): which ids are this customer's is not told
      inviteAnswer: { status: 400, code: 'request.invalid' },
    });
  });

  it('refuses an invitation into a project the caller only reads there (READ_ACCESS override)', async () => {
    const { projectId, person } = await projectWithOverrides();
    const readingOwner = await person('OWNER', 'READ_ACCESS');
    const readingAdmin = await person('ADMIN', 'READ_ACCESS');
    const colleague = await person('WRITE_ACCESS');
    const hidden = await person('WRITE_ACCESS', 'NO_ACCESS');
    await refusedIntoProject({
      projectId,
      callers: [readingOwner, readingAdmin],
      others: [colleague, hidden, owner],
      answer: { status: 403, code: 'auth.role_required' },
    });
  });

  it('lets whoever manages a project’s people invite into it within their rank there, and not above it', async () => {
    const db = t.deps.database.db;
    const { projectId, person } = await projectWithOverrides();
    // OWNER of the project through its project role only, and the customer's OWNER (no override there)
    const siteOwner = await person('WRITE_ACCESS', 'OWNER');
    const projectAdmin = await person('READ_ACCESS', 'ADMIN');
    const roleIn = async (userId: string) =>
      (
        await db
          .selectFrom('project_members')
          .select('role')
          .where('project_id', '=', projectId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.role ?? null;
    const customerRoleOf = async (userId: string) =>
      (
        await db
          .selectFrom('customer_members')
          .select('role')
          .where('customer_id', '=', customerId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.role ?? null;
    for (const [label, caller] of [
      ['site', siteOwner],
      ['owner', owner],
    ] as const) {
      const invite = (email: string, role: Role) =>
        t.request({ method: 'POST', url: users(), key: caller.key, payload: { email, role, projectId } });
      // a newcomer, up to the caller's own rank in the project: NO_ACCESS in the customer
      const newcomer = `${label}.${projectId}@example.test`;
      const invited = await invite(newcomer, 'OWNER');
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({ email: newcomer, role: 'NO_ACCESS', status: 'invited' });
      expect(await roleIn(invited.body.id)).toBe('OWNER');
      // someone of the customer: the project role changes, the customer role stays
      const colleague = await person('WRITE_ACCESS');
      const changed = await invite(colleague.email, 'READ_ACCESS');
      expect(changed.status).toBe(200);
      expect(await roleIn(colleague.userId)).toBe('READ_ACCESS');
      expect(await customerRoleOf(colleague.userId)).toBe('WRITE_ACCESS');

      // never above their rank in the project, nor someone who outranks them there (whatever the customer role)
      const above = await invite(`above.${label}.${projectId}@example.test`, 'ADMIN');
      expect(above.status).toBe(403);
      expect(above.body.code).toBe('role.above_own');
      for (const outranking of [projectAdmin, admin]) {
        const refused = await invite(outranking.email, 'READ_ACCESS');
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('role.above_own');
      }
      expect(await roleIn(projectAdmin.userId)).toBe('ADMIN');
      expect(await roleIn(admin.userId)).toBeNull();
      expect(await customerRoleOf(projectAdmin.userId)).toBe('READ_ACCESS');
      expect(await customerRoleOf(admin.userId)).toBe('ADMIN');
    }
    const nobody = await db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', 'like', `above.%.${projectId}@example.test`)
      .execute();
    expect(nobody).toEqual([]);

    // a project of another customer is named as such (400), as before
    const foreignId = crypto.randomUUID();
    await db
      .insertInto('projects')
      .values({ id: foreignId, customer_id: (await createTestCustomer(db)).customerId, name: 'Fremmed' })
      .execute();
    const foreign = await t.request({
      method: 'POST',
      url: users(),
      key: siteOwner.key,
      payload: { email: `foreign.${projectId}@example.test`, role: 'READ_ACCESS', projectId: foreignId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].path).toBe('/projectId');
    // a project of this customer that hides the caller gets the same answer, word for word
    const hiddenFrom = await person('OWNER', 'NO_ACCESS');
    const ownHidden = await t.request({
      method: 'POST',
      url: users(),
      key: hiddenFrom.key,
      payload: { email: `foreign.${projectId}@example.test`, role: 'READ_ACCESS', projectId },
    });
    const foreignToThem = await t.request({
      method: 'POST',
      url: users(),
      key: hiddenFrom.key,
      payload: { email: `foreign.${projectId}@example.test`, role: 'READ_ACCESS', projectId: foreignId },
    });
    expect(ownHidden.status).toBe(400);
    expect({ ...ownHidden.body, instance: null, requestId: null }).toEqual({
      ...foreignToThem.body,
      instance: null,
      requestId: null,
    });
  });
});

describe.each(testEngines())('mail that cannot be sent, on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: true });
    t = await createTestApp({
      engine,
      workers: true,
      settings: {
        mail: smtpMailSettings(smtp),
        worker: { concurrency: 1, jobExpireSeconds: 900, retryLimit: 1, libreOfficePath: null },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is retried, then stays visible as failed with the server’s answer', async () => {
    const { messageId } = await t.deps.services.mailer.send({
      to: ['nobody@example.test'],
      template: { kind: 'admin_message', subject: 'Driftsmelding', text: 'Hei', html: null },
    });
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    let failed: { id: string; status: string; attempts: number; lastError: string } | undefined;
    for (let i = 0; i < 100 && !failed; i++) {
      const listed = await t.request({ method: 'GET', url: '/admin/mail?status=failed', headers: admin });
      failed = listed.body.messages.find((m: { id: string }) => m.id === messageId);
      if (!failed) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed!.lastError).toContain('550');
  });
});
