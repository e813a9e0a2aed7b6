import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import type { Building, BuildingsRepository } from '../../../domain/buildings/buildings.service.js';
import type { DB } from '../schema.js';
import { earlierCopyOf } from '../duplicates.js';
import { outsideBuildingPrivateFolders } from '../visibility.js';
import { lockRevisions, relinkRevisions } from './revisions.repository.js';
import { countDocumentStatuses } from './status-counts.js';

export function createBuildingsRepository(
  db: Kysely<DB>,
  /** building.created and building.deleted, raised with the change */
  outbox?: WebhookOutbox<Transaction<DB>>,
): BuildingsRepository {
  function selectBuildings() {
    return db
      .selectFrom('buildings as b')
      .select([
        'b.id',
        'b.building_owner_id',
        'b.name',
        'b.private_folders',
        'b.created_at',
        'b.updated_at',
        (eb) =>
          eb
            .selectFrom('documents as d')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('d.building_id', '=', 'b.id')
            .where('d.archived_at', 'is', null)
            .where('d.upload_state', '=', 'uploaded')
            // what lies under a private folder is not counted, as it is not listed
            .where(outsideBuildingPrivateFolders('b'))
            .as('number_of_files'),
      ])
      .where('b.archived_at', 'is', null);
  }

  function toBuilding(row: {
    id: string;
    building_owner_id: string;
    name: string;
    private_folders: string[];
    created_at: Date;
    updated_at: Date;
    number_of_files: number | null;
  }): Building {
    return {
      id: row.id,
      ownerId: row.building_owner_id,
      name: row.name,
      privateFolders: row.private_folders,
      numberOfFiles: Number(row.number_of_files ?? 0),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  return {
    async list({ ownerId, onlyIds, after, limit }) {
      if (onlyIds !== null && onlyIds.length === 0) return [];
      let query = selectBuildings().where('b.building_owner_id', '=', ownerId);
      if (onlyIds !== null) query = query.where('b.id', 'in', onlyIds);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('b.created_at', '>', new Date(after.value)),
            eb.and([eb('b.created_at', '=', new Date(after.value)), eb('b.id', '>', after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('b.created_at').orderBy('b.id').limit(limit).execute();
      return rows.map(toBuilding);
    },
    async insert(building) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('buildings')
          .values({
            id: building.id,
            building_owner_id: building.ownerId,
            name: building.name,
            private_folders: building.privateFolders,
            created_at: building.createdAt,
            updated_at: building.updatedAt,
          })
          .execute();
        await outbox?.record(trx, [
          {
            type: 'building.created',
            subject: { ownerId: building.ownerId, buildingId: building.id },
            data: { building_owner_id: building.ownerId, building_id: building.id },
          },
        ]);
      });
    },
    async find({ ownerId, buildingId }) {
      const row = await selectBuildings()
        .where('b.id', '=', buildingId)
        .where('b.building_owner_id', '=', ownerId)
        .executeTakeFirst();
      return row ? toBuilding(row) : null;
    },
    async update({ buildingId, name, privateFolders, at }) {
      await db.transaction().execute(async (trx) => {
        // the revision lock first, so no relink of this building reads the folders half-way
        if (privateFolders !== undefined) await lockRevisions(trx, buildingId);
        await trx
          .updateTable('buildings')
          .set({
            updated_at: at,
            ...(name !== undefined ? { name } : {}),
            ...(privateFolders !== undefined ? { private_folders: privateFolders } : {}),
          })
          .where('id', '=', buildingId)
          .where('archived_at', 'is', null)
          .execute();
        // what is private supersedes and is superseded by nothing: the chains follow the folders, both ways
        if (privateFolders !== undefined) await relinkRevisions(trx, { buildingId });
        // and a duplicate names no copy under a private folder (duplicates.ts), nor misses one a folder let out
        if (privateFolders !== undefined) {
          await sql`update documents set duplicate_of = ${earlierCopyOf(sql<string | null>`documents.md5`)}
            where building_id = ${buildingId} and md5 is not null and archived_at is null`.execute(trx);
        }
      });
    },
    async archive({ buildingId, at }) {
      await db.transaction().execute(async (trx) => {
        const archived = await trx
          .updateTable('buildings')
          .set({ archived_at: at, updated_at: at })
          .where('id', '=', buildingId)
          .where('archived_at', 'is', null)
          .returning(['building_owner_id'])
          .executeTakeFirst();
        if (!archived) return;
        await outbox?.record(trx, [
          {
            type: 'building.deleted',
            subject: { ownerId: archived.building_owner_id, buildingId },
            data: { building_owner_id: archived.building_owner_id, building_id: buildingId },
          },
        ]);
      });
    },
    statusCounts: ({ ownerId, buildingId }) => countDocumentStatuses({ db, ownerId, buildingIds: [buildingId] }),
  };
}
