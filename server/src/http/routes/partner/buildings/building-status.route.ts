import type { BuildingsService } from '../../../../domain/buildings/buildings.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentProcessingSummary } from '../../../presenters/documents.presenter.js';
import { BuildingParams, ProcessingStatusSchema, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['buildings'],
  summary: 'Building processing status',
  params: BuildingParams,
  response: withProblems({ 200: ProcessingStatusSchema }),
};

export function registerBuildingStatusRoute(app: App, deps: { buildings: BuildingsService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings/:buildingId/status', { schema }, async (request) =>
    presentProcessingSummary(
      await deps.buildings.status({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
      }),
    ),
  );
}
