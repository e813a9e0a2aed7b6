import type { Kysely } from 'kysely';
import type { JobQueue, JobRequest } from '../../domain/jobs/jobs.js';
import { PIPELINE } from '../../domain/pipeline/stages.js';
import { deliveryFairnessKey } from '../db/repositories/webhooks.repository.js';
import type { DB } from '../db/schema.js';

/**
 * The queue's tables (pg-boss) are not backed up: a job row names a document or report by id and means nothing
 * without the state around it, and a copied "active" job would wait out its expiry before anyone retried it. The
 * database rows say what was under way instead, and a restore enqueues exactly that again. Every job is idempotent,
 * so a document that was half processed is simply processed again.
 */
export interface InFlight {
  /** live, uploaded documents the pipeline has not finished (processing or classification pending) */
  documentsToProcess: number;
  /** reports whose generation had not finished */
  reportsPending: number;
  /** webhook deliveries not yet succeeded or failed (sent again at once: receivers deduplicate by webhook-id) */
  webhookDeliveriesPending?: number;
}

function documentsToProcess(db: Kysely<DB>) {
  return db
    .selectFrom('documents')
    .where('archived_at', 'is', null)
    .where('upload_state', '=', 'uploaded')
    .where('processed_at', 'is', null);
}

function reportsPending(db: Kysely<DB>) {
  return db.selectFrom('reports').where('state', '=', 'pending');
}

function webhookDeliveriesPending(db: Kysely<DB>) {
  return db.selectFrom('webhook_deliveries').where('status', '=', 'pending');
}

export async function countInFlight(db: Kysely<DB>): Promise<InFlight> {
  const documents = await documentsToProcess(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const reports = await reportsPending(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const deliveries = await webhookDeliveriesPending(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    documentsToProcess: Number(documents.n),
    reportsPending: Number(reports.n),
    webhookDeliveriesPending: Number(deliveries.n),
  };
}

/** Enqueues the work that was under way when the backup was taken (pending uploads wait for their client as before). */
export async function requeueInFlight(db: Kysely<DB>, queue: JobQueue): Promise<InFlight> {
  const documents = await documentsToProcess(db).select(['id', 'building_id']).orderBy('created_at').execute();
  const reports = await reportsPending(db).select('id').orderBy('created_at').execute();
  const deliveries = await webhookDeliveriesPending(db)
    .innerJoin('webhooks as w', 'w.id', 'webhook_deliveries.webhook_id')
    .select(['webhook_deliveries.id', 'w.partner_id', 'w.customer_id'])
    .orderBy('webhook_deliveries.created_at')
    .execute();
  // with the fairness keys the running service gives them: documents take turns across buildings, deliveries across
  // the webhooks' owners
  const jobs: JobRequest[] = [
    ...deliveries.map((delivery): JobRequest => ({
      name: 'webhook.deliver',
      payload: { deliveryId: delivery.id },
      options: { fairnessKey: deliveryFairnessKey(delivery) },
    })),
    ...documents.map(({ id, building_id }): JobRequest => ({
      name: PIPELINE.afterUpload,
      payload: { documentId: id },
      options: { fairnessKey: building_id },
    })),
    ...reports.map(({ id }): JobRequest => ({ name: 'report.generate', payload: { reportId: id } })),
  ];
  if (jobs.length > 0) await queue.enqueueMany(jobs);
  return {
    documentsToProcess: documents.length,
    reportsPending: reports.length,
    webhookDeliveriesPending: deliveries.length,
  };
}
