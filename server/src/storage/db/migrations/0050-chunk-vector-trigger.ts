import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a chunk's vector (`document_chunks.tsv`) is kept by a trigger instead of being a generated column. It holds
 * the same value, `search_vector(text, language)`, computed before every insert and every update of the text, the
 * language or the vector itself (migration 0024's `update ... set text = text` still recomputes it; a statement that
 * writes the vector gets the text's, as no statement could write the generated column).
 *
 * Why: a generated column cannot be written, so a bulk load (the bench's COPY of a million documents, a future import)
 * had to hand each chunk's vector to the server as text for `search_vector` to give back, and the server parsed and
 * sorted every one of them: a quarter of its CPU while the bench's rows were written (a `perf` profile: `tsvectorin`
 * under `ExecComputeStoredGenerated`, and the plpgsql trigger that passed the vector on). A column written by a
 * trigger takes a vector in COPY's binary form from a session that skips ordinary triggers (`session_replication_role =
 * replica`, which only a superuser may set), and is computed as before for everyone else.
 *
 * The column's comment marks it derived, so a backup leaves it out as it leaves out generated columns, and the target's
 * trigger computes it again with the target's own text analysis.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function document_chunk_vector() returns trigger language plpgsql as $$
    begin
      new.tsv := search_vector(new.text, new.language);
      return new;
    end $$;
    alter table document_chunks alter column tsv drop expression;
    create trigger document_chunk_vector before insert or update of text, language, tsv on document_chunks
      for each row execute function document_chunk_vector();
    comment on column document_chunks.tsv is 'derived: search_vector(text, language), by the trigger document_chunk_vector';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger document_chunk_vector on document_chunks;
    drop function document_chunk_vector();
    drop index document_chunks_tsv;
    alter table document_chunks drop column tsv;
    alter table document_chunks add column tsv tsvector generated always as (search_vector(text, language)) stored;
    create index document_chunks_tsv on document_chunks using gin (building_id, tsv);
  `.execute(db);
}
