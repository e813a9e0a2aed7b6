import type { OwnersService } from '../../../../domain/owners/owners.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { OwnerParams, SuccessSchema, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['building owners'],
  summary: 'Archive a building owner with its buildings (nothing is destroyed; needs whole-owner access)',
  params: OwnerParams,
  response: withProblems({ 200: SuccessSchema }),
};

export function registerDeleteOwnerRoute(app: App, deps: { owners: OwnersService }): void {
  app.delete('/building_owners/:buildingOwnerId', { schema }, async (request) => {
    await deps.owners.archive({ principal: principalOf(request), ownerId: request.params.buildingOwnerId });
    return { success: true as const };
  });
}
