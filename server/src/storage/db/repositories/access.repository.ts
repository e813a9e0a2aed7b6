import type { Kysely } from 'kysely';
import type { AccessRepository, ApiKeyRecord, PersonRef } from '../../../domain/access/access.service.js';
import { roleRank, type Role } from '../../../domain/people/roles.js';
import type { DB } from '../schema.js';
import { outsideBuildingPrivateFolders } from '../visibility.js';
import { hasProjectRoleIn, projectsWithRolesOf } from './people-rows.js';

export function createAccessRepository(db: Kysely<DB>): AccessRepository {
  /**
   * A person's roles in the live customers linked to building owners, one row per customer (a platform
   * administrator is ADMIN in every one of them).
   */
  async function linkedRoles(person: PersonRef, ownerId?: string): Promise<{ ownerId: string; role: Role }[]> {
    let query = db
      .selectFrom('customers as c')
      .leftJoin('customer_members as m', (join) =>
        join.onRef('m.customer_id', '=', 'c.id').on('m.user_id', '=', person.userId),
      )
      .select(['c.building_owner_id', 'm.role'])
      .where('c.building_owner_id', 'is not', null)
      .where('c.archived_at', 'is', null);
    if (ownerId !== undefined) query = query.where('c.building_owner_id', '=', ownerId);
    if (!person.platformAdmin) query = query.where('m.role', 'is not', null);
    const rows = await query.execute();
    return rows.map((row) => ({
      ownerId: row.building_owner_id as string,
      role: person.platformAdmin ? 'ADMIN' : (row.role as Role),
    }));
  }

  function strongest(roles: readonly Role[]): Role | null {
    return roles.reduce<Role | null>(
      (best, role) => (best === null || roleRank(role) > roleRank(best) ? role : best),
      null,
    );
  }

  async function loadKey(where: { column: 'key_hash' | 'id'; value: string }): Promise<ApiKeyRecord | null> {
    const key = await db
      .selectFrom('api_keys')
      .select(['id', 'partner_id', 'whole_partner', 'revoked_at'])
      .where(where.column, '=', where.value)
      .executeTakeFirst();
    if (!key) return null;
    if (key.whole_partner) {
      return {
        id: key.id,
        partnerId: key.partner_id,
        wholePartner: true,
        revoked: key.revoked_at !== null,
        ownerIds: [],
        buildings: [],
      };
    }
    const [owners, buildings] = await Promise.all([
      db.selectFrom('api_key_owner_grants').select('building_owner_id').where('api_key_id', '=', key.id).execute(),
      db
        .selectFrom('api_key_building_grants as g')
        .innerJoin('buildings as b', 'b.id', 'g.building_id')
        .select(['b.id', 'b.building_owner_id'])
        .where('g.api_key_id', '=', key.id)
        .where('b.archived_at', 'is', null)
        .execute(),
    ]);
    return {
      id: key.id,
      partnerId: key.partner_id,
      wholePartner: false,
      revoked: key.revoked_at !== null,
      ownerIds: owners.map((o) => o.building_owner_id),
      buildings: buildings.map((b) => ({ buildingId: b.id, ownerId: b.building_owner_id })),
    };
  }

  return {
    async findUserSessionByHash(tokenHash) {
      const row = await db
        .selectFrom('user_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 's.last_seen_at', 's.expires_at', 's.ended_at', 'u.platform_admin', 'u.status'])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            platformAdmin: row.platform_admin,
            userStatus: row.status,
            lastSeenAt: row.last_seen_at,
            expiresAt: new Date(row.expires_at),
            ended: row.ended_at !== null,
          }
        : null;
    },
    async touchUserSession({ id, now }) {
      await db.updateTable('user_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
    async endUserSession({ id, now }) {
      await db
        .updateTable('user_sessions')
        .set({ ended_at: now })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },
    async findUserKeyByHash(keyHash) {
      const row = await db
        .selectFrom('user_api_keys as k')
        .innerJoin('users as u', 'u.id', 'k.user_id')
        .select([
          'k.id',
          'k.user_id',
          'k.name',
          'k.key_prefix',
          'k.revoked_at',
          'k.expires_at',
          'k.last_used_at',
          'u.platform_admin',
          'u.status',
          'u.email',
        ])
        .where('k.key_hash', '=', keyHash)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            platformAdmin: row.platform_admin,
            userStatus: row.status,
            revoked: row.revoked_at !== null,
            expiresAt: row.expires_at,
            lastUsedAt: row.last_used_at,
            name: row.name,
            prefix: row.key_prefix,
            userEmail: row.email,
          }
        : null;
    },
    async touchUserKey({ id, now }) {
      await db.updateTable('user_api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
    },
    customerIdsOfPerson: (userId) => customerIdsOfPerson(db, userId),
    async findUser(userId) {
      const row = await db
        .selectFrom('users')
        .select(['platform_admin', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? { platformAdmin: row.platform_admin, status: row.status } : null;
    },
    findApiKeyByHash: (keyHash) => loadKey({ column: 'key_hash', value: keyHash }),
    findApiKeyById: (id) => loadKey({ column: 'id', value: id }),
    async findSessionByHash(tokenHash) {
      const row = await db
        .selectFrom('session_tokens')
        .select(['api_key_id', 'building_owner_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? { apiKeyId: row.api_key_id, buildingOwnerId: row.building_owner_id, expiresAt: row.expires_at }
        : null;
    },
    async findOwner({ ownerId, partnerId, person }) {
      if (partnerId === null) {
        const owner = await db
          .selectFrom('building_owners')
          .select('id')
          .where('id', '=', ownerId)
          .where('archived_at', 'is', null)
          .executeTakeFirst();
        if (!owner) return null;
        const personRole = person ? strongest((await linkedRoles(person, ownerId)).map((r) => r.role)) : null;
        return { id: owner.id, reachedByPartner: false, personRole };
      }
      const row = await db
        .selectFrom('building_owners as o')
        .leftJoin('partner_building_owners as p', (join) =>
          join.onRef('p.building_owner_id', '=', 'o.id').on('p.partner_id', '=', partnerId),
        )
        .select(['o.id', 'p.partner_id'])
        .where('o.id', '=', ownerId)
        .where('o.archived_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: row.id, reachedByPartner: row.partner_id !== null, personRole: null } : null;
    },
    async ownerIdsOfPerson(person, minimum = 'READ_ACCESS') {
      const reading = (await linkedRoles(person)).filter((r) => roleRank(r.role) >= roleRank(minimum));
      const ids = [...new Set(reading.map((r) => r.ownerId))];
      if (ids.length === 0) return [];
      const live = await db
        .selectFrom('building_owners')
        .select('id')
        .where('id', 'in', ids)
        .where('archived_at', 'is', null)
        .execute();
      return live.map((row) => row.id);
    },
    async findBuilding(buildingId) {
      const row = await db
        .selectFrom('buildings')
        .select(['id', 'building_owner_id'])
        .where('id', '=', buildingId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: row.id, ownerId: row.building_owner_id } : null;
    },
    async findCustomer({ customerId, userId }) {
      const row = await db
        .selectFrom('customers as c')
        .leftJoin('customer_members as m', (join) =>
          join.onRef('m.customer_id', '=', 'c.id').on('m.user_id', '=', userId),
        )
        .select(['c.id', 'm.role'])
        .select(hasProjectRoleIn(userId).as('has_project_role'))
        .where('c.id', '=', customerId)
        .where('c.archived_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: row.id, role: row.role ?? null, hasProjectRole: Boolean(row.has_project_role) } : null;
    },
    async findProject({ projectId, userId }) {
      const row = await projectsWithRolesOf(db, userId)
        .where('p.id', '=', projectId)
        .where('c.archived_at', 'is', null)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            customerId: row.customer_id,
            customerRole: row.customer_role ?? null,
            projectRole: row.project_role ?? null,
            status: row.status,
          }
        : null;
    },
    async findDocumentProject(documentId, options) {
      if (!UUID.test(documentId)) return null;
      // the project the document carries, never the one holding its building (project-documents.ts): a document the
      // owner added after the handover, or one under a private folder of its building, is no project's
      const row = await db
        .selectFrom('documents as d')
        .select('d.project_id')
        .where('d.id', '=', documentId)
        .where('d.project_id', 'is not', null)
        .where(outsideBuildingPrivateFolders())
        .$if(!options?.archived, (query) => query.where('d.archived_at', 'is', null))
        .executeTakeFirst();
      return row?.project_id ?? null;
    },
    async findSubcontractorToken(tokenHash) {
      const row = await db
        .selectFrom('subcontractor_tokens as t')
        .innerJoin('subcontractors as s', 's.id', 't.subcontractor_id')
        .innerJoin('projects as p', 'p.id', 't.project_id')
        .select([
          't.id',
          't.project_id',
          't.subcontractor_id',
          't.expires_at',
          't.revoked_at',
          't.last_used_at',
          's.archived_at',
          'p.status',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            projectId: row.project_id,
            subcontractorId: row.subcontractor_id,
            expiresAt: row.expires_at,
            revoked: row.revoked_at !== null,
            gone: row.archived_at !== null || row.status !== 'ACTIVE',
            lastUsedAt: row.last_used_at,
          }
        : null;
    },
    async touchSubcontractorToken({ id, now }) {
      await db.updateTable('subcontractor_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** the customers a person belongs to: a role in the customer, or in one of its projects */
export async function customerIdsOfPerson(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_members')
    .select('customer_id')
    .where('user_id', '=', userId)
    .union(
      db
        .selectFrom('project_members as pm')
        .innerJoin('projects as p', 'p.id', 'pm.project_id')
        .select('p.customer_id')
        .where('pm.user_id', '=', userId),
    )
    .execute();
  return rows.map((row) => row.customer_id).sort();
}
