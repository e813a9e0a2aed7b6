import { parseLocale, type ReportsService } from '../../../../domain/reports/reports.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  LocaleQuery,
  presentReportItem,
  ReportItemDocumentParams,
  ReportItemSchema,
} from '../../../presenters/reports.presenter.js';
import { withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['reports'],
  summary:
    'Link a document to a report item as evidence: it always counts, and the item is answered with its new status',
  params: ReportItemDocumentParams,
  querystring: LocaleQuery,
  response: withProblems({ 200: ReportItemSchema }),
};

export function registerLinkItemDocumentRoute(app: App, deps: { reports: ReportsService }): void {
  app.put(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/reports/:itemId/documents/:documentId',
    { schema },
    async (request) => {
      const locale = parseLocale(request.query.locale);
      const item = await deps.reports.linkDocument({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        itemId: request.params.itemId,
        documentId: request.params.documentId,
        ...(locale ? { locale } : {}),
      });
      return presentReportItem(item);
    },
  );
}
