import { sql, type Kysely } from 'kysely';

/**
 * One stored vector per chunk. Passages were found through two (`search_tsv`, analysed like every search vector, and
 * `ask_tsv`, words as written for the ask repository's prefix queries), each with its own GIN index, and reports
 * tokenised every chunk again at each generation. Now search, answers and reports read `tsv`: the search analysis
 * (`search_vector`: folded accents, codes split and joined, nouns cut to the singular, Norwegian stems, Norwegian and
 * English stop words dropped). A stem matched as a prefix finds what the word-as-written vector did: inflections
 * share the stem, and compounds start with it. Renaming keeps the stored values and the index; nothing is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index document_chunks_ask_tsv;
    alter table document_chunks drop column ask_tsv;
    alter table document_chunks rename column search_tsv to tsv;
    alter index document_chunks_search rename to document_chunks_tsv;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter index document_chunks_tsv rename to document_chunks_search;
    alter table document_chunks rename column tsv to search_tsv;
    alter table document_chunks
      add column ask_tsv tsvector generated always as (to_tsvector('simple'::regconfig, text)) stored;
    create index document_chunks_ask_tsv on document_chunks using gin (ask_tsv);
  `.execute(db);
}
