import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a segment's run of a lexeme's documents is a bitmap of the segment's documents (one bit each, lowest bit
 * first) where that is no longer than the sorted list of their numbers (4 bytes each): where more than one document
 * in 32 holds the lexeme. A common word's run at a million documents was a list of 1.25 MB, sent as 2.5 MB of hex to
 * every search and question that asked for it; as a bitmap it is 75 KB. The run's length tells which it is: a bitmap
 * is exactly ceil(documents / 8) bytes long, a list always shorter.
 *
 * `documents` counts the documents of `postings` (a search's few-hits test reads it for every lexeme when a process
 * loads the segment, and a bitmap's length does not tell it). Segments built before hold lists alone and no counts:
 * they are dropped, and the workers' upkeep builds them again within minutes (until then, SQL answers as it does for
 * an owner without one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings add column documents integer not null default 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings drop column documents;
  `.execute(db);
}
