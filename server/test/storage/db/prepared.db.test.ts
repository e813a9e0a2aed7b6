import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/storage/db/database.js';
import { executePrepared } from '../../../src/storage/db/prepared.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * A `prepared` statement is parsed once per connection on a PostgreSQL server, and planned once when a generic plan
 * costs no more than planning it for its values (issue 48: the search's small statements took longer to plan than to
 * run). On PGlite the marker is a comment, and the statement runs as any other.
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

  const byIds = (ids: number[]) => sql<{ id: number; name: string }>`select * from prepared_probe
    where id = any(${ids}::int[]) order by id`;

  it('answers as the same statement unprepared, with its own values each time', async () => {
    await database.db.connection().execute(async (connection) => {
      for (const ids of [[1], [2, 3], [], [49, 50, 51]]) {
        const prepared = (await executePrepared(connection, byIds(ids))).rows;
        expect(prepared).toEqual((await byIds(ids).execute(connection)).rows);
        expect(prepared.map((row) => row.id)).toEqual(ids.filter((id) => id <= 50));
      }
    });
  });

  it.runIf(engine === 'postgres')(
    'is parsed once on a connection and then runs on a generic plan, planned no more',
    async () => {
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
        const after = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(
          connection,
        );
        expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
      });
    },
  );

  it.runIf(engine === 'postgres')(
    'goes on answering when a migration adds a column under a prepared statement',
    async () => {
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
    },
  );
});
