import { sql, type Kysely } from 'kysely';

/**
 * The file-storage provider people connect (OAuth 2): sign-in attempts in flight (state hashed, bound to the user),
 * each user's connection (refresh token encrypted), and folder imports into a building.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table storage_provider_states (
      state_hash text primary key,
      user_id text not null references users (id) on delete cascade,
      code_verifier text not null,
      redirect_to text not null,
      created_at timestamptz(3) not null default now(),
      expires_at timestamptz(3) not null
    );
    create table storage_provider_connections (
      user_id text primary key references users (id) on delete cascade,
      refresh_token_encrypted text not null,
      scope text,
      connected_at timestamptz(3) not null,
      updated_at timestamptz(3) not null
    );
    create table storage_provider_imports (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      building_id text not null references buildings (id) on delete cascade,
      project_id text not null references projects (id) on delete cascade,
      folder_path text not null,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      files integer not null default 0,
      imported integer not null default 0,
      skipped jsonb not null default '[]',
      document_ids jsonb not null default '[]',
      error text,
      created_at timestamptz(3) not null default now(),
      finished_at timestamptz(3)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table storage_provider_imports; drop table storage_provider_connections; drop table storage_provider_states;`.execute(
    db,
  );
}
