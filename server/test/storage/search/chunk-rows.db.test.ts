import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/** words that compress as little as a page of part numbers and names does: no two alike, no repeated letters' runs */
function codes(count: number, seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  const letters = 'abcdefghijklmnopqrstuvwxyzæøå0123456789';
  return Array.from({ length: count }, () =>
    Array.from({ length: 6 + (next() % 5) }, () => letters[next() % letters.length]).join(''),
  ).join(' ');
}

describe.each(testEngines())('chunk rows on %s', (engine) => {
  let t: TestApp;
  let documentId: string;
  let repetitiveId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    const seed = await t.seed();
    documentId = await t.upload({ seed, filename: 'FDV/Reservedeler.txt', bytes: Buffer.from(codes(900, 7)) });
    // two long words, each one syllable over and over: a vector of over 3 KB that PostgreSQL's compression shrinks to
    // about a hundred bytes
    repetitiveId = await t.upload({
      seed,
      filename: 'FDV/Gjentakelser.txt',
      bytes: Buffer.from(`filter ${'ventil'.repeat(300)} vifte ${'pumpe'.repeat(300)}`),
    });
    await t.waitForProcessing([documentId, repetitiveId]);
  });
  afterAll(async () => t?.close());

  // issue 48: testing a question's words on a document's chunks reads their vectors; a vector moved out of its row
  // costs the TOAST table's index and pages besides (migration 0046)
  it('keeps a chunk of the chunker’s size whole in its row, its vector beside its text', async () => {
    const db = t.deps.database.db;
    const chunks = (
      await sql<{ chars: number; bytes: number }>`
        select char_length(c.text) as chars, pg_column_size(c.*) as bytes from document_chunks c
        where c.document_id = ${documentId} order by c.chunk_index`.execute(db)
    ).rows;
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    // rows over PostgreSQL's default TOAST target (2,032 bytes), which moved their vectors out of the row
    const full = chunks.filter((c) => c.chars >= 900);
    expect(full.length).toBeGreaterThanOrEqual(4);
    for (const chunk of full) expect(Number(chunk.bytes)).toBeGreaterThan(2_100);
    const toast = (
      await sql<{ name: string }>`
        select t.oid::regclass::text as name from pg_class c join pg_class t on t.oid = c.reltoastrelid
        where c.oid = 'document_chunks'::regclass`.execute(db)
    ).rows[0]!.name;
    const stored = (await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(toast)}`.execute(db)).rows[0]!;
    expect(stored.n).toBe(0);
  });

  // issue 48: a document's vector is stored out of its row as it is (migration 0048). Compressing one was tried on
  // every write, though nearly every vector fails to compress; a vector that would compress shows the attempt is gone
  it('stores a document’s vector uncompressed, even one that would compress', async () => {
    const db = t.deps.database.db;
    const stored = (
      await sql<{ compression: string | null; bytes: number; found: boolean }>`
        select pg_column_compression(s.tsv) as compression, pg_column_size(s.tsv) as bytes,
          s.tsv @@ to_tsquery('norwegian', 'vifte') as found
        from search_documents s where s.document_id = ${repetitiveId}`.execute(db)
    ).rows[0]!;
    expect(stored.found).toBe(true);
    expect(stored.compression).toBeNull();
    expect(Number(stored.bytes)).toBeGreaterThan(3_000);
  });
});
