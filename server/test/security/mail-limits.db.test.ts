import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT_LIMITS } from '../../src/domain/mail/mailer.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Mail bombing with a legitimate credential: a customer's ADMIN inviting an outside address again and again (each
 * answer 200, each a mail), a writer mailing a subcontractor record that carries someone else's address, or changing
 * a review back and forth (each change mails the subcontractor). Each mail a caller asks for counts against its
 * address, whatever its case and whichever customer asks: past the share of an hour (or a day), 429 `mail.too_many`
 * with `Retry-After` before anything changes, and a review keeps its change without the mail.
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
  });
});
