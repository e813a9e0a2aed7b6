import { sql } from 'kysely';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditLog } from '../../../domain/audit/audit.js';
import type { AuditReader, AuditRecord } from '../../../domain/audit/audit-log.service.js';
import { newId } from '../../../domain/shared/ids.js';
import type { AuditEventsTable, DB } from '../schema.js';

export function createAuditLog(db: Kysely<DB>): AuditLog {
  return {
    async record(event) {
      const { actor } = event;
      await db
        .insertInto('audit_events')
        .values({
          id: newId.uuid(),
          customer_id: event.customerId,
          actor_kind: actor.kind,
          actor_user_id: actor.kind === 'user' ? actor.userId : null,
          actor_label:
            actor.kind === 'user' || actor.kind === 'subcontractor' || actor.kind === 'anonymous'
              ? actor.label
              : actor.kind,
          // the person's name as it is now, kept with the event
          actor_name:
            actor.kind === 'user'
              ? sql<string | null>`(select nullif(name, '') from users where id = ${actor.userId})`
              : null,
          action: event.action,
          target_type: event.target?.type ?? null,
          target_id: event.target?.id ?? null,
          details: JSON.stringify(event.details ?? {}),
          client_address: event.clientAddress ?? null,
        })
        .execute();
    },
  };
}

export function createAuditReader(db: Kysely<DB>): AuditReader {
  return {
    async page({ customerId, filter, after, limit }) {
      let query = db.selectFrom('audit_events').selectAll().where('customer_id', '=', customerId);
      if (filter.userId) query = query.where('actor_user_id', '=', filter.userId);
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.from) query = query.where('occurred_at', '>=', filter.from);
      if (filter.to) query = query.where('occurred_at', '<', filter.to);
      const projectId = filter.projectId;
      if (projectId) {
        query = query.where((eb) =>
          eb.or([
            eb(sql<string>`details->>'projectId'`, '=', projectId),
            eb.and([eb('target_type', '=', 'project'), eb('target_id', '=', projectId)]),
            eb.and([
              eb('target_type', '=', 'delivery'),
              eb('target_id', 'in', eb.selectFrom('deliveries').select('id').where('project_id', '=', projectId)),
            ]),
            eb.and([
              eb('target_type', '=', 'document'),
              eb(
                'target_id',
                'in',
                eb
                  .selectFrom('documents')
                  .select(sql<string>`id::text`.as('id'))
                  .where('project_id', '=', projectId),
              ),
            ]),
          ]),
        );
      }
      return newestAfter(query, after, limit);
    },
    async personalPage({ userId, after, limit }) {
      const query = db
        .selectFrom('audit_events')
        .selectAll()
        .where('customer_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb('actor_user_id', '=', userId),
            eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', userId)]),
            // a failed sign-in or a lock-out names the address that was tried, not a person (audit_events_tried_address)
            eb.and([
              eb('actor_kind', '=', 'anonymous'),
              eb('action', 'in', ['auth.sign_in_failed', 'auth.locked_out']),
              eb(
                sql<string>`lower(actor_label)`,
                '=',
                eb.selectFrom('users').select('email_normalized').where('id', '=', userId),
              ),
            ]),
          ]),
        );
      return newestAfter(query, after, limit);
    },
  };
}

/** a page of audit events, newest first, after the cursor (the last event of the page before) */
async function newestAfter(
  query: SelectQueryBuilder<DB, 'audit_events', Selectable<AuditEventsTable>>,
  after: { occurredAt: Date; id: string } | null,
  limit: number,
): Promise<AuditRecord[]> {
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('occurred_at', '<', after.occurredAt),
        eb.and([eb('occurred_at', '=', after.occurredAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    actor: { kind: row.actor_kind, userId: row.actor_user_id, label: row.actor_label, name: row.actor_name },
    action: row.action,
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>,
    clientAddress: row.client_address,
  }));
}
