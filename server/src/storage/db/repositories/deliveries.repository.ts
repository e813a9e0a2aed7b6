import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import type {
  ContactPerson,
  DeliveriesRepository,
  DeliveryFields,
  DeliveryRecord,
  InformationTypeItem,
} from '../../../domain/deliveries/deliveries.service.js';
import type { TypeEvidence } from '../../../domain/deliveries/progress.js';
import { newId } from '../../../domain/shared/ids.js';
import type { DB, DeliveriesTable } from '../schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** both drivers: jsonb may come back parsed (pg) or as text (some PGlite paths) */
function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toRecord(row: Selectable<DeliveriesTable>): DeliveryRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    projectId: row.project_id,
    buildingCategory: row.building_category,
    fullCategory: row.full_category,
    serialNumber: row.serial_number,
    description: row.description,
    discipline: row.discipline,
    subContractorId: row.sub_contractor_id,
    comment: row.comment,
    secondaryComment: row.secondary_comment,
    contactPerson: json<ContactPerson | null>(row.contact_person, null),
    informationTypes: json<InformationTypeItem[]>(row.information_types, []),
    informationTypesExpected: row.information_types_expected,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function columnsOf(fields: Partial<DeliveryFields>) {
  return {
    ...(fields.buildingCategory !== undefined ? { building_category: fields.buildingCategory } : {}),
    ...(fields.fullCategory !== undefined ? { full_category: fields.fullCategory } : {}),
    ...(fields.serialNumber !== undefined ? { serial_number: fields.serialNumber } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.discipline !== undefined ? { discipline: fields.discipline } : {}),
    ...(fields.subContractorId !== undefined
      ? { sub_contractor_id: fields.subContractorId?.toLowerCase() ?? null }
      : {}),
    ...(fields.comment !== undefined ? { comment: fields.comment } : {}),
    ...(fields.secondaryComment !== undefined ? { secondary_comment: fields.secondaryComment } : {}),
    ...(fields.contactPerson !== undefined
      ? { contact_person: fields.contactPerson === null ? null : JSON.stringify(fields.contactPerson) }
      : {}),
    ...(fields.informationTypes !== undefined ? { information_types: JSON.stringify(fields.informationTypes) } : {}),
    ...(fields.informationTypesExpected !== undefined
      ? { information_types_expected: fields.informationTypesExpected }
      : {}),
  };
}

/** an approval moves the documents answering the type: APPROVED -> DONE, DECLINED -> IN_PROGRESS */
async function moveTypeDocuments(
  trx: Transaction<DB>,
  params: {
    deliveryId: string;
    informationType: string;
    status: 'DONE' | 'IN_PROGRESS';
    actor: { userId: string; label: string };
    at: Date;
  },
): Promise<void> {
  const { deliveryId, informationType, status, actor, at } = params;
  const changed = await trx
    .selectFrom('documents')
    .select(['id', 'progress_status'])
    .where('delivery_id', '=', deliveryId)
    .where('archived_at', 'is', null)
    .where('corrupt', '=', false)
    .where((eb) =>
      eb.or([
        eb('delivery_information_type', '=', informationType),
        eb.and([
          eb('delivery_information_type', 'is', null),
          eb(sql.val(informationType), '=', eb.fn.any('information_types')),
        ]),
      ]),
    )
    .where((eb) => eb.or([eb('progress_status', 'is', null), eb('progress_status', '<>', status)]))
    .forUpdate()
    .execute();
  if (changed.length === 0) return;
  await trx
    .updateTable('documents')
    .set({ progress_status: status, updated_at: at, updated_by: actor.label })
    .where(
      'id',
      'in',
      changed.map((row) => row.id),
    )
    .execute();
  await trx
    .insertInto('document_history')
    .values(
      changed.map((row) => ({
        document_id: row.id,
        changed_at: at,
        actor_kind: 'user' as const,
        actor_user_id: actor.userId,
        actor_label: actor.label,
        field: 'progressStatus',
        old_value: JSON.stringify(row.progress_status),
        new_value: JSON.stringify(status),
      })),
    )
    .execute();
}

