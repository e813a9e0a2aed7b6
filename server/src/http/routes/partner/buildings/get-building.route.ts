import type { BuildingsService } from '../../../../domain/buildings/buildings.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingSchema, presentBuilding } from '../../../presenters/owners.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['buildings'],
  summary: 'One building',
  params: BuildingParams,
  response: withProblems({ 200: BuildingSchema }),
};

export function registerGetBuildingRoute(app: App, deps: { buildings: BuildingsService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings/:buildingId', { schema }, async (request) =>
    presentBuilding(
      await deps.buildings.get({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
      }),
    ),
  );
}
