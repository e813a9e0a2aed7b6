/**
 * The handover report: what a project delivered to its building owner, as it stood at the handover. It is the record
 * that decides, in a dispute, whether the documentation was delivered: per delivery and information type what was
 * expected, delivered, approved or declined and by whom; every file with its size and MD5 (the checksum measured when
 * it was uploaded, the same bytes the owner now holds); the deficiency checklist of each building; and what was still
 * incomplete. Built here from plain facts, so the dry run and the handover itself report in exactly the same way.
 */
import type { DeliveryProgress, ApprovalStatus } from '../deliveries/progress.js';
import type { Country, ItemStatus, ReportVersion } from '../reports/checklist.js';
import type { ResolvedReport } from '../reports/resolve.js';

const PATH_ORDER = new Intl.Collator('nb', { numeric: true });

export interface HandoverFile {
  documentId: string;
  buildingId: string;
  /** the folders it was uploaded in and its current name */
  path: string;
  filename: string;
  size: number;
  md5: string | null;
  buildingCategory: string | null;
  informationTypes: string[];
  deliveryId: string | null;
  /** the information type of its delivery it answers */
  deliveryInformationType: string | null;
  approvalStatus: ApprovalStatus | null;
  progressStatus: string | null;
  subcontractorId: string | null;
  /** a file unpacked from an uploaded package */
  parentDocumentId: string | null;
  uploadedAt: string | null;
  drawingNumber: string | null;
  drawingRevision: string | null;
  /** the newer revision or version among the building's documents; null for the current one */
  supersededBy: string | null;
}

/** one revision or version of a drawing or file, as the handover report lists it */
export interface HandoverRevision {
  documentId: string;
  filename: string;
  revision: string | null;
  uploadedAt: string | null;
}

/** the current revision of a drawing (or version of a file) handed over, with the ones it superseded */
export interface HandoverDrawing {
  buildingId: string;
  /** the current revision's drawing number; null for versions of a file without one */
  drawingNumber: string | null;
  current: HandoverRevision;
  /** the superseded revisions and versions, newest first */
  history: HandoverRevision[];
}

export interface HandoverInformationType {
  informationType: string;
  /** the delivery lists it as owed */
  expected: boolean;
  documents: number;
  approvalStatus: ApprovalStatus | null;
  /** who approved or declined it, and when */
  verifiedBy: string | null;
  verifiedAt: string | null;
  comment: string | null;
  state: string;
}

export interface HandoverDelivery {
  id: string;
  label: string;
  buildingCategory: string;
  fullCategory: string;
  discipline: string | null;
  subcontractor: { id: string; companyName: string } | null;
  state: string;
  expected: number;
  delivered: number;
  approved: number;
  declined: number;
  informationTypes: HandoverInformationType[];
}

export interface HandoverChecklistItem {
  nameId: string;
  theme: string;
  name: string;
  laws: string;
  status: ItemStatus;
  comment: string;
}

export interface HandoverBuilding {
  id: string;
  name: string;
  /** live documents handed over with it (archived ones move too and keep their history) */
  documents: number;
  archivedDocuments: number;
  bytes: number;
  deficiencies: {
    country: Country;
    version: ReportVersion;
    complete: number;
    partial: number;
    missing: number;
    notApplicable: number;
    themes: { theme: string; progress: number; total: number; percentage: number }[];
    /** the items not complete: what the owner does not get */
    items: HandoverChecklistItem[];
  };
}

export type IncompleteCode =
  | 'delivery.type_missing'
  | 'delivery.type_not_reviewed'
  | 'delivery.type_declined'
  | 'document.corrupt'
  | 'document.upload_pending'
  | 'document.processing'
  | 'building.empty';

export interface Incomplete {
  code: IncompleteCode;
  message: string;
  buildingId?: string;
  deliveryId?: string;
  informationType?: string;
  documentId?: string;
}

export interface HandoverReport {
  /** null on a dry run */
  id: string | null;
  dryRun: boolean;
  project: { id: string; name: string; projectNumber: string | null; customerId: string; customerName: string };
  buildingOwner: { id: string; name: string };
  /** when it was handed over (on a dry run: when the report was made) and by whom */
  at: string;
  by: { userId: string | null; name: string };
  summary: {
    buildings: number;
    documents: number;
    archivedDocuments: number;
    bytes: number;
    deliveries: number;
    informationTypesExpected: number;
    informationTypesDelivered: number;
    informationTypesApproved: number;
    informationTypesDeclined: number;
    incomplete: number;
  };
  deliveries: HandoverDelivery[];
  buildings: HandoverBuilding[];
  files: HandoverFile[];
  /**
   * every drawing with a number, and every file with versions: its current revision and its history (reports stored
   * before issue 45 lack it)
   */
  drawings?: HandoverDrawing[];
  incomplete: Incomplete[];
}

