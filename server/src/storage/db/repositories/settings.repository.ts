import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * A value every process must share (the signing secret of paging tokens and local URLs). The first process to start
 * creates it; `on conflict do nothing` makes concurrent first starts agree on one value.
 */
export async function getOrCreateSetting(params: {
  db: Kysely<DB>;
  key: string;
  create: () => string;
}): Promise<string> {
  await params.db
    .insertInto('settings')
    .values({ key: params.key, value: params.create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await params.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', params.key)
    .executeTakeFirstOrThrow();
  return row.value;
}
