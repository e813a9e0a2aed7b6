/**
 * Issue 48, a spike: what an owner's own inverted index would cost, beside today's search, on a database a
 * `bench:search -- --keep` run left. Not the product's code: nothing here is used by the service.
 *
 * Today an owner-wide common term reads every hit's row (the count, the facets and the first pass all need them),
 * about 0.5-1.5 µs a hit, and PostgreSQL's GIN cannot count without those rows (it has no index-only scan, and the
 * bitmap scan's "skip fetch" was taken out of PostgreSQL 15.9 as a bug fix). Search engines answer the same question
 * from postings and per-document values alone. This builds, for the bench's big owner only:
 *
 *   bench_segment_documents  the owner's live documents, numbered 0..n-1 in first-pass floor order (the shortest
 *                            body first: for a one-term query, the order of today's first pass for every hit whose
 *                            `head` and `top` hold no term), with the facets' fields
 *   bench_segment_postings   each lexeme's documents as a sorted array of those numbers (4 bytes each, big-endian,
 *                            uncompressed so that reading it costs no decompression)
 *
 * and answers the owner-wide common-term and facet queries from them in this process: the postings of the query's
 * lexemes (exact, prefix, corrections and compounds: each term's `match`) are fetched in one statement, OR-ed per term
 * into a bitset and AND-ed across terms; the count is the bitset's population, the floor's best 500 its lowest set
 * bits, the facets a pass over its set bits against per-document arrays loaded once (an immutable segment, so any
 * number of processes may cache it). Each answer is checked against today's provider (the count and every facet) and
 * the floor's best 500 against SQL over the hits; then both are timed, alternating.
 *
 *   tsx server/bench/search-segments.ts --documents 100000 --database-name byggdok_bench_100k [--runs 40] [--rebuild]
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/storage/db/database.js';
import type { DB } from '../src/storage/db/schema.js';
import type { SearchAggregations } from '../src/domain/search/search.types.js';
import { analyseQuery, type AnalysedTerm } from '../src/storage/search/query-analysis.js';
import {
  inHeadOrTop,
  inverseDocumentFrequency,
  lengthNorm,
  roughScore,
  rounded,
  roundedRough,
  scoreFromRanks,
  termRanks,
  type WeightedTerm,
} from '../src/storage/search/ranking.js';
import { createPostgresSearchProvider } from '../src/storage/search/postgres-search.provider.js';
import { OWNER, streamCorpus } from './search-corpus.js';
import { benchQueries, benchRequest, type BenchQuery } from './search-queries.js';
import { percentile } from './bench-figures.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DOCUMENTS = Number(option('--documents') ?? 100_000);
const RUNS = Number(option('--runs') ?? 40);
const REBUILD = args.includes('--rebuild');
/** the first pass's depth (postgres-search.provider's RERANK_DEPTH) */
const DEPTH = 500;
const KINDS = new Set(['common term, owner-wide', 'facets, common term owner-wide']);

/** the floor of a one-term query: ranking.ts's first-pass score with every presence test 0, idf 1 (the provider's) */
const FLOOR = roundedRough(
  roughScore({ alias: 's', terms: [{ exact: '', alternatives: null, match: '', both: '', idf: 1 }], presence: false }),
);

async function build(pool: Kysely<DB>): Promise<void> {
  await pool.connection().execute(async (db) => {
    // one connection, with room to sort a million documents' postings in memory
    await sql`set work_mem = '1GB'`.execute(db);
    await buildOn(db);
  });
}

