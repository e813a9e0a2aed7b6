import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleName } from '../../src/domain/documents/document.js';
import {
  HIDDEN_IN_NAMES,
  up as cleanStoredNames,
} from '../../src/storage/db/migrations/0064-names-without-hidden-characters.js';
import { createDeliveryWorld, portalUpload } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/** control characters (C0, DEL, C1) and the marks that turn the direction of text */
// eslint-disable-next-line no-control-regex -- what must not be in a name
const HOSTILE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Names stored before uploads and renames replaced hidden characters (stop 104) kept them, and every list showed them
 * as given: `Pumpe<U+202E>fdp.exe` read `Pumpeexe.pdf`. Migration 0064 cleans them as an upload would today, without
 * letting a document out of the private folder that held it.
 */
describe.each(testEngines())('names stored before stop 104, on %s', (engine) => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  const migrate = () => cleanStoredNames(db() as unknown as Kysely<unknown>);
  const pdf = (name: string) => Buffer.from(`%PDF-1.4 ${name} ${'x'.repeat(600)}`);
  /** what an upload stored before stop 104: the name as it came */
  const storeTheOldWay = (id: string, columns: Record<string, string>) =>
    db().updateTable('documents').set(columns).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t?.close());

  it('replaces exactly the characters an upload replaces, every one of the Basic Multilingual Plane', async () => {
    const codePoints = [
      ...Array.from({ length: 0xfffd }, (_, i) => i + 1).filter((n) => n < 0xd800 || n > 0xdfff),
      0x1f600,
      0xe0001,
      0x10fffd,
    ];
    const { rows } = await sql<{ n: number }>`
      select n from unnest(${codePoints}::int[]) n where chr(n) ~ ${HIDDEN_IN_NAMES} order by n`.execute(db());
    const inSql = rows.map((row) => Number(row.n));
    const inVisibleName = codePoints.filter((n) => visibleName(String.fromCodePoint(n)) !== String.fromCodePoint(n));
    expect(inVisibleName.length).toBe(31 + 1 + 32 + 2 + 5 + 4);
    expect(inSql).toEqual(inVisibleName);
  });

  it('lists show the names cleaned, as an upload would store them, and a cleaned document counts as changed', async () => {
    const w = await createDeliveryWorld(t, { projectName: 'Gamle navn' });
    const upload = (filename: string) => portalUpload(t, { ...w, filename, bytes: pdf(filename) });
    const spoof = await upload('VVS/Pumpe.exe');
    const first = await upload('VVS/A.pdf');
    const second = await upload('VVS/B.pdf');
    const clean = await upload('VVS/Ren.pdf');
    await storeTheOldWay(spoof, {
      filename: 'Pumpe\u202efdp.exe',
      original_path: 'VVS\u2067/Pumpe\u202efdp.exe',
      original_filename: 'Pumpe\u202efdp.exe',
      filename_descriptive: 'Pumpe\u202efdp\u0085',
    });
    // two names that become one: both stay, side by side
    await storeTheOldWay(first, { filename: 'A\u202e.pdf', original_path: 'VVS/A\u202e.pdf' });
    await storeTheOldWay(second, { filename: 'A\u2066.p\u009bdf', original_path: 'VVS/A\u2066.p\u009bdf' });
    await sql`update documents set extension = 'p\u009bdf' where id = ${second}`.execute(db());
    const list = async () =>
      (await t.request({ method: 'GET', url: `/construction/documents/project/${w.projectId}`, key: w.adminKey })).body
        .documents as { id: string; filename: string; filenameDescriptive: string | null }[];
    const before = new Map((await list()).map((d) => [d.id, d]));
    expect(before.get(spoof)!.filename).toBe('Pumpe\u202efdp.exe');
    const untouched = await db()
      .selectFrom('documents')
      .select('updated_at')
      .where('id', '=', clean)
      .executeTakeFirstOrThrow();

    const startedAt = new Date();
    await migrate();

    const after = new Map((await list()).map((d) => [d.id, d]));
    // was: `Pumpe<U+202E>fdp.exe`, shown as `Pumpeexe.pdf`
    expect(after.get(spoof)).toMatchObject({ filename: 'Pumpe_fdp.exe', filenameDescriptive: 'Pumpe_fdp_' });
    expect(after.get(first)!.filename).toBe('A_.pdf');
    expect(after.get(second)!.filename).toBe('A_.p_df');
    expect(after.get(clean)!.filename).toBe('Ren.pdf');
    for (const document of after.values()) {
      expect(document.filename).not.toMatch(HOSTILE);
      expect(document.filenameDescriptive ?? '').not.toMatch(HOSTILE);
    }
    const stored = await db()
      .selectFrom('documents')
      .select(['id', 'original_path', 'original_filename', 'extension', 'updated_at'])
      .where('id', 'in', [spoof, second, clean])
      .execute();
    const row = (id: string) => stored.find((r) => r.id === id)!;
    expect(row(spoof)).toMatchObject({ original_path: 'VVS_/Pumpe_fdp.exe', original_filename: 'Pumpe_fdp.exe' });
    expect(row(second)).toMatchObject({ original_path: 'VVS/A_.p_df', extension: 'p_df' });
    // a changed name is a change of the document; a name with nothing to clean is not written
    expect(row(spoof).updated_at.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
    expect(row(clean).updated_at).toEqual(untouched.updated_at);
    // search reads the name its trigger copied
    const searched = await db()
      .selectFrom('search_documents')
      .select('filename')
      .where('document_id', '=', spoof)
      .executeTakeFirst();
    expect(searched?.filename).toBe('Pumpe_fdp.exe');
  });

  it('stores a descriptive name given from now on as an upload stores a name', async () => {
    const w = await createDeliveryWorld(t, { projectName: 'Nye navn' });
    const id = await portalUpload(t, { ...w, filename: 'Ventil.pdf', bytes: pdf('ventil') });
    const put = await t.request({
      method: 'PUT',
      url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}/${id}`,
      token: w.token,
      payload: { filenameDescriptive: 'Ventil\u202efdp\u0085.exe' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = await t.request({ method: 'GET', url: `/construction/documents/${id}`, key: w.adminKey });
    // was: `Ventil<U+202E>fdp<U+0085>.exe` in the project's lists, read `Ventilexe.pdf`
    expect(read.body.filenameDescriptive).toBe('Ventil_fdp_.exe');
  });

  it('keeps a document in the private folder that held it, and puts one uploaded since under it too', async () => {
    const a = await t.seed();
    const building = `/v1/building_owners/${a.ownerId}/buildings/${a.buildingId}`;
    const listed = async () =>
      new Map(
        (
          (await t.request({ method: 'GET', url: `${building}/documents?limit=100`, key: a.key })).body.documents as {
            originalPath: string;
            duplicateOf: string | null;
          }[]
        ).map((d) => [d.originalPath, d.duplicateOf]),
      );
    const salary = await t.upload({ seed: a, filename: 'HR/Lønn.pdf', bytes: pdf('lønn') });
    // uploaded since stop 104: the mark became `_` as it came
    const bonus = await t.upload({ seed: a, filename: 'HR\u200e/Bonus.pdf', bytes: pdf('bonus') });
    const copy = await t.upload({ seed: a, filename: 'FDV/Kopi av bonus.pdf', bytes: pdf('bonus') });
    // as processing finds it: the copy repeats the first file of its bytes the building shows
    await db().updateTable('documents').set({ duplicate_of: bonus }).where('id', '=', copy).execute();
    // the folder and the older upload as they were stored before stop 104
    await sql`update buildings set private_folders = ${['HR\u200e/']}::text[] where id = ${a.buildingId}`.execute(db());
    await storeTheOldWay(salary, { filename: 'Lønn.pdf', original_path: 'HR\u200e/Lønn.pdf' });
    expect(await listed()).toEqual(
      new Map([
        ['HR_/Bonus.pdf', null],
        ['FDV/Kopi av bonus.pdf', bonus],
      ]),
    );

    await migrate();

    // was: `HR_/Lønn.pdf` listed once its path was cleaned and its folder was not; the copy names no private file
    expect(await listed()).toEqual(new Map([['FDV/Kopi av bonus.pdf', null]]));
    const shown = await t.request({ method: 'GET', url: building, key: a.key });
    expect(shown.body.privateFolders).toEqual(['HR_/']);
  });

  it("trims the spaces around a stored private folder's segments, so it keeps private what its name says", async () => {
    const a = await t.seed();
    const building = `/v1/building_owners/${a.ownerId}/buildings/${a.buildingId}`;
    await t.upload({ seed: a, filename: 'HR/Lønn/Januar.pdf', bytes: pdf('januar') });
    await t.upload({ seed: a, filename: 'FDV/Ventilasjon.pdf', bytes: pdf('ventilasjon') });
    // as a folder typed with spaces was stored before: it matched no upload path
    await sql`update buildings set private_folders = ${[' HR / Lønn /', '  /']}::text[] where id = ${a.buildingId}`.execute(
      db(),
    );
    const paths = async () =>
      (
        (await t.request({ method: 'GET', url: `${building}/documents?limit=100`, key: a.key })).body.documents as {
          originalPath: string;
        }[]
      ).map((d) => d.originalPath);
    expect(await paths()).toContain('HR/Lønn/Januar.pdf');

    await migrate();

    expect(await paths()).toEqual(['FDV/Ventilasjon.pdf']);
    const shown = await t.request({ method: 'GET', url: building, key: a.key });
    expect(shown.body.privateFolders).toEqual(['HR/Lønn/']);
  });

  it('cleans a private folder set from now on as the paths it compares with', async () => {
    const a = await t.seed();
    const building = `/v1/building_owners/${a.ownerId}/buildings/${a.buildingId}`;
    await t.upload({ seed: a, filename: 'HR\u200e/Bonus.pdf', bytes: pdf('bonus-2') });
    const set = await t.request({
      method: 'PATCH',
      url: building,
      key: a.key,
      payload: { privateFolders: ['HR\u200e'] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.privateFolders).toEqual(['HR_/']);
    const listed = await t.request({ method: 'GET', url: `${building}/documents`, key: a.key });
    // was: `HR_/Bonus.pdf` listed, under a folder `HR<U+200E>/` that no path can start with
    expect(listed.body.documents).toEqual([]);
  });
});
