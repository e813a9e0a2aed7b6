import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: an owner's own inverted index (a "segment"), so that an owner-wide search over a big owner counts its
 * hits, tallies its facets and finds the first pass's floor candidates from postings and per-document values, not by
 * reading every hit's row (see storage/search/segments.ts).
 *
 * - `search_segments`: one per build, with the snapshot it was built under (`pg_current_snapshot()` in a repeatable
 *   read transaction): what it holds is exactly what that snapshot saw of `search_documents`.
 * - `search_segment_documents`: the owner's documents, numbered in body-length order (the order of every query's
 *   floor), with the values the facets and the scope need.
 * - `search_segment_postings`: each lexeme's documents, as a sorted run of those numbers (4 bytes each).
 * - `search_changes`: every document whose `search_documents` row was written, by the transaction that wrote it
 *   (`pg_current_xact_id()`). A search answers the documents written after its segment's snapshot (not visible in it)
 *   from `search_documents` itself and leaves them out of the segment, so a segment never gives a stale answer.
 *   Statement-level triggers with transition tables: one insert per statement, not one per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_changes (
      building_owner_id text not null,
      document_id uuid not null,
      xid xid8 not null default pg_current_xact_id()
    );
    create index search_changes_owner on search_changes (building_owner_id);

    create function search_log_inserted() returns trigger language plpgsql as $$
    begin
      insert into search_changes (building_owner_id, document_id) select n.building_owner_id, n.document_id from new_rows n;
      return null;
    end
    $$;
    create function search_log_updated() returns trigger language plpgsql as $$
    begin
      -- an owner's or a document's old row leaves its segment as the new one enters another's
      insert into search_changes (building_owner_id, document_id)
      select o.building_owner_id, o.document_id from old_rows o
      union select n.building_owner_id, n.document_id from new_rows n;
      return null;
    end
    $$;
    create function search_log_deleted() returns trigger language plpgsql as $$
    begin
      insert into search_changes (building_owner_id, document_id) select o.building_owner_id, o.document_id from old_rows o;
      return null;
    end
    $$;
    create trigger search_documents_inserted after insert on search_documents
      referencing new table as new_rows for each statement execute function search_log_inserted();
    create trigger search_documents_updated after update on search_documents
      referencing old table as old_rows new table as new_rows for each statement execute function search_log_updated();
    create trigger search_documents_deleted after delete on search_documents
      referencing old table as old_rows for each statement execute function search_log_deleted();

    create table search_segments (
      id bigint generated always as identity primary key,
      building_owner_id text not null,
      snapshot pg_snapshot not null,
      documents integer not null,
      created_at timestamptz(3) not null default now()
    );
    create index search_segments_owner on search_segments (building_owner_id, id);

    create table search_segment_documents (
      segment_id bigint not null references search_segments (id) on delete cascade,
      ordinal integer not null,
      document_id uuid not null,
      building_id text not null,
      body_length integer not null,
      discipline text,
      building_category text,
      extension text not null,
      is_drawing boolean not null,
      floor text,
      primary key (segment_id, ordinal)
    );

    -- "C": code-point order, so that a prefix is one range of the primary key
    create table search_segment_postings (
      segment_id bigint not null references search_segments (id) on delete cascade,
      lexeme text collate "C" not null,
      postings bytea not null,
      primary key (segment_id, lexeme)
    );
    -- read whole, so never compressed
    alter table search_segment_postings alter column postings set storage external;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table search_segment_postings, search_segment_documents, search_segments;
    drop trigger search_documents_inserted on search_documents;
    drop trigger search_documents_updated on search_documents;
    drop trigger search_documents_deleted on search_documents;
    drop function search_log_inserted(), search_log_updated(), search_log_deleted();
    drop table search_changes;
  `.execute(db);
}
