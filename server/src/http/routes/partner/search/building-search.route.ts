import type { SearchService } from '../../../../domain/search/search.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentSearchResult, SearchResponseSchema } from '../../../presenters/search.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';
import { SearchQuerySchema, toSearchParameters } from '../../../schemas/search.js';

const schema = {
  tags: ['search'],
  summary: 'Full-text search in one building',
  params: BuildingParams,
  querystring: SearchQuerySchema,
  response: withProblems({ 200: SearchResponseSchema }),
};

export function registerBuildingSearchRoute(app: App, deps: { search: SearchService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings/:buildingId/search', { schema }, async (request) => {
    const result = await deps.search.searchBuilding({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
      parameters: toSearchParameters(request.query),
    });
    return presentSearchResult(result);
  });
}
