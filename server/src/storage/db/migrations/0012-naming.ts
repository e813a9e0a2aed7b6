import { sql, type Kysely } from 'kysely';

/**
 * Bulk renaming: the name a document was uploaded with (the descriptive part of a convention's name falls back to
 * it, so renaming twice gives the same name), the convention a project picked, and a change set on history rows so
 * that one bulk rename can be undone as one step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table documents add column original_filename text;
    update documents set original_filename = filename;
    alter table projects add column naming_convention text not null default 'byggdok'
      check (naming_convention in ('byggdok', 'iso19650'));
    alter table document_history add column change_set_id text;
    create index document_history_change_set on document_history (change_set_id) where change_set_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index document_history_change_set;
    alter table document_history drop column change_set_id;
    alter table projects drop column naming_convention;
    alter table documents drop column original_filename;
  `.execute(db);
}
