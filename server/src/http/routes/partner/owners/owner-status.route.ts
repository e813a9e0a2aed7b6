import type { OwnersService } from '../../../../domain/owners/owners.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentProcessingSummary } from '../../../presenters/documents.presenter.js';
import { OwnerParams, ProcessingStatusSchema, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['building owners'],
  summary: 'Processing status summed over the buildings the credential reaches',
  params: OwnerParams,
  response: withProblems({ 200: ProcessingStatusSchema }),
};

export function registerOwnerStatusRoute(app: App, deps: { owners: OwnersService }): void {
  app.get('/building_owners/:buildingOwnerId/status', { schema }, async (request) =>
    presentProcessingSummary(
      await deps.owners.status({ principal: principalOf(request), ownerId: request.params.buildingOwnerId }),
    ),
  );
}
