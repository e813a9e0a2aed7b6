import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../helpers/document-fixtures.js';
import { addBuilding } from '../../../helpers/search-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../helpers/test-app.js';
import { testEngines } from '../../../helpers/test-database.js';

describe.each(testEngines())('operator reprocessing on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let otherBuildingId: string;
  /** two documents in the seeded building, one in another building of the same owner */
  const ids: { fire: string; ventilation: string; elsewhere: string } = { fire: '', ventilation: '', elsewhere: '' };
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    otherBuildingId = await addBuilding({ t, seed, name: 'Bergen Warehouse' });
    ids.fire = await t.upload({
      seed,
      filename: 'Rapporter/Brannteknisk rapport.pdf',
      bytes: await makePdf(['Brannteknisk rapport\nBrannceller og rømningsveier']),
    });
    ids.ventilation = await t.upload({
      seed,
      filename: 'FDV/Ventilasjonsaggregat.pdf',
      bytes: await makePdf(['FDV ventilasjonsaggregat\nFilterbytte hver sjette måned']),
    });
    ids.elsewhere = await t.upload({
      seed: { ...seed, buildingId: otherBuildingId },
      filename: 'Tegninger/Plan 1. etasje.pdf',
      bytes: await makePdf(['Plan 1. etasje']),
    });
    await t.waitForProcessing(Object.values(ids));
  }, 90_000);
  afterAll(() => t.close());

  async function processedAt(documentIds: string[]): Promise<Map<string, number>> {
    const rows = await t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'processed_at'])
      .where('id', 'in', documentIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row.processed_at?.getTime() ?? 0]));
  }

  /** waits until each document has been processed again since `before`; throws after a minute */
  async function waitForReprocessing(before: Map<string, number>): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await processedAt([...before.keys()]);
      if ([...before].every(([id, at]) => (now.get(id) ?? 0) > at)) return;
      if (Date.now() > deadline) throw new Error(`not processed again: ${JSON.stringify([...now])}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const reprocess = (payload: unknown, headers: Record<string, string> = admin) =>
    t.request({ method: 'POST', url: '/admin/reprocess', headers, payload: payload as Record<string, unknown> });

  const documentOf = async (id: string) =>
    (
      await t.request({
        method: 'GET',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${id}`,
        key: seed.key,
      })
    ).body;

  it('processes one document again and keeps the category a person gave it', async () => {
    const patched = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.fire}`,
      key: seed.key,
      payload: { buildingCategory: '3611' },
    });
    expect(patched.status).toBe(200);
    const before = await processedAt([ids.fire]);

    const response = await reprocess({ documentId: ids.fire });

    expect(response.status).toBe(202);
    expect(response.body).toEqual({ enqueued: 1 });
    await waitForReprocessing(before);
    const document = await documentOf(ids.fire);
    expect(document.buildingCategory).toBe('3611');
    // the document says when it was last processed, and that its text was read
    expect(Date.parse(document.processedAt)).toBe((await processedAt([ids.fire])).get(ids.fire));
    expect(document.textExtractionError).toBe(false);
    const status = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.fire}/status`,
      key: seed.key,
    });
    expect(status.body).toMatchObject({ extracted_text: true, categorised: true, building_category: '3611' });
  });

  it('processes every document of one building again, and then every document', async () => {
    const building = await processedAt([ids.fire, ids.ventilation]);
    const byBuilding = await reprocess({ buildingId: seed.buildingId });
    expect(byBuilding.status).toBe(202);
    expect(byBuilding.body).toEqual({ enqueued: 2 });
    await waitForReprocessing(building);

    const everything = await processedAt(Object.values(ids));
    const all = await reprocess({ all: true });
    expect(all.status).toBe(202);
    expect(all.body).toEqual({ enqueued: 3 });
    await waitForReprocessing(everything);

    expect((await documentOf(ids.fire)).buildingCategory).toBe('3611');
  });

  it('forgets sandbox kills of the documents it reprocesses, so a new extractor gets its full two tries', async () => {
    const killsOf = async (id: string) =>
      (
        await t.deps.database.db
          .selectFrom('documents')
          .select('extraction_kills')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).extraction_kills;
    await t.deps.database.db
      .updateTable('documents')
      .set({ extraction_kills: 1 })
      .where('id', 'in', [ids.ventilation, ids.elsewhere])
      .execute();
    const before = await processedAt([ids.ventilation]);

    expect((await reprocess({ buildingId: seed.buildingId })).status).toBe(202);
    await waitForReprocessing(before);

    expect(await killsOf(ids.ventilation)).toBe(0);
    // another building's document was not reprocessed: its count stands
    expect(await killsOf(ids.elsewhere)).toBe(1);
    expect((await reprocess({ documentId: ids.elsewhere })).status).toBe(202);
    expect(await killsOf(ids.elsewhere)).toBe(0);
  });

  it('answers 404 for a document or building that does not exist, 400 for a body it does not understand', async () => {
    const unknownDocument = await reprocess({ documentId: randomUUID() });
    expect(unknownDocument.status).toBe(404);
    expect(unknownDocument.body.code).toBe('document.not_found');
    expect((await reprocess({ documentId: 'not-a-document' })).status).toBe(404);
    const unknownBuilding = await reprocess({ buildingId: randomUUID() });
    expect(unknownBuilding.status).toBe(404);
    expect(unknownBuilding.body.code).toBe('building.not_found');

    for (const body of [{}, { all: false }, { documentId: ids.fire, all: true }, { documentId: 42 }, []]) {
      const response = await reprocess(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await reprocess({ all: true }, { authorization: 'Bearer wrong-token-0123456789abcdef' })).status).toBe(401);
  });
});

describe.each(testEngines())('reprocessing a large building on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // no workers: the jobs stay in the queue to be counted
    t = await createTestApp({ engine });
  });
  afterAll(async () => {
    await t.close();
  });

  it('enqueues every document of the building in one call to the queue, not one round trip each', async () => {
    const seed = await t.seed();
    const at = new Date();
    const documentIds = Array.from({ length: 1200 }, () => randomUUID());
    await t.deps.database.db
      .insertInto('documents')
      .values(
        documentIds.map((id, i) => ({
          id,
          building_id: seed.buildingId,
          building_owner_id: seed.ownerId,
          filename: `Dokument ${i}.pdf`,
          original_path: `Arkiv/Dokument ${i}.pdf`,
          extension: 'pdf',
          blob_key: `test/${id}`,
          upload_state: 'uploaded',
          uploaded_at: at,
          size: 1,
          md5: 'd41d8cd98f00b204e9800998ecf8427e',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const calls = { one: 0, many: 0 };
    const { queue } = t.deps;
    const enqueue = queue.enqueue.bind(queue);
    const enqueueMany = queue.enqueueMany.bind(queue);
    queue.enqueue = async (...args) => {
      calls.one += 1;
      return enqueue(...args);
    };
    queue.enqueueMany = async (jobs) => {
      calls.many += 1;
      return enqueueMany(jobs);
    };

    const response = await t.request({
      method: 'POST',
      url: '/admin/reprocess',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { buildingId: seed.buildingId },
    });

    expect(response.status).toBe(202);
    expect(response.body).toEqual({ enqueued: 1200 });
    expect(calls).toEqual({ one: 0, many: 1 });
    const { rows } = await t.deps.database.executeSql(
      `select count(distinct data->>'documentId')::int as n from pgboss.job where name = 'document.process' and state = 'created'`,
    );
    expect(rows[0]).toEqual({ n: 1200 });
  });
});
