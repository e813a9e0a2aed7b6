import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import type { HandoverRepository } from '../../../domain/handover/handover.service.js';
import { IMPORT_ENDED_BY_HANDOVER } from '../../../domain/storage-provider/storage-provider.service.js';
import type { HandoverDocumentFacts, HandoverReport } from '../../../domain/handover/handover-report.js';
import type { ApprovalStatus } from '../../../domain/deliveries/progress.js';
import type { DB } from '../schema.js';

interface ApprovalItem {
  informationType?: string;
  approvalStatus?: ApprovalStatus | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function createHandoverRepository(
  db: Kysely<DB>,
  /** project.handed_over, raised with the handover */
  outbox?: WebhookOutbox<Transaction<DB>>,
): HandoverRepository {
  return {
    async project(projectId) {
      const row = await db
        .selectFrom('projects as p')
        .innerJoin('customers as c', 'c.id', 'p.customer_id')
        .select([
          'p.id',
          'p.name',
          'p.project_number',
          'p.status',
          'p.customer_id',
          'c.name as customer_name',
          'c.workspace_owner_id',
        ])
        .where('p.id', '=', projectId)
        .where('c.archived_at', 'is', null)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            name: row.name,
            projectNumber: row.project_number,
            customerId: row.customer_id,
            customerName: row.customer_name,
            workspaceOwnerId: row.workspace_owner_id,
            status: row.status,
          }
        : null;
    },

    async ownerName(ownerId) {
      const row = await db
        .selectFrom('building_owners')
        .select('name')
        .where('id', '=', ownerId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    async buildings(projectId) {
      const rows = await db
        .selectFrom('project_buildings as pb')
        .innerJoin('buildings as b', 'b.id', 'pb.building_id')
        .select(['b.id', 'b.name', 'b.archived_at'])
        .where('pb.project_id', '=', projectId)
        .orderBy('pb.created_at')
        .orderBy('b.id')
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, archived: row.archived_at !== null }));
    },

    async documents(buildingIds) {
      if (buildingIds.length === 0) return [];
      const rows = await db
        .selectFrom('documents as d')
        .leftJoin('deliveries as v', 'v.id', 'd.delivery_id')
        .select([
          'd.id',
          'd.building_id',
          'd.filename',
          'd.original_path',
          'd.size',
          'd.md5',
          'd.building_category',
          'd.information_types',
          'd.delivery_id',
          'd.delivery_information_type',
          'd.progress_status',
          'd.subcontractor_id',
          'd.parent_document_id',
          'd.uploaded_at',
          'd.drawing_number',
          'd.drawing_revision',
          'd.superseded_by',
          'd.upload_state',
          'd.corrupt',
          'd.processed_at',
          'd.archived_at',
          'v.information_types as approvals',
        ])
        .where('d.building_id', 'in', buildingIds)
        .orderBy('d.building_id')
        .orderBy('d.original_path')
        .orderBy('d.filename')
        .orderBy('d.id')
        .execute();
      return rows.map((row): HandoverDocumentFacts => {
        const approvals = row.approvals ? json<ApprovalItem[]>(row.approvals) : [];
        const folders = (row.original_path ?? '').split('/').slice(0, -1).filter(Boolean);
        return {
          documentId: row.id,
          buildingId: row.building_id,
          path: [...folders, row.filename].join('/'),
          filename: row.filename,
          size: Number(row.size),
          md5: row.md5,
          buildingCategory: row.building_category,
          informationTypes: row.information_types,
          deliveryId: row.delivery_id,
          deliveryInformationType: row.delivery_information_type,
          approvalStatus:
            approvals.find((item) => item.informationType === row.delivery_information_type)?.approvalStatus ?? null,
          progressStatus: row.progress_status,
          subcontractorId: row.subcontractor_id,
          parentDocumentId: row.parent_document_id,
          uploadedAt: row.uploaded_at?.toISOString() ?? null,
          drawingNumber: row.drawing_number,
          drawingRevision: row.drawing_revision,
          supersededBy: row.superseded_by,
          archived: row.archived_at !== null,
          uploaded: row.upload_state === 'uploaded',
          corrupt: row.corrupt,
          processed: row.processed_at !== null,
        };
      });
    },

    async subcontractorNames(projectId) {
      const rows = await db
        .selectFrom('subcontractors')
        .select(['id', 'company_name'])
        .where('project_id', '=', projectId)
        .execute();
      return new Map(rows.map((row) => [row.id, row.company_name]));
    },

    async userLabel(userId) {
      const row = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
      if (!row) return userId;
      return row.name ? `${row.name} <${row.email}>` : row.email;
    },

