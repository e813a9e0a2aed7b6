import { sql, type Kysely } from 'kysely';

/**
 * Deficiency reports. A report is one generation run (a job); its items are kept per building, country and checklist
 * item, so that regenerating updates the same rows and the links and comments people made stay with them. Items
 * store evidence (document ids), not statuses: statuses are worked out when read, against the documents visible then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reports (
      id text primary key,
      building_id text not null references buildings (id),
      building_owner_id text not null references building_owners (id),
      country text not null,
      version text not null,
      state text not null default 'pending' check (state in ('pending', 'ready', 'failed')),
      created_at timestamptz(3) not null default now(),
      generated_at timestamptz(3)
    );
    create index reports_latest on reports (building_id, generated_at desc) where state = 'ready';

    create table report_items (
      id text primary key,
      building_id text not null references buildings (id),
      country text not null,
      name_id text not null,
      -- the newest report that holds the item (an item of another checklist version keeps its older report)
      report_id text not null references reports (id),
      evidence jsonb,
      person_comment text,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      unique (building_id, country, name_id)
    );
    create index report_items_report on report_items (report_id);

    create table report_item_documents (
      item_id text not null references report_items (id),
      document_id uuid not null references documents (id),
      created_at timestamptz(3) not null default now(),
      primary key (item_id, document_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_item_documents; drop table report_items; drop table reports;`.execute(db);
}
