import { parseQuery } from '../../src/domain/search/query-parser.js';
import type { DocumentSearchRequest } from '../../src/domain/search/search.types.js';
import type { TestApp } from './test-app.js';

/** a second building of the seeded owner, through the partner API; its id */
export async function addBuilding(params: {
  t: TestApp;
  seed: { ownerId: string; key: string };
  name: string;
}): Promise<string> {
  const { t, seed, name } = params;
  const created = await t.request({
    method: 'PUT',
    url: `/v1/building_owners/${seed.ownerId}/buildings`,
    key: seed.key,
    payload: { name },
  });
  return created.body as string;
}

/** a search as the partner API asks the provider for one: first page of 20 by relevance, typos allowed */
export function searchRequest(
  params: { ownerId: string; query: string } & Partial<Omit<DocumentSearchRequest, 'query'>>,
): DocumentSearchRequest {
  const { ownerId, query, ...options } = params;
  return {
    scope: { ownerId, buildingIds: null },
    query: parseQuery({ query, fuzziness: 'auto' }),
    filters: {},
    sortBy: 'relevance',
    sortOrder: 'desc',
    offset: 0,
    limit: 20,
    aggregations: false,
    ...options,
  };
}
