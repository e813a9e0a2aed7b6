import { sql, type Kysely } from 'kysely';

/**
 * A person reads their own history (`GET /auth/me/history`): the events of their account kept without a customer,
 * found by who acted (`audit_events_actor`), by whom they were about (the operator's password, a deactivation), and,
 * for failed sign-ins and lock-outs, by the e-mail address that was tried. The last two get indexes of their own, on
 * those events only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists audit_events_about_person
      on audit_events (target_id, occurred_at desc, id desc) where customer_id is null and target_type = 'user';
    create index if not exists audit_events_tried_address
      on audit_events (lower(actor_label), occurred_at desc, id desc)
      where customer_id is null and actor_kind = 'anonymous';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists audit_events_tried_address;
    drop index if exists audit_events_about_person;
  `.execute(db);
}
