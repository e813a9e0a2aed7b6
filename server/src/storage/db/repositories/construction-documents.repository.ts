import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ConstructionDocument,
  ConstructionDocumentPatch,
  ConstructionDocumentsRepository,
  EditableField,
} from '../../../domain/deliveries/construction-documents.service.js';
import { inProject, projectSupersededBy } from '../project-documents.js';
import { lockRevisionsOf, relinkRevisions } from './revisions.repository.js';
import type { DB, DocumentsTable } from '../schema.js';
import { outsideBuildingPrivateFolders } from '../visibility.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Selectable<DocumentsTable>;

function isoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

/** a document as the project's people read it: its successor only when that is the project's too */
function toProjectDocument(row: Row & { project_superseded_by: string | null }): ConstructionDocument {
  return { ...toDocument(row), supersededBy: row.project_superseded_by };
}

function toDocument(row: Row): ConstructionDocument {
  return {
    id: row.id,
    projectId: row.project_id,
    buildingId: row.building_id,
    deliveryId: row.delivery_id,
    subcontractorId: row.subcontractor_id,
    deliveryInformationType: row.delivery_information_type,
    filename: row.filename,
    filenameDescriptive: row.filename_descriptive,
    buildingCategory: row.building_category,
    discipline: row.discipline,
    drawingCode: row.drawing_number,
    drawingDate: row.drawing_date_text ?? isoDate(row.drawing_date),
    floor: row.floor,
    informationTypes: row.information_types,
    progressStatus: row.corrupt ? 'CORRUPT' : row.progress_status,
    progressReason: row.corrupt ? (row.processing_error ?? 'The file could not be read') : null,
    roomLocations: row.room_locations ?? [],
    serialNumber: row.serial_number,
    tags: row.tags ?? [],
    tfmCode: row.tfm_code,
    size: Number(row.size),
    mimeType: row.mime_type,
    uploaded: row.upload_state === 'uploaded',
    processed: row.processed_at !== null,
    uploadedBy: row.uploaded_by,
    updatedBy: row.updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    supersededBy: row.superseded_by,
    blobKey: row.blob_key,
    previewKey: row.preview_key,
    contentType: row.content_type,
  };
}

