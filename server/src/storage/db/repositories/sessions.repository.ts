import type { Kysely } from 'kysely';
import type { SessionsRepository } from '../../../domain/sessions/sessions.service.js';
import type { DB } from '../schema.js';

export function createSessionsRepository(db: Kysely<DB>): SessionsRepository {
  return {
    async insert(session) {
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