async function buildOn(db: Kysely<DB>): Promise<void> {
  const started = performance.now();
  await sql`drop table if exists bench_segment_postings, bench_segment_documents`.execute(db);
  await sql`create table bench_segment_documents as
    select (row_number() over (order by ${FLOOR} desc, s.document_id) - 1)::int as ordinal, s.document_id,
           s.building_id, s.discipline, s.building_category, s.extension, s.is_drawing, s.floor
    from search_documents s where s.building_owner_id = ${OWNER}`.execute(db);
  await sql`create table bench_segment_postings (lexeme text collate "C" primary key, n int not null,
    postings bytea not null)`.execute(db);
  await sql`alter table bench_segment_postings alter column postings set storage external`.execute(db);
  await sql`insert into bench_segment_postings (lexeme, n, postings)
    select l.lexeme, count(*)::int, string_agg(int4send(d.ordinal), ''::bytea order by d.ordinal)
    from bench_segment_documents d join search_documents s on s.document_id = d.document_id
    cross join lateral unnest(tsvector_to_array(s.tsv)) as l (lexeme)
    group by l.lexeme`.execute(db);
  await sql`create index bench_segment_postings_prefix on bench_segment_postings (lexeme text_pattern_ops)`.execute(db);
  await sql`vacuum analyze bench_segment_postings`.execute(db);
  await sql`vacuum analyze bench_segment_documents`.execute(db);
  const sizes = (
    await sql<{ documents: string; postings: string; lexemes: number }>`
      select pg_size_pretty(pg_total_relation_size('bench_segment_documents')) as documents,
             pg_size_pretty(pg_total_relation_size('bench_segment_postings')) as postings,
             (select count(*)::int from bench_segment_postings) as lexemes`.execute(db)
  ).rows[0];
  console.log(
    `segment built in ${((performance.now() - started) / 1000).toFixed(1)} s: documents ${sizes?.documents}, ` +
      `postings ${sizes?.postings} (${sizes?.lexemes} lexemes)`,
  );
}

/** The per-document values, loaded once: what a process would cache of an immutable segment. */
interface Segment {
  ids: string[];
  building: Uint16Array;
  buildings: string[];
  /** code per facet field per document (0: no value), and each code's key */
  facets: Record<keyof SearchAggregations, { codes: Uint16Array; keys: string[] }>;
}

async function loadSegment(db: Kysely<DB>): Promise<Segment> {
  const rows = (
    await sql<{
      document_id: string;
      building_id: string;
      discipline: string | null;
      building_category: string | null;
      extension: string | null;
      is_drawing: boolean;
      floor: string | null;
    }>`select document_id, building_id, discipline, building_category, extension, is_drawing, floor
       from bench_segment_documents order by ordinal`.execute(db)
  ).rows;
  const n = rows.length;
  const dictionary = () => {
    const keys: string[] = [''];
    const index = new Map<string, number>();
    return {
      keys,
      code(key: string | null): number {
        if (key === null) return 0;
        let code = index.get(key);
        if (code === undefined) {
          code = keys.length;
          keys.push(key);
          index.set(key, code);
        }
        return code;
      },
    };
  };
  const buildings = dictionary();
  const fields = {
    discipline: dictionary(),
    category: dictionary(),
    extension: dictionary(),
    drawing_floor: dictionary(),
  };
  const building = new Uint16Array(n);
  const codes = {
    discipline: new Uint16Array(n),
    category: new Uint16Array(n),
    extension: new Uint16Array(n),
    drawing_floor: new Uint16Array(n),
  };
  rows.forEach((row, i) => {
    building[i] = buildings.code(row.building_id);
    codes.discipline[i] = fields.discipline.code(row.discipline);
    codes.category[i] = fields.category.code(row.building_category);
    // the provider leaves out an empty extension
    codes.extension[i] = fields.extension.code(row.extension === '' ? null : row.extension);
    codes.drawing_floor[i] = fields.drawing_floor.code(row.is_drawing ? row.floor : null);
  });
  const facet = (name: keyof typeof codes) => ({ codes: codes[name], keys: fields[name].keys });
  return {
    ids: rows.map((r) => r.document_id),
    building,
    buildings: buildings.keys,
    facets: {
      discipline: facet('discipline'),
      category: facet('category'),
      extension: facet('extension'),
      drawing_floor: facet('drawing_floor'),
    },
  };
}

/** a term's `match` (`'a':* | 'b'`, in brackets or not) as its lexemes and prefixes; anything else is not handled */
function lexemesOf(match: string): { exact: string[]; prefixes: string[] } {
  const exact: string[] = [];
  const prefixes: string[] = [];
  const rest = match.replace(/'((?:[^']|'')*)'(:\*)?/g, (_, lexeme: string, star: string | undefined) => {
    (star ? prefixes : exact).push(lexeme.replace(/''/g, "'"));
    return '';
  });
  if (/[^\s()|]/.test(rest)) throw new Error(`not handled by the spike: ${match}`);
  return { exact, prefixes };
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface SegmentAnswer {
  numberOfHits: number;
  /** the hits, a bit per document number */
  hits: Uint32Array;
  /** how many of the scope's documents hold each term (idf, as the provider's weigh) */
  frequencies: number[];
  floorBest: string[];
  aggregations: SearchAggregations | null;
  ms: { fetch: number; bits: number; facets: number };
}

