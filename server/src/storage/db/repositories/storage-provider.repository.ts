import type { Kysely, Selectable } from 'kysely';
import type {
  ImportRecord,
  StorageProviderRepository,
} from '../../../domain/storage-provider/storage-provider.service.js';
import { projectReceiving } from '../project-documents.js';
import type { DB, StorageProviderImportsTable } from '../schema.js';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function importOf(row: Selectable<StorageProviderImportsTable>): ImportRecord {
  return {
    id: row.id,
    userId: row.user_id,
    userKeyId: row.user_key_id,
    buildingId: row.building_id,
    projectId: row.project_id,
    folderPath: row.folder_path,
    status: row.status,
    files: row.files,
    imported: row.imported,
    skipped: json(row.skipped),
    documentIds: json(row.document_ids),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function createStorageProviderRepository(db: Kysely<DB>): StorageProviderRepository {
  return {
    async saveState({ stateHash, userId, codeVerifier, redirectTo, at }) {
      await db
        .insertInto('storage_provider_states')
        .values({
          state_hash: stateHash,
          user_id: userId,
          code_verifier: codeVerifier,
          redirect_to: redirectTo,
          created_at: at,
          expires_at: new Date(at.getTime() + 10 * 60_000),
        })
        .execute();
      // states nobody came back with
      await db.deleteFrom('storage_provider_states').where('expires_at', '<', at).execute();
    },
    async takeState(stateHash, now) {
      const row = await db
        .deleteFrom('storage_provider_states')
        .where('state_hash', '=', stateHash)
        .returning(['user_id', 'code_verifier', 'redirect_to', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at < now) return null;
      return { userId: row.user_id, codeVerifier: row.code_verifier, redirectTo: row.redirect_to };
    },
    async saveConnection({ userId, refreshTokenEncrypted, scope, at }) {
      await db
        .insertInto('storage_provider_connections')
        .values({
          user_id: userId,
          refresh_token_encrypted: refreshTokenEncrypted,
          scope,
          connected_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ refresh_token_encrypted: refreshTokenEncrypted, scope, updated_at: at }),
        )
        .execute();
    },
    async connection(userId) {
      const row = await db
        .selectFrom('storage_provider_connections')
        .select(['refresh_token_encrypted', 'scope', 'connected_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? { refreshTokenEncrypted: row.refresh_token_encrypted, scope: row.scope, connectedAt: row.connected_at }
        : null;
    },
    async deleteConnection(userId) {
      const result = await db
        .deleteFrom('storage_provider_connections')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async projectBuilding(buildingId) {
      const row = await db
        .selectFrom('project_buildings as pb')
        .innerJoin('buildings as b', 'b.id', 'pb.building_id')
        .select(['pb.project_id', 'b.building_owner_id'])
        .where('pb.building_id', '=', buildingId)
        .where('b.archived_at', 'is', null)
        .orderBy('pb.created_at')
        .executeTakeFirst();
      return row ? { projectId: row.project_id, ownerId: row.building_owner_id } : null;
    },
    async receivingBuilding({ buildingId, projectId }) {
      const row = await db
        .selectFrom('buildings as b')
        .innerJoin('projects as p', (join) => join.on('p.id', '=', projectId))
        .select('b.building_owner_id')
        .where('b.id', '=', buildingId)
        .where('b.archived_at', 'is', null)
        .where('p.status', '=', 'ACTIVE')
        .where(projectReceiving(buildingId), '=', projectId)
        .executeTakeFirst();
      return row ? { ownerId: row.building_owner_id } : null;
    },
    async importer(userId) {
      const row = await db
        .selectFrom('users')
        .select(['platform_admin', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? { platformAdmin: row.platform_admin, deactivated: row.status === 'deactivated' } : null;
    },
    async personalKeyWorks({ keyId, at }) {
      const row = await db
        .selectFrom('user_api_keys')
        .select('id')
        .where('id', '=', keyId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .executeTakeFirst();
      return row !== undefined;
    },
    async createImport(record) {
      const row = await db
        .insertInto('storage_provider_imports')
        .values({
          id: record.id,
          user_id: record.userId,
          user_key_id: record.userKeyId,
          building_id: record.buildingId,
          project_id: record.projectId,
          folder_path: record.folderPath,
          created_at: record.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return importOf(row);
    },
    async findImport(importId) {
      const row = await db
        .selectFrom('storage_provider_imports')
        .selectAll()
        .where('id', '=', importId)
        .executeTakeFirst();
      return row ? importOf(row) : null;
    },
    async updateImport(importId, fields) {
      const outcome = fields.status !== undefined || fields.error !== undefined || fields.finishedAt !== undefined;
      await db
        .updateTable('storage_provider_imports')
        .set({
          ...(fields.status !== undefined ? { status: fields.status } : {}),
          ...(fields.files !== undefined ? { files: fields.files } : {}),
          ...(fields.imported !== undefined ? { imported: fields.imported } : {}),
          ...(fields.skipped !== undefined ? { skipped: JSON.stringify(fields.skipped) } : {}),
          ...(fields.documentIds !== undefined ? { document_ids: JSON.stringify(fields.documentIds) } : {}),
          ...(fields.error !== undefined ? { error: fields.error } : {}),
          ...(fields.finishedAt !== undefined ? { finished_at: fields.finishedAt } : {}),
        })
        .where('id', '=', importId)
        // an import that ended keeps how and why it ended
        .$if(outcome, (query) => query.where('status', 'in', ['queued', 'running']))
        .execute();
    },
    async userLabel(userId) {
      const row = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
      return row?.name || row?.email || userId;
    },
  };
}
