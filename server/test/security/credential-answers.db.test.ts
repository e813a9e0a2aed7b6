import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { testWebhookSettings } from '../helpers/webhook-receiver.js';

/** the Cache-Control an answer carries, or '' */
const cacheControlOf = (answer: { headers: Record<string, unknown> }) =>
  (answer.headers['cache-control'] as string) ?? '';

/**
 * A credential read back from a cache: the answer that hands out a partner's session token (a token meant for
 * client-side code, so often fetched through a browser or a proxy) or a webhook's signing secret (the only answer
 * that shows it) kept by a browser's disk cache, a shared proxy or a CDN, where the next user of the machine or the
 * proxy's operator finds it. Each such answer says `Cache-Control: no-store`.
 */
describe.each(testEngines())('answers that carry a credential on %s', (engine) => {
  let t: TestApp;
  let seed: { key: string; ownerId: string; buildingId: string };
  let world: DeliveryWorld;

  beforeAll(async () => {
    t = await createTestApp({ engine, settings: { webhooks: testWebhookSettings() } });
    seed = await t.seed();
    world = await createDeliveryWorld(t);
  }, 120_000);
  afterAll(() => t.close());

  it('are never kept by a cache: a session token, a webhook secret, a personal key, a portal link, any API answer', async () => {
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: { expires_in: 600 },
    });
    expect(session.status).toBe(200);
    expect(session.body.token).toMatch(/^ft_/);

    const partnerHook = await t.request({
      method: 'POST',
      url: '/v1/webhooks',
      key: seed.key,
      payload: { url: 'https://203.0.113.10/hook', events: ['webhook.test'] },
    });
    expect(partnerHook.status).toBe(201);
    expect(partnerHook.body.secret).toMatch(/^whsec_/);

    const customerHook = await t.request({
      method: 'POST',
      url: `/construction/customers/${world.customerId}/webhooks`,
      key: world.adminKey,
      payload: { url: 'https://203.0.113.10/customer', events: ['delivery.updated'] },
    });
    expect(customerHook.status).toBe(201);
    expect(customerHook.body.secret).toMatch(/^whsec_/);

    // a person's new personal key, and a subcontractor's new portal link
    const personalKey = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      key: world.adminKey,
      payload: { name: 'Skript' },
    });
    expect(personalKey.status).toBe(201);
    expect(personalKey.body.key).toMatch(/^fk_user_/);
    const portalToken = await t.request({
      method: 'POST',
      url: `/construction/customers/${world.customerId}/projects/${world.projectId}/subcontractors/${world.subcontractorId}/tokens`,
      key: world.adminKey,
      payload: {},
    });
    expect(portalToken.status).toBe(201);
    expect(portalToken.body.token).toMatch(/^sct_/);
    // and what any answer of the API carries: a tenant's documents, a refusal
    const documents = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
      key: seed.key,
    });
    expect(documents.status).toBe(200);
    const refused = await t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}`, key: 'fk_wrong' });
    expect(refused.status).toBe(401);

    const cached = [
      ['POST .../sessions', session],
      ['POST /v1/webhooks', partnerHook],
      ['POST /construction/customers/{id}/webhooks', customerHook],
      ['POST /auth/api-keys', personalKey],
      ['POST .../subcontractors/{id}/tokens', portalToken],
      ['GET .../documents', documents],
      ['a 401', refused],
    ] as const;
    expect(
      cached
        .filter(([, answer]) => !cacheControlOf(answer).split(/,\s*/).includes('no-store'))
        .map(([what, answer]) => `${what}: cache-control "${cacheControlOf(answer)}"`),
    ).toEqual([]);
  });
});
