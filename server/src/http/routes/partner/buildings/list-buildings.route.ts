import { Type } from '@sinclair/typebox';
import type { BuildingsService } from '../../../../domain/buildings/buildings.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingSchema, presentBuilding } from '../../../presenters/owners.presenter.js';
import { OwnerParams, PageQuery, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['buildings'],
  summary: 'Buildings of a building owner that the credential reaches',
  params: OwnerParams,
  querystring: PageQuery({ limit: 100 }),
  response: withProblems({
    200: Type.Object({ buildings: Type.Array(BuildingSchema), nextToken: Type.Union([Type.String(), Type.Null()]) }),
  }),
};

export function registerListBuildingsRoute(app: App, deps: { buildings: BuildingsService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings', { schema }, async (request) => {
    const page = await deps.buildings.list({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      limit: request.query.limit,
      ...(request.query.next_token ? { nextToken: request.query.next_token } : {}),
    });
    return { buildings: page.items.map(presentBuilding), nextToken: page.nextToken };
  });
}
