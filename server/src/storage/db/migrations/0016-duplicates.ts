import { sql, type Kysely } from 'kysely';

/**
 * A document whose bytes (MD5) a building already has: accepted, and marked as a duplicate of the first one, so a
 * person sees it and the building status counts it. The index finds the first copy by building and MD5.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table documents add column duplicate_of uuid references documents (id);
    create index documents_building_md5 on documents (building_id, md5) where archived_at is null and md5 is not null;
  `.execute(db);
}
