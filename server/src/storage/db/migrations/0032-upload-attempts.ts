import { sql, type Kysely } from 'kysely';

/**
 * An upload is claimed by one attempt before any byte is written (issue 41, item 5): the attempt's id and when it
 * claimed. A second PUT of the same upload is refused while the claim holds; a claim older than the server's request
 * timeout belongs to an attempt that can no longer be receiving (a crash), so another attempt may take it over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column upload_attempt_id uuid`.execute(db);
  await sql`alter table documents add column upload_claimed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop column upload_claimed_at`.execute(db);
  await sql`alter table documents drop column upload_attempt_id`.execute(db);
}