/** each editable member, the column it is stored in, and how to read its current value from a document */
const FIELDS: Record<EditableField, { column: keyof DocumentsTable; current: (d: ConstructionDocument) => unknown }> = {
  buildingCategory: { column: 'building_category', current: (d) => d.buildingCategory },
  discipline: { column: 'discipline', current: (d) => d.discipline },
  drawingCode: { column: 'drawing_number', current: (d) => d.drawingCode },
  drawingDate: { column: 'drawing_date_text', current: (d) => d.drawingDate },
  filename: { column: 'filename', current: (d) => d.filename },
  filenameDescriptive: { column: 'filename_descriptive', current: (d) => d.filenameDescriptive },
  floor: { column: 'floor', current: (d) => d.floor },
  informationTypes: { column: 'information_types', current: (d) => d.informationTypes },
  progressStatus: { column: 'progress_status', current: (d) => d.progressStatus },
  roomLocations: { column: 'room_locations', current: (d) => d.roomLocations },
  serialNumber: { column: 'serial_number', current: (d) => d.serialNumber },
  tags: { column: 'tags', current: (d) => d.tags },
  tfmCode: { column: 'tfm_code', current: (d) => d.tfmCode },
};

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function createConstructionDocumentsRepository(db: Kysely<DB>): ConstructionDocumentsRepository {
  return {
    async find(documentId) {
      if (!UUID.test(documentId)) return null;
      // a construction read: nothing under a private folder of its building (the partner API's rule)
      const row = await db
        .selectFrom('documents as d')
        .selectAll('d')
        .select(projectSupersededBy().as('project_superseded_by'))
        .where('d.id', '=', documentId.toLowerCase())
        .where('d.archived_at', 'is', null)
        .where(outsideBuildingPrivateFolders())
        .executeTakeFirst();
      return row ? toProjectDocument(row) : null;
    },
    async list({ filter, limit, after }) {
      let query = db
        .selectFrom('documents as d')
        .selectAll('d')
        .select(projectSupersededBy().as('project_superseded_by'))
        .where('d.archived_at', 'is', null)
        .where(inProject(filter.projectId));
      if (filter.deliveryId) query = query.where('d.delivery_id', '=', filter.deliveryId.toLowerCase());
      if (filter.subcontractorId) query = query.where('d.subcontractor_id', '=', filter.subcontractorId.toLowerCase());
      if (filter.buildingCategory) query = query.where('d.building_category', '=', filter.buildingCategory);
      if (filter.informationType) {
        const type = filter.informationType;
        query = query.where((eb) =>
          eb.or([
            eb('d.delivery_information_type', '=', type),
            eb(sql.val(type), '=', eb.fn.any('d.information_types')),
          ]),
        );
      }
      if (filter.progressStatus) {
        query =
          filter.progressStatus === 'CORRUPT'
            ? query.where('d.corrupt', '=', true)
            : query.where('d.corrupt', '=', false).where('d.progress_status', '=', filter.progressStatus);
      }
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('d.created_at', '>', new Date(after.value)),
            eb.and([eb('d.created_at', '=', new Date(after.value)), eb('d.id', '>', after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('d.created_at').orderBy('d.id').limit(limit).execute();
      return rows.map(toProjectDocument);
    },
    async update({ documentIds, actor, at, plan }) {
      const ids = documentIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
      return db.transaction().execute(async (trx) => {
        const rows = ids.length
          ? await trx
              .selectFrom('documents')
              .selectAll()
              .where('id', 'in', ids)
              .where('archived_at', 'is', null)
              .orderBy('id')
              .forUpdate()
              .execute()
          : [];
        const current = new Map(rows.map((row) => [row.id, toDocument(row)]));
        const changes = plan(
          new Map(
            documentIds.flatMap((id) => (current.has(id.toLowerCase()) ? [[id, current.get(id.toLowerCase())!]] : [])),
          ),
        );
        const updated: ConstructionDocument[] = [];
        for (const change of changes) {
          const before = current.get(change.id.toLowerCase())!;
          const set: Record<string, unknown> = {};
          const history: { field: string; old: unknown; next: unknown }[] = [];
          for (const [field, value] of Object.entries(change.patch) as [keyof ConstructionDocumentPatch, unknown][]) {
            if (field === 'id' || value === undefined) continue;
            const spec = FIELDS[field];
            const old = spec.current(before);
            const next = field === 'informationTypes' && value === null ? [] : value;
            if (same(old, next)) continue;
            set[spec.column] = next;
            history.push({ field, old, next });
          }
          if ('building_category' in set) set.building_category_source = 'person';
          if ('information_types' in set) set.information_types_source = 'person';
          if (history.length === 0) {
            updated.push(before);
            continue;
          }
          const row = await trx
            .updateTable('documents')
            .set({ ...set, updated_at: at, updated_by: actor.label })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('document_history')
            .values(
              history.map((entry) => ({
                document_id: before.id,
                changed_at: at,
                actor_kind: actor.kind,
                actor_user_id: actor.userId,
                actor_label: actor.label,
                field: entry.field,
                old_value: JSON.stringify(entry.old ?? null),
                new_value: JSON.stringify(entry.next ?? null),
              })),
            )
            .execute();
          updated.push(toDocument(row));
        }
        return updated;
      });
    },
    async archive({ documentId, actor, at, updatedBy }) {
      if (!UUID.test(documentId)) return false;
      return db.transaction().execute(async (trx) => {
        // the building's revision lock before the document's row, as every writer of revisions takes them
        // (lockRevisionsOf): the relink below takes it anyway, and holding the row meanwhile closed a cycle with a
        // relink waiting for that row
        await lockRevisionsOf(trx, documentId.toLowerCase());
        const row = await trx
          .updateTable('documents')
          .set({ archived_at: at, updated_at: at, updated_by: updatedBy ?? actor.label })
          .where('id', '=', documentId.toLowerCase())
          .where('archived_at', 'is', null)
          .returning(['id', 'building_id'])
          .executeTakeFirst();
        if (!row) return false;
        // the revision before a deleted newest one is the newest again (as the partner API's delete does)
        await relinkRevisions(trx, { buildingId: row.building_id, documentIds: [row.id] });
        await trx
          .insertInto('document_history')
          .values({
            document_id: row.id,
            changed_at: at,
            actor_kind: actor.kind,
            actor_user_id: actor.userId,
            actor_label: updatedBy ?? actor.label,
            field: 'archived',
            old_value: JSON.stringify(false),
            new_value: JSON.stringify(true),
          })
          .execute();
        return true;
      });
    },
    async history(documentId) {
      const rows = await db
        .selectFrom('document_history')
        .select(['field', 'changed_at', 'actor_kind', 'actor_user_id', 'actor_label'])
        // as text: one parse, the same on both drivers
        .select([
          sql<string | null>`old_value::text`.as('old_value'),
          sql<string | null>`new_value::text`.as('new_value'),
        ])
        .where('document_id', '=', documentId.toLowerCase())
        .orderBy('changed_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        field: row.field,
        oldValue: jsonValue(row.old_value),
        newValue: jsonValue(row.new_value),
        changedAt: row.changed_at,
        actor: { kind: row.actor_kind, userId: row.actor_user_id, label: row.actor_label },
      }));
    },
    async projectBuilding({ projectId, buildingId }) {
      const row = await db
        .selectFrom('project_buildings as pb')
        .innerJoin('buildings as b', 'b.id', 'pb.building_id')
        .select('b.building_owner_id')
        .where('pb.project_id', '=', projectId)
        .where('pb.building_id', '=', buildingId)
        .where('b.archived_at', 'is', null)
        .executeTakeFirst();
      return row ? { ownerId: row.building_owner_id } : null;
    },
    async liveProjectDocumentIds({ projectId, documentIds }) {
      const ids = documentIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
      if (ids.length === 0) return [];
      const found: string[] = [];
      for (let start = 0; start < ids.length; start += 1000) {
        const rows = await db
          .selectFrom('documents as d')
          .select('d.id')
          .where('d.id', 'in', ids.slice(start, start + 1000))
          .where('d.archived_at', 'is', null)
          .where(inProject(projectId))
          .execute();
        found.push(...rows.map((row) => row.id));
      }
      return found;
    },
    async reopenDeclined({ deliveryId, informationType }) {
      // one statement: the declined item of that type loses its status (who declined it and why stay readable)
      await sql`
        update deliveries set information_types = (
          select coalesce(jsonb_agg(
            case when item->>'informationType' = ${informationType} and item->>'approvalStatus' = 'DECLINED'
                 then item || '{"approvalStatus": null}'::jsonb
                 else item end order by ordinality), '[]'::jsonb)
          from jsonb_array_elements(information_types) with ordinality as items(item, ordinality)
        ), updated_at = now()
        where id = ${deliveryId}`.execute(db);
    },
  };
}

function jsonValue(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}
