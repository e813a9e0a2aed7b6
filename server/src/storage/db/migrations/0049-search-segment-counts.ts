import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a segment's postings carry, per document, how many positions its vector (`search_documents.tsv`) holds of
 * the lexeme, and how many of them weigh A and B: enough to compute `ts_rank` of a search's terms for any of its hits
 * in the process (segment-ranks.ts), so a search the segment answers reads no vector at all. One byte per document,
 * in the order of the run they go with:
 *
 * - `counts`, beside `postings`: the positions, less one (a vector keeps at most 256 of a lexeme);
 * - `head_a_counts` and `head_b_counts`, beside `head_a` and `head_b`: the positions of weight A (B) the vector holds of
 *   the lexeme (0 when they were cut off at 256 positions), 255 for 255 or more (the process then asks the database);
 * - empty where every count of the run is the most common one (1 position; 1 position of weight A or B).
 *
 * Segments built before have none: they are dropped, and the workers' upkeep builds them again within minutes (until
 * then, SQL answers as it does for an owner without one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings add column counts bytea not null default ''::bytea,
      add column head_a_counts bytea not null default ''::bytea,
      add column head_b_counts bytea not null default ''::bytea;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings drop column counts, drop column head_a_counts, drop column head_b_counts;
  `.execute(db);
}
