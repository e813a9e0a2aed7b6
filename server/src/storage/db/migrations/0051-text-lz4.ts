import { sql, type Kysely } from 'kysely';

/** the columns whose values PostgreSQL compresses when a row is too long: a page's text, a chunk's text and vector */
const COLUMNS = [
  ['document_pages', 'text'],
  ['document_chunks', 'text'],
  ['document_chunks', 'tsv'],
] as const;

/**
 * Issue 48: a page's text (some 4 KB a page in the bench's documents) was compressed on every write with pglz,
 * PostgreSQL's default: 11-15 % of the server's CPU while the bench loaded its rows (`pglz_compress` in a `perf`
 * profile of its backends). LZ4 compresses the same pages three times as fast (30,000 pages, 125 MB of text: 0.6-0.8 s
 * against 2.1-2.5 s) and reads them back faster (0.41 against 0.54-0.65 s), for more space: 77 against 62 MB here
 * (140 MB uncompressed), 12 % more on real Norwegian text (stop 81, which kept pglz for the space). The pages' text is
 * a small part of what an archive keeps beside the files themselves in the blob store, and answers, the maintenance
 * plan and a document's pages read it back: speed wins. Loads of 100,000 documents alternated without and with it:
 * the server's CPU while the rows were written 39.8 and 37.0 s against 29.2 and 31.7 s. A chunk's text and vector,
 * compressed when a chunk's row passes 4 KB, likewise.
 *
 * Only where the server has LZ4 (PostgreSQL built `--with-lz4`, as Debian's and the official images are); PGlite has
 * only pglz, and stays with it. Values already stored stay as they are: either kind reads back the same. An operator
 * who prefers the space sets the columns back (`alter table document_pages alter column text set compression pglz`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ lz4: boolean }>`
    select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(db);
  if (rows[0]?.lz4 !== true) return;
  for (const [table, column] of COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set compression lz4`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set compression default`.execute(db);
  }
}
