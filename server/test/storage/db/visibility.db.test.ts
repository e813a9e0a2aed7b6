import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/storage/db/database.js';
import { visibleDocuments, type DocumentScope } from '../../../src/storage/db/visibility.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** name -> [building, path, upload state, archived] */
const DOCUMENTS: Record<string, [string, string, 'uploaded' | 'pending', boolean]> = {
  plan: ['bld_a', 'Tegninger/Plan.pdf', 'uploaded', false],
  archived: ['bld_a', 'Tegninger/Gammel plan.pdf', 'uploaded', true],
  private: ['bld_a', 'HR/Lønn.pdf', 'uploaded', false],
  // a folder named like the private one but not under it
  almostPrivate: ['bld_a', 'HRV/Aggregat.pdf', 'uploaded', false],
  uploading: ['bld_a', 'FDV/Ventilasjon.pdf', 'pending', false],
  otherBuilding: ['bld_b', 'FDV/Heis.pdf', 'uploaded', false],
  archivedBuilding: ['bld_gone', 'FDV/Tak.pdf', 'uploaded', false],
  otherOwner: ['bld_x', 'FDV/Brann.pdf', 'uploaded', false],
};

describe.each(testEngines())('the one visibility rule on %s', (engine) => {
  let database: Database;
  const names = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const q = (text: string, values?: unknown[]) => database.executeSql(text, values);
    await q(`insert into building_owners (id, name) values ('own_a', 'A'), ('own_x', 'X')`);
    await q(
      `insert into buildings (id, building_owner_id, name, private_folders, archived_at) values
         ('bld_a', 'own_a', 'A', '{HR/}', null), ('bld_b', 'own_a', 'B', '{}', null),
         ('bld_gone', 'own_a', 'Gone', '{}', now()), ('bld_x', 'own_x', 'X', '{}', null)`,
    );
    let n = 0;
    for (const [name, [building, path, state, archived]] of Object.entries(DOCUMENTS)) {
      n += 1;
      names.set(id(n), name);
      await q(
        `insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key, upload_state,
           extension, archived_at)
         select $1::uuid, $2, b.building_owner_id, $3, $3, $1::text, $4, 'pdf', $5 from buildings b where b.id = $2`,
        [id(n), building, path, state, archived ? new Date() : null],
      );
    }
  }, 60_000);
  afterAll(() => database.close());

  const visible = async (scope: DocumentScope, options?: { includePendingUploads?: boolean }) =>
    (await visibleDocuments(database.db, scope, options).select('d.id').execute())
      .map((row) => names.get(row.id))
      .sort();

  it('shows live, uploaded documents of live buildings outside private folders, and only in the scope', async () => {
    expect(await visible({ ownerId: 'own_a' })).toEqual(['almostPrivate', 'otherBuilding', 'plan']);
    expect(await visible({ buildingIds: ['bld_a'] })).toEqual(['almostPrivate', 'plan']);
    expect(await visible({ ownerId: 'own_a', buildingIds: ['bld_a', 'bld_b', 'bld_x'] })).toEqual([
      'almostPrivate',
      'otherBuilding',
      'plan',
    ]);
    expect(await visible({ buildingIds: ['bld_gone'] })).toEqual([]);
    expect(await visible({ ownerId: 'own_a', buildingIds: [] })).toEqual([]);
  });

  it('shows uploads still on their way only to a reader that asks for them', async () => {
    expect(await visible({ buildingIds: ['bld_a'] }, { includePendingUploads: true })).toEqual([
      'almostPrivate',
      'plan',
      'uploading',
    ]);
  });
});
