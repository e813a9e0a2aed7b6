import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a keyword search's first pass scored every hit from its small vectors (`head`, `top`: three presence tests
 * a term), though a hit whose `head` and `top` hold none of the query's terms scores the same floor as any other of
 * its body length. A common term owner-wide is in the `head` or `top` of a fraction of its hits (130 of 24,000 in the
 * 100,000-document bench), so the search now finds those through this index and scores only them, and takes the
 * others in body-length order (see the provider). `building_id` leads, so a one-building search reads only that
 * building's entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index search_documents_boost on search_documents using gin (building_id, head, top)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index search_documents_boost`.execute(db);
}
