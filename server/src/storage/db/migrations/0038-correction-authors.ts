import { sql, type Kysely } from 'kysely';

/**
 * Who corrected a classification (issue 43: "corrected by X on ..."): the signed-in person, or nobody named when a
 * partner's key did. Corrections before this one name nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table classification_corrections add column corrected_by_user_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table classification_corrections drop column corrected_by_user_id`.execute(db);
}
