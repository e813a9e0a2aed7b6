import { sql, type Kysely } from 'kysely';

/**
 * Each invitation and subcontractor mail was counted against its address only: a customer's ADMIN could invite one
 * new address after another, each within its own limit, and have the service mail without end. `customer_id` names
 * the customer whose people asked for a mail (null for the rest: the operator's, the service's own, forgot-password
 * links), so that a customer's mails of each kind are counted together too (CUSTOMER_LIMITS in mailer.ts). Rows
 * stored before this name none and count for no customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_messages add column if not exists customer_id text;
    create index if not exists mail_messages_customer
      on mail_messages (customer_id, kind, created_at desc) where customer_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists mail_messages_customer;
    alter table mail_messages drop column customer_id;
  `.execute(db);
}