/** one document of the project's buildings, live or archived */
export interface HandoverDocumentFacts extends HandoverFile {
  archived: boolean;
  uploaded: boolean;
  corrupt: boolean;
  processed: boolean;
}

export interface HandoverDeliveryFacts extends Pick<
  HandoverDelivery,
  'id' | 'label' | 'buildingCategory' | 'fullCategory' | 'discipline' | 'subcontractor'
> {
  progress: DeliveryProgress;
  /** each information type item of the delivery (approval, who, when, comment) */
  items: Map<
    string,
    {
      approvalStatus: ApprovalStatus | null;
      verifiedBy: string | null;
      verifiedAt: string | null;
      comment: string | null;
    }
  >;
  expectedTypes: string[];
}

export interface HandoverFacts {
  id: string | null;
  dryRun: boolean;
  project: HandoverReport['project'];
  buildingOwner: HandoverReport['buildingOwner'];
  at: Date;
  by: HandoverReport['by'];
  buildings: { id: string; name: string }[];
  documents: HandoverDocumentFacts[];
  deliveries: HandoverDeliveryFacts[];
  /** the checklist run against each building */
  assessments: Map<string, { country: Country; version: ReportVersion; report: ResolvedReport }>;
}

export function buildHandoverReport(facts: HandoverFacts): HandoverReport {
  const live = facts.documents.filter((d) => !d.archived && d.uploaded);
  const incomplete: Incomplete[] = [];

  const deliveries = facts.deliveries.map((delivery): HandoverDelivery => {
    const expected = new Set(delivery.expectedTypes);
    const informationTypes = delivery.progress.informationTypes.map((type): HandoverInformationType => {
      const item = delivery.items.get(type.informationType);
      return {
        informationType: type.informationType,
        expected: expected.has(type.informationType),
        documents: type.documents,
        approvalStatus: type.approvalStatus,
        verifiedBy: item?.verifiedBy ?? null,
        verifiedAt: item?.verifiedAt ?? null,
        comment: item?.comment ?? null,
        state: type.state,
      };
    });
    for (const type of informationTypes) {
      const where = { deliveryId: delivery.id, informationType: type.informationType };
      if (type.approvalStatus === 'DECLINED') {
        incomplete.push({
          code: 'delivery.type_declined',
          message: `${delivery.label}: ${type.informationType} was declined`,
          ...where,
        });
      } else if (type.documents === 0 && type.approvalStatus !== 'APPROVED') {
        incomplete.push({
          code: 'delivery.type_missing',
          message: `${delivery.label}: no documents of ${type.informationType} were delivered`,
          ...where,
        });
      } else if (type.approvalStatus === null) {
        incomplete.push({
          code: 'delivery.type_not_reviewed',
          message: `${delivery.label}: ${type.informationType} was delivered but never approved`,
          ...where,
        });
      }
    }
    return {
      id: delivery.id,
      label: delivery.label,
      buildingCategory: delivery.buildingCategory,
      fullCategory: delivery.fullCategory,
      discipline: delivery.discipline,
      subcontractor: delivery.subcontractor,
      state: delivery.progress.state,
      expected: delivery.progress.expected,
      delivered: delivery.progress.delivered,
      approved: delivery.progress.approved,
      declined: delivery.progress.declined,
      informationTypes,
    };
  });

  for (const document of facts.documents.filter((d) => !d.archived)) {
    const where = { documentId: document.documentId, buildingId: document.buildingId };
    if (!document.uploaded) {
      incomplete.push({
        code: 'document.upload_pending',
        message: `${document.path}: the upload was registered but its file never arrived`,
        ...where,
      });
    } else if (document.corrupt) {
      incomplete.push({ code: 'document.corrupt', message: `${document.path}: the file cannot be read`, ...where });
    } else if (!document.processed) {
      incomplete.push({
        code: 'document.processing',
        message: `${document.path}: still being read and classified`,
        ...where,
      });
    }
  }

  const buildings = facts.buildings.map((building): HandoverBuilding => {
    const mine = live.filter((d) => d.buildingId === building.id);
    if (mine.length === 0) {
      incomplete.push({
        code: 'building.empty',
        message: `${building.name}: no documents`,
        buildingId: building.id,
      });
    }
    const assessment = facts.assessments.get(building.id);
    const items = assessment?.report.items ?? [];
    const leaves = items.filter((item) => !items.some((other) => other.parentId === item.id) && item.parentId);
    const count = (status: ItemStatus) => leaves.filter((item) => item.status === status).length;
    return {
      id: building.id,
      name: building.name,
      documents: mine.length,
      archivedDocuments: facts.documents.filter((d) => d.buildingId === building.id && d.archived).length,
      bytes: mine.reduce((sum, d) => sum + d.size, 0),
      deficiencies: {
        country: assessment?.country ?? 'NO',
        version: assessment?.version ?? 'v2',
        complete: count('complete'),
        partial: count('partial'),
        missing: count('missing'),
        notApplicable: count('not_applicable'),
        themes: (assessment?.report.progressDetails ?? []).map((theme) => ({ ...theme })),
        items: leaves
          .filter((item) => item.status === 'missing' || item.status === 'partial')
          .map((item) => ({
            nameId: item.nameId,
            theme: item.theme,
            name: item.name,
            laws: item.laws,
            status: item.status,
            comment: item.comment,
          })),
      },
    };
  });

  // by path, as a folder lists them (numbers in the names in their order), so the report and its PDF read as the
  // archive does, whatever order the documents were stored in
  const files = live
    .map(({ archived: _a, uploaded: _u, corrupt: _c, processed: _p, ...file }): HandoverFile => file)
    .sort((a, b) => PATH_ORDER.compare(a.path, b.path) || (a.documentId < b.documentId ? -1 : 1));
  const types = deliveries.flatMap((d) => d.informationTypes);
  return {
    id: facts.id,
    dryRun: facts.dryRun,
    project: facts.project,
    buildingOwner: facts.buildingOwner,
    at: facts.at.toISOString(),
    by: facts.by,
    summary: {
      buildings: buildings.length,
      documents: files.length,
      archivedDocuments: facts.documents.filter((d) => d.archived).length,
      bytes: files.reduce((sum, f) => sum + f.size, 0),
      deliveries: deliveries.length,
      informationTypesExpected: types.filter((t) => t.expected).length,
      informationTypesDelivered: types.filter((t) => t.documents > 0).length,
      informationTypesApproved: types.filter((t) => t.approvalStatus === 'APPROVED').length,
      informationTypesDeclined: types.filter((t) => t.approvalStatus === 'DECLINED').length,
      incomplete: incomplete.length,
    },
    deliveries,
    buildings,
    files,
    drawings: drawingsOf(files),
    incomplete,
  };
}

