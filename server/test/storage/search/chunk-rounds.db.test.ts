import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunksOfDocumentsHolding } from '../../../src/storage/search/postgres-chunk.retriever.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * Issue 48: an owner-wide question reads the chunks of the segment's documents in rounds of a growing number of them.
 * Read cold at a million documents, a round by the plain index scan waited on each page in turn (439-601 ms); it is
 * written so that only a bitmap scan can answer it, which reads the pages in their order and prefetches them.
 */
describe.each(testEngines())('a round of documents’ chunks on %s', (engine) => {
  let t: TestApp;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    const seed = await t.seed();
    const texts = [
      'Ventil for tappevann i bad og kjøkken. Kontroll av ventil hvert år.',
      'Pumpe for sirkulasjon av varmtvann, service hvert andre år.',
      'Ventilasjonsaggregat med filter og vifte; filterbytte to ganger i året.',
      'Stengeventil ved hovedinntak; ventil skal kunne stenges uten verktøy.',
    ];
    ids = [];
    for (const [i, text] of texts.entries())
      ids.push(await t.upload({ seed, filename: `FDV/Dokument ${i}.txt`, bytes: Buffer.from(text) }));
    await t.waitForProcessing(ids);
  });
  afterAll(async () => t?.close());

  const direct = async (documents: string[], every: string) =>
    (
      await sql<{ id: string }>`
        select c.id::text as id from document_chunks c
        where c.document_id = any(${documents}::uuid[]) and c.tsv @@ ${every}::tsquery
        order by c.id`.execute(t.deps.database.db)
    ).rows.map((r) => r.id);
  const round = async (documents: string[], every: string) =>
    (await chunksOfDocumentsHolding(documents, every).execute(t.deps.database.db)).rows
      .map((r) => String(r.id))
      .sort((a, b) => Number(a) - Number(b));

  it('finds exactly the chunks of the listed documents that hold the words', async () => {
    const every = `'ventil'`;
    const all = await direct(ids, every);
    // the first and the last document say "ventil"
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(await round(ids, every)).toEqual(all);
    // one document (the second list is empty), an odd number, and documents without the word
    expect(await round([ids[3]!], every)).toEqual(await direct([ids[3]!], every));
    expect(await round(ids.slice(0, 3), every)).toEqual(await direct(ids.slice(0, 3), every));
    expect(await round([ids[1]!], every)).toEqual([]);
    expect(await round([ids[1]!, ids[2]!], every)).toEqual(await direct([ids[1]!, ids[2]!], every));
    expect(await round(ids, `'pump' & 'servic'`)).toEqual(await direct(ids, `'pump' & 'servic'`));
  });

  it.runIf(engine === 'postgres')('is read by a bitmap scan of the chunks, never one page at a time', async () => {
    await t.deps.database.db.connection().execute(async (connection) => {
      await sql`analyze document_chunks`.execute(connection);
      // a table this small would be read whole; the question is which of the key's two scans the planner takes
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        const statement = chunksOfDocumentsHolding(ids, `'ventil'`).compile(connection);
        const plan = (
          await connection.executeQuery<{ 'QUERY PLAN': string }>({
            ...statement,
            sql: `explain ${statement.sql}`,
          })
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan).toMatch(/Bitmap Heap Scan on document_chunks/);
        // (a bitmap scan's "Bitmap Index Scan" nodes are not a plain index scan)
        expect(plan).not.toMatch(/^\s*(->\s+)?Index (Only )?Scan/m);
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
      }
    });
  });
});
