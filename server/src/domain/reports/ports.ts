/** What reports need from storage (implemented in src/storage/db/repositories/reports.repository.ts). */
import type { DocumentRecord } from '../documents/document.js';
import type { Country, ReportVersion } from './checklist.js';
import type { EvidenceDocument, ItemEvidence, TermMention } from './evaluate.js';
import type { StoredReportItem } from './resolve.js';

export type ReportState = 'pending' | 'ready' | 'failed';

export interface ReportRecord {
  id: string;
  buildingId: string;
  ownerId: string;
  country: Country;
  version: ReportVersion;
  state: ReportState;
  createdAt: Date;
  generatedAt: Date | null;
}

export interface StoredItemWithReport extends StoredReportItem {
  reportId: string;
}

/**
 * Where evidence comes from: the building's documents and a full-text look-up over their names and text. Only
 * documents the partner API may show count (not archived, building not archived, not under a private folder).
 */
export interface ReportEvidenceSource {
  documentsOf(buildingId: string): Promise<EvidenceDocument[]>;
  /** for each term, the documents that mention it and how often; bounded per document so big buildings stay quick */
  documentsMentioning(params: { buildingId: string; terms: readonly string[] }): Promise<TermMention[]>;
}

export interface ReportsRepository {
  /**
   * A pending report, with its generation job enqueued in the same transaction; or, when one of the same building,
   * country and version is pending and its job has not begun, that one. Answers the id of the report to wait for.
   */
  createPending(report: Omit<ReportRecord, 'state' | 'generatedAt'>): Promise<string>;
  /** the job has begun to read the documents: a request from now on makes a report of its own */
  markStarted(params: { reportId: string; at: Date }): Promise<void>;
  findReport(reportId: string): Promise<ReportRecord | null>;
  /** the newest ready report of the building, of one country or of any */
  latestReady(params: { buildingId: string; country: Country | null }): Promise<ReportRecord | null>;
  /**
   * Stores the evidence of every item and marks the report ready, in one transaction. An item keeps its id, its
   * links and its person-written comment across regenerations (it is the same building, country and nameId).
   */
  saveGenerated(params: {
    report: ReportRecord;
    items: { nameId: string; evidence: ItemEvidence | null }[];
    at: Date;
  }): Promise<void>;
  markFailed(params: { reportId: string; at: Date }): Promise<void>;
  itemsOf(reportId: string): Promise<StoredReportItem[]>;
  findItem(params: { buildingId: string; itemId: string }): Promise<StoredItemWithReport | null>;
  /** item id -> linked document ids (visible or not; the caller narrows) */
  linksOf(itemIds: readonly string[]): Promise<Map<string, string[]>>;
  /** id -> filename of those documents the partner API may show */
  visibleDocumentNames(params: { buildingId: string; documentIds: readonly string[] }): Promise<Map<string, string>>;
  findVisibleDocument(params: { buildingId: string; documentId: string }): Promise<DocumentRecord | null>;
  /** the visible documents linked to an item, oldest link first */
  linkedDocuments(params: { buildingId: string; itemId: string }): Promise<DocumentRecord[]>;
  /** idempotent */
  link(params: { itemId: string; documentId: string; at: Date }): Promise<void>;
  /** false when the document was not linked */
  unlink(params: { itemId: string; documentId: string; at: Date }): Promise<boolean>;
  setPersonComment(params: { itemId: string; comment: string | null; at: Date }): Promise<void>;
}
