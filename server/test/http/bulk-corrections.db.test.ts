import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A bulk change of category, discipline and information types is a person's correction of every document it changes:
 * each document says who corrected it (issue 43's "Rettet av ..."), and the owner's classifier has every one of them
 * to learn from, as it would have from one correction at a time.
 */
describe.each(testEngines())('a bulk correction of 30 documents, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let kari: { key: string; userId: string };
  let base: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    const db = t.deps.database.db;
    base = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`;
    for (let n = 1; n <= 30; n += 1) {
      ids.push(
        await insertDocument({
          db,
          ownerId: seed.ownerId,
          buildingId: seed.buildingId,
          path: `Diverse/Dokument ${n}.txt`,
          pages: [`Dokument nummer ${n} om pumper og ventiler.`],
        }),
      );
    }
    const { customerId } = await createTestCustomer(db, { name: 'Eiendom AS', buildingOwnerId: seed.ownerId });
    kari = await createTestUser(db, { name: 'Kari Nordmann' });
    await giveCustomerRole(db, { customerId, userId: kari.userId, role: 'WRITE_ACCESS' });
  }, 120_000);
  afterAll(() => t.close());

  it('marks every changed document as corrected by that person, and records each for learning', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${base}/bulk-update-metadata`,
      key: kari.key,
      payload: { documentIds: ids, buildingCategory: '36', discipline: 'RIV', informationTypes: ['om_instructions'] },
    });
    expect(response.status).toBe(200);
    expect(response.body.documents).toHaveLength(30);

    const unmarked: string[] = [];
    for (const id of ids) {
      const document = await t.request({ method: 'GET', url: `${base}/${id}`, key: seed.key });
      expect(document.status).toBe(200);
      const fields = (document.body.corrections as { field: string; correctedBy: string | null }[])
        .filter((c) => c.correctedBy === 'Kari Nordmann')
        .map((c) => c.field)
        .sort();
      if (JSON.stringify(fields) !== JSON.stringify(['buildingCategory', 'discipline', 'informationTypes']))
        unmarked.push(`${id}: ${fields.join(',')}`);
    }
    expect(unmarked).toEqual([]);

    const recorded = await t.deps.database.db
      .selectFrom('classification_corrections')
      .select(['document_id', 'field', 'corrected_by_user_id'])
      .where('building_owner_id', '=', seed.ownerId)
      .execute();
    for (const field of ['buildingCategory', 'discipline', 'informationTypes']) {
      const mine = recorded.filter((r) => r.field === field && r.corrected_by_user_id === kari.userId);
      expect([field, new Set(mine.map((r) => r.document_id)).size]).toEqual([field, 30]);
    }
    const model = await t.deps.database.db
      .selectFrom('owner_classifier_models')
      .select('corrections')
      .where('building_owner_id', '=', seed.ownerId)
      .executeTakeFirstOrThrow();
    expect(Number(model.corrections)).toBe(90);
  });
});
