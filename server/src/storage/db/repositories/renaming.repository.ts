import { sql, type Kysely } from 'kysely';
import type { RenamingRepository } from '../../../domain/naming/renaming.service.js';
import { inProject } from '../project-documents.js';
import type { DB } from '../schema.js';

const RENAMES_PER_STATEMENT = 1000;

/** Bulk renaming's storage: a project's documents with what names are made of, and renames as change sets. */
export function createRenamingRepository(db: Kysely<DB>): RenamingRepository {
  return {
    async project(projectId) {
      const row = await db
        .selectFrom('projects')
        .select(['project_number', 'naming_convention'])
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row ? { projectNumber: row.project_number, convention: row.naming_convention } : null;
    },
    async documents(projectId) {
      const rows = await db
        .selectFrom('documents as d')
        .innerJoin('buildings as b', 'b.id', 'd.building_id')
        .leftJoin('subcontractors as s', 's.id', 'd.subcontractor_id')
        .select([
          'd.id',
          'd.building_id',
          'b.name as building_name',
          'd.filename',
          'd.original_filename',
          'd.filename_descriptive',
          'd.floor',
          'd.room_locations',
          'd.discipline',
          'd.building_category',
          'd.delivery_information_type',
          'd.information_types',
          'd.tfm_code',
          's.company_name',
          'd.created_at',
        ])
        .where('d.archived_at', 'is', null)
        .where('d.upload_state', '=', 'uploaded')
        .where('d.parent_document_id', 'is', null)
        .where(inProject(projectId))
        .orderBy('d.created_at')
        .orderBy('d.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        buildingId: row.building_id,
        buildingName: row.building_name,
        filename: row.filename,
        originalFilename: row.original_filename ?? row.filename,
        filenameDescriptive: row.filename_descriptive,
        floor: row.floor,
        roomLocations: row.room_locations ?? [],
        discipline: row.discipline,
        buildingCategory: row.building_category,
        informationType: row.delivery_information_type ?? row.information_types[0] ?? null,
        tfmCode: row.tfm_code,
        originator: row.company_name,
        createdAt: row.created_at,
      }));
    },
    async rename({ renames, actor, at, changeSetId }) {
      if (renames.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const renamed: string[] = [];
        // in id order, so two renames of overlapping documents lock in the same order; a thousand a statement
        const ordered = [...renames].sort((a, b) => (a.id < b.id ? -1 : 1));
        for (let start = 0; start < ordered.length; start += RENAMES_PER_STATEMENT) {
          const batch = ordered.slice(start, start + RENAMES_PER_STATEMENT);
          const ids = batch.map((change) => change.id);
          await trx.selectFrom('documents').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
          // a name changed since the preview is left as it is
          const { rows } = await sql<{ id: string }>`
            update documents d
               set filename = v.to_name, updated_at = ${at}, updated_by = ${actor.label}
              from unnest(${ids}::uuid[], ${batch.map((c) => c.from)}::text[], ${batch.map((c) => c.to)}::text[])
                     as v (id, from_name, to_name)
             where d.id = v.id and d.filename = v.from_name and d.archived_at is null
            returning d.id`.execute(trx);
          const done = new Set(rows.map((row) => row.id));
          renamed.push(...ids.filter((id) => done.has(id)));
        }
        const byId = new Map(renames.map((change) => [change.id, change]));
        for (let start = 0; start < renamed.length; start += 1000) {
          await trx
            .insertInto('document_history')
            .values(
              renamed.slice(start, start + 1000).map((id) => ({
                document_id: id,
                changed_at: at,
                actor_kind: actor.kind,
                actor_user_id: actor.userId,
                actor_label: actor.label,
                field: 'filename',
                old_value: JSON.stringify(byId.get(id)!.from),
                new_value: JSON.stringify(byId.get(id)!.to),
                change_set_id: changeSetId,
              })),
            )
            .execute();
        }
        return renamed;
      });
    },
    async changeSet(changeSetId) {
      const rows = await db
        .selectFrom('document_history')
        .select([
          'document_id',
          sql<string>`old_value #>> '{}'`.as('from_name'),
          sql<string>`new_value #>> '{}'`.as('to_name'),
        ])
        .where('change_set_id', '=', changeSetId)
        .where('field', '=', 'filename')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ documentId: row.document_id, from: row.from_name, to: row.to_name }));
    },
    async userLabel(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
