/**
 * Where a search's time goes (issue 48): runs each benchmark query kind through the real provider on a database a
 * `bench:search -- --keep` run left, records every statement it sends (begin and commit included) with its
 * parameters and the time its round trip took, then replays the statements in a transaction of their own with
 * EXPLAIN (ANALYZE, BUFFERS), so the plans are those of the actual SQL under the settings the search sets.
 *
 *   tsx server/bench/search-explain.ts --documents 30000 --database-name byggdok_bench_index [--runs 40] [--plans]
 *     [--segments]   with the segments the database holds (the big owner's loaded first), as the service searches
 */
import { performance } from 'node:perf_hooks';
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../src/storage/db/database.js';
import { createPostgresSearchProvider } from '../src/storage/search/postgres-search.provider.js';
import { createSegmentCache, DEFAULT_SEGMENT_SETTINGS } from '../src/storage/search/segments.js';
import { benchQueries, benchRequest } from './search-queries.js';
import { OWNER, streamCorpus } from './search-corpus.js';
import { recording, type Recorded } from './search-recording.js';
import { percentile } from './bench-figures.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DOCUMENTS = Number(option('--documents') ?? 30_000);
const RUNS = Number(option('--runs') ?? 40);
const PLANS = args.includes('--plans');
const SEGMENTS = args.includes('--segments');

/**
 * begin / analysis / expansion / search / documents / commit, told from the statement's text (the page's documents come
 * inside the search statement since migration 0052, and a word's expansion inside the analysis since stop 98: an
 * `expansion` is the statement of its own a word the analysis does not take still gets; the passages' documents still
 * in one of their own)
 */
function roleOf(statement: string): string {
  if (statement === 'begin' || statement === 'commit') return statement;
  if (statement.includes('search_total')) return 'search';
  // the settings put back after the search has its answer (inSearchSession)
  if (statement.includes('as "restored_')) return 'restore';
  if (statement.includes('set_config(')) return 'analysis';
  if (statement.includes("'typo' as kind") || statement.includes("'compound' as kind")) return 'expansion';
  if (statement.includes('from "documents" as "d"') || statement.includes('"d".*')) return 'documents';
  if (statement.includes('as df')) return 'weigh';
  if (statement.includes('search_segment_postings')) return 'segment';
  return 'search';
}

async function main(): Promise<void> {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${option('--database-name') ?? 'byggdok_bench_search'}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  // the queries come from the corpus's statistics, filled as its documents are generated (never all in memory)
  const corpus = streamCorpus(DOCUMENTS);
  for (const document of corpus.documents) void document;
  const cases = benchQueries({ corpus, runs: RUNS });
  const request = benchRequest;
  const cache = createSegmentCache({ db: database.db });
  const segments = SEGMENTS ? { cache, settings: DEFAULT_SEGMENT_SETTINGS } : null;
  try {
    if (SEGMENTS) await cache.warm(OWNER);
    // warm up
    for (const c of cases.slice(0, 25))
      await createPostgresSearchProvider({ db: database.db, parallel: true, segments }).searchDocuments(request(c));
    const perKind = new Map<string, { total: number[]; roles: Map<string, number[]>; example?: Recorded[] }>();
    for (const c of cases) {
      const statements: Recorded[] = [];
      const db = recording(database.db, statements);
      const started = performance.now();
      await createPostgresSearchProvider({ db, parallel: true, segments }).searchDocuments(request(c));
      const total = performance.now() - started;
      await db.destroy();
      const entry = perKind.get(c.kind) ?? { total: [], roles: new Map<string, number[]>() };
      entry.total.push(total);
      const sums = new Map<string, number>();
      for (const s of statements) sums.set(roleOf(s.sql), (sums.get(roleOf(s.sql)) ?? 0) + s.ms);
      for (const [role, ms] of sums) entry.roles.set(role, [...(entry.roles.get(role) ?? []), ms]);
      entry.example ??= statements;
      perKind.set(c.kind, entry);
    }
    for (const [kind, entry] of perKind) {
      const roles = [...entry.roles]
        .map(([role, ms]) => `${role} ${percentile(ms, 50).toFixed(2)}/${percentile(ms, 95).toFixed(2)}`)
        .join(', ');
      console.log(
        `${kind}: whole search p50 ${percentile(entry.total, 50).toFixed(2)} ms, p95 ${percentile(entry.total, 95).toFixed(2)} ms; ` +
          `per statement p50/p95 ms: ${roles}; statements ${entry.example?.length ?? 0}`,
      );
    }
    if (!PLANS) return;
    for (const [kind, entry] of perKind) {
      console.log(`\n==================== ${kind}`);
      await database.db.connection().execute(async (conn) => {
        await conn.executeQuery(CompiledQuery.raw('begin'));
        try {
          for (const s of entry.example ?? []) {
            if (s.sql === 'begin' || s.sql === 'commit') continue;
            const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain (analyze, buffers) ${s.sql}`, [...s.parameters]),
            );
            console.log(
              `\n--- ${roleOf(s.sql)} (${s.ms.toFixed(2)} ms as sent)\n${s.sql.replace(/\s+/g, ' ').slice(0, 600)}`,
            );
            console.log(JSON.stringify(s.parameters).slice(0, 400));
            console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
          }
        } finally {
          await conn.executeQuery(CompiledQuery.raw('rollback'));
        }
      });
    }
  } finally {
    await database.close();
  }
}

await main();
