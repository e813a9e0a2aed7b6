import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type {
  PostgresPool,
  PostgresPoolClient,
  QueryExecutorProvider,
  QueryResult as KyselyResult,
  RawBuilder,
} from 'kysely';
import type { Pool, PoolClient, QueryResult } from 'pg';

/**
 * Statements a PostgreSQL server parses and plans once per connection (issue 48). A search's small statements (its
 * page's documents, the query's analysis) took longer to plan than to run: the page's documents joined into the
 * search statement cost a rare term's search 1.0-1.4 ms of its 2.5, most of it planning. Sent as a named statement,
 * such a statement is parsed once per connection, and PostgreSQL's plan cache keeps a generic plan for it once five
 * custom plans have cost no less (plan_cache_mode `auto`); a statement whose plan depends on its parameters (a LIKE
 * pattern, a tsquery's selectivity) keeps being planned for them.
 *
 * A statement is named by a marker at the start of its text (`prepared`), which the pool's clients (`preparingPool`)
 * read; on PGlite, which names no statement, the marker is a comment. Behind PgBouncer, named statements need session
 * pooling, or transaction pooling with `max_prepared_statements` (PgBouncer 1.21 and later).
 */
const MARKER = '/* prepared */ ';

/** the same statement, to be named on a PostgreSQL server */
export function prepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  return CompiledQuery.raw(`${MARKER}${query.sql}`, [...query.parameters]);
}

/** runs `query` as a `prepared` statement */
export function executePrepared<R>(
  db: QueryExecutorProvider & { executeQuery<T>(query: CompiledQuery<T>): Promise<KyselyResult<T>> },
  query: RawBuilder<R>,
): Promise<KyselyResult<R>> {
  return db.executeQuery(prepared(query.compile(db)));
}

/** a statement's name: the same text gets the same name in every process */
function nameOf(text: string): string {
  return `byggdok_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * node-postgres's pool for Kysely, its clients sending a `prepared` statement as a named one. A named statement whose
 * result's columns changed under it (a migration added a column while this process ran: "cached plan must not change
 * result type") is sent unnamed from then on, on that connection.
 */
export function preparingPool(pool: Pool): PostgresPool {
  const unnamed = new WeakMap<PoolClient, Set<string>>();
  const named = async (client: PoolClient, text: string, values: readonly unknown[]): Promise<QueryResult> => {
    const name = nameOf(text);
    const broken = unnamed.get(client);
    if (broken?.has(name)) return client.query(text, [...values]);
    try {
      return await client.query({ name, text, values: [...values] });
    } catch (error) {
      if ((error as { code?: unknown }).code !== '0A000') throw error;
      unnamed.set(client, (broken ?? new Set()).add(name));
      return client.query(text, [...values]);
    }
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      const wrapped = {
        query: (first: unknown, values?: readonly unknown[]) =>
          typeof first === 'string' && first.startsWith(MARKER)
            ? named(client, first, values ?? [])
            : (client.query as (first: unknown, values?: unknown[]) => unknown)(first, values && [...values]),
        release: () => client.release(),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
