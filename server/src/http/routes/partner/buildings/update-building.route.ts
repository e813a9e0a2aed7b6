import { Type } from '@sinclair/typebox';
import type { BuildingsService } from '../../../../domain/buildings/buildings.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingSchema, presentBuilding } from '../../../presenters/owners.presenter.js';
import { BuildingParams, Name, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['buildings'],
  summary: 'Rename a building and/or set its private folders',
  description:
    'Documents whose originalPath lies under a private folder are never returned by the partner API (list, get, ' +
    'search, ask, reports), but are counted in search numberOfHits.',
  params: BuildingParams,
  body: Type.Object(
    {
      name: Type.Optional(Name),
      privateFolders: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { maxItems: 200 })),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: withProblems({ 200: BuildingSchema }),
};

export function registerUpdateBuildingRoute(app: App, deps: { buildings: BuildingsService }): void {
  app.patch('/building_owners/:buildingOwnerId/buildings/:buildingId', { schema }, async (request) =>
    presentBuilding(
      await deps.buildings.update({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        ...(request.body.name !== undefined ? { name: request.body.name.trim() } : {}),
        ...(request.body.privateFolders !== undefined ? { privateFolders: request.body.privateFolders } : {}),
      }),
    ),
  );
}
