import { Type } from '@sinclair/typebox';
import type { OwnersService } from '../../../../domain/owners/owners.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingOwnerSchema, presentOwner } from '../../../presenters/owners.presenter.js';
import { PageQuery, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['building owners'],
  summary: 'Building owners visible to the credential',
  querystring: PageQuery({ limit: 100 }),
  response: withProblems({
    200: Type.Object({
      buildingOwners: Type.Array(BuildingOwnerSchema),
      nextToken: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
};

export function registerListOwnersRoute(app: App, deps: { owners: OwnersService }): void {
  app.get('/building_owners', { schema }, async (request) => {
    const page = await deps.owners.list({
      principal: principalOf(request),
      limit: request.query.limit,
      ...(request.query.next_token ? { nextToken: request.query.next_token } : {}),
    });
    return { buildingOwners: page.items.map(presentOwner), nextToken: page.nextToken };
  });
}
