import { Type } from '@sinclair/typebox';
import { parseLocale, type ReportsService } from '../../../../domain/reports/reports.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  BuildingReportSchema,
  CountrySchema,
  LocaleSchema,
  presentReport,
} from '../../../presenters/reports.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['reports'],
  summary: 'The newest deficiency report of a country (of any country without one), with progress per theme',
  params: BuildingParams,
  querystring: Type.Object(
    { country: Type.Optional(CountrySchema), locale: Type.Optional(LocaleSchema) },
    { additionalProperties: false },
  ),
  response: withProblems({ 200: BuildingReportSchema }),
};

export function registerGetReportRoute(app: App, deps: { reports: ReportsService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings/:buildingId/report', { schema }, async (request) => {
    const locale = parseLocale(request.query.locale);
    const report = await deps.reports.getReport({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
      ...(request.query.country ? { country: request.query.country } : {}),
      ...(locale ? { locale } : {}),
    });
    return presentReport(report);
  });
}
