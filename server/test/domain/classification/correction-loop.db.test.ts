import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/** This owner files heat pumps under comfort cooling (37); the rules say heating (32). */
const heatPumpSheet = (model: string) => ({
  filename: `FDV/Varmepumper/Mitsubishi Zubadan ${model} - produktblad.pdf`,
  text: ['Luft/vann-varmepumpe', 'Tekniske data', 'Avgitt effekt 11 kW'],
});

describe.each(testEngines())('learning from corrections through the API, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let otherOwner: { ownerId: string; buildingId: string };

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    const ownerId = (
      await t.request({ method: 'POST', url: '/v1/building_owners', key: seed.key, payload: { name: 'Other owner' } })
    ).body.id;
    const buildingId = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Other' },
      })
    ).body;
    otherOwner = { ownerId, buildingId };
  }, 60_000);
  afterAll(() => t.close());

  async function uploadAndProcess(target: { ownerId: string; buildingId: string }, model: string) {
    const sheet = heatPumpSheet(model);
    const id = await t.upload({
      seed: { ...target, key: seed.key },
      filename: sheet.filename,
      bytes: await makePdf([sheet.text.join('\n')]),
    });
    await t.waitForProcessing([id]);
    const document = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${target.ownerId}/buildings/${target.buildingId}/documents/${id}`,
      key: seed.key,
    });
    return document.body;
  }

  it('files a similar new document the corrected way after three corrections, says why, and leaves other owners alone', async () => {
    const first = await uploadAndProcess(seed, 'PUHZ-SHW80');
    expect(first.buildingCategory.slice(0, 2)).toBe('32');
    expect(first.classification.buildingCategory.evidence.length).toBeGreaterThan(0);

    for (const model of ['PUHZ-SHW80', 'PUHZ-SHW112', 'PUHZ-SHW140']) {
      const document = model === 'PUHZ-SHW80' ? first : await uploadAndProcess(seed, model);
      const patched = await t.request({
        method: 'PATCH',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${document.id}`,
        key: seed.key,
        payload: { buildingCategory: '37' },
      });
      expect(patched.body.buildingCategory).toBe('37');
    }
    const corrections = await t.deps.database.db
      .selectFrom('classification_corrections')
      .select('field')
      .where('building_owner_id', '=', seed.ownerId)
      .execute();
    expect(corrections).toHaveLength(3);

    const learned = await uploadAndProcess(seed, 'PUHZ-SHW230');
    expect(learned.buildingCategory).toBe('37');
    expect(learned.classification.buildingCategory.evidence[0]).toBe('learned from 3 corrections in this owner');
    // the corrected documents may lie in a building or private folder this reader cannot see: the evidence names
    // none of their words
    const evidence = JSON.stringify(learned.classification).toLowerCase();
    for (const model of ['shw80', 'shw112', 'shw140']) expect(evidence).not.toContain(model);

    // another owner of the same partner has not taught its classifier anything
    const elsewhere = await uploadAndProcess(otherOwner, 'PUHZ-SHW230');
    expect(elsewhere.buildingCategory.slice(0, 2)).toBe('32');
  }, 120_000);

  async function reprocessAndWait(documentId: string) {
    const before = await t.deps.database.db
      .selectFrom('documents')
      .select('processed_at')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const reprocess = await t.request({
      method: 'POST',
      url: '/admin/reprocess',
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
      payload: { documentId },
    });
    expect(reprocess.status).toBe(202);
    const deadline = Date.now() + 60_000;
    let row;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await t.deps.database.db
        .selectFrom('documents')
        .select(['processed_at', 'building_category', 'information_type', 'information_types'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
    } while (row.processed_at!.getTime() === before.processed_at!.getTime() && Date.now() < deadline);
    expect(row.processed_at!.getTime()).toBeGreaterThan(before.processed_at!.getTime());
    return row;
  }

  it('never overwrites a category a person set when the document is processed again', async () => {
    const document = await uploadAndProcess(seed, 'PUHZ-RP100');
    await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${document.id}`,
      key: seed.key,
      payload: { buildingCategory: '3611' },
    });
    const row = await reprocessAndWait(document.id);
    expect(row.building_category).toBe('3611');
  }, 90_000);

  it('takes information type corrections, keeps them through reprocessing, learns them, and names a bad id', async () => {
    const url = (id: string) => `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${id}`;
    const first = await uploadAndProcess(seed, 'PUHZ-ZRP35');
    expect(first.informationType).toBe('product_data_sheet');

    // the primary type alone goes first and keeps the document's other types
    const primary = await t.request({
      method: 'PATCH',
      url: url(first.id),
      key: seed.key,
      payload: { informationType: 'technical_approval' },
    });
    expect(primary.status).toBe(200);
    expect(primary.body.informationType).toBe('technical_approval');
    expect(primary.body.informationTypes).toEqual(['technical_approval', ...first.informationTypes]);

    const unknown = await t.request({
      method: 'PATCH',
      url: url(first.id),
      key: seed.key,
      payload: { informationTypes: ['warranty', 'brochure'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(unknown.body)).toContain('/informationTypes');
    expect(JSON.stringify(unknown.body)).toContain('brochure');
    const unknownPrimary = await t.request({
      method: 'PATCH',
      url: url(first.id),
      key: seed.key,
      payload: { informationType: 'brochure' },
    });
    expect(unknownPrimary.status).toBe(400);
    expect(JSON.stringify(unknownPrimary.body)).toContain('/informationType"');

    const kept = await reprocessAndWait(first.id);
    expect(kept.information_type).toBe('technical_approval');

    for (const model of ['PUHZ-ZRP50', 'PUHZ-ZRP60']) {
      const document = await uploadAndProcess(seed, model);
      const patched = await t.request({
        method: 'PATCH',
        url: url(document.id),
        key: seed.key,
        payload: { informationTypes: ['technical_approval'] },
      });
      expect(patched.body.informationTypes).toEqual(['technical_approval']);
    }
    const corrections = await t.deps.database.db
      .selectFrom('classification_corrections')
      .select('field')
      .where('building_owner_id', '=', seed.ownerId)
      .where('field', '=', 'informationTypes')
      .execute();
    expect(corrections).toHaveLength(3);

    const learned = await uploadAndProcess(seed, 'PUHZ-ZRP71');
    expect(learned.informationType).toBe('technical_approval');
    expect(learned.classification.informationType.evidence[0]).toMatch(/^learned from \d+ corrections? in this owner$/);
  }, 150_000);
});
