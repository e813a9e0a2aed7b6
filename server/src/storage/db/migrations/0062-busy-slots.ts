import { sql, type Kysely } from 'kysely';

/**
 * Costly work a credential may run only a few of at once (asks, zip downloads: BYGGDOK_ASK_CONCURRENCY,
 * BYGGDOK_ZIP_STREAMS), counted across every API process: each running one holds a row, one of the slots
 * `0 .. max-1` of its kind and holder (busy-slots.repository.ts). The process renews the row's lease while the work
 * runs and deletes it when the work ends; a process that died leaves a row whose lease runs out, and an expired row is
 * a free slot. `token` tells the holder's own row from one claimed again by another request after it expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists busy_slots (
      kind text not null,
      holder text not null,
      slot smallint not null,
      token text not null,
      expires_at timestamptz not null,
      primary key (kind, holder, slot)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table busy_slots;
  `.execute(db);
}
