import { Type } from '@sinclair/typebox';
import { parseLocale, type ReportsService } from '../../../../domain/reports/reports.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  LocaleQuery,
  presentReportItem,
  ReportItemParams,
  ReportItemSchema,
} from '../../../presenters/reports.presenter.js';
import { withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['reports'],
  summary:
    'Write a comment on a report item; it replaces the generated comment and survives regeneration (null clears it)',
  params: ReportItemParams,
  querystring: LocaleQuery,
  body: Type.Object(
    { comment: Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()]) },
    { additionalProperties: false },
  ),
  response: withProblems({ 200: ReportItemSchema }),
};

export function registerUpdateReportItemRoute(app: App, deps: { reports: ReportsService }): void {
  app.patch('/building_owners/:buildingOwnerId/buildings/:buildingId/reports/:itemId', { schema }, async (request) => {
    const locale = parseLocale(request.query.locale);
    const item = await deps.reports.updateItem({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
      itemId: request.params.itemId,
      comment: request.body.comment,
      ...(locale ? { locale } : {}),
    });
    return presentReportItem(item);
  });
}
