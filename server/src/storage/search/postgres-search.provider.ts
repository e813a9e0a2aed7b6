import { sql, type Kysely, type RawBuilder } from 'kysely';
import { minimumShouldMatch } from '../../domain/search/query-parser.js';
import type {
  AggregationBucket,
  DocumentSearchRequest,
  DocumentSearchResult,
  SearchAggregations,
  SearchHit,
  SearchProvider,
  SearchScope,
} from '../../domain/search/search.types.js';
import { toDocument } from '../db/repositories/document-rows.js';
import type { DB } from '../db/schema.js';
import { visibleDocuments } from '../db/visibility.js';
import { createPostgresChunkRetriever } from './postgres-chunk.retriever.js';
import { findPassages } from './passages.js';
import { analyseQuery } from './query-analysis.js';
import {
  coverageFromRanks,
  lengthNorm,
  roughScore,
  rounded,
  roundedRough,
  scoreFromRanks,
  termRanks,
  type WeightedTerm,
} from './ranking.js';
import { inSearchTransaction, resolveScope, weigh, type Executor } from './search-sql.js';

/**
 * How many of an all-terms query's hits are ranked exactly (reading their whole vector) after the first pass has
 * ordered every hit by its small vectors. Pages inside this depth are in exact order; deeper pages in first-pass order.
 */
const RERANK_DEPTH = 500;
/** in a 'most' query, a term in more than this share of the scope does not widen the candidates on its own */
const COMMON_TERM_SHARE = 0.25;
/** buckets per aggregation */
const AGGREGATION_SIZE = 100;

const EMPTY_AGGREGATIONS: SearchAggregations = { discipline: [], category: [], extension: [], drawing_floor: [] };

/**
 * Search on PostgreSQL full-text search, identical on the PostgreSQL server and on PGlite (same SQL, same analysis,
 * same ranking; no index type that only one of them has). See migration 0004-search for the index.
 */
