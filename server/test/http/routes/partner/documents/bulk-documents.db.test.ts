import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestCustomer,
  createTestSession,
  createTestUser,
  giveCustomerRole,
} from '../../../../helpers/people-fixtures.js';
import { PUBLIC_URL, createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';
import { readZip } from '../../../../helpers/zip-reader.js';

/**
 * Bulk work on a building's documents: many documents as one streamed zip, and one category, discipline or set of
 * information types on many at once. Every id is checked before anything happens, and an id the caller may not see
 * (another owner's, under a private folder) refuses the request without telling anything about that document.
 */
describe.each(testEngines())('bulk work on a building, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let stranger: Awaited<ReturnType<TestApp['seed']>>;
  let base: string;
  let reader: { key: string; cookie: string };
  let writer: { key: string };
  const ids: Record<string, string> = {};
  const bytes: Record<string, Buffer> = {
    manual: Buffer.from('FDV manual for the ventilation unit'),
    drawing: Buffer.from('plan drawing bytes'),
    twin: Buffer.from('a second manual, same name'),
    salary: Buffer.from('lønnsliste'),
  };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    stranger = await t.seed();
    base = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`;
    ids.manual = await t.upload({ seed, filename: 'VVS/Ventilasjon/FDV.pdf', bytes: bytes.manual! });
    ids.drawing = await t.upload({ seed, filename: 'ARK/Plan 1.pdf', bytes: bytes.drawing! });
    ids.twin = await t.upload({ seed, filename: 'VVS/Ventilasjon/FDV.pdf', bytes: bytes.twin! });
    ids.salary = await t.upload({ seed, filename: 'HR/lønn.txt', bytes: bytes.salary! });
    ids.foreign = await t.upload({ seed: stranger, filename: 'Secret/plan.pdf', bytes: Buffer.from('secret') });
    await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { privateFolders: ['HR'] },
    });
    const db = t.deps.database.db;
    const { customerId } = await createTestCustomer(db, { name: 'Eiendom AS', buildingOwnerId: seed.ownerId });
    const readUser = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: readUser.userId, role: 'READ_ACCESS' });
    reader = { key: readUser.key, cookie: await createTestSession(db, readUser.userId) };
    const writeUser = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: writeUser.userId, role: 'WRITE_ACCESS' });
    writer = { key: writeUser.key };
  });
  afterAll(() => t.close());

  const zip = (payload: unknown, key = seed.key, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `${base}/zip${query}`,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('streams the chosen documents as one zip, in their folders, with a manifest', async () => {
    const response = await zip({ documentIds: [ids.manual, ids.drawing, ids.twin] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="documents-.*\.zip"$/);
    const files = await readZip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      ['ARK/Plan 1.pdf', 'VVS/Ventilasjon/FDV.pdf', 'VVS/Ventilasjon/FDV (2).pdf', 'manifest.csv'].sort(),
    );
    expect(files.get('VVS/Ventilasjon/FDV.pdf')).toEqual(bytes.manual);
    expect(files.get('VVS/Ventilasjon/FDV (2).pdf')).toEqual(bytes.twin);
    const manifest = files.get('manifest.csv')!.toString('utf8').trim().split('\r\n');
    expect(manifest[0]).toBe('path,size,documentId');
    expect(manifest).toContain(`ARK/Plan 1.pdf,${bytes.drawing!.length},${ids.drawing}`);
    // the same id twice is one file
    const twice = await readZip((await zip({ documentIds: [ids.drawing, ids.drawing] })).rawPayload);
    expect([...twice.keys()].sort()).toEqual(['ARK/Plan 1.pdf', 'manifest.csv']);
  });

  it('writes a file name that a spreadsheet would run as a formula into the manifest as text', async () => {
    const formula = await t.upload({
      seed,
      filename: '=HYPERLINK(CHAR(104)&B3,1).pdf',
      bytes: Buffer.from('a drawing with a hostile name'),
    });
    const files = await readZip((await zip({ documentIds: [formula] })).rawPayload);
    const [path] = [...files.keys()].filter((name) => name !== 'manifest.csv');
    expect(path).toBe('=HYPERLINK(CHAR(104)&B3,1).pdf');
    const manifest = files.get('manifest.csv')!.toString('utf8').trim().split('\r\n');
    expect(manifest[1]).toBe(`"'${path}",29,${formula}`);
  });

  it("writes a formula after a semicolon in a file name as text for a spreadsheet whose list separator is ';'", async () => {
    // Excel in Norway reads each line up to its first `;` as one cell, a quote only at the start of a cell
    const formula = await t.upload({
      seed,
      filename: 'Plan;=HYPERLINK(CHAR(104)&B3).pdf',
      bytes: Buffer.from('a drawing with a hostile name'),
    });
    const files = await readZip((await zip({ documentIds: [formula] })).rawPayload);
    expect([...files.keys()]).toContain('Plan;=HYPERLINK(CHAR(104)&B3).pdf');
    const manifest = files.get('manifest.csv')!.toString('utf8').trim().split('\r\n');
    const cells = manifest.flatMap((line) => line.split(';'));
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    expect(manifest[1]).toBe(`Plan;'=HYPERLINK(CHAR(104)&B3).pdf,29,${formula}`);
  });

  it('answers the check alone with check=true, and a READ_ACCESS person may download', async () => {
    const checked = await zip({ documentIds: [ids.manual, ids.drawing] }, reader.key, '?check=true');
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ count: 2 });
    expect((await zip({ documentIds: [ids.drawing] }, reader.key)).statusCode).toBe(200);
  });

  it("takes a browser form's comma-separated ids with the session cookie from the app's own origin only", async () => {
    const form = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/zip`,
        headers: {
          cookie: `byggdok_session=${reader.cookie}`,
          origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ documentIds: `${ids.manual},${ids.drawing}` }).toString(),
      });
    const own = await form(PUBLIC_URL);
    expect(own.statusCode).toBe(200);
    expect([...(await readZip(own.rawPayload)).keys()]).toHaveLength(3);
    // another site's form cannot make the person's browser download (and so read) the files
    expect((await form('https://evil.example')).statusCode).toBe(403);
  });

  it("refuses another owner's document and a private folder's alike, naming only its place in the list", async () => {
    for (const hidden of [ids.foreign!, ids.salary!, '01a2b3c4-0000-7000-8000-000000000000']) {
      const response = await zip({ documentIds: [ids.manual, hidden] });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      const problem = response.json();
      expect(problem.errors).toEqual([{ path: '/documentIds/1', message: 'is not a document of this building' }]);
      expect(response.body).not.toMatch(/Secret|plan\.pdf|lønn|HR/);
    }
    // the other owner's own key cannot take this building's documents either
    const theirs = await zip({ documentIds: [ids.manual] }, stranger.key);
    expect([403, 404]).toContain(theirs.statusCode);
    expect(theirs.body).not.toContain('FDV');
  });

  it('refuses an empty list and more than 5000 ids with a 400 naming documentIds', async () => {
    const many = Array.from({ length: 5001 }, () => ids.manual);
    for (const documentIds of [[], many]) {
      const response = await zip({ documentIds });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().errors)).toContain('/documentIds');
    }
    const update = await t.request({
      method: 'POST',
      url: `${base}/bulk-update-metadata`,
      key: seed.key,
      payload: { documentIds: many, buildingCategory: '36' },
    });
    expect(update.status).toBe(400);
    expect(JSON.stringify(update.body.errors)).toContain('/documentIds');
  });

  it('sets one category, discipline and information types on many documents, as corrections', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${base}/bulk-update-metadata`,
      key: writer.key,
      payload: {
        documentIds: [ids.manual, ids.twin],
        buildingCategory: '36',
        discipline: 'RIV',
        informationTypes: ['om_instructions'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.documents).toEqual([
      { id: ids.manual, changed: ['buildingCategory', 'discipline', 'informationTypes'] },
      { id: ids.twin, changed: ['buildingCategory', 'discipline', 'informationTypes'] },
    ]);
    const document = await t.request({ method: 'GET', url: `${base}/${ids.twin}`, key: seed.key });
    expect(document.body).toMatchObject({
      buildingCategory: '36',
      discipline: 'RIV',
      informationTypes: ['om_instructions'],
    });
    // again: nothing left to change
    const again = await t.request({
      method: 'POST',
      url: `${base}/bulk-update-metadata`,
      key: writer.key,
      payload: { documentIds: [ids.manual], buildingCategory: '36' },
    });
    expect(again.body.documents).toEqual([{ id: ids.manual, changed: [] }]);
  });

  it('names the field of a bad value, and changes nothing when one id is not the building’s', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ buildingCategory: '9' }, '/buildingCategory'],
      [{ discipline: 'NOPE' }, '/discipline'],
      [{ informationTypes: ['om_instructions', 'not_a_type'] }, '/informationTypes/1'],
      [{}, '/buildingCategory'],
    ];
    for (const [change, path] of bad) {
      const response = await t.request({
        method: 'POST',
        url: `${base}/bulk-update-metadata`,
        key: seed.key,
        payload: { documentIds: [ids.drawing], ...change },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    for (const hidden of [ids.foreign!, ids.salary!]) {
      const response = await t.request({
        method: 'POST',
        url: `${base}/bulk-update-metadata`,
        key: seed.key,
        payload: { documentIds: [ids.drawing, hidden], buildingCategory: '23' },
      });
      expect(response.status).toBe(404);
      expect(response.body.errors).toEqual([{ path: '/documentIds/1', message: 'is not a document of this building' }]);
    }
    const drawing = await t.request({ method: 'GET', url: `${base}/${ids.drawing}`, key: seed.key });
    expect(drawing.body.buildingCategory).not.toBe('23');
    const foreign = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${stranger.ownerId}/buildings/${stranger.buildingId}/documents/${ids.foreign}`,
      key: stranger.key,
    });
    expect(foreign.body.buildingCategory).not.toBe('23');
  });

  it('keeps the bulk edit from a READ_ACCESS person and from another owner', async () => {
    const payload = { documentIds: [ids.drawing], buildingCategory: '23' };
    const read = await t.request({ method: 'POST', url: `${base}/bulk-update-metadata`, key: reader.key, payload });
    expect(read.status).toBe(403);
    const other = await t.request({ method: 'POST', url: `${base}/bulk-update-metadata`, key: stranger.key, payload });
    expect([403, 404]).toContain(other.status);
    const drawing = await t.request({ method: 'GET', url: `${base}/${ids.drawing}`, key: seed.key });
    expect(drawing.body.buildingCategory).not.toBe('23');
  });
});
