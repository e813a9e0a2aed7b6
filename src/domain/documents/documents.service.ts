import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import { invalidField, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import type { PageCursor, PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import type { Readable } from 'node:stream';
import { AppError } from '../shared/errors.js';
import { BlobTooLargeError, type BlobStore } from './blob-store.js';
import { documentBlobKey, extensionOf, splitUploadPath, type DocumentFlags, type DocumentRecord } from './document.js';

export type DocumentSortBy = 'createdAt' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';

export interface NewDocument {
  id: string;
  buildingId: string;
  ownerId: string;
  parentDocumentId: string | null;
  filename: string;
  originalPath: string;
  extension: string;
  blobKey: string;
  serialNumber: string | null;
  originalCreatedAt: Date | null;
  createdAt: Date;
}

export interface DocumentMetadataPatch {
  filename?: string;
  buildingCategory?: string;
  originalCreatedAt?: Date;
  serialNumber?: string | null;
}

export interface DocumentsRepository {
  insertPending(document: NewDocument): Promise<void>;
  /** a live document of the building that the partner API may show (not archived, not in a private folder) */
  findVisible(params: { buildingId: string; documentId: string }): Promise<DocumentRecord | null>;
  findById(params: { documentId: string; includeArchived: boolean }): Promise<DocumentRecord | null>;
  list(params: {
    buildingId: string;
    sortBy: DocumentSortBy;
    order: SortOrder;
    updatedSince: Date | null;
    category: string | null;
    after: PageCursor | null;
    limit: number;
  }): Promise<DocumentRecord[]>;
  categoryCounts(buildingId: string): Promise<Record<string, number>>;
  updateMetadata(params: { documentId: string; patch: DocumentMetadataPatch; at: Date }): Promise<void>;
  setArchived(params: { documentId: string; archived: boolean; at: Date }): Promise<boolean>;
  /**
   * pending -> uploaded, and the processing job enqueued in the same transaction; false when the document was not
   * pending (a second PUT of the same upload)
   */
  completeUpload(params: {
    documentId: string;
    size: number;
    md5: string | null;
    contentType: string | null;
    at: Date;
  }): Promise<boolean>;
  /** uploads not yet arrived (object storage is asked whether they are there) */
  listPendingUploads(params: { createdAfter: Date; limit: number }): Promise<{ id: string; blobKey: string }[]>;
}

/** The document processing status record, spelled exactly as the partner spec spells it. */
export interface DocumentProcessingStatus {
  document_id: string;
  filename: string;
  building_id: string;
  building_category: string | null;
  corrupt: boolean;
  size: number;
  extracted_text: boolean;
  extracted_file: boolean;
  uncompressed_package: boolean;
  valid_file: boolean;
  invalid_file: boolean;
  categorised: boolean;
  skip_extract_file: boolean;
  text_extraction_error: boolean;
}

export const SIGNED_URL_SECONDS = 3600;
/** an upload URL is valid this long; the document stays pending until the bytes arrive */
export const UPLOAD_URL_SECONDS = 24 * 3600;

export function presentStatusFlags(document: DocumentRecord): DocumentProcessingStatus {
  const f: DocumentFlags = document.flags;
  return {
    document_id: document.id,
    filename: document.filename,
    building_id: document.buildingId,
    building_category: document.buildingCategory,
    corrupt: f.corrupt,
    size: document.size,
    extracted_text: f.extractedText,
    extracted_file: f.extractedFile,
    uncompressed_package: f.uncompressedPackage,
    valid_file: f.validFile,
    invalid_file: f.invalidFile,
    categorised: f.categorised,
    skip_extract_file: f.skipExtractFile,
    text_extraction_error: f.textExtractionError,
  };
}

export function createDocumentsService(deps: {
  repository: DocumentsRepository;
  access: AccessService;
  blobs: BlobStore;
  pageTokens: PageTokenCodec;
  clock: { now(): Date };
  isValidBuildingCategory: (code: string) => boolean;
  /** a person corrected the category: the owner's classifier learns from it */
  onCategoryCorrected?: (params: { document: DocumentRecord; buildingCategory: string }) => Promise<void>;
  maxUploadBytes: number;
}) {
  const { repository, access, blobs, pageTokens, clock } = deps;

  interface Target {
    principal: Principal;
    ownerId: string;
    buildingId: string;
  }

  async function requireVisible(target: Target & { documentId: string }): Promise<DocumentRecord> {
    const document = await repository.findVisible({ buildingId: target.buildingId, documentId: target.documentId });
    if (!document) throw notFound('document');
    return document;
  }

  async function requestUpload(
    params: Target & { filename: string; originalCreatedAt?: Date; serialNumber?: string },
  ): Promise<{ documentId: string; uploadUrl: string }> {
    await access.authorizeBuilding({ ...params, need: 'write' });
    const { filename, originalPath } = splitUploadPath(params.filename);
    if (filename === '') throw invalidField('/filename', 'must name a file');
    const id = newId.uuid();
    const blobKey = documentBlobKey({ ownerId: params.ownerId, buildingId: params.buildingId, documentId: id });
    await repository.insertPending({
      id,
      buildingId: params.buildingId,
      ownerId: params.ownerId,
      parentDocumentId: null,
      filename,
      originalPath,
      extension: extensionOf(filename),
      blobKey,
      serialNumber: params.serialNumber ?? null,
      originalCreatedAt: params.originalCreatedAt ?? null,
      createdAt: clock.now(),
    });
    const uploadUrl = await blobs.signedUploadUrl(blobKey, { expiresInSeconds: UPLOAD_URL_SECONDS });
    return { documentId: id, uploadUrl };
  }

  async function signedUrls(document: DocumentRecord): Promise<{ url: string; previewUrl: string | null }> {
    const url = await blobs.signedDownloadUrl(document.blobKey, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      filename: document.filename,
      ...(document.contentType ? { contentType: document.contentType } : {}),
    });
    let previewUrl: string | null = null;
    if (document.previewKey) {
      previewUrl = await blobs
        .signedDownloadUrl(document.previewKey, {
          expiresInSeconds: SIGNED_URL_SECONDS,
          filename: `${document.filename.replace(/\.[^.]+$/, '')}.pdf`,
          contentType: 'application/pdf',
          inline: true,
        })
        // the spec allows null for a temporary lookup error; the download URL still stands
        .catch(() => null);
    }
    return { url, previewUrl };
  }

  async function get(params: Target & { documentId: string }) {
    await access.authorizeBuilding({ ...params, need: 'read' });
    const document = await requireVisible(params);
    return { document, ...(await signedUrls(document)) };
  }

  async function update(
    params: Target & { documentId: string; patch: DocumentMetadataPatch },
  ): Promise<DocumentRecord> {
    await access.authorizeBuilding({ ...params, need: 'write' });
    const document = await requireVisible(params);
    const patch = { ...params.patch };
    if (patch.filename !== undefined) {
      const { filename } = splitUploadPath(patch.filename);
      if (filename === '') throw invalidField('/filename', 'must name a file');
      patch.filename = filename;
    }
    if (patch.buildingCategory !== undefined) {
      const code = patch.buildingCategory.trim().toUpperCase() === 'MSC' ? 'MSC' : patch.buildingCategory.trim();
      if (!deps.isValidBuildingCategory(code)) {
        throw invalidField('/buildingCategory', 'is not an NS 3451 code (2 to 4 digits, e.g. 36 or 3611) or MSC');
      }
      patch.buildingCategory = code;
    }
    await repository.updateMetadata({ documentId: document.id, patch, at: clock.now() });
    const updated = await requireVisible(params);
    if (patch.buildingCategory !== undefined && deps.onCategoryCorrected) {
      await deps.onCategoryCorrected({ document: updated, buildingCategory: patch.buildingCategory });
    }
    return updated;
  }

  async function archive(params: Target & { documentId: string }): Promise<void> {
    await access.authorizeBuilding({ ...params, need: 'write' });
    const document = await requireVisible(params);
    await repository.setArchived({ documentId: document.id, archived: true, at: clock.now() });
  }

  async function list(
    params: Target & {
      limit: number;
      nextToken?: string;
      sortBy: DocumentSortBy;
      sortOrder: SortOrder;
      updatedSince?: Date;
      category?: string;
    },
  ): Promise<Page<DocumentRecord>> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    if (params.updatedSince && params.sortBy !== 'updatedAt') {
      throw invalidField('/updated_since', 'requires sort_by=updatedAt');
    }
    const context = [
      'documents',
      params.buildingId,
      params.sortBy,
      params.sortOrder,
      params.updatedSince?.toISOString() ?? '',
      params.category ?? '',
    ].join(':');
    return readPage({
      codec: pageTokens,
      context,
      nextToken: params.nextToken,
      limit: params.limit,
      fetch: (after, limit) =>
        repository.list({
          buildingId: params.buildingId,
          sortBy: params.sortBy,
          order: params.sortOrder,
          updatedSince: params.updatedSince ?? null,
          category: params.category ?? null,
          after,
          limit,
        }),
      cursorOf: (d) => ({ value: (params.sortBy === 'updatedAt' ? d.updatedAt : d.createdAt).toISOString(), id: d.id }),
    });
  }

  async function categoryCounts(params: Target): Promise<Record<string, number>> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    return repository.categoryCounts(params.buildingId);
  }

  async function status(params: Target & { documentId: string }): Promise<DocumentProcessingStatus> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    return presentStatusFlags(await requireVisible(params));
  }

  /** the document an upload key belongs to (`documents/<owner>/<building>/<id>/original`) */
  function documentIdOfKey(key: string): string | null {
    const match = /^documents\/[^/]+\/[^/]+\/([0-9a-f-]{36})\/original$/.exec(key);
    return match?.[1] ?? null;
  }

  /**
   * Bytes PUT to our own signed upload URL (embedded storage): streamed to storage with size and MD5 computed on the
   * way, then processing starts. A second PUT after success is refused; so is a body over the size limit.
   */
  async function receiveUpload(params: {
    key: string;
    body: Readable;
    contentType: string | null;
    declaredLength: number | null;
  }): Promise<{ size: number; md5: string }> {
    const documentId = documentIdOfKey(params.key);
    const document = documentId ? await repository.findById({ documentId, includeArchived: false }) : null;
    if (!document || document.blobKey !== params.key) throw notFound('document');
    if (document.uploadState !== 'pending') throw uploadDone();
    if (params.declaredLength !== null && params.declaredLength > deps.maxUploadBytes)
      throw tooLarge(deps.maxUploadBytes);
    let stored: { size: number; md5: string };
    try {
      stored = await blobs.put(params.key, params.body, {
        maxBytes: deps.maxUploadBytes,
        ...(params.contentType ? { contentType: params.contentType } : {}),
      });
    } catch (error) {
      if (error instanceof BlobTooLargeError) throw tooLarge(deps.maxUploadBytes);
      throw error;
    }
    if (
      !(await repository.completeUpload({
        documentId: document.id,
        ...stored,
        contentType: params.contentType,
        at: clock.now(),
      }))
    ) {
      throw uploadDone();
    }
    return stored;
  }

  /** An object arrived in object storage (S3 event, or found by the poller): processing starts. */
  async function objectArrived(params: {
    key: string;
    size: number;
    etag: string | null;
    contentType: string | null;
  }): Promise<boolean> {
    const documentId = documentIdOfKey(params.key);
    if (!documentId) return false;
    // a multipart upload's ETag is not an MD5; the pipeline computes it then
    const md5 =
      params.etag && /^[0-9a-f]{32}$/i.test(params.etag.replace(/"/g, ''))
        ? params.etag.replace(/"/g, '').toLowerCase()
        : null;
    return repository.completeUpload({
      documentId,
      size: params.size,
      md5,
      contentType: params.contentType,
      at: clock.now(),
    });
  }

  /** Asks storage whether pending uploads of the last day have arrived; returns how many had. */
  async function pollPendingUploads(): Promise<number> {
    const pending = await repository.listPendingUploads({
      createdAfter: new Date(clock.now().getTime() - 25 * 3600_000),
      limit: 1000,
    });
    let arrived = 0;
    for (const upload of pending) {
      const head = await blobs.head(upload.blobKey);
      if (!head) continue;
      const done = await objectArrived({
        key: upload.blobKey,
        size: head.size,
        etag: head.etag ?? null,
        contentType: head.contentType ?? null,
      });
      if (done) arrived++;
    }
    return arrived;
  }

  /** operator: bring an archived document back */
  async function restore(documentId: string): Promise<DocumentRecord> {
    if (!(await repository.setArchived({ documentId, archived: false, at: clock.now() }))) throw notFound('document');
    return (await repository.findById({ documentId, includeArchived: false })) ?? Promise.reject(notFound('document'));
  }

  return {
    requestUpload,
    get,
    update,
    archive,
    list,
    categoryCounts,
    status,
    receiveUpload,
    objectArrived,
    pollPendingUploads,
    restore,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

function uploadDone(): AppError {
  return new AppError({
    code: 'upload.already_completed',
    kind: 'conflict',
    message: 'This upload has already been received',
  });
}

function tooLarge(maxBytes: number): AppError {
  return new AppError({
    code: 'upload.too_large',
    kind: 'too_large',
    message: `The file is larger than the limit of ${maxBytes} bytes`,
  });
}
