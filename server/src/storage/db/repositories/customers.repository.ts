import type { Kysely, Selectable } from 'kysely';
import type { CustomersRepository } from '../../../domain/customers/customers.service.js';
import type { CustomerRecord } from '../../../domain/people/people.service.js';
import type { CustomersTable, DB } from '../schema.js';

function recordOf(row: Selectable<CustomersTable>): CustomerRecord {
  return {
    id: row.id,
    name: row.name,
    buildingOwnerId: row.building_owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createCustomersRepository(db: Kysely<DB>): CustomersRepository {
  return {
    async insertCustomer({ id, name, buildingOwnerId, workspaceOwnerId }) {
      return db.transaction().execute(async (trx) => {
        // the owner that holds the customer's project buildings until a handover moves them
        await trx.insertInto('building_owners').values({ id: workspaceOwnerId, name }).execute();
        const row = await trx
          .insertInto('customers')
          .values({ id, name, building_owner_id: buildingOwnerId, workspace_owner_id: workspaceOwnerId })
          .returningAll()
          .executeTakeFirstOrThrow();
        return recordOf(row);
      });
    },
    async listAll() {
      const rows = await db
        .selectFrom('customers')
        .selectAll()
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(recordOf);
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
  };
}
