import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { SearchScope } from '../../domain/search/search.types.js';
import type { DB } from '../db/schema.js';
import type { AnalysedTerm } from './query-analysis.js';
import { inverseDocumentFrequency, type WeightedTerm } from './ranking.js';

/** SQL plumbing the document search and the chunk retriever share. */

export type Executor = Kysely<DB> | Transaction<DB>;
type Condition = (alias: string) => RawBuilder<boolean>;

export interface ResolvedScope {
  /** no live building in scope: nothing can match */
  empty: boolean;
  condition: Condition;
  buildingIds: string[] | null;
}

/**
 * Runs search queries in one transaction, so that the planner settings they are written for (plannerSettings) hold
 * for every statement after the one that sets them. The settings are not a statement of their own: the query
 * analysis's first statement sets them (analyseQuery's plannerSettings), a round trip less per search.
 */
export async function inSearchTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * The planner prices a GIN bitmap scan above a sequential scan once a term is common, not knowing that the sequential
 * scan detoasts every document vector: keep it on the index. JIT compilation costs more than these queries take.
 * A one-row derived table: left-joined to a statement's rows, it is evaluated once even when the statement finds no
 * row. The settings hold for the rest of the transaction (not for the statement that sets them, planned before).
 *
 * With `session`, they are set for the session instead, so that a search needs no transaction (begin and commit are
 * two round trips): the search runs on one connection (inSearchSession), the row also carries the settings as they
 * were (`seqscan_was`, `jit_was`, read before they are set), and the search's last statement puts them back
 * (restoreSettings).
 */
export function plannerSettings(scope?: SearchScope, options?: { session?: boolean }): RawBuilder<unknown> {
  // a building scope's live buildings are looked up here too, not by a round trip of their own (resolveScope)
  const live =
    scope !== undefined && scope.buildingIds !== null && scope.buildingIds.length > 0
      ? sql`array(select b.id from buildings b where b.id = any(${[...scope.buildingIds]}::text[])
          and b.building_owner_id = ${scope.ownerId} and b.archived_at is null order by b.id)`
      : sql`null::text[]`;
  if (options?.session === true) {
    // `offset 0` keeps the inner row a subquery of its own, so the settings are read before they are changed
    return sql`(select was.seqscan_was, was.jit_was, set_config('enable_seqscan', 'off', false) as seqscan,
      set_config('jit', 'off', false) as jit, ${live} as live
      from (select current_setting('enable_seqscan') as seqscan_was, current_setting('jit') as jit_was offset 0) was)`;
  }
  return sql`(select set_config('enable_seqscan', 'off', true) as seqscan, set_config('jit', 'off', true) as jit,
    ${live} as live, null::text as seqscan_was, null::text as jit_was)`;
}

/** the session's planner settings before plannerSettings({ session: true }) changed them */
export interface SettingsWere {
  seqscan: string;
  jit: string;
}

/** select-list items that put the planner settings back as they were: for the last statement of a search */
export function restoreSettings(was: SettingsWere): RawBuilder<unknown> {
  return sql`set_config('enable_seqscan', ${was.seqscan}, false) as restored_seqscan,
    set_config('jit', ${was.jit}, false) as restored_jit`;
}

/**
 * Runs a search's statements on one connection, without a transaction: the settings the analysis sets for the session
 * (plannerSettings with `session`, which hands them to `session.set`) hold for its later statements. `work` puts them
 * back in its last statement (restoreSettings) and says so with `session.restored()`; when it did not get that far (no
 * hit possible, an error: a failed statement's own change of settings is undone with it), they are put back here
 * before the connection goes back to the pool.
 */
export async function inSearchSession<T>(
  db: Kysely<DB>,
  work: (connection: Kysely<DB>, session: SearchSession) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    const session: SearchSession = {
      was: undefined,
      isRestored: false,
      set: (was) => {
        session.was = was;
      },
      restored: () => {
        session.isRestored = true;
      },
    };
    try {
      return await work(connection, session);
    } finally {
      if (session.was !== undefined && !session.isRestored) {
        await sql`select ${restoreSettings(session.was)}`.execute(connection);
      }
    }
  });
}

export interface SearchSession {
  /** the settings to put back, once the analysis has changed them */
  was: SettingsWere | undefined;
  isRestored: boolean;
  set: (was: SettingsWere) => void;
  /** the statement carrying restoreSettings(was) has run */
  restored: () => void;
}

/** The live buildings of a scope, as a condition on a table with `building_owner_id` and `building_id`. */
export async function resolveScope(
  trx: Executor,
  scope: SearchScope,
  /** the live buildings, when plannerSettings(scope) already looked them up */
  found?: string[],
): Promise<ResolvedScope> {
  if (scope.buildingIds === null) {
    // the owner's archived buildings are left out inside the query (evaluated once, as an init plan), not looked up
    // first: a round trip to the database costs more than a rare term's whole search
    return {
      empty: false,
      buildingIds: null,
      condition: (alias) =>
        sql<boolean>`${sql.ref(alias)}.building_owner_id = ${scope.ownerId} and ${sql.ref(alias)}.building_id <> all(array(
          select ab.id from buildings ab where ab.building_owner_id = ${scope.ownerId} and ab.archived_at is not null))`,
    };
  }
  const live =
    scope.buildingIds.length === 0
      ? []
      : found !== undefined
        ? found
        : (
            await trx
              .selectFrom('buildings')
              .select('id')
              .where('id', 'in', [...scope.buildingIds])
              .where('building_owner_id', '=', scope.ownerId)
              .where('archived_at', 'is', null)
              .orderBy('id')
              .execute()
          ).map((b) => b.id);
  const [only] = live;
  return {
    empty: live.length === 0,
    buildingIds: live,
    condition: (alias) =>
      live.length === 1 && only !== undefined
        ? // `=` lets the (building_id, tsv) GIN index narrow to the building before reading any row
          sql<boolean>`${sql.ref(alias)}.building_id = ${only}`
        : sql<boolean>`${sql.ref(alias)}.building_id = any(${live}::text[])`,
  };
}

/** Document frequency of each term in scope, for idf. A one-term query needs none: idf cannot reorder it. */
export async function weigh(params: {
  trx: Executor;
  table: 'search_documents' | 'document_chunks';
  condition: RawBuilder<boolean>;
  vector: string;
  terms: AnalysedTerm[];
}): Promise<{ terms: WeightedTerm[]; documents: number; frequencies: number[] }> {
  const { trx, terms } = params;
  if (terms.length === 1 && params.table === 'search_documents') {
    return { terms: terms.map((t) => ({ ...t, idf: 1 })), documents: 0, frequencies: [] };
  }
  const table = sql.table(params.table);
  const vector = sql.ref(`x.${params.vector}`);
  const counts = terms.map(
    (term) =>
      sql<number>`(select count(*) from ${table} as x where ${params.condition} and ${vector} @@ ${term.match}::tsquery)`,
  );
  const row = (
    await sql<{ n: number; df: number[] }>`
      select (select count(*) from ${table} as x where ${params.condition})::int as n,
             array[${sql.join(counts)}]::int[] as df`.execute(trx)
  ).rows[0];
  const documents = Number(row?.n ?? 0);
  const frequencies = (row?.df ?? []).map(Number);
  return {
    documents,
    frequencies,
    terms: terms.map((term, i) => ({
      ...term,
      idf: inverseDocumentFrequency({ documents, containing: frequencies[i] ?? 0 }),
    })),
  };
}
