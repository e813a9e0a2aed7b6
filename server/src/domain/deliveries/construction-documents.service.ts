import type { AccessService } from '../access/access.service.js';
import type { Principal, SubcontractorPrincipal } from '../access/principal.js';
import type { AuditActor, AuditLog } from '../audit/audit.js';
import type { BlobStore } from '../documents/blob-store.js';
import { documentNotFound } from '../documents/documents.errors.js';
import type { Clock } from '../shared/clock.js';
import { visibleName } from '../documents/document.js';
import { AppError, invalid, invalidField, type FieldProblem } from '../shared/errors.js';
import type { PageCursor, PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import { replacedDocumentSuperseded } from '../uploads/uploads.errors.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { DeliveriesRepository } from './deliveries.service.js';
import {
  deliveryNotInReach,
  informationTypeNotExpected,
  documentSuperseded,
  notAProjectBuilding,
  replacedDocumentNotInReach,
} from './deliveries.errors.js';
import { checkProgressTransition, type ProgressActor, type ProgressStatus } from './progress.js';
import type { VocabularyRefresh } from '../search/vocabulary-refresh.js';

/** the members of the construction document update body (the spec's table), all optional */
export interface ConstructionDocumentPatch {
  id?: string;
  buildingCategory?: string | null;
  discipline?: string | null;
  drawingCode?: string | null;
  drawingDate?: string | null;
  filename?: string;
  filenameDescriptive?: string | null;
  floor?: string | null;
  informationTypes?: string[] | null;
  progressStatus?: ProgressStatus | null;
  roomLocations?: string[] | null;
  serialNumber?: string | null;
  tags?: string[] | null;
  tfmCode?: string | null;
}

export type EditableField = Exclude<keyof ConstructionDocumentPatch, 'id'>;

export interface ConstructionDocument {
  id: string;
  projectId: string | null;
  buildingId: string;
  deliveryId: string | null;
  subcontractorId: string | null;
  /** the information type the upload answered */
  deliveryInformationType: string | null;
  filename: string;
  filenameDescriptive: string | null;
  buildingCategory: string | null;
  discipline: string | null;
  drawingCode: string | null;
  drawingDate: string | null;
  floor: string | null;
  informationTypes: string[];
  progressStatus: ProgressStatus | null;
  /** why the file is CORRUPT (what processing found) */
  progressReason: string | null;
  roomLocations: string[];
  serialNumber: string | null;
  tags: string[];
  tfmCode: string | null;
  size: number;
  mimeType: string | null;
  uploaded: boolean;
  processed: boolean;
  uploadedBy: string | null;
  updatedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** the next newer revision or version of this document (decisions.md, "Revisions and versions"); null: the latest */
  supersededBy: string | null;
  /** storage keys, for signed URLs (not shown) */
  blobKey: string;
  previewKey: string | null;
  contentType: string | null;
}

export interface HistoryEntry {
  field: string;
  oldValue: unknown;
  newValue: unknown;
  changedAt: Date;
  actor: { kind: 'user' | 'subcontractor' | 'system'; userId: string | null; label: string | null };
}

export interface DocumentFilter {
  projectId: string;
  deliveryId?: string;
  subcontractorId?: string;
  buildingCategory?: string;
  informationType?: string;
  progressStatus?: ProgressStatus;
}

export interface ConstructionDocumentsRepository {
  /** a live document with its construction fields */
  find(documentId: string): Promise<ConstructionDocument | null>;
  /** oldest first, after the cursor (created_at, id) */
  list(params: { filter: DocumentFilter; limit: number; after: PageCursor | null }): Promise<ConstructionDocument[]>;
  /**
   * Locks the documents, asks `plan` what to change (it may throw: then nothing changes), writes the changes and one
   * history row per changed field, all in one transaction.
   */
  update(params: {
    documentIds: string[];
    actor: HistoryEntry['actor'];
    at: Date;
    plan: (current: Map<string, ConstructionDocument>) => { id: string; patch: ConstructionDocumentPatch }[];
  }): Promise<ConstructionDocument[]>;
  archive(params: {
    documentId: string;
    actor: HistoryEntry['actor'];
    at: Date;
    updatedBy: string | null;
  }): Promise<boolean>;
  history(documentId: string): Promise<HistoryEntry[]>;
  /** the project's building with its owner, null when the building is not one of the project's */
  projectBuilding(params: { projectId: string; buildingId: string }): Promise<{ ownerId: string } | null>;
  /** of these ids, the live documents of the project */
  liveProjectDocumentIds(params: { projectId: string; documentIds: string[] }): Promise<string[]>;
  /** an upload for a declined information type opens it again for review (the comment stays) */
  reopenDeclined(params: { deliveryId: string; informationType: string }): Promise<void>;
}

const SIGNED_URL_SECONDS = 15 * 60;

/** the most documents one bulk metadata update changes */
export const BULK_LIMIT = 5000;

/**
 * Documents of construction projects, for project members (`/construction/documents/...`) and for the subcontractor
 * that uploaded them (the portal). Every change of metadata keeps its history (who, when, old and new value) and is
 * in the audit log; deletion archives. `progressStatus` follows the rules in `progress.ts`.
 */
export function createConstructionDocumentsService(deps: {
  repository: ConstructionDocumentsRepository;
  deliveries: Pick<DeliveriesRepository, 'find'>;
  access: AccessService;
  uploads: Pick<UploadsService, 'register'>;
  blobs: BlobStore;
  audit: AuditLog;
  clock: Clock;
  /** labels people in history and the audit log */
  userLabel: (userId: string) => Promise<string>;
  /** names a subcontractor (its company) in history and the audit log: the one its portal token was issued to */
  subcontractorLabel: (subcontractorId: string) => Promise<string>;
  projectCustomer: (projectId: string) => Promise<string | null>;
  pageTokens: PageTokenCodec;
  /** a member set a document's category: the owner's classifier learns it, as from a correction on the partner side */
  onCategoryCorrected?: (params: { documentId: string; buildingCategory: string }) => Promise<void>;
  /** a member set a document's information types: the owner's classifier learns them too */
  onInformationTypesCorrected?: (params: { documentId: string; informationTypes: string[] }) => Promise<void>;
  /** a document archived takes its words from its building's readers: their vocabulary is read again */
  refreshVocabularies?: VocabularyRefresh;
}) {
  const { repository, access, audit, clock } = deps;

  function checkPatch(params: {
    current: ConstructionDocument;
    patch: ConstructionDocumentPatch;
    actor: ProgressActor;
    base: string;
  }): FieldProblem[] {
    const { current, patch, base } = params;
    const problems: FieldProblem[] = [];
    if (patch.id !== undefined && patch.id.toLowerCase() !== current.id) {
      problems.push({ path: `${base}/id`, message: 'must be the id of the document being changed' });
    }
    if (patch.progressStatus !== undefined && patch.progressStatus !== null) {
      try {
        checkProgressTransition({
          actor: params.actor,
          from: current.progressStatus,
          to: patch.progressStatus,
          path: `${base}/progressStatus`,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.kind === 'forbidden') throw error;
        problems.push(...(error.fieldErrors ?? [{ path: `${base}/progressStatus`, message: error.message }]));
      }
    }
    return problems;
  }

  /**
   * Who acts: a person, or the subcontractor named by its portal token (its company), never the free text a portal
   * request states about who it is (`uploadedBy`, `updatedBy`): that is kept beside it as `statedBy`.
   */
  async function actorOfPrincipal(principal: Principal | SubcontractorPrincipal, stated?: string | null) {
    if (principal.kind === 'subcontractor') {
      const company = await deps.subcontractorLabel(principal.subcontractorId);
      return {
        history: { kind: 'subcontractor' as const, userId: null, label: company },
        audit: { kind: 'subcontractor' as const, label: company } satisfies AuditActor,
        statedBy: stated?.trim() ? stated.trim() : null,
        /**
         * what the document itself shows (`updatedBy`, `uploadedBy`, its history): the company first, a stated name
         * only after it, so that no link holder can appear as someone else (a staff member, another company)
         */
        shown: stated?.trim() ? `${company} (${stated.trim()})` : company,
      };
    }
    if (principal.kind !== 'user') throw documentNotFound();
    const userLabel = await deps.userLabel(principal.userId);
    return {
      history: { kind: 'user' as const, userId: principal.userId, label: userLabel },
      audit: { kind: 'user' as const, userId: principal.userId, label: userLabel } satisfies AuditActor,
      statedBy: null,
      shown: userLabel,
    };
  }

  async function applyPatches(params: {
    principal: Principal | SubcontractorPrincipal;
    actor: ProgressActor;
    items: { id: string; patch: ConstructionDocumentPatch }[];
    /** the customer whose audit log records a document's change (a batch may span a person's customers) */
    customerOf: (documentId: string) => string | null;
    clientAddress: string | null;
    /** a batch names failing items by index (`/documents/3/...`); a single update by field (`/...`) */
    batch: boolean;
  }): Promise<ConstructionDocument[]> {
    const actor = await actorOfPrincipal(params.principal);
    // a new name, or the descriptive name a list shows beside it, is stored as every upload's is: nothing in it hides
    // its real extension
    const items = params.items.map(({ id, patch }) => ({
      id,
      patch: {
        ...patch,
        ...(patch.filename === undefined ? {} : { filename: visibleName(patch.filename) }),
        ...(typeof patch.filenameDescriptive === 'string'
          ? { filenameDescriptive: visibleName(patch.filenameDescriptive) }
          : {}),
      },
    }));
    const before = new Map<string, ConstructionDocument>();
    const updated = await repository.update({
      documentIds: items.map((item) => item.id),
      actor: actor.history,
      at: clock.now(),
      plan: (current) => {
        for (const document of current.values()) before.set(document.id, document);
        const problems: FieldProblem[] = [];
        items.forEach((item, index) => {
          const base = params.batch ? `/documents/${index}` : '';
          const document = current.get(item.id);
          if (!document) {
            if (!params.batch) throw documentNotFound();
            problems.push({ path: `${base}/id`, message: 'is not a document this caller may change' });
            return;
          }
          problems.push(...checkPatch({ current: document, patch: item.patch, actor: params.actor, base }));
        });
        if (problems.length > 0) {
          throw invalid(
            'request.invalid',
            `${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems
              .slice(0, 5)
              .map((p) => `${p.path} ${p.message}`)
              .join('; ')}`,
            problems,
          );
        }
        // a document always has a state: progressStatus null leaves it as it is
        return items.map(({ id, patch }) => {
          const { progressStatus, ...rest } = patch;
          return { id, patch: progressStatus === null ? rest : patch };
        });
      },
    });
    for (const document of updated) {
      const patch = items.find((item) => item.id === document.id)?.patch ?? {};
      await audit.record({
        customerId: params.customerOf(document.id),
        actor: actor.audit,
        action: 'document.updated',
        target: { type: 'document', id: document.id },
        details: { projectId: document.projectId, fields: Object.keys(patch).filter((key) => key !== 'id') },
        clientAddress: params.clientAddress,
      });
    }
    if (params.actor === 'member') await teach(before, updated);
    return updated;
  }

  /** categories and information types a member changed teach the owner's classifier */
  async function teach(before: Map<string, ConstructionDocument>, after: ConstructionDocument[]) {
    for (const document of after) {
      const category = document.buildingCategory;
      const previous = before.get(document.id);
      if (deps.onCategoryCorrected && category && previous?.buildingCategory !== category) {
        await deps.onCategoryCorrected({ documentId: document.id, buildingCategory: category });
      }
      const types = document.informationTypes;
      if (
        deps.onInformationTypesCorrected &&
        types.length > 0 &&
        JSON.stringify(previous?.informationTypes ?? []) !== JSON.stringify(types)
      ) {
        await deps.onInformationTypesCorrected({ documentId: document.id, informationTypes: types });
      }
    }
  }

  async function signedUrl(document: ConstructionDocument, generated: boolean) {
    if (generated) {
      if (!document.previewKey) {
        throw invalidField('/useGeneratedFile', 'this document has no generated PDF (yet); ask for the original');
      }
      const url = await deps.blobs.signedDownloadUrl(document.previewKey, {
        expiresInSeconds: SIGNED_URL_SECONDS,
        filename: `${document.filename.replace(/\.[^.]+$/, '')}.pdf`,
        contentType: 'application/pdf',
        inline: true,
      });
      return { url, expiresAt: new Date(clock.now().getTime() + SIGNED_URL_SECONDS * 1000) };
    }
    if (!document.uploaded) throw invalidField('/documentId', 'the file has not been uploaded yet');
    const url = await deps.blobs.signedDownloadUrl(document.blobKey, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      filename: document.filename,
      ...(document.contentType ? { contentType: document.contentType } : {}),
    });
    return { url, expiresAt: new Date(clock.now().getTime() + SIGNED_URL_SECONDS * 1000) };
  }

  /** a subcontractor's own document (uploaded with its token) in its project; nothing else is there */
  async function portalDocument(principal: SubcontractorPrincipal, documentId: string) {
    const document = await repository.find(documentId);
    if (
      !document ||
      document.projectId !== principal.projectId ||
      document.subcontractorId !== principal.subcontractorId
    ) {
      throw documentNotFound();
    }
    return document;
  }

  /** the subcontractor's own document, to change or delete: never one a newer version has replaced */
  async function portalWritableDocument(principal: SubcontractorPrincipal, documentId: string) {
    const document = await portalDocument(principal, documentId);
    if (document.supersededBy !== null) throw documentSuperseded();
    return document;
  }

  async function memberDocument(params: { principal: Principal; documentId: string; need: 'read' | 'write' }) {
    const grant = await access.authorizeProjectDocument(params);
    const document = await repository.find(params.documentId);
    if (!document) throw documentNotFound();
    return { grant, document };
  }

  return {
    // ---- project members ----
    async get(params: { principal: Principal; documentId: string }) {
      return (await memberDocument({ ...params, need: 'read' })).document;
    },
    /** the history stays readable after a document is deleted (archived): it is the record of what happened */
    async history(params: { principal: Principal; documentId: string }) {
      await access.authorizeProjectDocument({ ...params, need: 'read', archived: true });
      return repository.history(params.documentId);
    },
    async update(params: {
      principal: Principal;
      documentId: string;
      patch: ConstructionDocumentPatch;
      clientAddress: string | null;
    }) {
      const { grant } = await memberDocument({ ...params, need: 'write' });
      const [updated] = await applyPatches({
        principal: params.principal,
        actor: 'member',
        items: [{ id: params.documentId, patch: params.patch }],
        customerOf: () => grant.customerId,
        clientAddress: params.clientAddress,
        batch: false,
      });
      if (!updated) throw documentNotFound();
      return updated;
    },
    /** 1 to 500 documents, all or nothing: one failing item changes nothing, and every failing item is named */
    async batch(params: {
      principal: Principal;
      items: { id: string; patch: ConstructionDocumentPatch }[];
      clientAddress: string | null;
    }) {
      const problems: FieldProblem[] = [];
      /** each document's customer, as its own grant says: its change goes to that customer's audit log */
      const customers = new Map<string, string | null>();
      const seen = new Set<string>();
      for (const [index, item] of params.items.entries()) {
        if (seen.has(item.id)) {
          problems.push({ path: `/documents/${index}/id`, message: 'names a document already in this batch' });
          continue;
        }
        seen.add(item.id);
        try {
          const grant = await access.authorizeProjectDocument({
            principal: params.principal,
            documentId: item.id,
            need: 'write',
          });
          customers.set(item.id, grant.customerId);
        } catch (error) {
          // a caller without the right to change a project's documents is refused as a whole (403), and so is a
          // batch touching a project that is read-only (409 project.archived, project.handed_over)
          if (!(error instanceof AppError) || ['unauthorized', 'forbidden', 'conflict'].includes(error.kind)) {
            throw error;
          }
          problems.push({ path: `/documents/${index}/id`, message: 'is not a document this caller may change' });
        }
      }
      if (problems.length > 0) {
        // every failing item named at once: the reachable ones are checked as the transaction would check them
        const unreachable = new Set(problems.map((problem) => problem.path));
        for (const [index, item] of params.items.entries()) {
          if (unreachable.has(`/documents/${index}/id`)) continue;
          const current = await repository.find(item.id);
          if (current) {
            problems.push(...checkPatch({ current, patch: item.patch, actor: 'member', base: `/documents/${index}` }));
          }
        }
        throw invalid('request.invalid', `${problems.length} problems in the batch; nothing was changed`, problems);
      }
      return applyPatches({
        principal: params.principal,
        actor: 'member',
        items: params.items,
        customerOf: (documentId) => customers.get(documentId) ?? null,
        clientAddress: params.clientAddress,
        batch: true,
      });
    },
    async archive(params: { principal: Principal; documentId: string; clientAddress: string | null }) {
      const { grant } = await memberDocument({ ...params, need: 'write' });
      const actor = await actorOfPrincipal(params.principal);
      await repository.archive({
        documentId: params.documentId,
        actor: actor.history,
        at: clock.now(),
        updatedBy: null,
      });
      await deps.refreshVocabularies?.();
      await audit.record({
        customerId: grant.customerId,
        actor: actor.audit,
        action: 'document.archived',
        target: { type: 'document', id: params.documentId },
        clientAddress: params.clientAddress,
      });
    },
    async signedUrl(params: { principal: Principal; documentId: string; useGeneratedFile: boolean }) {
      const { document } = await memberDocument({ ...params, need: 'read' });
      return signedUrl(document, params.useGeneratedFile);
    },
    async list(params: {
      principal: Principal;
      filter: DocumentFilter;
      limit: number;
      nextToken: string | undefined;
    }): Promise<Page<ConstructionDocument>> {
      await access.authorizeProject({ principal: params.principal, projectId: params.filter.projectId, need: 'read' });
      return readPage({
        codec: deps.pageTokens,
        // a token is only good for the same project and filters
        context: `construction-documents:${JSON.stringify(params.filter)}`,
        nextToken: params.nextToken,
        limit: params.limit,
        fetch: (after, limit) => repository.list({ filter: params.filter, limit, after }),
        cursorOf: (document) => ({ value: document.createdAt.toISOString(), id: document.id }),
      });
    },

    /**
     * Building category and/or information types on many documents of a project, named by id or by a filter (at
     * most 5000). Not all or nothing: each document reports what changed, or why it was refused. Recorded in each
     * document's history and once in the audit log; a category set here teaches the owner's classifier.
     */
    async bulkUpdateMetadata(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      documentIds?: string[];
      filter?: Omit<DocumentFilter, 'projectId'>;
      buildingCategory?: string | null;
      informationTypes?: string[] | null;
      clientAddress: string | null;
    }): Promise<{ id: string; changed: string[]; error: string | null }[]> {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      if ((params.documentIds === undefined) === (params.filter === undefined)) {
        throw invalidField('/documentIds', 'name the documents either by documentIds or by filter, not both');
      }
      const patch: ConstructionDocumentPatch = {
        ...(params.buildingCategory !== undefined ? { buildingCategory: params.buildingCategory } : {}),
        ...(params.informationTypes !== undefined ? { informationTypes: params.informationTypes } : {}),
      };
      if (Object.keys(patch).length === 0) {
        throw invalidField('/buildingCategory', 'set buildingCategory, informationTypes or both');
      }
      let ids: string[];
      if (params.documentIds) {
        ids = [...new Set(params.documentIds.map((id) => id.toLowerCase()))];
      } else {
        const matching = await repository.list({
          filter: { ...params.filter, projectId: grant.projectId },
          limit: BULK_LIMIT + 1,
          after: null,
        });
        if (matching.length > BULK_LIMIT) {
          throw invalidField('/filter', `matches more than ${BULK_LIMIT} documents; narrow it`);
        }
        ids = matching.map((document) => document.id);
      }
      const inProject = new Set(
        await repository.liveProjectDocumentIds({ projectId: grant.projectId, documentIds: ids }),
      );
      const actor = await actorOfPrincipal(params.principal);
      const before = new Map<string, ConstructionDocument>();
      const updated = await repository.update({
        documentIds: ids.filter((id) => inProject.has(id)),
        actor: actor.history,
        at: clock.now(),
        plan: (current) => {
          for (const document of current.values()) before.set(document.id, document);
          return [...current.values()].map((document) => ({ id: document.id, patch }));
        },
      });
      const after = new Map(updated.map((document) => [document.id, document]));
      const report = ids.map((id) => {
        const was = before.get(id);
        const now = after.get(id);
        if (!was || !now) return { id, changed: [], error: 'not a live document of this project' };
        const changed = (['buildingCategory', 'informationTypes'] as const).filter(
          (field) => field in patch && JSON.stringify(was[field]) !== JSON.stringify(now[field]),
        );
        return { id, changed: [...changed], error: null };
      });
      await audit.record({
        customerId: grant.customerId,
        actor: actor.audit,
        action: 'documents.bulk_updated',
        target: { type: 'project', id: grant.projectId },
        details: {
          fields: Object.keys(patch),
          requested: ids.length,
          changed: report.filter((item) => item.changed.length > 0).length,
          refused: report.filter((item) => item.error !== null).length,
        },
        clientAddress: params.clientAddress,
      });
      await teach(before, updated);
      return report;
    },

    // ---- the subcontractor portal ----
    /** the subcontractor's own live documents in the project, oldest first, paged */
    async portalList(params: { principal: SubcontractorPrincipal; limit: number; nextToken: string | undefined }) {
      const filter = { projectId: params.principal.projectId, subcontractorId: params.principal.subcontractorId };
      return readPage({
        codec: deps.pageTokens,
        context: `portal-documents:${JSON.stringify(filter)}`,
        nextToken: params.nextToken,
        limit: params.limit,
        fetch: (after, limit) => repository.list({ filter, limit, after }),
        cursorOf: (document) => ({ value: document.createdAt.toISOString(), id: document.id }),
      });
    },
    async portalGet(params: { principal: SubcontractorPrincipal; documentId: string }) {
      return portalDocument(params.principal, params.documentId);
    },
    async portalUpdate(params: {
      principal: SubcontractorPrincipal;
      documentId: string;
      patch: ConstructionDocumentPatch;
      clientAddress: string | null;
    }) {
      await portalWritableDocument(params.principal, params.documentId);
      const customerId = await deps.projectCustomer(params.principal.projectId);
      const [updated] = await applyPatches({
        principal: params.principal,
        actor: 'subcontractor',
        items: [{ id: params.documentId, patch: params.patch }],
        customerOf: () => customerId,
        clientAddress: params.clientAddress,
        batch: false,
      });
      if (!updated) throw documentNotFound();
      return updated;
    },
    async portalArchive(params: {
      principal: SubcontractorPrincipal;
      documentId: string;
      updatedBy: string | null;
      clientAddress: string | null;
    }) {
      await portalWritableDocument(params.principal, params.documentId);
      const actor = await actorOfPrincipal(params.principal, params.updatedBy);
      await repository.archive({
        documentId: params.documentId,
        actor: actor.history,
        at: clock.now(),
        updatedBy: actor.shown,
      });
      await deps.refreshVocabularies?.();
      await audit.record({
        customerId: await deps.projectCustomer(params.principal.projectId),
        actor: actor.audit,
        action: 'document.archived',
        target: { type: 'document', id: params.documentId },
        details: {
          projectId: params.principal.projectId,
          subcontractorId: params.principal.subcontractorId,
          statedBy: actor.statedBy,
        },
        clientAddress: params.clientAddress,
      });
    },
    async portalSignedUrl(params: {
      principal: SubcontractorPrincipal;
      documentId: string;
      useGeneratedFile: boolean;
    }) {
      return signedUrl(await portalDocument(params.principal, params.documentId), params.useGeneratedFile);
    },
    /**
     * An upload through the portal: into one of the project's buildings, answering (optionally) one of the
     * subcontractor's deliveries and one of the information types it expects.
     */
    async portalUpload(params: {
      principal: SubcontractorPrincipal;
      buildingId: string;
      filename: string;
      deliveryId?: string;
      informationType?: string;
      uploadedBy?: string;
      /** a new version of one of the subcontractor's own latest files in the same building */
      replacesDocumentId?: string;
      clientAddress: string | null;
    }) {
      const { principal } = params;
      const building = await repository.projectBuilding({
        projectId: principal.projectId,
        buildingId: params.buildingId,
      });
      if (!building) throw notAProjectBuilding();
      let requestedDelivery = params.deliveryId;
      let informationType = params.informationType;
      let replacesDocumentId: string | undefined;
      if (params.replacesDocumentId !== undefined) {
        // only what the portal itself shows the subcontractor: its own live, uploaded files of this project (never
        // one under a private folder, which `find` does not return)
        const replaced = await repository.find(params.replacesDocumentId);
        if (
          !replaced ||
          replaced.projectId !== principal.projectId ||
          replaced.subcontractorId !== principal.subcontractorId ||
          !replaced.uploaded
        ) {
          throw replacedDocumentNotInReach('reach');
        }
        if (replaced.buildingId !== params.buildingId) throw replacedDocumentNotInReach('building');
        if (
          requestedDelivery !== undefined &&
          replaced.deliveryId !== null &&
          replaced.deliveryId !== requestedDelivery
        )
          throw replacedDocumentNotInReach('delivery');
        if (replaced.supersededBy !== null) throw replacedDocumentSuperseded();
        // a corrected file answers what the file it replaces answered, unless the upload says otherwise
        if (requestedDelivery === undefined && replaced.deliveryId !== null) {
          requestedDelivery = replaced.deliveryId;
          if (informationType === undefined && replaced.deliveryInformationType !== null)
            informationType = replaced.deliveryInformationType;
        }
        replacesDocumentId = replaced.id;
      }
      let deliveryId: string | null = null;
      if (requestedDelivery !== undefined) {
        const delivery = await deps.deliveries.find(requestedDelivery);
        if (
          !delivery ||
          delivery.projectId !== principal.projectId ||
          delivery.subContractorId !== principal.subcontractorId
        ) {
          throw deliveryNotInReach();
        }
        if (
          informationType !== undefined &&
          delivery.informationTypesExpected.length > 0 &&
          !delivery.informationTypesExpected.includes(informationType)
        ) {
          throw informationTypeNotExpected();
        }
        deliveryId = delivery.id;
      }
      const actor = await actorOfPrincipal(principal, params.uploadedBy);
      const registered = await deps.uploads.register({
        placement: { ownerId: building.ownerId, buildingId: params.buildingId },
        filename: params.filename,
        ...(replacesDocumentId !== undefined ? { replacesDocumentId } : {}),
        construction: {
          projectId: principal.projectId,
          deliveryId,
          subcontractorId: principal.subcontractorId,
          informationType: informationType ?? null,
          uploadedBy: actor.shown,
          // the bytes are taken only while this token still admits its holder
          portalTokenId: principal.tokenId,
        },
      });
      if (deliveryId && informationType) {
        await repository.reopenDeclined({ deliveryId, informationType });
      }
      await audit.record({
        customerId: await deps.projectCustomer(principal.projectId),
        actor: actor.audit,
        action: 'document.uploaded',
        target: { type: 'document', id: registered.documentId },
        details: {
          projectId: principal.projectId,
          subcontractorId: principal.subcontractorId,
          deliveryId,
          ...(replacesDocumentId !== undefined ? { replacesDocumentId } : {}),
          statedBy: actor.statedBy,
        },
        clientAddress: params.clientAddress,
      });
      return registered;
    },
  };
}

export type ConstructionDocumentsService = ReturnType<typeof createConstructionDocumentsService>;
