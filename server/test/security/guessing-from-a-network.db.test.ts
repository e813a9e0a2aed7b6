import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT } from '../../src/domain/signin/sign-in-throttle.js';
import { PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const MINUTE = 60_000;

/**
 * The per-address limits of the sign-in throttle (failed sign-ins, addresses found uninvited at the start,
 * forgot-password requests: 50 in 15 minutes) against someone with an IPv6 network: one holder usually has a whole
 * /64, 2^64 addresses, so a new source address for every try would make the limit count nothing. An IPv6 address is
 * counted as its /64; an IPv4 address inside IPv6 (`::ffff:a.b.c.d`, how a dual-stack listener sees IPv4 clients) as
 * that IPv4 address alone. The rate limit (RATE_LIMIT_ENABLED) counts a request without a proven credential the same way.
 */
describe.each(testEngines())('guessing from many addresses of one network, on %s', (engine) => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  /** each test starts outside the window of the one before */
  const freshWindow = () => (offsetMs += 16 * MINUTE);
  const forgot = (remoteAddress: string, email: string) =>
    t.request({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: PUBLIC_URL },
      payload: { email },
      remoteAddress,
    });
  const startSignIn = (remoteAddress: string, email: string) =>
    t.request({ method: 'GET', url: `/auth/login?email=${encodeURIComponent(email)}`, remoteAddress });

  it('sweeping addresses through the sign-in start from ever new addresses of one /64 is stopped like one address', async () => {
    freshWindow();
    for (let i = 1; i <= ADDRESS_LIMIT; i++) {
      const answer = await startSignIn(`2001:db8:7:1::${i.toString(16)}`, `who${i}@outside.test`);
      expect(answer.status).toBe(403);
    }
    const refused = await startSignIn('2001:db8:7:1:ffff:ffff:ffff:fffe', 'one-more@outside.test');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the same address written another way, and a neighbour network, as expected
    expect((await startSignIn('2001:DB8:7:1:0:0:0:99', 'again@outside.test')).status).toBe(429);
    expect((await startSignIn('2001:db8:7:2::1', 'other@outside.test')).status).toBe(403);
  });

  it('forgot-password requests from ever new addresses of one /64 are limited like one address', async () => {
    freshWindow();
    for (let i = 1; i <= ADDRESS_LIMIT; i++) {
      expect((await forgot(`2001:db8:8:1::${i.toString(16)}`, `who${i}@outside.test`)).status).toBe(202);
    }
    const refused = await forgot('2001:db8:8:1:abcd::1', 'one-more@outside.test');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('auth.too_many_attempts');
    expect((await forgot('2001:db8:8:2::1', 'other@outside.test')).status).toBe(202);
  });

  it('IPv4 clients seen through a dual-stack listener are each counted alone', async () => {
    freshWindow();
    for (let i = 1; i <= ADDRESS_LIMIT; i++) {
      expect((await forgot('::ffff:198.51.100.7', `who${i}@outside.test`)).status).toBe(202);
    }
    expect((await forgot('::ffff:198.51.100.7', 'one-more@outside.test')).status).toBe(429);
    expect((await forgot('198.51.100.7', 'plain@outside.test')).status).toBe(429);
    expect((await forgot('::ffff:198.51.100.8', 'neighbour@outside.test')).status).toBe(202);
  });
});

describe.each(testEngines())('the rate limit against many addresses of one network, on %s', (engine) => {
  const MAX = 5;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ engine, options: { rateLimit: { enabled: true, max: MAX, windowMs: 3_600_000 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts made-up keys from ever new addresses of one /64 against that network', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= MAX + 2; i++) {
      const answer = await t.request({
        method: 'GET',
        url: '/v1/building_owners',
        headers: { 'x-api-key': `fk_live_guess_${i}` },
        remoteAddress: `2001:db8:9:1::${i.toString(16)}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(MAX).fill(401), 429, 429]);
    const neighbour = await t.request({
      method: 'GET',
      url: '/v1/building_owners',
      headers: { 'x-api-key': 'fk_live_guess_neighbour' },
      remoteAddress: '2001:db8:9:2::1',
    });
    expect(neighbour.status).toBe(401);
  });
});
