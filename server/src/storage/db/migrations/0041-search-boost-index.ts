import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a keyword search's first pass scored every hit from its small vectors (`head`, `top`: three presence tests
 * a term), though a hit whose `head` and `top` hold none of the query's terms scores the same floor as any other of
 * its body length. A common term owner-wide is in the `head` or `top` of a fraction of its hits (130 of 24,000 in the
 * 100,000-document bench), so the search now finds those through `search_documents_boost` and scores only them (see
 * the provider). `building_id` leads, so a one-building search reads only that building's entries.
 *
 * The search reads every hit's row for the count and the facets, but `head` and `top` of a few: they move out of the
 * row (as the body's vector already is), so a row is about 200 bytes instead of 500 and the hits of a common term lie
 * on 2,500 pages instead of 6,400 (100,000 documents). Rows written before are rewritten once here (19 s at 100,000
 * documents on the bench machine), before the index exists, so the rewrite does not also fill it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table search_documents alter column head set storage external, alter column top set storage external;
    update search_documents set head = head;
    create index search_documents_boost on search_documents using gin (building_id, head, top);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index search_documents_boost;
    alter table search_documents alter column head set storage main, alter column top set storage main;
  `.execute(db);
}
