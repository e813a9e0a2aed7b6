import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a segment's postings of a lexeme common in the owner, cut per building, so that a search of one building
 * reads its building's share of them and not the owner's (at a million documents, a common word's row of the big
 * owner is 2 to 5 MB of TOAST chunks, which a building's first search read cold in 45-150 ms).
 *
 * - `search_segment_building_postings`: per building and lexeme, the same runs and counts as `search_segment_postings`
 *   (the presence tests' and the counts' too, not the chunks'), of the building's documents alone, each numbered by
 *   its place among them in the segment's order (segments.ts's buildingRuns): a few KB for a building of 6,000
 *   documents. Stored `main`: in the row itself, compressed where that helps, so that a row is one page read and
 *   not a TOAST index descent per value.
 * - `search_segments.building_rows_from`: the rows exist for the lexemes of at least this many documents of the owner
 *   (their `documents`), and a search reads the owner's rows of the others; null for a segment built without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table search_segments add column building_rows_from integer;
    create table search_segment_building_postings (
      segment_id bigint not null references search_segments (id) on delete cascade,
      building_id text not null,
      lexeme text collate "C" not null,
      postings bytea not null,
      head_a bytea not null,
      head_b bytea not null,
      top bytea not null,
      counts bytea not null,
      head_a_counts bytea not null,
      head_b_counts bytea not null,
      primary key (segment_id, building_id, lexeme)
    );
    alter table search_segment_building_postings alter column postings set storage main,
      alter column head_a set storage main, alter column head_b set storage main, alter column top set storage main,
      alter column counts set storage main, alter column head_a_counts set storage main,
      alter column head_b_counts set storage main;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table search_segment_building_postings;
    alter table search_segments drop column building_rows_from;
  `.execute(db);
}
