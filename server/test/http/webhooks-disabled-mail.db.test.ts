import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { smtpMailSettings, startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.js';
import { PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const DAY_MS = 24 * 3600 * 1000;

function recipientsOf(mail: ParsedMail): string[] {
  const groups = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return groups.flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}

/**
 * An endpoint whose deliveries have all failed for 5 days is disabled, and its owner is told by mail (decisions.md,
 * "Webhooks"): a customer's ADMINs, each in their own language, and no one else; a partner's the platform
 * administrators. One mail per person per disabling, however often the job runs; the URL without its credentials.
 */
describe.each(testEngines())('the mail about a disabled webhook on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let receiver: WebhookReceiver;
  /** how far the service's clock is ahead of the wall clock */
  let aheadMs = 0;
  const clock = { now: () => new Date(Date.now() + aheadMs) };
  const people = {
    adminNo: 'kari.admin@entreprenor.test',
    adminEn: 'john.admin@entreprenor.test',
    owner: 'eier@entreprenor.test',
    gone: 'sluttet@entreprenor.test',
    otherAdmin: 'admin@annen-entreprenor.test',
    operator: 'drift@byggdok.test',
  };
  let customerId = '';
  let adminKey = '';
  let otherCustomerId = '';
  let otherAdminKey = '';

  const db = () => t.deps.database.db;
  const disabledMails = () => smtp.messages.filter((mail) => /Webhook (slått av|turned off)/.test(mail.subject ?? ''));
  const deliveries = async (base: string, key: string, webhookId: string) =>
    (await t.request({ method: 'GET', url: `${base}/${webhookId}/deliveries`, key })).body.deliveries as {
      status: string;
      attempt: number;
    }[];

  /** one test event that fails every attempt; resolves once its last attempt failed */
  async function failOnce(base: string, key: string, webhookId: string) {
    const before = (await deliveries(base, key, webhookId)).length;
    const sent = await t.request({ method: 'POST', url: `${base}/${webhookId}/test`, key, payload: {} });
    expect(sent.status).toBe(202);
    await until(
      () => deliveries(base, key, webhookId),
      (d) => d.length === before + 1 && d[0]!.status === 'failed',
      'the test delivery failed',
    );
  }

  async function personWith(
    email: string,
    locale: string,
    extra: { platformAdmin?: boolean; status?: 'deactivated' } = {},
  ) {
    const user = await createTestUser(db(), { email, ...extra });
    await db().updateTable('users').set({ locale }).where('id', '=', user.userId).execute();
    return user;
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      engine,
      workers: true,
      clock,
      settings: { webhooks: testWebhookSettings(), mail: smtpMailSettings(smtp) },
    });
    ({ customerId } = await createTestCustomer(db(), { name: 'Bygg & Anlegg AS' }));
    ({ customerId: otherCustomerId } = await createTestCustomer(db(), { name: 'Annen Entreprenør AS' }));
    const adminNo = await personWith(people.adminNo, 'nb');
    const adminEn = await personWith(people.adminEn, 'en');
    const owner = await personWith(people.owner, 'nb');
    const gone = await personWith(people.gone, 'nb', { status: 'deactivated' });
    const otherAdmin = await personWith(people.otherAdmin, 'nb');
    await personWith(people.operator, 'en', { platformAdmin: true });
    for (const [user, role] of [
      [adminNo, 'ADMIN'],
      [adminEn, 'ADMIN'],
      [owner, 'OWNER'],
      [gone, 'ADMIN'],
    ] as const) {
      await giveCustomerRole(db(), { customerId, userId: user.userId, role });
    }
    await giveCustomerRole(db(), { customerId: otherCustomerId, userId: otherAdmin.userId, role: 'ADMIN' });
    adminKey = adminNo.key;
    otherAdminKey = otherAdmin.key;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });

  it(
    "tells the customer's ADMINs once per disabling, each in their language, with the URL without its secrets",
    { timeout: 180_000 },
    async () => {
      const base = `/construction/customers/${customerId}/webhooks`;
      const otherBase = `/construction/customers/${otherCustomerId}/webhooks`;
      // a token in the path and one in the query: neither belongs in a mail (a user name and password are refused)
      const path = '/erp/in/9f8e7d6c5b4a3f2e1d0cAbCd?token=abc123secret';
      receiver.failFirst(path, 1_000_000);
      const url = receiver.url(path);
      const created = await t.request({
        method: 'POST',
        url: base,
        key: adminKey,
        payload: { url, events: ['webhook.test', 'delivery.approved'], description: 'ERP-integrasjon' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const webhookId = created.body.id as string;
      // the other customer's endpoint fails as long, and is the other customer's business
      receiver.failFirst('/other', 1_000_000);
      const other = await t.request({
        method: 'POST',
        url: otherBase,
        key: otherAdminKey,
        payload: { url: receiver.url('/other'), events: ['webhook.test'] },
      });

      await failOnce(base, adminKey, webhookId);
      await failOnce(otherBase, otherAdminKey, other.body.id);
      // four days later it still fails, and is still on: nobody is told yet
      aheadMs += 4 * DAY_MS;
      await failOnce(base, adminKey, webhookId);
      expect((await t.request({ method: 'GET', url: `${base}/${webhookId}`, key: adminKey })).body.enabled).toBe(true);
      // five days and a minute after the first failure: the next failed attempt turns it off
      aheadMs += DAY_MS + 60_000;
      await failOnce(base, adminKey, webhookId);
      expect((await t.request({ method: 'GET', url: `${base}/${webhookId}`, key: adminKey })).body.enabled).toBe(false);

      const norwegian = await smtp.waitForMail(people.adminNo, /Webhook slått av/);
      const english = await smtp.waitForMail(people.adminEn, /Webhook turned off/);
      const hostAndPath = `${new URL(receiver.url('/erp')).host}/erp/in/9f8e…?…`;
      expect(norwegian.subject).toBe(`Webhook slått av: http://${hostAndPath}`);
      expect(english.subject).toBe(`Webhook turned off: http://${hostAndPath}`);
      expect(norwegian.text).toContain('byggdok har slått av en webhook hos Bygg & Anlegg AS');
      expect(norwegian.text).toContain('i 5 dager');
      expect(norwegian.text).toContain('Beskrivelse: ERP-integrasjon');
      expect(norwegian.text).toContain('Siste forsøk: mottakeren svarte HTTP 500');
      // the web app's page (under /app), not the API's list of the same name (which answered 401 to the browser)
      expect(norwegian.text).toContain(`${PUBLIC_URL}/app/webhooks?customer=${customerId}`);
      expect(english.text).toContain(`${PUBLIC_URL}/app/webhooks?customer=${customerId}`);
      expect(english.text).toContain('byggdok has turned off a webhook of Bygg & Anlegg AS');
      expect(english.text).toContain('Last attempt: the receiver answered HTTP 500');
      expect(english.text).toContain('are not sent to it later');
      for (const mail of [norwegian, english]) {
        // one person a mail: nobody learns who else was told
        expect(recipientsOf(mail)).toHaveLength(1);
        for (const secret of ['9f8e7d6c5b4a3f2e1d0cAbCd', 'abc123secret', 'token=']) {
          expect(`${mail.subject} ${mail.text} ${String(mail.html)}`).not.toContain(secret);
        }
        // the Norwegian mail has no English in it, and the other way round
        expect(String(mail.html)).toContain(mail === norwegian ? 'lang="nb"' : 'lang="en"');
      }
      expect(norwegian.text).not.toMatch(/receiver|answered|turned off/);
      expect(english.text).not.toMatch(/mottakeren|slått/);

      // the job running again (a crash after sending) sends no second mail
      const disabledAt = (
        await db().selectFrom('webhooks').select('updated_at').where('id', '=', webhookId).executeTakeFirstOrThrow()
      ).updated_at.toISOString();
      await t.deps.services.webhooks.notifyDisabled({ webhookId, disabledAt });
      await t.deps.services.webhooks.notifyDisabled({ webhookId, disabledAt });
      const stored = await db()
        .selectFrom('mail_messages')
        .select('to_addresses')
        .where('kind', '=', 'webhook_disabled')
        .execute();
      // the ADMINs of this customer only: not its OWNER, not a deactivated ADMIN, not the other customer's ADMIN
      expect(stored.map((row) => row.to_addresses).sort()).toEqual([[people.adminEn], [people.adminNo]]);
      // the other customer's endpoint failed 5 days ago too, but has had no attempt since: still on, nobody told
      expect(
        (await t.request({ method: 'GET', url: `${otherBase}/${other.body.id}`, key: otherAdminKey })).body.enabled,
      ).toBe(true);

      // on again: the streak starts over, and a second disabling is a second mail
      const enabled = await t.request({
        method: 'PATCH',
        url: `${base}/${webhookId}`,
        key: adminKey,
        payload: { enabled: true },
      });
      expect(enabled.body.enabled).toBe(true);
      await failOnce(base, adminKey, webhookId);
      aheadMs += 5 * DAY_MS + 60_000;
      await failOnce(base, adminKey, webhookId);
      await until(
        () => disabledMails().filter((mail) => recipientsOf(mail).includes(people.adminNo)),
        (mails) => mails.length === 2,
        'a second mail for the second disabling',
      );
      await until(
        () => disabledMails().filter((mail) => recipientsOf(mail).includes(people.adminEn)),
        (mails) => mails.length === 2,
        'a second mail for the second disabling',
      );
      const everyone = disabledMails().flatMap(recipientsOf);
      for (const stranger of [people.owner, people.gone, people.otherAdmin, people.operator]) {
        expect(everyone).not.toContain(stranger);
      }
    },
  );

  it(
    "tells the platform administrators of a partner's disabled webhook, and no customer",
    { timeout: 180_000 },
    async () => {
      const partner = await t.seed();
      receiver.failFirst('/partner', 1_000_000);
      const created = await t.request({
        method: 'POST',
        url: '/v1/webhooks',
        key: partner.key,
        payload: { url: receiver.url('/partner'), events: ['webhook.test'] },
      });
      expect(created.status).toBe(201);
      const before = disabledMails().length;
      await failOnce('/v1/webhooks', partner.key, created.body.id);
      aheadMs += 5 * DAY_MS + 60_000;
      await failOnce('/v1/webhooks', partner.key, created.body.id);
      const mail = await smtp.waitForMail(people.operator, /Webhook turned off/);
      expect(mail.text).toContain(`byggdok webhooks update ${created.body.id} --enable`);
      expect(mail.text).toContain(`PATCH /v1/webhooks/${created.body.id}`);
      await t.deps.services.webhooks.notifyDisabled({
        webhookId: created.body.id,
        disabledAt: (
          await db()
            .selectFrom('webhooks')
            .select('updated_at')
            .where('id', '=', created.body.id)
            .executeTakeFirstOrThrow()
        ).updated_at.toISOString(),
      });
      const stored = await db()
        .selectFrom('mail_messages')
        .select('to_addresses')
        .where('kind', '=', 'webhook_disabled')
        .where('subject', 'like', `%${new URL(receiver.url('/partner')).host}/partner`)
        .execute();
      expect(stored).toEqual([{ to_addresses: [people.operator] }]);
      expect(disabledMails().slice(before).flatMap(recipientsOf)).toEqual([people.operator]);
    },
  );
});
