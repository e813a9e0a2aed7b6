/**
 * What a building's first search would read from a segment, cold (issue 48's next design): on a database a
 * `bench:search -- --documents 1000000 --keep` run left, the big owner's segment rows of 8 lexemes are fetched right
 * after the page cache is dropped and the server restarted, three ways in turns:
 *
 *   whole   the rows as the segment path reads them today: 8 common lexemes' runs and counts, all 7 fields (megabytes)
 *   slice   the same rows with each field cut to a building's share by `substring` (800 bytes of a bitmap, 1,700 of
 *           counts): the columns are stored EXTERNAL, so only the TOAST chunks of the slice are read
 *   inline  8 rows of lexemes in 150-215 documents, about 1 KB each and stored in the row itself: what one building's
 *           own rows of a common lexeme would be
 *
 * It drops the machine's page cache and restarts PostgreSQL (`pg_ctlcluster`), so it needs root on the database's
 * machine and a database no one else is using.
 *
 *   tsx server/bench/segment-cold-fetch.ts [--database-name byggdok_bench_search] [--rounds 6] [--cluster '15 main']
 */
import { execSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PRESENCE_TESTS } from '../src/storage/search/ranking.js';
import { OWNER } from './search-corpus.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ROUNDS = Number(option('--rounds') ?? 6);
const CLUSTER = option('--cluster') ?? '15 main';
/** a lexeme's runs and their counts: every column the segment path reads (segments.ts, FIELDS and COUNTS) */
const FIELDS = ['postings', ...PRESENCE_TESTS, 'counts', 'head_a_counts', 'head_b_counts'] as const;

const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${option('--database-name') ?? 'byggdok_bench_search'}`;

async function connect(): Promise<pg.Client> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** nothing of the database in memory: the page cache dropped and the server restarted */
function cold(): void {
  execSync(`sync; echo 3 > /proc/sys/vm/drop_caches; pg_ctlcluster ${CLUSTER} restart`);
}

async function main(): Promise<void> {
  let client = await connect();
  const segment = (
    await client.query<{ id: string }>(
      `select id::text from search_segments where building_owner_id = $1 order by id desc limit 1`,
      [OWNER],
    )
  ).rows[0]?.id;
  if (!segment) throw new Error(`no segment of ${OWNER}: run bench:search -- --keep first`);
  // common lexemes past the very commonest (the words and compounds the bench's queries use are of these sizes)
  const common = (
    await client.query<{ lexeme: string }>(
      `select lexeme from search_segment_postings where segment_id = $1 order by documents desc offset 20 limit $2`,
      [segment, ROUNDS * 25],
    )
  ).rows.map((row) => row.lexeme);
  const small = (
    await client.query<{ lexeme: string }>(
      `select lexeme from search_segment_postings where segment_id = $1 and documents between 150 and 215
       order by lexeme limit $2`,
      [segment, ROUNDS * 8],
    )
  ).rows.map((row) => row.lexeme);
  await client.end();
  const whole = FIELDS.join(', ');
  const slice = FIELDS.map(
    (f) => `substring(${f} from greatest(1, octet_length(${f}) / 2) for ${f.endsWith('counts') ? 1700 : 800}) as ${f}`,
  ).join(', ');
  const times = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const ways = [
      ['whole', whole, common.slice(round * 25, round * 25 + 8)],
      ['slice', slice, common.slice(round * 25, round * 25 + 8)],
      ['inline', whole, small.slice(round * 8, round * 8 + 8)],
    ] as const;
    for (const [name, fields, lexemes] of round % 2 === 0 ? ways : [...ways].reverse()) {
      cold();
      client = await connect();
      // the connection's first statement: what every search finds ready on a pooled connection
      await client.query('select count(*) from search_segments');
      const started = performance.now();
      const rows = (
        await client.query<Record<string, Buffer | null>>(
          `select ${fields} from search_segment_postings where segment_id = $1 and lexeme = any($2)`,
          [segment, lexemes],
        )
      ).rows;
      const ms = performance.now() - started;
      await client.end();
      const bytes = rows.reduce((sum, row) => sum + FIELDS.reduce((n, f) => n + (row[f]?.length ?? 0), 0), 0);
      times.set(name, [...(times.get(name) ?? []), ms]);
      console.log(
        `round ${round + 1} ${name}: ${ms.toFixed(1)} ms, ${rows.length} rows, ${(bytes / 1024).toFixed(0)} KiB`,
      );
    }
  }
  for (const [name, ms] of times) {
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(`${name}: ${sorted.map((t) => t.toFixed(1)).join(' / ')} ms`);
  }
}

await main();
