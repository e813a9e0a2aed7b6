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

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    const seed = await t.seed();
    documentId = await t.upload({ seed, filename: 'FDV/Reservedeler.txt', bytes: Buffer.from(codes(900, 7)) });
    await t.waitForProcessing([documentId]);
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
});
