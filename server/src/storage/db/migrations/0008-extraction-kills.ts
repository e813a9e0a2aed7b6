import { sql, type Kysely } from 'kysely';

/**
 * How many times a document's extraction sandbox was killed (too long, too much memory). The pipeline retries a
 * document once after a kill and records it as failed with the reason after the second, so a hostile file cannot
 * keep a worker in a crash loop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column extraction_kills integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop column extraction_kills`.execute(db);
}