async function searchSegment(params: {
  db: Kysely<DB>;
  segment: Segment;
  terms: string[];
  archived: Set<number>;
  aggregations: boolean;
}): Promise<SegmentAnswer> {
  const { segment } = params;
  const n = segment.ids.length;
  const words = Math.ceil(n / 32);
  const t0 = performance.now();
  const parsed = params.terms.map(lexemesOf);
  const exact = parsed.flatMap((p) => p.exact);
  const prefixes = parsed.flatMap((p) => p.prefixes);
  const conditions = [
    sql`p.lexeme = any(${exact}::text[])`,
    ...prefixes.map((prefix) => sql`p.lexeme like ${likePrefix(prefix)}`),
  ];
  const rows = (
    await sql<{ lexeme: string; postings: Buffer }>`select p.lexeme, p.postings from bench_segment_postings p
      where ${sql.join(conditions, sql` or `)}`.execute(params.db)
  ).rows;
  const t1 = performance.now();
  // the scope's documents: the owner's, but for those of archived buildings
  let live: Uint32Array | null = null;
  if (params.archived.size > 0) {
    live = new Uint32Array(words).fill(0xffffffff);
    for (let i = 0; i < n; i++) if (params.archived.has(segment.building[i]!)) live[i >>> 5]! &= ~(1 << (i & 31));
  }
  let hits: Uint32Array | null = null;
  const frequencies: number[] = [];
  for (const term of parsed) {
    const bits = new Uint32Array(words);
    for (const row of rows) {
      const matches = term.exact.includes(row.lexeme) || term.prefixes.some((prefix) => row.lexeme.startsWith(prefix));
      if (!matches) continue;
      const view = new DataView(row.postings.buffer, row.postings.byteOffset, row.postings.byteLength);
      for (let at = 0; at < row.postings.byteLength; at += 4) {
        const ordinal = view.getInt32(at);
        bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
      }
    }
    if (live !== null) for (let w = 0; w < words; w++) bits[w]! &= live[w]!;
    let held = 0;
    for (let w = 0; w < words; w++) held += popcount(bits[w]!);
    frequencies.push(held);
    if (hits === null) hits = bits;
    else for (let w = 0; w < words; w++) hits[w]! &= bits[w]!;
  }
  hits ??= new Uint32Array(words);
  let count = 0;
  const floorBest: string[] = [];
  for (let w = 0; w < words; w++) {
    let word = hits[w]!;
    while (word !== 0) {
      const low = word & -word;
      if (floorBest.length < DEPTH) floorBest.push(segment.ids[w * 32 + 31 - Math.clz32(low)]!);
      word ^= low;
      count++;
    }
  }
  const t2 = performance.now();
  let aggregations: SearchAggregations | null = null;
  if (params.aggregations) {
    const fields = Object.keys(segment.facets) as (keyof SearchAggregations)[];
    const tallies = fields.map((f) => new Int32Array(segment.facets[f].keys.length));
    const columns = fields.map((f) => segment.facets[f].codes);
    for (let w = 0; w < words; w++) {
      let word = hits[w]!;
      while (word !== 0) {
        const low = word & -word;
        const i = w * 32 + 31 - Math.clz32(low);
        for (let f = 0; f < fields.length; f++) tallies[f]![columns[f]![i]!]!++;
        word ^= low;
      }
    }
    aggregations = { discipline: [], category: [], extension: [], drawing_floor: [] };
    fields.forEach((field, f) => {
      const keys = segment.facets[field].keys;
      const buckets: { key: string; count: number }[] = [];
      tallies[f]!.forEach((c, code) => {
        if (code !== 0 && c > 0) buckets.push({ key: keys[code]!, count: c });
      });
      // as the provider: by count, then the key in code-point order; 100 buckets at most
      buckets.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      aggregations![field] = buckets.slice(0, 100);
    });
  }
  const t3 = performance.now();
  return {
    numberOfHits: count,
    hits,
    frequencies,
    floorBest,
    aggregations,
    ms: { fetch: t1 - t0, bits: t2 - t1, facets: t3 - t2 },
  };
}

