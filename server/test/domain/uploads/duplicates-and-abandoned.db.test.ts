import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

const context = { jobId: 'test', attempt: 1, lastAttempt: false, signal: new AbortController().signal };

describe.each(testEngines())('second copies and uploads that never came, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const buildingUrl = () => `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
  }, 60_000);
  afterAll(() => t?.close());

  it('accepts the same bytes twice in a building, marks the second as a copy of the first and counts it', async () => {
    const bytes = await makePdf(['Samsvarserklæring for ventilasjonsaggregat Swegon GOLD RX.']);
    const first = await t.upload({ seed, filename: 'FDV/Samsvarserklæring.pdf', bytes });
    await t.waitForProcessing([first], 60_000);
    const second = await t.upload({ seed, filename: 'Innkommet/Samsvarserklæring (1).pdf', bytes });
    const other = await t.upload({ seed, filename: 'FDV/Annet.pdf', bytes: await makePdf(['Noe helt annet.']) });
    // the same bytes in another building are that building's first copy
    const elsewhere = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Bygg B' },
      })
    ).body as string;
    const third = await t.upload({
      seed: { ...seed, buildingId: elsewhere },
      filename: 'Samsvarserklæring.pdf',
      bytes,
    });
    await t.waitForProcessing([second, other, third], 60_000);

    const get = async (buildingId: string, id: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}/documents/${id}`,
          key: seed.key,
        })
      ).body;
    expect(await get(seed.buildingId, first)).toMatchObject({ duplicateOf: null });
    expect(await get(seed.buildingId, second)).toMatchObject({ duplicateOf: first, corrupt: false });
    expect(await get(seed.buildingId, other)).toMatchObject({ duplicateOf: null });
    expect(await get(elsewhere, third)).toMatchObject({ duplicateOf: null });
    const status = await t.request({ method: 'GET', url: `${buildingUrl()}/status`, key: seed.key });
    expect(status.body).toMatchObject({ total_documents: 3, duplicate_documents: 1 });
  });

  it('never names a copy under a private folder, and follows the folders when they change', async () => {
    const building = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Bygg C' },
      })
    ).body as string;
    const inC = { ...seed, buildingId: building };
    const folders = async (privateFolders: string[]) => {
      const made = await t.request({
        method: 'PATCH',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${building}`,
        key: seed.key,
        payload: { privateFolders },
      });
      expect(made.status).toBe(200);
    };
    const get = async (id: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/v1/building_owners/${seed.ownerId}/buildings/${building}/documents/${id}`,
          key: seed.key,
        })
      ).body;
    await folders(['HR/']);
    const bytes = await makePdf(['Advarsel til ansatt, personalsak 2026.']);
    const hidden = await t.upload({ seed: inC, filename: 'HR/Advarsel.pdf', bytes });
    await t.waitForProcessing([hidden], 60_000);
    // a writer uploads the same bytes to learn whether the private folder holds them: nothing is named
    const probe = await t.upload({ seed: inC, filename: 'Innkommet/Kopi.pdf', bytes });
    await t.waitForProcessing([probe], 60_000);
    expect(await get(probe)).toMatchObject({ duplicateOf: null });
    // the folder opened, the copy is named; closed again, it is not
    await folders([]);
    expect(await get(probe)).toMatchObject({ duplicateOf: hidden });
    await folders(['HR/']);
    expect(await get(probe)).toMatchObject({ duplicateOf: null });
  });

  it('archives a registration whose upload URL expired unused, and leaves one still in time', async () => {
    const register = async (filename: string) =>
      (await t.request({ method: 'PUT', url: `${buildingUrl()}/documents`, key: seed.key, payload: { filename } })).body
        .documentId as string;
    const abandoned = await register('Aldri lastet opp.pdf');
    const recent = await register('Kommer snart.pdf');
    const { db } = t.deps.database;
    // registered 26 hours ago: its URL (24 hours) and the hour's grace are over
    await db
      .updateTable('documents')
      .set({ created_at: new Date(Date.now() - 26 * 3600_000) })
      .where('id', '=', abandoned)
      .execute();
    const outcome = await t.deps.jobHandlers['uploads.sweep']({}, context);
    expect(outcome).toMatchObject({ status: 'done' });
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'archived_at'])
      .where('id', 'in', [abandoned, recent])
      .execute();
    const archived = Object.fromEntries(rows.map((row) => [row.id, row.archived_at !== null]));
    expect(archived).toEqual({ [abandoned]: true, [recent]: false });
    // nothing left to do: said so
    expect(await t.deps.jobHandlers['uploads.sweep']({}, context)).toMatchObject({ status: 'skipped' });
  });
});
