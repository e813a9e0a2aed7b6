import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { holdLocks, someoneWaitsForALock } from '../helpers/row-locks.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/**
 * An archived project is read-only, as a handed-over one is, until an OWNER makes it active again: every change by
 * its members (WRITE_ACCESS and OWNER alike) answers 409 `project.archived` and changes nothing, while reading it,
 * downloading and zipping its files, its audit log and managing its members go on. Before, an archived project stayed
 * writable by its members and only its portal closed. Archiving ends its portal links for good: making it active again
 * brings none back.
 */
describe.each(testEngines())('an archived project is read-only, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let writer: { userId: string; key: string };
  let owner: { userId: string; key: string };
  let reader: { userId: string; key: string };
  let deliveryId: string;
  let documentId: string;
  let tokenId: string;
  const project = () => `/construction/customers/${w.customerId}/projects/${w.projectId}`;
  const subcontractor = () => `${project()}/subcontractors/${w.subcontractorId}`;
  const pdf = (name: string) => Buffer.from(`%PDF-1.4 ${name} ${'x'.repeat(600)}`);
  const call = (request: Call, key: string) => t.request({ ...request, key });

  /** what a refused change would have changed: the project, its buildings, deliveries, subcontractors and files */
  async function state() {
    const db = t.deps.database.db;
    return {
      project: await db.selectFrom('projects').selectAll().where('id', '=', w.projectId).executeTakeFirst(),
      buildings: await db
        .selectFrom('project_buildings')
        .select('building_id')
        .where('project_id', '=', w.projectId)
        .orderBy('building_id')
        .execute(),
      deliveries: await db
        .selectFrom('deliveries')
        .selectAll()
        .where('project_id', '=', w.projectId)
        .orderBy('id')
        .execute(),
      subcontractors: await db
        .selectFrom('subcontractors')
        .selectAll()
        .where('project_id', '=', w.projectId)
        .orderBy('id')
        .execute(),
      tokens: await db
        .selectFrom('subcontractor_tokens')
        .select(['id', 'revoked_at', 'expires_at'])
        .where('project_id', '=', w.projectId)
        .orderBy('id')
        .execute(),
      imports: await db
        .selectFrom('storage_provider_imports')
        .select('id')
        .where('building_id', '=', w.buildingId)
        .execute(),
      documents: await db
        .selectFrom('documents')
        .select(['id', 'filename', 'building_category', 'archived_at', 'updated_at'])
        .where('project_id', '=', w.projectId)
        .orderBy('id')
        .execute(),
    };
  }

  /** every change of the project's things a member could ask for */
  const changes = (): Call[] => [
    { method: 'PUT', url: project(), payload: { name: 'Nytt navn' } },
    { method: 'POST', url: `${project()}/buildings`, payload: { name: 'Hus B' } },
    {
      method: 'POST',
      url: '/construction/deliveries/',
      payload: { customerId: w.customerId, projectId: w.projectId, buildingCategory: '320', fullCategory: '320' },
    },
    { method: 'PUT', url: `/construction/deliveries/${deliveryId}`, payload: { description: 'Endret' } },
    { method: 'DELETE', url: `/construction/deliveries/${deliveryId}`, payload: { projectId: w.projectId } },
    {
      method: 'POST',
      url: '/construction/deliveries/copy-deliveries',
      payload: { fromProjectId: w.projectId, toProjectId: w.projectId, deliveryIds: [deliveryId] },
    },
    {
      method: 'POST',
      url: '/construction/deliveries/send-subcontractor-email',
      payload: { projectId: w.projectId, subcontractorId: w.subcontractorId },
    },
    { method: 'POST', url: `${project()}/subcontractors`, payload: { companyName: 'Ny AS', email: 'ny@ny.test' } },
    { method: 'PUT', url: subcontractor(), payload: { contactName: 'Endret' } },
    { method: 'DELETE', url: subcontractor() },
    { method: 'POST', url: `${subcontractor()}/tokens`, payload: {} },
    { method: 'DELETE', url: `${subcontractor()}/tokens/${tokenId}` },
    { method: 'PUT', url: `/construction/documents/${documentId}`, payload: { buildingCategory: '33' } },
    {
      method: 'PUT',
      url: '/construction/documents/batch',
      payload: { documents: [{ id: documentId, buildingCategory: '34' }] },
    },
    { method: 'DELETE', url: `/construction/documents/${documentId}` },
    {
      method: 'POST',
      url: `${project()}/bulk-update-metadata`,
      payload: { documentIds: [documentId], buildingCategory: '35' },
    },
    { method: 'POST', url: `${project()}/update-filenames`, payload: {} },
    {
      method: 'POST',
      url: '/integrations/storage-provider/import',
      payload: { buildingId: w.buildingId, folderPath: '/' },
    },
  ];

  beforeAll(async () => {
    t = await createTestApp({
      engine,
      settings: {
        // an import into the project's building is refused before the provider is ever asked
        storageProvider: {
          authorizeUrl: 'http://127.0.0.1:9/authorize',
          tokenUrl: 'http://127.0.0.1:9/token',
          clientId: 'byggdok',
          clientSecret: 'not-used',
          scopes: 'files.read',
          apiUrl: 'http://127.0.0.1:9/api',
          tokenKey: randomBytes(32),
        },
      },
    });
    w = await createDeliveryWorld(t, { projectName: 'Arkivgården' });
    const db = t.deps.database.db;
    const person = async (role: 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER', email: string) => {
      const user = await createTestUser(db, { email });
      await giveCustomerRole(db, { customerId: w.customerId, userId: user.userId, role });
      return user;
    };
    writer = await person('WRITE_ACCESS', 'skriver@entreprenor.test');
    owner = await person('OWNER', 'eier@entreprenor.test');
    reader = await person('READ_ACCESS', 'leser@entreprenor.test');
    deliveryId = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    documentId = await portalUpload(t, { ...w, filename: 'VVS/FDV varmepumpe.pdf', bytes: pdf('fdv') });
    const tokens = await t.request({ method: 'GET', url: `${subcontractor()}/tokens`, key: w.adminKey });
    tokenId = tokens.body.tokens[0].id;
    const archived = await call({ method: 'PUT', url: project(), payload: { status: 'ARCHIVED' } }, owner.key);
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.status).toBe('ARCHIVED');
  });
  afterAll(() => t?.close());

  it('refuses every change by a WRITE_ACCESS member and by an OWNER with 409 project.archived, changing nothing', async () => {
    const before = await state();
    for (const [who, key] of [
      ['WRITE_ACCESS', writer.key],
      ['OWNER', owner.key],
    ] as const) {
      for (const change of changes()) {
        const refused = await call(change, key);
        // was: 200, 201 or 204, the change made
        expect(refused.status, `${who} ${change.method} ${change.url} ${JSON.stringify(refused.body)}`).toBe(409);
        expect(refused.body.code).toBe('project.archived');
        expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    }
    // what only an OWNER may ask for: other fields beside the archived status, a handover (even its dry run)
    for (const change of [
      { method: 'PUT', url: project(), payload: { status: 'ARCHIVED', description: 'Endret i samme slengen' } },
      { method: 'POST', url: `${project()}/handover`, payload: { buildingOwnerId: w.customerId, dryRun: true } },
    ] as const) {
      const refused = await call(change, owner.key);
      expect(refused.status, `OWNER ${change.method} ${change.url} ${JSON.stringify(refused.body)}`).toBe(409);
      expect(refused.body.code).toBe('project.archived');
    }
    expect(await state()).toEqual(before);
  });

  it('still reads: the project, its files, downloads, history, deliveries, subcontractors, zips and audit log', async () => {
    const reads: Call[] = [
      { method: 'GET', url: project() },
      { method: 'GET', url: `/construction/customers/${w.customerId}/projects` },
      { method: 'GET', url: `/construction/buildings/projects/${w.projectId}` },
      { method: 'GET', url: `/construction/documents/project/${w.projectId}` },
      { method: 'GET', url: `/construction/documents/${documentId}` },
      { method: 'GET', url: `/construction/documents/${documentId}/get-signed-url` },
      { method: 'GET', url: `/construction/documents/${documentId}/history` },
      { method: 'GET', url: `/construction/deliveries/project/${w.projectId}` },
      { method: 'GET', url: `/construction/deliveries/${deliveryId}` },
      { method: 'GET', url: `/construction/deliveries/${deliveryId}/decisions` },
      { method: 'GET', url: `${project()}/subcontractors` },
      { method: 'GET', url: `${project()}/preview-filenames` },
      { method: 'GET', url: `${project()}/idp/users` },
      { method: 'GET', url: `/construction/customers/${w.customerId}/audit?projectId=${w.projectId}` },
    ];
    for (const read of reads) {
      const answer = await call(read, owner.key);
      expect(answer.status, `${read.method} ${read.url} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    for (const read of reads.slice(0, 12)) {
      const answer = await call(read, reader.key);
      expect(answer.status, `READ_ACCESS ${read.method} ${read.url}`).toBe(200);
    }
    const zip = await call({ method: 'POST', url: `/construction/zip/${w.buildingId}`, payload: {} }, writer.key);
    expect(zip.status, JSON.stringify(zip.body)).toBe(202);
  });

  it('lets an OWNER manage its members, and answers a repeated archiving as done', async () => {
    const role = await call(
      { method: 'PUT', url: `${project()}/idp/users/${reader.userId}/role`, payload: { role: 'WRITE_ACCESS' } },
      owner.key,
    );
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const back = await call(
      { method: 'PUT', url: `${project()}/idp/users/${reader.userId}/role`, payload: { role: 'READ_ACCESS' } },
      owner.key,
    );
    expect(back.status).toBe(200);
    const again = await call({ method: 'PUT', url: project(), payload: { status: 'ARCHIVED' } }, owner.key);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('ARCHIVED');
  });

  it('ended every live portal link when it was archived, and says so in the audit log', async () => {
    const tokens = await t.deps.database.db
      .selectFrom('subcontractor_tokens')
      .select(['id', 'revoked_at'])
      .where('project_id', '=', w.projectId)
      .execute();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(token.revoked_at, token.id).not.toBeNull();
    const audit = await call(
      { method: 'GET', url: `/construction/customers/${w.customerId}/audit?projectId=${w.projectId}` },
      owner.key,
    );
    const archiving = audit.body.events.find((event: { action: string }) => event.action === 'project.archived');
    expect(archiving?.details).toMatchObject({ revokedTokens: tokens.length });
  });

  it('keeps the portal closed while archived', async () => {
    const portal = await t.request({
      method: 'GET',
      url: `/construction/public/delivery/${w.projectId}/${w.subcontractorId}`,
      token: w.token,
    });
    expect(portal.status).toBe(401);
    expect(portal.body.code).toBe('auth.invalid_subcontractor_token');
  });

  it('is made active again by an OWNER, not by a WRITE_ACCESS member; then changes work again', async () => {
    const byWriter = await call({ method: 'PUT', url: project(), payload: { status: 'ACTIVE' } }, writer.key);
    expect(byWriter.status).toBe(403);
    expect(byWriter.body.code).toBe('auth.role_required');
    expect((await call({ method: 'GET', url: project() }, writer.key)).body.status).toBe('ARCHIVED');

    // the fields named with the reactivation change with it
    const reactivated = await call(
      { method: 'PUT', url: project(), payload: { status: 'ACTIVE', description: 'Gjenåpnet' } },
      owner.key,
    );
    expect(reactivated.status, JSON.stringify(reactivated.body)).toBe(200);
    expect(reactivated.body).toMatchObject({ status: 'ACTIVE', description: 'Gjenåpnet' });

    const renamed = await call({ method: 'PUT', url: project(), payload: { name: 'Arkivgården B' } }, writer.key);
    expect(renamed.status).toBe(200);
    const building = await call(
      { method: 'POST', url: `${project()}/buildings`, payload: { name: 'Hus B' } },
      writer.key,
    );
    expect(building.status).toBe(201);
    const document = await call(
      { method: 'PUT', url: `/construction/documents/${documentId}`, payload: { buildingCategory: '33' } },
      writer.key,
    );
    expect(document.status, JSON.stringify(document.body)).toBe(200);
    expect(document.body.buildingCategory).toBe('33');
    const delivery = await call(
      { method: 'PUT', url: `/construction/deliveries/${deliveryId}`, payload: { description: 'Endret' } },
      writer.key,
    );
    expect(delivery.status).toBe(200);
    const subcontractors = await call(
      { method: 'POST', url: `${project()}/subcontractors`, payload: { companyName: 'Ny AS', email: 'ny@ny.test' } },
      writer.key,
    );
    expect(subcontractors.status).toBe(201);
    // the links sent before the archiving stay ended (was: they worked again); a new one works
    const portal = await t.request({
      method: 'GET',
      url: `/construction/public/delivery/${w.projectId}/${w.subcontractorId}`,
      token: w.token,
    });
    expect(portal.status).toBe(401);
    expect(portal.body.code).toBe('auth.invalid_subcontractor_token');
    const issued = await call({ method: 'POST', url: `${subcontractor()}/tokens`, payload: {} }, writer.key);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const again = await t.request({
      method: 'GET',
      url: `/construction/public/delivery/${w.projectId}/${w.subcontractorId}`,
      token: issued.body.token,
    });
    expect(again.status).toBe(200);
  });
});

/**
 * A change let in while the project was active whose UPDATE then waits for an archiving's lock on the project row:
 * it must not write its fields over the archived project, nor a building into it.
 *
 * Two transactions at once: the PostgreSQL server only (PGlite runs one connection, so the race cannot happen there).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a project change racing its archiving, on postgres', () => {
  let t: TestApp;
  let w: DeliveryWorld;

  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    w = await createDeliveryWorld(t, { projectName: 'Kappløpet' });
  }, 120_000);
  afterAll(() => t?.close());

  it('waits for the archiving and is refused; the project stays archived and unchanged', async () => {
    const db = t.deps.database.db;
    const url = `/construction/customers/${w.customerId}/projects/${w.projectId}`;
    for (const change of [
      { method: 'PUT' as const, url, payload: { name: 'Skrevet over' } },
      { method: 'POST' as const, url: `${url}/buildings`, payload: { name: 'Hus C' } },
      // a portal link issued while the archiving holds the row: not one that outlives it
      { method: 'POST' as const, url: `${url}/subcontractors/${w.subcontractorId}/tokens`, payload: {} },
      {
        method: 'POST' as const,
        url: '/construction/deliveries/send-subcontractor-email',
        payload: { projectId: w.projectId, subcontractorId: w.subcontractorId },
      },
    ]) {
      const tokensBefore = await db
        .selectFrom('subcontractor_tokens')
        .select('id')
        .where('project_id', '=', w.projectId)
        .execute();
      // an archiving's UPDATE of the project row, held open
      const archiving = await holdLocks(db, (trx) =>
        trx.updateTable('projects').set({ status: 'ARCHIVED' }).where('id', '=', w.projectId).execute(),
      );
      const racing = t.request({ ...change, key: w.adminKey });
      try {
        await someoneWaitsForALock(t, { racing });
      } finally {
        await archiving.release();
      }
      const refused = await racing;
      // was: 200 with the new name over the archived project, 201 with a building added to it or a token issued
      expect(refused.status, `${change.method} ${change.url} ${JSON.stringify(refused.body)}`).toBe(409);
      expect(refused.body.code).toBe('project.archived');
      const row = await db
        .selectFrom('projects')
        .select(['status', 'name'])
        .where('id', '=', w.projectId)
        .executeTakeFirst();
      expect(row).toEqual({ status: 'ARCHIVED', name: 'Kappløpet' });
      const buildings = await db
        .selectFrom('project_buildings')
        .select('building_id')
        .where('project_id', '=', w.projectId)
        .execute();
      expect(buildings).toHaveLength(1);
      const tokensAfter = await db
        .selectFrom('subcontractor_tokens')
        .select('id')
        .where('project_id', '=', w.projectId)
        .execute();
      expect(tokensAfter).toEqual(tokensBefore);
      await db.updateTable('projects').set({ status: 'ACTIVE' }).where('id', '=', w.projectId).execute();
    }
  });
});
