import fs from 'node:fs/promises';
import path from 'node:path';
import { makeFolderPrivate } from '../private-folder.js';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Client } from 'pg';
import lockfile from 'proper-lockfile';
import type { Config } from '../../config/config.js';
import type { DB } from './schema.js';
import { PGlitePool } from './pglite-pool.js';
import { preparingPool } from './prepared.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** runs raw SQL on the same connections (pg-boss and migrations use it) */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * On a PostgreSQL server: hears NOTIFY on a channel from every process using the database, on a connection of its
   * own that reconnects after a server restart; returns the function that stops listening. Absent on PGlite, where
   * only this process uses the database.
   */
  listen?: Listen;
  /** the connection pool now: connections in total, idle, and borrowers waiting for one (metrics) */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      /** how long a connection beyond the kept ones stays idle before it closes; 10 s unless told */
      poolIdleMs?: number;
      /** the connections kept however long they are idle; POOL_KEPT unless told */
      poolKept?: number;
    }
  /** dataDir null: in memory (tests) */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

export class DatabaseLockedError extends Error {
  override readonly name = 'DatabaseLockedError';
}

const INT8_OID = 20;

/** The configured database: the PostgreSQL server of DATABASE_URL, or PGlite in the data folder. */
export function databaseTargetOf(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` };
}

/** int8 (count(*), sizes) as a JS number on both engines: sizes stay far below 2^53. */
function parseInt8(value: string): number {
  return Number(value);
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target) : openPGlite(target);
}

/**
 * Prefetching for the server's bitmap scans, set on each connection by SERVER_SESSION_SETUP unless the operator chose
 * `effective_io_concurrency` (as for JIT below): a bitmap scan asks the kernel for up to this many of the heap
 * pages it will read next, so that pages not in memory are read side by side rather than one after another (the
 * default, 1, reads almost serially). A round of 768 documents' chunks read cold took 56-69 ms with 64 against 143-186
 * with 1 (issue 48, 100,000 documents).
 */
const IO_CONCURRENCY = 64;
/**
 * Run on every new connection of the server's pool, before its first statement: JIT compilation off, unless the
 * operator chose it (in postgresql.conf, for the database or role, or in the URL's `options`: any source but the
 * default), and prefetching (IO_CONCURRENCY) likewise.
 *
 * The planner compiles a statement to machine code once its estimated cost passes jit_above_cost (100,000), and
 * inlines and optimises it past 500,000. byggdok's statements read some thousands of rows by index, and the compiling
 * can cost more than they do: an owner-wide question's passage statement at 100,000 documents ran 62 ms, 31 of them
 * compiling (issue 48). The first compiled statement of a new connection also loads the JIT library: 89-116 ms for a
 * statement of 1 ms (the pool opens new connections after 10 s idle). A statement, not the connection's startup
 * `options`: PgBouncer refuses a connection whose options hold a setting it does not track.
 */
const SERVER_SESSION_SETUP = `do $$ begin
  perform set_config('jit', 'off', false) from pg_settings where name = 'jit' and source = 'default';
  begin
    perform set_config('effective_io_concurrency', '${IO_CONCURRENCY}', false) from pg_settings
      where name = 'effective_io_concurrency' and source = 'default';
  exception when invalid_parameter_value then
    null; -- a server built without posix_fadvise (macOS, Windows) takes only 0
  end;
end $$`;

/**
 * The connections a process keeps open however long it is idle. A connection idle for 10 s closes (node-postgres's
 * default), and the next statement waits for a new one: a new server process, its session set up, its caches of the
 * catalog, the text search dictionaries and the named statements (prepared.ts) empty. Issue 48: a search after 12 s
 * without one took 45-52 ms for a rare term and 64-97 ms for a common term in one building (100,000 documents),
 * against 9-14 and 13-21 ms on a kept connection; a search holds one connection, an owner-wide question a few.
 */
export const POOL_KEPT = 2;

async function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<Database> {
  // node-postgres is loaded only for a server: the embedded start never pays for it
  const { default: pg } = await import('pg');
  const max = target.poolMax ?? 10;
  const pool = new pg.Pool({
    connectionString: target.url,
    max,
    min: Math.min(target.poolKept ?? POOL_KEPT, max),
    idleTimeoutMillis: target.poolIdleMs ?? 10_000,
    // a kept connection may sit idle for hours: TCP keepalive probes (the first after a minute idle) keep a firewall
    // or NAT from dropping it for want of traffic, and let the kernel find one that was dropped (the pool then
    // drops it and opens another when one is needed)
    keepAlive: true,
    keepAliveInitialDelayMillis: 60_000,
    // awaited before the new connection is handed out; a failure ends it and goes to the statement that wanted it
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it; @types/pg types it void
    onConnect: async (client) => {
      await client.query(SERVER_SESSION_SETUP);
    },
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? parseInt8
          : (pg.types.getTypeParser(oid, format ?? 'text') as (
              value: string,
            ) => unknown)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {
    // an idle client died (server restart); the pool replaces it on next use
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  await sql`select 1`.execute(db);
  return {
    db,
    engine: 'postgres',
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    listen: (channel, onNotify) => listenOn({ url: target.url, channel, onNotify, Client: pg.Client }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

const RECONNECT_DELAY_MS = 1000;

async function listenOn(params: {
  url: string;
  channel: string;
  onNotify: (payload: string) => void;
  Client: typeof Client;
}): Promise<() => Promise<void>> {
  let stopped = false;
  let client: Client | null = null;
  const connect = async (): Promise<void> => {
    const next = new params.Client({ connectionString: params.url });
    next.on('notification', (message) => {
      if (message.channel === params.channel && message.payload !== undefined) params.onNotify(message.payload);
    });
    // a lost connection (server restart) is opened again; until then, whoever listens falls back on polling
    next.on('error', () => undefined);
    next.on('end', () => {
      if (!stopped) setTimeout(reconnect, RECONNECT_DELAY_MS).unref();
    });
    await next.connect();
    await next.query(`listen "${params.channel.replaceAll('"', '""')}"`);
    if (stopped) await next.end();
    else client = next;
  };
  const reconnect = (): void => {
    if (stopped) return;
    connect().catch(() => setTimeout(reconnect, RECONNECT_DELAY_MS).unref());
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** The extensions the migrations create on PGlite (the server has them in contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, btree_gin };

async function openPGlite(target: { dataDir: string | null; loadDataDir?: Blob }): Promise<Database> {
  let unlock: (() => Promise<void>) | undefined;
  if (target.dataDir !== null) {
    await fs.mkdir(target.dataDir, { recursive: true, mode: 0o700 });
    unlock = await lockDataDir(target.dataDir);
  }
  try {
    const pglite = await PGlite.create({
      ...(target.dataDir !== null ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      extensions: PGLITE_EXTENSIONS,
      parsers: { [INT8_OID]: parseInt8 },
    });
    // PGlite gives the files of a new database mode 0666 whatever the umask; what it creates later follows the umask
    if (target.dataDir !== null) await makeFolderPrivate(target.dataDir);
    const pool = new PGlitePool(pglite);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'pglite',
      executeSql: async (text, values) => {
        const client = await pool.connect();
        try {
          return await client.query<Record<string, unknown>>(text, values ?? []);
        } finally {
          client.release();
        }
      },
      poolStats: () => pool.stats(),
      close: async () => {
        await db.destroy();
        await pglite.close();
        await unlock?.();
      },
    };
  } catch (error) {
    await unlock?.();
    throw error;
  }
}

/**
 * Two PGlite processes on one folder silently lose writes, so the folder is locked for the life of the process.
 * proper-lockfile refreshes the lock's mtime; a lock left by a killed process goes stale and is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, '..', `${path.basename(dataDir)}.lock`),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        process.stderr.write(`byggdok: lost the lock on ${dataDir} (${error.message}); stopping to protect the data\n`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is already in use by another byggdok process. ` +
          'PGlite allows one process per data folder: stop the other process, use another BYGGDOK_DATA_DIR, ' +
          'or set DATABASE_URL to share a PostgreSQL server between processes.',
      );
    }
    throw error;
  }
}
