import { sql, type Kysely, type RawBuilder } from 'kysely';
import { minimumShouldMatch } from '../../domain/search/query-parser.js';
import type {
  AggregationBucket,
  DocumentSearchRequest,
  DocumentSearchResult,
  SearchAggregations,
  SearchHit,
  SearchProvider,
} from '../../domain/search/search.types.js';
import { toDocument, type DocumentRow } from '../db/repositories/document-rows.js';
import { executeParsedOnce } from '../db/prepared.js';
import type { DB } from '../db/schema.js';
import { privateFolderDocumentIds } from '../db/visibility.js';
import { createPostgresChunkRetriever } from './postgres-chunk.retriever.js';
import { findPassages } from './passages.js';
import { analyseQuery, type AnalysedQuery } from './query-analysis.js';
import {
  answerFromSegment,
  fewHitsHeld,
  lexemesOf,
  smallScopeHeld,
  type SegmentAnswer,
  type SegmentCache,
  type SegmentRankInputs,
  type SegmentSettings,
} from './segments.js';
import {
  coverageFromRanks,
  detoasted,
  exactScoreBound,
  inHeadOrTop,
  inverseDocumentFrequency,
  lengthNorm,
  PRESENCE_TESTS,
  roughScore,
  rankCount,
  rint,
  roughScoreOf,
  rounded,
  roundedRough,
  exactScoreOf,
  roundedScoreOf,
  scoreFromRanks,
  termRanks,
  type WeightedTerm,
} from './ranking.js';
import { inSearchSession, resolveScope, weigh, type Executor, type ResolvedScope } from './search-sql.js';

/**
 * How many of an all-terms query's hits are ranked exactly (reading their whole vector) after the first pass has
 * ordered every hit by its small vectors. Pages inside this depth are in exact order; deeper pages in first-pass order.
 */
const RERANK_DEPTH = 500;
/** with the exact rank's bound (rankedOf's `pruning`): the hits ranked at once, the first by the first pass */
const PRUNE_FIRST = 60;
/** in a 'most' query, a term in more than this share of the scope does not widen the candidates on its own */
const COMMON_TERM_SHARE = 0.25;
/** buckets per aggregation */
const AGGREGATION_SIZE = 100;

/**
 * What a search keeps of each hit: its id and body length (the length norm), the facets' fields when they are asked
 * for, and the sort key when it is a field. A narrow row, because every hit is kept (tens of thousands owner-wide).
 */
function hitColumns(request: DocumentSearchRequest): string[] {
  const columns = ['document_id', 'body_length'];
  if (request.aggregations) columns.push('discipline', 'building_category', 'extension', 'is_drawing', 'floor');
  const sortColumn = { relevance: null, createdAt: 'created_at', updatedAt: 'updated_at', filename: 'filename' }[
    request.sortBy
  ];
  if (sortColumn !== null) columns.push(sortColumn);
  return columns;
}

/**
 * a row of a search statement's end (withPage): the count, the aggregations, and a page entry (none when empty) with
 * its document's columns (null when the entry's document is not visible: a private folder's, counted but not returned)
 */
type PageRow = {
  search_total: number;
  search_aggregations: unknown;
  search_score: number | null;
  search_n: number | null;
  document_id: string | null;
} & { [K in keyof DocumentRow]: DocumentRow[K] | null };

const EMPTY_AGGREGATIONS: SearchAggregations = { discipline: [], category: [], extension: [], drawing_floor: [] };

/** a ranked hit's exact score, from its ranks (`r`) and body length, on the alias of a row of `ranked` */
function exactScore(alias: string, terms: readonly WeightedTerm[]): RawBuilder<number> {
  const a = sql.ref(alias);
  return rounded(sql<number>`${scoreFromRanks({ ranks: sql`${a}.r`, terms })} * ${lengthNorm(sql`${a}.body_length`)}`);
}

/** rankedOf's pruning: the page's last place, and how many hits are ranked before any bound is looked at */
interface ExactBound {
  /** offset + limit */
  reach: number;
  first: number;
}

