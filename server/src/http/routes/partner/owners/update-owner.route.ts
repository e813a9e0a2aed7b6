import { Type } from '@sinclair/typebox';
import type { OwnersService } from '../../../../domain/owners/owners.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingOwnerSchema, presentOwner } from '../../../presenters/owners.presenter.js';
import { Name, OwnerParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['building owners'],
  summary: 'Rename a building owner (needs whole-owner access)',
  params: OwnerParams,
  body: Type.Object({ name: Name }, { additionalProperties: false }),
  response: withProblems({ 200: BuildingOwnerSchema }),
};

export function registerUpdateOwnerRoute(app: App, deps: { owners: OwnersService }): void {
  app.patch('/building_owners/:buildingOwnerId', { schema }, async (request) =>
    presentOwner(
      await deps.owners.rename({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        name: request.body.name.trim(),
      }),
    ),
  );
}
