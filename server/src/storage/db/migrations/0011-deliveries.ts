import { sql, type Kysely } from 'kysely';

/**
 * Deliveries and the subcontractor portal: a project's subcontractors, the portal tokens issued to them (stored
 * hashed), what each subcontractor owes (deliveries, with per-information-type approval), the construction fields
 * of a document (which delivery and information type an upload answers, its progress, location and tags), and the
 * history of every change to a document's metadata.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table subcontractors (
      id text primary key,
      project_id text not null references projects (id) on delete cascade,
      company_name text not null,
      organisation_number text,
      contact_name text,
      email text not null,
      phone text,
      disciplines text[] not null default '{}',
      -- what the daily reminder last mailed about (the missing and declined items), so a state is reminded once
      last_reminder_state text,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      -- removal archives: the documents and deliveries it made keep their origin
      archived_at timestamptz(3)
    );
    create index subcontractors_project on subcontractors (project_id, created_at, id);

    create table subcontractor_tokens (
      id text primary key,
      project_id text not null references projects (id) on delete cascade,
      subcontractor_id text not null references subcontractors (id) on delete cascade,
      token_hash text not null unique,
      created_by text references users (id) on delete set null,
      created_at timestamptz(3) not null default now(),
      expires_at timestamptz(3) not null,
      revoked_at timestamptz(3),
      last_used_at timestamptz(3)
    );
    create index subcontractor_tokens_subcontractor on subcontractor_tokens (subcontractor_id, created_at);

    create table deliveries (
      id text primary key,
      customer_id text not null references customers (id),
      project_id text not null references projects (id) on delete cascade,
      sub_contractor_id text,
      building_category text not null,
      full_category text not null,
      serial_number text,
      description text,
      discipline text,
      comment text,
      secondary_comment text,
      contact_person jsonb,
      information_types jsonb not null default '[]',
      information_types_expected text[] not null default '{}',
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      archived_at timestamptz(3)
    );
    create index deliveries_project on deliveries (project_id, created_at, id);
    create index deliveries_subcontractor on deliveries (sub_contractor_id);

    alter table projects add column reminders_enabled boolean not null default true;

    alter table documents add column project_id text references projects (id) on delete set null;
    alter table documents add column delivery_id text references deliveries (id) on delete set null;
    alter table documents add column subcontractor_id text references subcontractors (id) on delete set null;
    -- the information type the upload answers (what the subcontractor said), apart from what classification found
    alter table documents add column delivery_information_type text;
    alter table documents add column progress_status text check (progress_status in
      ('NO_DOCUMENTS', 'IN_PROGRESS', 'READY_TO_REVIEW', 'IN_REVIEW', 'DONE', 'CORRUPT'));
    alter table documents add column filename_descriptive text;
    alter table documents add column drawing_date_text text;
    alter table documents add column tfm_code text;
    alter table documents add column room_locations text[];
    alter table documents add column tags text[];
    alter table documents add column uploaded_by text;
    alter table documents add column updated_by text;
    create index documents_project on documents (project_id, created_at, id) where project_id is not null;
    create index documents_delivery on documents (delivery_id) where delivery_id is not null;

    create table document_history (
      id bigserial primary key,
      document_id uuid not null references documents (id) on delete cascade,
      changed_at timestamptz(3) not null default now(),
      actor_kind text not null check (actor_kind in ('user', 'subcontractor', 'system')),
      actor_user_id text,
      actor_label text,
      field text not null,
      old_value jsonb,
      new_value jsonb
    );
    create index document_history_document on document_history (document_id, changed_at, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table document_history;
    drop index documents_project;
    drop index documents_delivery;
    alter table documents
      drop column project_id, drop column delivery_id, drop column subcontractor_id,
      drop column delivery_information_type, drop column progress_status, drop column filename_descriptive,
      drop column drawing_date_text, drop column tfm_code, drop column room_locations, drop column tags,
      drop column uploaded_by, drop column updated_by;
    alter table projects drop column reminders_enabled;
    drop table deliveries;
    drop table subcontractor_tokens;
    drop table subcontractors;
  `.execute(db);
}
