import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * Whether a user has a role other than NO_ACCESS in a project of the customer aliased `c`: such a person sees the
 * customer itself even with no customer role.
 */
export function hasProjectRoleIn(userId: string) {
  return sql<boolean>`exists (
    select 1 from project_members pm join projects p on p.id = pm.project_id
    where p.customer_id = c.id and pm.user_id = ${userId} and pm.role <> 'NO_ACCESS'
  )`;
}

/** projects (`p`) of their customers (`c`), with the user's customer role and project role */
export function projectsWithRolesOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('projects as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('customer_members as cm', (join) =>
      join.onRef('cm.customer_id', '=', 'p.customer_id').on('cm.user_id', '=', userId),
    )
    .leftJoin('project_members as pm', (join) => join.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId))
    .select(['p.id', 'p.customer_id', 'p.name', 'p.status', 'cm.role as customer_role', 'pm.role as project_role']);
}
