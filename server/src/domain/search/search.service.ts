import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import { parseQuery } from './query-parser.js';
import { blankSearchQuery, tooManyBuildingsToSearch } from './search.errors.js';
import type { ChunkHit, ChunkRetrievalRequest } from './chunk-retriever.js';
import type {
  DocumentSearchResult,
  DocumentType,
  Fuzziness,
  SearchProvider,
  SearchScope,
  SearchSortBy,
  SearchSortOrder,
} from './search.types.js';

/** Rule 3: offset paging reaches this far; past it a page is empty but the count stays true. */
const SEARCH_WINDOW = 10_000;
/** Rule 6: a key scoped to more individual buildings than this searches per building. */
const MAX_OWNER_SEARCH_BUILDINGS = 100;

export interface SearchParameters {
  query: string;
  maxResults: number;
  startIndex: number;
  discipline?: string;
  documentType?: DocumentType;
  floor?: string;
  category?: string;
  extension?: string;
  latestRevisions?: boolean;
  sortBy: SearchSortBy;
  sortOrder: SearchSortOrder;
  includeAggregations: boolean;
  fuzziness: Fuzziness;
  /** each hit with up to 3 passages of its pages that matched */
  includePassages?: boolean;
}

export function createSearchService(deps: { access: AccessService; provider: SearchProvider }) {
  const { access, provider } = deps;

  async function run(scope: SearchScope, parameters: SearchParameters): Promise<DocumentSearchResult> {
    if (parameters.query.trim() === '') throw blankSearchQuery();
    const query = parseQuery({ query: parameters.query, fuzziness: parameters.fuzziness });
    // every offset past the window gives the same empty page, so none larger than it reaches the database
    const offset = Math.min(parameters.startIndex, SEARCH_WINDOW);
    const limit = offset >= SEARCH_WINDOW ? 0 : Math.min(parameters.maxResults, SEARCH_WINDOW - offset);
    const result = await provider.searchDocuments({
      scope,
      query,
      filters: {
        ...(parameters.discipline !== undefined ? { discipline: parameters.discipline } : {}),
        ...(parameters.documentType !== undefined ? { documentType: parameters.documentType } : {}),
        ...(parameters.floor !== undefined ? { floor: parameters.floor } : {}),
        ...(parameters.category !== undefined ? { category: parameters.category } : {}),
        ...(parameters.extension !== undefined ? { extension: parameters.extension } : {}),
        ...(parameters.latestRevisions ? { latestRevisions: true } : {}),
      },
      sortBy: parameters.sortBy,
      // the order applies only to the sortable fields; relevance is always best first
      sortOrder: parameters.sortBy === 'relevance' ? 'desc' : parameters.sortOrder,
      offset,
      limit,
      aggregations: parameters.includeAggregations,
      ...(parameters.includePassages ? { passages: true } : {}),
    });
    // rule 5: aggregations only when asked for
    if (!parameters.includeAggregations) return { hits: result.hits, numberOfHits: result.numberOfHits };
    return result;
  }

  /** Search in one building. */
  async function searchBuilding(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    parameters: SearchParameters;
  }): Promise<DocumentSearchResult> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    return run({ ownerId: params.ownerId, buildingIds: [params.buildingId] }, params.parameters);
  }

  /**
   * Search across a building owner. A key granted the whole owner sees every building; a key granted individual
   * buildings sees only those, and only when there are at most 100 of them (rule 6).
   */
  async function searchOwner(params: {
    principal: Principal;
    ownerId: string;
    parameters: SearchParameters;
  }): Promise<DocumentSearchResult> {
    const { buildingIds } = await access.authorizeOwner({ ...params, need: 'read' });
    if (buildingIds !== null && buildingIds.length > MAX_OWNER_SEARCH_BUILDINGS) {
      throw tooManyBuildingsToSearch({ buildings: buildingIds.length, max: MAX_OWNER_SEARCH_BUILDINGS });
    }
    return run({ ownerId: params.ownerId, buildingIds }, params.parameters);
  }

  /**
   * The best passages for a question, for answering it. The caller has authorised `buildingIds` already; archived
   * and private-folder documents are never returned.
   */
  async function retrieveChunks(request: ChunkRetrievalRequest): Promise<ChunkHit[]> {
    if (request.buildingIds.length === 0 || request.limit <= 0 || request.query.trim() === '') return [];
    return provider.retrieveChunks(request);
  }

  return { searchBuilding, searchOwner, retrieveChunks };
}

export type SearchService = ReturnType<typeof createSearchService>;
