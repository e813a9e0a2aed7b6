import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_TESTS, MAX_WEBHOOKS_PER_OWNER } from '../../src/domain/webhooks/webhooks.service.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * What one partner or customer can make the service hold and do for it: a bounded number of webhooks, a bounded number
 * of test events waiting per webhook, and no more than its turn of the delivery workers while its endpoints hang.
 * The service starts without workers, so what is queued stays queued until a worker starts on the same database.
 */
describe.each(testEngines())('webhook limits on %s', (engine) => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  /** the same database with a delivery worker, once the fairness test has started it */
  let worker: TestApp | null = null;
  let testedHook = '';
  let testedKey = '';
  // the hanging endpoint holds the one worker for the timeout, once per delivery (no retries)
  const settings = { webhooks: testWebhookSettings({ timeoutMs: 2000, retryScheduleSeconds: [] }) };

  const register = async (key: string, url: string, events = ['building.created']) =>
    (worker ?? t).request({ method: 'POST', url, key, payload: { url: receiver.url('/hook'), events } });
  const newBuilding = async (seed: { key: string; ownerId: string }, name: string) => {
    const made = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name },
    });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ engine, workers: false, settings });
  }, 120_000);
  afterAll(async () => {
    if (worker) await worker.close();
    else await t.close();
    await receiver.close();
  });

  function expectProblem(response: { status: number; body: any; headers: Record<string, unknown> }, code: string) {
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: response.status, code, type: `urn:byggdok:problem:${code}` });
  }

  it(`refuses a partner's webhook past ${MAX_WEBHOOKS_PER_OWNER} with 409 webhook.limit_reached, whichever of its keys registers it`, async () => {
    const a = await t.seed();
    const scoped = await t.createKey({ partnerId: a.partnerId, buildingIds: [a.buildingId] });
    const ids: string[] = [];
    for (let i = 0; i < MAX_WEBHOOKS_PER_OWNER; i++) {
      // the last place is taken by the scoped key: one count for the whole partner
      const made = await register(i === MAX_WEBHOOKS_PER_OWNER - 1 ? scoped.key : a.key, '/v1/webhooks');
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.id);
    }
    for (const key of [a.key, scoped.key]) {
      const refused = await register(key, '/v1/webhooks');
      expect(refused.status).toBe(409);
      expectProblem(refused, 'webhook.limit_reached');
      expect(refused.body.detail).toContain(String(MAX_WEBHOOKS_PER_OWNER));
    }
    const listed = await t.request({ method: 'GET', url: '/v1/webhooks', key: a.key });
    expect(listed.body.webhooks).toHaveLength(MAX_WEBHOOKS_PER_OWNER);
    // another partner has places of its own
    expect((await register((await t.seed()).key, '/v1/webhooks')).status).toBe(201);
    // a disabled webhook keeps its place (it can be enabled again); a deleted one frees it
    const off = await t.request({
      method: 'PATCH',
      url: `/v1/webhooks/${ids[0]}`,
      key: a.key,
      payload: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await register(a.key, '/v1/webhooks')).status).toBe(409);
    const removed = await t.request({ method: 'DELETE', url: `/v1/webhooks/${ids[0]}`, key: a.key });
    expect(removed.status).toBe(200);
    expect((await register(a.key, '/v1/webhooks')).status).toBe(201);
  });

  it(`refuses a customer's webhook past ${MAX_WEBHOOKS_PER_OWNER} with 409 webhook.limit_reached`, async () => {
    const db = t.deps.database.db;
    const customers = [];
    for (const name of ['Kunde En AS', 'Kunde To AS']) {
      const { customerId } = await createTestCustomer(db, { name });
      const admin = await createTestUser(db);
      await giveCustomerRole(db, { customerId, userId: admin.userId, role: 'ADMIN' });
      customers.push({ url: `/construction/customers/${customerId}/webhooks`, key: admin.key });
    }
    const [one, two] = customers as [(typeof customers)[0], (typeof customers)[0]];
    for (let i = 0; i < MAX_WEBHOOKS_PER_OWNER; i++) {
      const made = await register(one.key, one.url, ['delivery.updated']);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const refused = await register(one.key, one.url, ['delivery.updated']);
    expect(refused.status).toBe(409);
    expectProblem(refused, 'webhook.limit_reached');
    expect((await register(two.key, two.url, ['delivery.updated'])).status).toBe(201);
  });

  it(`answers 429 with Retry-After to a test call while ${MAX_PENDING_TESTS} test events of the webhook wait`, async () => {
    const c = await t.seed();
    const hook = await t.request({
      method: 'POST',
      url: '/v1/webhooks',
      key: c.key,
      payload: { url: receiver.url('/tests'), events: ['webhook.test'] },
    });
    expect(hook.status).toBe(201);
    const test = async (webhookId: string) =>
      (worker ?? t).request({ method: 'POST', url: `/v1/webhooks/${webhookId}/test`, key: c.key });
    for (let i = 0; i < MAX_PENDING_TESTS; i++) expect((await test(hook.body.id)).status).toBe(202);
    const refused = await test(hook.body.id);
    expect(refused.status).toBe(429);
    expectProblem(refused, 'webhook.too_many_tests');
    // none of them has been tried yet: about one attempt's time
    expect(refused.headers['retry-after']).toBe('10');
    const log = await t.request({ method: 'GET', url: `/v1/webhooks/${hook.body.id}/deliveries`, key: c.key });
    expect(log.body.deliveries).toHaveLength(MAX_PENDING_TESTS);
    // the limit is the webhook's: another webhook of the same partner is tested
    const second = await register(c.key, '/v1/webhooks', ['webhook.test']);
    expect((await test(second.body.id)).status).toBe(202);
    testedHook = hook.body.id;
    testedKey = c.key;
  });

  it("sends another owner's event before the backlog of an owner whose endpoint does not answer", async () => {
    const slow = await t.seed();
    const other = await t.seed();
    for (const [seed, path] of [
      [slow, '/hang-slow'],
      [other, '/other'],
    ] as const) {
      const made = await t.request({
        method: 'POST',
        url: '/v1/webhooks',
        key: seed.key,
        payload: { url: receiver.url(path), events: ['building.created'] },
      });
      expect(made.status).toBe(201);
    }
    for (const name of ['Treg 1', 'Treg 2', 'Treg 3']) await newBuilding(slow, name);
    await newBuilding(other, 'Annen');

    // the service stops and a worker starts on the same database: one delivery at a time, in the queue's order
    await t.app.close();
    await t.deps.queue.stop();
    worker = await createTestApp({ engine, database: t.deps.database, workers: true, settings });
    const seen = await until(
      () => receiver.received.filter((r) => r.path === '/hang-slow' || r.path === '/other'),
      (received) => received.some((r) => r.path === '/other'),
      "the other owner's event",
    );
    // one attempt of the slow owner's came first (it was queued first, at the same priority); first come, first served
    // would have held the worker for all three of its deliveries first
    const ahead = seen.slice(
      0,
      seen.findIndex((r) => r.path === '/other'),
    );
    expect(ahead.map((r) => r.path)).toEqual(['/hang-slow']);
  });

  it('takes a test call again once the waiting test events have been sent', async () => {
    expect(worker).not.toBeNull();
    const app = worker!;
    await until(
      async () =>
        (await app.request({ method: 'GET', url: `/v1/webhooks/${testedHook}/deliveries`, key: testedKey })).body
          .deliveries as { status: string }[],
      (deliveries) => deliveries.every((d) => d.status !== 'pending'),
      'the test events sent',
    );
    const again = await app.request({ method: 'POST', url: `/v1/webhooks/${testedHook}/test`, key: testedKey });
    expect(again.status).toBe(202);
  });
});
