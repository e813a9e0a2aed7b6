import { sql, type Kysely } from 'kysely';

/**
 * Information types a person set stand, as a category a person set does: reprocessing fills `information_type(s)`
 * only while `information_types_source` is `auto`. A person's correction also teaches the owner's classifier.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column information_types_source text not null default 'auto'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop column information_types_source`.execute(db);
}
