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
 * A statement whose plan must follow its values (a search's, whose plan depends on how common its terms are) is sent
 * by `executeParsedOnce` instead: parsed once, planned every time.
 *
 * A statement is named by a marker at the start of its text (`prepared`, `executeParsedOnce`), which the pool's
 * clients (`preparingPool`) read; on PGlite, which names no statement, the marker is a comment. Behind PgBouncer, named statements need session
 * pooling, or transaction pooling with `max_prepared_statements` (PgBouncer 1.21 and later).
 */
const MARKER = '/* prepared */ ';
/** the marker of a statement parsed once and planned for its values every time (`executeParsedOnce`) */
const PARSED_MARKER = '/* parsed once */ ';

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

/**
 * Runs `query` as a named statement that the server parses once per connection but plans for its values every time,
 * never on a generic plan. For a search's large statements (issue 48): parsing and analysing one took 1.0-1.5 ms of
 * its 4-7 ms as sent at 100,000 documents, while a generic plan, planned without the terms' selectivity, was slower (a
 * rare term's statement 6.4 ms against 4.3 unnamed). PostgreSQL plans a named statement for its values five times
 * before it weighs a generic plan (plan_cache_mode `auto`), so the pool sends the statement under a new name after
 * five runs, and closes the old one when the connection goes back to the pool; a connection keeps at most
 * PARSED_KEPT of them, the least recently used closed first.
 */
export function executeParsedOnce<R>(
  db: QueryExecutorProvider & { executeQuery<T>(query: CompiledQuery<T>): Promise<KyselyResult<T>> },
  query: RawBuilder<R>,
): Promise<KyselyResult<R>> {
  const compiled = query.compile(db);
  return db.executeQuery(CompiledQuery.raw(`${PARSED_MARKER}${compiled.sql}`, [...compiled.parameters]));
}

/** runs an `executeParsedOnce` statement gets under one name: PostgreSQL's custom plans before it weighs a generic one */
const PARSED_RUNS = 5;
/** `executeParsedOnce` statements a connection keeps (each some 200 KB of the server process's memory) */
export const PARSED_KEPT = 16;

/** a connection's `executeParsedOnce` statements: by text, the least recently used first; the names to close */
interface ParsedOnce {
  live: Map<string, { name: string; runs: number }>;
  closing: string[];
  generation: number;
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
  const parsedOnce = new WeakMap<PoolClient, ParsedOnce>();
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
  const parsed = async (client: PoolClient, text: string, values: readonly unknown[]): Promise<QueryResult> => {
    let state = parsedOnce.get(client);
    if (state === undefined) {
      state = { live: new Map(), closing: [], generation: 0 };
      parsedOnce.set(client, state);
    }
    let entry = state.live.get(text);
    state.live.delete(text);
    if (entry !== undefined && entry.runs >= PARSED_RUNS) {
      state.closing.push(entry.name);
      entry = undefined;
    }
    entry ??= { name: `${nameOf(text)}_${(state.generation += 1)}`, runs: 0 };
    // the most recently used last
    state.live.set(text, entry);
    for (const [oldest, statement] of state.live) {
      if (state.live.size <= PARSED_KEPT) break;
      state.live.delete(oldest);
      state.closing.push(statement.name);
    }
    entry.runs += 1;
    try {
      return await client.query({ name: entry.name, text, values: [...values] });
    } catch (error) {
      // a migration changed the result's columns under it: a new name parses it again
      if ((error as { code?: unknown }).code !== '0A000') throw error;
      entry.runs = PARSED_RUNS;
      return client.query(text, [...values]);
    }
  };
  /** closes the connection's retired `executeParsedOnce` statements (after the answer, before anyone else can use it) */
  const release = (client: PoolClient) => {
    const state = parsedOnce.get(client);
    // node-postgres's record of the statements the server parsed: a name it never parsed (its Parse failed) is not
    // on the server either
    const parsedNames = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
      ?.parsedStatements;
    const closing = (state?.closing.splice(0) ?? []).filter((name) => parsedNames?.[name] !== undefined);
    if (closing.length === 0) {
      client.release();
      return;
    }
    const closed = () => {
      for (const name of closing) delete parsedNames?.[name];
      client.release();
    };
    client.query(closing.map((name) => `deallocate "${name}"`).join('; ')).then(closed, (error: unknown) => {
      // not on this server connection (PgBouncer's transaction pooling names statements its own way, and closes them
      // itself): nothing to close; any other failure drops the connection
      if ((error as { code?: unknown }).code === '26000') closed();
      else client.release(error instanceof Error ? error : new Error(String(error)));
    });
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      const wrapped = {
        query: (first: unknown, values?: readonly unknown[]) =>
          typeof first === 'string' && first.startsWith(MARKER)
            ? named(client, first, values ?? [])
            : typeof first === 'string' && first.startsWith(PARSED_MARKER)
              ? parsed(client, first, values ?? [])
              : (client.query as (first: unknown, values?: unknown[]) => unknown)(first, values && [...values]),
        release: () => release(client),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
