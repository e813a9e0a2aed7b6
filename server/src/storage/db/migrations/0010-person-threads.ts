import { sql, type Kysely } from 'kysely';

/**
 * People ask questions too (through the partner routes, with the session cookie or a personal key): a thread belongs
 * to a partner's key or to a person, exactly one of the two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ask_threads alter column api_key_id drop not null;
    alter table ask_threads add column user_id text references users (id) on delete cascade;
    alter table ask_threads add constraint ask_threads_one_holder check (num_nonnulls(api_key_id, user_id) = 1);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from ask_turns where thread_id in (select id from ask_threads where user_id is not null);
    delete from ask_threads where user_id is not null;
    alter table ask_threads drop constraint ask_threads_one_holder;
    alter table ask_threads drop column user_id;
    alter table ask_threads alter column api_key_id set not null;
  `.execute(db);
}
