import { sql, type Kysely } from 'kysely';
import type { MemberRecord, MembersRepository, UserStatus } from '../../../domain/people/members.service.js';
import { newId } from '../../../domain/shared/ids.js';
import type { DB } from '../schema.js';
import { archivePendingUploadsOfPerson } from './uploads.repository.js';

function membersOf(db: Kysely<DB>, customerId: string) {
  return db
    .selectFrom('customer_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name', 'u.locale', 'u.status', 'u.last_sign_in_at', 'm.role'])
    .where('m.customer_id', '=', customerId);
}

function memberOf(row: {
  id: string;
  email: string;
  name: string;
  locale: string;
  status: UserStatus;
  last_sign_in_at: Date | null;
  role: MemberRecord['role'];
}): MemberRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale,
    status: row.status,
    role: row.role,
    lastSignInAt: row.last_sign_in_at,
  };
}

export function createMembersRepository(db: Kysely<DB>): MembersRepository {
  return {
    async listMembers(customerId) {
      const rows = await membersOf(db, customerId).orderBy('u.email_normalized').execute();
      return rows.map(memberOf);
    },
    async findMember({ customerId, userId }) {
      const row = await membersOf(db, customerId).where('u.id', '=', userId).executeTakeFirst();
      return row ? memberOf(row) : null;
    },
    async findOrCreateUser({ email, locale }) {
      const id = newId.user();
      const inserted = await db
        .insertInto('users')
        .values({ id, email, email_normalized: email.toLowerCase(), locale, status: 'invited' })
        .onConflict((oc) => oc.column('email_normalized').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id, created: true };
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
      return { id: row.id, created: false };
    },
    async findUser(userId) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },
    async findUserByEmail(email) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'status'])
        .where('email_normalized', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row ?? null;
    },
    async setCustomerRole({ customerId, userId, role }) {
      return db.transaction().execute(async (trx) => {
        // one role change at a time per customer, so two demotions cannot both pass the last-ADMIN check
        await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
        const current = await trx
          .selectFrom('customer_members')
          .select('role')
          .where('customer_id', '=', customerId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (current?.role === 'ADMIN' && role !== 'ADMIN') {
          if ((await otherAdmins(trx, { customerId, userId })) === 0) return 'last_admin' as const;
        }
        await trx
          .insertInto('customer_members')
          .values({ customer_id: customerId, user_id: userId, role })
          .onConflict((oc) => oc.columns(['customer_id', 'user_id']).doUpdateSet({ role, updated_at: sql`now()` }))
          .execute();
        // a role that no longer writes ends the uploads they registered and have not finished
        await archivePendingUploadsOfPerson(trx, { userId, at: new Date() });
        return { previous: current?.role ?? null };
      });
    },
    async removeMember({ customerId, userId }) {
      return db.transaction().execute(async (trx) => {
        // the same lock as role changes: a removal and a demotion cannot both pass the last-ADMIN check
        await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
        const current = await trx
          .selectFrom('customer_members')
          .select('role')
          .where('customer_id', '=', customerId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!current) return null;
        if (current.role === 'ADMIN') {
          if ((await otherAdmins(trx, { customerId, userId })) === 0) return 'last_admin' as const;
        }
        await trx
          .deleteFrom('project_members')
          .where('user_id', '=', userId)
          .where('project_id', 'in', trx.selectFrom('projects').select('id').where('customer_id', '=', customerId))
          .execute();
        await trx
          .deleteFrom('customer_members')
          .where('customer_id', '=', customerId)
          .where('user_id', '=', userId)
          .execute();
        await archivePendingUploadsOfPerson(trx, { userId, at: new Date() });
        return { previous: current.role };
      });
    },
    async projectRoles({ customerId, userId }) {
      const rows = await db
        .selectFrom('project_members as pm')
        .innerJoin('projects as p', 'p.id', 'pm.project_id')
        .select(['pm.project_id', 'pm.role'])
        .where('p.customer_id', '=', customerId)
        .where('pm.user_id', '=', userId)
        .execute();
      return new Map(rows.map((row) => [row.project_id, row.role]));
    },
    async projectMemberRoles(projectId) {
      const rows = await db
        .selectFrom('project_members')
        .select(['user_id', 'role'])
        .where('project_id', '=', projectId)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.role]));
    },
    async projectsOfCustomer({ customerId, projectIds }) {
      if (projectIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('projects')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('id', 'in', projectIds)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
    async setProjectRoles({ userId, roles }) {
      if (roles.length === 0) return;
      // one statement: every role, or none
      await db
        .insertInto('project_members')
        .values(roles.map(({ projectId, role }) => ({ project_id: projectId, user_id: userId, role })))
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'user_id'])
            .doUpdateSet((eb) => ({ role: eb.ref('excluded.role'), updated_at: sql`now()` })),
        )
        .execute();
    },
    async customerName(customerId) {
      const row = await db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirst();
      return row?.name ?? null;
    },
    async projectName(projectId) {
      const row = await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst();
      return row?.name ?? null;
    },
  };
}

/** how many ADMINs the customer has besides this user (the last one is never removed or demoted) */
async function otherAdmins(trx: Kysely<DB>, params: { customerId: string; userId: string }): Promise<number> {
  const row = await trx
    .selectFrom('customer_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('customer_id', '=', params.customerId)
    .where('role', '=', 'ADMIN')
    .where('user_id', '<>', params.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
