import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createHandoverService } from '../../domain/handover/handover.service.js';
import type { ReportsService } from '../../domain/reports/reports.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { HandoverPdfLocale } from '../../integrations/pdf/handover-pdf.js';
import type { HandoverReport } from '../../domain/handover/handover-report.js';
import { createDeliveriesRepository } from '../../storage/db/repositories/deliveries.repository.js';
import { createHandoverRepository } from '../../storage/db/repositories/handover.repository.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import type { Db, Outbox } from './app-module.js';

/** bumped when the printed report changes, so that stored PDFs are printed again */
const HANDOVER_PDF_VERSION = 1;

/** Handover of a project to a building owner of the document platform, and its report (JSON and PDF). */
export function createHandoverModule(deps: {
  db: Db;
  access: AccessService;
  audit: AuditLog;
  clock: Clock;
  reports: Pick<ReportsService, 'assess'>;
  /** where a handover's printed report is kept once printed */
  blobs: BlobStore;
  /** where webhook events are written, in the transaction of the change (none: no events) */
  outbox?: Outbox;
}) {
  const handover = createHandoverService({
    repository: createHandoverRepository(deps.db, deps.outbox),
    deliveries: createDeliveriesRepository(deps.db),
    reports: deps.reports,
    access: deps.access,
    audit: deps.audit,
    clock: deps.clock,
  });
  // pdf-lib is loaded with the first report printed, not at every start
  const renderHandoverPdf = async (report: HandoverReport, locale: HandoverPdfLocale) =>
    (await import('../../integrations/pdf/handover-pdf.js')).renderHandoverPdf(report, locale);
  /**
   * A handover's report never changes, so each language of it is printed once and kept: later reads send the stored
   * PDF and take no printing slot. Null for a report not printed yet.
   */
  const handoverPdfs = {
    key: (report: HandoverReport, locale: HandoverPdfLocale) =>
      `handover-reports/${report.project.id}/${report.id ?? 'report'}-${locale}-v${HANDOVER_PDF_VERSION}.pdf`,
    async stored(report: HandoverReport, locale: HandoverPdfLocale) {
      const key = handoverPdfs.key(report, locale);
      return (await deps.blobs.head(key)) ? deps.blobs.get(key) : null;
    },
    async keep(report: HandoverReport, locale: HandoverPdfLocale, pdf: Uint8Array) {
      await deps.blobs.put(handoverPdfs.key(report, locale), Buffer.from(pdf), { contentType: 'application/pdf' });
    },
  };
  return { services: { handover, renderHandoverPdf, handoverPdfs } };
}
