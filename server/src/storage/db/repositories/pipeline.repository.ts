import { sql, type Kysely, type Transaction } from 'kysely';
import { documentStatusRecord, processingFailed } from '../../../domain/documents/processing-status.js';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import { PIPELINE } from '../../../domain/pipeline/stages.js';
import type { PipelineRepository } from '../../../domain/pipeline/ports.js';
import type { PgBossQueue } from '../../queue/pg-boss.queue.js';
import type { DB } from '../schema.js';
import { normalizeDrawingNumber } from '../../../domain/revisions/revisions.js';
import { earlierCopyOf } from '../duplicates.js';
import { toDocument, transactionExecutor } from './document-rows.js';
import { lockRevisionsOf, relinkRevisions } from './revisions.repository.js';

/** rows per INSERT: large documents have thousands of pages and chunks */
const BATCH = 500;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

export function createPipelineRepository(params: {
  db: Kysely<DB>;
  queue: PgBossQueue;
  /** document.processed / document.failed, raised when processing ends */
  outbox?: WebhookOutbox<Transaction<DB>>;
}): PipelineRepository {
  const { db, queue, outbox } = params;
  return {
    async load(documentId) {
      const row = await db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async loadPages({ documentId, maxChars }) {
      const rows = await db
        .selectFrom('document_pages')
        .select(['page_number', 'text', 'ocr', 'width_mm', 'height_mm', 'label'])
        .where('document_id', '=', documentId)
        .orderBy('page_number')
        .execute();
      let budget = maxChars;
      const pages = [];
      for (const row of rows) {
        if (budget <= 0) {
          // page sizes still count (a drawing set is recognised by its sheets), text no longer does
          pages.push({
            pageNumber: row.page_number,
            text: '',
            ...(row.width_mm ? { widthMm: row.width_mm, heightMm: row.height_mm ?? 0 } : {}),
          });
          continue;
        }
        const text = row.text.slice(0, budget);
        budget -= text.length;
        pages.push({
          pageNumber: row.page_number,
          text,
          ocr: row.ocr,
          ...(row.width_mm ? { widthMm: row.width_mm } : {}),
          ...(row.height_mm ? { heightMm: row.height_mm } : {}),
          ...(row.label ? { label: row.label } : {}),
        });
      }
      return pages;
    },

    async saveExtraction(result) {
      await db.transaction().execute(async (trx) => {
        // the building's revision lock before any of the document's rows (lockRevisionsOf)
        await lockRevisionsOf(trx, result.documentId);
        await trx.deleteFrom('document_chunks').where('document_id', '=', result.documentId).execute();
        await trx.deleteFrom('document_pages').where('document_id', '=', result.documentId).execute();
        const document = await trx
          .updateTable('documents')
          .set({
            mime_type: result.mimeType,
            file_kind: result.fileKind,
            md5: result.md5,
            title: result.title,
            page_count: result.pageCount,
            preview_key: result.previewKey,
            preview_note: result.previewNote,
            valid_file: result.flags.validFile,
            invalid_file: result.flags.invalidFile,
            corrupt: result.flags.corrupt,
            extracted_text: result.flags.extractedText,
            extracted_file: result.flags.extractedFile,
            text_extraction_error: result.flags.textExtractionError,
            skip_extract_file: result.flags.skipExtractFile,
            uncompressed_package: result.flags.uncompressedPackage,
            processing_error: result.processingError,
            processing_note: result.processingNote,
            language: result.language,
            updated_at: result.at,
            ...(result.originalCreatedAt ? { original_created_at: result.originalCreatedAt } : {}),
            // a second copy of bytes the building already has: kept, and pointed at the first copy
            duplicate_of: earlierCopyOf(result.md5),
          })
          .where('id', '=', result.documentId)
          .returning(['building_id', 'building_owner_id'])
          .executeTakeFirst();
        if (!document) return;
        for (const rows of batches(result.pages)) {
          await trx
            .insertInto('document_pages')
            .values(
              rows.map((page) => ({
                document_id: result.documentId,
                page_number: page.pageNumber,
                text: page.text,
                ocr: page.ocr ?? false,
                width_mm: page.widthMm ?? null,
                height_mm: page.heightMm ?? null,
                label: page.label ?? null,
                language: page.language ?? null,
              })),
            )
            .execute();
        }
        for (const rows of batches(result.chunks)) {
          await trx
            .insertInto('document_chunks')
            .values(
              rows.map((chunk) => ({
                document_id: result.documentId,
                building_id: document.building_id,
                building_owner_id: document.building_owner_id,
                chunk_index: chunk.index,
                page_number: chunk.pageNumber,
                char_start: chunk.charStart,
                char_end: chunk.charEnd,
                text: chunk.text,
                language: chunk.language ?? null,
              })),
            )
            .execute();
        }
        await queue.enqueueWith(
          transactionExecutor(trx),
          PIPELINE.afterProcess,
          { documentId: result.documentId },
          { singletonKey: result.documentId, fairnessKey: document.building_id },
        );
      });
    },

    async insertChildren(children) {
      if (children.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        const inserted: string[] = [];
        const buildingOf = new Map(children.map((child) => [child.id, child.buildingId]));
        // the owner the buildings have now: a handover holds them until it has moved every row (handover.repository.ts),
        // so a package unpacked meanwhile puts its files where the package is, not where it was
        const owners = await trx
          .selectFrom('buildings')
          .select(['id', 'building_owner_id'])
          .where('id', 'in', [...new Set(buildingOf.values())])
          .forKeyShare()
          .execute();
        const ownerOf = new Map(owners.map((row) => [row.id, row.building_owner_id]));
        for (const child of children) {
          const row = await trx
            .insertInto('documents')
            .values({
              id: child.id,
              building_id: child.buildingId,
              building_owner_id: ownerOf.get(child.buildingId) ?? child.ownerId,
              parent_document_id: child.parentDocumentId,
              filename: child.filename,
              original_filename: child.filename,
              original_path: child.originalPath,
              extension: child.extension,
              blob_key: child.blobKey,
              upload_state: 'uploaded',
              uploaded_at: child.createdAt,
              size: child.size,
              md5: child.md5,
              created_at: child.createdAt,
              updated_at: child.createdAt,
              // a file unpacked from a package belongs where the package does
              project_id: sql<
                string | null
              >`(select p.project_id from documents p where p.id = ${child.parentDocumentId})`,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (row) inserted.push(row.id);
        }
        // a package of thousands of entries: their jobs go in a few inserts, in the same transaction as the rows
        await queue.enqueueManyWith(
          transactionExecutor(trx),
          inserted.map((id) => ({
            name: PIPELINE.afterUpload,
            payload: { documentId: id },
            options: { singletonKey: id, fairnessKey: buildingOf.get(id) ?? id },
          })),
        );
        return inserted.length;
      });
    },

    async recordExtractionKill(documentId) {
      const row = await db
        .updateTable('documents')
        .set({ extraction_kills: sql<number>`extraction_kills + 1` })
        .where('id', '=', documentId)
        .returning('extraction_kills')
        .executeTakeFirst();
      return row?.extraction_kills ?? 0;
    },

    async saveClassification({ documentId, classification: c, at }) {
      await db.transaction().execute(async (trx) => {
        // the building's revision lock before the row's: a relink elsewhere in the building takes them in that order
        await lockRevisionsOf(trx, documentId);
        const saved = await trx
          .updateTable('documents')
          .set({
            // a person's category stands; reprocessing only fills it when nobody has set it
            building_category: sql<string>`case when building_category_source = 'person' then building_category else ${c.buildingCategory} end`,
            building_category_source: sql<
              'auto' | 'person'
            >`case when building_category_source = 'person' then 'person' else 'auto' end`,
            discipline: c.discipline,
            // a person's information types stand as their category does
            information_type: sql<
              string | null
            >`case when information_types_source = 'person' then information_type else ${c.informationType} end`,
            information_types: sql<
              string[]
            >`case when information_types_source = 'person' then information_types else ${c.informationTypes}::text[] end`,
            is_drawing: c.isDrawing,
            is_schema_drawing: c.isSchemaDrawing,
            as_built: c.asBuilt,
            // a person's drawing number and revision stand as their category does
            drawing_number: sql<
              string | null
            >`case when drawing_number_source = 'person' then drawing_number else ${c.drawingNumber} end`,
            drawing_revision: sql<
              string | null
            >`case when drawing_number_source = 'person' then drawing_revision else ${c.drawingRevision} end`,
            drawing_key: sql<
              string | null
            >`case when drawing_number_source = 'person' then drawing_key else ${normalizeDrawingNumber(c.drawingNumber, c.drawingRevision)} end`,
            drawing_type: c.drawingType,
            drawing_date: c.drawingDate,
            floor: c.floor,
            title: sql<string | null>`coalesce(title, ${c.title})`,
            classification: JSON.stringify(c.evidence),
            categorised: true,
            // a construction upload is ready for the contractor's review once processing is through
            progress_status: sql<'READY_TO_REVIEW'>`case when progress_status = 'IN_PROGRESS' and processed_at is null then 'READY_TO_REVIEW' else progress_status end`,
            processed_at: at,
            updated_at: at,
          })
          .where('id', '=', documentId)
          .returning('building_id')
          .executeTakeFirst();
        if (!saved) return;
        await relinkRevisions(trx, { buildingId: saved.building_id, documentIds: [documentId] });
        if (outbox) {
          const row = await trx.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
          if (row && row.archived_at === null) {
            const document = toDocument(row);
            const failed = processingFailed(document);
            const status = documentStatusRecord(document);
            await outbox.record(trx, [
              {
                type: failed ? 'document.failed' : 'document.processed',
                subject: { ownerId: document.ownerId, buildingId: document.buildingId },
                data: {
                  building_owner_id: document.ownerId,
                  building_id: document.buildingId,
                  document_id: document.id,
                  filename: document.filename,
                  status,
                  ...(failed ? { reason: status.reason ?? 'The file could not be read' } : {}),
                },
              },
            ]);
          }
        }
        await queue.enqueueWith(
          transactionExecutor(trx),
          PIPELINE.afterClassify,
          { documentId },
          { singletonKey: documentId, fairnessKey: saved.building_id },
        );
      });
    },
  };
}
