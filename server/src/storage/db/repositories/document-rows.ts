import { CompiledQuery, type Selectable, type Transaction } from 'kysely';
import type { DocumentRecord } from '../../../domain/documents/document.js';
import type { SqlExecutor } from '../../queue/pg-boss.queue.js';
import type { DB, DocumentsTable } from '../schema.js';

/**
 * Row helpers every repository that reads documents shares (documents, pipeline, search, reports, answers), so none
 * of them borrows from another repository.
 */
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
    supersededBy: row.superseded_by,
    replacesDocumentId: row.replaces_document_id,
    uploadedBy: row.uploaded_by,
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
    duplicateOf: row.duplicate_of,
    processingNote: row.processing_note,
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** document ids are uuid columns: anything else cannot exist, and must not reach SQL as a cast error */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
