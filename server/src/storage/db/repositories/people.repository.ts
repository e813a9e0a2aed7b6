import type { Kysely } from 'kysely';
import type { PeopleRepository } from '../../../domain/people/people.service.js';
import type { DB } from '../schema.js';
import { hasProjectRoleIn, projectsWithRolesOf } from './people-rows.js';

export function createPeopleRepository(db: Kysely<DB>): PeopleRepository {
  return {
    async findPerson(userId) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'locale', 'platform_admin'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row
        ? { id: row.id, email: row.email, name: row.name, locale: row.locale, platformAdmin: row.platform_admin }
        : null;
    },
    async setLocale(userId, locale) {
      await db.updateTable('users').set({ locale, updated_at: new Date() }).where('id', '=', userId).execute();
    },
    async listCustomers({ userId, all }) {
      let query = db
        .selectFrom('customers as c')
        .leftJoin('customer_members as m', (join) =>
          join.onRef('m.customer_id', '=', 'c.id').on('m.user_id', '=', userId),
        )
        .select(['c.id', 'c.name', 'c.building_owner_id', 'c.created_at', 'c.updated_at', 'm.role'])
        .select(hasProjectRoleIn(userId).as('has_project_role'))
        .where('c.archived_at', 'is', null);
      if (!all) {
        query = query.where((eb) =>
          eb.or([
            eb('m.user_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('project_members as pm')
                .innerJoin('projects as p', 'p.id', 'pm.project_id')
                .select('pm.project_id')
                .whereRef('p.customer_id', '=', 'c.id')
                .where('pm.user_id', '=', userId),
            ),
          ]),
        );
      }
      const rows = await query.orderBy('c.name').orderBy('c.id').execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        buildingOwnerId: row.building_owner_id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        role: row.role ?? null,
        hasProjectRole: Boolean(row.has_project_role),
      }));
    },
    async listProjects({ userId, all }) {
      let query = projectsWithRolesOf(db, userId).where('c.archived_at', 'is', null);
      if (!all) query = query.where((eb) => eb.or([eb('cm.user_id', '=', userId), eb('pm.user_id', '=', userId)]));
      const rows = await query.orderBy('p.created_at').orderBy('p.id').execute();
      return rows.map((row) => ({
        id: row.id,
        customerId: row.customer_id,
        name: row.name,
        customerRole: row.customer_role ?? null,
        projectRole: row.project_role ?? null,
      }));
    },
    async findCustomer(customerId) {
      const row = await db
        .selectFrom('customers')
        .select(['id', 'name', 'building_owner_id', 'created_at', 'updated_at'])
        .where('id', '=', customerId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            name: row.name,
            buildingOwnerId: row.building_owner_id,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          }
        : null;
    },
  };
}
