import { createHash } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type {
  PostgresPool,
  PostgresPoolClient,
  QueryExecutorProvider,
  QueryResult as KyselyResult,
  RawBuilder,
} from 'kysely';
import type { Pool, PoolClient, QueryResult } from 'pg';

/**
 * Statements a PostgreSQL server parses and plans once per connection (issue 48). A search's small statements (the
 * query's analysis, and until migration 0052 its page's documents, now read inside the search statement through a
 * PL/pgSQL function that plans its statement once per connection) took longer to plan than to run: the page's
 * documents joined into the search statement as tables cost a rare term's search 1.0-1.4 ms of its 2.5, most of it
 * planning. Sent as a named statement, such a statement is parsed once per connection, and PostgreSQL's plan cache
 * keeps a generic plan for it once five custom plans have cost no less (plan_cache_mode `auto`); a statement whose
 * plan depends on its parameters (a LIKE pattern, a tsquery's selectivity) keeps being planned for them.
 *
 * A statement whose plan must follow its values (a search's, whose plan depends on how common its terms are) is sent
 * by `executeParsedOnce` instead: parsed once, planned every time.
 *
 * A statement is named by a marker at the start of its text (`prepared`, `executeParsedOnce`), which the pool's
 * clients (`preparingPool`) read; PGlite's one backend names them the same way (pglite-pool.ts). Behind PgBouncer,
 * named statements need session pooling, or transaction pooling with `max_prepared_statements` (PgBouncer 1.21 and
 * later).
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
 * Runs a statement as a named statement that the server parses once per connection but plans for its values every
 * time, never on a generic plan. For a search's large statements (issue 48): parsing and analysing one took 1.0-1.5 ms
 * of its 4-7 ms as sent at 100,000 documents, while a generic plan, planned without the terms' selectivity, was slower
 * (a rare term's statement 6.4 ms against 4.3 unnamed).
 *
 * PostgreSQL plans a named statement for its values five times, then weighs a generic plan against them (plan_cache_mode
 * `auto`) and keeps it where it costs less. `build` gets the condition that prices the generic plan out
 * (CUSTOM_PLANS_ONLY) and must put it where the statement evaluates it once (a select's `where` without a `from`, say):
 * planned for its values, the condition is one row of three one-row series; planned without them, PostgreSQL counts
 * each series at a thousand rows, a billion together, so the generic plan never costs less and the statement goes on
 * being planned for its values under the one name. A connection keeps at most PARSED_KEPT of them, the least recently
 * used closed when it goes back to the pool.
 */
export async function executeParsedOnce<R>(
  db: QueryExecutorProvider & { executeQuery<T>(query: CompiledQuery<T>): Promise<KyselyResult<T>> },
  build: (customPlansOnly: RawBuilder<boolean>) => RawBuilder<R>,
  options: {
    /**
     * the statement's plan does not depend on its values (written so that its one good plan is the only one), so
     * PostgreSQL may keep a generic plan for it once five plans made for its values cost no less (plan_cache_mode
     * `auto`), and plan it no more: `build` gets a plain `true`
     */
    genericPlan?: boolean;
  } = {},
): Promise<KyselyResult<R>> {
  if (options.genericPlan) {
    const compiled = build(sql<boolean>`true`).compile(db);
    return db.executeQuery(CompiledQuery.raw(`${PARSED_MARKER}${compiled.sql}`, [...compiled.parameters]));
  }
  const compiled = build(CUSTOM_PLANS_ONLY).compile(db);
  if (!compiled.sql.includes(GUARD_COMMENT)) {
    throw new Error('a statement parsed once must hold the condition that prices its generic plan out');
  }
  return db.executeQuery(CompiledQuery.raw(`${PARSED_MARKER}${compiled.sql}`, [...compiled.parameters]));
}

const GUARD_COMMENT = '/* custom plans only */';
/**
 * executeParsedOnce's condition: true, and one row of three one-row series for the plan made for the values; a
 * billion rows for a generic plan, which cannot count the series' ends (generate_series's row estimate needs them as
 * constants)
 */
const CUSTOM_PLANS_ONLY = sql<boolean>`${sql.raw(GUARD_COMMENT)} (select count(*) from generate_series(1, ${1}::int) g1,
  generate_series(1, ${1}::int) g2, generate_series(1, ${1}::int) g3) = 1`;

