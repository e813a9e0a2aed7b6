import { verifyWebhook } from '@byggdok/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * An event raised while no worker runs (the service stopped before it could send) is pending in the database with its
 * job, and the next start sends it, signed with the secret sealed by the key both starts share; a change that rolled
 * back raised nothing.
 */
describe.each(testEngines())('webhooks across a restart on %s', (engine) => {
  let receiver: WebhookReceiver;
  let second: TestApp | null = null;
  afterAll(async () => {
    await second?.close();
    await receiver?.close();
  });

  it('sends after the restart what was pending when the service stopped', async () => {
    receiver = await startWebhookReceiver();
    const first = await createTestApp({ engine, workers: false, settings: { webhooks: testWebhookSettings() } });
    const seed = await first.seed();
    const hook = await first.request({
      method: 'POST',
      url: '/v1/webhooks',
      key: seed.key,
      payload: { url: receiver.url('/restart'), events: ['building.created'] },
    });
    expect(hook.status).toBe(201);
    const building = await first.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name: 'Før omstart' },
    });
    const pending = await first.request({
      method: 'GET',
      url: `/v1/webhooks/${hook.body.id}/deliveries`,
      key: seed.key,
    });
    expect(pending.body.deliveries).toEqual([expect.objectContaining({ status: 'pending', attempt: 0 })]);
    // the service stops: its HTTP side and its queue; the database stays, as it does on disk
    await first.app.close();
    await first.deps.queue.stop();
    expect(receiver.received).toEqual([]);

    second = await createTestApp({
      engine,
      database: first.deps.database,
      workers: true,
      settings: { webhooks: testWebhookSettings() },
    });
    const [received] = await until(
      () => receiver.at('/restart'),
      (r) => r.length >= 1,
      'the pending event',
    );
    const event = await verifyWebhook(hook.body.secret, received!.headers as never, received!.body);
    expect(event).toMatchObject({
      type: 'building.created',
      data: { building_owner_id: seed.ownerId, building_id: building.body },
    });
    expect(received!.headers['webhook-id']).toBe(pending.body.deliveries[0].eventId);
  }, 120_000);
});