export function createPostgresSearchProvider(params: { db: Kysely<DB> }): SearchProvider {
  const { db } = params;
  const chunks = createPostgresChunkRetriever({ db });

  function filtersOf(request: DocumentSearchRequest): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [];
    const { discipline, documentType, floor, category, extension } = request.filters;
    if (discipline !== undefined) parts.push(sql`and lower(s.discipline) = lower(${discipline})`);
    if (documentType !== undefined) parts.push(sql`and s.is_drawing = ${documentType === 'drawing'}`);
    if (floor !== undefined) parts.push(sql`and lower(s.floor) = lower(${floor})`);
    // the schema allows letters and digits only, so the code is safe as a LIKE prefix
    if (category !== undefined) parts.push(sql`and s.building_category like ${`${category}%`}`);
    if (extension !== undefined) parts.push(sql`and s.extension = lower(${extension})`);
    if (request.filters.latestRevisions)
      parts.push(
        sql`and not exists (select 1 from documents sup where sup.id = s.document_id and sup.superseded_by is not null)`,
      );
    return parts.length === 0 ? sql`` : sql.join(parts, sql` `);
  }

  function aggregationsOf(enabled: boolean): RawBuilder<unknown> {
    if (!enabled) return sql`null::json`;
    return sql`(
      select coalesce(json_agg(json_build_object('field', a.field, 'key', a.key, 'count', a.n)
               order by a.field, a.n desc, a.key collate "C"), '[]'::json)
      from (
        select 'discipline' as field, m.discipline as key, count(*)::int as n from m
          where m.discipline is not null group by m.discipline
        union all
        select 'category', m.building_category, count(*)::int from m
          where m.building_category is not null group by m.building_category
        union all
        select 'extension', m.extension, count(*)::int from m where m.extension <> '' group by m.extension
        union all
        select 'drawing_floor', m.floor, count(*)::int from m
          where m.is_drawing and m.floor is not null group by m.floor
      ) a)`;
  }

  function orderOf(request: DocumentSearchRequest, alias: string, scoreColumn: string): RawBuilder<unknown> {
    const direction = sql.raw(request.sortOrder === 'asc' ? 'asc' : 'desc');
    const a = (column: string) => sql.ref(`${alias}.${column}`);
    switch (request.sortBy) {
      case 'relevance':
        return sql`${a(scoreColumn)} desc, ${a('document_id')}`;
      case 'createdAt':
        return sql`${a('created_at')} ${direction}, ${a('document_id')} ${direction}`;
      case 'updatedAt':
        return sql`${a('updated_at')} ${direction}, ${a('document_id')} ${direction}`;
      case 'filename':
        // rule 2: code-point order, so uppercase comes before lowercase and æ ø å after z
        return sql`${a('filename')} collate "C" ${direction}, ${a('document_id')} ${direction}`;
    }
  }

  function parseAggregations(raw: unknown): SearchAggregations {
    const result: SearchAggregations = { discipline: [], category: [], extension: [], drawing_floor: [] };
    const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
      { field: keyof SearchAggregations; key: string; count: number }[] | null;
    for (const row of rows ?? []) {
      const list: AggregationBucket[] = result[row.field];
      if (list.length < AGGREGATION_SIZE) list.push({ key: row.key, count: Number(row.count) });
    }
    return result;
  }

  function parsePage(raw: unknown): { id: string; score: number }[] {
    const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { id: string; score: number }[] | null;
    return (rows ?? []).map((r) => ({ id: r.id, score: Number(r.score) }));
  }

  /** The page's documents in page order; private-folder documents are left out here (rule 4), after counting. */
  async function loadHits(params: {
    trx: Executor;
    scope: SearchScope;
    page: { id: string; score: number }[];
  }): Promise<SearchHit[]> {
    const { trx, scope, page } = params;
    if (page.length === 0) return [];
    const rows = await visibleDocuments(trx, {
      ownerId: scope.ownerId,
      ...(scope.buildingIds !== null ? { buildingIds: scope.buildingIds } : {}),
    })
      .selectAll('d')
      .where(
        'd.id',
        'in',
        page.map((p) => p.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const hits: SearchHit[] = [];
    for (const entry of page) {
      const row = byId.get(entry.id);
      if (row) hits.push({ document: toDocument(row), score: entry.score });
    }
    return hits;
  }

  async function searchDocuments(request: DocumentSearchRequest): Promise<DocumentSearchResult> {
    const none = (): DocumentSearchResult => ({
      hits: [],
      numberOfHits: 0,
      ...(request.aggregations ? { aggregations: EMPTY_AGGREGATIONS } : {}),
    });
    if (request.query.include.length === 0) return none();
    return inSearchTransaction(db, async (trx) => {
      // the analysis's first statement also sets the planner settings and looks up the scope's live buildings
      const analysed = await analyseQuery({
        db: trx,
        ownerId: request.scope.ownerId,
        query: request.query,
        compounds: true,
        plannerSettings: { scope: request.scope },
      });
      const scope = await resolveScope(trx, request.scope, analysed.live);
      if (scope.empty) return none();
      if (analysed.include.length === 0) return none();
      const weighed = await weigh({
        trx,
        table: 'search_documents',
        condition: scope.condition('x'),
        vector: 'tsv',
        terms: analysed.include,
      });
      const terms = weighed.terms;
      const exclude = analysed.exclude ? sql`and not (s.tsv @@ ${analysed.exclude}::tsquery)` : sql``;
      const base = sql`${scope.condition('s')} ${exclude} ${filtersOf(request)}`;
      const columns = sql`s.document_id, s.discipline, s.building_category, s.extension, s.is_drawing, s.floor,
        s.created_at, s.updated_at, s.filename, s.body_length`;
      const aggregations = aggregationsOf(request.aggregations);

      if (request.query.match === 'most' && terms.length > 1) {
        // prose: a hit contains enough of the terms; every candidate is ranked exactly
        const common = (i: number) => (weighed.frequencies[i] ?? 0) > weighed.documents * COMMON_TERM_SHARE;
        const widening = terms.filter((_, i) => !common(i));
        const candidates = (widening.length > 0 ? widening : terms).map((t) => t.match).join(' | ');
        const required = Math.min(
          minimumShouldMatch({ terms: terms.length, question: request.query.question }),
          terms.length,
        );
        const ranks = termRanks({ vector: sql`s.tsv`, terms });
        const score = rounded(
          sql<number>`${scoreFromRanks({ ranks: sql`c.r`, terms })} * ${lengthNorm(sql`c.body_length`)}`,
        );
        const row = (
          await sql<{ total: number; aggregations: unknown; page: unknown }>`
            with c as materialized (
              select ${columns}, ${ranks} as r from search_documents s
              where ${base} and s.tsv @@ ${candidates}::tsquery
            ),
            m as materialized (
              select c.*, ${score} as score from c where ${coverageFromRanks({ ranks: sql`c.r`, terms })} >= ${required}
            ),
            page as (
              select m.* from m order by ${orderOf(request, 'm', 'score')}
              offset ${request.offset} limit ${request.limit}
            )
            select (select count(*) from m)::int as total, ${aggregations} as aggregations,
              (select coalesce(json_agg(json_build_object('id', p.document_id, 'score', p.score)
                 order by ${orderOf(request, 'p', 'score')}), '[]'::json)
               from page p) as page`.execute(trx)
        ).rows[0];
        return finish({ trx, request, row, rerank: false, terms });
      }

      // keywords: every term must match; the first pass orders all hits cheaply, the best are ranked exactly
      const matchAll = terms.map((t) => t.match).join(' & ');
      const rough = roundedRough(roughScore({ alias: 's', terms }));
      const exactOf = (alias: string) =>
        rounded(
          sql<number>`${scoreFromRanks({ ranks: sql`${sql.ref(alias)}.r`, terms })} * ${lengthNorm(sql`${sql.ref(alias)}.body_length`)}`,
        );
      const matched = sql`m as materialized (
        select ${columns}, ${request.sortBy === 'relevance' ? rough : sql`0::float8`} as rough
        from search_documents s where ${base} and s.tsv @@ ${matchAll}::tsquery
      )`;
      const within = request.sortBy === 'relevance' && request.offset < RERANK_DEPTH;
      const chosen = within
        ? sql`select m.* from m order by m.rough desc, m.document_id limit ${RERANK_DEPTH}`
        : sql`select m.* from m order by ${orderOf(request, 'm', 'rough')}
              offset ${request.offset} limit ${request.limit}`;
      const row = (
        await sql<{ total: number; aggregations: unknown; page: unknown }>`
          with ${matched},
          chosen as materialized (${chosen}),
          ranked as materialized (
            select p.*, ${termRanks({ vector: sql`s.tsv`, terms })} as r
            from chosen p join search_documents s on s.document_id = p.document_id
          )
          select (select count(*) from m)::int as total, ${aggregations} as aggregations,
            (select coalesce(json_agg(json_build_object('id', k.document_id, 'score', ${exactOf('k')})
               order by ${orderOf(request, 'k', 'rough')}), '[]'::json)
             from ranked k) as page`.execute(trx)
      ).rows[0];
      // inside the depth: the exact scores decide the order; deeper: the page is in first-pass (or field) order
      return finish({ trx, request, row, rerank: within, terms });
    });
  }

  async function finish(params: {
    trx: Executor;
    request: DocumentSearchRequest;
    row: { total: number; aggregations: unknown; page: unknown } | undefined;
    rerank: boolean;
    terms: readonly WeightedTerm[];
  }): Promise<DocumentSearchResult> {
    const { trx, request, row } = params;
    let page = parsePage(row?.page);
    if (params.rerank) {
      // ties by id, as everywhere
      page.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      page = page.slice(request.offset, request.offset + request.limit);
    }
    const loaded = await loadHits({ trx, scope: request.scope, page });
    let hits = loaded;
    if (request.passages) {
      const passages = await findPassages({ trx, terms: params.terms, documentIds: loaded.map((h) => h.document.id) });
      hits = loaded.map((hit) => ({ ...hit, passages: passages.get(hit.document.id) ?? [] }));
    }
    return {
      hits,
      numberOfHits: Number(row?.total ?? 0),
      ...(request.aggregations ? { aggregations: parseAggregations(row?.aggregations) } : {}),
    };
  }

  return {
    searchDocuments,
    retrieveChunks: (request) => chunks.retrieveChunks(request),
    findMentions: (request) => chunks.findMentions(request),
  };
}
