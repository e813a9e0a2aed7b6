import { sql, type Kysely } from 'kysely';

/**
 * A subcontractor's portal upload could be completed for as long as its upload URL lived (a day), after the token
 * that registered it was revoked, its subcontractor removed or its project handed over: the bytes PUT to the saved URL
 * were taken, after a handover into the building owner's building. `portal_token_id` names the token that registered
 * a pending upload, so that completing it can ask whether that token still admits its holder (uploads.service.ts).
 * No foreign key: a token deleted must close the uploads it registered, and `on delete set null` would open them.
 * Pending portal uploads registered before this cannot be asked: they are archived (the portal registers a file anew
 * when its upload URL is refused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column if not exists portal_token_id text`.execute(db);
  await sql`
    update documents set archived_at = now(), updated_at = now()
    where upload_state = 'pending' and archived_at is null and subcontractor_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the archived registrations stay archived: their upload URLs have expired by now
  await sql`alter table documents drop column portal_token_id`.execute(db);
}
