/**
 * Issue 48's design comparisons, on a database a `bench:search -- --keep` run left: each benchmark query kind's
 * actual search statement (recorded from the provider, as search-explain.ts does) is replayed against variants of the
 * index and table layout on the same data, same queries, in alternating rounds, and p50/p95 printed per variant:
 *
 *   gin          today: GIN on search_documents (building_id, tsv)
 *   rum          the same statement with a RUM index (rum_tsvector_ops) in the GIN's place (needs the rum extension)
 *   rum-topk     RUM's own ranked top-k with early termination (`order by tsv <=> query limit 20`) plus a count: the
 *                shape RUM is for; its order is RUM's ts_rank-like distance, not ours, so its answers differ
 *   owner-gin    the GIN index over (building_owner_id, building_id, tsv) instead, so an owner-wide search narrows to
 *                the owner inside the index rather than reading other owners' hits from the table
 *   partitioned  search_documents copied into a table partitioned by owner (the big owner, then 8 hash partitions for
 *                the rest), each with the same GIN index
 *
 *   tsx server/bench/search-experiments.ts --documents 30000 --database-name byggdok_bench_index [--runs 30]
 *     [--rounds 3] [--variants gin,partitioned]
 */
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/storage/db/database.js';
import type { DB } from '../src/storage/db/schema.js';
import { createPostgresSearchProvider } from '../src/storage/search/postgres-search.provider.js';
import { generateCorpus, OWNER } from './search-corpus.js';
import { recording, type Recorded } from './search-recording.js';
import { benchQueries, benchRequest } from './search-queries.js';
import { percentile } from './bench-figures.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DOCUMENTS = Number(option('--documents') ?? 30_000);
const RUNS = Number(option('--runs') ?? 30);
const ROUNDS = Number(option('--rounds') ?? 2);
const ONLY = option('--variants')?.split(',');

const SETTINGS = `select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`;

