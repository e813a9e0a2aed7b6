import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../../../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

describe.each(testEngines())('personal API keys and the audit log, on %s', (engine) => {
  let t: TestApp;
  let customerId: string;
  let admin: { userId: string; key: string; email: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    customerId = (await createTestCustomer(t.deps.database.db)).customerId;
    admin = await createTestUser(t.deps.database.db, { email: 'admin@kunde.test' });
    await giveCustomerRole(t.deps.database.db, { customerId, userId: admin.userId, role: 'ADMIN' });
  });
  afterAll(() => t.close());

  it('creates a key shown once that acts as its user, lists it without the key, and revokes it at once', async () => {
    const person = await createTestUser(t.deps.database.db, { email: 'skript@kunde.test' });
    const created = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      key: person.key,
      payload: { name: 'Nattlig eksport' },
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^fk_user_/);
    const me = await t.request({ method: 'GET', url: '/auth/me', key: created.body.key });
    expect(me.body.email).toBe('skript@kunde.test');

    const listed = await t.request({ method: 'GET', url: '/auth/api-keys', key: person.key });
    const entry = listed.body.keys.find((k: { id: string }) => k.id === created.body.id);
    expect(entry).toMatchObject({ name: 'Nattlig eksport', revokedAt: null, prefix: created.body.key.slice(0, 14) });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    const stored = await t.deps.database.db
      .selectFrom('user_api_keys')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.body.key);

    // someone else cannot revoke it
    const other = await createTestUser(t.deps.database.db);
    expect(
      (await t.request({ method: 'DELETE', url: `/auth/api-keys/${created.body.id}`, key: other.key })).status,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/auth/api-keys/${created.body.id}`, key: person.key })).status,
    ).toBe(204);
    expect((await t.request({ method: 'GET', url: '/auth/me', key: created.body.key })).status).toBe(401);
  });

  it('refuses a key past its expiry and the keys of a deactivated user', async () => {
    const db = t.deps.database.db;
    const person = await createTestUser(db);
    const created = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      key: person.key,
      payload: { name: 'kort', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(created.status).toBe(201);
    await db
      .updateTable('user_api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.body.id)
      .execute();
    expect((await t.request({ method: 'GET', url: '/auth/me', key: created.body.key })).status).toBe(401);
    await db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', person.userId).execute();
    expect((await t.request({ method: 'GET', url: '/auth/me', key: person.key })).status).toBe(401);
  });

  it.each([
    ['/name', {}],
    ['/name', { name: ' ' }],
    ['/expiresAt', { name: 'x', expiresAt: 'tomorrow' }],
    ['/expiresAt', { name: 'x', expiresAt: '2001-01-01T00:00:00Z' }],
    ['/expiresAt', { name: 'x', expiresAt: '2099-01-01T00:00:00Z' }],
    ['/scope', { name: 'x', scope: 'all' }],
  ])('rejects a key body naming %s', async (path, payload) => {
    const response = await t.request({ method: 'POST', url: '/auth/api-keys', key: admin.key, payload });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('pages an ADMIN through the customer’s log, newest first, with filters; others get 403 or 404', async () => {
    const url = `/construction/customers/${customerId}/audit`;
    for (const name of ['A', 'B', 'C']) {
      await t.request({
        method: 'POST',
        url: `/construction/customers/${customerId}/projects`,
        key: admin.key,
        payload: { name },
      });
    }
    await t.request({
      method: 'POST',
      url: `/construction/customers/${customerId}/idp/users`,
      key: admin.key,
      payload: { email: 'ny@kunde.test', role: 'READ_ACCESS' },
    });
    const first = await t.request({ method: 'GET', url: `${url}?limit=2`, key: admin.key });
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(2);
    expect(first.body.events[0]).toMatchObject({
      action: 'user.invited',
      actor: { kind: 'user', userId: admin.userId, label: 'admin@kunde.test' },
    });
    const second = await t.request({
      method: 'GET',
      url: `${url}?limit=2&next_token=${first.body.nextToken}`,
      key: admin.key,
    });
    // three projects and the invitation, and the first use today of the ADMIN's personal key (issue 41)
    const third = await t.request({
      method: 'GET',
      url: `${url}?limit=2&next_token=${second.body.nextToken}`,
      key: admin.key,
    });
    const events = [...first.body.events, ...second.body.events, ...third.body.events] as {
      id: string;
      action: string;
    }[];
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    expect(events.filter((e) => e.action === 'api_key.used')).toHaveLength(1);
    expect(third.body.nextToken).toBeNull();

    const created = await t.request({ method: 'GET', url: `${url}?action=project.created`, key: admin.key });
    expect(created.body.events.map((e: { details: { name: string } }) => e.details.name)).toEqual(['C', 'B', 'A']);
    const byNobody = await t.request({
      method: 'GET',
      url: `${url}?userId=user_00000000000000000000000000`,
      key: admin.key,
    });
    expect(byNobody.body.events).toEqual([]);
    const future = await t.request({ method: 'GET', url: `${url}?from=2099-01-01T00:00:00Z`, key: admin.key });
    expect(future.body.events).toEqual([]);

    const bad = await t.request({ method: 'GET', url: `${url}?action=everything`, key: admin.key });
    expect(bad.status).toBe(400);
    const forged = await t.request({ method: 'GET', url: `${url}?next_token=abc.def`, key: admin.key });
    expect(forged.status).toBe(400);

    const owner = await createTestUser(t.deps.database.db);
    await giveCustomerRole(t.deps.database.db, { customerId, userId: owner.userId, role: 'OWNER' });
    expect((await t.request({ method: 'GET', url, key: owner.key })).status).toBe(403);
    const stranger = await createTestUser(t.deps.database.db);
    expect((await t.request({ method: 'GET', url, key: stranger.key })).status).toBe(404);
  });

  it('gives one project’s log (its deliveries, subcontractors and documents) to whoever manages the project', async () => {
    const create = async (name: string) =>
      (
        await t.request({
          method: 'POST',
          url: `/construction/customers/${customerId}/projects`,
          key: admin.key,
          payload: { name, buildings: [{ name: 'Hus' }] },
        })
      ).body as { id: string };
    const [north, south] = [await create('Nord'), await create('Sør')];
    for (const project of [north, south]) {
      const subcontractor = await t.request({
        method: 'POST',
        url: `/construction/customers/${customerId}/projects/${project.id}/subcontractors`,
        key: admin.key,
        payload: { companyName: `Rør ${project.id.slice(0, 4)}`, email: 'ror@ue.test' },
      });
      expect(subcontractor.status).toBe(201);
      const delivery = await t.request({
        method: 'POST',
        url: '/construction/deliveries/',
        key: admin.key,
        payload: { customerId, projectId: project.id, buildingCategory: '320', fullCategory: '320' },
      });
      expect(delivery.status).toBe(201);
      const changed = await t.request({
        method: 'PUT',
        url: `/construction/deliveries/${delivery.body.id}`,
        key: admin.key,
        payload: { description: 'Sanitær' },
      });
      expect(changed.status).toBe(200);
    }
    // an OWNER of Nord alone (a reader in the customer)
    const manager = await createTestUser(t.deps.database.db, { email: 'leder@kunde.test' });
    await giveCustomerRole(t.deps.database.db, { customerId, userId: manager.userId, role: 'READ_ACCESS' });
    const given = await t.request({
      method: 'PUT',
      url: `/construction/customers/${customerId}/projects/${north.id}/idp/users/${manager.userId}/role`,
      key: admin.key,
      payload: { role: 'OWNER' },
    });
    expect(given.status).toBe(200);

    const log = async (projectId: string, key: string) =>
      t.request({ method: 'GET', url: `/construction/customers/${customerId}/audit?projectId=${projectId}`, key });
    const northLog = await log(north.id, manager.key);
    expect(northLog.status).toBe(200);
    const events = northLog.body.events as { action: string; target: { type: string; id: string } | null }[];
    expect(events.map((event) => event.action).sort()).toEqual([
      'delivery.created',
      'delivery.updated',
      'project.created',
      'subcontractor.created',
      'user.role_changed',
    ]);
    // nothing of Sør: its project, subcontractor and delivery ids appear nowhere
    const southEvents = (await log(south.id, admin.key)).body.events as { target: { id: string } | null }[];
    const southTargets = new Set(southEvents.map((event) => event.target?.id));
    expect(southTargets.has(south.id)).toBe(true);
    for (const event of events) expect(southTargets.has(event.target?.id)).toBe(false);
    // the manager of Nord (a reader of Sør) reads neither Sør’s log nor the customer’s
    expect((await log(south.id, manager.key)).status).toBe(403);
    const customerLog = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/audit`,
      key: manager.key,
    });
    expect(customerLog.status).toBe(403);
    // a projectId that is no id is named in a 400
    const malformed = await log('not-a-project', admin.key);
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('projectId');
  });
});
