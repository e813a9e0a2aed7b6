import { performance } from 'node:perf_hooks';
import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * PGlite runs a statement inside the process, synchronously, and its promise is already settled when it returns: a
 * run of statements awaited one after the other (a job writing a document's pages and chunks, a migration, a backup)
 * is one chain of microtasks, and nothing else in the process gets a turn until it ends. No timer fires, no request is
 * read, the data folder's lock is not refreshed (after 15 s another process could take it over).
 * So a statement that comes this many milliseconds or more after the statements last let the event loop turn lets it
 * run first (setImmediate: timers, network and child-process messages are handled, then the statement runs).
 */
export const PGLITE_TURN_MS = 20;

/**
 * PGlite is one PostgreSQL backend: one session. Kysely's Postgres driver runs BEGIN/COMMIT as plain queries on a
 * "connection", so two logical connections sharing the backend would see each other's transactions. This pool hands
 * out the single backend to one borrower at a time; everyone else (Kysely, pg-boss) waits in line.
 */
export class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();
  /** borrowers holding or waiting for the backend (metrics) */
  private borrowers = 0;

  /** the one backend, whether it is lent out, and how many wait in line behind it */
  stats(): { total: number; idle: number; waiting: number } {
    return { total: 1, idle: this.borrowers === 0 ? 1 : 0, waiting: Math.max(0, this.borrowers - 1) };
  }

  /** when the statements last let the event loop run */
  private lastTurn = performance.now();

  constructor(readonly pglite: PGlite) {}

  /** lets the event loop run when the statements have kept it waiting for PGLITE_TURN_MS */
  private async giveTurn(): Promise<void> {
    if (performance.now() - this.lastTurn < PGLITE_TURN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.lastTurn = performance.now();
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    this.borrowers++;
    await previous;
    let released = false;
    return {
      query: async (sql: string, parameters: readonly unknown[]) => {
        await this.giveTurn();
        // migration scripts hold several statements, which only the simple protocol accepts
        const result =
          parameters.length === 0 && /;\s*\S/.test(sql)
            ? lastResult(await this.pglite.exec(sql))
            : await this.pglite.query<Record<string, unknown>>(sql, [...parameters]);
        return {
          // Kysely only uses `command` to decide whether rowCount means "affected rows".
          command: /^\s*(with\b[\s\S]*?\b)?(insert|update|delete|merge)\b/i.test(sql) ? 'UPDATE' : 'SELECT',
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release: () => {
        if (!released) {
          released = true;
          this.borrowers--;
          release();
        }
      },
    } as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.tail;
  }
}

function lastResult(results: Results[]): Results<Record<string, unknown>> {
  return results.at(-1) ?? { rows: [], fields: [], affectedRows: 0 };
}
