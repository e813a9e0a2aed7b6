import { verifyWebhook } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const CUSTOMER_EVENTS = [
  'delivery.updated',
  'delivery.approved',
  'delivery.declined',
  'subcontractor.uploaded',
  'project.handed_over',
];

/**
 * Customer webhooks: an ADMIN of the customer registers them; each customer's endpoints hear its own projects'
 * deliveries, subcontractor uploads and handovers, and nothing of another customer's.
 */
describe.each(testEngines())('customer webhooks on %s', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let one: DeliveryWorld;
  let two: DeliveryWorld;
  let hookOne: { id: string; secret: string };
  let hookTwo: { id: string; secret: string };
  const base = (w: DeliveryWorld) => `/construction/customers/${w.customerId}/webhooks`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ engine, workers: true, settings: { webhooks: testWebhookSettings() } });
    one = await createDeliveryWorld(t, { projectName: 'Nye Bryggen' });
    two = await createDeliveryWorld(t, { projectName: 'Gamle Verket' });
    for (const [w, path] of [
      [one, '/one'],
      [two, '/two'],
    ] as const) {
      const created = await t.request({
        method: 'POST',
        url: base(w),
        key: w.adminKey,
        payload: { url: receiver.url(path), events: [...CUSTOMER_EVENTS, 'webhook.test'], description: 'ERP' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      if (w === one) hookOne = created.body;
      else hookTwo = created.body;
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("gives a customer's webhooks to its ADMINs only, and another customer's ids are not there", async () => {
    const writer = await createTestUser(t.deps.database.db, { email: 'skriver@entreprenor.test' });
    await giveCustomerRole(t.deps.database.db, { customerId: one.customerId, userId: writer.userId, role: 'OWNER' });
    const weaker = await t.request({ method: 'GET', url: base(one), key: writer.key });
    expect(weaker.status).toBe(403);
    const made = await t.request({
      method: 'POST',
      url: base(one),
      key: writer.key,
      payload: { url: receiver.url('/x'), events: ['delivery.updated'] },
    });
    expect(made.status).toBe(403);
    // the other customer's ADMIN: not under customer one's path, and one's webhook not under its own
    expect((await t.request({ method: 'GET', url: base(one), key: two.adminKey })).status).toBe(404);
    for (const url of [`${base(one)}/${hookOne.id}`, `${base(two)}/${hookOne.id}`]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.request({ method, url, key: two.adminKey });
        expect(response.status, `${method} ${url}`).toBe(404);
      }
      const tested = await t.request({ method: 'POST', url: `${url}/test`, key: two.adminKey, payload: {} });
      expect(tested.status).toBe(404);
      const log = await t.request({ method: 'GET', url: `${url}/deliveries`, key: two.adminKey });
      expect(log.status).toBe(404);
    }
    // a partner's key is not a person's credential, and partner events are not a customer's
    const partner = await t.seed();
    expect((await t.request({ method: 'GET', url: base(one), key: partner.key })).status).toBeGreaterThanOrEqual(401);
    const partnerEvent = await t.request({
      method: 'POST',
      url: base(one),
      key: one.adminKey,
      payload: { url: receiver.url('/x'), events: ['document.processed'] },
    });
    expect(partnerEvent.status).toBe(400);
    expect(JSON.stringify(partnerEvent.body)).toContain('/events');
    const listed = await t.request({ method: 'GET', url: base(one), key: one.adminKey });
    expect(listed.body.webhooks).toEqual([
      expect.objectContaining({ id: hookOne.id, description: 'ERP', enabled: true }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
  });

  it(
    "sends every customer event of its own projects, signed, and none of another customer's",
    { timeout: 120_000 },
    async () => {
      const partner = await t.seed();
      await t.deps.database.db
        .updateTable('customers')
        .set({ building_owner_id: partner.ownerId })
        .where('id', '=', one.customerId)
        .execute();
      const delivery = await createDelivery(t, { world: one, subcontractorId: one.subcontractorId });
      const documentId = await portalUpload(t, {
        ...one,
        filename: 'FDV varmepumpe.pdf',
        bytes: await makePdf(['FDV-dokumentasjon for varmepumpe.']),
        deliveryId: delivery.id,
        informationType: 'FDV-dokumentasjon',
      });
      await t.waitForProcessing([documentId]);
      const reviewed = await t.request({
        method: 'PUT',
        url: `/construction/deliveries/${delivery.id}`,
        key: one.adminKey,
        payload: {
          informationTypes: [
            { informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED' },
            { informationType: 'Produktdatablad', approvalStatus: 'DECLINED', comment: 'Mangler effektdata' },
          ],
        },
      });
      expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
      const handedOver = await t.request({
        method: 'POST',
        url: `/construction/customers/${one.customerId}/projects/${one.projectId}/handover`,
        key: one.adminKey,
        payload: { buildingOwnerId: partner.ownerId },
      });
      expect(handedOver.status, JSON.stringify(handedOver.body)).toBeLessThan(300);

      const events = await until(
        async () =>
          Promise.all(receiver.at('/one').map((r) => verifyWebhook(hookOne.secret, r.headers as never, r.body))),
        (parsed) => CUSTOMER_EVENTS.every((type) => parsed.some((e) => e.type === type)),
        'every customer event at /one',
      );
      const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
      const ids = { project_id: one.projectId, delivery_id: delivery.id };
      expect(of('delivery.updated')).toContainEqual(ids);
      expect(of('delivery.approved')).toEqual([{ ...ids, information_type: 'FDV-dokumentasjon', comment: null }]);
      expect(of('delivery.declined')).toEqual([
        { ...ids, information_type: 'Produktdatablad', comment: 'Mangler effektdata' },
      ]);
      expect(of('subcontractor.uploaded')).toEqual([
        { project_id: one.projectId, subcontractor_id: one.subcontractorId, document_id: documentId },
      ]);
      expect(of('project.handed_over')).toEqual([{ project_id: one.projectId, building_owner_id: partner.ownerId }]);
      // customer two's endpoint was chosen for none of it (deliveries are chosen when the change commits)
      const two_ = await t.request({ method: 'GET', url: `${base(two)}/${hookTwo.id}/deliveries`, key: two.adminKey });
      expect(two_.body.deliveries).toEqual([]);
      expect(receiver.at('/two')).toEqual([]);
    },
  );

  it('sends a test event on request and shows its delivery', async () => {
    const test = await t.request({
      method: 'POST',
      url: `${base(two)}/${hookTwo.id}/test`,
      key: two.adminKey,
      payload: {},
    });
    expect(test.status).toBe(202);
    const [received] = await until(
      () => receiver.at('/two'),
      (r) => r.length >= 1,
      'the test event',
    );
    expect(received!.headers['webhook-id']).toBe(test.body.eventId);
    const [delivery] = await until(
      async () =>
        (await t.request({ method: 'GET', url: `${base(two)}/${hookTwo.id}/deliveries`, key: two.adminKey })).body
          .deliveries,
      (d: { status: string }[]) => d[0]?.status === 'succeeded',
      'the test delivery succeeded',
    );
    expect(delivery).toMatchObject({ type: 'webhook.test', attempt: 1, responseStatus: 200, nextAttemptAt: null });
  });
});
