import { sql, type Kysely } from 'kysely';

/**
 * Extracted text is kept per page (citations need exact page numbers) and split into page-aware chunks for search
 * and answers. Previews are separate blobs (a PDF made from an image, an Office file or a drawing's thumbnail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table documents add column content_type text;
    alter table documents add column preview_key text;
    -- why a preview is missing ('no_converter', 'failed'), so the API can tell "none" from "not yet"
    alter table documents add column preview_note text;
    alter table documents add column page_count integer;

    create index documents_pending_uploads on documents (created_at) where upload_state = 'pending' and archived_at is null;
    create index documents_building_category on documents (building_id, building_category) where archived_at is null;

    create table document_pages (
      document_id uuid not null references documents (id),
      page_number integer not null,
      text text not null,
      ocr boolean not null default false,
      width_mm real,
      height_mm real,
      label text,
      primary key (document_id, page_number)
    );

    create table document_chunks (
      id bigint generated always as identity primary key,
      document_id uuid not null references documents (id),
      building_id text not null references buildings (id),
      building_owner_id text not null references building_owners (id),
      chunk_index integer not null,
      page_number integer not null,
      -- offsets into the page text: page.text.slice(char_start, char_end) = text
      char_start integer not null,
      char_end integer not null,
      text text not null,
      unique (document_id, chunk_index)
    );
    create index document_chunks_building on document_chunks (building_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table document_chunks; drop table document_pages;
    drop index documents_pending_uploads; drop index documents_building_category;
    alter table documents drop column content_type, drop column preview_key, drop column preview_note, drop column page_count;
  `.execute(db);
}
