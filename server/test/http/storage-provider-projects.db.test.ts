import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { startStorageProviderServer, type StorageProviderServer } from '../helpers/storage-provider-server.js';
import { connectStorageProvider, storageProviderSettings } from '../helpers/storage-provider-service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const CALLBACK = 'http://byggdok.test/integrations/storage-provider/oauth/callback';

/**
 * A customer with two projects, each with its own building (a building belongs to one project: the only way one comes
 * into a project is being created by it). A person who may write to the newer project only imports into its
 * building, and the files land in that project, not in the customer's older one; the older project's building stays
 * closed to them.
 */
describe.each(testEngines())('storage-provider imports with two projects of a customer, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let provider: StorageProviderServer;
  let newer: { projectId: string; buildingId: string };
  let writer: { userId: string; key: string };

  beforeAll(async () => {
    const files = [{ path: 'Tilbud/FDV heis.pdf', bytes: await makePdf(['FDV heis. Drift og vedlikehold.']) }];
    provider = await startStorageProviderServer({ redirectUri: CALLBACK, files });
    t = await createTestApp({
      engine,
      workers: true,
      settings: {
        storageProvider: storageProviderSettings(provider),
      },
    });
    w = await createDeliveryWorld(t);
    const created = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects`,
      key: w.adminKey,
      payload: { name: 'Nyere prosjekt', buildings: [{ name: 'Hus B' }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    newer = { projectId: created.body.id, buildingId: created.body.buildings[0].id };

    // reads the customer's projects, writes only to the newer one
    const db = t.deps.database.db;
    writer = await createTestUser(db, { email: 'skriver-b@entreprenor.test' });
    await giveCustomerRole(db, { customerId: w.customerId, userId: writer.userId, role: 'READ_ACCESS' });
    await db
      .insertInto('project_members')
      .values({ project_id: newer.projectId, user_id: writer.userId, role: 'WRITE_ACCESS' })
      .execute();

    await connectStorageProvider(t, provider, writer.key);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const requestImport = (buildingId: string) =>
    t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: writer.key,
      payload: { buildingId, folderPath: '/Tilbud' },
    });

  it("imports into the newer project's building, and the files are that project's", async () => {
    const asked = await requestImport(newer.buildingId);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    let state = asked.body;
    for (let i = 0; i < 300 && (state.status === 'queued' || state.status === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await t.request({
        method: 'GET',
        url: `/integrations/storage-provider/import/${asked.body.id}`,
        key: writer.key,
      });
      state = polled.body;
    }
    expect(state).toMatchObject({ status: 'done', imported: 1, skipped: [], error: null });

    const inNewer = await t.request({
      method: 'GET',
      url: `/construction/documents/project/${newer.projectId}`,
      key: writer.key,
    });
    expect(inNewer.status).toBe(200);
    expect(JSON.stringify(inNewer.body)).toContain('FDV heis.pdf');
    const inOlder = await t.request({
      method: 'GET',
      url: `/construction/documents/project/${w.projectId}`,
      key: w.adminKey,
    });
    expect(inOlder.status).toBe(200);
    expect(JSON.stringify(inOlder.body)).not.toContain('FDV heis.pdf');
  });

  it("refuses the older project's building to a person who may only read that project", async () => {
    const refused = await requestImport(w.buildingId);
    expect(refused.status).toBe(403);
    const imports = await t.deps.database.db
      .selectFrom('storage_provider_imports')
      .select('building_id')
      .where('user_id', '=', writer.userId)
      .execute();
    expect(imports.map((row) => row.building_id)).toEqual([newer.buildingId]);
  });
});
