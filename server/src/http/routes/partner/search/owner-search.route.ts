import type { SearchService } from '../../../../domain/search/search.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentSearchResult, SearchResponseSchema } from '../../../presenters/search.presenter.js';
import { OwnerParams, withProblems } from '../../../schemas/common.js';
import { SearchQuerySchema, toSearchParameters } from '../../../schemas/search.js';

const schema = {
  tags: ['search'],
  summary: 'Full-text search across a building owner (a building-scoped key: its buildings, at most 100)',
  params: OwnerParams,
  querystring: SearchQuerySchema,
  response: withProblems({ 200: SearchResponseSchema }),
};

export function registerOwnerSearchRoute(app: App, deps: { search: SearchService }): void {
  app.get('/building_owners/:buildingOwnerId/search', { schema }, async (request) => {
    const result = await deps.search.searchOwner({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      parameters: toSearchParameters(request.query),
    });
    return presentSearchResult(result);
  });
}