/** chains of the handed-over files by `supersededBy`: each current one with what it superseded, newest first */
export function drawingsOf(files: readonly HandoverFile[]): HandoverDrawing[] {
  const byId = new Map(files.map((f) => [f.documentId, f]));
  const previous = new Map<string, HandoverFile>();
  for (const f of files) if (f.supersededBy !== null && byId.has(f.supersededBy)) previous.set(f.supersededBy, f);
  const revisionOf = (f: HandoverFile): HandoverRevision => ({
    documentId: f.documentId,
    filename: f.filename,
    revision: f.drawingRevision,
    uploadedAt: f.uploadedAt,
  });
  const drawings: HandoverDrawing[] = [];
  for (const head of files) {
    if (head.supersededBy !== null && byId.has(head.supersededBy)) continue;
    const history: HandoverFile[] = [];
    for (let at = previous.get(head.documentId); at && !history.includes(at); at = previous.get(at.documentId))
      history.push(at);
    if (head.drawingNumber === null && history.length === 0) continue;
    drawings.push({
      buildingId: head.buildingId,
      drawingNumber: head.drawingNumber,
      current: revisionOf(head),
      history: history.map(revisionOf),
    });
  }
  return drawings.sort(
    (a, b) =>
      a.buildingId.localeCompare(b.buildingId) ||
      (a.drawingNumber ?? '\uffff').localeCompare(b.drawingNumber ?? '\uffff') ||
      a.current.filename.localeCompare(b.current.filename),
  );
}