/** the owner's live buildings, as the provider's scope condition for an owner-wide search (search-sql's resolveScope) */
function ownerScope(alias: string) {
  const a = sql.ref(alias);
  return sql<boolean>`${a}.building_owner_id = ${OWNER} and ${a}.building_id <> all(array(
    select ab.id from buildings ab where ab.building_owner_id = ${OWNER} and ab.archived_at is not null))`;
}

/**
 * The rest of the provider's keyword search, from the segment's answer: the hits whose `head` or `top` hold a term
 * (the boost index, as the provider's `boosted`) kept if the segment has them as hits, joined to the floor's best; the
 * best 500 of those by the first pass are exactly the provider's (every other hit scores its floor, which is below the
 * floor's 500th); then the provider's exact rank and its first page. Two statements.
 */
async function firstPage(params: {
  db: Kysely<DB>;
  numbers: Map<string, number>;
  analysed: AnalysedTerm[];
  answer: SegmentAnswer;
  scopeDocuments: number;
  limit: number;
}): Promise<{ page: { id: string; score: number }[]; boostedMs: number }> {
  const { answer } = params;
  const terms: WeightedTerm[] = params.analysed.map((term, i) => ({
    ...term,
    // one term: idf cannot reorder it (the provider's weigh)
    idf:
      params.analysed.length === 1
        ? 1
        : inverseDocumentFrequency({ documents: params.scopeDocuments, containing: answer.frequencies[i] ?? 0 }),
  }));
  const started = performance.now();
  const boosted = (
    await sql<{ document_id: string; rough: number }>`
      select s.document_id, ${roundedRough(roughScore({ alias: 's', terms }))} as rough from search_documents s
      where ${ownerScope('s')} and ${inHeadOrTop({ alias: 's', terms })}`.execute(params.db)
  ).rows.filter((row) => {
    const i = params.numbers.get(row.document_id);
    return i !== undefined && (answer.hits[i >>> 5]! & (1 << (i & 31))) !== 0;
  });
  const boostedMs = performance.now() - started;
  const roughs = new Map(boosted.map((row) => [row.document_id, Number(row.rough)]));
  const ids = [...new Set([...answer.floorBest, ...roughs.keys()])];
  const floor = roundedRough(roughScore({ alias: 's', terms, presence: false }));
  const exact = rounded(sql<number>`${scoreFromRanks({ ranks: sql`k.r`, terms })} * ${lengthNorm(sql`k.body_length`)}`);
  const rows = (
    await sql<{ document_id: string; score: number }>`
      with c as (select * from unnest(${ids}::uuid[], ${ids.map((id) => roughs.get(id) ?? null)}::float8[])
        as c (document_id, boosted)),
      chosen as materialized (
        select x.* from (
          select s.document_id, s.ctid, s.body_length, coalesce(c.boosted, ${floor}) as rough
          from c join search_documents s on s.document_id = c.document_id
        ) x order by x.rough desc, x.document_id limit ${DEPTH}
      ),
      ranked as materialized (
        select p.*, ${termRanks({ vector: sql`s.tsv`, terms })} as r
        from chosen p join search_documents s on s.ctid = p.ctid
      )
      select k.document_id, ${exact} as score from ranked k order by score desc, k.document_id limit ${params.limit}`.execute(
      params.db,
    )
  ).rows;
  return { page: rows.map((row) => ({ id: row.document_id, score: Number(row.score) })), boostedMs };
}

