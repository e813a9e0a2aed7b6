import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const MAX = 5;

/**
 * Rate limits by who is proven, not who is claimed (issue 41, item 4): a request whose credential is missing, unknown
 * or refused counts against its client address; only a credential the service accepts gets a bucket of its own.
 * Before this, every made-up `x-api-key` got a fresh bucket, so guessing was not limited at all (this file failed).
 */
describe.each(testEngines())('rate limits on %s', (engine) => {
  let t: TestApp;
  let seed: { key: string; ownerId: string; partnerId: string };
  let world: DeliveryWorld;
  let address = 0;
  /** each test comes from an address of its own */
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    t = await createTestApp({ engine, options: { rateLimit: { enabled: true, max: MAX, windowMs: 3_600_000 } } });
    seed = await t.seed();
    world = await createDeliveryWorld(t);
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers, remoteAddress });

  it.each([
    ['made-up partner keys', (i: number) => ({ 'x-api-key': `fk_live_guess_${i}_${Date.now()}` })],
    ['made-up personal keys', (i: number) => ({ 'x-api-key': `fk_user_guess_${i}_${Date.now()}` })],
    ['made-up bearer tokens', (i: number) => ({ authorization: `Bearer sst_guess_${i}` })],
    ['made-up access tokens', (i: number) => ({ authorization: `Bearer aaa.bbb${i}.ccc` })],
    ['made-up session cookies', (i: number) => ({ cookie: `byggdok_session=guess${i}` })],
  ])('counts %s against the client address', async (_label, headersOf) => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 2; i++) statuses.push((await get('/v1/building_owners', from, headersOf(i))).status);
    expect(statuses).toEqual([...Array<number>(MAX).fill(401), 429, 429]);
  });

  it('counts no credential and a refused one (the portal token on a partner route) against the address too', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < MAX; i++) {
      const headers: Record<string, string> = i % 2 === 0 ? {} : { authorization: `Bearer ${world.token}` };
      statuses.push((await get('/v1/building_owners', from, headers)).status);
    }
    expect(statuses).toEqual(Array<number>(MAX).fill(401));
    expect((await get('/v1/building_owners', from, { authorization: `Bearer ${world.token}` })).status).toBe(429);
  });

  it('gives a proven key and a proven portal token buckets of their own, whatever the address has spent', async () => {
    const from = nextAddress();
    for (let i = 0; i < MAX; i++) await get('/v1/building_owners', from, { 'x-api-key': `fk_live_nope_${i}` });
    expect((await get('/v1/building_owners', from, { 'x-api-key': 'fk_live_nope' })).status).toBe(429);
    // the same address with a real key is counted by the key
    expect((await get('/v1/building_owners', from, { 'x-api-key': seed.key })).status).toBe(200);
    const portal = `/construction/public/project/${world.projectId}/${world.subcontractorId}`;
    const answer = await get(portal, from, { authorization: `Bearer ${world.token}` });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(400);
    expect(answer.headers['ratelimit-remaining']).toBe(String(MAX - 1));
  });

  it('counts the session tokens made from a key against the key, so minting tokens buys no more', async () => {
    const key = (await t.createKey({ partnerId: seed.partnerId })).key;
    const from = nextAddress();
    const mint = () =>
      t.request({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/sessions`,
        headers: { 'x-api-key': key },
        payload: {},
        remoteAddress: from,
      });
    // the key spends its budget on making tokens, then each fresh token finds it spent
    const tokens: string[] = [];
    for (let i = 0; i < MAX; i++) {
      const made = await mint();
      if (made.status === 200 || made.status === 201) tokens.push(made.body.token as string);
    }
    expect(tokens.length).toBeGreaterThan(0);
    expect((await mint()).status).toBe(429);
    for (const token of tokens) {
      expect((await get('/v1/building_owners', from, { authorization: `Bearer ${token}` })).status).toBe(429);
    }
  });
});
