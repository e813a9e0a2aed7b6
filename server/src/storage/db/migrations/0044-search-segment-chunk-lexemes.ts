import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a segment also holds, per lexeme, the documents whose chunks hold it (`document_lexemes`, migration 0039),
 * so that an owner-wide question's word weights (how many readable documents of the scope hold each word) are counted
 * from postings in this process, not by reading hundreds of thousands of rows of `document_lexemes` for every word.
 *
 * A document's lexemes can change without its `search_documents` row (its chunks written in a transaction of their
 * own), so `document_lexemes` logs its writes to `search_changes` as `search_documents` does (the same functions: the
 * two tables name owner and document alike). Segments built before hold no chunk lexemes: they are dropped, and the
 * workers' upkeep builds them again within minutes (until then, SQL answers as it does for an owner without one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings add column chunks bytea;
    alter table search_segment_postings alter column chunks set storage external;
    create trigger document_lexemes_inserted after insert on document_lexemes
      referencing new table as new_rows for each statement execute function search_log_inserted();
    create trigger document_lexemes_updated after update on document_lexemes
      referencing old table as old_rows new table as new_rows for each statement execute function search_log_updated();
    create trigger document_lexemes_deleted after delete on document_lexemes
      referencing old table as old_rows for each statement execute function search_log_deleted();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger document_lexemes_inserted on document_lexemes;
    drop trigger document_lexemes_updated on document_lexemes;
    drop trigger document_lexemes_deleted on document_lexemes;
    delete from search_segments;
    alter table search_segment_postings drop column chunks;
  `.execute(db);
}
