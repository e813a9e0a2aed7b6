import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress } from '../../src/domain/webhooks/target-addresses.js';
import { createHttpWebhookSender } from '../../src/integrations/webhooks/http.webhook-sender.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * Server-side request forgery through webhooks: a URL that reaches into the service's own network (loopback, private,
 * link-local, unique-local, the cloud metadata address) is refused at registration with a 400 naming `/url`, and
 * again at each delivery, where the connection goes to the address that was checked.
 */
describe('webhook target addresses', () => {
  it('refuses loopback, private, link-local, unique-local and mapped addresses, and allows public ones', () => {
    const inside = [
      '127.0.0.1',
      '127.255.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      // IPv4 carried in other IPv6 forms: compatible, translated, 6to4, Teredo
      '::127.0.0.1',
      '::a9fe:a9fe',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'not-an-address',
    ];
    expect(inside.filter((address) => !isForbiddenAddress(address))).toEqual([]);
    const outside = [
      '203.0.113.10',
      '8.8.8.8',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:203.0.113.10',
      '::203.0.113.10',
      '2002:cb00:710a::1',
      '2001:db8::1',
    ];
    expect(outside.filter((address) => isForbiddenAddress(address))).toEqual([]);
  });

  it('refuses http and inside addresses before connecting, and connects to nothing it refused', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const sender = createHttpWebhookSender({ allowPrivate: false, timeoutMs: 1000 });
      expect(await sender.checkTarget('http://203.0.113.10/hook')).toContain('https');
      expect(await sender.checkTarget(`https://127.0.0.1:${receiver.port}/hook`)).toContain('127.0.0.1');
      expect(await sender.checkTarget('https://localhost/hook')).toMatch(/loopback|resolve/);
      expect(await sender.checkTarget('https://[::1]/hook')).toContain('::1');
      expect(await sender.checkTarget('https://user:pw@203.0.113.10/hook')).toContain('password');
      // a delivery to an address that is (now) inside: refused without a connection
      const sent = await sender.send({ url: receiver.url('/inside'), headers: {}, body: '{}' });
      expect(sent.ok).toBe(false);
      const refused = await sender.send({
        url: `https://127.0.0.1:${receiver.port}/inside`,
        headers: {},
        body: '{}',
      });
      expect(refused).toMatchObject({ ok: false, status: null });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe.each(testEngines())('webhook registration and delivery without WEBHOOKS_ALLOW_PRIVATE on %s', (engine) => {
  let t: TestApp;
  let seed: { key: string; ownerId: string; buildingId: string };
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { webhooks: testWebhookSettings({ allowPrivate: false, retryScheduleSeconds: [] }) },
    });
    seed = await t.seed();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses URLs into private networks with a 400 naming /url', async () => {
    for (const url of [
      receiver.url('/hook'),
      `https://127.0.0.1:${receiver.port}/hook`,
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/hook',
      'https://[fd00::8]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const refused = await t.request({
        method: 'POST',
        url: '/v1/webhooks',
        key: seed.key,
        payload: { url, events: ['building.created'] },
      });
      expect(refused.status, url).toBe(400);
      expect(refused.body.errors ?? refused.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: '/url' })]),
      );
    }
    // a change of URL is checked the same way
    const created = await t.request({
      method: 'POST',
      url: '/v1/webhooks',
      key: seed.key,
      payload: { url: 'https://203.0.113.10/hook', events: ['webhook.test'] },
    });
    expect(created.status).toBe(201);
    const moved = await t.request({
      method: 'PATCH',
      url: `/v1/webhooks/${created.body.id}`,
      key: seed.key,
      payload: { url: `https://127.0.0.1:${receiver.port}/hook` },
    });
    expect(moved.status).toBe(400);
  });

  it('checks the address again at delivery: a host that now resolves inside gets no request', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/v1/webhooks',
      key: seed.key,
      payload: { url: 'https://203.0.113.10/hook', events: ['webhook.test'] },
    });
    // as if its name resolved to a public address at registration and to loopback now (DNS rebinding)
    await t.deps.database.db
      .updateTable('webhooks')
      .set({ url: `https://127.0.0.1:${receiver.port}/rebound` })
      .where('id', '=', created.body.id)
      .execute();
    await t.request({ method: 'POST', url: `/v1/webhooks/${created.body.id}/test`, key: seed.key });
    const [delivery] = await until(
      async () =>
        (await t.request({ method: 'GET', url: `/v1/webhooks/${created.body.id}/deliveries`, key: seed.key })).body
          .deliveries,
      (d: { status: string; error: string | null }[]) => d[0]?.status === 'failed',
      'the delivery refused',
    );
    expect(delivery).toMatchObject({ attempt: 1, responseStatus: null });
    expect(delivery!.error).toContain('127.0.0.1');
    expect(receiver.received).toEqual([]);
  });
});
