import type { BuildingsService } from '../../../../domain/buildings/buildings.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingParams, SuccessSchema, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['buildings'],
  summary: 'Archive a building (nothing is destroyed)',
  params: BuildingParams,
  response: withProblems({ 200: SuccessSchema }),
};

export function registerDeleteBuildingRoute(app: App, deps: { buildings: BuildingsService }): void {
  app.delete('/building_owners/:buildingOwnerId/buildings/:buildingId', { schema }, async (request) => {
    await deps.buildings.archive({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
    });
    return { success: true as const };
  });
}
