import type { Kysely } from 'kysely';
import type { AccountRepository } from '../../../domain/signin/account.service.js';
import type { DB } from '../schema.js';
import { endGrants, listAssistantGrants } from './oidc-grants.js';
import { endProviderSessions } from './oidc-records.adapter.js';

export function createAccountRepository(db: Kysely<DB>): AccountRepository {
  return {
    async liveSessions({ userId, now, idleSince }) {
      const rows = await db
        .selectFrom('user_sessions')
        .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'client_address', 'user_agent'])
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        expiresAt: new Date(row.expires_at),
        clientAddress: row.client_address,
        userAgent: row.user_agent,
      }));
    },
    async endSessions({ userId, now, keep, only }) {
      return db.transaction().execute(async (trx) => {
        let query = trx
          .updateTable('user_sessions')
          .set({ ended_at: now })
          .where('user_id', '=', userId)
          .where('ended_at', 'is', null);
        if (keep) query = query.where('id', '<>', keep);
        if (only) query = query.where('id', '=', only);
        const ended = await query.returning('id').execute();
        if (ended.length > 0) {
          const linked = await trx
            .selectFrom('assistant_grant_sessions')
            .select('grant_id')
            .where(
              'session_id',
              'in',
              ended.map((row) => row.id),
            )
            .execute();
          await endGrants(trx, { userId, grantIds: linked.map((row) => row.grant_id) });
        }
        // and the embedded provider's sign-ins of the person, in every browser (this one's too): they are only a way
        // back in without the password, and which browser's is which is not known here. Even when no session of the
        // app was still open (a lost device's may have idled out, its provider sign-in not), unless one named session
        // was asked for and is not there.
        if (!only || ended.length > 0) await endProviderSessions(trx, userId);
        return ended.length;
      });
    },
    assistants: ({ userId, now }) => listAssistantGrants(db, { userId, now }),
    async disconnectAssistant({ userId, grantId }) {
      const assistants = await listAssistantGrants(db, { userId, now: new Date() });
      if (!assistants.some((assistant) => assistant.grantId === grantId)) return false;
      return db
        .transaction()
        .execute(async (trx) => (await endGrants(trx, { userId, grantIds: [grantId] })).length > 0);
    },
    async setName({ userId, name, now }) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['name', 'email'])
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!before) return null;
        await trx
          .updateTable('users')
          .set({ name, name_chosen: true, updated_at: now })
          .where('id', '=', userId)
          .execute();
        return { previous: before.name, email: before.email };
      });
    },
    async renewSessionToken({ userId, sessionId, tokenHash }) {
      const row = await db
        .updateTable('user_sessions')
        .set({ token_hash: tokenHash })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .returning('expires_at')
        .executeTakeFirst();
      return row ? new Date(row.expires_at) : null;
    },
    async emailOf(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
