import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Bulk renaming over HTTP: the update applies exactly what the preview showed (a property over random metadata and
 * flags), keeps the old names in the history, and one undo gives them back.
 */
describe.each(testEngines())('bulk renaming by naming convention, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let base: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    base = `/construction/customers/${w.customerId}/projects/${w.projectId}`;
    for (const name of ['Plan 1.pdf', 'Snitt A-A.pdf', 'FDV pumpe.pdf', 'Samsvar.docx', 'Datablad.pdf', 'Plan 2.pdf']) {
      ids.push(await portalUpload(t, { ...w, filename: name, bytes: Buffer.from(`%PDF-1.4 ${name}`) }));
    }
  });
  afterAll(() => t.close());

  const filenames = async () =>
    new Map(
      (
        await t.deps.database.db.selectFrom('documents').select(['id', 'filename']).where('id', 'in', ids).execute()
      ).map((row) => [row.id, row.filename]),
    );

  const metadata = fc.record({
    discipline: fc.option(fc.constantFrom('RIV', 'RIE', 'ARK'), { nil: null }),
    buildingCategory: fc.option(fc.constantFrom('320', '3201', 'MSC'), { nil: null }),
    floor: fc.option(fc.constantFrom('U1', '02', 'Tak/terrasse'), { nil: null }),
    informationTypes: fc.array(fc.constantFrom('FDV', 'Produktdatablad'), { maxLength: 1 }),
    tfmCode: fc.option(fc.constantFrom('=320.01', '+B1=360:001'), { nil: null }),
    filenameDescriptive: fc.option(fc.constantFrom('Pumpe', 'Rør i "kjeller"', 'Ventil * 2'), { nil: null }),
  });

  it('applies exactly the names the preview showed, for any metadata and flags', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(metadata, { minLength: ids.length, maxLength: ids.length }),
        fc.record({ useLocationCode: fc.boolean(), useInformationType: fc.boolean(), useTFMCode: fc.boolean() }),
        fc.option(fc.constantFrom('P-77', 'Ø 12/3'), { nil: null }),
        async (documents, flags, projectNumber) => {
          await t.deps.database.db
            .updateTable('projects')
            .set({ project_number: projectNumber })
            .where('id', '=', w.projectId)
            .execute();
          const batch = await t.request({
            method: 'PUT',
            url: '/construction/documents/batch',
            key: w.adminKey,
            payload: { documents: documents.map((fields, i) => ({ id: ids[i], ...fields })) },
          });
          expect(batch.status, JSON.stringify(batch.body)).toBe(200);
          const query = new URLSearchParams(
            Object.entries(flags).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const before = await filenames();
          const preview = await t.request({
            method: 'GET',
            url: `${base}/preview-filenames?${query}`,
            key: w.adminKey,
          });
          expect(preview.status).toBe(200);
          expect(await filenames()).toEqual(before);
          const update = await t.request({ method: 'POST', url: `${base}/update-filenames?${query}`, key: w.adminKey });
          expect(update.status, JSON.stringify(update.body)).toBe(200);
          expect(update.body.documents).toEqual(preview.body.documents);
          const after = await filenames();
          for (const item of preview.body.documents as { id: string; filename: string; newFilename: string | null }[]) {
            expect(after.get(item.id)).toBe(item.newFilename ?? item.filename);
          }
          const changed = (preview.body.documents as { newFilename: string | null; filename: string }[]).filter(
            (item) => item.newFilename !== null && item.newFilename !== item.filename,
          ).length;
          expect(update.body.renamed).toBe(changed);
          if (update.body.changeSetId) {
            // and undone as one step, back to the names before
            const undo = await t.request({
              method: 'POST',
              url: `${base}/update-filenames/${update.body.changeSetId}/undo`,
              key: w.adminKey,
            });
            expect(undo.body.renamed).toBe(changed);
            expect(await filenames()).toEqual(before);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('keeps the old name in the history, and an undo leaves a document renamed again since alone', async () => {
    await t.deps.database.db
      .updateTable('projects')
      .set({ project_number: 'P-1042' })
      .where('id', '=', w.projectId)
      .execute();
    await t.request({
      method: 'PUT',
      url: '/construction/documents/batch',
      key: w.adminKey,
      payload: {
        documents: ids.map((id) => ({
          id,
          discipline: 'RIV',
          buildingCategory: '320',
          filenameDescriptive: null,
          informationTypes: ['FDV'],
          floor: null,
        })),
      },
    });
    const before = await filenames();
    const update = await t.request({ method: 'POST', url: `${base}/update-filenames`, key: w.adminKey, payload: {} });
    expect(update.body.renamed).toBe(ids.length);
    expect(update.body.documents[0]).toMatchObject({
      filename: before.get(ids[0]!),
      newFilename: 'P_1042-RIV-320-001-Plan_1.pdf',
    });
    const history = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[0]}/history`,
      key: w.adminKey,
    });
    expect(history.body.history.at(-1)).toMatchObject({
      field: 'filename',
      oldValue: before.get(ids[0]!),
      newValue: 'P_1042-RIV-320-001-Plan_1.pdf',
    });
    // renaming again: nothing left to rename
    const again = await t.request({ method: 'POST', url: `${base}/update-filenames`, key: w.adminKey });
    expect(again.body).toMatchObject({ renamed: 0, changeSetId: null });

    await t.request({
      method: 'PUT',
      url: `/construction/documents/${ids[1]}`,
      key: w.adminKey,
      payload: { filename: 'Mitt eget navn.pdf' },
    });
    const undo = await t.request({
      method: 'POST',
      url: `${base}/update-filenames/${update.body.changeSetId}/undo`,
      key: w.adminKey,
    });
    expect(undo.body.renamed).toBe(ids.length - 1);
    expect(undo.body.documents.find((d: { id: string }) => d.id === ids[1])).toMatchObject({
      newFilename: null,
      reason: 'renamed again since; left as it is',
    });
    const after = await filenames();
    expect(after.get(ids[1]!)).toBe('Mitt eget navn.pdf');
    expect(after.get(ids[0]!)).toBe(before.get(ids[0]!));
    // an unknown change set is a 404
    const unknown = await t.request({
      method: 'POST',
      url: `${base}/update-filenames/01a20de0-2698-77ef-9bda-77a750724d95/undo`,
      key: w.adminKey,
    });
    expect(unknown.status).toBe(404);
  });

  it('shows the chosen convention in the preview', async () => {
    const chosen = await t.request({
      method: 'PUT',
      url: base,
      key: w.adminKey,
      payload: { namingConvention: 'iso19650' },
    });
    expect(chosen.body.namingConvention).toBe('iso19650');
    const preview = await t.request({ method: 'GET', url: `${base}/preview-filenames`, key: w.adminKey });
    expect(preview.body.pattern).toBe(
      '{project}-{originator}-{volume}-{level}-{type}-{role}-{number:0000}-{description}.{ext}',
    );
    expect(preview.body.documents[0].newFilename).toBe('P1042-RØRVAR-HUSA-XX-FDV-RIV-0001-Plan_1.pdf');
  });
});
