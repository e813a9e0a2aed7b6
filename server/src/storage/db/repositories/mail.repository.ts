import { sql, type Kysely, type Selectable } from 'kysely';
import type { MailMessage, MailRepository } from '../../../domain/mail/mail.service.js';
import type { DB, MailMessagesTable } from '../schema.js';

function messageOf(row: Selectable<MailMessagesTable>): MailMessage {
  return {
    id: row.id,
    kind: row.kind as MailMessage['kind'],
    to: row.to_addresses,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? '',
    pending: row.pending_text === null ? null : { text: row.pending_text, html: row.pending_html ?? '' },
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    deliveryRef: row.delivery_ref,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export function createMailRepository(db: Kysely<DB>): MailRepository {
  return {
    async insert({ id, kind, to, customerId, record, pending }) {
      await db
        .insertInto('mail_messages')
        .values({
          id,
          kind,
          to_addresses: to,
          customer_id: customerId,
          subject: record.subject,
          text_body: record.text,
          html_body: record.html,
          pending_text: pending.text,
          pending_html: pending.html,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async find(id) {
      const row = await db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? messageOf(row) : null;
    },
    async markSent({ id, deliveryRef, at }) {
      await db
        .updateTable('mail_messages')
        .set({
          status: 'sent',
          delivery_ref: deliveryRef,
          sent_at: at,
          attempts: sql`attempts + 1`,
          pending_text: null,
          pending_html: null,
        })
        .where('id', '=', id)
        .execute();
    },
    async markAttemptFailed({ id, error, final }) {
      await db
        .updateTable('mail_messages')
        .set({
          attempts: sql`attempts + 1`,
          last_error: error.slice(0, 2000),
          ...(final ? { status: 'failed' as const, pending_text: null, pending_html: null } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('mail_messages').where('id', '=', id).where('status', '=', 'queued').execute();
    },
    async recentTo({ kind, address, withinMs, limit }) {
      // the newest first along mail_messages_created; ages by the clock that stamped created_at
      const rows = await db
        .selectFrom('mail_messages')
        .select(['id', sql<number>`(extract(epoch from (now() - created_at)) * 1000)::float8`.as('age_ms')])
        .where('kind', '=', kind)
        .where('created_at', '>', sql<Date>`now() - ${withinMs} * interval '1 millisecond'`)
        .where(
          sql<boolean>`exists (select 1 from unnest(to_addresses) as r(address) where lower(r.address) = ${address})`,
        )
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, ageMs: Math.max(0, Number(row.age_ms)) }));
    },
    async recentFor({ kind, customerId, withinMs, limit }) {
      // along mail_messages_customer (0063)
      const rows = await db
        .selectFrom('mail_messages')
        .select(['id', sql<number>`(extract(epoch from (now() - created_at)) * 1000)::float8`.as('age_ms')])
        .where('customer_id', '=', customerId)
        .where('kind', '=', kind)
        .where('created_at', '>', sql<Date>`now() - ${withinMs} * interval '1 millisecond'`)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, ageMs: Math.max(0, Number(row.age_ms)) }));
    },
    async list({ status, limit }) {
      let query = db.selectFrom('mail_messages').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(messageOf);
    },
    async stale({ olderThan }) {
      const rows = await db
        .selectFrom('mail_messages')
        .select('id')
        .where('status', '=', 'queued')
        .where('created_at', '<', olderThan)
        .limit(1000)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
