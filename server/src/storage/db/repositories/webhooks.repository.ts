import { sql, type Kysely, type Transaction } from 'kysely';
import { webhookBody, type WebhookEventInput, type WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import type {
  DeliveryRecord,
  DeliveryWork,
  DisabledNotice,
  WebhookRecord,
  WebhookScope,
  WebhooksRepository,
} from '../../../domain/webhooks/webhooks.service.js';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-events.js';
import type { JobRequest } from '../../../domain/jobs/jobs.js';
import { newId } from '../../../domain/shared/ids.js';
import type { PgBossQueue } from '../../queue/pg-boss.queue.js';
import type { DB } from '../schema.js';
import { outsideBuildingPrivateFolders } from '../visibility.js';
import { transactionExecutor } from './document-rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type WebhookRow = {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
};

function toWebhook(row: WebhookRow): WebhookRecord {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const WEBHOOK_COLUMNS = ['id', 'url', 'events', 'description', 'enabled', 'created_at', 'updated_at'] as const;

/**
 * The fairness key of a webhook's delivery jobs: the webhook's owner. The queue takes turns across keys
 * (JobOptions.fairnessKey): one partner's or customer's backlog, or its endpoints that answer slowly or not at all (10 s
 * each), does not queue ahead of another owner's events; a delivery of another owner waits for the attempts already
 * running, not for the whole backlog. It also names the owner whose slots of deliveries being sent (busy_slots,
 * `webhook`) a delivery takes, so those attempts are only a few.
 */
export function deliveryFairnessKey(webhook: { partner_id: string | null; customer_id: string | null }): string {
  return webhook.customer_id !== null ? `customer:${webhook.customer_id}` : `partner:${webhook.partner_id ?? ''}`;
}

/**
 * The outbox: events written in the caller's transaction, with one delivery row and one `webhook.deliver` job per
 * endpoint that receives each (an event no endpoint receives is not written), chosen now (an endpoint disabled now never gets this event later). A partner's
 * endpoint receives the events of the building owners its partner has, narrowed to a scoped key's grants (owner or
 * building) while that key is live; a customer's endpoint the events of its own projects. An event about a document
 * under one of its building's private folders goes to no endpoint: neither the partner API nor the construction reads
 * show such a document (`outsideBuildingPrivateFolders`), so no event tells its id or name either.
 */
export function createWebhookOutbox(params: { queue: PgBossQueue }): WebhookOutbox<Transaction<DB>> {
  return {
    async record(trx, events) {
      const jobs: JobRequest[] = [];
      for (const event of events) {
        const eventId = newId.uuid();
        const at = new Date();
        const subject = event.subject as { ownerId?: string; buildingId?: string; projectId?: string };
        // an event nobody receives is not kept: only deliveries ever read events, and such a row would keep a
        // document's name (one under a private folder too) in every dump and backup, and grow with every document
        const targets = await receiversOf(trx, event);
        if (targets.length === 0) continue;
        await trx
          .insertInto('webhook_events')
          .values({
            id: eventId,
            type: event.type,
            building_owner_id: subject.ownerId ?? null,
            building_id: subject.buildingId ?? null,
            project_id: subject.projectId ?? null,
            body: webhookBody({ type: event.type, at, data: event.data }),
            created_at: at,
          })
          .execute();
        const deliveries = targets.map((target) => ({ id: newId.uuid(), target }));
        await trx
          .insertInto('webhook_deliveries')
          .values(
            deliveries.map(({ id, target }) => ({
              id,
              webhook_id: target.webhookId,
              event_id: eventId,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
        for (const { id, target } of deliveries) {
          jobs.push({
            name: 'webhook.deliver',
            payload: { deliveryId: id },
            options: { fairnessKey: target.fairnessKey },
          });
        }
      }
      if (jobs.length > 0) await params.queue.enqueueManyWith(transactionExecutor(trx), jobs);
    },
  };
}

/**
 * Whether the document an event is about may be told of: it is not under one of its building's private folders (the
 * partner API's rule, and every construction read's). Archived or not does not matter here (`document.deleted` is
 * about an archived one). A document not there is not told of either.
 */
async function documentMayBeTold(trx: Kysely<DB>, documentId: string): Promise<boolean> {
  if (!UUID.test(documentId)) return false;
  const row = await trx
    .selectFrom('documents as d')
    .select('d.id')
    .where('d.id', '=', documentId)
    .where(outsideBuildingPrivateFolders())
    .executeTakeFirst();
  return row !== undefined;
}

/** the webhooks that hear an event, each with its deliveries' fairness key */
async function receiversOf(
  trx: Kysely<DB>,
  event: WebhookEventInput,
): Promise<{ webhookId: string; fairnessKey: string }[]> {
  // every event naming a document (document.processed, .failed, .deleted; subcontractor.uploaded)
  if ('document_id' in event.data && !(await documentMayBeTold(trx, event.data.document_id))) return [];
  const base = trx
    .selectFrom('webhooks as w')
    .select(['w.id', 'w.partner_id', 'w.customer_id'])
    .where('w.enabled', '=', true)
    .where('w.deleted_at', 'is', null)
    .where(sql<boolean>`${event.type} = any(w.events)`);
  if ('projectId' in event.subject) {
    const projectId = event.subject.projectId;
    const rows = await base
      .where('w.customer_id', 'in', (eb) => eb.selectFrom('projects').select('customer_id').where('id', '=', projectId))
      .execute();
    return rows.map(toReceiver);
  }
  const { ownerId, buildingId } = event.subject;
  const rows = await base
    .where('w.partner_id', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('partner_building_owners as pbo')
          .select(sql`1`.as('one'))
          .whereRef('pbo.partner_id', '=', 'w.partner_id')
          .where('pbo.building_owner_id', '=', ownerId),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('w.api_key_id', 'is', null),
        eb.and([
          eb.exists(
            eb
              .selectFrom('api_keys as k')
              .select(sql`1`.as('one'))
              .whereRef('k.id', '=', 'w.api_key_id')
              .where('k.revoked_at', 'is', null),
          ),
          eb.or([
            eb.exists(
              eb
                .selectFrom('api_key_owner_grants as g')
                .select(sql`1`.as('one'))
                .whereRef('g.api_key_id', '=', 'w.api_key_id')
                .where('g.building_owner_id', '=', ownerId),
            ),
            eb.exists(
              eb
                .selectFrom('api_key_building_grants as g')
                .select(sql`1`.as('one'))
                .whereRef('g.api_key_id', '=', 'w.api_key_id')
                .where('g.building_id', '=', buildingId),
            ),
          ]),
        ]),
      ]),
    )
    .execute();
  return rows.map(toReceiver);
}

function toReceiver(row: { id: string; partner_id: string | null; customer_id: string | null }) {
  return { webhookId: row.id, fairnessKey: deliveryFairnessKey(row) };
}

export function createWebhooksRepository(params: { db: Kysely<DB>; queue: PgBossQueue }): WebhooksRepository {
  const { db, queue } = params;

  function scoped(scope: WebhookScope) {
    let query = db.selectFrom('webhooks').select(WEBHOOK_COLUMNS).where('deleted_at', 'is', null);
    if (scope.kind === 'customer') return query.where('customer_id', '=', scope.customerId);
    query = query.where('partner_id', '=', scope.partnerId);
    return scope.apiKeyId ? query.where('api_key_id', '=', scope.apiKeyId) : query;
  }

  return {
    async insert({ id, scope, url, events, description, secretSealed, at, max }) {
      return db.transaction().execute(async (trx) => {
        // the owner's row, locked: registrations at once are counted one after the other
        if (scope.kind === 'customer') {
          await trx.selectFrom('customers').select('id').where('id', '=', scope.customerId).forUpdate().execute();
        } else {
          await trx.selectFrom('partners').select('id').where('id', '=', scope.partnerId).forUpdate().execute();
        }
        const owned = await trx
          .selectFrom('webhooks')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('deleted_at', 'is', null)
          .where((eb) =>
            scope.kind === 'customer'
              ? eb('customer_id', '=', scope.customerId)
              : eb('partner_id', '=', scope.partnerId),
          )
          .executeTakeFirstOrThrow();
        if (Number(owned.n) >= max) return null;
        const row = await trx
          .insertInto('webhooks')
          .values({
            id,
            partner_id: scope.kind === 'partner' ? scope.partnerId : null,
            api_key_id: scope.kind === 'partner' ? scope.apiKeyId : null,
            customer_id: scope.kind === 'customer' ? scope.customerId : null,
            url,
            events,
            description,
            secret_sealed: secretSealed,
            created_at: at,
            updated_at: at,
          })
          .returning(WEBHOOK_COLUMNS)
          .executeTakeFirstOrThrow();
        return toWebhook(row);
      });
    },

    async list(scope) {
      const rows = await scoped(scope).orderBy('created_at').orderBy('id').execute();
      return rows.map(toWebhook);
    },

    async find({ scope, webhookId }) {
      if (!UUID.test(webhookId)) return null;
      const row = await scoped(scope).where('id', '=', webhookId).executeTakeFirst();
      return row ? toWebhook(row) : null;
    },

    async update({ webhookId, patch, at }) {
      const row = await db
        .updateTable('webhooks')
        .set({
          updated_at: at,
          ...(patch.url !== undefined ? { url: patch.url } : {}),
          ...(patch.events !== undefined ? { events: patch.events } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          // enabled again: the failure streak starts over
          ...(patch.enabled !== undefined ? { enabled: patch.enabled, failing_since: null } : {}),
        })
        .where('id', '=', webhookId)
        .where('deleted_at', 'is', null)
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirst();
      return row ? toWebhook(row) : null;
    },

    async remove({ webhookId, at }) {
      await db
        .updateTable('webhooks')
        .set({ deleted_at: at, enabled: false, updated_at: at })
        .where('id', '=', webhookId)
        .execute();
    },

    async recordTest({ webhookId, at, maxPending }) {
      const eventId = newId.uuid();
      const deliveryId = newId.uuid();
      return db.transaction().execute(async (trx) => {
        // the webhook's row, locked: tests asked for at once are counted one after the other
        const webhook = await trx
          .selectFrom('webhooks')
          .select(['partner_id', 'customer_id'])
          .where('id', '=', webhookId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const pending = await trx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
          .select([
            sql<number>`count(*)::int`.as('n'),
            sql<boolean | null>`bool_or(d.next_attempt_at is null)`.as('untried'),
            sql<Date | null>`min(d.next_attempt_at)`.as('soonest'),
          ])
          .where('d.webhook_id', '=', webhookId)
          .where('d.status', '=', 'pending')
          .where('e.type', '=', 'webhook.test')
          .executeTakeFirstOrThrow();
        if (Number(pending.n) >= maxPending) {
          const soonest = pending.untried || !pending.soonest ? null : new Date(pending.soonest);
          return { recorded: false as const, nextAttemptAt: soonest };
        }
        await trx
          .insertInto('webhook_events')
          .values({
            id: eventId,
            type: 'webhook.test',
            body: webhookBody({ type: 'webhook.test', at, data: { webhook_id: webhookId } }),
            created_at: at,
          })
          .execute();
        await trx
          .insertInto('webhook_deliveries')
          .values({ id: deliveryId, webhook_id: webhookId, event_id: eventId, created_at: at, updated_at: at })
          .execute();
        await queue.enqueueWith(
          transactionExecutor(trx),
          'webhook.deliver',
          { deliveryId },
          { fairnessKey: deliveryFairnessKey(webhook) },
        );
        return { recorded: true as const, eventId };
      });
    },

    async deliveries({ webhookId, before, limit }) {
      let query = db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .select([
          'd.id',
          'd.event_id',
          'e.type',
          'd.attempt',
          'd.status',
          'd.response_status',
          'd.error',
          'd.created_at',
          'd.next_attempt_at',
        ])
        .where('d.webhook_id', '=', webhookId);
      if (before && UUID.test(before)) query = query.where('d.id', '<', before);
      const rows = await query.orderBy('d.id', 'desc').limit(limit).execute();
      return rows.map((row): DeliveryRecord => ({
        id: row.id,
        eventId: row.event_id,
        type: row.type,
        attempt: row.attempt,
        status: row.status,
        responseStatus: row.response_status,
        error: row.error,
        createdAt: new Date(row.created_at),
        nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at) : null,
      }));
    },

    async stillReceives(deliveryId) {
      const row = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .select(['d.webhook_id', 'e.type', 'e.building_owner_id', 'e.building_id', 'e.project_id', 'e.body'])
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
      if (!row) return false;
      // a test event is for the endpoint it was asked for, whatever it listens to
      if (row.type === 'webhook.test') return true;
      const subject = row.project_id
        ? { projectId: row.project_id }
        : { ownerId: row.building_owner_id ?? '', buildingId: row.building_id ?? '' };
      const event = { type: row.type, subject, data: (JSON.parse(row.body) as { data: object }).data };
      const receivers = await receiversOf(db, event as WebhookEventInput);
      return receivers.some((receiver) => receiver.webhookId === row.webhook_id);
    },

    async loadDelivery(deliveryId) {
      const row = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
        .select([
          'd.id',
          'd.status',
          'd.attempt',
          'e.id as event_id',
          'e.body',
          'w.id as webhook_id',
          'w.url',
          'w.enabled',
          'w.deleted_at',
          'w.secret_sealed',
          'w.partner_id',
          'w.customer_id',
        ])
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        deliveryId: row.id,
        status: row.status,
        attempt: row.attempt,
        eventId: row.event_id,
        body: row.body,
        webhook: {
          id: row.webhook_id,
          url: row.url,
          enabled: row.enabled,
          deleted: row.deleted_at !== null,
          secretSealed: row.secret_sealed,
        },
        owner: deliveryFairnessKey(row),
      } satisfies DeliveryWork;
    },

    async recordAttempt(p) {
      return db.transaction().execute(async (trx) => {
        const retrying = !p.succeeded && p.retryAfterSeconds !== null;
        await trx
          .updateTable('webhook_deliveries')
          .set({
            status: p.succeeded ? 'succeeded' : retrying ? 'pending' : 'failed',
            attempt: p.attempt,
            response_status: p.responseStatus,
            error: p.error,
            next_attempt_at: retrying ? new Date(p.at.getTime() + (p.retryAfterSeconds ?? 0) * 1000) : null,
            updated_at: p.at,
          })
          .where('id', '=', p.deliveryId)
          .execute();
        await trx
          .insertInto('webhook_attempts')
          .values({
            delivery_id: p.deliveryId,
            attempt: p.attempt,
            succeeded: p.succeeded,
            response_status: p.responseStatus,
            error: p.error,
            duration_ms: p.durationMs,
            at: p.at,
          })
          .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
          .execute();
        if (retrying) {
          const owner = await trx
            .selectFrom('webhooks')
            .select(['partner_id', 'customer_id'])
            .where('id', '=', p.webhookId)
            .executeTakeFirstOrThrow();
          await queue.enqueueWith(
            transactionExecutor(trx),
            'webhook.deliver',
            { deliveryId: p.deliveryId },
            { startAfterSeconds: p.retryAfterSeconds ?? 0, fairnessKey: deliveryFairnessKey(owner) },
          );
        }
        if (p.succeeded) {
          await trx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', p.webhookId).execute();
          return { disabled: false };
        }
        const webhook = await trx
          .updateTable('webhooks')
          .set({ failing_since: sql<Date>`coalesce(failing_since, ${p.at})` })
          .where('id', '=', p.webhookId)
          .returning(['failing_since', 'enabled'])
          .executeTakeFirst();
        const since = webhook?.failing_since ? new Date(webhook.failing_since).getTime() : p.at.getTime();
        if (webhook?.enabled && p.at.getTime() - since >= p.disableAfterMs) {
          // only the attempt that turns it off tells its owner: two failing at once disable it once
          const disabled = await trx
            .updateTable('webhooks')
            .set({ enabled: false, updated_at: p.at })
            .where('id', '=', p.webhookId)
            .where('enabled', '=', true)
            .returning('id')
            .executeTakeFirst();
          if (!disabled) return { disabled: false };
          await queue.enqueueWith(transactionExecutor(trx), 'webhook.disabled', {
            webhookId: p.webhookId,
            disabledAt: p.at.toISOString(),
          });
          return { disabled: true };
        }
        return { disabled: false };
      });
    },

    async disabledNotice(webhookId) {
      if (!UUID.test(webhookId)) return null;
      const webhook = await db
        .selectFrom('webhooks')
        .select(['url', 'description', 'enabled', 'deleted_at', 'failing_since', 'customer_id', 'partner_id'])
        .where('id', '=', webhookId)
        .executeTakeFirst();
      if (!webhook) return null;
      const last = await db
        .selectFrom('webhook_attempts as a')
        .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select(['a.succeeded', 'a.response_status', 'a.error'])
        .where('d.webhook_id', '=', webhookId)
        .orderBy('a.at', 'desc')
        .orderBy('a.attempt', 'desc')
        .limit(1)
        .executeTakeFirst();
      let owner: DisabledNotice['owner'];
      let recipients: { email: string; locale: string }[];
      if (webhook.customer_id !== null) {
        const customer = await db
          .selectFrom('customers')
          .select(['id', 'name'])
          .where('id', '=', webhook.customer_id)
          .executeTakeFirstOrThrow();
        owner = { kind: 'customer', customerId: customer.id, name: customer.name };
        recipients = await db
          .selectFrom('customer_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['u.email', 'u.locale'])
          .where('m.customer_id', '=', webhook.customer_id)
          .where('m.role', '=', 'ADMIN')
          .where('u.status', '<>', 'deactivated')
          .orderBy('u.email')
          .execute();
      } else {
        const partner = await db
          .selectFrom('partners')
          .select('name')
          .where('id', '=', webhook.partner_id ?? '')
          .executeTakeFirstOrThrow();
        owner = { kind: 'partner', name: partner.name };
        recipients = await db
          .selectFrom('users')
          .select(['email', 'locale'])
          .where('platform_admin', '=', true)
          .where('status', '<>', 'deactivated')
          .orderBy('email')
          .execute();
      }
      return {
        enabled: webhook.enabled,
        deleted: webhook.deleted_at !== null,
        url: webhook.url,
        description: webhook.description,
        failingSince: webhook.failing_since ? new Date(webhook.failing_since) : null,
        lastFailure: last && !last.succeeded ? { status: last.response_status, error: last.error } : null,
        owner,
        recipients,
      };
    },

    async abandon({ deliveryId, reason, at }) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', error: reason, next_attempt_at: null, updated_at: at })
        .where('id', '=', deliveryId)
        .where('status', '=', 'pending')
        .execute();
    },

    async defer({ deliveryId, owner, afterSeconds }) {
      await queue.enqueue('webhook.deliver', { deliveryId }, { startAfterSeconds: afterSeconds, fairnessKey: owner });
    },
  };
}

/** deliveries by status and the age of the oldest pending one, read now (the /metrics gauges) */
export async function webhookDeliveryStats(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
    .groupBy('status')
    .execute();
  const byStatus = { pending: 0, succeeded: 0, failed: 0 };
  let oldestPendingSeconds = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status === 'pending' && row.oldest) {
      oldestPendingSeconds = Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000);
    }
  }
  return { byStatus, oldestPendingSeconds };
}
