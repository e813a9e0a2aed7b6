import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  SubcontractorFields,
  SubcontractorRecord,
  SubcontractorsRepository,
  SubcontractorTokenRecord,
} from '../../../domain/deliveries/subcontractors.service.js';
import { newId } from '../../../domain/shared/ids.js';
import type { DB, SubcontractorsTable, SubcontractorTokensTable } from '../schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toRecord(row: Selectable<SubcontractorsTable>): SubcontractorRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    companyName: row.company_name,
    organisationNumber: row.organisation_number,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    disciplines: row.disciplines,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toToken(row: Selectable<SubcontractorTokensTable>): SubcontractorTokenRecord {
  return {
    id: row.id,
    subcontractorId: row.subcontractor_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    createdBy: row.created_by,
  };
}

function columnsOf(fields: Partial<SubcontractorFields>) {
  return {
    ...(fields.companyName !== undefined ? { company_name: fields.companyName } : {}),
    ...(fields.organisationNumber !== undefined ? { organisation_number: fields.organisationNumber } : {}),
    ...(fields.contactName !== undefined ? { contact_name: fields.contactName } : {}),
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
    ...(fields.disciplines !== undefined ? { disciplines: fields.disciplines } : {}),
  };
}

export function createSubcontractorsRepository(db: Kysely<DB>): SubcontractorsRepository {
  return {
    async list(projectId) {
      const rows = await db
        .selectFrom('subcontractors')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    async find({ projectId, subcontractorId }) {
      if (!UUID.test(subcontractorId)) return null;
      const row = await db
        .selectFrom('subcontractors')
        .selectAll()
        .where('id', '=', subcontractorId.toLowerCase())
        .where('project_id', '=', projectId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async create({ projectId, fields }) {
      const row = await db
        .insertInto('subcontractors')
        .values({
          id: newId.uuid(),
          project_id: projectId,
          company_name: fields.companyName,
          email: fields.email,
          ...columnsOf(fields),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },
    async update({ projectId, subcontractorId, fields, at }) {
      if (!UUID.test(subcontractorId)) return null;
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('subcontractors')
          .select('email')
          .where('id', '=', subcontractorId.toLowerCase())
          .where('project_id', '=', projectId)
          .where('archived_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return null;
        const row = await trx
          .updateTable('subcontractors')
          .set({ ...columnsOf(fields), updated_at: sql`now()` })
          .where('id', '=', subcontractorId.toLowerCase())
          .returningAll()
          .executeTakeFirstOrThrow();
        let revokedTokens = 0;
        if (row.email.toLowerCase() !== before.email.toLowerCase()) {
          const revoked = await trx
            .updateTable('subcontractor_tokens')
            .set({ revoked_at: at })
            .where('subcontractor_id', '=', row.id)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          revokedTokens = Number(revoked.numUpdatedRows);
        }
        return { subcontractor: toRecord(row), revokedTokens };
      });
    },
    async archive({ projectId, subcontractorId, at }) {
      if (!UUID.test(subcontractorId)) return false;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('subcontractors')
          .set({ archived_at: at, updated_at: at })
          .where('id', '=', subcontractorId.toLowerCase())
          .where('project_id', '=', projectId)
          .where('archived_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await trx
          .updateTable('subcontractor_tokens')
          .set({ revoked_at: at })
          .where('subcontractor_id', '=', row.id)
          .where('revoked_at', 'is', null)
          .execute();
        // an upload it registered and has not finished goes with its tokens: archived, no saved URL completes it
        await trx
          .updateTable('documents')
          .set({ archived_at: at, updated_at: at })
          .where('subcontractor_id', '=', row.id)
          .where('upload_state', '=', 'pending')
          .where('archived_at', 'is', null)
          .execute();
        return true;
      });
    },
    async insertToken(params) {
      // only for a live subcontractor of an ACTIVE project, read under a share lock: an archiving (of the project
      // or the subcontractor) that holds the row first is seen here and nothing is issued; one that comes after
      // waits for this statement and then revokes the token it wrote
      const row = await db
        .insertInto('subcontractor_tokens')
        .columns(['id', 'project_id', 'subcontractor_id', 'token_hash', 'created_by', 'expires_at'])
        .expression(
          db
            .selectFrom('projects as p')
            .innerJoin('subcontractors as s', 's.project_id', 'p.id')
            .select([
              sql<string>`${newId.uuid()}::text`.as('id'),
              'p.id as project_id',
              's.id as subcontractor_id',
              sql<string>`${params.tokenHash}::text`.as('token_hash'),
              sql<string | null>`${params.createdBy}::text`.as('created_by'),
              sql<Date>`${params.expiresAt}::timestamptz`.as('expires_at'),
            ])
            .where('p.id', '=', params.projectId)
            .where('p.status', '=', 'ACTIVE')
            .where('s.id', '=', params.subcontractorId)
            .where('s.archived_at', 'is', null)
            .forShare(),
        )
        .returningAll()
        .executeTakeFirst();
      return row ? toToken(row) : null;
    },
    async listTokens(subcontractorId) {
      const rows = await db
        .selectFrom('subcontractor_tokens')
        .selectAll()
        .where('subcontractor_id', '=', subcontractorId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toToken);
    },
    async revokeToken({ subcontractorId, tokenId, at }) {
      if (!UUID.test(tokenId)) return false;
      const row = await db
        .updateTable('subcontractor_tokens')
        .set({ revoked_at: sql`coalesce(revoked_at, ${at})` })
        .where('id', '=', tokenId.toLowerCase())
        .where('subcontractor_id', '=', subcontractorId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async userLabel(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
