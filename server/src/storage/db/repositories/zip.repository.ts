import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { ZipArchiveRecord, ZipSourceDocument } from '../../../domain/zip/zip-archives.js';
import type { ZipRepository } from '../../../domain/zip/zip.service.js';
import { inProject, projectSupersededBy } from '../project-documents.js';
import type { DB, ZipArchivesTable } from '../schema.js';

function recordOf(row: Selectable<ZipArchivesTable>): ZipArchiveRecord {
  return {
    id: row.id,
    buildingId: row.building_id,
    projectId: row.project_id,
    subcontractorId: row.subcontractor_id,
    excludeBefore: row.exclude_before,
    latestRevisions: row.latest_revisions,
    status: row.status,
    blobKey: row.blob_key,
    fileCount: row.file_count,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
    createdAt: row.created_at,
    readyAt: row.ready_at,
  };
}

interface ApprovalItem {
  informationType?: string;
  approvalStatus?: 'APPROVED' | 'DECLINED' | null;
}

/** archives of the same files as `zip`: its building, subcontractor (or none), start date and revisions */
function sameScope(zip: ZipArchiveRecord) {
  return (eb: ExpressionBuilder<DB, 'zip_archives'>) =>
    eb.and([
      eb('building_id', '=', zip.buildingId),
      eb('subcontractor_id', 'is not distinct from', zip.subcontractorId),
      eb('exclude_before', 'is not distinct from', zip.excludeBefore),
      eb('latest_revisions', '=', zip.latestRevisions),
    ]);
}

