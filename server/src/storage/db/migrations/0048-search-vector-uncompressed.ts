import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a document's body vector (`search_documents.tsv`, some 4 KB for a document of five chunks) is stored out of
 * its row (the table's TOAST target is 256 bytes, migration 0041), and PostgreSQL tried to compress it first on every
 * write. A vector hardly ever compresses: its lexemes differ and its positions climb, so 11 of 5,000 bench documents'
 * vectors were stored compressed, and the other 4,989 attempts were thrown away. Those attempts were 15 % of the
 * server's CPU while a million documents were loaded (`pglz_compress` in a profile of its backends). The vector now
 * goes out of the row as it is, as `head` and `top` already do; a search reads it as before (no vector needed
 * decompressing). Vectors already stored stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_documents alter column tsv set storage external`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_documents alter column tsv set storage extended`.execute(db);
}
