import { sql, type Kysely } from 'kysely';

/**
 * A building's vocabulary (`building_lexemes`, migration 0057) kept the words a change took away (a document deleted,
 * archived, renamed or reworded, a folder made private) until the workers read the building again, seconds to a
 * minute later; in that window a search could still tell those words were there (taken as spelled, offered as a
 * correction or a compound's part). Such a change marks the building in `building_lexemes_stale` in its own
 * transaction, so a search now asks the live documents about a marked building's words instead
 * (query-analysis.ts): whether a document of the building outside its private folders holds the word, the very test
 * the rebuild (`building_lexemes_rebuild`) makes, one word at a time through the (building_id, tsv) text index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function building_lexemes_live(building text, word text) returns boolean language sql stable as $$
      select exists (
        select 1 from search_documents s join documents d on d.id = s.document_id
        where s.building_id = building and s.tsv @@ quote_literal(word)::tsquery
          and not building_lexemes_private(s.building_id, d.original_path))
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists building_lexemes_live(text, text)`.execute(db);
}
