import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A private folder is compared with the stored upload paths as a prefix, and an upload path's segments lose the
 * spaces around them (`splitUploadPath`). A folder typed with such spaces (` HR `, `HR /Lønn`) must name the same
 * folder, or it keeps nothing private while the building's owner believes it does.
 */
describe.each(testEngines())('private folders typed with spaces on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
  });
  afterAll(() => t.close());

  async function newBuilding(name: string): Promise<string> {
    const created = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name },
    });
    expect(created.status).toBe(200);
    return created.body as string;
  }

  async function uploadPdf(buildingId: string, filename: string): Promise<string> {
    return t.upload({ seed: { ...seed, buildingId }, filename, bytes: await makePdf([filename]) });
  }

  async function setPrivateFolders(buildingId: string, privateFolders: string[]) {
    return t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}`,
      key: seed.key,
      payload: { privateFolders },
    });
  }

  async function visibleIds(buildingId: string): Promise<string[]> {
    const listed = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}/documents`,
      key: seed.key,
    });
    expect(listed.status).toBe(200);
    return (listed.body.documents as { id: string }[]).map((d) => d.id).sort();
  }

  async function readStatus(buildingId: string, documentId: string): Promise<number> {
    const read = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}/documents/${documentId}`,
      key: seed.key,
    });
    return read.status;
  }

  it('a folder typed " HR " hides HR/Lønn.pdf from the building readers', async () => {
    const building = await newBuilding('Spaces around a folder');
    const salary = await uploadPdf(building, 'HR/Lønn.pdf');
    const spaced = await uploadPdf(building, ' HR /Ferie.pdf');
    const manual = await uploadPdf(building, 'FDV/manual.pdf');

    const patched = await setPrivateFolders(building, [' HR ']);
    expect(patched.status).toBe(200);

    expect(await visibleIds(building)).toEqual([manual]);
    expect(await readStatus(building, salary)).toBe(404);
    expect(await readStatus(building, spaced)).toBe(404);
    expect(await readStatus(building, manual)).toBe(200);
    expect(patched.body.privateFolders).toEqual(['HR/']);
  });

  it('a folder typed "HR /Lønn" hides HR/Lønn/ and leaves the rest of HR/ readable', async () => {
    const building = await newBuilding('Spaces inside a folder path');
    const salary = await uploadPdf(building, 'HR/Lønn/lønnsliste.pdf');
    const holidays = await uploadPdf(building, 'HR/ferieliste.pdf');

    const patched = await setPrivateFolders(building, ['HR /Lønn', '  HR \\ Lønn  ']);
    expect(patched.status).toBe(200);

    expect(await visibleIds(building)).toEqual([holidays]);
    expect(await readStatus(building, salary)).toBe(404);
    expect(patched.body.privateFolders).toEqual(['HR/Lønn/']);
  });

  it('refuses a folder that is only spaces or climbs with " .. ", naming it', async () => {
    const building = await newBuilding('Not folders');
    for (const folders of [
      ['FDV', '   '],
      ['FDV', 'HR/ .. /Lønn'],
    ]) {
      const refused = await setPrivateFolders(building, folders);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('/privateFolders/1');
    }
  });
});
