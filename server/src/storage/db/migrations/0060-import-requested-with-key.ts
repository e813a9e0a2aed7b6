import { sql, type Kysely } from 'kysely';

/**
 * A storage-provider import went on bringing files in after the personal key that asked for it was revoked or had
 * expired: the job acts as the person, and the person could still write. `user_key_id` names the personal key an
 * import was asked for with (null for the session cookie), so that revoking the key ends the import in its
 * transaction and the job, asking before each file, stops when the key no longer works (storage-provider.service.ts).
 * No foreign key, as for uploads (0058): a key deleted must end what it started.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table storage_provider_imports add column if not exists user_key_id text;
    create index if not exists storage_provider_imports_unfinished_key on storage_provider_imports (user_key_id)
      where user_key_id is not null and status in ('queued', 'running');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists storage_provider_imports_unfinished_key;
    alter table storage_provider_imports drop column user_key_id;
  `.execute(db);
}
