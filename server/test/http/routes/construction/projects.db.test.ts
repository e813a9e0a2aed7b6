import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../../../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(testEngines())('construction projects and their buildings, on %s', (engine) => {
  let t: TestApp;
  let customerId: string;
  let writer: { userId: string; key: string };
  let owner: { userId: string; key: string };
  let reader: { userId: string; key: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    customerId = (await createTestCustomer(db, { name: 'Veidekke Test AS' })).customerId;
    writer = await createTestUser(db, { email: 'writer@example.test' });
    owner = await createTestUser(db);
    reader = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: writer.userId, role: 'WRITE_ACCESS' });
    await giveCustomerRole(db, { customerId, userId: owner.userId, role: 'OWNER' });
    await giveCustomerRole(db, { customerId, userId: reader.userId, role: 'READ_ACCESS' });
  });
  afterAll(() => t.close());

  const projects = () => `/construction/customers/${customerId}/projects`;

  it('creates a project with its buildings, which every list then shows', async () => {
    const created = await t.request({
      method: 'POST',
      url: projects(),
      key: writer.key,
      payload: {
        name: 'Nye Lillestrøm skole',
        projectNumber: 'P-2041',
        address: 'Storgata 1, 2000 Lillestrøm',
        startDate: '2026-03-01',
        plannedHandoverDate: '2027-08-15',
        buildings: [{ name: 'Hovedbygg' }, { name: 'Gymsal' }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      customerId,
      name: 'Nye Lillestrøm skole',
      projectNumber: 'P-2041',
      address: 'Storgata 1, 2000 Lillestrøm',
      description: null,
      startDate: '2026-03-01',
      plannedHandoverDate: '2027-08-15',
      status: 'ACTIVE',
      role: 'WRITE_ACCESS',
    });
    expect(created.body.id).toMatch(UUID_V7);
    expect(created.body.buildings.map((b: { name: string }) => b.name)).toEqual(['Hovedbygg', 'Gymsal']);
    for (const building of created.body.buildings) expect(building.id).toMatch(UUID_V7);
    const projectId = created.body.id as string;

    const added = await t.request({
      method: 'POST',
      url: `${projects()}/${projectId}/buildings`,
      key: writer.key,
      payload: { name: 'Parkeringshus' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.stringMatching(UUID_V7), name: 'Parkeringshus' });

    const read = await t.request({ method: 'GET', url: `${projects()}/${projectId}`, key: reader.key });
    expect(read.status).toBe(200);
    expect(read.body.role).toBe('READ_ACCESS');
    expect(read.body.buildings.map((b: { name: string }) => b.name)).toEqual(['Hovedbygg', 'Gymsal', 'Parkeringshus']);

    const listed = await t.request({ method: 'GET', url: projects(), key: reader.key });
    expect(listed.body.projects.map((p: { id: string }) => p.id)).toContain(projectId);

    const ofProject = await t.request({
      method: 'GET',
      url: `/construction/buildings/projects/${projectId}`,
      key: reader.key,
    });
    expect(ofProject.status).toBe(200);
    expect(ofProject.body.buildings).toHaveLength(3);
    expect(ofProject.body.buildings[0]).toMatchObject({ name: 'Hovedbygg', projectId });
    const ofCustomer = await t.request({
      method: 'GET',
      url: `/construction/buildings/customer/${customerId}`,
      key: reader.key,
    });
    expect(ofCustomer.body.buildings.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining(ofProject.body.buildings.map((b: { id: string }) => b.id)),
    );

    // the project's buildings are ordinary buildings, held by the customer's workspace owner
    const rows = await t.deps.database.db
      .selectFrom('buildings')
      .select(['id', 'building_owner_id'])
      .where(
        'id',
        'in',
        ofProject.body.buildings.map((b: { id: string }) => b.id),
      )
      .execute();
    expect(rows).toHaveLength(3);

    const audit = await t.deps.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', projectId)
      .execute();
    expect(audit).toMatchObject([
      { action: 'project.created', actor_user_id: writer.userId, actor_label: 'writer@example.test' },
    ]);
  });

  it('updates only the members named, and clears one with null', async () => {
    const projectId = (
      await t.request({
        method: 'POST',
        url: projects(),
        key: writer.key,
        payload: { name: 'Kontorbygg Bjørvika', description: 'Rehabilitering', projectNumber: 'K-7' },
      })
    ).body.id;
    const updated = await t.request({
      method: 'PUT',
      url: `${projects()}/${projectId}`,
      key: writer.key,
      payload: { name: 'Kontorbygg Bjørvika B4', description: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Kontorbygg Bjørvika B4', description: null, projectNumber: 'K-7' });
    const again = await t.request({ method: 'GET', url: `${projects()}/${projectId}`, key: writer.key });
    expect(again.body).toMatchObject({ name: 'Kontorbygg Bjørvika B4', description: null, projectNumber: 'K-7' });
  });

  it('archives only for OWNER or more, and reading stays possible afterwards', async () => {
    const projectId = (
      await t.request({ method: 'POST', url: projects(), key: writer.key, payload: { name: 'Rivning' } })
    ).body.id;
    const byWriter = await t.request({
      method: 'PUT',
      url: `${projects()}/${projectId}`,
      key: writer.key,
      payload: { status: 'ARCHIVED' },
    });
    expect(byWriter.status).toBe(403);
    const byOwner = await t.request({
      method: 'PUT',
      url: `${projects()}/${projectId}`,
      key: owner.key,
      payload: { status: 'ARCHIVED' },
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.status).toBe('ARCHIVED');
    const handedOver = await t.request({
      method: 'PUT',
      url: `${projects()}/${projectId}`,
      key: owner.key,
      payload: { status: 'HANDED_OVER' },
    });
    expect(handedOver.status).toBe(400);
    expect(handedOver.body.errors[0].path).toBe('/status');
    expect((await t.request({ method: 'GET', url: `${projects()}/${projectId}`, key: reader.key })).body.status).toBe(
      'ARCHIVED',
    );
  });

  it('refuses changes from READ_ACCESS and hides the customer from strangers', async () => {
    const refused = await t.request({ method: 'POST', url: projects(), key: reader.key, payload: { name: 'X' } });
    expect(refused.status).toBe(403);
    const stranger = await createTestUser(t.deps.database.db);
    const hidden = await t.request({ method: 'POST', url: projects(), key: stranger.key, payload: { name: 'X' } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('customer.not_found');
    const listed = await t.request({ method: 'GET', url: projects(), key: stranger.key });
    expect(listed.status).toBe(404);
  });

  it('answers a project of another customer under this customer as not found', async () => {
    const db = t.deps.database.db;
    const otherCustomer = (await createTestCustomer(db)).customerId;
    await giveCustomerRole(db, { customerId: otherCustomer, userId: writer.userId, role: 'WRITE_ACCESS' });
    const elsewhere = await t.request({
      method: 'POST',
      url: `/construction/customers/${otherCustomer}/projects`,
      key: writer.key,
      payload: { name: 'Annet prosjekt' },
    });
    const crossed = await t.request({ method: 'GET', url: `${projects()}/${elsewhere.body.id}`, key: writer.key });
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('project.not_found');
  });

  it('answers migration-target null until a handover', async () => {
    const target = await t.request({ method: 'GET', url: `${projects()}/migration-target`, key: reader.key });
    expect(target.status).toBe(200);
    expect(target.body).toBeNull();
  });

  it.each([
    ['/name', { name: '' }],
    ['/name', { name: '   ' }],
    ['/name', { name: 'x'.repeat(256) }],
    ['/projectNumber', { name: 'A', projectNumber: 'x'.repeat(65) }],
    ['/address', { name: 'A', address: 'x'.repeat(501) }],
    ['/description', { name: 'A', description: 'x'.repeat(2001) }],
    ['/startDate', { name: 'A', startDate: '2026-02-30' }],
    ['/plannedHandoverDate', { name: 'A', plannedHandoverDate: '15.08.2027' }],
    ['/buildings', { name: 'A', buildings: Array.from({ length: 101 }, (_, i) => ({ name: `B${i}` })) }],
    ['/buildings/0/floors', { name: 'A', buildings: [{ name: 'B', floors: 3 }] }],
    ['/status', { name: 'A', status: 'ACTIVE' }],
    ['/colour', { name: 'A', colour: 'red' }],
    ['/name', {}],
  ])('rejects a create body naming %s', async (path, payload) => {
    const response = await t.request({ method: 'POST', url: projects(), key: writer.key, payload });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('rejects malformed ids with the parameter named', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/construction/customers/not-a-uuid/projects',
      key: reader.key,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('customerId');
  });
});
