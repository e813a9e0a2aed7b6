import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * What a webhook's owner, or someone with a weaker credential, learns or changes through the webhook routes beyond
 * their own endpoints: the service's inside names and addresses through the refusal of a URL (at registration, on a
 * change, in the delivery log), another partner's or another key's webhooks on every route, and the signing secret
 * after the answer that registered it.
 */
describe.each(testEngines())('webhook reach on %s', (engine) => {
  let t: TestApp;
  let a: { partnerId: string; key: string; ownerId: string; buildingId: string };
  let b: { partnerId: string; key: string; ownerId: string; buildingId: string };
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { webhooks: testWebhookSettings({ allowPrivate: false, retryScheduleSeconds: [] }) },
    });
    a = await t.seed();
    b = await t.seed();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const register = (key: string, url: string, events: string[] = ['webhook.test']) =>
    t.request({ method: 'POST', url: '/v1/webhooks', key, payload: { url, events } });

  /** the inside addresses `localhost` resolves to here, none of which an answer may name */
  const LOOPBACK = ['127.0.0.1', '::1'];

  it('does not tell what a host name resolves to inside the network, at registration or on a change', async () => {
    const refused = await register(a.key, 'https://localhost/hook');
    expect(refused.status).toBe(400);
    const problems = JSON.stringify(refused.body);
    expect(problems).toContain('/url');
    expect(problems).toContain('private');
    for (const address of LOOPBACK) expect(problems, address).not.toContain(address);

    const created = await register(a.key, 'https://203.0.113.10/hook');
    expect(created.status).toBe(201);
    const moved = await t.request({
      method: 'PATCH',
      url: `/v1/webhooks/${created.body.id}`,
      key: a.key,
      payload: { url: `https://localhost:${receiver.port}/hook` },
    });
    expect(moved.status).toBe(400);
    for (const address of LOOPBACK) expect(JSON.stringify(moved.body), address).not.toContain(address);
    // an address written in the URL is the caller's own: it may be named
    const literal = await register(a.key, 'https://10.0.0.8/hook');
    expect(JSON.stringify(literal.body)).toContain('10.0.0.8');
  });

  it('refuses loopback and unspecified addresses in every spelling of them', async () => {
    for (const url of [
      'https://2130706433/hook',
      'https://0x7f000001/hook',
      'https://0177.0.0.1/hook',
      'https://127.1/hook',
      'https://0.0.0.0/hook',
      'https://0/hook',
      'https://[::]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fd00:ec2::254]/hook',
    ]) {
      const refused = await register(a.key, url);
      expect(refused.status, url).toBe(400);
      expect(JSON.stringify(refused.body), url).toContain('/url');
    }
  });

  it("does not tell, in the delivery log, what the webhook's host name now resolves to inside", async () => {
    const created = await register(a.key, 'https://203.0.113.10/hook');
    expect(created.status).toBe(201);
    // as if its name resolved to a public address at registration and to loopback now
    await t.deps.database.db
      .updateTable('webhooks')
      .set({ url: `https://localhost:${receiver.port}/rebound` })
      .where('id', '=', created.body.id)
      .execute();
    expect((await t.request({ method: 'POST', url: `/v1/webhooks/${created.body.id}/test`, key: a.key })).status).toBe(
      202,
    );
    const [delivery] = await until(
      async () =>
        (await t.request({ method: 'GET', url: `/v1/webhooks/${created.body.id}/deliveries`, key: a.key })).body
          .deliveries,
      (d: { status: string; error: string | null }[]) => d[0]?.status === 'failed',
      'the delivery refused',
    );
    expect(delivery).toMatchObject({ attempt: 1, responseStatus: null });
    expect(delivery!.error).toContain('private');
    for (const address of LOOPBACK) expect(delivery!.error, address).not.toContain(address);
    expect(receiver.received).toEqual([]);
  });

  it("finds no other partner's or other key's webhook on any route, and changes none of them", async () => {
    const created = await register(a.key, 'https://203.0.113.10/a', ['building.created']);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const scoped = await t.createKey({ partnerId: a.partnerId, buildingIds: [a.buildingId] });
    const token = (
      await t.request({
        method: 'POST',
        url: `/v1/building_owners/${a.ownerId}/sessions`,
        key: a.key,
        payload: { expires_in: 600 },
      })
    ).body.token as string;
    const callers = [
      { who: "another partner's key", key: b.key, status: 404 },
      { who: 'a key scoped to a building of the same partner', key: scoped.key, status: 404 },
    ];
    for (const { who, key, status } of callers) {
      const tries = [
        await t.request({ method: 'GET', url: `/v1/webhooks/${id}`, key }),
        await t.request({ method: 'PATCH', url: `/v1/webhooks/${id}`, key, payload: { url: 'https://203.0.113.9/x' } }),
        await t.request({ method: 'PATCH', url: `/v1/webhooks/${id}`, key, payload: { enabled: false } }),
        await t.request({ method: 'POST', url: `/v1/webhooks/${id}/test`, key }),
        await t.request({ method: 'GET', url: `/v1/webhooks/${id}/deliveries`, key }),
        await t.request({ method: 'DELETE', url: `/v1/webhooks/${id}`, key }),
      ];
      expect(
        tries.map((r) => r.status),
        who,
      ).toEqual(tries.map(() => status));
      const listed = await t.request({ method: 'GET', url: '/v1/webhooks', key });
      expect(JSON.stringify(listed.body), who).not.toContain(id);
    }
    // a session token (a read-only view a web page holds) may not even list
    for (const request of [
      { method: 'GET' as const, url: '/v1/webhooks' },
      { method: 'GET' as const, url: `/v1/webhooks/${id}` },
      { method: 'DELETE' as const, url: `/v1/webhooks/${id}` },
      { method: 'POST' as const, url: `/v1/webhooks/${id}/test` },
    ]) {
      const answer = await t.request({ ...request, token });
      expect([401, 403], `${request.method} ${request.url}`).toContain(answer.status);
    }
    const still = await t.request({ method: 'GET', url: `/v1/webhooks/${id}`, key: a.key });
    expect(still.body).toMatchObject({ url: 'https://203.0.113.10/a', enabled: true });
    const log = await t.request({ method: 'GET', url: `/v1/webhooks/${id}/deliveries`, key: a.key });
    expect(log.body.deliveries).toEqual([]);
  });

  it('shows the secret only in the answer that registered the webhook, and stores it sealed', async () => {
    const created = await register(a.key, 'https://203.0.113.10/secret');
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const answers = [
      await t.request({ method: 'GET', url: '/v1/webhooks', key: a.key }),
      await t.request({ method: 'GET', url: `/v1/webhooks/${created.body.id}`, key: a.key }),
      await t.request({
        method: 'PATCH',
        url: `/v1/webhooks/${created.body.id}`,
        key: a.key,
        payload: { description: 'ERP' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret.slice('whsec_'.length, 20));
      expect(JSON.stringify(answer.body)).not.toContain('"secret"');
    }
    const row = await t.deps.database.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));
  });
});
