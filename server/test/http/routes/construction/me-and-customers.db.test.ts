import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/domain/shared/ids.js';
import {
  createTestCustomer,
  createTestSession,
  createTestUser,
  giveCustomerRole,
} from '../../../helpers/people-fixtures.js';
import { PUBLIC_URL, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

describe.each(testEngines())('who am I, and my customers, on %s', (engine) => {
  let t: TestApp;
  let contractor: string;
  let other: string;
  let project: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    contractor = (await createTestCustomer(db, { name: 'Bygg & Betong AS' })).customerId;
    other = (await createTestCustomer(db, { name: 'Annen Entreprenør AS' })).customerId;
    project = newId.uuid();
    await db.insertInto('projects').values({ id: project, customer_id: other, name: 'Skole Nord' }).execute();
  });
  afterAll(() => t.close());

  it('tells a person who they are, with each customer and project they reach and their role there', async () => {
    const db = t.deps.database.db;
    const person = await createTestUser(db, { email: 'Kari.Nordmann@example.test', name: 'Kari Nordmann' });
    await giveCustomerRole(db, { customerId: contractor, userId: person.userId, role: 'WRITE_ACCESS' });
    // in the other customer only one project, through a project role
    await giveCustomerRole(db, { customerId: other, userId: person.userId, role: 'NO_ACCESS' });
    await db
      .insertInto('project_members')
      .values({ project_id: project, user_id: person.userId, role: 'READ_ACCESS' })
      .execute();

    const me = await t.request({ method: 'GET', url: '/auth/me', key: person.key });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: person.userId,
      email: 'Kari.Nordmann@example.test',
      name: 'Kari Nordmann',
      locale: 'en',
      platformAdmin: false,
    });
    expect(me.body.customers).toEqual(
      expect.arrayContaining([
        { id: contractor, name: 'Bygg & Betong AS', role: 'WRITE_ACCESS' },
        { id: other, name: 'Annen Entreprenør AS', role: null },
      ]),
    );
    expect(me.body.projects).toEqual([{ id: project, customerId: other, name: 'Skole Nord', role: 'READ_ACCESS' }]);

    const customers = await t.request({ method: 'GET', url: '/construction/customers/', key: person.key });
    expect(customers.status).toBe(200);
    expect(customers.body.customers.map((c: { id: string }) => c.id).sort()).toEqual([contractor, other].sort());
    const one = await t.request({ method: 'GET', url: `/construction/customers/${contractor}`, key: person.key });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: contractor,
      name: 'Bygg & Betong AS',
      buildingOwnerId: null,
      role: 'WRITE_ACCESS',
    });
  });

  it('hides customers the person has no role in (404), and those where NO_ACCESS is all they have', async () => {
    const db = t.deps.database.db;
    const stranger = await createTestUser(db);
    const shut = await createTestUser(db);
    await giveCustomerRole(db, { customerId: contractor, userId: shut.userId, role: 'NO_ACCESS' });
    for (const key of [stranger.key, shut.key]) {
      expect((await t.request({ method: 'GET', url: '/construction/customers/', key })).body).toEqual({
        customers: [],
      });
      const response = await t.request({ method: 'GET', url: `/construction/customers/${contractor}`, key });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('customer.not_found');
      expect(JSON.stringify(response.body)).not.toContain('Bygg & Betong');
      expect((await t.request({ method: 'GET', url: '/auth/me', key })).body).toMatchObject({
        customers: [],
        projects: [],
      });
    }
  });

  it('shows platform administrators every customer and project as ADMIN', async () => {
    const admin = await createTestUser(t.deps.database.db, { platformAdmin: true });
    const me = await t.request({ method: 'GET', url: '/auth/me', key: admin.key });
    expect(me.body.customers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: contractor, role: 'ADMIN' }),
        expect.objectContaining({ id: other, role: 'ADMIN' }),
      ]),
    );
    expect(me.body.projects).toEqual(expect.arrayContaining([expect.objectContaining({ id: project, role: 'ADMIN' })]));
  });

  it('remembers the language a person chose, on every device they sign in on', async () => {
    const db = t.deps.database.db;
    const person = await createTestUser(db, { email: 'ola@example.test' });
    const cookie = await createTestSession(db, person.userId);
    const chosen = await t.request({
      method: 'PATCH',
      url: '/auth/me',
      payload: { locale: 'no' },
      headers: { cookie: `byggdok_session=${cookie}`, origin: PUBLIC_URL },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.locale).toBe('no');
    // another device: the person's key sees the same choice
    expect((await t.request({ method: 'GET', url: '/auth/me', key: person.key })).body.locale).toBe('no');

    // another site cannot change it with the person's cookie; a language the service does not know is refused
    const crossSite = await t.request({
      method: 'PATCH',
      url: '/auth/me',
      payload: { locale: 'en' },
      headers: { cookie: `byggdok_session=${cookie}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const unknown = await t.request({ method: 'PATCH', url: '/auth/me', payload: { locale: 'xx' }, key: person.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('/locale');
    const partner = await t.request({
      method: 'PATCH',
      url: '/auth/me',
      payload: { locale: 'en' },
      key: (await t.seed()).key,
    });
    expect(partner.status).toBe(401);
    expect((await t.request({ method: 'GET', url: '/auth/me', key: person.key })).body.locale).toBe('no');
  });

  it('answers 401 to partner keys and to nobody, and 400 naming the field for an id that is not a UUID', async () => {
    const seed = await t.seed();
    for (const url of ['/auth/me', '/construction/customers/', `/construction/customers/${contractor}`]) {
      expect((await t.request({ method: 'GET', url })).status).toBe(401);
      const partner = await t.request({ method: 'GET', url, key: seed.key });
      expect(partner.status).toBe(401);
      expect(partner.body.code).toBe('auth.user_required');
    }
    const person = await createTestUser(t.deps.database.db);
    const malformed = await t.request({ method: 'GET', url: '/construction/customers/not-a-uuid', key: person.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].path).toBe('/customerId');
  });
});
