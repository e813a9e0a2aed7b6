import { Type } from '@sinclair/typebox';
import type { AggregationBucket, DocumentSearchResult, SearchHit } from '../../domain/search/search.types.js';
import { Timestamp } from '../schemas/common.js';

export const SearchPassageSchema = Type.Object({
  page_number: Type.Integer({ minimum: 1 }),
  text: Type.String({ description: "a verbatim excerpt of the page's extracted text, at most 400 characters" }),
  highlights: Type.Array(Type.Array(Type.Integer({ minimum: 0 }), { minItems: 2, maxItems: 2 }), {
    description: 'half-open [start, end) ranges in `text` (UTF-16 indices), each a whole word that matched the query',
  }),
});

export const SearchHitSchema = Type.Object({
  id: Type.String(),
  buildingId: Type.String(),
  filename: Type.String(),
  title: Type.Optional(Type.String()),
  buildingCategory: Type.Optional(Type.String()),
  discipline: Type.Optional(Type.String()),
  isDrawing: Type.Optional(Type.Boolean()),
  asBuilt: Type.Optional(Type.Boolean()),
  drawingRevision: Type.Optional(Type.String()),
  supersededBy: Type.Union([Type.String(), Type.Null()]),
  isLatestRevision: Type.Boolean(),
  drawingType: Type.Optional(Type.String()),
  drawingDate: Type.Optional(Type.String()),
  md5Checksum: Type.Optional(Type.String()),
  originalCreatedAt: Type.Optional(Type.String()),
  originalPath: Type.Optional(Type.String()),
  size: Type.Optional(Type.Number({ description: 'bytes' })),
  informationType: Type.Optional(Type.String()),
  informationTypes: Type.Optional(Type.Array(Type.String())),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  relevanceScore: Type.Optional(Type.Number()),
  externalIds: Type.Optional(Type.Record(Type.String(), Type.String())),
  passages: Type.Optional(
    Type.Array(SearchPassageSchema, {
      description:
        'with include_passages=true: up to 3, best first; empty when the document matched on its name or title only',
    }),
  ),
});

const Buckets = Type.Array(Type.Object({ key: Type.String(), count: Type.Integer() }));

export const SearchResponseSchema = Type.Object({
  hits: Type.Array(SearchHitSchema),
  numberOfHits: Type.Integer({
    description: 'an upper bound: documents in private folders are counted but not returned',
  }),
  aggregations: Type.Optional(
    Type.Object({
      discipline: Type.Optional(Buckets),
      category: Type.Optional(Buckets),
      extension: Type.Optional(Buckets),
      drawing_floor: Type.Optional(Buckets),
    }),
  ),
});

/** A hit carries every SearchHit field its document has; fields the document lacks are left out, not null. */
function presentSearchHit(hit: SearchHit) {
  const d = hit.document;
  return {
    id: d.id,
    buildingId: d.buildingId,
    filename: d.filename,
    ...(d.title ? { title: d.title } : {}),
    ...(d.buildingCategory ? { buildingCategory: d.buildingCategory } : {}),
    ...(d.discipline ? { discipline: d.discipline } : {}),
    isDrawing: d.isDrawing,
    asBuilt: d.asBuilt,
    ...(d.drawingRevision ? { drawingRevision: d.drawingRevision } : {}),
    supersededBy: d.supersededBy,
    isLatestRevision: d.supersededBy === null,
    ...(d.drawingType ? { drawingType: d.drawingType } : {}),
    ...(d.drawingDate ? { drawingDate: d.drawingDate } : {}),
    ...(d.md5 ? { md5Checksum: d.md5 } : {}),
    ...(d.originalCreatedAt ? { originalCreatedAt: d.originalCreatedAt.toISOString() } : {}),
    originalPath: d.originalPath,
    size: d.size,
    ...(d.informationType ? { informationType: d.informationType } : {}),
    ...(d.informationTypes.length > 0 ? { informationTypes: d.informationTypes } : {}),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    relevanceScore: hit.score,
    ...(d.externalIds && Object.keys(d.externalIds).length > 0 ? { externalIds: d.externalIds } : {}),
    ...(hit.passages
      ? {
          passages: hit.passages.map((p) => ({
            page_number: p.pageNumber,
            text: p.text,
            highlights: p.highlights.map(([start, end]) => [start, end]),
          })),
        }
      : {}),
  };
}

function presentBuckets(buckets: AggregationBucket[]) {
  return buckets.map((b) => ({ key: b.key, count: b.count }));
}

export function presentSearchResult(result: DocumentSearchResult) {
  return {
    hits: result.hits.map(presentSearchHit),
    numberOfHits: result.numberOfHits,
    ...(result.aggregations
      ? {
          aggregations: {
            discipline: presentBuckets(result.aggregations.discipline),
            category: presentBuckets(result.aggregations.category),
            extension: presentBuckets(result.aggregations.extension),
            drawing_floor: presentBuckets(result.aggregations.drawing_floor),
          },
        }
      : {}),
  };
}
