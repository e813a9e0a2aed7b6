import type { Kysely, Transaction } from 'kysely';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import { PIPELINE } from '../../../domain/pipeline/stages.js';
import type { UploadsRepository } from '../../../domain/uploads/uploads.service.js';
import type { PgBossQueue } from '../../queue/pg-boss.queue.js';
import type { DB } from '../schema.js';
import { isUuid, transactionExecutor } from './document-rows.js';

export function createUploadsRepository(params: {
  db: Kysely<DB>;
  queue: PgBossQueue;
  /** subcontractor.uploaded, raised when a subcontractor's upload arrives */
  outbox?: WebhookOutbox<Transaction<DB>>;
}): UploadsRepository {
  const { db, queue, outbox } = params;

  return {
    async insertPending(document) {
      await db
        .insertInto('documents')
        .values({
          id: document.id,
          building_id: document.buildingId,
          building_owner_id: document.ownerId,
          parent_document_id: document.parentDocumentId,
          filename: document.filename,
          original_filename: document.filename,
          original_path: document.originalPath,
          extension: document.extension,
          blob_key: document.blobKey,
          serial_number: document.serialNumber,
          original_created_at: document.originalCreatedAt,
          created_at: document.createdAt,
          updated_at: document.createdAt,
          ...(document.construction
            ? {
                project_id: document.construction.projectId,
                delivery_id: document.construction.deliveryId,
                subcontractor_id: document.construction.subcontractorId,
                delivery_information_type: document.construction.informationType,
                uploaded_by: document.construction.uploadedBy,
                progress_status: 'IN_PROGRESS' as const,
              }
            : {}),
        })
        .execute();
    },

    async findUpload(documentId) {
      if (!isUuid(documentId)) return null;
      const row = await db
        .selectFrom('documents')
        .select(['id', 'blob_key', 'upload_state'])
        .where('id', '=', documentId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row ? { documentId: row.id, blobKey: row.blob_key, state: row.upload_state } : null;
    },

    async completeUpload({ documentId, size, md5, contentType, at }) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('documents')
          .set({ upload_state: 'uploaded', uploaded_at: at, size, md5, content_type: contentType, updated_at: at })
          .where('id', '=', documentId)
          .where('upload_state', '=', 'pending')
          .returning(['building_id', 'project_id', 'subcontractor_id'])
          .executeTakeFirst();
        if (!result) return false;
        if (outbox && result.project_id && result.subcontractor_id) {
          await outbox.record(trx, [
            {
              type: 'subcontractor.uploaded',
              subject: { projectId: result.project_id },
              data: {
                project_id: result.project_id,
                subcontractor_id: result.subcontractor_id,
                document_id: documentId,
              },
            },
          ]);
        }
        await queue.enqueueWith(
          transactionExecutor(trx),
          PIPELINE.afterUpload,
          { documentId },
          { singletonKey: documentId, fairnessKey: result.building_id },
        );
        return true;
      });
    },

    async listPendingUploads({ createdAfter, limit }) {
      const rows = await db
        .selectFrom('documents')
        .select(['id', 'blob_key'])
        .where('upload_state', '=', 'pending')
        .where('archived_at', 'is', null)
        .where('created_at', '>=', createdAfter)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, blobKey: r.blob_key }));
    },
    async archiveAbandonedUploads({ createdBefore, at }) {
      const archived = await db
        .updateTable('documents')
        .set({ archived_at: at, updated_at: at })
        .where('upload_state', '=', 'pending')
        .where('archived_at', 'is', null)
        .where('created_at', '<', createdBefore)
        .executeTakeFirst();
      return Number(archived.numUpdatedRows);
    },
  };
}
