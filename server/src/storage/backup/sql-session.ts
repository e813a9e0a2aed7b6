import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Rows travel as the text forms of their values, which PostgreSQL reads back exactly (as pg_dump's COPY does). The
 * forms that depend on session settings are pinned, so a backup taken under one server's settings restores the same
 * values under another's.
 */
export async function pinTextForms(trx: Kysely<DB>): Promise<void> {
  for (const setting of [
    "set local datestyle = 'ISO, YMD'",
    "set local intervalstyle = 'postgres'",
    "set local timezone = 'UTC'",
    "set local bytea_output = 'hex'",
    // shortest text that reads back to the same float (the default since PostgreSQL 12, pinned all the same)
    'set local extra_float_digits = 1',
  ]) {
    await sql.raw(setting).execute(trx);
  }
}

/** A server-side cursor: `batch` rows at a time, so a table of any size passes through flat memory. */
export async function* cursorRows<R>(params: {
  trx: Kysely<DB>;
  name: string;
  query: string;
  batch: number;
}): AsyncGenerator<R[]> {
  const { trx, name, query, batch } = params;
  await sql.raw(`declare ${name} no scroll cursor for ${query}`).execute(trx);
  let open = true;
  try {
    for (;;) {
      const { rows } = await sql.raw<R>(`fetch forward ${batch} from ${name}`).execute(trx);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
    }
    await sql.raw(`close ${name}`).execute(trx);
    open = false;
  } finally {
    // after a failure the transaction is aborted and rolls back, which closes the cursor anyway
    if (open)
      await sql
        .raw(`close ${name}`)
        .execute(trx)
        .catch(() => undefined);
  }
}
