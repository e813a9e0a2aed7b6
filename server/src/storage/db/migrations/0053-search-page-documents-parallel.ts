import { sql, type Kysely } from 'kysely';

/**
 * search_page_documents (migration 0052) was created parallel unsafe, PostgreSQL's default for a function: a statement
 * that calls one gets no parallel plan anywhere, so an owner-wide search lost its parallel worker (Search: "A parallel
 * worker on the server"). The function only reads tables: parallel safe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter function search_page_documents(uuid[], text, text[]) parallel safe`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter function search_page_documents(uuid[], text, text[]) parallel unsafe`.execute(db);
}
