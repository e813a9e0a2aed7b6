import type { AccessService } from '../access/access.service.js';
import type { CorrectableField } from '../classification/index.js';
import type { Principal } from '../access/principal.js';
import { csvCell } from '../shared/csv.js';
import { isAppError } from '../shared/errors.js';
import type { PageCursor, PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import { zipPaths } from '../zip/zip.service.js';
import {
  ACCESS_ENDED,
  DOCUMENT_GONE,
  MISSING_FILES_ENTRY,
  missingFilesText,
  type UnreadableEntry,
  type ZipWriter,
} from '../zip/zip-archives.js';
import type { Readable } from 'node:stream';
import { AppError, invalidField } from '../shared/errors.js';
import type { BlobStore } from './blob-store.js';
import { documentIdOfBlobKey, splitUploadPath, type DocumentRecord } from './document.js';
import {
  documentNotFound,
  invalidBuildingCategory,
  unknownInformationType,
  invalidFilename,
  pageRangeReversed,
  updatedSinceNeedsUpdatedAtSort,
} from './documents.errors.js';

export type DocumentSortBy = 'createdAt' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';

export interface DocumentMetadataPatch {
  filename?: string;
  buildingCategory?: string;
  originalCreatedAt?: Date;
  serialNumber?: string | null;
  /** the document's information types, primary first (a person's correction) */
  informationTypes?: string[];
  /** the primary information type: put first in the list (the given one, or the document's) */
  informationType?: string;
  /** a person's drawing number and revision: reprocessing keeps them, and the revision chains follow them */
  drawingNumber?: string | null;
  drawingRevision?: string | null;
}

/** what a bulk change of a building's documents may set (a person's correction, kept by reprocessing) */
export interface BulkMetadataPatch {
  buildingCategory?: string;
  discipline?: string | null;
  informationTypes?: string[];
}

/** documents one bulk request (zip or metadata) names at most */
export const BULK_DOCUMENTS_LIMIT = 5000;

/** a file chosen for a streamed zip, left out when the stream reached it (named in the archive's missing list) */
function noLongerThere(): Error {
  return Object.assign(new Error('deleted, replaced or out of reach since the download began'), {
    code: DOCUMENT_GONE,
  });
}

/** every file a streamed zip had not reached when its credential lost the building (named in the missing list) */
function accessEnded(): Error {
  return Object.assign(new Error("the download's credential lost its access since the download began"), {
    code: ACCESS_ENDED,
  });
}

export interface DocumentsRepository {
  /**
   * whether a document that anyone may read now (the visibility rule: it and its building live, not under a private
   * folder) has this file as its original or its preview
   */
  servesFile(params: { documentId: string; key: string }): Promise<boolean>;
  /** a live document of the building that the partner API may show (not archived, not in a private folder) */
  findVisible(params: { buildingId: string; documentId: string }): Promise<DocumentRecord | null>;
  /** the documents among `documentIds` that `findVisible` would find, in no particular order */
  findVisibleMany(params: { buildingId: string; documentIds: readonly string[] }): Promise<DocumentRecord[]>;
  /** the same metadata change on many documents of one building, at once */
  updateMetadataMany(params: { documentIds: readonly string[]; patch: BulkMetadataPatch; at: Date }): Promise<void>;
  findById(params: { documentId: string; includeArchived: boolean }): Promise<DocumentRecord | null>;
  list(params: {
    buildingId: string;
    sortBy: DocumentSortBy;
    order: SortOrder;
    updatedSince: Date | null;
    category: string | null;
    /** leave out superseded revisions and versions */
    latestRevisions: boolean;
    after: PageCursor | null;
    limit: number;
  }): Promise<DocumentRecord[]>;
  categoryCounts(buildingId: string): Promise<Record<string, number>>;
  /** recompute `supersededBy` for what a change of these documents touches (the whole building without ids) */
  relinkRevisions(params: { buildingId: string; documentIds?: string[] }): Promise<void>;
  /** the live chain of versions and revisions the document belongs to, newest first; null when it is not live */
  versions(params: { buildingId: string; documentId: string }): Promise<DocumentRecord[] | null>;
  updateMetadata(params: { documentId: string; patch: DocumentMetadataPatch; at: Date }): Promise<void>;
  /** deletes (archives) or restores a document, its revision chain linked again in the same transaction */
  setArchived(params: { documentId: string; archived: boolean; at: Date }): Promise<boolean>;
  /** the extracted text of pages `from` to `to` (1-based, both included), in order */
  pages(params: { documentId: string; from: number; to: number }): Promise<DocumentPageText[]>;
}

export interface DocumentPageText {
  pageNumber: number;
  text: string;
  /** read by OCR from an image of the page */
  ocr: boolean;
}

/** pages one call returns at most */
export const MAX_PAGES_PER_READ = 50;

/** signed download and preview URLs are valid this long */
const SIGNED_URL_SECONDS = 3600;

export function createDocumentsService(deps: {
  repository: DocumentsRepository;
  access: AccessService;
  blobs: BlobStore;
  pageTokens: PageTokenCodec;
  clock: { now(): Date };
  isValidBuildingCategory: (code: string) => boolean;
  /** a person corrected the category: the owner's classifier learns from it */
  onCategoryCorrected?: (params: {
    document: DocumentRecord;
    buildingCategory: string;
    correctedByUserId: string | null;
  }) => Promise<void>;
  isKnownInformationType?: (id: string) => boolean;
  /** a person corrected the information types: the owner's classifier learns from it */
  onInformationTypesCorrected?: (params: {
    document: DocumentRecord;
    informationTypes: string[];
    correctedByUserId: string | null;
  }) => Promise<void>;
  /** a person changed many documents at once (a bulk change): every document's correction is recorded and learned */
  onManyCorrected?: (params: {
    corrections: { document: DocumentRecord; field: CorrectableField; value: string | string[] }[];
    correctedByUserId: string | null;
  }) => Promise<void>;
  /** the newest correction of each field of a document, with who made it and when (none: no corrections shown) */
  corrections?: (documentId: string) => Promise<{ field: string; correctedAt: Date; correctedBy: string | null }[]>;
  /** a document was deleted (archived): what was made from it goes with it (its maintenance tasks) */
  onArchived?: (params: { principal: Principal; document: DocumentRecord }) => Promise<void>;
  /** a discipline code a person may set (the reference data's) */
  isKnownDiscipline?: (code: string) => boolean;
  /** streams a selection of documents as one zip (bulk download) */
  zipWriter?: ZipWriter;
}) {
  const { repository, access, blobs, pageTokens, clock } = deps;

  interface Target {
    principal: Principal;
    ownerId: string;
    buildingId: string;
  }

  /** the document, when the caller may do `need` with it (the access rules decide; 404 when it is not there) */
  function authorizedDocument(
    params: Target & { documentId: string; need: 'read' | 'write' },
  ): Promise<DocumentRecord> {
    return access.authorizeDocument({
      ...params,
      load: () => repository.findVisible({ buildingId: params.buildingId, documentId: params.documentId }),
    });
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
    const document = await authorizedDocument({ ...params, need: 'read' });
    const [urls, corrections] = await Promise.all([
      signedUrls(document),
      deps.corrections ? deps.corrections(document.id) : Promise.resolve(undefined),
    ]);
    return { document, ...urls, ...(corrections ? { corrections } : {}) };
  }

  async function update(
    params: Target & { documentId: string; patch: DocumentMetadataPatch },
  ): Promise<DocumentRecord> {
    const document = await authorizedDocument({ ...params, need: 'write' });
    const patch = { ...params.patch };
    if (patch.filename !== undefined) {
      const { filename } = splitUploadPath(patch.filename);
      if (filename === '') throw invalidFilename();
      patch.filename = filename;
    }
    if (patch.buildingCategory !== undefined) {
      const code = patch.buildingCategory.trim().toUpperCase() === 'MSC' ? 'MSC' : patch.buildingCategory.trim();
      if (!deps.isValidBuildingCategory(code)) {
        throw invalidBuildingCategory();
      }
      patch.buildingCategory = code;
    }
    if (patch.informationTypes !== undefined || patch.informationType !== undefined) {
      const primary = patch.informationType;
      // what the caller sent must be catalogue ids; the document's own types it keeps are not the caller's to answer for
      const known = deps.isKnownInformationType;
      const sent = [...(primary !== undefined ? [primary] : []), ...(patch.informationTypes ?? [])];
      const unknown = known ? sent.find((id) => !known(id)) : undefined;
      if (unknown !== undefined) throw unknownInformationType(unknown, unknown === primary);
      const list = patch.informationTypes ?? document.informationTypes;
      const types = [...new Set(primary !== undefined ? [primary, ...list] : list)];
      patch.informationTypes = types;
      delete patch.informationType;
    }
    for (const field of ['drawingNumber', 'drawingRevision'] as const) {
      const value = patch[field];
      if (typeof value === 'string') patch[field] = value.trim() === '' ? null : value.trim();
    }
    await repository.updateMetadata({ documentId: document.id, patch, at: clock.now() });
    if (patch.drawingNumber !== undefined || patch.drawingRevision !== undefined)
      await repository.relinkRevisions({ buildingId: document.buildingId, documentIds: [document.id] });
    const updated = await repository.findVisible({ buildingId: params.buildingId, documentId: document.id });
    if (!updated) throw documentNotFound();
    const correctedByUserId = params.principal.kind === 'user' ? params.principal.userId : null;
    if (patch.buildingCategory !== undefined && deps.onCategoryCorrected) {
      await deps.onCategoryCorrected({
        document: updated,
        buildingCategory: patch.buildingCategory,
        correctedByUserId,
      });
    }
    if (patch.informationTypes !== undefined && deps.onInformationTypesCorrected) {
      await deps.onInformationTypesCorrected({
        document: updated,
        informationTypes: patch.informationTypes,
        correctedByUserId,
      });
    }
    return updated;
  }

  async function archive(params: Target & { documentId: string }): Promise<void> {
    const document = await authorizedDocument({ ...params, need: 'write' });
    await repository.setArchived({ documentId: document.id, archived: true, at: clock.now() });
    await deps.onArchived?.({ principal: params.principal, document });
  }

  async function list(
    params: Target & {
      limit: number;
      nextToken?: string;
      sortBy: DocumentSortBy;
      sortOrder: SortOrder;
      updatedSince?: Date;
      category?: string;
      latestRevisions?: boolean;
    },
  ): Promise<Page<DocumentRecord>> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    if (params.updatedSince && params.sortBy !== 'updatedAt') {
      throw updatedSinceNeedsUpdatedAtSort();
    }
    const context = [
      'documents',
      params.buildingId,
      params.sortBy,
      params.sortOrder,
      params.updatedSince?.toISOString() ?? '',
      params.category ?? '',
      params.latestRevisions ? 'latest' : '',
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
          latestRevisions: params.latestRevisions ?? false,
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

  /** the document with its processing flags (presenters spell them as the partner spec does) */
  async function status(params: Target & { documentId: string }): Promise<DocumentRecord> {
    return authorizedDocument({ ...params, need: 'read' });
  }

  /**
   * The extracted text of a page range, for a reader (an assistant) that quotes and cites by page; the same access
   * rule as the document itself. `to` is capped at MAX_PAGES_PER_READ pages after `from`.
   */
  /**
   * A document's page text, `MAX_PAGES_PER_READ` pages at most per call, from `from` (or from where `nextToken`, a
   * token of an earlier call for the same document, says). `nextToken` is null on the last page.
   */
  async function pages(params: Target & { documentId: string; from: number; to?: number; nextToken?: string }) {
    if (params.to !== undefined && params.to < params.from) throw pageRangeReversed();
    const document = await authorizedDocument({ ...params, need: 'read' });
    const context = `pages:${document.id}`;
    const from = params.nextToken ? Number(pageTokens.decode(context, params.nextToken).value) : params.from;
    const last = from + MAX_PAGES_PER_READ - 1;
    const to = Math.min(params.to ?? last, last);
    const read = await repository.pages({ documentId: document.id, from, to });
    const more = params.to === undefined && document.pageCount !== null && document.pageCount > to;
    const nextToken = more ? pageTokens.encode(context, { value: String(to + 1), id: document.id }) : null;
    return { document, pages: read, nextToken };
  }

  /**
   * Where a document is (its owner and building), by its id alone, for a reader that names documents by id (an
   * assistant's `byggdok://documents/{id}`): only when the caller may read it, else 404, whether it exists or not.
   */
  async function locate(params: { principal: Principal; documentId: string }) {
    const found = await repository.findById({ documentId: params.documentId, includeArchived: false });
    if (!found) throw documentNotFound();
    const document = await authorizedDocument({
      principal: params.principal,
      ownerId: found.ownerId,
      buildingId: found.buildingId,
      documentId: found.id,
      need: 'read',
    }).catch((error: unknown) => {
      // refused (403) or not visible (404) alike: an id alone tells nothing about a document the caller cannot read
      throw isAppError(error) ? documentNotFound() : error;
    });
    return { ownerId: document.ownerId, buildingId: document.buildingId };
  }

  /** operator: bring an archived document back */
  async function restore(documentId: string): Promise<DocumentRecord> {
    if (!(await repository.setArchived({ documentId, archived: false, at: clock.now() }))) throw documentNotFound();
    return (await repository.findById({ documentId, includeArchived: false })) ?? Promise.reject(documentNotFound());
  }

  /**
   * The whole chain of versions and drawing revisions the document belongs to, newest first, read from any member
   * (decisions.md): the same access as reading the document.
   */
  async function versions(params: Target & { documentId: string }): Promise<DocumentRecord[]> {
    const document = await authorizedDocument({ ...params, need: 'read' });
    return (await repository.versions({ buildingId: document.buildingId, documentId: document.id })) ?? [document];
  }

  /**
   * The documents of a bulk request, each as the caller may see it: one that is not a visible document of this
   * building (another owner's, archived, under a private folder, never there) refuses the whole request alike, naming
   * its place in the list and nothing else about it.
   */
  async function selection(params: Target & { documentIds: readonly string[] }): Promise<DocumentRecord[]> {
    const ids = params.documentIds.map((id) => id.toLowerCase());
    const found = new Map(
      (await repository.findVisibleMany({ buildingId: params.buildingId, documentIds: [...new Set(ids)] })).map((d) => [
        d.id,
        d,
      ]),
    );
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      const path = `/documentIds/${missing}`;
      throw new AppError({
        code: 'document.not_found',
        kind: 'not_found',
        message: `documentIds/${missing} is not a document of this building`,
        fieldErrors: [{ path, message: 'is not a document of this building' }],
      });
    }
    const seen = new Set<string>();
    return ids.flatMap((id) => (seen.has(id) ? [] : (seen.add(id), [found.get(id)!])));
  }

  /**
   * Many documents of a building as one zip, streamed as it is written (READ_ACCESS): the files in their upload
   * folders, then `manifest.csv` listing each path, size and document id of what it holds. The whole list is checked
   * before the first byte is sent; a file that turns out missing from storage while the zip is written is left out
   * and named, with why, in `MANGLER-MISSING.txt`, so the zip still opens. `leftOut` says which, once it is written.
   */
  async function zip(
    params: Target & {
      documentIds: readonly string[];
      /**
       * the caller's credential proven again (revoked, expired, its person deactivated: an AppError): asked as the
       * stream reaches each file, with the building authorised again, so a slow download stops sending files once
       * its credential has lost them
       */
      recheck?: () => Promise<Principal>;
    },
  ): Promise<{
    stream: Readable;
    filename: string;
    count: number;
    leftOut: Promise<{ documentId: string; path: string; reason: string }[]>;
  }> {
    if (!deps.zipWriter) throw new Error('no zip writer configured');
    await access.authorizeBuilding({ ...params, need: 'read' });
    const documents = await selection(params);
    const pending = documents.findIndex((d) => d.uploadState !== 'uploaded');
    if (pending >= 0) throw invalidField(`/documentIds/${pending}`, 'has not finished uploading');
    const paths = zipPaths(documents);
    const unreadable: UnreadableEntry[] = [];
    let told: (value: { documentId: string; path: string; reason: string }[]) => void = () => {};
    const leftOut = new Promise<{ documentId: string; path: string; reason: string }[]>((resolve) => (told = resolve));
    const csv = () => {
      const skipped = new Set(unreadable.filter((u) => u.bytesWritten === 0).map((u) => u.index));
      const rows = documents.flatMap((d, index) => (skipped.has(index) ? [] : [[paths[index]!, String(d.size), d.id]]));
      return [['path', 'size', 'documentId'], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
    };
    // once the credential has lost the building, every file after is left out without asking again
    let reach: 'held' | 'ended' = 'held';
    const stillReached = async () => {
      if (!params.recheck || reach === 'ended') return reach === 'held';
      try {
        const principal = await params.recheck();
        await access.authorizeBuilding({ ...params, principal, need: 'read' });
      } catch (error) {
        if (!isAppError(error)) throw error;
        reach = 'ended';
      }
      return reach === 'held';
    };
    const stream = deps.zipWriter({
      entries: documents.map((document, index) => ({
        path: paths[index]!,
        compress: false,
        // a slow download reaches a file long after it was chosen: one deleted or made private since is left out
        // (listed as no longer there), never sent, and none once the credential itself is revoked or narrowed
        open: async () => {
          if (!(await stillReached())) throw accessEnded();
          const still = await repository.findVisible({ buildingId: params.buildingId, documentId: document.id });
          if (!still || still.blobKey !== document.blobKey) throw noLongerThere();
          return blobs.get(document.blobKey);
        },
      })),
      late: [
        { path: 'manifest.csv', content: () => Buffer.from(`${csv()}\r\n`) },
        {
          path: MISSING_FILES_ENTRY,
          content: () => {
            told(
              unreadable.map((u) => ({
                documentId: documents[u.index]!.id,
                path: u.path,
                reason:
                  u.bytesWritten > 0 ? `cut short after ${u.bytesWritten} bytes: ${u.error.message}` : u.error.message,
              })),
            );
            return missingFilesText(unreadable.map((u) => ({ ...u, documentId: documents[u.index]!.id })));
          },
        },
      ],
      unreadable: (entry) => unreadable.push(entry),
    });
    stream.once('close', () => told([]));
    const day = clock.now().toISOString().slice(0, 10);
    return { stream, filename: `documents-${day}.zip`, count: documents.length, leftOut };
  }

  /**
   * The same category, discipline and/or information types on many documents of a building (WRITE_ACCESS): every
   * value and every document is checked first, then all change together; each is a person's correction that
   * reprocessing keeps and the owner's classifier learns from. Says per document what changed.
   */
  async function bulkUpdate(
    params: Target & { documentIds: readonly string[]; patch: BulkMetadataPatch },
  ): Promise<{ id: string; changed: string[] }[]> {
    await access.authorizeBuilding({ ...params, need: 'write' });
    const patch: BulkMetadataPatch = {};
    if (params.patch.buildingCategory !== undefined) {
      const raw = params.patch.buildingCategory.trim();
      const code = raw.toUpperCase() === 'MSC' ? 'MSC' : raw;
      if (!deps.isValidBuildingCategory(code)) throw invalidBuildingCategory();
      patch.buildingCategory = code;
    }
    if (params.patch.discipline !== undefined) {
      const code = params.patch.discipline === null ? null : params.patch.discipline.trim();
      if (code !== null && deps.isKnownDiscipline && !deps.isKnownDiscipline(code))
        throw invalidField('/discipline', `"${code.slice(0, 40)}" is not a known discipline code`);
      patch.discipline = code === '' ? null : code;
    }
    if (params.patch.informationTypes !== undefined) {
      const known = deps.isKnownInformationType;
      const index = known ? params.patch.informationTypes.findIndex((id) => !known(id)) : -1;
      if (index >= 0) throw invalidField(`/informationTypes/${index}`, 'is not a known information type id');
      patch.informationTypes = [...new Set(params.patch.informationTypes)];
    }
    if (Object.keys(patch).length === 0)
      throw invalidField('/buildingCategory', 'or discipline or informationTypes: name at least one to change');
    const documents = await selection(params);
    const changedOf = (d: DocumentRecord) => [
      ...(patch.buildingCategory !== undefined && patch.buildingCategory !== d.buildingCategory
        ? ['buildingCategory']
        : []),
      ...(patch.discipline !== undefined && patch.discipline !== d.discipline ? ['discipline'] : []),
      ...(patch.informationTypes !== undefined &&
      JSON.stringify(patch.informationTypes) !== JSON.stringify(d.informationTypes)
        ? ['informationTypes']
        : []),
    ];
    const results = documents.map((d) => ({ document: d, changed: changedOf(d) }));
    const touched = results.filter((r) => r.changed.length > 0).map((r) => r.document.id);
    if (touched.length > 0) await repository.updateMetadataMany({ documentIds: touched, patch, at: clock.now() });
    // a bulk change is the person's correction of each document it changes: every one is marked and learned
    const correctedByUserId = params.principal.kind === 'user' ? params.principal.userId : null;
    const corrections = results.flatMap(({ document, changed }) => [
      ...(changed.includes('buildingCategory')
        ? [{ document, field: 'buildingCategory' as const, value: patch.buildingCategory! }]
        : []),
      ...(changed.includes('discipline') && patch.discipline
        ? [{ document, field: 'discipline' as const, value: patch.discipline }]
        : []),
      ...(changed.includes('informationTypes')
        ? [{ document, field: 'informationTypes' as const, value: patch.informationTypes! }]
        : []),
    ]);
    if (corrections.length > 0) await deps.onManyCorrected?.({ corrections, correctedByUserId });
    return results.map((r) => ({ id: r.document.id, changed: r.changed }));
  }

  /**
   * Whether a signed download URL of this file may still be served: a URL lives an hour (15 minutes for a person's),
   * and is a bearer's, so the embedded storage asks at each use. A file is served only while its document could be
   * read by someone: once it is archived, its building archived or a private folder covers it, a URL saved before
   * serves nothing. Keys of anything but a document's file are not the documents' to answer (false).
   */
  async function servesFile(key: string): Promise<boolean> {
    const documentId = documentIdOfBlobKey(key);
    if (documentId === null) return false;
    return repository.servesFile({ documentId, key });
  }

  return {
    get,
    update,
    archive,
    list,
    categoryCounts,
    status,
    restore,
    pages,
    locate,
    versions,
    zip,
    bulkUpdate,
    servesFile,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
