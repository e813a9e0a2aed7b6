import { sql, type Kysely } from 'kysely';

/**
 * Something a person should know about how a document was read, in words, when it is not a failure: a file whose
 * name and content disagree is read as what its content is, and says so here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column processing_note text`.execute(db);
}
