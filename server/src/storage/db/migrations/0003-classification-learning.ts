import { sql, type Kysely } from 'kysely';

/**
 * Corrections a person made to a classification, kept for ever (they are never overwritten), and the per-owner model
 * learned from them, updated one correction at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table classification_corrections (
      id bigint generated always as identity primary key,
      building_owner_id text not null references building_owners (id),
      document_id uuid not null references documents (id),
      field text not null,
      value jsonb not null,
      previous_value jsonb,
      features jsonb not null,
      created_at timestamptz(3) not null default now()
    );
    create index classification_corrections_owner on classification_corrections (building_owner_id, created_at);

    create table owner_classifier_models (
      building_owner_id text primary key references building_owners (id),
      model jsonb not null,
      corrections integer not null default 0,
      updated_at timestamptz(3) not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table owner_classifier_models; drop table classification_corrections;`.execute(db);
}