async function main(): Promise<void> {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${option('--database-name') ?? 'byggdok_bench_search'}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  const db: Kysely<DB> = database.db;
  const corpus = generateCorpus(DOCUMENTS);
  const cases = benchQueries({ corpus, runs: RUNS });
  const request = benchRequest;

  // the search statement of every case, as the provider sends it
  const recorded: { kind: string; search: Recorded; tsquery: string | null }[] = [];
  for (const c of cases) {
    const statements: Recorded[] = [];
    const recorder = recording(db, statements);
    await createPostgresSearchProvider({ db: recorder }).searchDocuments(request(c));
    await recorder.destroy();
    const search = statements.find((s) => /\bm as materialized\b/.test(s.sql));
    if (!search) continue;
    // the all-terms query the statement matches with, for the RUM top-k variant
    const match = /s\.tsv @@ \$(\d+)::tsquery\s*\)/.exec(search.sql);
    const tsquery = match ? String(search.parameters[Number(match[1]) - 1]) : null;
    recorded.push({ kind: c.kind, search, tsquery });
  }

  const extensions = await sql<{ name: string }>`select name from pg_available_extensions where name = 'rum'`.execute(
    db,
  );
  const rum = extensions.rows.length > 0;
  console.log(`${recorded.length} search statements recorded; rum ${rum ? 'available' : 'not available'}`);

  // layouts
  await sql`drop table if exists bench_part_documents`.execute(db);
  await sql
    .raw(
      `create table bench_part_documents (like search_documents including defaults)
    partition by list (building_owner_id)`,
    )
    .execute(db);
  await sql
    .raw(`create table bench_part_documents_big partition of bench_part_documents for values in ('${OWNER}')`)
    .execute(db);
  await sql
    .raw(
      `create table bench_part_documents_rest partition of bench_part_documents default
    partition by hash (building_owner_id)`,
    )
    .execute(db);
  for (let i = 0; i < 8; i++)
    await sql
      .raw(
        `create table bench_part_documents_rest_${i} partition of bench_part_documents_rest
      for values with (modulus 8, remainder ${i})`,
      )
      .execute(db);
  await sql`insert into bench_part_documents select * from search_documents`.execute(db);
  await sql`create index on bench_part_documents using gin (building_id, tsv)`.execute(db);
  await sql`create index on bench_part_documents (building_owner_id, building_id)`.execute(db);
  // the exact ranking joins the chosen hits back by id
  await sql`create index on bench_part_documents (document_id)`.execute(db);
  await sql`vacuum analyze bench_part_documents`.execute(db);
  if (rum) {
    await sql`create extension if not exists rum`.execute(db);
    const started = performance.now();
    await sql`create index if not exists bench_search_documents_rum on search_documents using rum (tsv rum_tsvector_ops)`.execute(
      db,
    );
    console.log(`RUM index built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await sql`analyze search_documents`.execute(db);
  }
  const sizes = await sql<{ name: string; size: string }>`
    select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size from pg_class c
    where c.relname in ('search_documents_tsv', 'bench_search_documents_rum')`.execute(db);
  console.log(sizes.rows.map((r) => `${r.name} ${r.size}`).join(', '));

  type Variant = { name: string; setup: string[]; statement: (r: (typeof recorded)[number]) => CompiledQuery | null };
  const same = (r: (typeof recorded)[number]) => CompiledQuery.raw(r.search.sql, [...r.search.parameters]);
  const variants: Variant[] = [
    { name: 'gin', setup: rum ? ['drop index bench_search_documents_rum'] : [], statement: same },
    {
      name: 'partitioned',
      setup: rum ? ['drop index bench_search_documents_rum'] : [],
      statement: (r) =>
        CompiledQuery.raw(r.search.sql.replace(/\bsearch_documents\b/g, 'bench_part_documents'), [
          ...r.search.parameters,
        ]),
    },
  ];
  variants.push({
    name: 'owner-gin',
    setup: [
      ...(rum ? ['drop index bench_search_documents_rum'] : []),
      'drop index search_documents_tsv',
      'create index bench_owner_gin on search_documents using gin (building_owner_id, building_id, tsv)',
      'analyze search_documents',
    ],
    statement: same,
  });
  if (rum) {
    variants.push({ name: 'rum', setup: ['drop index search_documents_tsv'], statement: same });
    variants.push({
      name: 'rum-topk',
      setup: ['drop index search_documents_tsv'],
      statement: (r) => {
        if (r.tsquery === null) return null;
        const owner = r.kind.includes('one building') ? null : OWNER;
        const building = r.search.parameters.find((p) => typeof p === 'string' && p.startsWith('bld_bench_'));
        const scope = owner ? `s.building_owner_id = $2` : `s.building_id = $2`;
        return CompiledQuery.raw(
          `select (select count(*) from search_documents s where ${scope} and s.tsv @@ $1::tsquery)::int as total,
             (select json_agg(k.document_id) from (select s.document_id from search_documents s
               where ${scope} and s.tsv @@ $1::tsquery order by s.tsv <=> $1::tsquery limit 20) k) as page`,
          [r.tsquery, owner ?? building],
        );
      },
    });
  }

  if (ONLY) variants.splice(0, variants.length, ...variants.filter((v) => ONLY.includes(v.name)));
  const timings = new Map<string, Map<string, number[]>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) {
      await db.connection().execute(async (conn) => {
        await conn.executeQuery(CompiledQuery.raw('begin'));
        try {
          for (const s of variant.setup) await conn.executeQuery(CompiledQuery.raw(s));
          await conn.executeQuery(CompiledQuery.raw(SETTINGS));
          for (const r of recorded) {
            const statement = variant.statement(r);
            if (!statement) continue;
            const started = performance.now();
            await conn.executeQuery(statement);
            const ms = performance.now() - started;
            if (round === 0 && ROUNDS > 1) continue; // warm-up round
            const byKind = timings.get(variant.name) ?? new Map<string, number[]>();
            byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), ms]);
            timings.set(variant.name, byKind);
          }
        } finally {
          await conn.executeQuery(CompiledQuery.raw('rollback'));
        }
      });
    }
  }
  const kinds = [...new Set(recorded.map((r) => r.kind))];
  console.log(`search statement alone, p50 / p95 ms (${RUNS} queries of each kind, ${ROUNDS - 1} measured rounds)`);
  console.log(['kind'.padEnd(32), ...variants.map((v) => v.name.padStart(16))].join(' '));
  for (const kind of kinds) {
    const cells = variants.map((v) => {
      const t = timings.get(v.name)?.get(kind) ?? [];
      return (t.length ? `${percentile(t, 50).toFixed(1)} / ${percentile(t, 95).toFixed(1)}` : '-').padStart(16);
    });
    console.log([kind.padEnd(32), ...cells].join(' '));
  }
  await sql`drop table if exists bench_part_documents`.execute(db);
  if (rum) await sql`drop index if exists bench_search_documents_rum`.execute(db);
  await database.close();
}

await main();
