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

  // issue 48: a page's text is compressed with LZ4 where the server has it (migration 0051): pglz, PostgreSQL's default,
  // was 11-15 % of the server's CPU while the bench loaded its rows; PGlite has only pglz
  it('compresses a long page’s text with LZ4 where the server has it, and reads it back whole', async () => {
    const db = t.deps.database.db;
    const lz4 = (
      await sql<{ has: boolean }>`
        select 'lz4' = any(enumvals) as has from pg_settings where name = 'default_toast_compression'`.execute(db)
    ).rows[0]!.has;
    expect(lz4).toBe(engine === 'postgres');
    const page = (
      await sql<{ compression: string | null; bytes: number; text: string }>`
        select pg_column_compression(p.text) as compression, pg_column_size(p.text) as bytes, p.text
        from document_pages p where p.document_id = ${repetitiveId} order by p.page_number limit 1`.execute(db)
    ).rows[0]!;
    expect(page.compression).toBe(lz4 ? 'lz4' : 'pglz');
    expect(Number(page.bytes)).toBeLessThan(page.text.length / 5);
    expect(page.text).toContain(`vifte ${'pumpe'.repeat(300)}`);
  });

  // issue 48: a chunk's vector is kept by a trigger, no longer a generated column (migration 0050), so that a bulk
  // load may write it; for everyone else it must be what the generated column was
  it('keeps a chunk’s vector equal to search_vector(text, language), whatever an insert or update writes', async () => {
    const db = t.deps.database.db;
    const owner = (
      await sql<{ building_id: string; building_owner_id: string }>`
        select building_id, building_owner_id from documents where id = ${documentId}`.execute(db)
    ).rows[0]!;
    const vectorOf = async (id: number) =>
      (
        await sql<{ tsv: string; expected: string }>`
          select tsv::text as tsv, search_vector(text, language)::text as expected from document_chunks
          where id = ${id}`.execute(db)
      ).rows[0]!;
    // an insert that brings a vector of its own gets the text's
    const inserted = (
      await sql<{ id: number }>`
        insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number, char_start,
          char_end, text, tsv)
        values (${documentId}, ${owner.building_id}, ${owner.building_owner_id}, 9999, 1, 0, 20,
          'Sirkulasjonspumpen byttes', 'feil:1'::tsvector)
        returning id`.execute(db)
    ).rows[0]!.id;
    const first = await vectorOf(inserted);
    expect(first.tsv).toBe(first.expected);
    expect(first.tsv).toContain('sirkulasjonspump');
    expect(first.tsv).not.toContain('feil');
    // the text changes: so does the vector
    await sql`update document_chunks set text = 'Ventilen skiftes' where id = ${inserted}`.execute(db);
    const changed = await vectorOf(inserted);
    expect(changed.tsv).toBe(changed.expected);
    expect(changed.tsv).toContain('ventil');
    expect(changed.tsv).not.toContain('sirkulasjonspump');
    // the language changes: English analysis ("released" and "release" share a lexeme)
    await sql`update document_chunks set text = 'The valve was released', language = 'en' where id = ${inserted}`.execute(
      db,
    );
    const english = await vectorOf(inserted);
    expect(english.tsv).toBe(english.expected);
    expect(english.tsv).toContain("'releas'");
    // an update of another column leaves it as it is, and one that writes the vector gets the text's
    await sql`update document_chunks set page_number = 2 where id = ${inserted}`.execute(db);
    expect((await vectorOf(inserted)).tsv).toBe(english.expected);
    await sql`update document_chunks set tsv = 'feil:1'::tsvector where id = ${inserted}`.execute(db);
    expect((await vectorOf(inserted)).tsv).toBe(english.expected);
    await sql`delete from document_chunks where id = ${inserted}`.execute(db);
    // a backup leaves the derived vector out, as it did the generated column
    const derived = (
      await sql<{ comment: string | null }>`
        select col_description('document_chunks'::regclass, a.attnum) as comment from pg_attribute a
        where a.attrelid = 'document_chunks'::regclass and a.attname = 'tsv'`.execute(db)
    ).rows[0]!;
    expect(derived.comment).toMatch(/^derived:/);
  });
});