    async handOver(params) {
      return db.transaction().execute(async (trx) => {
        const project = await trx
          .selectFrom('projects')
          .select('status')
          .where('id', '=', params.projectId)
          .forUpdate()
          .executeTakeFirst();
        if (project?.status !== 'ACTIVE') return false;
        const { buildingIds, toOwnerId: owner } = params;
        if (buildingIds.length > 0) {
          // a registration under way into the buildings holds them (uploads.repository.ts `lockUploadTarget`): it
          // commits before this goes on, and is archived below with the rest, or waits and is refused
          await trx.selectFrom('buildings').select('id').where('id', 'in', buildingIds).forUpdate().execute();
          // an upload whose bytes never came is no delivery (the report names it pending): archived, it never becomes
          // a live document of the owner's, and no URL handed out before the handover adds a file to their building
          await trx
            .updateTable('documents')
            .set({ archived_at: params.at, updated_at: params.at })
            .where('building_id', 'in', buildingIds)
            .where('upload_state', '=', 'pending')
            .where('archived_at', 'is', null)
            .execute();
          // an import from a storage provider still queued or running into the buildings ends here, with its reason: it
          // brings no file into the owner's building (its job also asks before each file whether it may go on)
          await trx
            .updateTable('storage_provider_imports')
            .set({ status: 'failed', error: IMPORT_ENDED_BY_HANDOVER, finished_at: params.at })
            .where('building_id', 'in', buildingIds)
            .where('status', 'in', ['queued', 'running'])
            .execute();
          // what the buildings hold now is what the project delivered, and stays the project's (read-only) after the
          // move; what the owner adds afterwards carries no project and never reaches the contractor
          await trx
            .updateTable('documents')
            .set({ project_id: params.projectId })
            .where('building_id', 'in', buildingIds)
            .where('project_id', 'is', null)
            .execute();
          await trx.updateTable('buildings').set({ building_owner_id: owner }).where('id', 'in', buildingIds).execute();
          // the search index follows each document by its trigger (head words into the owner's vocabulary)
          await trx
            .updateTable('documents')
            .set({ building_owner_id: owner })
            .where('building_id', 'in', buildingIds)
            .execute();
          await trx
            .updateTable('document_chunks')
            .set({ building_owner_id: owner })
            .where('building_id', 'in', buildingIds)
            .execute();
          await trx
            .updateTable('reports')
            .set({ building_owner_id: owner })
            .where('building_id', 'in', buildingIds)
            .execute();
          // the maintenance plan the delivered FDV documentation states (and tasks people added) is the owner's now
          await trx
            .updateTable('maintenance_tasks')
            .set({ building_owner_id: owner })
            .where('building_id', 'in', buildingIds)
            .execute();
          // the body's words too, so typo and compound search of the owner knows them at once
          await sql`
            insert into search_lexemes (building_owner_id, lexeme)
            select distinct ${owner}::text, l
              from search_documents s, unnest(tsvector_to_array(s.tsv)) l
             where s.building_id in (${sql.join(buildingIds)}) and l ~ '^[[:alpha:]]{3,40}$'
            on conflict do nothing`.execute(trx);
        }
        await trx
          .updateTable('projects')
          .set({ status: 'HANDED_OVER', updated_at: params.at })
          .where('id', '=', params.projectId)
          .execute();
        await trx
          .insertInto('handovers')
          .values({
            id: params.id,
            project_id: params.projectId,
            customer_id: params.customerId,
            building_owner_id: owner,
            report: JSON.stringify(params.report),
            created_by: params.createdBy,
            created_at: params.at,
          })
          .execute();
        await outbox?.record(trx, [
          {
            type: 'project.handed_over',
            subject: { projectId: params.projectId },
            data: { project_id: params.projectId, building_owner_id: owner },
          },
        ]);
        return true;
      });
    },

    async report(projectId) {
      const row = await db
        .selectFrom('handovers')
        .select('report')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row ? json<HandoverReport>(row.report) : null;
    },

    async migrationTarget(customerId) {
      const rows = await db
        .selectFrom('projects as p')
        .leftJoin('handovers as h', 'h.project_id', 'p.id')
        .leftJoin('building_owners as o', 'o.id', 'h.building_owner_id')
        .select(['h.building_owner_id', 'o.name'])
        .where('p.customer_id', '=', customerId)
        .where('p.status', '<>', 'ARCHIVED')
        .execute();
      const owners = new Set(rows.map((row) => row.building_owner_id));
      const [only] = rows;
      if (owners.size !== 1 || !only?.building_owner_id) return null;
      return { buildingOwnerId: only.building_owner_id, name: only.name ?? '' };
    },
  };
}
