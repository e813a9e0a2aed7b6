/** A recording Kysely for the search experiments (search-explain.ts, search-experiments.ts). */
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { performance } from 'node:perf_hooks';
import type { DB } from '../src/storage/db/schema.js';

export interface Recorded {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/**
 * A Kysely over the same database that records every statement, its parameters and its round trip's time. Its
 * `destroy()` waits until every connection it lent is back: a search puts its settings back after it has answered.
 */
export function recording(db: Kysely<DB>, statements: Recorded[]): Kysely<DB> {
  const lent = new Set<Promise<unknown>>();
  const run = async <R>(conn: Kysely<DB>, query: CompiledQuery) => {
    const started = performance.now();
    const result = await conn.executeQuery<R>(query);
    statements.push({ sql: query.sql, parameters: query.parameters, ms: performance.now() - started });
    return result;
  };
  const driver: Driver = {
    init: async () => {},
    destroy: async () => {
      await Promise.allSettled([...lent]);
    },
    acquireConnection: () =>
      new Promise<DatabaseConnection & { release: () => void }>((resolve, reject) => {
        const held = db
          .connection()
          .execute(
            (conn) =>
              new Promise<void>((release) => {
                resolve({
                  executeQuery: <R>(query: CompiledQuery) => run<R>(conn, query),
                  streamQuery: () => {
                    throw new Error('not used by search');
                  },
                  release,
                });
              }),
          )
          .catch(reject);
        lent.add(held);
        void held.finally(() => lent.delete(held));
      }),
    beginTransaction: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin'));
    },
    commitTransaction: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('commit'));
    },
    rollbackTransaction: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    },
    releaseConnection: async (connection) => {
      (connection as DatabaseConnection & { release: () => void }).release();
    },
  };
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
