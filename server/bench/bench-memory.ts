/**
 * Memory the search and ask benches report: the bench process's RSS and the PostgreSQL server's backends' (those
 * connected to the bench database, read from /proc, so only for a server on this machine), sampled every second
 * while a bench runs; the largest values are printed at the end.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';

export interface MemoryMaxima {
  /** the bench process's RSS, MiB */
  bench: number;
  /** the largest single backend's RSS, MiB (shared buffers it touched included) */
  backend: number | null;
  /** all the bench database's backends' private memory (RssAnon) together, MiB */
  backendsPrivate: number | null;
}

async function statusOf(pid: number): Promise<{ rss: number; anon: number } | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024 };
  } catch {
    return null;
  }
}

/** Samples until stop() is called; `url` is the bench database on a server (null: PGlite, in this process). */
export function sampleMemory(url: string | null): { stop: () => Promise<MemoryMaxima>; now: () => MemoryMaxima } {
  const maxima: MemoryMaxima = { bench: 0, backend: url ? 0 : null, backendsPrivate: url ? 0 : null };
  let client: pg.Client | null = null;
  let sampling = false;
  const sample = async () => {
    maxima.bench = Math.max(maxima.bench, process.memoryUsage().rss / 2 ** 20);
    if (!url || sampling) return;
    sampling = true;
    try {
      if (client === null) {
        client = new pg.Client({ connectionString: url });
        await client.connect();
      }
      const pids = (
        await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')
      ).rows.map((r) => Number(r.pid));
      let anon = 0;
      for (const pid of pids) {
        const status = await statusOf(pid);
        if (status === null) continue;
        maxima.backend = Math.max(maxima.backend ?? 0, status.rss);
        anon += status.anon;
      }
      maxima.backendsPrivate = Math.max(maxima.backendsPrivate ?? 0, anon);
    } catch {
      // the database may be gone between samples (dropped at the end): keep what was seen
    } finally {
      sampling = false;
    }
  };
  const timer = setInterval(() => void sample(), 1000);
  void sample();
  return {
    now: () => ({ ...maxima }),
    stop: async () => {
      clearInterval(timer);
      await sample();
      const open: pg.Client | null = client;
      await open?.end().catch(() => undefined);
      return { ...maxima };
    },
  };
}

export function describeMemory(m: MemoryMaxima): string {
  return (
    `bench process RSS at most ${m.bench.toFixed(0)} MiB` +
    (m.backend === null
      ? ' (PGlite: the database runs inside it)'
      : `; server: largest backend RSS ${m.backend.toFixed(0)} MiB, the bench database's backends' private memory ` +
        `together at most ${(m.backendsPrivate ?? 0).toFixed(0)} MiB`)
  );
}
