import { Type } from '@sinclair/typebox';
import type { ReportsService } from '../../../../domain/reports/reports.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentSchema, presentDocument } from '../../../presenters/documents.presenter.js';
import { ReportItemParams } from '../../../presenters/reports.presenter.js';
import { withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['reports'],
  summary: 'Documents a person linked to a report item as evidence',
  params: ReportItemParams,
  response: withProblems({ 200: Type.Object({ documents: Type.Array(DocumentSchema) }) }),
};

export function registerListItemDocumentsRoute(app: App, deps: { reports: ReportsService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/reports/:itemId/documents',
    { schema },
    async (request) => {
      const documents = await deps.reports.listItemDocuments({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        itemId: request.params.itemId,
      });
      return { documents: documents.map(presentDocument) };
    },
  );
}
