import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, POOL_KEPT, type Database } from '../../../src/storage/db/database.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * Every connection to a PostgreSQL server runs with JIT compilation off (issue 48: an owner-wide question's passage
 * statement spent half its 62 ms compiling itself) and with prefetching, unless the operator chose otherwise for it:
 * in the URL's `options`, or for the database.
 */
describe.each(testEngines().filter((e) => e === 'postgres'))('connections to the %s server', (engine) => {
  let database: Database & { url: string | null };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  const settings = async (db: Database) =>
    (
      await sql<{ jit: string; timeout: string; prefetch: string }>`
        select current_setting('jit') as jit, current_setting('statement_timeout') as timeout,
          current_setting('effective_io_concurrency') as prefetch`.execute(db.db)
    ).rows[0]!;

  it('never compile a statement, however costly the planner thinks it', async () => {
    // every pooled connection, not only the first
    const all = await Promise.all(Array.from({ length: 4 }, () => settings(database)));
    expect(all.map((s) => s.jit)).toEqual(['off', 'off', 'off', 'off']);
    await database.db.connection().execute(async (connection) => {
      // a plan whose cost passes every JIT threshold, as the server's defaults set them
      await sql`set jit_above_cost = 0`.execute(connection);
      await sql`set jit_inline_above_cost = 0`.execute(connection);
      const plan = async () =>
        (
          await sql<{ 'QUERY PLAN': string }>`
            explain (analyze) select sum(g * 2) from generate_series(1, 1000) g`.execute(connection)
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      expect(await plan()).not.toMatch(/JIT/);
      // the server would compile it (its JIT provider is installed): the session's setting is what keeps it from it
      await sql`set jit = on`.execute(connection);
      expect(await plan()).toMatch(/JIT:/);
      // as the connection was
      await sql`reset jit_above_cost`.execute(connection);
      await sql`reset jit_inline_above_cost`.execute(connection);
      await sql`set jit = off`.execute(connection);
    });
  });

  // issue 48: a bitmap scan of pages not in memory reads them side by side rather than one after another (a round of
  // 768 documents' chunks read cold: 56-69 ms against 143-186 at the server's default of 1)
  it('prefetch the pages a bitmap scan will read', async () => {
    const all = await Promise.all(Array.from({ length: 4 }, () => settings(database)));
    expect(all.map((s) => s.prefetch)).toEqual(['64', '64', '64', '64']);
  });

  it("keep the operator's choice: the URL's options, or the database's setting", async () => {
    const url = new URL(database.url!);
    url.searchParams.set('options', '-c jit=on -c statement_timeout=7s -c effective_io_concurrency=3');
    const theirs = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 1 });
    try {
      expect(await settings(theirs)).toEqual({ jit: 'on', timeout: '7s', prefetch: '3' });
    } finally {
      await theirs.close();
    }
    const name = new URL(database.url!).pathname.slice(1);
    await database.executeSql(`alter database ${name} set jit = on`);
    await database.executeSql(`alter database ${name} set effective_io_concurrency = 2`);
    const configured = await openDatabase({ kind: 'postgres', url: database.url!, poolMax: 1 });
    try {
      const chosen = await settings(configured);
      expect([chosen.jit, chosen.prefetch]).toEqual(['on', '2']);
    } finally {
      await configured.close();
      await database.executeSql(`alter database ${name} reset jit`);
      await database.executeSql(`alter database ${name} reset effective_io_concurrency`);
    }
  });

  // issue 48: a search after a pause waited for a new server process (45-97 ms against 9-21 on a kept connection)
  it('keep some connections, and the server processes behind them, however long the process is idle', async () => {
    const pooled = await openDatabase({ kind: 'postgres', url: database.url!, poolMax: 6, poolIdleMs: 500 });
    try {
      const pid = async (connection: Database['db']) =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)).rows[0]!.pid;
      // four statements at once: four connections, each held until all four are open, so that they go back to the
      // pool together (on a busy machine the first could otherwise sit idle past the idle time while the last opens)
      const busy: number[] = [];
      let allOpen: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => {
        allOpen = resolve;
      });
      await Promise.all(
        Array.from({ length: 4 }, () =>
          pooled.db.connection().execute(async (connection) => {
            busy.push(await pid(connection));
            if (busy.length === 4) allOpen();
            await opened;
            await sql`select pg_sleep(0.05)`.execute(connection);
          }),
        ),
      );
      expect(new Set(busy).size).toBe(4);
      expect(pooled.poolStats().total).toBe(4);
      // well past the idle time: the connections beyond the kept ones are closed, the kept ones are not
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(POOL_KEPT).toBeGreaterThan(0);
      expect(POOL_KEPT).toBeLessThan(4);
      expect(pooled.poolStats()).toEqual({ total: POOL_KEPT, idle: POOL_KEPT, waiting: 0 });
      // and the next statements run in server processes that were there before the pause
      const after = await Promise.all(
        Array.from({ length: POOL_KEPT }, () =>
          pooled.db.connection().execute(async (connection) => {
            const mine = await pid(connection);
            await sql`select pg_sleep(0.05)`.execute(connection);
            return mine;
          }),
        ),
      );
      for (const p of after) expect(busy).toContain(p);
      expect(pooled.poolStats().total).toBe(POOL_KEPT);
    } finally {
      await pooled.close();
    }
  });
});
