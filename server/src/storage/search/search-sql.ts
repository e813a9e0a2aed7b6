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
  /**
   * the same condition as a filter no index can serve: for a statement whose hits the text index alone finds few of
   * (a rare term), planned once for any values (executeParsedOnce's `genericPlan`). Planned without its values,
   * PostgreSQL counts an owner at one 101st of the documents and ANDs the owner's index into the text index's
   * bitmap: a rare term of an owner of 60,000 documents then read all 60,000 entries (40 ms against 1)
   */
  filter: Condition;
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
 */
const SEARCH_SETTINGS: readonly (readonly [string, string])[] = [
  ['enable_seqscan', 'off'],
  ['jit', 'off'],
];
/**
 * On the PostgreSQL server (`parallel`), the heap scan of a common term's tens of thousands of hits is shared with a
 * parallel worker. At the default costs (1000 to start a worker, 0.1 a row handed back) the planner never chooses it
 * for a search statement, though it takes a fifth off an owner-wide common term's search at 100,000 documents (issue
 * 48). A scan needs 8 MB of heap pages (min_parallel_table_scan_size) to get a worker at all, so a rare term's hits stay
 * in one process (and the provider asks for these settings only over more than one building). PGlite has no worker to
 * share with: its settings stay.
 */
const PARALLEL_SETTINGS: readonly (readonly [string, string])[] = [
  ['parallel_setup_cost', '100'],
  ['parallel_tuple_cost', '0.01'],
];

/**
 * The planner settings a search runs under (SEARCH_SETTINGS, and PARALLEL_SETTINGS on the server), as a one-row derived
 * table: left-joined to a statement's rows, it is evaluated once even when the statement finds no row. The settings
 * hold for the rest of the transaction (not for the statement that sets them, planned before).
 *
 * With `session`, they are set for the session instead, so that a search needs no transaction (begin and commit are
 * two round trips): the search runs on one connection (inSearchSession), and the row also carries the settings as they
 * were (`settings_was`, read before they are set), which inSearchSession puts back (restoreSettings) once the search
 * has its answer.
 */
export function plannerSettings(
  scope?: SearchScope,
  options?: { session?: boolean; parallel?: boolean },
): RawBuilder<unknown> {
  // a building scope's live buildings are looked up here too, not by a round trip of their own (resolveScope)
  const live =
    scope !== undefined && scope.buildingIds !== null && scope.buildingIds.length > 0
      ? sql`array(select b.id from buildings b where b.id = any(${[...scope.buildingIds]}::text[])
          and b.building_owner_id = ${scope.ownerId} and b.archived_at is null order by b.id)`
      : sql`null::text[]`;
  const settings = [...SEARCH_SETTINGS, ...(options?.parallel === true ? PARALLEL_SETTINGS : [])];
  const local = options?.session !== true;
  const set = sql.join(
    settings.map(([name, value], i) => sql`set_config(${name}, ${value}, ${local}) as ${sql.id(`setting_${i}`)}`),
  );
  if (!local) {
    // `offset 0` keeps the inner row a subquery of its own, so the settings are read before they are changed
    const read = sql.join(settings.map(([name]) => sql`${name}::text, current_setting(${name})`));
    return sql`(select was.settings_was, ${set}, ${live} as live
      from (select json_build_object(${read}) as settings_was offset 0) was)`;
  }
  return sql`(select ${set}, ${live} as live, null::json as settings_was)`;
}

/** the session's planner settings, by name, before plannerSettings({ session: true }) changed them */
export type SettingsWere = Record<string, string>;

/** select-list items that put the planner settings back as they were */
export function restoreSettings(was: SettingsWere): RawBuilder<unknown> {
  return sql.join(
    Object.entries(was).map(
      ([name, value], i) => sql`set_config(${name}, ${value}, false) as ${sql.id(`restored_${i}`)}`,
    ),
  );
}

/**
 * Runs a search's statements on one connection, without a transaction: the settings the analysis sets for the session
 * (plannerSettings with `session`, which hands them to `session.set`) hold for its later statements. They are put back
 * by a statement of their own once `work` has its answer (or has failed: a failed statement's own change of settings
 * is undone with it), before the connection goes back to the pool; the caller has the answer without waiting for it.
 * Not by the search statement itself: set_config is parallel unsafe, and a statement that calls it gets no parallel
 * plan.
 */
export async function inSearchSession<T>(
  db: Kysely<DB>,
  work: (connection: Kysely<DB>, session: SearchSession) => Promise<T>,
): Promise<T> {
  // the first outcome counts: the answer, the search's error, or no connection at all
  let answer: (outcome: { value: T } | { error: unknown }) => void = () => undefined;
  const answered = new Promise<{ value: T } | { error: unknown }>((resolve) => {
    answer = resolve;
  });
  db.connection()
    .execute(async (connection) => {
      const session: SearchSession = {
        was: undefined,
        set: (was) => {
          session.was = was;
        },
      };
      try {
        answer({ value: await work(connection, session) });
      } catch (error) {
        answer({ error });
      }
      if (session.was !== undefined) await sql`select ${restoreSettings(session.was)}`.execute(connection);
    })
    // no connection: the search's error; a failed restore, which only a broken connection gives (the pool drops it),
    // comes after the answer and changes nothing
    .catch((error: unknown) => answer({ error }));
  const outcome = await answered;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

export interface SearchSession {
  /** the settings to put back, once the analysis has changed them */
  was: SettingsWere | undefined;
  set: (was: SettingsWere) => void;
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
      filter: (alias) =>
        sql<boolean>`(${sql.ref(alias)}.building_owner_id || '') = ${scope.ownerId} and ${sql.ref(alias)}.building_id <> all(array(
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
    filter: (alias) => sql<boolean>`(${sql.ref(alias)}.building_id || '') = any(${live}::text[])`,
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
