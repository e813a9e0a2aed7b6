import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../../../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

describe.each(testEngines())('platform administration in the application, on %s', (engine) => {
  let t: TestApp;
  let customerId: string;
  let workspaceOwnerId: string;
  let platformAdmin: { userId: string; key: string };
  let customerAdmin: { userId: string; key: string };
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    ({ customerId, workspaceOwnerId } = await createTestCustomer(db, { name: 'Riving AS' }));
    platformAdmin = await createTestUser(db, { platformAdmin: true, email: 'ops@byggdok.test' });
    customerAdmin = await createTestUser(db, { email: 'sjef@riving.test' });
    await giveCustomerRole(db, { customerId, userId: customerAdmin.userId, role: 'ADMIN' });
    projectId = (
      await t.request({
        method: 'POST',
        url: `/construction/customers/${customerId}/projects`,
        key: customerAdmin.key,
        payload: { name: 'Gammelt sykehus', buildings: [{ name: 'Blokk A' }] },
      })
    ).body.id;
  });
  afterAll(() => t.close());

  async function queuedTo(subject: string): Promise<string[]> {
    const rows = await t.deps.database.db
      .selectFrom('mail_messages')
      .select('to_addresses')
      .where('subject', '=', subject)
      .execute();
    return rows.flatMap((row) => row.to_addresses).sort();
  }

  it('sends one message per person of a customer, a project or a list, leaving out those without access', async () => {
    const db = t.deps.database.db;
    const writer = await createTestUser(db, { email: 'skriver@riving.test' });
    const shut = await createTestUser(db, { email: 'stengt@riving.test' });
    const gone = await createTestUser(db, { email: 'sluttet@riving.test', status: 'deactivated' });
    await giveCustomerRole(db, { customerId, userId: writer.userId, role: 'WRITE_ACCESS' });
    await giveCustomerRole(db, { customerId, userId: shut.userId, role: 'NO_ACCESS' });
    await giveCustomerRole(db, { customerId, userId: gone.userId, role: 'READ_ACCESS' });
    await db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: writer.userId, role: 'NO_ACCESS' })
      .execute();

    const toCustomer = await t.request({
      method: 'POST',
      url: '/construction/admin/email',
      key: platformAdmin.key,
      payload: { customerId, subject: 'Vedlikehold lørdag', text: 'Tjenesten er nede kl. 02-04.' },
    });
    expect(toCustomer.status).toBe(202);
    expect(toCustomer.body).toEqual({ sent: 2 });
    expect(await queuedTo('Vedlikehold lørdag')).toEqual(['sjef@riving.test', 'skriver@riving.test']);

    const toProject = await t.request({
      method: 'POST',
      url: '/construction/admin/email',
      key: platformAdmin.key,
      payload: { projectId, subject: 'Prosjektet avsluttes', text: 'Last ned det du trenger.' },
    });
    expect(toProject.body).toEqual({ sent: 1 });
    expect(await queuedTo('Prosjektet avsluttes')).toEqual(['sjef@riving.test']);

    const toUsers = await t.request({
      method: 'POST',
      url: '/construction/admin/email',
      key: platformAdmin.key,
      payload: { userIds: [shut.userId], subject: 'Til deg', text: 'Hei', html: '<p>Hei</p>' },
    });
    expect(toUsers.body).toEqual({ sent: 1 });

    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'actor_label', 'customer_id'])
      .where('action', '=', 'admin.email_sent')
      .orderBy('occurred_at')
      .execute();
    expect(audit[0]).toEqual({ action: 'admin.email_sent', actor_label: 'ops@byggdok.test', customer_id: customerId });
  });

  it('refuses a customer ADMIN (403) and bodies that do not name exactly one audience', async () => {
    const byCustomerAdmin = await t.request({
      method: 'POST',
      url: '/construction/admin/email',
      key: customerAdmin.key,
      payload: { customerId, subject: 'S', text: 'T' },
    });
    expect(byCustomerAdmin.status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: 'S', text: 'T' }, '/customerId'],
      [{ customerId, projectId, subject: 'S', text: 'T' }, '/projectId'],
      [{ customerId, subject: '', text: 'T' }, '/subject'],
      [{ customerId, subject: 'x'.repeat(201), text: 'T' }, '/subject'],
      [{ customerId, subject: 'S', text: 'x'.repeat(20_001) }, '/text'],
      [{ customerId, subject: 'S', text: 'T', bcc: 'x@y.z' }, '/bcc'],
      [{ userIds: ['user_00000000000000000000000000'], subject: 'S', text: 'T' }, '/userIds/0'],
      [{ userIds: ['someone'], subject: 'S', text: 'T' }, '/userIds/0'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/construction/admin/email',
        key: platformAdmin.key,
        payload,
      });
      expect(response.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('deletes a project for good with its documents and files; the audit log keeps who, what and when', async () => {
    const partnerId = await t.createPartner('Drift');
    await t.request({
      method: 'PUT',
      url: `/admin/partners/${partnerId}/building_owners/${workspaceOwnerId}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { key } = await t.createKey({ partnerId });
    const project = await t.request({
      method: 'GET',
      url: `/construction/customers/${customerId}/projects/${projectId}`,
      key: customerAdmin.key,
    });
    const buildingId = project.body.buildings[0].id as string;
    const documentId = await t.upload({
      seed: { key, ownerId: workspaceOwnerId, buildingId },
      filename: 'Riveplan.pdf',
      bytes: Buffer.from('%PDF-1.4 riveplan'),
    });
    const db = t.deps.database.db;
    const { blob_key: blobKey } = await db
      .selectFrom('documents')
      .select('blob_key')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(await t.deps.blobs.head(blobKey)).not.toBeNull();

    const refused = await t.request({
      method: 'DELETE',
      url: `/construction/admin/projects/${projectId}`,
      key: customerAdmin.key,
    });
    expect(refused.status).toBe(403);

    const deleted = await t.request({
      method: 'DELETE',
      url: `/construction/admin/projects/${projectId}`,
      key: platformAdmin.key,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    expect(
      (
        await t.request({
          method: 'GET',
          url: `/construction/customers/${customerId}/projects/${projectId}`,
          key: customerAdmin.key,
        })
      ).status,
    ).toBe(404);
    expect(await db.selectFrom('documents').select('id').where('id', '=', documentId).execute()).toEqual([]);
    expect(await db.selectFrom('buildings').select('id').where('id', '=', buildingId).execute()).toEqual([]);
    expect(await t.deps.blobs.head(blobKey)).toBeNull();
    const document = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${workspaceOwnerId}/buildings/${buildingId}/documents/${documentId}`,
      key,
    });
    expect(document.status).toBe(404);

    const audit = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'project.deleted')
      .where('target_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_label: 'ops@byggdok.test', customer_id: customerId });
    expect(audit.details).toMatchObject({ name: 'Gammelt sykehus', buildings: 1, documents: 1 });

    const again = await t.request({
      method: 'DELETE',
      url: `/construction/admin/projects/${projectId}`,
      key: platformAdmin.key,
    });
    expect(again.status).toBe(404);
  });
});
