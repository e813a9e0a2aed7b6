import { sql, type Kysely } from 'kysely';
import type { SessionsRepository } from '../../../domain/sessions/sessions.service.js';
import type { DB } from '../schema.js';

/**
 * How long an expired token is kept: a client still holding it is told `auth.token_expired` (and fetches a new one)
 * rather than that it was never valid.
 */
export const EXPIRED_SESSION_KEPT_MS = 86_400_000;
/** expired tokens each new token clears at most: more than one, so the table shrinks while tokens are made */
const CLEARED_PER_INSERT = 200;

export function createSessionsRepository(db: Kysely<DB>): SessionsRepository {
  return {
    async insert(session) {
      // a key may make tokens as fast as its rate limit lets it: each new one clears tokens long expired, so the
      // table holds what is live and expired within the last day, never every token ever made. Rows another insert
      // is clearing are skipped, not waited for
      const before = new Date(session.createdAt.getTime() - EXPIRED_SESSION_KEPT_MS);
      await db
        .deleteFrom('session_tokens')
        .where(
          'id',
          'in',
          db
            .selectFrom('session_tokens')
            .select('id')
            .where('expires_at', '<', before)
            .orderBy('expires_at')
            .limit(CLEARED_PER_INSERT)
            .modifyEnd(sql`for update skip locked`),
        )
        .execute();
      await db
        .insertInto('session_tokens')
        .values({
          id: session.id,
          token_hash: session.tokenHash,
          api_key_id: session.apiKeyId,
          building_owner_id: session.ownerId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },
  };
}
