import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a search's fixed cost. `search_fold` and `search_text` (migrations 0004 and 0018) are SQL functions whose
 * bodies hold subqueries, so PostgreSQL cannot inline them and plans their bodies again in every statement that calls
 * them: analysing one query word (its Norwegian and its English vector) cost ~1.1 ms of planning against ~0.2 ms of
 * work. As PL/pgSQL functions with the very same expressions their plans are kept for the connection's life. Same
 * results (the bodies are taken over unchanged); the functions that PostgreSQL does inline stay SQL.
 */
const FUNCTIONS = ['search_fold', 'search_text'];

async function bodyOf(db: Kysely<unknown>, name: string): Promise<string> {
  const row = (
    await sql<{ body: string }>`select p.prosrc as body from pg_proc p
      where p.oid = ${`${name}(text)`}::regprocedure`.execute(db)
  ).rows[0];
  if (!row) throw new Error(`${name}(text) is missing`);
  return row.body;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of FUNCTIONS) {
    const body = (await bodyOf(db, name)).trim();
    await sql`create or replace function ${sql.id(name)}(input text) returns text
      language plpgsql immutable parallel safe strict
      as ${sql.lit(`begin\n  return (${body});\nend`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of FUNCTIONS) {
    const body = (await bodyOf(db, name)).trim();
    const inner = /^begin\s+return \(([\s\S]*)\);\s+end$/.exec(body)?.[1];
    if (inner === undefined) throw new Error(`${name}(text) is not the function up() wrote`);
    await sql`create or replace function ${sql.id(name)}(input text) returns text
      language sql immutable parallel safe strict
      as ${sql.lit(inner)}`.execute(db);
  }
}
