import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createHandoverService } from '../../domain/handover/handover.service.js';
import type { ReportsService } from '../../domain/reports/reports.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { HandoverPdfLocale } from '../../integrations/pdf/handover-pdf.js';
import type { HandoverReport } from '../../domain/handover/handover-report.js';
import { createDeliveriesRepository } from '../../storage/db/repositories/deliveries.repository.js';
import { createHandoverRepository } from '../../storage/db/repositories/handover.repository.js';
import type { Db, Outbox } from './app-module.js';

/** Handover of a project to a building owner of the document platform, and its report (JSON and PDF). */
export function createHandoverModule(deps: {
  db: Db;
  access: AccessService;
  audit: AuditLog;
  clock: Clock;
  reports: Pick<ReportsService, 'assess'>;
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
  return { services: { handover, renderHandoverPdf } };
}
