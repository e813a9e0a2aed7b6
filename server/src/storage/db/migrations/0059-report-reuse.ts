import { sql, type Kysely } from 'kysely';

/**
 * Every `POST .../reports` made a report of its own and queued its job, so a caller repeating the request (or many
 * callers at once) queued as many evaluations of the whole building. A report whose job has not started yet is what
 * another request for the same building, country and version would get, so that request now waits on it
 * (reports.repository.ts `createPending`). `started_at` is set when the job begins to read the documents: a request
 * arriving after that may have changed them, so it makes a report of its own. At most one report per building,
 * country and version waits to start, which the partial unique index holds across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table reports add column if not exists started_at timestamptz;
    update reports set started_at = created_at where state = 'pending';
    create unique index if not exists reports_one_waiting on reports (building_id, country, version)
      where state = 'pending' and started_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists reports_one_waiting;
    alter table reports drop column started_at;
  `.execute(db);
}
