import { CompiledQuery, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DocumentRecord } from '../../../domain/documents/document.js';
import type { DocumentsRepository } from '../../../domain/documents/documents.service.js';
import { PIPELINE } from '../../../domain/pipeline/stages.js';
import type { PgBossQueue, SqlExecutor } from '../../queue/pg-boss.queue.js';
import type { DB, DocumentsTable } from '../schema.js';

export type DocumentRow = Selectable<DocumentsTable>;

function isoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

export function toDocument(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    buildingId: row.building_id,
    ownerId: row.building_owner_id,
    parentDocumentId: row.parent_document_id,
    filename: row.filename,
    originalPath: row.original_path,
    title: row.title,
    extension: row.extension,
    mimeType: row.mime_type,
    contentType: row.content_type,
    fileKind: row.file_kind,
    blobKey: row.blob_key,
    previewKey: row.preview_key,
    uploadState: row.upload_state,
    size: Number(row.size),
    md5: row.md5,
    serialNumber: row.serial_number,
    originalCreatedAt: row.original_created_at,
    externalIds: row.external_ids,
    buildingCategory: row.building_category,
    buildingCategorySource: row.building_category_source,
    discipline: row.discipline,
    informationType: row.information_type,
    informationTypes: row.information_types,
    isDrawing: row.is_drawing,
    isSchemaDrawing: row.is_schema_drawing,
    asBuilt: row.as_built,
    drawingNumber: row.drawing_number,
    drawingRevision: row.drawing_revision,
    drawingType: row.drawing_type,
    drawingDate: isoDate(row.drawing_date),
    floor: row.floor,
    classification: (row.classification as DocumentRecord['classification']) ?? null,
    flags: {
      corrupt: row.corrupt,
      extractedText: row.extracted_text,
      extractedFile: row.extracted_file,
      uncompressedPackage: row.uncompressed_package,
      validFile: row.valid_file,
      invalidFile: row.invalid_file,
      categorised: row.categorised,
      skipExtractFile: row.skip_extract_file,
      textExtractionError: row.text_extraction_error,
    },
    pageCount: row.page_count,
    processingError: row.processing_error,
    processedAt: row.processed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
  };
}

/** Runs pg-boss's SQL on a Kysely transaction's connection. */
export function transactionExecutor(trx: Transaction<DB>): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

export function createDocumentsRepository(params: { db: Kysely<DB>; queue: PgBossQueue }): DocumentsRepository {
  const { db, queue } = params;

  /** live documents of live buildings that are not under one of the building's private folders */
  function visibleDocuments() {
    return db
      .selectFrom('documents as d')
      .innerJoin('buildings as b', 'b.id', 'd.building_id')
      .selectAll('d')
      .where('d.archived_at', 'is', null)
      .where('b.archived_at', 'is', null)
      .where(
        sql<boolean>`not exists (select 1 from unnest(b.private_folders) f where starts_with(d.original_path, f))`,
      );
  }

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
          original_path: document.originalPath,
          extension: document.extension,
          blob_key: document.blobKey,
          serial_number: document.serialNumber,
          original_created_at: document.originalCreatedAt,
          created_at: document.createdAt,
          updated_at: document.createdAt,
        })
        .execute();
    },

    async findVisible({ buildingId, documentId }) {
      if (!isUuid(documentId)) return null;
      const row = await visibleDocuments()
        .where('d.id', '=', documentId)
        .where('d.building_id', '=', buildingId)
        .executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async findById({ documentId, includeArchived }) {
      if (!isUuid(documentId)) return null;
      let query = db.selectFrom('documents').selectAll().where('id', '=', documentId);
      if (!includeArchived) query = query.where('archived_at', 'is', null);
      const row = await query.executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async list({ buildingId, sortBy, order, updatedSince, category, after, limit }) {
      const column = sortBy === 'updatedAt' ? 'd.updated_at' : 'd.created_at';
      const direction = order === 'asc' ? '>' : '<';
      let query = visibleDocuments().where('d.building_id', '=', buildingId).where('d.upload_state', '=', 'uploaded');
      if (updatedSince) query = query.where('d.updated_at', '>=', updatedSince);
      if (category !== null) query = query.where('d.building_category', '=', category);
      if (after) {
        const at = new Date(after.value);
        query = query.where((eb) =>
          eb.or([eb(column, direction, at), eb.and([eb(column, '=', at), eb('d.id', direction, after.id)])]),
        );
      }
      const rows = await query.orderBy(column, order).orderBy('d.id', order).limit(limit).execute();
      return rows.map(toDocument);
    },

    async categoryCounts(buildingId) {
      const rows = await visibleDocuments()
        .clearSelect()
        .select(['d.building_category', sql<number>`count(*)`.as('n')])
        .where('d.building_id', '=', buildingId)
        .where('d.upload_state', '=', 'uploaded')
        .where('d.building_category', 'is not', null)
        .groupBy('d.building_category')
        .orderBy('d.building_category')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.building_category as string, Number(r.n)]));
    },

    async updateMetadata({ documentId, patch, at }) {
      await db
        .updateTable('documents')
        .set({
          updated_at: at,
          ...(patch.filename !== undefined ? { filename: patch.filename } : {}),
          ...(patch.buildingCategory !== undefined
            ? { building_category: patch.buildingCategory, building_category_source: 'person' as const }
            : {}),
          ...(patch.originalCreatedAt !== undefined ? { original_created_at: patch.originalCreatedAt } : {}),
          ...(patch.serialNumber !== undefined ? { serial_number: patch.serialNumber } : {}),
        })
        .where('id', '=', documentId)
        .execute();
    },

    async setArchived({ documentId, archived, at }) {
      if (!isUuid(documentId)) return false;
      const result = await db
        .updateTable('documents')
        .set({ archived_at: archived ? at : null, updated_at: at })
        .where('id', '=', documentId)
        .where('archived_at', archived ? 'is' : 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async completeUpload({ documentId, size, md5, contentType, at }) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('documents')
          .set({ upload_state: 'uploaded', uploaded_at: at, size, md5, content_type: contentType, updated_at: at })
          .where('id', '=', documentId)
          .where('upload_state', '=', 'pending')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await queue.enqueueWith(
          transactionExecutor(trx),
          PIPELINE.afterUpload,
          { documentId },
          { singletonKey: documentId },
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
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** document ids are uuid columns: anything else cannot exist, and must not reach SQL as a cast error */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
