import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/storage/db/database.js';
import type { DB } from '../../../src/storage/db/schema.js';
import { openDatabase } from '../../../src/storage/db/database.js';
import { executeParsedOnce, executePrepared, PARSED_KEPT } from '../../../src/storage/db/prepared.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * A `prepared` statement is parsed once per connection on a PostgreSQL server, and planned once when a generic plan
 * costs no more than planning it for its values (issue 48: the search's small statements took longer to plan than to
 * run). PGlite, one backend, names them too, through its protocol messages (pglite-pool.ts).
 */
describe.each(testEngines())('prepared statements on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.executeSql(
      `create table prepared_probe (id int primary key, name text not null);
       insert into prepared_probe select g, 'name ' || g from generate_series(1, 50) g`,
    );
  });
  afterAll(() => database.close());

  const byIds = (ids: number[], customPlansOnly?: RawBuilder<boolean>) => sql<{
    id: number;
    name: string;
  }>`select * from prepared_probe where id = any(${ids}::int[]) ${customPlansOnly ? sql`and ${customPlansOnly}` : sql``}
    order by id`;

  it('answers as the same statement unprepared, with its own values each time', async () => {
    await database.db.connection().execute(async (connection) => {
      for (const ids of [[1], [2, 3], [], [49, 50, 51]]) {
        const prepared = (await executePrepared(connection, byIds(ids))).rows;
        expect(prepared).toEqual((await byIds(ids).execute(connection)).rows);
        expect(prepared.map((row) => row.id)).toEqual(ids.filter((id) => id <= 50));
        expect((await executeParsedOnce(connection, (only) => byIds(ids, only))).rows).toEqual(prepared);
      }
    });
  });

  it('is parsed once on a connection and then runs on a generic plan, planned no more', async () => {
    await database.db.connection().execute(async (connection) => {
      const byId = (id: number) => sql<{ name: string }>`select name from prepared_probe where id = ${id} and true`;
      for (let i = 1; i <= 8; i += 1) {
        expect((await executePrepared(connection, byId(i))).rows).toEqual([{ name: `name ${i}` }]);
      }
      const statements = (
        await sql<{ name: string; generic_plans: number; custom_plans: number }>`select name,
            generic_plans::int, custom_plans::int from pg_prepared_statements
            where statement like '%id = $1 and true'`.execute(connection)
      ).rows;
      // one statement for eight runs: five planned for their values, then the generic plan for the other three (a
      // primary key's lookup costs the same whatever the value)
      expect(statements).toHaveLength(1);
      expect(statements[0]?.name).toMatch(/^byggdok_[0-9a-f]{24}$/);
      expect(statements[0]?.custom_plans).toBe(5);
      expect(statements[0]?.generic_plans).toBe(3);
      // unprepared, a statement is not kept
      const before = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(
        connection,
      );
      await byId(1).execute(connection);
      const after = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(connection);
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    });
  });

  it('goes on answering when a migration adds a column under a prepared statement', async () => {
    await database.db.connection().execute(async (connection) => {
      const all = sql<Record<string, unknown>>`select * from prepared_probe where id = ${7}`;
      expect((await executePrepared(connection, all)).rows).toEqual([{ id: 7, name: 'name 7' }]);
      await sql`alter table prepared_probe add column note text`.execute(connection);
      // PostgreSQL refuses the prepared plan ("cached plan must not change result type"); sent unnamed, it answers
      // with the new column, and again the next time
      for (let i = 0; i < 2; i += 1) {
        expect((await executePrepared(connection, all)).rows).toEqual([{ id: 7, name: 'name 7', note: null }]);
      }
    });
  });

  /**
   * A statement parsed once is planned for its values every time: the condition executeParsedOnce hands it prices its
   * generic plan out, so it keeps one name. A pool of one connection, so that each `execute` below gets the same
   * server session.
   */
  const onOneConnection = async (work: (single: Database) => Promise<void>) => {
    // PGlite is one backend already
    if (engine === 'pglite') return work(database);
    const single = await openDatabase({
      kind: 'postgres',
      url: (database as Database & { url: string }).url,
      poolMax: 1,
    });
    try {
      await work(single);
    } finally {
      await single.close();
    }
  };
  const parsedOnce = (connection: Kysely<DB>) =>
    sql<{ name: string; statement: string; generic_plans: number; custom_plans: number }>`select name, statement,
      generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%parsed-once probe%'
      order by name`
      .execute(connection)
      .then((result) => result.rows);

  /** a primary key's lookup, whose generic plan costs as little as any plan made for its values */
  const lookup = (id: number) => (only: RawBuilder<boolean>) =>
    sql<{ name: string }>`select name from prepared_probe where id = ${id} and ${only} /* parsed-once probe */`;
  /** distinct texts: the number is part of the statement */
  const probe = (n: number) => (only: RawBuilder<boolean>) =>
    sql<{
      n: number;
    }>`select ${sql.raw(String(n))}::int as n where ${only} /* parsed-once probe ${sql.raw(String(n))} */`;

  it('a statement parsed once is never run on a generic plan, under one name for as long as it is used', async () => {
    await onOneConnection(async (single) => {
      await single.db.connection().execute(async (connection) => {
        for (let i = 1; i <= 12; i += 1) {
          expect((await executeParsedOnce(connection, lookup(i))).rows).toEqual([{ name: `name ${i}` }]);
        }
        // one name for twelve runs, each planned for its values (without the condition, the generic plan from the
        // sixth run on, as `prepared` statements have)
        const statements = await parsedOnce(connection);
        expect(statements).toEqual([expect.objectContaining({ generic_plans: 0, custom_plans: 12 })]);
      });
      // back from the pool: the name is kept and goes on
      await single.db.connection().execute(async (connection) => {
        expect((await executeParsedOnce(connection, lookup(13))).rows).toEqual([{ name: 'name 13' }]);
        expect(await parsedOnce(connection)).toEqual([expect.objectContaining({ generic_plans: 0, custom_plans: 13 })]);
      });
    });
  });

  it('refuses a statement that leaves out the condition keeping it off a generic plan', async () => {
    await database.db.connection().execute(async (connection) => {
      const sent = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(connection);
      await expect(
        executeParsedOnce(connection, () => sql`select name from prepared_probe where id = ${1}`),
      ).rejects.toThrow(/prices its generic plan out/);
      const after = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(connection);
      expect(after.rows[0]?.n).toBe(sent.rows[0]?.n);
    });
  });

  it('a connection keeps a bounded number of statements parsed once, the least recently used closed first', async () => {
    await onOneConnection(async (single) => {
      await single.db.connection().execute(async (connection) => {
        for (let n = 1; n <= PARSED_KEPT + 4; n += 1) {
          expect((await executeParsedOnce(connection, probe(n))).rows).toEqual([{ n }]);
        }
        // the first one used again: the most recently used now
        expect((await executeParsedOnce(connection, probe(1))).rows).toEqual([{ n: 1 }]);
      });
      await single.db.connection().execute(async (connection) => {
        const kept = (
          await sql<{ statement: string }>`select statement from pg_prepared_statements
              where statement like '%parsed-once probe%'`.execute(connection)
        ).rows.map((p) => Number(/probe (\d+)/.exec(p.statement)?.[1]));
        expect(kept.sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: PARSED_KEPT - 1 }, (_, i) => i + 6)]);
      });
    });
  });

  it('a retired statement the server no longer has leaves the connection in the pool', async () => {
    await onOneConnection(async (single) => {
      const backend = (connection: Kysely<DB>) =>
        sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection).then((r) => r.rows[0]?.pid);
      let before: number | undefined;
      let first: { name: string } | undefined;
      await single.db.connection().execute(async (connection) => {
        before = await backend(connection);
        // numbers no other test used: every statement below is new on the connection
        await executeParsedOnce(connection, probe(100));
        first = (await parsedOnce(connection)).find((p) => p.statement.includes('probe 100 '));
        expect(first).toBeDefined();
        // the first retired by the PARSED_KEPT new ones after it, and closed behind the pool's back (as behind a
        // pooler that names statements its own way): its deallocate finds nothing
        for (let n = 101; n <= 100 + PARSED_KEPT; n += 1) await executeParsedOnce(connection, probe(n));
        expect((await parsedOnce(connection)).map((p) => p.name)).toContain(first!.name);
        await sql`deallocate ${sql.id(first!.name)}`.execute(connection);
      });
      await single.db.connection().execute(async (connection) => {
        expect(await backend(connection)).toBe(before);
        expect((await parsedOnce(connection)).map((p) => p.name)).not.toContain(first!.name);
        expect((await executeParsedOnce(connection, probe(100))).rows).toEqual([{ n: 100 }]);
      });
    });
  });

  it('a statement parsed once goes on answering when a migration adds a column', async () => {
    await onOneConnection(async (single) => {
      await sql`create table parsed_probe (id int primary key)`.execute(single.db);
      await sql`insert into parsed_probe values (1)`.execute(single.db);
      const all = (only: RawBuilder<boolean>) =>
        sql<Record<string, unknown>>`select * from parsed_probe where ${only} /* parsed-once probe */`;
      await single.db.connection().execute(async (connection) => {
        expect((await executeParsedOnce(connection, all)).rows).toEqual([{ id: 1 }]);
        await sql`alter table parsed_probe add column note text`.execute(connection);
        for (let i = 0; i < 2; i += 1) {
          expect((await executeParsedOnce(connection, all)).rows).toEqual([{ id: 1, note: null }]);
        }
      });
    });
  });
});
