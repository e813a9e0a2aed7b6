import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A person's correction of a classification is marked on the document (issue 43: "corrected by X on ..."): the
 * document says, per corrected field, when and by whom; a partner's key corrects as nobody named; a correction that
 * was refused leaves no mark.
 */
describe.each(testEngines())('who corrected a classification, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let writer: { key: string };
  let reader: { key: string };
  let stranger: { key: string };
  let documentId: string;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    const db = t.deps.database.db;
    documentId = await insertDocument({
      db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'RIE/Kursfortegnelse.txt',
      pages: ['Kursfortegnelse hovedtavle.'],
    });
    url = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}`;
    const { customerId } = await createTestCustomer(db, { name: 'Eiendom AS', buildingOwnerId: seed.ownerId });
    const { customerId: other } = await createTestCustomer(db, { name: 'Annen AS' });
    const kari = await createTestUser(db, { name: 'Kari Nordmann' });
    await giveCustomerRole(db, { customerId, userId: kari.userId, role: 'WRITE_ACCESS' });
    const ola = await createTestUser(db, { name: 'Ola Leser' });
    await giveCustomerRole(db, { customerId, userId: ola.userId, role: 'READ_ACCESS' });
    const eve = await createTestUser(db, { name: 'Eve Annen' });
    await giveCustomerRole(db, { customerId: other, userId: eve.userId, role: 'ADMIN' });
    writer = kari;
    reader = ola;
    stranger = eve;
  }, 60_000);
  afterAll(() => t.close());

  const corrections = async () => (await t.request({ method: 'GET', url, key: seed.key })).body.corrections;

  it('has no correction before anyone corrects', async () => {
    expect(await corrections()).toEqual([]);
  });

  it('refuses a reader and a person of another customer, and marks nothing', async () => {
    const byReader = await t.request({ method: 'PATCH', url, key: reader.key, payload: { buildingCategory: '433' } });
    expect(byReader.status).toBe(403);
    const byStranger = await t.request({
      method: 'PATCH',
      url,
      key: stranger.key,
      payload: { buildingCategory: '433' },
    });
    expect([403, 404]).toContain(byStranger.status);
    expect(await corrections()).toEqual([]);
  });

  it("names the person who corrected the part, with when; a partner's key corrects as nobody named", async () => {
    const before = Date.now();
    const patched = await t.request({ method: 'PATCH', url, key: writer.key, payload: { buildingCategory: '433' } });
    expect(patched.status).toBe(200);
    const afterPart = await corrections();
    expect(afterPart).toEqual([
      { field: 'buildingCategory', correctedBy: 'Kari Nordmann', correctedAt: expect.any(String) },
    ]);
    expect(Date.parse(afterPart[0].correctedAt)).toBeGreaterThanOrEqual(before - 1000);

    const byKey = await t.request({
      method: 'PATCH',
      url,
      key: seed.key,
      payload: { informationType: 'technical_approval' },
    });
    expect(byKey.status).toBe(200);
    const both = await corrections();
    expect(both).toContainEqual({ field: 'informationTypes', correctedBy: null, correctedAt: expect.any(String) });
    expect(both).toContainEqual(expect.objectContaining({ field: 'buildingCategory', correctedBy: 'Kari Nordmann' }));
    // the same PATCH sent again (a replay) leaves one mark per field, the newest
    await t.request({ method: 'PATCH', url, key: writer.key, payload: { buildingCategory: '433' } });
    const replayed = await corrections();
    expect(replayed.filter((c: { field: string }) => c.field === 'buildingCategory')).toHaveLength(1);
  });
});
