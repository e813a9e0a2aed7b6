import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleDocuments } from '../../../src/storage/db/visibility.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * A search reads its page's documents through search_page_documents (migration 0052), inside its statement. That
 * function restates visibleDocuments, the one visibility rule, in SQL: these tests hold the two to the same rows for
 * every way a document can be out of sight, and for ids of another owner's documents asked for in the wrong scope.
 */
describe.each(testEngines())('the page documents of a search on %s', (engine) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    await sql`insert into building_owners (id, name) values ('own_a', 'A Eiendom AS'), ('own_b', 'B Eiendom AS')`.execute(
      db,
    );
    await sql`insert into buildings (id, building_owner_id, name, private_folders, archived_at) values
      ('bld_a1', 'own_a', 'Kontorbygg', '{HR/}', null),
      ('bld_a2', 'own_a', 'Lager', '{}', null),
      ('bld_a3', 'own_a', 'Revet bygg', '{}', now()),
      ('bld_b1', 'own_b', 'Nabobygg', '{}', null)`.execute(db);
    const documents: [string, string, string, string, 'uploaded' | 'pending', boolean][] = [
      // name, building, owner, original path, upload state, archived
      ['visible', 'bld_a1', 'own_a', 'FDV/Ventilasjon.pdf', 'uploaded', false],
      ['otherBuilding', 'bld_a2', 'own_a', 'FDV/Pumper.pdf', 'uploaded', false],
      ['archived', 'bld_a1', 'own_a', 'FDV/Gammel.pdf', 'uploaded', true],
      ['pending', 'bld_a1', 'own_a', 'FDV/Kommer.pdf', 'pending', false],
      ['private', 'bld_a1', 'own_a', 'HR/Lønn.pdf', 'uploaded', false],
      // a folder whose name only begins like the private one's is not private
      ['nearPrivate', 'bld_a1', 'own_a', 'HRX/Plan.pdf', 'uploaded', false],
      ['archivedBuilding', 'bld_a3', 'own_a', 'FDV/Tak.pdf', 'uploaded', false],
      ['otherOwner', 'bld_b1', 'own_b', 'FDV/Heis.pdf', 'uploaded', false],
    ];
    for (const [name, building, owner, path, state, archived] of documents) {
      const id = randomUUID();
      ids[name] = id;
      await sql`insert into documents (id, building_id, building_owner_id, filename, original_path, title, blob_key,
          upload_state, extension, size, archived_at)
        values (${id}, ${building}, ${owner}, ${path.split('/').pop()!}, ${path}, ${name}, ${`k/${id}`}, ${state},
          'pdf', 10, ${archived ? sql`now()` : sql`null`})`.execute(db);
    }
  });
  afterAll(async () => t?.close());

  const names = (found: string[]) =>
    Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .sort();

  const scopes: { name: string; ownerId: string; buildingIds: string[] | null; expected: string[] }[] = [
    { name: 'the owner', ownerId: 'own_a', buildingIds: null, expected: ['nearPrivate', 'otherBuilding', 'visible'] },
    { name: 'one building', ownerId: 'own_a', buildingIds: ['bld_a1'], expected: ['nearPrivate', 'visible'] },
    {
      name: 'two buildings and an archived one',
      ownerId: 'own_a',
      buildingIds: ['bld_a1', 'bld_a2', 'bld_a3'],
      expected: ['nearPrivate', 'otherBuilding', 'visible'],
    },
    // another tenant's building named in the scope of an owner it does not belong to
    { name: "another owner's building", ownerId: 'own_a', buildingIds: ['bld_b1'], expected: [] },
    { name: 'the other owner', ownerId: 'own_b', buildingIds: null, expected: ['otherOwner'] },
    { name: 'no building', ownerId: 'own_a', buildingIds: [], expected: [] },
  ];

  it.each(scopes)('returns the rows visibleDocuments returns, in the scope of $name', async (scope) => {
    const db = t.deps.database.db;
    const all = Object.values(ids);
    const buildings = scope.buildingIds === null ? sql`null::text[]` : sql`${scope.buildingIds}::text[]`;
    const fromFunction = (
      await sql<{ id: string }>`select d.* from search_page_documents(${all}::uuid[], ${scope.ownerId}, ${buildings}) d
        order by d.id`.execute(db)
    ).rows;
    const fromRule = await visibleDocuments(db, {
      ownerId: scope.ownerId,
      ...(scope.buildingIds !== null ? { buildingIds: scope.buildingIds } : {}),
    })
      .selectAll('d')
      .where('d.id', 'in', all)
      .orderBy('d.id')
      .execute();
    expect(names(fromFunction.map((row) => row.id))).toEqual(scope.expected);
    // the same rows, every column
    expect(fromFunction).toEqual(fromRule);
  });

  // a statement calling a parallel-unsafe function gets no parallel plan anywhere: the search statement that reads its
  // page's documents through this one would lose its parallel worker (migration 0053)
  it.runIf(engine === 'postgres')(
    'leaves the statement that calls it free to share its scans with a worker',
    async () => {
      await t.deps.database.db.connection().execute(async (connection) => {
        for (const setting of ['parallel_setup_cost', 'parallel_tuple_cost', 'min_parallel_table_scan_size']) {
          await sql`select set_config(${setting}, '0', false)`.execute(connection);
        }
        try {
          const plan = (
            await sql<{
              'QUERY PLAN': string;
            }>`explain select d.id, c.n from search_page_documents(${[ids.visible!]}::uuid[],
            'own_a', null::text[]) d cross join (select count(*) as n from documents) c`.execute(connection)
          ).rows
            .map((row) => row['QUERY PLAN'])
            .join('\n');
          expect(plan).toContain('Gather');
        } finally {
          await sql`reset all`.execute(connection);
        }
      });
    },
  );

  it('returns only the ids asked for', async () => {
    const db = t.deps.database.db;
    const found = (
      await sql<{ id: string }>`select d.id from search_page_documents(${[ids.visible!, ids.private!]}::uuid[], 'own_a',
        null::text[]) d`.execute(db)
    ).rows;
    expect(names(found.map((row) => row.id))).toEqual(['visible']);
  });
});