/**
 * The exact rank's pruning for a page of the first `reach` places, or null where exactScoreBound does not hold: a
 * term whose exact form or alternatives are anything but an OR of whole lexemes (a prefix finds several entries per
 * lexeme of the query, an AND or a phrase is ranked by proximity).
 */
function exactBound(terms: readonly WeightedTerm[], reach: number): ExactBound | null {
  const plain = (query: string | null) => {
    if (query === null) return true;
    const lexemes = lexemesOf(query);
    return lexemes !== null && lexemes.prefixes.length === 0 && lexemes.exact.length > 0;
  };
  if (reach > RERANK_DEPTH || terms.length === 0 || !terms.every((t) => plain(t.exact) && plain(t.alternatives))) {
    return null;
  }
  return { reach, first: Math.max(PRUNE_FIRST, 2 * reach) };
}

/**
 * Search on PostgreSQL full-text search, identical on the PostgreSQL server and on PGlite (same SQL, same analysis,
 * same ranking; no index type that only one of them has). See migration 0004-search for the index.
 */
export function createPostgresSearchProvider(params: {
  db: Kysely<DB>;
  /**
   * how a keyword search's first pass finds its best hits: 'boosted' (scoring in full only the hits the boost index
   * finds), or 'every-hit' (scoring every hit in full), kept as the reference the tests hold 'boosted' to
   */
  firstPass?: 'boosted' | 'every-hit';
  /** on the PostgreSQL server: a common term's hits may be read with a parallel worker (search-sql's plannerSettings) */
  parallel?: boolean;
  /**
   * the owners' segments (segments.ts), held in this process's cache; `wait`: a search waits for its segment's values
   * to load (tests, benches) instead of answering from SQL meanwhile
   */
  segments?: { cache: SegmentCache; settings: SegmentSettings; wait?: boolean } | null;
  /** the exact rank reads only the hits that can reach the page (rankedOf's bound); false: every chosen hit (benches) */
  boundExactRank?: boolean;
  /**
   * a search a segment answers ranks its candidates from the segment's counts (segment-ranks.ts), reading no vector;
   * false: from their vectors, as without a segment (benches)
   */
  segmentRanks?: boolean;
}): SearchProvider {
  const { db } = params;
  const firstPassMode = params.firstPass ?? 'boosted';
  const boundExactRank = params.boundExactRank !== false;
  const segmentRanks = params.segmentRanks !== false;
  const chunks = createPostgresChunkRetriever({ db, segments: params.segments ?? null });

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

  /**
   * The facets of the hits (`m`), leaving out those under a private folder: `numberOfHits` counts them (rule 4), but a
   * bucket would tell their discipline, category, type or floor. The hidden ids are looked up once, hashed.
   */
  function aggregationsOf(enabled: boolean, scope: { ownerId: string; buildingIds: readonly string[] | null }) {
    if (!enabled) return sql`null::json`;
    // one pass over the hits: a grouping set per facet, each row counted in all four hash tables at once
    // (four group-bys read the hits four times; grouping by the four fields together, then summing, hashes every
    // hit on five columns)
    return sql`(
      select coalesce(json_agg(json_build_object('field', a.field, 'key', a.key, 'count', a.n)
               order by a.field, a.n desc, a.key collate "C"), '[]'::json)
      from (
        select
          case when grouping(m.discipline) = 0 then 'discipline'
               when grouping(m.building_category) = 0 then 'category'
               when grouping(m.extension) = 0 then 'extension'
               else 'drawing_floor' end as field,
          coalesce(m.discipline, m.building_category, m.extension, case when m.is_drawing then m.floor end) as key,
          count(*)::int as n
        from m
        where m.document_id not in (${privateFolderDocumentIds(scope.ownerId, scope.buildingIds)})
        group by grouping sets ((m.discipline), (m.building_category), (m.extension),
          (case when m.is_drawing then m.floor end))
      ) a
      where a.key is not null and (a.field <> 'extension' or a.key <> ''))`;
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

  /**
   * The end of a search statement: one row per entry of the `page` CTE (document_id, score, n: its place), with the
   * count, the aggregations and the entry's visible document; one row with no entry when the page is empty.
   *
   * The page's documents come from search_page_documents (migration 0052: the rows of visibleDocuments for the ids, in
   * the request's scope), inside this statement: in a statement of their own after it they were a round trip more,
   * and joined here as tables they took longer to plan than the rest of a rare term's search to run. Private-folder
   * documents find no row (rule 4): counted, not returned. The ids are a list the planner does not count.
   */
  function withPage(params: {
    request: DocumentSearchRequest;
    aggregations: RawBuilder<unknown>;
    /** the count of hits, when not that of the `m` CTE's rows */
    total?: RawBuilder<unknown>;
    /** executeParsedOnce's condition that keeps the statement planned for its values, evaluated once here */
    customPlansOnly: RawBuilder<boolean>;
  }) {
    const total = params.total ?? sql`(select count(*) from m)::int`;
    const { ownerId, buildingIds } = params.request.scope;
    const buildings = buildingIds === null ? sql`null::text[]` : sql`${[...buildingIds]}::text[]`;
    return sql`select h.search_total, h.search_aggregations, page.score as search_score, page.n as search_n,
        page.document_id, d.*
      from (select ${total} as search_total, ${params.aggregations} as search_aggregations
        where ${params.customPlansOnly}) h
      left join page on true
      left join search_page_documents(array(select p.document_id from page p), ${ownerId}, ${buildings}) d
        on d.id = page.document_id
      order by page.n`;
  }

  /**
   * A parallel worker for a search over more than one building: one building's hits are too few to share (at
   * 1,000,000 documents its common term took 1.5 ms longer with a worker, the owner-wide one 13 % less).
   */
  function parallelFor(request: DocumentSearchRequest): boolean {
    const { buildingIds } = request.scope;
    return params.parallel === true && (buildingIds === null || buildingIds.length > 1);
  }

  /**
   * The exact rank of the chosen hits (`chosen`: document_id, ctid, body_length, rough, rn, and with `pruning` each
   * hit's `bound`: ranking.ts's exactScoreBound), reading each vector once.
   *
   * With `pruning` (a page of the first `reach` places, inside the depth), not every chosen hit is read: the first
   * `pruning.first` by the first pass are ranked, and of the others only those whose bound reaches the `reach`-th best
   * exact score among them (every other when there are fewer). A hit left out scores less than the page's last, so
   * the page, its order and its places are those of ranking every chosen hit: ranking 500 hits exactly reads 500 body
   * vectors, most of an owner-wide search's time once a segment has found its candidates.
   */
  function rankedOf(
    terms: readonly WeightedTerm[],
    pruning: ExactBound | null,
    /** `chosen` carries the ranks of the hits a segment ranked (`known_r`): only the others' vectors are read */
    known = false,
  ): RawBuilder<unknown> {
    const rank = (where: RawBuilder<unknown>) => sql`
      select p.*, ${termRanks({ vector: sql`s.tsv`, terms })} as r
      from (select * from chosen order by ctid) p ${
        rankCount(terms) > 1
          ? sql`cross join lateral (select ${detoasted(sql`x.tsv`)} as tsv from search_documents x
              where x.ctid = p.ctid offset 0) s`
          : sql`join search_documents s on s.ctid = p.ctid`
      }
      where ${where}`;
    if (known) {
      return sql`ranked as materialized (
        select p.*, p.known_r as r from chosen p where p.known_r is not null
        union all
        ${rank(sql`p.known_r is null`)}
      )`;
    }
    if (pruning === null) return sql`ranked as materialized (${rank(sql`true`)})`;
    // the margins: ts_rank's float4 sums, and the exact score's rounding to millionths
    return sql`ranked_first as materialized (${rank(sql`p.rn <= ${pruning.first}`)}),
      cut as materialized (
        select ${exactScore('k', terms)} as score from ranked_first k
        order by 1 desc, k.document_id offset ${pruning.reach - 1} limit 1
      ),
      ranked as materialized (
        select * from ranked_first
        union all
        ${rank(sql`p.rn > ${pruning.first}
          and (p.bound * (1 + 1e-5) + 1e-6 >= (select c.score from cut c) or not exists (select 1 from cut))`)}
      )`;
  }

  /**
   * A page inside the rerank's depth: the exact scores of `ranked` (alias k) decide the order (ties by id, as
   * everywhere), going on in first-pass order (rn) where the page reaches past the depth, as the next page will
   */
  function pageWithin(request: DocumentSearchRequest, exact: RawBuilder<number>): RawBuilder<unknown> {
    return sql`page as (
      select e.document_id, e.score, e.n from (
        select x.document_id, x.score,
          case when x.rn <= ${RERANK_DEPTH}
            then row_number() over (partition by x.rn <= ${RERANK_DEPTH} order by x.score desc, x.document_id)
            else x.rn end as n
        from (select k.document_id, k.rn, ${exact} as score from ranked k) x
      ) e
      order by e.n offset ${request.offset} limit ${request.limit}
    )`;
  }

  /**
   * Whether an owner's segment may answer (segments.ts): a keyword search by relevance, owner-wide or in some of its
   * buildings (the segment's documents of those), its page inside the rerank's depth, with no filter and no excluded
   * term. Anything else reads `search_documents` as before.
   */
  function segmentMayAnswer(request: DocumentSearchRequest, analysed: AnalysedQuery): boolean {
    const { discipline, documentType, floor, category, extension, latestRevisions } = request.filters;
    return (
      params.segments != null &&
      firstPassMode === 'boosted' &&
      request.sortBy === 'relevance' &&
      request.offset + request.limit <= RERANK_DEPTH &&
      [discipline, documentType, floor, category, extension].every((f) => f === undefined) &&
      latestRevisions !== true &&
      analysed.exclude === null &&
      !(request.query.match === 'most' && analysed.include.length > 1)
    );
  }

  /**
   * A keyword search from the owner's segment's answer: its first pass's candidates (the hits that can be among the
   * best RERANK_DEPTH) are scored by the first pass, the best RERANK_DEPTH ranked exactly, the page cut from them. The
   * same statements as the search without a segment, on a few hundred candidates instead of every hit.
   */
  async function searchWithSegment(params: {
    trx: Executor;
    request: DocumentSearchRequest;
    scope: ResolvedScope;
    answer: SegmentAnswer;
    analysed: AnalysedQuery;
  }): Promise<DocumentSearchResult> {
    const { trx, request, scope, answer } = params;
    const include = params.analysed.include;
    // as weigh: one term needs no idf (it cannot reorder it)
    const terms: WeightedTerm[] = include.map((term, i) => ({
      ...term,
      idf:
        include.length === 1
          ? 1
          : inverseDocumentFrequency({ documents: answer.documents, containing: answer.frequencies[i] ?? 0 }),
    }));
    const candidates = answer.candidates({ depth: RERANK_DEPTH, terms });
    const ids = candidates.map((c) => c.documentId);
    const inputs = answer.rankInputs(candidates);
    if (inputs !== null) {
      const page = inputs.every((x) => x !== null) ? pageInProcess({ request, terms, ids, inputs }) : null;
      if (page !== null) return pageOfRanked({ ...params, terms, page });
      return rankedBySegment({ ...params, terms, ids, inputs });
    }
    // a candidate whose head and top hold no term scores its floor: its head and top are not read
    const pruning = boundExactRank ? exactBound(terms, request.offset + request.limit) : null;
    const bound =
      pruning === null
        ? sql``
        : sql`, case when c.boosted then ${exactScoreBound({ alias: 's', terms, presence: true })}
            else ${exactScoreBound({ alias: 's', terms, presence: false })} end as bound`;
    const firstPass = sql`case when c.boosted then ${roundedRough(roughScore({ alias: 's', terms }))}
      else ${roundedRough(roughScore({ alias: 's', terms, presence: false }))} end`;
    const rows = (
      await executeParsedOnce(
        trx,
        (customPlansOnly) => sql<PageRow>`
        with c as (select * from unnest(${ids}::uuid[], ${candidates.map((c) => c.boosted)}::boolean[])
          as c (document_id, boosted)),
        chosen as materialized (
          select x.*, row_number() over (order by x.rough desc, x.document_id) as rn from (
            select f.* from (
              select s.document_id, s.ctid, s.body_length, ${firstPass} as rough${bound}
              from c join search_documents s on s.document_id = c.document_id where ${scope.condition('s')}
            ) f order by f.rough desc, f.document_id limit ${RERANK_DEPTH}
          ) x
        ),
        ${rankedOf(terms, pruning)},
        ${pageWithin(request, exactScore('k', terms))}
        ${withPage({ request, aggregations: sql`null::json`, total: sql`${answer.numberOfHits}::int`, customPlansOnly })}`,
      )
    ).rows;
    const found = await finish({ trx, request, rows, terms });
    return answer.aggregations !== null ? { ...found, aggregations: answer.aggregations } : found;
  }

  /**
   * The page rankedBySegment's statement would cut, cut in this process: when the segment ranked every candidate (none
   * written since it was built), the first pass's scores and the exact ones are those of the statement's expressions
   * to the last bit (ranking.ts's roughScoreOf with the database's length norm, rint, exactScoreOf), and the order the
   * same (score, then the id: uuid order is the order of their text). Only the page's documents are left to read, not
   * 500 candidates' values to send and score. null when a score is one roundedScoreOf leaves to the database.
   */
  function pageInProcess(params: {
    request: DocumentSearchRequest;
    terms: readonly WeightedTerm[];
    ids: readonly string[];
    inputs: readonly SegmentRankInputs[];
  }): { ids: string[]; scores: number[] } | null {
    const { terms, inputs } = params;
    const byScoreThenId = (a: { id: string; score: number }, b: { id: string; score: number }) =>
      b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const chosen = inputs
      .map((input, k) => ({
        id: params.ids[k]!,
        input,
        score: rint(
          roughScoreOf({
            terms,
            presence: (t, test) => input.presence[2 * PRESENCE_TESTS.length * t + test]!,
            length: input.bodyLength,
            norm: input.norm,
          }),
        ),
      }))
      .sort(byScoreThenId)
      .slice(0, RERANK_DEPTH);
    // the exact scores before rounding, best first: rounding keeps their order (ties aside), so only the first
    // `offset + limit` and those that round to the last of them are rounded
    const exact = chosen
      .map(({ id, input }) => ({ id, raw: exactScoreOf({ terms, ranks: input.ranks, norm: input.norm }) }))
      .sort((a, b) => b.raw - a.raw);
    const reach = Math.min(params.request.offset + params.request.limit, exact.length);
    const ranked: { id: string; score: number }[] = [];
    for (const hit of exact) {
      const score = roundedScoreOf(hit.raw);
      if (score === null) return null;
      if (reach > 0 && ranked.length >= reach && score < ranked[reach - 1]!.score) break;
      ranked.push({ id: hit.id, score });
    }
    const page = ranked.sort(byScoreThenId).slice(params.request.offset, params.request.offset + params.request.limit);
    return { ids: page.map((hit) => hit.id), scores: page.map((hit) => hit.score) };
  }

  /** the page pageInProcess cut: its documents, read in one statement (withPage) */
  async function pageOfRanked(params: {
    trx: Executor;
    request: DocumentSearchRequest;
    answer: SegmentAnswer;
    terms: WeightedTerm[];
    page: { ids: string[]; scores: number[] };
  }): Promise<DocumentSearchResult> {
    const { trx, request, answer, page } = params;
    const rows = (
      await executeParsedOnce(
        trx,
        (customPlansOnly) => sql<PageRow>`
        with page as (select * from unnest(${page.ids}::uuid[], ${page.scores}::float8[])
          with ordinality as p (document_id, score, n))
        ${withPage({ request, aggregations: sql`null::json`, total: sql`${answer.numberOfHits}::int`, customPlansOnly })}`,
      )
    ).rows;
    const found = await finish({ trx, request, rows, terms: params.terms });
    return answer.aggregations !== null ? { ...found, aggregations: answer.aggregations } : found;
  }

  /**
   * searchWithSegment's statement when the segment ranked its candidates (`inputs`, SegmentAnswer's rankInputs): the
   * first pass's scores and the exact ones are computed from what the segment gives, by the same expressions, and
   * `search_documents` is read only for the candidates it could not rank (written since it was built, mostly)
   */
  async function rankedBySegment(params: {
    trx: Executor;
    request: DocumentSearchRequest;
    scope: ResolvedScope;
    answer: SegmentAnswer;
    terms: WeightedTerm[];
    ids: string[];
    inputs: (SegmentRankInputs | null)[];
  }): Promise<DocumentSearchResult> {
    const { trx, request, scope, answer, terms, inputs } = params;
    // per term, two ranks (its exact form's, its alternatives') and the presence tests of both forms
    const ranks = 2 * terms.length;
    const perTerm = 2 * PRESENCE_TESTS.length;
    const tests = perTerm * terms.length;
    const zeros = (n: number) => new Array<number>(n).fill(0);
    // a candidate's values at its place `k` in the arrays; the segment's candidates have their body length, the others
    // none, and are read
    const rough = roundedRough(
      roughScore({
        alias: 'c',
        terms,
        tests: (t, test) => sql<number>`a.p[(c.k::int - 1) * ${tests}::int + ${perTerm * t + test + 1}::int]`,
      }),
    );
    const rows = (
      await executeParsedOnce(
        trx,
        (customPlansOnly) => sql<PageRow>`
        with a as (select ${inputs.flatMap((x) => x?.presence ?? zeros(tests))}::int[] as p,
          ${inputs.flatMap((x) => x?.ranks ?? zeros(ranks))}::float8[] as r),
        c as (select * from unnest(${params.ids}::uuid[], ${inputs.map((x) => x?.bodyLength ?? null)}::int[])
          with ordinality as c (document_id, body_length, k)),
        f as (
          select c.document_id, null::tid as ctid, c.body_length, ${rough} as rough,
            a.r[(c.k::int - 1) * ${ranks}::int + 1 : c.k::int * ${ranks}::int] as known_r
          from c cross join a where c.body_length is not null
          union all
          select s.document_id, s.ctid, s.body_length, ${roundedRough(roughScore({ alias: 's', terms }))},
            null::float8[]
          from c join search_documents s on s.document_id = c.document_id
          where c.body_length is null and ${scope.condition('s')}
        ),
        chosen as materialized (
          select x.*, row_number() over (order by x.rough desc, x.document_id) as rn from (
            select f.* from f order by f.rough desc, f.document_id limit ${RERANK_DEPTH}
          ) x
        ),
        ${rankedOf(terms, null, true)},
        ${pageWithin(request, exactScore('k', terms))}
        ${withPage({ request, aggregations: sql`null::json`, total: sql`${answer.numberOfHits}::int`, customPlansOnly })}`,
      )
    ).rows;
    const found = await finish({ trx, request, rows, terms });
    return answer.aggregations !== null ? { ...found, aggregations: answer.aggregations } : found;
  }

  async function searchDocuments(request: DocumentSearchRequest): Promise<DocumentSearchResult> {
    const none = (): DocumentSearchResult => ({
      hits: [],
      numberOfHits: 0,
      ...(request.aggregations ? { aggregations: EMPTY_AGGREGATIONS } : {}),
    });
    if (request.query.include.length === 0) return none();
    // no transaction: begin and commit would be two round trips more than a rare term's three statements (issue 48)
    return inSearchSession(db, async (trx, session) => {
      // the analysis's first statement also sets the planner settings and looks up the scope's live buildings
      const analysed = await analyseQuery({
        db: trx,
        ownerId: request.scope.ownerId,
        buildingIds: request.scope.buildingIds,
        query: request.query,
        compounds: true,
        plannerSettings: { scope: request.scope, session: session.set, parallel: parallelFor(request) },
      });
      const scope = await resolveScope(trx, request.scope, analysed.live);
      if (scope.empty) return none();
      if (analysed.include.length === 0) return none();
      const segments = segmentMayAnswer(request, analysed) ? params.segments : null;
      const { ownerId } = request.scope;
      // a search of few hits, as the segment held tells: SQL, scoring every hit in full
      const fewHits = segments != null && fewHitsHeld({ ...segments, ownerId, terms: analysed.include });
      // a search in buildings that hold a small share of the owner's documents: SQL reads theirs alone
      const small = segments != null && smallScopeHeld({ ...segments, ownerId, buildings: scope.buildingIds });
      if (segments != null && !fewHits && !small) {
        const answer = await answerFromSegment({
          db: trx,
          cache: segments.cache,
          ownerId,
          terms: analysed.include,
          scope: scope.condition('s'),
          buildings: scope.buildingIds,
          aggregations: request.aggregations,
          ranks: segmentRanks,
          settings: segments.settings,
          wait: segments.wait ?? false,
        });
        if (answer !== null) return searchWithSegment({ trx, request, scope, answer, analysed });
      }
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
      const kept = hitColumns(request);
      const columns = sql.join(kept.map((c) => sql.ref(`s.${c}`)));
      const aggregations = aggregationsOf(request.aggregations, { ownerId, buildingIds: scope.buildingIds });

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
        const rows = (
          await executeParsedOnce(
            trx,
            (customPlansOnly) => sql<PageRow>`
            with c as materialized (
              select ${columns}, ${ranks} as r from search_documents s
              where ${base} and s.tsv @@ ${candidates}::tsquery
            ),
            m as materialized (
              select c.*, ${score} as score from c where ${coverageFromRanks({ ranks: sql`c.r`, terms })} >= ${required}
            ),
            page as (
              select m.document_id, m.score, row_number() over (order by ${orderOf(request, 'm', 'score')}) as n
              from m order by ${orderOf(request, 'm', 'score')}
              offset ${request.offset} limit ${request.limit}
            )
            ${withPage({ request, aggregations, customPlansOnly })}`,
          )
        ).rows;
        return finish({ trx, request, rows, terms });
      }

      // keywords: every term must match; the first pass orders all hits cheaply, the best are ranked exactly
      const matchAll = terms.map((t) => t.match).join(' & ');
      const rough = roundedRough(roughScore({ alias: 's', terms }));
      const exactOf = (alias: string) => exactScore(alias, terms);
      const within = request.sortBy === 'relevance' && request.offset < RERANK_DEPTH;
      // The first pass scores in full only the hits whose `head` or `top` hold a term: the boost index finds them
      // (`boosted`). Any other hit's full score is its floor, from its body length alone (the same expression with
      // every presence test 0), so every hit gets its full score, as when each was scored: the same order at any depth.
      // A search of few hits scores each in full instead: planning the boost index's part of the statement took longer
      // than the scoring (a drawing number owner-wide at 100,000 documents: 1.7-2.0 ms planning against 1.0-1.1 ms)
      const boosting = request.sortBy === 'relevance' && firstPassMode === 'boosted' && !fewHits;
      const firstPass =
        request.sortBy !== 'relevance'
          ? sql`0::float8`
          : boosting
            ? roundedRough(roughScore({ alias: 's', terms, presence: false }))
            : rough;
      // a hit's row address (ctid) comes along, so that the exact rerank reads the rows it ranks straight from the
      // heap (a TID scan), not through the primary key's index: within one statement the addresses its snapshot saw
      // stay those rows
      const hitKept = [...kept, 'ctid'];
      // A search of few hits has one good plan whatever its terms: the text index alone finds them, the rest ranks a
      // handful of rows. Written so (the scope a filter, never an index), it is planned once per connection (a generic
      // plan) rather than for each search: planning took about as long as the rest of a rare term's statement
      // (0.5-0.8 ms at 100,000 documents)
      const keywordBase = fewHits ? sql`${scope.filter('s')} ${exclude} ${filtersOf(request)}` : base;
      const matched = sql`m as materialized (
        select ${sql.join(hitKept.map((c) => sql.ref(`s.${c}`)))}, ${firstPass} as rough
        from search_documents s where ${keywordBase} and s.tsv @@ ${matchAll}::tsquery
      )`;
      // the exact rank's pruning (rankedOf) bounds a boosted hit by its head, any other by its body length. Not in one
      // building: its hits are few and nearly all found in a body alone, so the bound leaves hardly any out, and the
      // statement of two ranking steps took longer (at 100,000 documents p50 8.4 against 7.3 ms)
      const oneBuilding = scope.buildingIds !== null && scope.buildingIds.length === 1;
      const pruning =
        boosting && within && !oneBuilding && boundExactRank ? exactBound(terms, request.offset + request.limit) : null;
      const boosted = boosting
        ? sql`boosted as materialized (
            select s.document_id, ${rough} as rough${
              pruning === null ? sql`` : sql`, ${exactScoreBound({ alias: 's', terms, presence: true })} as bound`
            } from search_documents s
            where ${scope.condition('s')} and ${inHeadOrTop({ alias: 's', terms })}
          ),`
        : sql``;
      const scored = boosting
        ? sql`(select ${sql.join(hitKept.map((c) => sql.ref(`m.${c}`)))}, coalesce(b.rough, m.rough) as rough${
            pruning === null ? sql`` : sql`, b.bound as boosted_bound`
          }
            from m left join boosted b on b.document_id = m.document_id)`
        : sql`m`;
      // inside the depth: the best RERANK_DEPTH by the first pass, in its order (rn), and the first-pass order's next
      // hits when the page reaches past the depth
      const reach = Math.max(RERANK_DEPTH, request.offset + request.limit);
      const chosen = within
        ? sql`select x.*, row_number() over (order by x.rough desc, x.document_id) as rn${
            pruning === null
              ? sql``
              : sql`, coalesce(x.boosted_bound, ${exactScoreBound({ alias: 'x', terms, presence: false })}) as bound`
          } from (
            select f.* from ${scored} f order by f.rough desc, f.document_id limit ${reach}
          ) x`
        : sql`select f.* from ${scored} f order by ${orderOf(request, 'f', 'rough')}
            offset ${request.offset} limit ${request.limit}`;
      // inside the depth: the exact scores decide the order (ties by id, as everywhere) and the page is cut from
      // them, going on in first-pass order where it reaches past the depth, as the next page will (n: the place in
      // the answer); deeper: the page chosen in first-pass (or field) order keeps that order
      const page = within
        ? pageWithin(request, exactOf('k'))
        : sql`page as (
            select k.document_id, ${exactOf('k')} as score,
              row_number() over (order by ${orderOf(request, 'k', 'rough')}) as n
            from ranked k
          )`;
      // Parsed once per connection, planned for its values every time (executeParsedOnce), never on a generic plan:
      // planned without the tsquery, PostgreSQL estimates one hit and joins `m` to `boosted` by a nested loop, which a
      // term in most hits' titles makes quadratic ("fdv" in one building at 100,000 documents, 202 hits: 40,602 rows
      // compared, 5.9 ms against 4.9 planned for it), and a rare term's generic plan took 6.4 ms against 4.3
      const rows = (
        await executeParsedOnce(
          trx,
          (customPlansOnly) => sql<PageRow>`
          with ${matched},
          ${boosted}
          chosen as materialized (${chosen}),
          ${rankedOf(terms, pruning)},
          ${page}
          ${withPage({ request, aggregations, customPlansOnly })}`,
          { genericPlan: fewHits },
        )
      ).rows;
      return finish({ trx, request, rows, terms });
    });
  }

  async function finish(params: {
    trx: Executor;
    request: DocumentSearchRequest;
    rows: PageRow[];
    terms: readonly WeightedTerm[];
  }): Promise<DocumentSearchResult> {
    const { trx, request, rows } = params;
    const [first] = rows;
    const loaded: SearchHit[] = [];
    for (const row of rows) {
      // a page entry without its document: private folder, counted but not returned (rule 4)
      if (row.search_n === null || row.id === null) continue;
      // the row's other columns are the document's (toDocument reads the document's own)
      loaded.push({ document: toDocument(row as DocumentRow), score: Number(row.search_score) });
    }
    let hits = loaded;
    if (request.passages) {
      const passages = await findPassages({ trx, terms: params.terms, documentIds: loaded.map((h) => h.document.id) });
      hits = loaded.map((hit) => ({ ...hit, passages: passages.get(hit.document.id) ?? [] }));
    }
    return {
      hits,
      numberOfHits: Number(first?.search_total ?? 0),
      ...(request.aggregations ? { aggregations: parseAggregations(first?.search_aggregations) } : {}),
    };
  }

  return {
    searchDocuments,
    retrieveChunks: (request) => chunks.retrieveChunks(request),
    findMentions: (request) => chunks.findMentions(request),
  };
}
