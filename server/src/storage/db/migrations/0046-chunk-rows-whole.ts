import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a chunk's row keeps its text and its vector in its own page. A chunk of about 1,000 characters (the
 * chunker's target) makes a row of about 2.5 KB, over PostgreSQL's default TOAST target of 2 KB, so the largest column,
 * the vector, was compressed and half of the time moved out of the row: testing a word on a document's chunks then
 * read each vector through the TOAST table's index and pages (29,000 buffers beside 16,000 of the rows for 3,072
 * documents). With a target of 4 KB a row of up to 4 KB stays whole and uncompressed: the same test reads a third of
 * the buffers and takes two thirds of the time.
 *
 * Only rows written from now on are stored so; `VACUUM FULL document_chunks` (which locks the table while it runs)
 * rewrites the rows already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_chunks set (toast_tuple_target = 4080)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_chunks reset (toast_tuple_target)`.execute(db);
}
