import { Type } from '@sinclair/typebox';
import { parseLocale, type ReportsService } from '../../../../domain/reports/reports.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { LocaleQuery, presentReportItem, ReportItemSchema } from '../../../presenters/reports.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['reports'],
  summary: 'Items of the building’s newest deficiency report (any country), flat, nested through parentId',
  params: BuildingParams,
  querystring: LocaleQuery,
  response: withProblems({ 200: Type.Array(ReportItemSchema) }),
};

export function registerListReportItemsRoute(app: App, deps: { reports: ReportsService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings/:buildingId/reports', { schema }, async (request) => {
    const locale = parseLocale(request.query.locale);
    const items = await deps.reports.listItems({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
      ...(locale ? { locale } : {}),
    });
    return items.map(presentReportItem);
  });
}
