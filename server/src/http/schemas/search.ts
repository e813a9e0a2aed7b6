import { Type, type Static } from '@sinclair/typebox';
import type { SearchParameters } from '../../domain/search/search.service.js';
import { LatestRevisionsQuery } from './documents.js';

/** The query of both search operations (building and building owner), as the partner spec lists it. */
export const SearchQuerySchema = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2000, description: 'words, "quoted phrases" and -exclusions' }),
    max_results: Type.Integer({ minimum: 1, maximum: 1000, default: 20 }),
    start_index: Type.Integer({ minimum: 0, default: 0, description: 'paging reaches at most 10000 results' }),
    discipline: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    document_type: Type.Optional(Type.Union([Type.Literal('document'), Type.Literal('drawing')])),
    floor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    category: Type.Optional(
      Type.String({
        pattern: '^[0-9A-Za-z]{1,10}$',
        description: 'NS 3451 code: documents under it or any code below it (an addition to the partner spec)',
      }),
    ),
    extension: Type.Optional(
      Type.String({
        pattern: '^[0-9A-Za-z]{1,10}$',
        description: 'file extension without the dot, e.g. pdf (an addition to the partner spec)',
      }),
    ),
    sort_by: Type.Union(
      [Type.Literal('relevance'), Type.Literal('createdAt'), Type.Literal('updatedAt'), Type.Literal('filename')],
      { default: 'relevance' },
    ),
    sort_order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      default: 'desc',
      description: 'applies only when sort_by is not relevance',
    }),
    include_aggregations: Type.Boolean({ default: false }),
    fuzziness: Type.Union([Type.Literal('auto'), Type.Literal('on'), Type.Literal('off')], { default: 'auto' }),
    latest_revisions: LatestRevisionsQuery,
    include_passages: Type.Boolean({
      default: false,
      description: 'true: each hit carries up to 3 passages of its pages that matched, with highlighted words',
    }),
  },
  { additionalProperties: false },
);

export function toSearchParameters(query: Static<typeof SearchQuerySchema>): SearchParameters {
  return {
    query: query.query,
    maxResults: query.max_results,
    startIndex: query.start_index,
    ...(query.discipline !== undefined ? { discipline: query.discipline } : {}),
    ...(query.document_type !== undefined ? { documentType: query.document_type } : {}),
    ...(query.floor !== undefined ? { floor: query.floor } : {}),
    ...(query.category !== undefined ? { category: query.category } : {}),
    ...(query.extension !== undefined ? { extension: query.extension } : {}),
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    includeAggregations: query.include_aggregations,
    fuzziness: query.fuzziness,
    ...(query.latest_revisions ? { latestRevisions: true } : {}),
    ...(query.include_passages ? { includePassages: true } : {}),
  };
}
