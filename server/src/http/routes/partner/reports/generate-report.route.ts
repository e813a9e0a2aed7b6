import { Type } from '@sinclair/typebox';
import { parseLocale, type ReportsService } from '../../../../domain/reports/reports.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  BuildingReportSchema,
  CountrySchema,
  LocaleQuery,
  presentReport,
} from '../../../presenters/reports.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['reports'],
  summary:
    'Generate a deficiency report; answers 200 with the report once it is ready, or 202 if it takes longer than the wait bound',
  params: BuildingParams,
  querystring: LocaleQuery,
  body: Type.Object(
    {
      country: CountrySchema,
      version: Type.Union([Type.Literal('v1'), Type.Literal('v2')], {
        description: 'checklist version; v2 goes into more depth',
      }),
    },
    { additionalProperties: false },
  ),
  response: withProblems({
    200: BuildingReportSchema,
    202: Type.Object({
      state: Type.Literal('pending'),
      reportId: Type.String({ description: 'read the report with GET .../report once it is ready' }),
    }),
  }),
};

export function registerGenerateReportRoute(app: App, deps: { reports: ReportsService }): void {
  app.post('/building_owners/:buildingOwnerId/buildings/:buildingId/reports', { schema }, async (request, reply) => {
    const locale = parseLocale(request.query.locale);
    const outcome = await deps.reports.generate({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
      country: request.body.country,
      version: request.body.version,
      ...(locale ? { locale } : {}),
    });
    if (outcome.state === 'pending') {
      return reply.code(202).send({ state: 'pending' as const, reportId: outcome.reportId });
    }
    return presentReport(outcome.report);
  });
}
