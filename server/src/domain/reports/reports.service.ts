import { setTimeout as sleep } from 'node:timers/promises';
import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { DocumentRecord } from '../documents/document.js';
import { jobDone, jobFailed, jobSkipped, type JobOutcome } from '../jobs/jobs.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { checklistNodes, type Country, type Locale, type ReportVersion } from './checklist.js';
import { checklistFor } from './checklists/index.js';
import { checklistTerms, evaluateChecklist } from './evaluate.js';
import type { ReportEvidenceSource, ReportRecord, ReportsRepository } from './ports.js';
import { documentNotLinked, evidenceDocumentNotFound, reportItemNotFound, reportNotFound } from './reports.errors.js';
import { resolveReport, type ResolvedItem, type ResolvedReport, type StoredReportItem } from './resolve.js';

/** how long a generate request waits for its report before answering that it is still being made */
const DEFAULT_REPORT_WAIT_MS = 30_000;
const FIRST_POLL_MS = 100;
const LAST_POLL_MS = 250;

/** Norwegian buildings are reported in Norwegian unless asked otherwise, British ones in English. */
function defaultLocale(country: Country): Locale {
  return country === 'NO' ? 'nb' : 'en';
}

/** `no` and `nn` are read as bokmål: the checklists are written in bokmål only. */
export function parseLocale(raw: string | undefined): Locale | null {
  const value = raw?.trim().toLowerCase();
  if (value === 'en') return 'en';
  if (value === 'nb' || value === 'no' || value === 'nn') return 'nb';
  return null;
}

export type GenerateOutcome = { state: 'ready'; report: ResolvedReport } | { state: 'pending'; reportId: string };

