import { performance } from 'node:perf_hooks';
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { isChangedResult, SessionStatements } from './prepared.js';

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
            : await this.query(sql, parameters);
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
          this.closeRetired();
          this.borrowers--;
          release();
        }
      },
    } as unknown as PostgresPoolClient;
  }

  /** the backend's named statements (prepared.ts) */
  private readonly statements = new SessionStatements();
  /** the parameters' types of each named statement the backend holds */
  private readonly described = new Map<string, number[]>();

  /**
   * A statement, named when marked (prepared.ts): PGlite's `query` parses and describes every statement anew, which
   * took 2-6 ms of a one-building search statement on an empty database, against under 2 ms named. PGlite's protocol
   * messages are sent as its own `query` sends them, the statement's parse and description left out once the backend
   * holds it.
   */
  private async query(text: string, parameters: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
    const sent = this.statements.nameFor(text);
    if (sent === null || sent.name === null) return this.pglite.query<Record<string, unknown>>(text, [...parameters]);
    const name = sent.name;
    const exec = async (message: Uint8Array) => (await this.pglite.execProtocol(message, { syncToFs: false })).messages;
    const serialize = protocol.serialize;
    const messages = [];
    try {
      let types = this.described.get(name);
      if (types === undefined) {
        messages.push(...(await exec(serialize.parse({ name, text }))));
        types = parse.parseDescribeStatementResults(await exec(serialize.describe({ type: 'S', name })));
        this.described.set(name, types);
      }
      const values = parameters.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pglite.serializers[types[i] ?? 0];
        // as PGlite's own `query` does
        return serializer ? serializer(value) : (value as { toString(): string }).toString();
      });
      messages.push(...(await exec(serialize.bind({ statement: name, values }))));
      messages.push(...(await exec(serialize.describe({ type: 'P' }))));
      messages.push(...(await exec(serialize.execute({}))));
    } catch (error) {
      // the backend skips everything up to the next Sync after an error
      await exec(serialize.sync());
      if (!isChangedResult(error)) throw error;
      this.statements.refused(sent);
      return this.pglite.query<Record<string, unknown>>(text, [...parameters]);
    }
    messages.push(...(await exec(serialize.sync())));
    return parse.parseResults(messages, this.pglite.parsers)[0] as Results<Record<string, unknown>>;
  }

  /** closes the statements retired while the backend was lent (SessionStatements) */
  private closeRetired(): void {
    const names = this.statements.takeClosing().filter((name) => this.described.delete(name));
    if (names.length === 0) return;
    const serialize = protocol.serialize;
    for (const name of names) this.pglite.execProtocolRawSync(serialize.close({ type: 'S', name }));
    this.pglite.execProtocolRawSync(serialize.sync());
  }

  async end(): Promise<void> {
    await this.tail;
  }
}

function lastResult(results: Results[]): Results<Record<string, unknown>> {
  return results.at(-1) ?? { rows: [], fields: [], affectedRows: 0 };
}
