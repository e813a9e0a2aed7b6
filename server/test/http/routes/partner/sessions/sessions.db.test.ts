import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';

describe.each(testEngines())('session tokens on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-22T10:00:00.000Z');
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let ownerB: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock: { now: () => now } });
    seed = await t.seed();
    ownerB = (await t.request({ method: 'POST', url: '/v1/building_owners', key: seed.key, payload: { name: 'B' } }))
      .body.id;
  });
  afterAll(() => t.close());

  const createSession = (payload: unknown, key = seed.key, owner = seed.ownerId) =>
    t.request({ method: 'POST', url: `/v1/building_owners/${owner}/sessions`, key, payload: payload as object });

  it('issues an ft_ token with an ISO expiry (milliseconds, Z), default one hour', async () => {
    const response = await createSession({});
    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^ft_[A-Za-z0-9_-]{40,}$/);
    expect(response.body.expires_at).toBe('2026-11-22T11:00:00.000Z');
    const custom = await createSession({ expires_in: 600 });
    expect(custom.body.expires_at).toBe('2026-11-22T10:10:00.000Z');
  });

  it('refuses expires_in outside 60..86400 naming the field', async () => {
    for (const expires_in of [59, 86_401, 0, -5]) {
      const response = await createSession({ expires_in });
      expect(response.status, String(expires_in)).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ path: '/expires_in' })]);
    }
    expect((await createSession({ expires_in: 60 })).status).toBe(200);
    expect((await createSession({ expires_in: 86_400 })).status).toBe(200);
    expect((await createSession({ expires_in: '600' })).status).toBe(400);
  });

  it('reads its own owner, and nothing else', async () => {
    const { token } = (await createSession({ expires_in: 600 })).body;
    const buildings = await t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}/buildings`, token });
    expect(buildings.status).toBe(200);
    expect(buildings.body.buildings[0].id).toBe(seed.buildingId);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/status`,
          token,
        })
      ).status,
    ).toBe(200);
    const other = await t.request({ method: 'GET', url: `/v1/building_owners/${ownerB}/buildings`, token });
    expect(other.status).toBe(403);
    const owners = await t.request({ method: 'GET', url: '/v1/building_owners', token });
    expect(owners.body.buildingOwners.map((o: { id: string }) => o.id)).toEqual([seed.ownerId]);
  });

  it('never writes: no building, owner, rename, delete or new session', async () => {
    const { token } = (await createSession({})).body;
    const attempts = [
      t.request({ method: 'PUT', url: `/v1/building_owners/${seed.ownerId}/buildings`, token, payload: { name: 'X' } }),
      t.request({ method: 'POST', url: '/v1/building_owners', token, payload: { name: 'X' } }),
      t.request({ method: 'PATCH', url: `/v1/building_owners/${seed.ownerId}`, token, payload: { name: 'X' } }),
      t.request({ method: 'DELETE', url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`, token }),
      t.request({
        method: 'PATCH',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
        token,
        payload: { name: 'X' },
      }),
      t.request({ method: 'POST', url: `/v1/building_owners/${seed.ownerId}/sessions`, token, payload: {} }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('auth.read_only_token');
    }
  });

  it('stops working when it expires or its key is revoked', async () => {
    const { token } = (await createSession({ expires_in: 60 })).body;
    const url = `/v1/building_owners/${seed.ownerId}/buildings`;
    expect((await t.request({ method: 'GET', url, token })).status).toBe(200);
    now = new Date(now.getTime() + 61_000);
    const expired = await t.request({ method: 'GET', url, token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('auth.token_expired');

    const key = await t.createKey({ partnerId: seed.partnerId });
    const second = (await createSession({}, key.key)).body.token;
    expect((await t.request({ method: 'GET', url, token: second })).status).toBe(200);
    await t.request({
      method: 'DELETE',
      url: `/admin/keys/${key.id}`,
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
    });
    expect((await t.request({ method: 'GET', url, token: second })).status).toBe(401);
  });

  it('is never wider than its key: a building-scoped key makes a building-scoped token', async () => {
    const second = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Second' },
      })
    ).body;
    const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [second] });
    const { token } = (await createSession({}, scoped.key)).body;
    const list = await t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}/buildings`, token });
    expect(list.body.buildings.map((b: { id: string }) => b.id)).toEqual([second]);
    expect((await createSession({}, scoped.key, ownerB)).status).toBe(403);
  });

  it('keeps an expired token a day, telling its holder it expired, then clears it as new tokens are made', async () => {
    const db = t.deps.database.db;
    const url = `/v1/building_owners/${seed.ownerId}/buildings`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createSession({ expires_in: 60 })).body.token as string);
    const count = async () =>
      Number((await db.selectFrom('session_tokens').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // expired for almost a day: still told it expired, still stored
    now = new Date(now.getTime() + 60_000 + 86_000_000);
    await createSession({});
    const lateButKnown = await t.request({ method: 'GET', url, token: made[0] });
    expect(lateButKnown.body.code).toBe('auth.token_expired');
    const stored = await count();
    // a day after they expired, the next token made clears them
    now = new Date(now.getTime() + 500_000);
    await createSession({});
    expect(await count()).toBeLessThanOrEqual(stored + 1 - made.length);
    const cleared = await t.request({ method: 'GET', url, token: made[0] });
    expect(cleared.status).toBe(401);
    expect(cleared.body.code).not.toBe('auth.token_expired');
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await createSession({})).body;
    const rows = await t.deps.database.db.selectFrom('session_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token) || token.includes(r.token_hash))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});
