import { sql, type Kysely } from 'kysely';

/**
 * Partners and their keys, building owners, buildings, session tokens, and the one documents table that both the
 * partner API and the construction module serve (a construction project's buildings are buildings; its documents are
 * documents). Archiving is a timestamp: nothing is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table settings (
      key text primary key,
      value text not null
    );

    create table partners (
      id text primary key,
      name text not null,
      created_at timestamptz(3) not null default now(),
      archived_at timestamptz(3)
    );

    create table building_owners (
      id text primary key,
      name text not null,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      archived_at timestamptz(3)
    );
    create index building_owners_created on building_owners (created_at, id);

    -- which building owners a partner organisation reaches
    create table partner_building_owners (
      partner_id text not null references partners (id),
      building_owner_id text not null references building_owners (id),
      created_at timestamptz(3) not null default now(),
      primary key (partner_id, building_owner_id)
    );
    create index partner_building_owners_owner on partner_building_owners (building_owner_id);

    create table buildings (
      id text primary key,
      building_owner_id text not null references building_owners (id),
      name text not null,
      private_folders text[] not null default '{}',
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      archived_at timestamptz(3)
    );
    create index buildings_owner_created on buildings (building_owner_id, created_at, id);

    create table api_keys (
      id text primary key,
      partner_id text not null references partners (id),
      name text,
      -- sha256 of the whole key; the key itself is shown once and never stored
      key_hash text not null unique,
      -- the first characters, so an operator can tell keys apart
      key_prefix text not null,
      environment text not null check (environment in ('live', 'test')),
      -- true: every building owner of the partner, present and future; false: only the grants below
      whole_partner boolean not null,
      created_at timestamptz(3) not null default now(),
      revoked_at timestamptz(3),
      last_used_at timestamptz(3)
    );
    create index api_keys_partner on api_keys (partner_id);

    create table api_key_owner_grants (
      api_key_id text not null references api_keys (id),
      building_owner_id text not null references building_owners (id),
      primary key (api_key_id, building_owner_id)
    );

    create table api_key_building_grants (
      api_key_id text not null references api_keys (id),
      building_id text not null references buildings (id),
      primary key (api_key_id, building_id)
    );

    create table session_tokens (
      id text primary key,
      token_hash text not null unique,
      api_key_id text not null references api_keys (id),
      building_owner_id text not null references building_owners (id),
      created_at timestamptz(3) not null default now(),
      expires_at timestamptz(3) not null
    );
    create index session_tokens_expiry on session_tokens (expires_at);

    create table documents (
      id uuid primary key,
      building_id text not null references buildings (id),
      building_owner_id text not null references building_owners (id),
      -- the package a document was unpacked from
      parent_document_id uuid references documents (id),
      filename text not null,
      original_path text not null,
      title text,
      extension text not null default '',
      mime_type text,
      file_kind text,
      blob_key text not null,
      upload_state text not null default 'pending' check (upload_state in ('pending', 'uploaded')),
      uploaded_at timestamptz(3),
      size bigint not null default 0,
      md5 text,
      serial_number text,
      original_created_at timestamptz(3),
      external_ids jsonb,
      building_category text,
      -- 'person' when a person set the category: reprocessing never overwrites it
      building_category_source text check (building_category_source in ('auto', 'person')),
      discipline text,
      information_type text,
      information_types text[] not null default '{}',
      is_drawing boolean not null default false,
      is_schema_drawing boolean not null default false,
      as_built boolean not null default false,
      drawing_number text,
      drawing_revision text,
      drawing_type text,
      drawing_date date,
      floor text,
      classification jsonb,
      corrupt boolean not null default false,
      extracted_text boolean not null default false,
      extracted_file boolean not null default false,
      uncompressed_package boolean not null default false,
      valid_file boolean not null default false,
      invalid_file boolean not null default false,
      categorised boolean not null default false,
      skip_extract_file boolean not null default false,
      text_extraction_error boolean not null default false,
      processing_error text,
      processed_at timestamptz(3),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      archived_at timestamptz(3)
    );
    create index documents_building_created on documents (building_id, created_at, id) where archived_at is null;
    create index documents_building_updated on documents (building_id, updated_at, id) where archived_at is null;
    create index documents_owner on documents (building_owner_id) where archived_at is null;
    create index documents_parent on documents (parent_document_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table documents; drop table session_tokens; drop table api_key_building_grants;
    drop table api_key_owner_grants; drop table api_keys; drop table buildings;
    drop table partner_building_owners; drop table building_owners; drop table partners; drop table settings;
  `.execute(db);
}
