import { sql, type Kysely } from 'kysely';

/**
 * An upload registered on the partner routes could be completed for as long as its upload URL lived (a day), after
 * the partner key that registered it was revoked, or the person who registered it was deactivated or lost the role
 * that let them write to the building: the bytes PUT to the saved URL were taken and processed. The portal's uploads
 * had the same gap (migration 0056); these close it the same way. `upload_api_key_id` names the partner key that
 * registered a pending upload, `upload_user_id` the person, and `upload_user_key_id` the personal key the person used,
 * so that completing it can ask whether they still may (uploads.repository.ts).
 * No foreign keys: a key deleted must close the uploads it registered, and `on delete set null` would open them.
 * Pending uploads registered before this carry none and complete as before: their URLs end within a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table documents add column if not exists upload_api_key_id text;
    alter table documents add column if not exists upload_user_id text;
    alter table documents add column if not exists upload_user_key_id text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table documents drop column upload_api_key_id;
    alter table documents drop column upload_user_id;
    alter table documents drop column upload_user_key_id;
  `.execute(db);
}
