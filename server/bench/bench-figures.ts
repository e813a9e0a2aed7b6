/** Small helpers the benchmarks print their figures with. */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/storage/db/database.js';

/** the p-th percentile (nearest rank) of the values; 0 for none */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** the machine's 1, 5 and 15 minute load averages, as printed beside every timing */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

/**
 * The PostgreSQL server's memory and parallel settings, as one line printed beside the figures, so that a run says
 * which server its figures came from (at a million documents, 6 GB of shared_buffers instead of 128 MB changed the
 * owner-wide searches by a fifth: see the README's Benchmarks).
 */
export async function serverSettings(database: Database): Promise<string> {
  const { rows } = await database.executeSql(
    `select name, current_setting(name) as setting from pg_settings
     where name in ('shared_buffers', 'effective_cache_size', 'work_mem', 'max_parallel_workers_per_gather')
     order by name`,
  );
  return `server settings: ${rows.map((r) => `${String(r.name)} ${String(r.setting)}`).join(', ')}`;
}

/**
 * Before the timed queries: the server writes out what loading and building left in its buffers (a checkpoint), so
 * the queries are timed on a settled server, not beside the spread checkpoint that would otherwise write gigabytes
 * through them (at 100,000 documents a rare term's p50 was 8.6 ms during it and 4.0 ms after). Returns a line to print.
 */
export async function settle(database: Database): Promise<string> {
  if (database.engine !== 'postgres') return 'PGlite: nothing to settle';
  const started = performance.now();
  await database.executeSql('checkpoint');
  return `checkpoint before the queries: ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/**
 * What a round trip costs on this machine right after other work or an idle gap, against back to back: three
 * `select 1` in a row, 30 times each way (p50 / p95). On the 2-core machines issue 48 is measured on, a search run
 * between the baseline's queries (the table) or after an idle gap took about twice its time back to back (the
 * comparisons), with every page of the search in PostgreSQL's buffers (stop 87: a rare term 2.8 ms p50 back to back,
 * 5.5-6.5 in the table, 5.7-9.9 after 400 ms idle): the cores, not the data, were cold. This line shows how much of
 * that a run's machine has. Returns a line to print.
 */
export async function roundTripWake(database: Database): Promise<string> {
  if (database.engine !== 'postgres') return 'PGlite: no round trips';
  const threeInARow = async (gap: number) => {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
      const started = performance.now();
      for (let k = 0; k < 3; k++) await database.executeSql('select 1');
      times.push(performance.now() - started);
    }
    return `${percentile(times, 50).toFixed(2)} / ${percentile(times, 95).toFixed(2)} ms`;
  };
  const backToBack = await threeInARow(0);
  const afterIdle = await threeInARow(300);
  return `three round trips (select 1) back to back ${backToBack}, after 300 ms idle ${afterIdle} (p50 / p95)`;
}
