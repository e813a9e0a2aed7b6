import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * A value every process must share (the signing secret of paging tokens and local URLs). The first process to start
 * creates it; `on conflict do nothing` makes concurrent first starts agree on one value. `create` runs only when the
 * value is missing (making an RSA key takes a quarter of a second).
 */
export async function getOrCreateSetting(params: {
  db: Kysely<DB>;
  key: string;
  create: () => string;
}): Promise<string> {
  const existing = await readSetting(params.db, params.key);
  if (existing !== undefined) return existing;
  await params.db
    .insertInto('settings')
    .values({ key: params.key, value: params.create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const created = await readSetting(params.db, params.key);
  if (created === undefined) throw new Error(`setting ${params.key} was not stored`);
  return created;
}

async function readSetting(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
