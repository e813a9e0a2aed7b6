import { sql, type Kysely } from 'kysely';

/**
 * Handovers: a construction project given to a building owner of the document platform. One per project; the report
 * made at that moment is kept as it was (JSON), so what was delivered can be shown later exactly as it stood.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table handovers (
      id text primary key,
      project_id text not null unique references projects (id) on delete cascade,
      customer_id text not null references customers (id) on delete cascade,
      building_owner_id text not null references building_owners (id),
      report jsonb not null,
      created_by text references users (id) on delete set null,
      created_at timestamptz(3) not null default now()
    );
    create index handovers_customer on handovers (customer_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table handovers;`.execute(db);
}
