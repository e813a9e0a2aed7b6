/**
 * Search speed on a generated corpus (see search-corpus.ts: Norwegian and English building vocabulary with Zipf-like
 * frequencies, about five chunks a document, drawings with drawing numbers, FDV documents with TFM tags; one big owner
 * with 60% of the documents in 100 buildings, many small owners), loaded through the bulk path on the PostgreSQL
 * server and on PGlite. The queries are the big owner's. Each kind of query runs at least 200 times; p50 and p95 are
 * printed beside the plain baseline measured in the same run (a GIN index over chunk text and ts_rank_cd, grouped per
 * document), their ratio and the target. Nothing here fails.
 *
 *   npm run bench:search                                  both engines, 100,000 documents
 *   npm run bench:search -- --engine pglite --documents 20000
 *   npm run bench:search -- --engine postgres --normal-load   load as ingest does (triggers), for comparison
 *   npm run bench:search -- --engine postgres --keep       leave the database for EXPLAIN; --reuse queries it again
 *   DATABASE_URL=postgres://... npm run bench:search      another server (a scratch database is created there)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { parseQuery } from '../src/domain/search/query-parser.js';
import type { DocumentSearchRequest } from '../src/domain/search/search.types.js';
import { openDatabase, type Database } from '../src/storage/db/database.js';
import { migrateToLatest } from '../src/storage/db/migrations/index.js';
import { createPostgresSearchProvider } from '../src/storage/search/postgres-search.provider.js';
import {
  BUILDINGS,
  OWNER,
  buildingId,
  bulkLoad,
  generateCorpus,
  loadNormally,
  random,
  verifyBulkVectors,
  type Corpus,
} from './search-corpus.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DOCUMENTS = Number(option('--documents') ?? 100_000);
const RUNS = Number(option('--runs') ?? 200);
const ENGINES = (option('--engine') ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
/** leave the server database (byggdok_bench_search) in place afterwards, for EXPLAIN */
const KEEP = args.includes('--keep');
const NORMAL_LOAD = args.includes('--normal-load');
/** query a server database a --keep run left (same --documents), without loading again */
const REUSE = args.includes('--reuse');

/** p95 targets in ms; owner-wide common-term target differs per engine */
const TARGETS: Record<string, { postgres: number; pglite: number }> = {
  'rare term, owner-wide': { postgres: 30, pglite: 30 },
  'common term, one building': { postgres: 30, pglite: 30 },
  'common term, owner-wide': { postgres: 100, pglite: 200 },
  'typo, owner-wide': { postgres: 100, pglite: 100 },
  'facets, common term owner-wide': { postgres: 300, pglite: 300 },
};

// ---------------------------------------------------------------------------------------------------------------
// loading

