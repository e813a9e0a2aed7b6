import type { Kysely } from 'kysely';
import type { BuildingOwner, OwnersRepository } from '../../../domain/owners/owners.service.js';
import type { DB } from '../schema.js';
import { countDocumentStatuses } from './status-counts.js';

function toOwner(row: { id: string; name: string; created_at: Date; updated_at: Date }): BuildingOwner {
  return { id: row.id, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at };
}

export function createOwnersRepository(db: Kysely<DB>): OwnersRepository {
  return {
    async listForPartner({ partnerId, onlyOwnerIds, after, limit }) {
      if (onlyOwnerIds !== null && onlyOwnerIds.length === 0) return [];
      let query = db
        .selectFrom('building_owners as o')
        .select(['o.id', 'o.name', 'o.created_at', 'o.updated_at'])
        .where('o.archived_at', 'is', null);
      if (partnerId !== null) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('partner_building_owners as p')
              .select('p.partner_id')
              .whereRef('p.building_owner_id', '=', 'o.id')
              .where('p.partner_id', '=', partnerId),
          ),
        );
      }
      if (onlyOwnerIds !== null) query = query.where('o.id', 'in', onlyOwnerIds);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('o.created_at', '>', new Date(after.value)),
            eb.and([eb('o.created_at', '=', new Date(after.value)), eb('o.id', '>', after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('o.created_at').orderBy('o.id').limit(limit).execute();
      return rows.map(toOwner);
    },
    async insert({ owner, partnerId }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('building_owners')
          .values({ id: owner.id, name: owner.name, created_at: owner.createdAt, updated_at: owner.updatedAt })
          .execute();
        await trx
          .insertInto('partner_building_owners')
          .values({ partner_id: partnerId, building_owner_id: owner.id, created_at: owner.createdAt })
          .execute();
      });
    },
    async find(ownerId) {
      const row = await db
        .selectFrom('building_owners')
        .select(['id', 'name', 'created_at', 'updated_at'])
        .where('id', '=', ownerId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row ? toOwner(row) : null;
    },
    async rename({ ownerId, name, at }) {
      const row = await db
        .updateTable('building_owners')
        .set({ name, updated_at: at })
        .where('id', '=', ownerId)
        .where('archived_at', 'is', null)
        .returning(['id', 'name', 'created_at', 'updated_at'])
        .executeTakeFirst();
      return row ? toOwner(row) : null;
    },
    async archive({ ownerId, at }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('building_owners')
          .set({ archived_at: at, updated_at: at })
          .where('id', '=', ownerId)
          .execute();
        await trx
          .updateTable('buildings')
          .set({ archived_at: at, updated_at: at })
          .where('building_owner_id', '=', ownerId)
          .where('archived_at', 'is', null)
          .execute();
      });
    },
    statusCounts: ({ ownerId, buildingIds }) => countDocumentStatuses({ db, ownerId, buildingIds }),
  };
}
