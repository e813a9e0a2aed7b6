import { sql, type Kysely } from 'kysely';

/**
 * Two limits made real. The search row's head and top vectors were kept uncompressed in the row (`storage plain`), so
 * a document whose information types run to the spec's limit (100 of 500 characters) could not be stored at all ("row
 * is too big"); `main` keeps them in the row, compressed, and moves them out of line only when the row cannot hold
 * them. And personal keys now live a year at most: a key made without an end before this gets 90 days from now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table search_documents alter column head set storage main, alter column top set storage main;
    update user_api_keys set expires_at = now() + interval '90 days' where expires_at is null and revoked_at is null;
  `.execute(db);
}
