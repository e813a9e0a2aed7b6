import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: the word-weight passage retrieval weighs each question word by how many readable documents of the scope
 * hold it. Counted from the chunks, that read every matching chunk's row (owner-wide at 100,000 documents, tens of
 * thousands of rows for every word of every question). `document_lexemes` holds one narrow row per document: the
 * distinct lexemes of all its chunks (a stripped vector, kept out of the row so a page holds many rows) and what the
 * visibility rule reads of the document (whether it is live and uploaded, its path for the private folders, its
 * building and owner). A word's document count is then one GIN lookup and a count of narrow rows.
 *
 * Triggers keep it, so every path that writes documents or chunks does (ingest, reprocess, archive, restore, delete,
 * handover); a loader that writes with the triggers off (the bench's COPY path) calls document_lexemes_rebuild().
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table document_lexemes (
      document_id uuid primary key references documents (id) on delete cascade,
      building_id text not null,
      building_owner_id text not null,
      readable boolean not null,
      original_path text not null,
      lexemes tsvector not null default ''
    ) with (toast_tuple_target = 128);
    alter table document_lexemes alter column lexemes set storage external;
    create index document_lexemes_words on document_lexemes using gin (building_owner_id, lexemes);
    create index document_lexemes_building_words on document_lexemes using gin (building_id, lexemes);
    create index document_lexemes_readable on document_lexemes (building_owner_id, building_id)
      include (original_path) where readable;

    -- the distinct lexemes of a document's chunks
    create function document_lexemes_of(document uuid) returns tsvector language sql stable as $$
      select coalesce(array_to_tsvector(array_agg(distinct l.lexeme)), ''::tsvector)
      from document_chunks c cross join lateral unnest(tsvector_to_array(c.tsv)) as l (lexeme)
      where c.document_id = document
    $$;

    create function document_lexemes_refresh(documents uuid[]) returns void language sql as $$
      insert into document_lexemes (document_id, building_id, building_owner_id, readable, original_path, lexemes)
      select d.id, d.building_id, d.building_owner_id, d.archived_at is null and d.upload_state = 'uploaded',
             d.original_path, document_lexemes_of(d.id)
      from documents d where d.id = any(documents)
      on conflict (document_id) do update set
        building_id = excluded.building_id, building_owner_id = excluded.building_owner_id,
        readable = excluded.readable, original_path = excluded.original_path, lexemes = excluded.lexemes
    $$;

    -- every document at once, from its chunks in one pass (after a load with the triggers off, and here)
    create function document_lexemes_rebuild() returns void language sql as $$
      insert into document_lexemes (document_id, building_id, building_owner_id, readable, original_path, lexemes)
      select d.id, d.building_id, d.building_owner_id, d.archived_at is null and d.upload_state = 'uploaded',
             d.original_path, coalesce(w.lexemes, ''::tsvector)
      from documents d
      left join (
        select c.document_id, array_to_tsvector(array_agg(distinct l.lexeme)) as lexemes
        from document_chunks c cross join lateral unnest(tsvector_to_array(c.tsv)) as l (lexeme)
        group by c.document_id
      ) w on w.document_id = d.id
      on conflict (document_id) do update set
        building_id = excluded.building_id, building_owner_id = excluded.building_owner_id,
        readable = excluded.readable, original_path = excluded.original_path, lexemes = excluded.lexemes
    $$;

    create function document_lexemes_document_changed() returns trigger language plpgsql as $$
    begin
      insert into document_lexemes (document_id, building_id, building_owner_id, readable, original_path)
      values (new.id, new.building_id, new.building_owner_id,
              new.archived_at is null and new.upload_state = 'uploaded', new.original_path)
      on conflict (document_id) do update set
        building_id = excluded.building_id, building_owner_id = excluded.building_owner_id,
        readable = excluded.readable, original_path = excluded.original_path;
      return null;
    end $$;
    create trigger document_lexemes_document_inserted after insert on documents
      for each row execute function document_lexemes_document_changed();
    create trigger document_lexemes_document_updated
      after update of building_id, building_owner_id, archived_at, upload_state, original_path on documents
      for each row execute function document_lexemes_document_changed();

    create function document_lexemes_chunks_added() returns trigger language plpgsql as $$
    begin
      perform document_lexemes_refresh(array(select distinct document_id from added_chunks));
      return null;
    end $$;
    create function document_lexemes_chunks_removed() returns trigger language plpgsql as $$
    begin
      -- a document deleted in the same statement has no row left to refresh
      perform document_lexemes_refresh(array(select distinct document_id from removed_chunks));
      return null;
    end $$;
    create trigger document_lexemes_chunks_inserted after insert on document_chunks
      referencing new table as added_chunks for each statement execute function document_lexemes_chunks_added();
    create trigger document_lexemes_chunks_updated after update on document_chunks
      referencing new table as added_chunks for each statement execute function document_lexemes_chunks_added();
    create trigger document_lexemes_chunks_deleted after delete on document_chunks
      referencing old table as removed_chunks for each statement execute function document_lexemes_chunks_removed();

    select document_lexemes_rebuild();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger document_lexemes_chunks_deleted on document_chunks;
    drop trigger document_lexemes_chunks_updated on document_chunks;
    drop trigger document_lexemes_chunks_inserted on document_chunks;
    drop trigger document_lexemes_document_updated on documents;
    drop trigger document_lexemes_document_inserted on documents;
    drop function document_lexemes_chunks_removed();
    drop function document_lexemes_chunks_added();
    drop function document_lexemes_document_changed();
    drop function document_lexemes_rebuild();
    drop function document_lexemes_refresh(uuid[]);
    drop function document_lexemes_of(uuid);
    drop table document_lexemes;
  `.execute(db);
}
