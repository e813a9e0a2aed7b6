import type { Kysely } from 'kysely';
import type { SignInThrottleRepository } from '../../../domain/signin/sign-in-throttle.js';
import { newId } from '../../../domain/shared/ids.js';
import { THROTTLE_WINDOW_MS } from '../../../domain/signin/sign-in-throttle.js';
import type { DB } from '../schema.js';

/** failed tries older than this are of no use: swept now and then, on a write */
const SWEEP_EVERY_WRITES = 100;

export function createSignInThrottleRepository(db: Kysely<DB>): SignInThrottleRepository {
  let writes = 0;
  return {
    async record({ bucket, subject, at }) {
      const id = newId.uuid();
      await db.insertInto('sign_in_failures').values({ id, bucket, subject, occurred_at: at }).execute();
      if (++writes % SWEEP_EVERY_WRITES === 0) {
        await db
          .deleteFrom('sign_in_failures')
          .where('occurred_at', '<', new Date(at.getTime() - THROTTLE_WINDOW_MS))
          .execute();
      }
      return id;
    },
    async remove(ids) {
      if (ids.length > 0) await db.deleteFrom('sign_in_failures').where('id', 'in', ids).execute();
    },
    async recent({ bucket, subject, since, limit }) {
      const rows = await db
        .selectFrom('sign_in_failures')
        .select('occurred_at')
        .where('bucket', '=', bucket)
        .where('subject', '=', subject)
        .where('occurred_at', '>', since)
        .orderBy('occurred_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => new Date(row.occurred_at));
    },
    async clear({ bucket, subject }) {
      await db.deleteFrom('sign_in_failures').where('bucket', '=', bucket).where('subject', '=', subject).execute();
    },
  };
}