async function main(): Promise<void> {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${option('--database-name') ?? 'byggdok_bench_search'}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  const db: Kysely<DB> = database.db;
  try {
    const exists = (
      await sql<{ t: string | null }>`select to_regclass('bench_segment_postings')::text as t`.execute(db)
    ).rows[0]?.t;
    if (REBUILD || !exists) await build(db);
    const loadStarted = performance.now();
    const segment = await loadSegment(db);
    console.log(
      `segment of ${segment.ids.length} documents loaded in ${(performance.now() - loadStarted).toFixed(0)} ms; ` +
        `process RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
    );
    const archivedIds = (
      await sql<{
        id: string;
      }>`select id from buildings where building_owner_id = ${OWNER} and archived_at is not null`.execute(db)
    ).rows.map((r) => r.id);
    const archived = new Set(archivedIds.map((id) => segment.buildings.indexOf(id)).filter((i) => i > 0));
    const numbers = new Map(segment.ids.map((id, i) => [id, i]));
    let scopeDocuments = 0;
    for (let i = 0; i < segment.ids.length; i++) if (!archived.has(segment.building[i]!)) scopeDocuments++;

    // the queries come from the corpus's statistics, filled as its documents are generated (never all in memory)
    const corpus = streamCorpus(DOCUMENTS);
    for (const document of corpus.documents) void document;
    const cases = benchQueries({ corpus, runs: RUNS }).filter((c) => KINDS.has(c.kind));
    const provider = createPostgresSearchProvider({ db, parallel: true });
    // the segment's whole search: the analysis, the count, facets and floor's best, then the first page
    const segmentSearch = async (c: BenchQuery) => {
      const started = performance.now();
      const request = benchRequest(c);
      const analysed = (await analyseQuery({ db, ownerId: OWNER, query: request.query, compounds: true })).include;
      const analysis = performance.now() - started;
      const answer = await searchSegment({
        db,
        segment,
        terms: analysed.map((t) => t.match),
        archived,
        aggregations: c.aggregations,
      });
      const pageStarted = performance.now();
      const { page, boostedMs } = await firstPage({
        db,
        numbers,
        analysed,
        answer,
        scopeDocuments,
        limit: request.limit,
      });
      const ended = performance.now();
      return {
        analysed,
        answer,
        page,
        ms: ended - started,
        parts: [
          analysis,
          answer.ms.fetch,
          answer.ms.bits,
          answer.ms.facets,
          boostedMs,
          ended - pageStarted - boostedMs,
        ],
      };
    };

    // the same answers: the page, the count and the facets against the provider, the floor's best against SQL
    let differ = 0;
    const checked = cases.slice(0, 20);
    for (const c of checked) {
      const today = await provider.searchDocuments(benchRequest(c));
      const { analysed, answer, page } = await segmentSearch(c);
      const floor = (
        await sql<{ document_id: string }>`select s.document_id from search_documents s
          where ${ownerScope('s')} and s.tsv @@ ${analysed.map((t) => t.match).join(' & ')}::tsquery
          order by ${FLOOR} desc, s.document_id limit ${DEPTH}`.execute(db)
      ).rows.map((r) => r.document_id);
      const todayPage = today.hits.map((hit) => ({ id: hit.document.id, score: hit.score }));
      const same =
        answer.numberOfHits === today.numberOfHits &&
        JSON.stringify(answer.floorBest) === JSON.stringify(floor) &&
        JSON.stringify(page) === JSON.stringify(todayPage) &&
        (!c.aggregations || JSON.stringify(answer.aggregations) === JSON.stringify(today.aggregations));
      if (!same) {
        differ++;
        console.log(`differs: ${c.kind} "${c.query}": ${answer.numberOfHits} against ${today.numberOfHits} hits`);
      }
    }
    console.log(`answers checked (page, count, facets, floor order): ${differ} of ${checked.length} differ`);

    // timed, alternating: today's whole search, and the segment's
    const times = new Map<string, { today: number[]; segment: number[]; parts: number[][]; hits: number[] }>();
    for (const c of cases) {
      const entry = times.get(c.kind) ?? { today: [], segment: [], parts: [], hits: [] };
      const started = performance.now();
      const today = await provider.searchDocuments(benchRequest(c));
      entry.today.push(performance.now() - started);
      const mine = await segmentSearch(c);
      entry.segment.push(mine.ms);
      entry.parts.push(mine.parts);
      entry.hits.push(today.numberOfHits);
      times.set(c.kind, entry);
    }
    const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
    for (const [kind, entry] of times) {
      const part = (i: number) =>
        p(
          entry.parts.map((x) => x[i]!),
          50,
        );
      console.log(
        `${kind} (median ${percentile(entry.hits, 50)} hits): today p50 ${p(entry.today, 50)} / p95 ` +
          `${p(entry.today, 95)} ms; from the segment p50 ${p(entry.segment, 50)} / p95 ${p(entry.segment, 95)} ms ` +
          `(p50 of its parts: analysis ${part(0)}, postings ${part(1)}, bitset ${part(2)}, facets ${part(3)}, ` +
          `boosted hits ${part(4)}, exact rank and page ${part(5)})`,
      );
    }
    console.log(`process RSS at the end ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
  } finally {
    await database.close();
  }
}

await main();
