import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

describe.each(testEngines())('operator admin API on %s', (engine) => {
  let t: TestApp;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  it('requires the operator token', async () => {
    expect((await t.request({ method: 'GET', url: '/admin/partners' })).status).toBe(401);
    const wrong = await t.request({ method: 'GET', url: '/admin/partners', headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('auth.invalid_admin_token');
    // a partner key is not an operator token
    const seed = await t.seed();
    expect((await t.request({ method: 'GET', url: '/admin/partners', key: seed.key })).status).toBe(401);
  });

  it('creates partners and shows a key once, storing only its hash', async () => {
    const partner = await t.request({
      method: 'POST',
      url: '/admin/partners',
      headers: admin,
      payload: { name: 'Acme Proptech' },
    });
    expect(partner.status).toBe(201);
    expect(partner.body).toEqual({
      id: expect.stringMatching(/^prt_/),
      name: 'Acme Proptech',
      createdAt: expect.any(String),
    });
    const key = await t.request({
      method: 'POST',
      url: `/admin/partners/${partner.body.id}/keys`,
      headers: admin,
      payload: { name: 'prod' },
    });
    expect(key.status).toBe(201);
    expect(key.body).toMatchObject({ partnerId: partner.body.id, buildingOwnerIds: [], buildingIds: [] });
    expect(key.body.key).toMatch(/^fk_live_[A-Za-z0-9_-]{40,}$/);
    const listed = await t.request({ method: 'GET', url: `/admin/partners/${partner.body.id}/keys`, headers: admin });
    expect(JSON.stringify(listed.body)).not.toContain(key.body.key);
    expect(listed.body.keys[0]).toMatchObject({
      id: key.body.id,
      keyPrefix: key.body.key.slice(0, 12),
      revokedAt: null,
    });
    const stored = await t.deps.database.db
      .selectFrom('api_keys')
      .select('key_hash')
      .where('id', '=', key.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.key_hash).not.toContain(key.body.key);
    const partners = await t.request({ method: 'GET', url: '/admin/partners', headers: admin });
    expect(partners.body.partners.map((p: { id: string }) => p.id)).toContain(partner.body.id);
  });

  it('refuses grants of owners or buildings the partner does not reach, naming each', async () => {
    const seed = await t.seed();
    const stranger = await t.createPartner('Stranger');
    const response = await t.request({
      method: 'POST',
      url: `/admin/partners/${stranger}/keys`,
      headers: admin,
      payload: { buildingOwnerIds: [seed.ownerId], buildingIds: ['bld_unknown'] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toEqual([
      '/buildingOwnerIds/0',
      '/buildingIds/0',
    ]);
    expect(
      (await t.request({ method: 'POST', url: '/admin/partners/prt_nope/keys', headers: admin, payload: {} })).status,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/admin/keys/key_nope', headers: admin })).status).toBe(404);
  });
});
