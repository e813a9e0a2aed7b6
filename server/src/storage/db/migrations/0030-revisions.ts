import { sql, type Kysely } from 'kysely';
import { buildRevisionChains } from '../repositories/revisions.repository.js';
import type { DB } from '../schema.js';

/**
 * Drawing revisions and document versions (issue 45): each document's `superseded_by` (the next newer revision or
 * version in its building, null for the latest), the document an upload replaces, the drawing number as chains
 * compare it, and whether a person set number and revision (reprocessing then keeps them). The chains of documents
 * already stored are built here, building by building, with the same code that keeps them afterwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table documents add column drawing_key text;
    alter table documents add column drawing_number_source text not null default 'auto';
    alter table documents add column superseded_by uuid references documents (id) on delete set null;
    alter table documents add column replaces_document_id uuid references documents (id) on delete set null;
    create index documents_drawing_key on documents (building_id, drawing_key) where drawing_key is not null;
    create index documents_superseded_by on documents (superseded_by) where superseded_by is not null;
    create index documents_replaces on documents (replaces_document_id) where replaces_document_id is not null;
    alter table zip_archives add column latest_revisions boolean not null default false;
  `.execute(db);
  await buildRevisionChains(db as unknown as Kysely<DB>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table zip_archives drop column latest_revisions;
    alter table documents drop column replaces_document_id;
    alter table documents drop column superseded_by;
    alter table documents drop column drawing_number_source;
    alter table documents drop column drawing_key;
  `.execute(db);
}