export function createZipRepository(db: Kysely<DB>): ZipRepository {
  return {
    async projectOfBuilding(buildingId) {
      const row = await db
        .selectFrom('project_buildings as pb')
        .innerJoin('buildings as b', 'b.id', 'pb.building_id')
        .select(['pb.project_id', 'b.name'])
        .where('pb.building_id', '=', buildingId)
        .where('b.archived_at', 'is', null)
        .orderBy('pb.created_at')
        .executeTakeFirst();
      return row ? { projectId: row.project_id, buildingName: row.name } : null;
    },
    async subcontractorInProject({ projectId, subcontractorId }) {
      const row = await db
        .selectFrom('subcontractors')
        .select('id')
        .where('id', '=', subcontractorId.toLowerCase())
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async create(record) {
      const row = await db
        .insertInto('zip_archives')
        .values({
          id: record.id,
          building_id: record.buildingId,
          project_id: record.projectId,
          subcontractor_id: record.subcontractorId?.toLowerCase() ?? null,
          exclude_before: record.excludeBefore,
          latest_revisions: record.latestRevisions,
          created_by: record.createdBy,
          created_at: record.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return recordOf(row);
    },
    async find(zipId) {
      const row = await db.selectFrom('zip_archives').selectAll().where('id', '=', zipId).executeTakeFirst();
      return row ? recordOf(row) : null;
    },
    async latest({ buildingId, subcontractorId, excludeBefore, latestRevisions }) {
      let query = db
        .selectFrom('zip_archives')
        .selectAll()
        .where('building_id', '=', buildingId)
        .where(
          'subcontractor_id',
          subcontractorId ? '=' : 'is',
          subcontractorId ? subcontractorId.toLowerCase() : null,
        );
      if (excludeBefore !== undefined) {
        query = query.where('exclude_before', excludeBefore ? '=' : 'is', excludeBefore);
      }
      if (latestRevisions !== undefined) query = query.where('latest_revisions', '=', latestRevisions);
      const row = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
      return row ? recordOf(row) : null;
    },
    async unfinished({ buildingId, since }) {
      const rows = await db
        .selectFrom('zip_archives')
        .selectAll()
        .where('building_id', '=', buildingId)
        .where('status', 'in', ['queued', 'running'])
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return rows.map(recordOf);
    },
    async markRunning(zipId) {
      await db.updateTable('zip_archives').set({ status: 'running', error: null }).where('id', '=', zipId).execute();
    },
    async markReady({ zipId, blobKey, fileCount, size, at }) {
      await db
        .updateTable('zip_archives')
        .set({ status: 'ready', blob_key: blobKey, file_count: fileCount, size, ready_at: at, error: null })
        .where('id', '=', zipId)
        .execute();
    },
    async markFailed({ zipId, error }) {
      await db.updateTable('zip_archives').set({ status: 'failed', error }).where('id', '=', zipId).execute();
    },
    async changedSince({ buildingId, projectId, since }) {
      // private folders are set on the building (a document's path never changes), and updated_at follows every change
      const building = await db
        .selectFrom('buildings')
        .select('id')
        .where('id', '=', buildingId)
        .where('updated_at', '>=', since)
        .executeTakeFirst();
      if (building) return true;
      if (projectId === null) return false;
      const archived = await db
        .selectFrom('documents')
        .select('id')
        .where('project_id', '=', projectId)
        .where('building_id', '=', buildingId)
        .where('upload_state', '=', 'uploaded')
        .where('archived_at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return archived !== undefined;
    },
    async superseded(zip) {
      const newest = await db
        .selectFrom('zip_archives')
        .select(['created_at', 'id'])
        .where(sameScope(zip))
        .where('status', '=', 'ready')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!newest) return [];
      const rows = await db
        .selectFrom('zip_archives')
        .selectAll()
        .where(sameScope(zip))
        .where('status', 'in', ['ready', 'failed'])
        .where((eb) =>
          eb.or([
            eb('created_at', '<', newest.created_at),
            eb.and([eb('created_at', '=', newest.created_at), eb('id', '<', newest.id)]),
          ]),
        )
        .execute();
      return rows.map(recordOf);
    },
    async remove(zipIds) {
      if (zipIds.length === 0) return;
      // one a retry has started building again stays
      await db
        .deleteFrom('zip_archives')
        .where('id', 'in', zipIds)
        .where('status', 'in', ['ready', 'failed'])
        .execute();
    },
    async documents({ buildingId, projectId, subcontractorId, excludeBefore, latestRevisions }) {
      // the project's own files in the building, never every file of it: after a handover the owner adds more
      if (projectId === null) return [];
      let query = db
        .selectFrom('documents as d')
        .leftJoin('deliveries as v', 'v.id', 'd.delivery_id')
        .select([
          'd.id',
          'd.filename',
          'd.original_path',
          'd.blob_key',
          'd.building_category',
          'd.delivery_information_type',
          'd.information_types',
          'd.delivery_id',
          'v.description as delivery_description',
          'v.full_category as delivery_category',
          'v.information_types as approvals',
        ])
        .where('d.building_id', '=', buildingId)
        .where(inProject(projectId))
        .where('d.archived_at', 'is', null)
        .where('d.upload_state', '=', 'uploaded')
        .where('d.parent_document_id', 'is', null);
      if (subcontractorId) query = query.where('d.subcontractor_id', '=', subcontractorId.toLowerCase());
      if (excludeBefore) query = query.where('d.created_at', '>=', excludeBefore);
      // the project's latest: a delivered revision the owner superseded after the handover is still the project's
      if (latestRevisions) query = query.where(sql<boolean>`${projectSupersededBy()} is null`);
      const rows = await query.orderBy('d.original_path').orderBy('d.filename').orderBy('d.id').execute();
      return rows.map((row): ZipSourceDocument => {
        const informationType = row.delivery_information_type ?? row.information_types[0] ?? null;
        const approvals = (typeof row.approvals === 'string' ? JSON.parse(row.approvals) : row.approvals) as
          ApprovalItem[] | null;
        const approval = approvals?.find((item) => item.informationType === row.delivery_information_type);
        return {
          id: row.id,
          filename: row.filename,
          originalPath: row.original_path ?? '',
          blobKey: row.blob_key,
          buildingCategory: row.building_category,
          informationType,
          deliveryId: row.delivery_id,
          deliveryLabel: row.delivery_id ? (row.delivery_description ?? row.delivery_category) : null,
          approvalStatus: approval?.approvalStatus ?? null,
        };
      });
    },
  };
}
