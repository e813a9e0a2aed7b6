import type { Kysely } from 'kysely';
import type { AdminRepository } from '../../../domain/admin/admin.service.js';
import type { DB } from '../schema.js';
import { archivePendingUploadsOfKey } from './uploads.repository.js';

export function createAdminRepository(db: Kysely<DB>): AdminRepository {
  return {
    async insertPartner(partner) {
      await db
        .insertInto('partners')
        .values({ id: partner.id, name: partner.name, created_at: partner.createdAt })
        .execute();
    },
    async listPartners() {
      const rows = await db
        .selectFrom('partners')
        .select(['id', 'name', 'created_at'])
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at }));
    },
    async findPartner(partnerId) {
      const r = await db
        .selectFrom('partners')
        .select(['id', 'name', 'created_at'])
        .where('id', '=', partnerId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return r ? { id: r.id, name: r.name, createdAt: r.created_at } : null;
    },
    async ownersReachedByPartner({ partnerId, ownerIds }) {
      if (ownerIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('partner_building_owners as p')
        .innerJoin('building_owners as o', 'o.id', 'p.building_owner_id')
        .select('o.id')
        .where('p.partner_id', '=', partnerId)
        .where('o.id', 'in', ownerIds)
        .where('o.archived_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    async buildingsReachedByPartner({ partnerId, buildingIds }) {
      if (buildingIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('buildings as b')
        .innerJoin('partner_building_owners as p', 'p.building_owner_id', 'b.building_owner_id')
        .select('b.id')
        .where('p.partner_id', '=', partnerId)
        .where('b.id', 'in', buildingIds)
        .where('b.archived_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    async insertKey(key) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('api_keys')
          .values({
            id: key.id,
            partner_id: key.partnerId,
            name: key.name,
            key_hash: key.keyHash,
            key_prefix: key.keyPrefix,
            environment: key.environment,
            whole_partner: key.wholePartner,
            created_at: key.createdAt,
          })
          .execute();
        if (key.buildingOwnerIds.length > 0) {
          await trx
            .insertInto('api_key_owner_grants')
            .values(key.buildingOwnerIds.map((ownerId) => ({ api_key_id: key.id, building_owner_id: ownerId })))
            .execute();
        }
        if (key.buildingIds.length > 0) {
          await trx
            .insertInto('api_key_building_grants')
            .values(key.buildingIds.map((buildingId) => ({ api_key_id: key.id, building_id: buildingId })))
            .execute();
        }
      });
    },
    async listKeys(partnerId) {
      const keys = await db
        .selectFrom('api_keys')
        .select(['id', 'partner_id', 'name', 'key_prefix', 'environment', 'created_at', 'revoked_at'])
        .where('partner_id', '=', partnerId)
        .orderBy('created_at')
        .execute();
      if (keys.length === 0) return [];
      const ids = keys.map((k) => k.id);
      const [owners, buildings] = await Promise.all([
        db.selectFrom('api_key_owner_grants').selectAll().where('api_key_id', 'in', ids).execute(),
        db.selectFrom('api_key_building_grants').selectAll().where('api_key_id', 'in', ids).execute(),
      ]);
      return keys.map((k) => ({
        id: k.id,
        partnerId: k.partner_id,
        name: k.name,
        keyPrefix: k.key_prefix,
        environment: k.environment,
        buildingOwnerIds: owners.filter((o) => o.api_key_id === k.id).map((o) => o.building_owner_id),
        buildingIds: buildings.filter((b) => b.api_key_id === k.id).map((b) => b.building_id),
        createdAt: k.created_at,
        revokedAt: k.revoked_at,
      }));
    },
    async revokeKey({ keyId, at }) {
      const revoked = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('api_keys')
          .set({ revoked_at: at })
          .where('id', '=', keyId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // an upload it registered and has not finished goes with it
        await archivePendingUploadsOfKey(trx, { column: 'upload_api_key_id', keyId, at });
        return true;
      });
      if (revoked) return true;
      // revoking twice is fine; an unknown key is not
      return (await db.selectFrom('api_keys').select('id').where('id', '=', keyId).executeTakeFirst()) !== undefined;
    },
    async ownerExists(ownerId) {
      const row = await db
        .selectFrom('building_owners')
        .select('id')
        .where('id', '=', ownerId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    async grantOwner({ partnerId, ownerId, at }) {
      await db
        .insertInto('partner_building_owners')
        .values({ partner_id: partnerId, building_owner_id: ownerId, created_at: at })
        .onConflict((oc) => oc.columns(['partner_id', 'building_owner_id']).doNothing())
        .execute();
    },
  };
}
