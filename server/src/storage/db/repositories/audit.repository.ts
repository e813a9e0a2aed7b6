import type { Kysely } from 'kysely';
import type { AuditLog } from '../../../domain/audit/audit.js';
import { newId } from '../../../domain/shared/ids.js';
import type { DB } from '../schema.js';

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
