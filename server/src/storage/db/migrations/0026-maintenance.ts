import { sql, type Kysely } from 'kysely';

/**
 * The maintenance plan: tasks found in a building's documents (source 'extracted', with the document, page and
 * verbatim text that state them) and tasks people add (source 'person'). A person's edit marks an extracted task
 * `edited_by_person`, and confirmed or edited tasks are kept when their document is processed again; a task goes with
 * its document when the document is deleted (cascade for hard deletes; archiving deletes them in the service).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table maintenance_tasks (
      id text primary key,
      building_owner_id text not null references building_owners (id),
      building_id text not null references buildings (id),
      document_id uuid references documents (id) on delete cascade,
      page_number integer,
      cited_text text,
      component text not null,
      component_code text,
      building_category text,
      action text not null,
      interval_every integer check (interval_every is null or interval_every > 0),
      interval_unit text check (interval_unit is null or interval_unit in ('day', 'week', 'month', 'year')),
      interval_text text not null,
      performed_by text check (performed_by is null or performed_by in ('owner', 'operator', 'service_company')),
      source text not null check (source in ('extracted', 'person')),
      status text not null check (status in ('proposed', 'confirmed')),
      edited_by_person boolean not null default false,
      -- what an extraction found, as found (page, text, action, interval, who): a person's edit leaves it, so the
      -- same task found again is known
      extraction_signature text,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now()
    );
    create index maintenance_tasks_building on maintenance_tasks (building_id, created_at, id);
    create index maintenance_tasks_owner on maintenance_tasks (building_owner_id, created_at, id);
    create index maintenance_tasks_document on maintenance_tasks (document_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table maintenance_tasks`.execute(db);
}
