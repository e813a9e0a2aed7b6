import type { OwnersService } from '../../../../domain/owners/owners.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingOwnerSchema, presentOwner } from '../../../presenters/owners.presenter.js';
import { OwnerParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['building owners'],
  summary: 'One building owner',
  params: OwnerParams,
  response: withProblems({ 200: BuildingOwnerSchema }),
};

export function registerGetOwnerRoute(app: App, deps: { owners: OwnersService }): void {
  app.get('/building_owners/:buildingOwnerId', { schema }, async (request) =>
    presentOwner(await deps.owners.get({ principal: principalOf(request), ownerId: request.params.buildingOwnerId })),
  );
}