export function createReportsService(deps: {
  repository: ReportsRepository;
  evidence: ReportEvidenceSource;
  access: AccessService;
  clock: Clock;
  /** the bound a generate request waits for the job */
  waitMs?: number;
}) {
  const { repository, evidence, access, clock } = deps;
  const waitMs = deps.waitMs ?? DEFAULT_REPORT_WAIT_MS;

  interface Target {
    principal: Principal;
    ownerId: string;
    buildingId: string;
  }

  async function resolve(report: ReportRecord, locale: Locale | undefined): Promise<ResolvedReport> {
    const items = await repository.itemsOf(report.id);
    return resolveItems({
      ...report,
      items,
      links: await repository.linksOf(items.map((i) => i.id)),
      locale,
    });
  }

  /** statuses and comments of stored (or just evaluated) items, against the documents the partner API shows now */
  async function resolveItems(params: {
    buildingId: string;
    country: Country;
    version: ReportVersion;
    items: StoredReportItem[];
    links: ReadonlyMap<string, readonly string[]>;
    locale: Locale | undefined;
  }): Promise<ResolvedReport> {
    const { items, links } = params;
    const documentIds = new Set<string>();
    for (const item of items) {
      for (const unit of item.evidence?.units ?? []) for (const ref of unit.documents) documentIds.add(ref.documentId);
    }
    for (const ids of links.values()) for (const id of ids) documentIds.add(id);
    const documentNames = await repository.visibleDocumentNames({
      buildingId: params.buildingId,
      documentIds: [...documentIds],
    });
    return resolveReport({
      checklist: checklistFor(params.country, params.version),
      items,
      links,
      documentNames,
      locale: params.locale ?? defaultLocale(params.country),
    });
  }

  /** reads the report every 100 ms at first, then every 250 ms (a report takes seconds: fewer reads, little later) */
  async function waitForReport(reportId: string): Promise<ReportRecord | null> {
    const deadline = Date.now() + waitMs;
    for (let pause = FIRST_POLL_MS; ; pause = Math.min(LAST_POLL_MS, pause * 1.5)) {
      const report = await repository.findReport(reportId);
      if (report?.state === 'ready') return report;
      if (report?.state === 'failed') throw new Error(`report ${reportId} could not be generated`);
      if (Date.now() >= deadline) return null;
      await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
    }
  }

  /** Generates a report as a job and waits for it up to the configured bound. Needs an API key (it writes). */
  async function generate(
    params: Target & { country: Country; version: ReportVersion; locale?: Locale },
  ): Promise<GenerateOutcome> {
    await access.authorizeReport({ ...params, need: 'write' });
    const reportId = await repository.createPending({
      id: newId.uuid(),
      buildingId: params.buildingId,
      ownerId: params.ownerId,
      country: params.country,
      version: params.version,
      createdAt: clock.now(),
    });
    const report = await waitForReport(reportId);
    if (!report) return { state: 'pending', reportId };
    return { state: 'ready', report: await resolve(report, params.locale) };
  }

  /** which of the building's documents are evidence for which item of the checklist, as the documents are now */
  async function evaluate(params: { buildingId: string; country: Country; version: ReportVersion }) {
    const checklist = checklistFor(params.country, params.version);
    const documents = await evidence.documentsOf(params.buildingId);
    const mentions = await evidence.documentsMentioning({
      buildingId: params.buildingId,
      terms: checklistTerms(checklist),
    });
    return { checklist, evaluated: evaluateChecklist({ checklist, documents, mentions }) };
  }

  /**
   * The checklist run against a building now, stored nowhere: what a handover records in its report. The caller has
   * authorised the building (a project member handing it over reaches it through the project, not a partner key).
   */
  async function assess(params: {
    buildingId: string;
    country: Country;
    version: ReportVersion;
    locale?: Locale;
  }): Promise<ResolvedReport> {
    const { evaluated, checklist } = await evaluate(params);
    const at = clock.now();
    const items = checklistNodes(checklist).map((node) => ({
      id: node.nameId,
      nameId: node.nameId,
      evidence: evaluated.get(node.nameId) ?? null,
      personComment: null,
      createdAt: at,
      updatedAt: at,
    }));
    return resolveItems({ ...params, items, links: new Map(), locale: params.locale });
  }

  /** The report.generate job. A failure is retried; on the last attempt the report is marked failed. */
  async function runGeneration(reportId: string, options: { lastAttempt: boolean }): Promise<JobOutcome> {
    const report = await repository.findReport(reportId);
    if (!report) return jobSkipped('the report does not exist');
    if (report.state !== 'pending') return jobSkipped(`the report is already ${report.state}`);
    await repository.markStarted({ reportId, at: clock.now() });
    try {
      const { checklist, evaluated } = await evaluate(report);
      await repository.saveGenerated({
        report,
        items: checklistNodes(checklist).map((node) => ({
          nameId: node.nameId,
          evidence: evaluated.get(node.nameId) ?? null,
        })),
        at: clock.now(),
      });
      return jobDone();
    } catch (error) {
      if (!options.lastAttempt) throw error;
      await repository.markFailed({ reportId, at: clock.now() });
      return jobFailed(error instanceof Error ? error.message : String(error));
    }
  }

  /** The items of the building's newest report (of any country), flat, parents before children. */
  async function listItems(params: Target & { locale?: Locale }): Promise<ResolvedItem[]> {
    await access.authorizeReport({ ...params, need: 'read' });
    const report = await repository.latestReady({ buildingId: params.buildingId, country: null });
    if (!report) return [];
    return (await resolve(report, params.locale)).items;
  }

  async function getReport(params: Target & { country?: Country; locale?: Locale }): Promise<ResolvedReport> {
    await access.authorizeReport({ ...params, need: 'read' });
    const report = await repository.latestReady({ buildingId: params.buildingId, country: params.country ?? null });
    if (!report) {
      throw reportNotFound(params.country);
    }
    return resolve(report, params.locale);
  }

  async function requireItem(params: Target & { itemId: string }): Promise<StoredReportItem & { reportId: string }> {
    const item = await repository.findItem({ buildingId: params.buildingId, itemId: params.itemId });
    if (!item) throw reportItemNotFound();
    return item;
  }

  /** The item as its report shows it now (status and comment reflect links made a moment ago). */
  async function presentItem(params: { buildingId: string; itemId: string; reportId: string; locale?: Locale }) {
    const report = await repository.findReport(params.reportId);
    if (!report) throw reportItemNotFound();
    const resolved = await resolve(report, params.locale);
    const item = resolved.items.find((i) => i.id === params.itemId);
    if (!item) throw reportItemNotFound();
    return item;
  }

  async function listItemDocuments(params: Target & { itemId: string }): Promise<DocumentRecord[]> {
    await access.authorizeReport({ ...params, need: 'read' });
    await requireItem(params);
    return repository.linkedDocuments({ buildingId: params.buildingId, itemId: params.itemId });
  }

  /** A person links a document as evidence: it always counts, and regenerating keeps it. */
  async function linkDocument(
    params: Target & { itemId: string; documentId: string; locale?: Locale },
  ): Promise<ResolvedItem> {
    await access.authorizeReport({ ...params, need: 'write' });
    const item = await requireItem(params);
    const document = await repository.findVisibleDocument({
      buildingId: params.buildingId,
      documentId: params.documentId,
    });
    if (!document) throw evidenceDocumentNotFound();
    await repository.link({ itemId: item.id, documentId: document.id, at: clock.now() });
    return presentItem({ ...params, reportId: item.reportId });
  }

  async function unlinkDocument(
    params: Target & { itemId: string; documentId: string; locale?: Locale },
  ): Promise<ResolvedItem> {
    await access.authorizeReport({ ...params, need: 'write' });
    const item = await requireItem(params);
    // only a link the caller can see: a document under a private folder (linked before the folder was made private)
    // is answered as not linked, so a writer of the building neither learns it is linked nor removes the owner's link
    const document = await repository.findVisibleDocument({
      buildingId: params.buildingId,
      documentId: params.documentId,
    });
    if (!document) throw documentNotLinked();
    const removed = await repository.unlink({ itemId: item.id, documentId: document.id, at: clock.now() });
    if (!removed) throw documentNotLinked();
    return presentItem({ ...params, reportId: item.reportId });
  }

  /** A person's comment replaces the generated one until it is cleared with null; regenerating keeps it. */
  async function updateItem(
    params: Target & { itemId: string; comment: string | null; locale?: Locale },
  ): Promise<ResolvedItem> {
    await access.authorizeReport({ ...params, need: 'write' });
    const item = await requireItem(params);
    const comment = params.comment?.trim() ? params.comment.trim() : null;
    await repository.setPersonComment({ itemId: item.id, comment, at: clock.now() });
    return presentItem({ ...params, reportId: item.reportId });
  }

  return {
    assess,
    generate,
    runGeneration,
    listItems,
    getReport,
    listItemDocuments,
    linkDocument,
    unlinkDocument,
    updateItem,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
