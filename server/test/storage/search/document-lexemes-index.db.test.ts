import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * Issue 48 (migration 0068): `document_lexemes` keeps each word's postings in one GIN index over the owner, the
 * building and the lexemes, which answers a word's count in one building and owner-wide; two indexes, one per scope,
 * held the same postings twice.
 */
describe.each(testEngines())('the documents’ lexemes index on %s', (engine) => {
  let t: TestApp;
  let building: string;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    const seed = await t.seed();
    building = seed.buildingId;
    owner = seed.ownerId;
    const texts = [
      'Ventil for tappevann i bad og kjøkken. Kontroll av ventil hvert år.',
      'Pumpe for sirkulasjon av varmtvann, service hvert andre år.',
      'Stengeventil ved hovedinntak; ventil skal kunne stenges uten verktøy.',
    ];
    const ids: string[] = [];
    for (const [i, text] of texts.entries())
      ids.push(await t.upload({ seed, filename: `FDV/Dokument ${i}.txt`, bytes: Buffer.from(text) }));
    await t.waitForProcessing(ids);
  });
  afterAll(async () => t?.close());

  it('holds the lexemes in one index', async () => {
    const indexes = (
      await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'document_lexemes' and indexdef like '%USING gin%'`.execute(t.deps.database.db)
    ).rows;
    expect(indexes.map((i) => i.name)).toEqual(['document_lexemes_scope_words']);
    expect(indexes[0]!.definition).toMatch(/\(building_owner_id, building_id, lexemes\)/);
  });

  it('answers a word’s count in one building and owner-wide from it', async () => {
    const db = t.deps.database.db;
    const scopes = [sql`x.building_id = ${building}`, sql`x.building_owner_id = ${owner}`];
    await db.connection().execute(async (connection) => {
      await sql`analyze document_lexemes`.execute(connection);
      // a table this small would be read whole; the question is which index the planner can take
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        for (const scope of scopes) {
          const count = sql<{ n: number }>`
            select count(*)::int as n from document_lexemes x where ${scope} and x.lexemes @@ 'ventil'::tsquery`;
          const plan = (await sql<{ 'QUERY PLAN': string }>`explain ${count}`.execute(connection)).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
          expect(plan).toMatch(/Bitmap Index Scan on document_lexemes_scope_words/);
          expect(plan).toMatch(/Index Cond: \(\(building(_owner)?_id = .* AND \(lexemes @@/);
          // the first and the last document say "ventil"
          expect((await count.execute(connection)).rows[0]!.n).toBe(2);
        }
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
      }
    });
  });
});