/** `executeParsedOnce` statements a connection keeps (each some 200 KB of the server process's memory) */
export const PARSED_KEPT = 16;

/** a statement's name: the same text gets the same name in every process */
function nameOf(text: string): string {
  return `byggdok_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * The named statements of one server session (a pooled connection, or PGlite's one backend): which name a marked
 * statement runs under, and which retired names are to be closed.
 */
export class SessionStatements {
  /** `executeParsedOnce` statements by text, the least recently used first */
  private readonly live = new Map<string, { name: string }>();
  private readonly closing: string[] = [];
  private generation = 0;
  /** `prepared` statements sent unnamed from now on (their result's columns changed under them) */
  private readonly unnamed = new Set<string>();

  /** the name `text` is to be sent under: none for an unmarked statement (null), null for one sent unnamed */
  nameFor(text: string): { name: string | null; text: string; kind: 'prepared' | 'parsedOnce' } | null {
    if (text.startsWith(MARKER)) {
      const name = nameOf(text);
      return { name: this.unnamed.has(name) ? null : name, text, kind: 'prepared' };
    }
    if (!text.startsWith(PARSED_MARKER)) return null;
    const entry = this.live.get(text) ?? { name: `${nameOf(text)}_${(this.generation += 1)}` };
    // the most recently used last
    this.live.delete(text);
    this.live.set(text, entry);
    for (const [oldest, statement] of this.live) {
      if (this.live.size <= PARSED_KEPT) break;
      this.live.delete(oldest);
      this.closing.push(statement.name);
    }
    return { name: entry.name, text, kind: 'parsedOnce' };
  }

  /**
   * A named statement the server refused because a migration changed its result's columns under it ("cached plan must
   * not change result type"): a `prepared` one is sent unnamed from now on, an `executeParsedOnce` one parsed again
   * under a new name next time
   */
  refused(sent: { name: string | null; text: string; kind: 'prepared' | 'parsedOnce' }): void {
    if (sent.name === null) return;
    if (sent.kind === 'prepared') this.unnamed.add(sent.name);
    else if (this.live.get(sent.text)?.name === sent.name) {
      this.live.delete(sent.text);
      this.closing.push(sent.name);
    }
  }

  /** the retired names to close now */
  takeClosing(): string[] {
    return this.closing.splice(0);
  }
}

/** a server's refusal of a named statement whose result's columns changed under it */
export function isChangedResult(error: unknown): boolean {
  return (error as { code?: unknown }).code === '0A000';
}

/**
 * node-postgres's pool for Kysely, its clients sending a marked statement under its name (SessionStatements), and
 * closing an `executeParsedOnce` statement's retired names before the connection goes back. A named statement whose
 * result's columns changed under it (a migration added a column while this process ran: "cached plan must not change
 * result type") is sent unnamed that time (SessionStatements.refused).
 */
export function preparingPool(pool: Pool): PostgresPool {
  const sessions = new WeakMap<PoolClient, SessionStatements>();
  const sessionOf = (client: PoolClient) => {
    let session = sessions.get(client);
    if (session === undefined) {
      session = new SessionStatements();
      sessions.set(client, session);
    }
    return session;
  };
  const query = async (client: PoolClient, text: string, values: readonly unknown[]): Promise<QueryResult> => {
    const session = sessionOf(client);
    const sent = session.nameFor(text);
    if (sent === null || sent.name === null) return client.query(text, [...values]);
    try {
      return await client.query({ name: sent.name, text, values: [...values] });
    } catch (error) {
      if (!isChangedResult(error)) throw error;
      session.refused(sent);
      return client.query(text, [...values]);
    }
  };
  /** closes the connection's retired `executeParsedOnce` statements (after the answer, before anyone else can use it) */
  const release = (client: PoolClient) => {
    // node-postgres's record of the statements the server parsed: a name it never parsed (its Parse failed) is not
    // on the server either
    const parsedNames = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
      ?.parsedStatements;
    const closing = (sessions.get(client)?.takeClosing() ?? []).filter((name) => parsedNames?.[name] !== undefined);
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
          typeof first === 'string'
            ? query(client, first, values ?? [])
            : (client.query as (first: unknown, values?: unknown[]) => unknown)(first, values && [...values]),
        release: () => release(client),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