export function createDeliveriesRepository(
  db: Kysely<DB>,
  /** delivery.updated, .approved, .declined, raised with the change */
  outbox?: WebhookOutbox<Transaction<DB>>,
): DeliveriesRepository {
  return {
    async list({ projectId, subcontractorId }) {
      let query = db
        .selectFrom('deliveries')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('archived_at', 'is', null);
      if (subcontractorId !== undefined) query = query.where('sub_contractor_id', '=', subcontractorId);
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      return rows.map(toRecord);
    },
    async find(deliveryId) {
      if (!UUID.test(deliveryId)) return null;
      const row = await db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', deliveryId.toLowerCase())
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async create(items) {
      if (items.length === 0) return [];
      const rows = await db
        .insertInto('deliveries')
        .values(
          items.map((item) => ({
            id: newId.uuid(),
            customer_id: item.customerId,
            project_id: item.projectId,
            building_category: item.fields.buildingCategory,
            full_category: item.fields.fullCategory,
            ...columnsOf(item.fields),
          })),
        )
        .returningAll()
        .execute();
      // the order they were asked for (ids are time-ordered)
      return rows.map(toRecord).sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    async update({ deliveryId, actor, at, change }) {
      return db.transaction().execute(async (trx) => {
        // the change is worked out from the row as it is now, held until the change commits: two members deciding
        // at once each see the other's decision, and the events and document moves are what this change did
        const locked = await trx
          .selectFrom('deliveries')
          .selectAll()
          .where('id', '=', deliveryId)
          .where('archived_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) return null;
        const { fields, events, documentProgress } = change(toRecord(locked));
        const row = await trx
          .updateTable('deliveries')
          // each change a later millisecond than the one before (the version a client sends back in If-Match)
          .set({
            ...columnsOf(fields),
            updated_at: sql`date_trunc('milliseconds', greatest(now(), updated_at + interval '1 millisecond'))`,
          })
          .where('id', '=', deliveryId)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (outbox && events.length > 0) await outbox.record(trx, events);
        for (const move of documentProgress) {
          await moveTypeDocuments(trx, { deliveryId, ...move, actor, at });
        }
        return toRecord(row);
      });
    },
    async archive({ deliveryId, at }) {
      const row = await db
        .updateTable('deliveries')
        .set({ archived_at: at, updated_at: at })
        .where('id', '=', deliveryId)
        .where('archived_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async evidence(deliveryIds) {
      const result = new Map<string, Map<string, TypeEvidence>>();
      if (deliveryIds.length === 0) return result;
      // what an upload answers is the type the subcontractor named; without one, what classification found
      const rows = await sql<{
        delivery_id: string;
        type: string;
        delivered: number | string;
        corrupt: number | string;
      }>`
        select d.delivery_id, t.type,
          count(*) filter (where not d.corrupt) as delivered,
          count(*) filter (where d.corrupt) as corrupt
        from documents d
        cross join lateral unnest(
          case when d.delivery_information_type is not null then array[d.delivery_information_type]
               else d.information_types end
        ) as t(type)
        where d.delivery_id in (${sql.join(deliveryIds)})
          and d.archived_at is null
          and d.upload_state = 'uploaded'
        group by d.delivery_id, t.type`.execute(db);
      for (const row of rows.rows) {
        const types = result.get(row.delivery_id) ?? new Map<string, TypeEvidence>();
        types.set(row.type, { delivered: Number(row.delivered), corrupt: Number(row.corrupt) });
        result.set(row.delivery_id, types);
      }
      return result;
    },
    async projectOf(projectId) {
      const row = await db
        .selectFrom('projects as p')
        .innerJoin('customers as c', 'c.id', 'p.customer_id')
        .select(['p.id', 'p.customer_id', 'p.name', 'c.name as customer_name'])
        .where('p.id', '=', projectId)
        .executeTakeFirst();
      return row ? { id: row.id, customerId: row.customer_id, name: row.name, customerName: row.customer_name } : null;
    },
    async reminderTargets() {
      const rows = await db
        .selectFrom('subcontractors as s')
        .innerJoin('projects as p', 'p.id', 's.project_id')
        .select(['s.id', 's.project_id', 'p.customer_id'])
        .where('s.archived_at', 'is', null)
        .where('p.status', '=', 'ACTIVE')
        .where('p.reminders_enabled', '=', true)
        .orderBy('s.project_id')
        .orderBy('s.id')
        .execute();
      return rows.map((row) => ({ projectId: row.project_id, customerId: row.customer_id, subcontractorId: row.id }));
    },
    async claimReminderState({ subcontractorId, state }) {
      const claimed = await db
        .updateTable('subcontractors')
        .set({ last_reminder_state: state })
        .where('id', '=', subcontractorId)
        .where(sql<boolean>`last_reminder_state is distinct from ${state}`)
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },
    async decisions(deliveryId) {
      const rows = await db
        .selectFrom('audit_events')
        .select(['id', 'occurred_at', 'actor_label', 'actor_name', 'details'])
        .where('target_type', '=', 'delivery')
        .where('target_id', '=', deliveryId)
        .where('action', '=', 'delivery.approval_changed')
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1000)
        .execute();
      return rows.map((row) => {
        const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as {
          informationType?: string;
          approvalStatus?: 'APPROVED' | 'DECLINED' | null;
          comment?: string | null;
        };
        return {
          id: row.id,
          informationType: details.informationType ?? '',
          approvalStatus: details.approvalStatus ?? null,
          comment: details.comment ?? null,
          by: row.actor_name ?? row.actor_label ?? '',
          at: new Date(row.occurred_at),
        };
      });
    },
    async userLabel(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
