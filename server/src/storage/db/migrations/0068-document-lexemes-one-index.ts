import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: `document_lexemes` had two GIN indexes, `(building_owner_id, lexemes)` for a scope of several buildings
 * and `(building_id, lexemes)` for one building (migration 0039). A btree_gin index keeps each column's keys apart,
 * so the two held the very same postings for every lexeme, twice: at 100,000 bench documents 35 MB and 10 s of a
 * load's index builds each, and every write of a document's chunks updated both. One index over the three columns
 * answers both lookups the same way (a GIN scan ANDs the owner's or the building's entry with the word's) and holds
 * each word's postings once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index document_lexemes_scope_words on document_lexemes using gin (building_owner_id, building_id, lexemes);
    drop index document_lexemes_words;
    drop index document_lexemes_building_words;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index document_lexemes_words on document_lexemes using gin (building_owner_id, lexemes);
    create index document_lexemes_building_words on document_lexemes using gin (building_id, lexemes);
    drop index document_lexemes_scope_words;
  `.execute(db);
}
