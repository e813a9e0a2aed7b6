import type { Kysely, Transaction } from 'kysely';
import type { ApiKeysRepository } from '../../../domain/people/api-keys.service.js';
import { IMPORT_ENDED_BY_KEY } from '../../../domain/storage-provider/storage-provider.service.js';
import type { DB } from '../schema.js';
import { customerIdsOfPerson } from './access.repository.js';
import { archivePendingUploadsOfKey } from './uploads.repository.js';

/** what a revoked personal key leaves behind: an upload it registered and has not finished, an import it asked for */
async function endWorkOfRevokedKey(trx: Transaction<DB>, params: { keyId: string; at: Date }): Promise<void> {
  await archivePendingUploadsOfKey(trx, { column: 'upload_user_key_id', keyId: params.keyId, at: params.at });
  await trx
    .updateTable('storage_provider_imports')
    .set({ status: 'failed', error: IMPORT_ENDED_BY_KEY, finished_at: params.at })
    .where('user_key_id', '=', params.keyId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/**
 * Revokes every personal key of the person that still works (neither revoked nor expired), in the caller's
 * transaction (a new password that ends them: passwords.repository.ts), with what each leaves behind; the keys revoked.
 */
export async function revokeLiveKeysOfPerson(
  trx: Transaction<DB>,
  params: { userId: string; at: Date },
): Promise<{ id: string; name: string; prefix: string }[]> {
  const revoked = await trx
    .updateTable('user_api_keys')
    .set({ revoked_at: params.at })
    .where('user_id', '=', params.userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', params.at)]))
    .returning(['id', 'name', 'key_prefix'])
    .execute();
  for (const key of revoked) await endWorkOfRevokedKey(trx, { keyId: key.id, at: params.at });
  return revoked
    .map((key) => ({ id: key.id, name: key.name, prefix: key.key_prefix }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export function createApiKeysRepository(db: Kysely<DB>): ApiKeysRepository {
  return {
    async insert(key) {
      return db.transaction().execute(async (trx) => {
        // a new password updates this row first and holds it until its sessions and keys have ended: waiting here,
        // the checks below see what it ended; taken first, the change waits and then sees (and revokes) this key
        const person = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', key.userId)
          .where('status', '<>', 'deactivated')
          .forShare()
          .executeTakeFirst();
        if (!person) return false;
        const stands =
          key.provenBy.kind === 'session'
            ? await trx
                .selectFrom('user_sessions')
                .select('id')
                .where('id', '=', key.provenBy.sessionId)
                .where('user_id', '=', key.userId)
                .where('ended_at', 'is', null)
                .executeTakeFirst()
            : await trx
                .selectFrom('user_api_keys')
                .select('id')
                .where('id', '=', key.provenBy.keyId)
                .where('user_id', '=', key.userId)
                .where('revoked_at', 'is', null)
                .executeTakeFirst();
        if (!stands) return false;
        await trx
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
        return true;
      });
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
        await endWorkOfRevokedKey(trx, { keyId, at });
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