async function load(database: Database, corpus: Corpus): Promise<void> {
  const started = performance.now();
  if (NORMAL_LOAD) {
    await loadNormally(database, corpus);
    const seconds = (performance.now() - started) / 1000;
    console.log(`loaded as ingest does in ${seconds.toFixed(0)} s (${(DOCUMENTS / seconds).toFixed(0)} documents/s)`);
  } else {
    const { seconds, documentsPerSecond, cpu } = await bulkLoad(database, corpus);
    console.log(`bulk-loaded with indexes in ${seconds.toFixed(1)} s (${documentsPerSecond.toFixed(0)} documents/s)`);
    const used = cpu.node + (cpu.database ?? 0);
    console.log(
      `  CPU: ${cpu.node.toFixed(1)} s in this process` +
        (cpu.database === null ? '' : `, ${cpu.database.toFixed(1)} s in the server's backends`) +
        `: ${(DOCUMENTS / used).toFixed(0)} documents per CPU second` +
        (cpu.database === null ? '' : `, ${((2 * DOCUMENTS) / used).toFixed(0)} documents/s on two idle cores`),
    );
    const mismatches = await verifyBulkVectors(database, 200);
    console.log(`vectors of 200 documents and their chunks checked against the database's own: ${mismatches} differ`);
    if (mismatches > 0) throw new Error('the bulk path stored vectors the database would not have computed');
  }
  // the baseline: a plain GIN index over chunk text, ranked with ts_rank_cd
  const baselineStarted = performance.now();
  await sql`create table bench_baseline as
    select c.document_id, c.building_id, c.building_owner_id, to_tsvector('norwegian', c.text) as tsv
    from document_chunks c`.execute(database.db);
  await sql`create index bench_baseline_tsv on bench_baseline using gin (tsv)`.execute(database.db);
  await sql`vacuum analyze`.execute(database.db);
  console.log(
    `baseline table built and everything analysed in ${((performance.now() - baselineStarted) / 1000).toFixed(0)} s`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// queries

interface QueryCase {
  kind: string;
  query: string;
  building: string | null;
  aggregations: boolean;
}

function queryCases(corpus: Corpus): QueryCase[] {
  const r = random(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const n = corpus.bigOwnerDocuments;
  const words = [...corpus.frequencies].filter(([w]) => /^\p{L}{6,}$/u.test(w));
  const common = words.filter(([, df]) => df > n * 0.22 && df < n * 0.4).map(([w]) => w);
  const middle = words.filter(([, df]) => df > n * 0.01 && df < n * 0.1).map(([w]) => w);
  const drawingNumbers = corpus.documents
    .filter((d) => d.owner === OWNER && d.drawingNumber)
    .map((d) => d.drawingNumber!);
  const vocabulary = new Set(corpus.frequencies.keys());
  const typo = (word: string): string => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const chars = [...word];
      const at = 1 + Math.floor(r() * (chars.length - 2));
      const variant = r() < 0.5 ? [...chars.slice(0, at), ...chars.slice(at + 1)] : [...chars];
      if (variant.length === chars.length) [variant[at], variant[at + 1]] = [variant[at + 1]!, variant[at]!];
      const result = variant.join('');
      if (!vocabulary.has(result)) return result;
    }
    return `${word}x`;
  };
  const cases: QueryCase[] = [];
  for (let i = 0; i < RUNS; i++) {
    cases.push({ kind: 'rare term, owner-wide', query: pick(drawingNumbers), building: null, aggregations: false });
    cases.push({
      kind: 'common term, one building',
      query: pick(common),
      building: buildingId(Math.floor(r() * BUILDINGS)),
      aggregations: false,
    });
    cases.push({ kind: 'common term, owner-wide', query: pick(common), building: null, aggregations: false });
    cases.push({ kind: 'typo, owner-wide', query: typo(pick(middle)), building: null, aggregations: false });
    cases.push({ kind: 'facets, common term owner-wide', query: pick(common), building: null, aggregations: true });
  }
  return cases;
}

async function baseline(database: Database, c: QueryCase): Promise<void> {
  // what the issue measured: chunk-level GIN, ts_rank_cd, grouped per document, plus the count
  const scope = c.building ? `building_id = $2` : `building_owner_id = $2`;
  const query = `plainto_tsquery('norwegian', $1)`;
  await database.executeSql(
    `with hits as (
       select document_id, max(ts_rank_cd(tsv, ${query})) as score from bench_baseline
       where ${scope} and tsv @@ ${query} group by document_id
     )
     select (select count(*) from hits) as total,
            (select json_agg(h) from (select document_id, score from hits order by score desc limit 20) h) as page`,
    [c.query, c.building ?? OWNER],
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function openEngine(engine: 'postgres' | 'pglite'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = path.resolve(import.meta.dirname, '../.bench-data/search-pglite');
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(`${dataDir}.lock`, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return {
      database,
      drop: async () => {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = await openDatabase({ kind: 'postgres', url });
  const name = option('--database-name') ?? 'byggdok_bench_search';
  if (!REUSE) {
    await admin.executeSql(`drop database if exists ${name} with (force)`);
    await admin.executeSql(`create database ${name}`);
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      if (!KEEP) await admin.executeSql(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function main(): Promise<void> {
  console.log(`search benchmark: ${DOCUMENTS} documents in ${BUILDINGS} buildings, ${RUNS} queries of each kind`);
  const generated = performance.now();
  const corpus = generateCorpus(DOCUMENTS);
  console.log(
    `corpus generated in ${((performance.now() - generated) / 1000).toFixed(1)} s: ${corpus.owners.length} owners, ` +
      `the big one with ${corpus.bigOwnerDocuments} documents`,
  );
  const cases = queryCases(corpus);
  for (const engine of ENGINES) {
    console.log(`\n== ${engine}`);
    const { database, drop } = await openEngine(engine);
    try {
      const loadStarted = performance.now();
      if (!(REUSE && engine === 'postgres')) {
        await migrateToLatest(database.db);
        await load(database, corpus);
      }
      console.log(`ready for queries after ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
      const provider = createPostgresSearchProvider({ db: database.db });
      const run = async (c: QueryCase) => {
        const request: DocumentSearchRequest = {
          scope: { ownerId: OWNER, buildingIds: c.building ? [c.building] : null },
          query: parseQuery({ query: c.query, fuzziness: 'auto' }),
          filters: {},
          sortBy: 'relevance',
          sortOrder: 'desc',
          offset: 0,
          limit: 20,
          aggregations: c.aggregations,
        };
        return provider.searchDocuments(request);
      };
      for (const c of cases.slice(0, 25)) {
        await run(c);
        await baseline(database, c);
      }
      const timings = new Map<string, { ours: number[]; base: number[]; hits: number[] }>();
      for (const c of cases) {
        const entry = timings.get(c.kind) ?? { ours: [], base: [], hits: [] };
        let started = performance.now();
        const result = await run(c);
        entry.ours.push(performance.now() - started);
        entry.hits.push(result.numberOfHits);
        started = performance.now();
        await baseline(database, c);
        entry.base.push(performance.now() - started);
        timings.set(c.kind, entry);
      }
      console.log(
        `${'query'.padEnd(32)} ${'hits (median)'.padStart(13)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}` +
          `   ${'baseline p50'.padStart(12)} ${'p95'.padStart(8)}   ${'p95 ratio'.padStart(9)}   target p95`,
      );
      for (const [kind, t] of timings) {
        const target = TARGETS[kind]?.[engine] ?? 0;
        const p95 = percentile(t.ours, 95);
        console.log(
          `${kind.padEnd(32)} ${String(percentile(t.hits, 50)).padStart(13)} ${percentile(t.ours, 50).toFixed(1).padStart(6)}ms ` +
            `${p95.toFixed(1).padStart(6)}ms   ${percentile(t.base, 50).toFixed(1).padStart(10)}ms ` +
            `${percentile(t.base, 95).toFixed(1).padStart(6)}ms   ${(p95 / percentile(t.base, 95)).toFixed(2).padStart(8)}x` +
            `   <= ${target} ms ${p95 <= target ? 'met' : 'MISSED'}`,
        );
      }
    } finally {
      await drop();
    }
  }
}

await main();
