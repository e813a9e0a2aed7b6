import { sql, type Kysely } from 'kysely';

/**
 * A thread read back withheld a turn's answer, and a continued thread left it out of what the answerer is given, only
 * when a document it cited was no longer readable; but a model writes from every passage it is shown, and its uncited
 * words stayed. `read_document_ids` names the documents whose passages the answerer was handed for the turn (and, for
 * a model, those of the earlier answers it was given), so that losing any of them withholds the turn
 * (answers.service.ts). Turns stored before this carry none and are judged by their citations, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ask_turns add column if not exists read_document_ids text[] not null default '{}';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ask_turns drop column read_document_ids;
  `.execute(db);
}
