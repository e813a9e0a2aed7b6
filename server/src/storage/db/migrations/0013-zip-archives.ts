import { sql, type Kysely } from 'kysely';

/** Zip archives of a building's files (optionally one subcontractor's), built by a job into the blob store. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table zip_archives (
      id text primary key,
      building_id text not null references buildings (id) on delete cascade,
      project_id text references projects (id) on delete cascade,
      subcontractor_id text references subcontractors (id) on delete cascade,
      exclude_before timestamptz(3),
      status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'failed')),
      blob_key text,
      file_count integer,
      size bigint,
      error text,
      created_by text references users (id) on delete set null,
      created_at timestamptz(3) not null default now(),
      ready_at timestamptz(3)
    );
    create index zip_archives_building on zip_archives (building_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table zip_archives;`.execute(db);
}
