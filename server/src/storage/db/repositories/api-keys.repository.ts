import type { Kysely } from 'kysely';
import type { ApiKeysRepository } from '../../../domain/people/api-keys.service.js';
import { IMPORT_ENDED_BY_KEY } from '../../../domain/storage-provider/storage-provider.service.js';
import type { DB } from '../schema.js';
import { customerIdsOfPerson } from './access.repository.js';
import { archivePendingUploadsOfKey } from './uploads.repository.js';

export function createApiKeysRepository(db: Kysely<DB>): ApiKeysRepository {
  return {
    async insert(key) {
      await db
        .insertInto('user_api_keys')
        .values({
          id: key.id,
          user_id: key.userId,
          name: key.name,
          key_hash: key.keyHash,
          key_prefix: key.prefix,
          created_at: key.createdAt,
          expires_at: key.expiresAt,
        })
        .execute();
    },
    async list(userId) {
      const rows = await db
        .selectFrom('user_api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        prefix: row.key_prefix,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
        revokedAt: row.revoked_at,
      }));
    },
    async revoke({ userId, keyId, at }) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('user_api_keys')
          .set({ revoked_at: at })
          .where('id', '=', keyId)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // an upload it registered and has not finished goes with it, and so does an import it asked for
        await archivePendingUploadsOfKey(trx, { column: 'upload_user_key_id', keyId, at });
        await trx
          .updateTable('storage_provider_imports')
          .set({ status: 'failed', error: IMPORT_ENDED_BY_KEY, finished_at: at })
          .where('user_key_id', '=', keyId)
          .where('status', 'in', ['queued', 'running'])
          .execute();
        return true;
      });
    },
    customerIdsOfPerson: (userId) => customerIdsOfPerson(db, userId),
    async userLabel(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
    async mailAddressOf(userId) {
      const row = await db.selectFrom('users').select(['email', 'locale']).where('id', '=', userId).executeTakeFirst();
      return row ?? null;
    },
  };
}
