import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_LIMITS, RECIPIENT_LIMITS } from '../../src/domain/mail/mailer.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { ADMIN_TOKEN, PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Mail bombing with a legitimate credential: a customer's ADMIN inviting an outside address again and again (each
 * answer 200, each a mail), a writer mailing a subcontractor record that carries someone else's address, or changing
 * a review back and forth (each change mails the subcontractor). Each mail a caller asks for counts against its
 * address, whatever its case and whichever customer asks: past the share of an hour (or a day), 429 `mail.too_many`
 * with `Retry-After` before anything changes, and a review keeps its change without the mail. Invitations and
 * subcontractor mails also count against the customer whose people ask for them, over every address, so that a new
 * address each time does not get round that; and an account gets only so many forgot-password links a day, with an
 * answer that never tells it from an unknown address.
 */
describe.each(testEngines())('mails a caller makes the service send, on %s', (engine) => {
  let t: TestApp;
  let customerId: string;
  let otherCustomerId: string;
  let admin: { userId: string; key: string };
  let otherAdmin: { userId: string; key: string };
  let writer: { userId: string; key: string };
  const HOURLY = RECIPIENT_LIMITS.invitation[0].max;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    customerId = (await createTestCustomer(db, { name: 'Angriper AS' })).customerId;
    otherCustomerId = (await createTestCustomer(db, { name: 'Annen AS' })).customerId;
    admin = await createTestUser(db, { email: 'admin@angriper.test' });
    otherAdmin = await createTestUser(db, { email: 'admin@annen.test' });
    writer = await createTestUser(db, { email: 'writer@angriper.test' });
    await giveCustomerRole(db, { customerId, userId: admin.userId, role: 'ADMIN' });
    await giveCustomerRole(db, { customerId: otherCustomerId, userId: otherAdmin.userId, role: 'ADMIN' });
    await giveCustomerRole(db, { customerId, userId: writer.userId, role: 'WRITE_ACCESS' });
  });
  afterAll(async () => {
    await t.close();
  });

  const mailsTo = async (address: string, kind: string) =>
    (
      await t.deps.database.db
        .selectFrom('mail_messages')
        .select('id')
        .where('kind', '=', kind)
        .where(sql<boolean>`${address} = any(to_addresses)`)
        .execute()
    ).length;
  /** the mails to this address leave the last hour (not the day) */
  const anHourLater = async (address: string) =>
    sql`update mail_messages set created_at = created_at - interval '61 minutes' where ${address} = any(to_addresses)`.execute(
      t.deps.database.db,
    );
  const invite = (key: string, customer: string, email: string, role = 'READ_ACCESS') =>
    t.request({
      method: 'POST',
      url: `/construction/customers/${customer}/idp/users`,
      key,
      payload: { email, role },
    });

  it('invites an address a few times an hour, then answers 429 mail.too_many and changes nothing', async () => {
    const victim = 'victim@outside.test';
    for (let i = 0; i < HOURLY; i += 1) {
      expect((await invite(admin.key, customerId, victim)).status).toBe(i === 0 ? 201 : 200);
    }
    expect(await mailsTo(victim, 'invitation')).toBe(HOURLY);

    const refused = await invite(admin.key, customerId, victim, 'WRITE_ACCESS');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('mail.too_many');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // another case of the address, and another customer's ADMIN, are the same address
    expect((await invite(admin.key, customerId, 'VICTIM@Outside.test')).status).toBe(429);
    expect((await invite(otherAdmin.key, otherCustomerId, victim)).status).toBe(429);
    expect(await mailsTo(victim, 'invitation')).toBe(HOURLY);
    // the refused invitation changed no role, issued no link, recorded nothing
    const users = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/idp/users`,
      key: admin.key,
    });
    expect(users.body.users.find((u: { email: string }) => u.email === victim).role).toBe('READ_ACCESS');
    const invited = await t.deps.database.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'user.invited')
      .where(sql<boolean>`details->>'email' = ${victim}`)
      .execute();
    expect(invited).toHaveLength(HOURLY);
    // one user, and a set-password link per mail sent, none for the refused ones
    const user = await t.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', victim)
      .executeTakeFirstOrThrow();
    expect(
      await t.deps.database.db.selectFrom('password_links').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(HOURLY);

    // an hour later the address may be invited again
    await anHourLater(victim);
    expect((await invite(admin.key, customerId, victim, 'WRITE_ACCESS')).status).toBe(200);
  });

  it('lets no more than the share through when the invitations are sent at once', async () => {
    const victim = 'at-once@outside.test';
    const answers = await Promise.all(Array.from({ length: 15 }, () => invite(admin.key, customerId, victim)));
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15 - HOURLY);
    expect(answers.every((a) => [200, 201, 429].includes(a.status))).toBe(true);
    expect(await mailsTo(victim, 'invitation')).toBeLessThanOrEqual(HOURLY);
  });

  describe('subcontractors', () => {
    let projectId: string;
    let otherProjectId: string;
    let subcontractorId: string;
    let otherSubcontractorId: string;
    const victim = 'sub-victim@outside.test';
    const member = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
      t.request({ method, url, key: writer.key, payload });

    beforeAll(async () => {
      const project = async (name: string) =>
        (await member('POST', `/construction/customers/${customerId}/projects`, { name })).body.id as string;
      projectId = await project('Prosjekt 1');
      otherProjectId = await project('Prosjekt 2');
      const sub = async (project: string, email: string) =>
        (
          await member('POST', `/construction/customers/${customerId}/projects/${project}/subcontractors`, {
            companyName: 'Offer AS',
            email,
          })
        ).body.id as string;
      subcontractorId = await sub(projectId, victim);
      otherSubcontractorId = await sub(otherProjectId, victim.toUpperCase());
    });

    const send = (project: string, subcontractor: string) =>
      member('POST', '/construction/deliveries/send-subcontractor-email', {
        projectId: project,
        subcontractorId: subcontractor,
        message: 'Kjøp billige klokker her',
      });
    const tokens = async () =>
      (await t.deps.database.db.selectFrom('subcontractor_tokens').select('id').execute()).length;

    it('mails a subcontractor its portal link a few times an hour, then 429 before a token is issued', async () => {
      const max = RECIPIENT_LIMITS.subcontractor_request[0].max;
      for (let i = 0; i < max; i += 1) expect((await send(projectId, subcontractorId)).status).toBe(202);
      const issued = await tokens();
      const refused = await send(projectId, subcontractorId);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('mail.too_many');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // another record with the same address (in capitals, in another project) is the same address
      expect((await send(otherProjectId, otherSubcontractorId)).status).toBe(429);
      expect(await tokens()).toBe(issued);
      expect(await mailsTo(victim, 'subcontractor_request')).toBe(max);
    });

    it('keeps every change of a review, but mails the subcontractor only its share of them', async () => {
      const delivery = await member('POST', '/construction/deliveries/', {
        customerId,
        projectId,
        buildingCategory: '310',
        fullCategory: '3101',
        description: 'Sanitær',
        contactPerson: { name: 'Offer', email: victim, phone: null },
        informationTypesExpected: ['FDV-dokumentasjon'],
      });
      expect(delivery.status).toBe(201);
      const id = delivery.body.id as string;
      expect((await member('PUT', `/construction/deliveries/${id}`, { subContractorId: subcontractorId })).status).toBe(
        200,
      );
      const max = RECIPIENT_LIMITS.delivery_review[0].max;
      for (let i = 0; i < max + 5; i += 1) {
        const status = i % 2 === 0 ? 'APPROVED' : 'DECLINED';
        const reviewed = await member('PUT', `/construction/deliveries/${id}`, {
          informationTypes: [{ informationType: 'FDV-dokumentasjon', approvalStatus: status }],
        });
        expect(reviewed.status).toBe(200);
        expect(reviewed.body.informationTypes[0].approvalStatus).toBe(status);
      }
      expect(await mailsTo(victim, 'delivery_review')).toBe(max);
    });

    it('keeps a review but leaves its mail out once the customer has had its share over every address', async () => {
      // a writer making up subcontractor after subcontractor, each a fresh address within its own share
      const fresh = 'sub-fresh@outside.test';
      const sub = (
        await member('POST', `/construction/customers/${customerId}/projects/${projectId}/subcontractors`, {
          companyName: 'Ny AS',
          email: fresh,
        })
      ).body.id as string;
      const delivery = await member('POST', '/construction/deliveries/', {
        customerId,
        projectId,
        buildingCategory: '320',
        fullCategory: '3201',
        description: 'Varme',
        contactPerson: { name: 'Ny', email: fresh, phone: null },
        informationTypesExpected: ['FDV-dokumentasjon'],
      });
      const id = delivery.body.id as string;
      await member('PUT', `/construction/deliveries/${id}`, { subContractorId: sub });
      const review = (status: string) =>
        member('PUT', `/construction/deliveries/${id}`, {
          informationTypes: [{ informationType: 'FDV-dokumentasjon', approvalStatus: status }],
        });
      expect((await review('APPROVED')).status).toBe(200);
      expect(await mailsTo(fresh, 'delivery_review')).toBe(1);
      await pastMails({
        kind: 'delivery_review',
        count: CUSTOMER_LIMITS.delivery_review[0].max,
        minutesAgo: 5,
        customerId,
      });
      try {
        const issued = await tokens();
        const declined = await review('DECLINED');
        expect(declined.status).toBe(200);
        expect(declined.body.informationTypes[0].approvalStatus).toBe('DECLINED');
        expect(await mailsTo(fresh, 'delivery_review')).toBe(1);
        expect(await tokens()).toBe(issued);
      } finally {
        await t.deps.database.db.deleteFrom('mail_messages').where('subject', '=', 'earlier').execute();
      }
    });
  });

  /** mails stored `minutesAgo` (for a customer's people, or to an address): a count reached without sending them */
  const pastMails = async (params: {
    kind: string;
    count: number;
    minutesAgo: number;
    customerId?: string;
    to?: string;
  }) =>
    t.deps.database.db
      .insertInto('mail_messages')
      .values(
        Array.from({ length: params.count }, () => ({
          id: randomUUID(),
          kind: params.kind,
          to_addresses: [params.to ?? `earlier-${randomUUID()}@outside.test`],
          subject: 'earlier',
          text_body: 'earlier',
          status: 'sent' as const,
          customer_id: params.customerId ?? null,
          created_at: sql<Date>`now() - ${params.minutesAgo} * interval '1 minute'`,
        })),
      )
      .execute();
  /** invitation mails to addresses at this domain */
  const invitationsAt = async (domain: string) =>
    (
      await t.deps.database.db
        .selectFrom('mail_messages')
        .select('id')
        .where('kind', '=', 'invitation')
        .where(sql<boolean>`exists (select 1 from unnest(to_addresses) as r(a) where r.a like ${`%@${domain}`})`)
        .execute()
    ).length;
  const count = async (table: 'password_links' | 'subcontractor_tokens' | 'customer_members' | 'users') =>
    Number(
      (
        await t.deps.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** a customer of its own with an ADMIN, so that no other test's mails count against it */
  const freshCustomer = async (name: string) => {
    const db = t.deps.database.db;
    const { customerId: id } = await createTestCustomer(db, { name });
    const person = await createTestUser(db, { email: `admin@${name.toLowerCase().replace(/\W/g, '')}.test` });
    await giveCustomerRole(db, { customerId: id, userId: person.userId, role: 'ADMIN' });
    return { customerId: id, key: person.key };
  };

  describe('per customer, over every address', () => {
    const HOURLY_PER_CUSTOMER = CUSTOMER_LIMITS.invitation[0].max;

    it('lets a customer ADMIN invite 50 new addresses an hour, 429 on the 51st, while another customer invites', async () => {
      const spam = await freshCustomer('Spam AS');
      for (let i = 0; i < HOURLY_PER_CUSTOMER; i += 1) {
        expect((await invite(spam.key, spam.customerId, `person${i}@spam.test`)).status).toBe(201);
      }
      expect(await invitationsAt('spam.test')).toBe(HOURLY_PER_CUSTOMER);
      const [users, members, links] = [
        await count('users'),
        await count('customer_members'),
        await count('password_links'),
      ];

      // a new address, never mailed: refused for the customer's sake
      const refused = await invite(spam.key, spam.customerId, 'person50@spam.test');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('mail.too_many');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // an address mailed once (far under its own limit), with another role: refused too, its role unchanged
      expect((await invite(spam.key, spam.customerId, 'person0@spam.test', 'WRITE_ACCESS')).status).toBe(429);
      const person0 = await t.deps.database.db
        .selectFrom('customer_members')
        .innerJoin('users', 'users.id', 'customer_members.user_id')
        .select('customer_members.role')
        .where('customer_members.customer_id', '=', spam.customerId)
        .where('users.email_normalized', '=', 'person0@spam.test')
        .executeTakeFirstOrThrow();
      expect(person0.role).toBe('READ_ACCESS');
      // the refused invitations made no user, membership, link, mail or audit record
      expect([await count('users'), await count('customer_members'), await count('password_links')]).toEqual([
        users,
        members,
        links,
      ]);
      expect(await invitationsAt('spam.test')).toBe(HOURLY_PER_CUSTOMER);
      const invited = await t.deps.database.db
        .selectFrom('audit_events')
        .select('id')
        .where('customer_id', '=', spam.customerId)
        .where('action', '=', 'user.invited')
        .execute();
      expect(invited).toHaveLength(HOURLY_PER_CUSTOMER);

      // another customer is not held by this one's count, even for the same address
      expect((await invite(otherAdmin.key, otherCustomerId, 'person50@spam.test')).status).toBe(201);

      // an hour later the customer may invite again
      await sql`update mail_messages set created_at = created_at - interval '61 minutes' where customer_id = ${spam.customerId}`.execute(
        t.deps.database.db,
      );
      expect((await invite(spam.key, spam.customerId, 'person51@spam.test')).status).toBe(201);
    });

    it('holds a customer to 200 invitations a day, however they are spread over the hours', async () => {
      const daily = await freshCustomer('Daglig AS');
      const perDay = CUSTOMER_LIMITS.invitation[1].max;
      await pastMails({ kind: 'invitation', count: perDay, minutesAgo: 120, customerId: daily.customerId });
      const refused = await invite(daily.key, daily.customerId, 'one-more@daglig-outside.test');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('mail.too_many');
      // the oldest of the day's leaves it in 22 hours
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(21 * 3600);
      expect(await invitationsAt('daglig-outside.test')).toBe(0);
    });

    it('lets no more than the customer share through when invitations to new addresses are sent at once', async () => {
      const racing = await freshCustomer('Kappløp AS');
      const already = HOURLY_PER_CUSTOMER - 5;
      await pastMails({ kind: 'invitation', count: already, minutesAgo: 1, customerId: racing.customerId });
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) => invite(racing.key, racing.customerId, `r${i}@race.test`)),
      );
      expect(await invitationsAt('race.test')).toBeLessThanOrEqual(HOURLY_PER_CUSTOMER - already);
      expect(answers.every((a) => [201, 429].includes(a.status))).toBe(true);
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(10);
    });

    it('holds subcontractor mails to the customer share too, before a portal token is issued', async () => {
      const builder = await freshCustomer('Mange Underleverandører AS');
      const project = await t.request({
        method: 'POST',
        url: `/construction/customers/${builder.customerId}/projects`,
        key: builder.key,
        payload: { name: 'Prosjekt M' },
      });
      expect(project.status).toBe(201);
      const sub = await t.request({
        method: 'POST',
        url: `/construction/customers/${builder.customerId}/projects/${project.body.id}/subcontractors`,
        key: builder.key,
        payload: { companyName: 'Ny AS', email: 'fresh@sub-outside.test' },
      });
      expect(sub.status).toBe(201);
      await pastMails({
        kind: 'subcontractor_request',
        count: CUSTOMER_LIMITS.subcontractor_request[0].max,
        minutesAgo: 10,
        customerId: builder.customerId,
      });
      const tokens = await count('subcontractor_tokens');
      const refused = await t.request({
        method: 'POST',
        url: '/construction/deliveries/send-subcontractor-email',
        key: builder.key,
        payload: { projectId: project.body.id, subcontractorId: sub.body.id },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('mail.too_many');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(2900);
      expect(await count('subcontractor_tokens')).toBe(tokens);
      expect(await mailsTo('fresh@sub-outside.test', 'subcontractor_request')).toBe(0);
    });
  });

  describe('forgot-password links', () => {
    const DAILY = RECIPIENT_LIMITS.password_link[0].max;
    const createLocalUser = async (email: string) => {
      const created = await t.request({
        method: 'POST',
        url: '/admin/users',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { email, name: email, password: 'fjordhest-i-fjellet-42' },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const forgot = (email: string) =>
      t.request({ method: 'POST', url: '/auth/forgot-password', headers: { origin: PUBLIC_URL }, payload: { email } });
    const forgotPage = (email: string) =>
      t.request({
        method: 'POST',
        url: '/auth/forgot-password',
        headers: {
          origin: PUBLIC_URL,
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': 'en',
        },
        payload: new URLSearchParams({ email }).toString(),
      });
    const linksOf = async (userId: string) =>
      (await t.deps.database.db.selectFrom('password_links').select('id').where('user_id', '=', userId).execute())
        .length;

    it('mails an account its day of links, then none while the last one works, answering as for an unknown address', async () => {
      const email = 'forgetful@outside.test';
      const userId = await createLocalUser(email);
      // earlier today, long out of the sign-in throttle's 15 minutes
      await pastMails({ kind: 'password_link', count: DAILY - 1, minutesAgo: 120, to: email });
      expect(await forgot(email)).toMatchObject({ status: 202, body: { accepted: true } });
      expect(await mailsTo(email, 'password_link')).toBe(DAILY);
      const links = await linksOf(userId);

      const capped = await forgot(email);
      const unknown = await forgot('nobody@outside.test');
      expect(capped.status).toBe(202);
      expect({ status: capped.status, body: capped.body }).toEqual({ status: unknown.status, body: unknown.body });
      expect(capped.headers['retry-after']).toBeUndefined();
      const cappedPage = await forgotPage('Forgetful@Outside.test');
      const unknownPage = await forgotPage('nobody@outside.test');
      expect(cappedPage.status).toBe(200);
      expect({ status: cappedPage.status, body: cappedPage.body }).toEqual({
        status: unknownPage.status,
        body: unknownPage.body,
      });
      // no mail, and no link that could have gone in one
      expect(await mailsTo(email, 'password_link')).toBe(DAILY);
      expect(await linksOf(userId)).toBe(links);
    });

    it('sends no more than the day allows when links are asked for at once', async () => {
      const email = 'at-once-forgetful@outside.test';
      await createLocalUser(email);
      await pastMails({ kind: 'password_link', count: DAILY - 2, minutesAgo: 120, to: email });
      const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(email)));
      expect(answers.every((a) => a.status === 202)).toBe(true);
      expect(await mailsTo(email, 'password_link')).toBeLessThanOrEqual(DAILY);
    });
  });
});
