import { createHmac } from 'node:crypto';
import { verifyWebhook } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestUser } from '../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import {
  startWebhookReceiver,
  testWebhookSettings,
  until,
  type Received,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';

const PARTNER_EVENTS = [
  'document.processed',
  'document.failed',
  'document.deleted',
  'building.created',
  'building.deleted',
  'report.generated',
];

/** the signature computed here, independently of the service's and the SDK's code */
function independentSignature(secret: string, received: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest('base64')}`;
}

/**
 * Partner webhooks end to end, with a real receiver on loopback (WEBHOOKS_ALLOW_PRIVATE, which also allows http):
 * every partner event from the place it happens, signed (checked with the SDK's helper and an HMAC computed here),
 * retried with the same webhook-id, timeouts and redirects as failures, disabled endpoints, and which partner's
 * endpoint hears what.
 */
describe.each(testEngines())('partner webhooks on %s', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let a: { partnerId: string; key: string; ownerId: string; buildingId: string };
  let b: { partnerId: string; key: string; ownerId: string; buildingId: string };
  let secretA = '';
  let webhookA = '';

  const register = async (key: string, payload: object) =>
    t.request({ method: 'POST', url: '/v1/webhooks', key, payload });
  const deliveriesOf = async (key: string, webhookId: string) =>
    (await t.request({ method: 'GET', url: `/v1/webhooks/${webhookId}/deliveries`, key })).body.deliveries as {
      id: string;
      eventId: string;
      type: string;
      attempt: number;
      status: string;
      responseStatus: number | null;
      error: string | null;
    }[];
  const newBuilding = async (seed: { key: string; ownerId: string }, name: string) =>
    (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name },
      })
    ).body as string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      engine,
      workers: true,
      // the receiver answers in this process, beside PGlite: on a busy machine an answer can wait seconds for the
      // event loop, and a redirect that arrives late counts as a timeout (seen in CI at 2 s)
      settings: { webhooks: testWebhookSettings({ timeoutMs: 4000 }) },
    });
    a = await t.seed();
    b = await t.seed();
    const created = await register(a.key, { url: receiver.url('/a'), events: [...PARTNER_EVENTS, 'webhook.test'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    secretA = created.body.secret;
    webhookA = created.body.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('registers a webhook with a secret shown once, and lists it without the secret', async () => {
    expect(secretA).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secretA.slice(6), 'base64')).toHaveLength(32);
    const one = await t.request({ method: 'GET', url: `/v1/webhooks/${webhookA}`, key: a.key });
    expect(one.body).toEqual({
      id: webhookA,
      url: receiver.url('/a'),
      events: [...PARTNER_EVENTS, 'webhook.test'],
      description: null,
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await t.request({ method: 'GET', url: '/v1/webhooks', key: a.key });
    expect(list.body.webhooks.map((w: { id: string }) => w.id)).toContain(webhookA);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    // the secret is not in the database in the clear either
    const stored = await t.deps.database.db.selectFrom('webhooks').select('secret_sealed').execute();
    expect(stored.some((row) => row.secret_sealed.includes(secretA.slice(6, 30)))).toBe(false);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, string][] = [
      [{ url: receiver.url('/x'), events: ['delivery.updated'] }, '/events'],
      [{ url: receiver.url('/x'), events: [] }, '/events'],
      [{ url: 'ftp://example.test/hook', events: ['building.created'] }, '/url'],
      [{ url: 'not a url', events: ['building.created'] }, '/url'],
      [{ url: receiver.url('/x'), events: ['building.created'], description: 'x'.repeat(501) }, '/description'],
      [{ url: receiver.url('/x'), events: ['building.created'], secret: 'whsec_mine' }, 'secret'],
    ];
    for (const [payload, field] of cases) {
      const refused = await register(a.key, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(refused.body)).toContain(field);
    }
  });

  it("refuses session tokens, people and another partner's key; another partner's ids are not there", async () => {
    const token = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${a.ownerId}/sessions`,
      key: a.key,
      payload: {},
    });
    expect(token.status, JSON.stringify(token.body)).toBeLessThan(300);
    const person = await createTestUser(t.deps.database.db, { email: 'hook@person.test' });
    for (const credential of [{ token: token.body.token as string }, { key: person.key }]) {
      const listed = await t.request({ method: 'GET', url: '/v1/webhooks', ...credential });
      expect(listed.status).toBe(403);
      const made = await t.request({
        method: 'POST',
        url: '/v1/webhooks',
        ...credential,
        payload: { url: receiver.url('/x'), events: ['building.created'] },
      });
      expect(made.status).toBe(403);
    }
    const item = `/v1/webhooks/${webhookA}`;
    for (const [method, url, payload] of [
      ['GET', item, undefined],
      ['PATCH', item, { enabled: false }],
      ['DELETE', item, undefined],
      ['POST', `${item}/test`, {}],
      ['GET', `${item}/deliveries`, undefined],
    ] as const) {
      const response = await t.request({ method, url, key: b.key, ...(payload ? { payload } : {}) });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(receiver.url('/a'));
    }
    const listB = await t.request({ method: 'GET', url: '/v1/webhooks', key: b.key });
    expect(listB.body.webhooks).toEqual([]);
    // still there and enabled after B's attempts
    expect((await t.request({ method: 'GET', url: item, key: a.key })).body.enabled).toBe(true);
  });

  it('sends every partner event, signed, with the data the decisions name', { timeout: 120_000 }, async () => {
    const buildingId = await newBuilding(a, 'Webhook-bygget');
    const seed = { ...a, buildingId };
    const readable = await t.upload({
      seed,
      filename: 'FDV varmepumpe.pdf',
      bytes: await makePdf(['Drift og vedlikehold av varmepumpe. Serviceintervall 12 måneder.']),
    });
    const broken = await t.upload({
      seed,
      filename: 'Ødelagt.pdf',
      bytes: Buffer.from('%PDF-1.4 this file ends here'),
    });
    await t.waitForProcessing([readable, broken]);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/v1/building_owners/${a.ownerId}/buildings/${buildingId}/documents/${readable}`,
      key: a.key,
    });
    expect(deleted.status).toBe(200);
    const report = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${a.ownerId}/buildings/${buildingId}/reports`,
      key: a.key,
      payload: { country: 'NO', version: 'v1' },
    });
    expect(report.status, JSON.stringify(report.body)).toBeLessThan(300);
    const gone = await t.request({
      method: 'DELETE',
      url: `/v1/building_owners/${a.ownerId}/buildings/${buildingId}`,
      key: a.key,
    });
    expect(gone.status).toBeLessThan(300);
    const test = await t.request({ method: 'POST', url: `/v1/webhooks/${webhookA}/test`, key: a.key });
    expect(test.status).toBe(202);

    const wanted = [...PARTNER_EVENTS, 'webhook.test'];
    const events = await until(
      async () => {
        const parsed = [];
        for (const received of receiver.at('/a')) {
          parsed.push({ received, event: await verifyWebhook(secretA, received.headers as never, received.body) });
        }
        return parsed.filter(({ event }) => {
          const data = event.data as { building_id?: string };
          return event.type === 'webhook.test' || data.building_id === buildingId;
        });
      },
      (parsed) => wanted.every((type) => parsed.some(({ event }) => event.type === type)),
      'every partner event at /a',
    );
    for (const { received } of events) {
      expect(received.headers['content-type']).toBe('application/json');
      expect(received.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(String(received.headers['webhook-signature']).split(' ')).toContain(
        independentSignature(secretA, received),
      );
    }
    const byType = (type: string) => events.find(({ event }) => event.type === type)!.event;
    const base = { building_owner_id: a.ownerId, building_id: buildingId };
    expect(byType('building.created').data).toEqual(base);
    expect(byType('building.deleted').data).toEqual(base);
    expect(byType('document.deleted').data).toEqual({ ...base, document_id: readable });
    expect(byType('report.generated').data).toEqual({ ...base, country: 'NO', version: 'v1' });
    const processed = byType('document.processed');
    expect(processed.data).toMatchObject({
      ...base,
      document_id: readable,
      filename: 'FDV varmepumpe.pdf',
      status: { document_id: readable, extracted_text: true, outcome: 'read' },
    });
    const failed = byType('document.failed');
    expect(failed.data).toMatchObject({ ...base, document_id: broken, filename: 'Ødelagt.pdf' });
    expect(String((failed.data as { reason: string }).reason)).toMatch(/\w{5,}/);
    expect(new Date(byType('webhook.test').timestamp).getTime()).not.toBeNaN();
  });

  it("keeps one partner's events from another's endpoints, and a scoped key's to its own buildings", async () => {
    const hookB = await register(b.key, { url: receiver.url('/b'), events: ['building.created', 'building.deleted'] });
    expect(hookB.status).toBe(201);
    const granted = await newBuilding(a, 'Tildelt');
    const other = await newBuilding(a, 'Ikke tildelt');
    const scoped = await t.createKey({ partnerId: a.partnerId, buildingIds: [granted] });
    const hookScoped = await register(scoped.key, { url: receiver.url('/scoped'), events: ['building.deleted'] });
    expect(hookScoped.status).toBe(201);
    // the scoped key sees its own webhook only; the whole-partner key sees both
    const scopedList = await t.request({ method: 'GET', url: '/v1/webhooks', key: scoped.key });
    expect(scopedList.body.webhooks.map((w: { id: string }) => w.id)).toEqual([hookScoped.body.id]);
    expect((await t.request({ method: 'GET', url: `/v1/webhooks/${webhookA}`, key: scoped.key })).status).toBe(404);

    for (const building of [other, granted]) {
      const archived = await t.request({
        method: 'DELETE',
        url: `/v1/building_owners/${a.ownerId}/buildings/${building}`,
        key: a.key,
      });
      expect(archived.status).toBeLessThan(300);
    }
    const ownB = await newBuilding(b, 'B sitt bygg');
    // deliveries are chosen in the transaction of the change: after the answers, they are all there
    const toScoped = await deliveriesOf(scoped.key, hookScoped.body.id);
    expect(toScoped).toHaveLength(1);
    const toB = await deliveriesOf(b.key, hookB.body.id);
    expect(toB.map((d) => d.type)).toEqual(['building.created']);
    const [scopedReceived] = await until(
      () => receiver.at('/scoped'),
      (r) => r.length >= 1,
      'the scoped webhook',
    );
    const scopedEvent = await verifyWebhook(
      hookScoped.body.secret,
      scopedReceived!.headers as never,
      scopedReceived!.body,
    );
    expect(scopedEvent.data).toEqual({ building_owner_id: a.ownerId, building_id: granted });
    const [atB] = await until(
      () => receiver.at('/b'),
      (r) => r.length >= 1,
      'B',
    );
    expect(JSON.parse(atB!.body).data).toEqual({ building_owner_id: b.ownerId, building_id: ownB });
    expect(receiver.at('/b').some((r) => r.body.includes(a.ownerId))).toBe(false);
  });

  it(
    'retries a failing receiver with the same webhook-id until it answers 2xx, and logs each attempt',
    { timeout: 120_000 },
    async () => {
      receiver.failFirst('/flaky', 2);
      const hook = await register(a.key, { url: receiver.url('/flaky'), events: ['webhook.test'] });
      const test = await t.request({ method: 'POST', url: `/v1/webhooks/${hook.body.id}/test`, key: a.key });
      const attempts = await until(
        () => receiver.at('/flaky'),
        (r) => r.length >= 3,
        'three attempts',
      );
      expect(new Set(attempts.map((r) => r.headers['webhook-id']))).toEqual(new Set([test.body.eventId]));
      for (const attempt of attempts) {
        await expect(verifyWebhook(hook.body.secret, attempt.headers as never, attempt.body)).resolves.toMatchObject({
          type: 'webhook.test',
        });
      }
      const [delivery] = await until(
        () => deliveriesOf(a.key, hook.body.id),
        (d) => d[0]?.status === 'succeeded',
        'the delivery succeeded',
      );
      expect(delivery).toMatchObject({ eventId: test.body.eventId, attempt: 3, responseStatus: 200, error: null });
      const log = await t.deps.database.db
        .selectFrom('webhook_attempts')
        .select(['attempt', 'succeeded', 'response_status'])
        .where('delivery_id', '=', delivery!.id)
        .orderBy('attempt')
        .execute();
      expect(log).toEqual([
        { attempt: 1, succeeded: false, response_status: 500 },
        { attempt: 2, succeeded: false, response_status: 500 },
        { attempt: 3, succeeded: true, response_status: 200 },
      ]);
    },
  );

  it(
    'counts a timeout and a redirect as failures, follows no redirect, and gives up after the schedule',
    { timeout: 120_000 },
    async () => {
      const hang = await register(a.key, { url: receiver.url('/hang'), events: ['webhook.test'] });
      const redirect = await register(a.key, { url: receiver.url('/redirect'), events: ['webhook.test'] });
      for (const hook of [hang, redirect]) {
        await t.request({ method: 'POST', url: `/v1/webhooks/${hook.body.id}/test`, key: a.key });
      }
      const [hung] = await until(
        () => deliveriesOf(a.key, hang.body.id),
        (d) => d[0]?.status === 'failed',
        'the hanging delivery failed',
      );
      expect(hung).toMatchObject({ attempt: 3, responseStatus: null });
      expect(hung!.error).toContain('no answer within');
      const [redirected] = await until(
        () => deliveriesOf(a.key, redirect.body.id),
        (d) => d[0]?.status === 'failed',
        'the redirected delivery failed',
      );
      expect(redirected).toMatchObject({ attempt: 3, responseStatus: 302 });
      expect(redirected!.error).toContain('redirect');
      expect(receiver.at('/redirect')).toHaveLength(3);
      expect(receiver.at('/redirected')).toHaveLength(0);
    },
  );

  it('sends nothing to a disabled webhook, not even later, and sends again once enabled', async () => {
    const hook = await register(a.key, { url: receiver.url('/off'), events: ['building.created'] });
    const off = await t.request({
      method: 'PATCH',
      url: `/v1/webhooks/${hook.body.id}`,
      key: a.key,
      payload: { enabled: false, description: 'ERP' },
    });
    expect(off.body).toMatchObject({ enabled: false, description: 'ERP' });
    await newBuilding(a, 'Mens av');
    expect(await deliveriesOf(a.key, hook.body.id)).toEqual([]);
    await t.request({ method: 'PATCH', url: `/v1/webhooks/${hook.body.id}`, key: a.key, payload: { enabled: true } });
    const after = await newBuilding(a, 'Etter på');
    const deliveries = await deliveriesOf(a.key, hook.body.id);
    expect(deliveries).toHaveLength(1);
    const [received] = await until(
      () => receiver.at('/off'),
      (r) => r.length >= 1,
      'the enabled webhook',
    );
    expect(JSON.parse(received!.body).data.building_id).toBe(after);
    // deleted: gone for its partner, and nothing more is chosen for it
    const removed = await t.request({ method: 'DELETE', url: `/v1/webhooks/${hook.body.id}`, key: a.key });
    expect(removed.body).toEqual({ success: true });
    expect((await t.request({ method: 'GET', url: `/v1/webhooks/${hook.body.id}`, key: a.key })).status).toBe(404);
  });

  it('shows the deliveries newest first, a page at a time', async () => {
    const first = await deliveriesOf(a.key, webhookA);
    expect(first.length).toBeGreaterThan(3);
    const page = await t.request({ method: 'GET', url: `/v1/webhooks/${webhookA}/deliveries?limit=2`, key: a.key });
    expect(page.body.deliveries.map((d: { id: string }) => d.id)).toEqual(first.slice(0, 2).map((d) => d.id));
    const next = await t.request({
      method: 'GET',
      url: `/v1/webhooks/${webhookA}/deliveries?limit=2&next_token=${page.body.nextToken}`,
      key: a.key,
    });
    expect(next.body.deliveries.map((d: { id: string }) => d.id)).toEqual(first.slice(2, 4).map((d) => d.id));
  });

  it('shows deliveries by outcome and the oldest pending one in /metrics', async () => {
    const metrics = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    const text = String(metrics.body);
    const value = (line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(line))
          ?.split(' ')
          .pop(),
      );
    expect(value('byggdok_webhook_deliveries{outcome="succeeded"}')).toBeGreaterThan(5);
    expect(value('byggdok_webhook_deliveries{outcome="failed"}')).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^byggdok_webhook_oldest_pending_seconds \d/m);
    expect(value('byggdok_webhook_attempts_total{outcome="retrying"}')).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/byggdok_queue_waiting_jobs\{queue="webhook.deliver"\}/);
  });
});
