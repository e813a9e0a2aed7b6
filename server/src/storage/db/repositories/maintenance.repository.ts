import { sql, type Kysely, type Selectable } from 'kysely';
import type { ExtractedTask, MaintenanceTask } from '../../../domain/maintenance/maintenance.types.js';
import type { MaintenanceRepository, TaskScope } from '../../../domain/maintenance/ports.js';
import { newId } from '../../../domain/shared/ids.js';
import type { DB, MaintenanceTasksTable } from '../schema.js';
import { visibleDocuments } from '../visibility.js';

type Row = Selectable<MaintenanceTasksTable>;

function toTask(row: Row): MaintenanceTask {
  return {
    id: row.id,
    ownerId: row.building_owner_id,
    buildingId: row.building_id,
    component: row.component,
    componentCode: row.component_code,
    buildingCategory: row.building_category,
    action: row.action,
    interval:
      row.interval_every !== null && row.interval_unit !== null
        ? { every: row.interval_every, unit: row.interval_unit }
        : null,
    intervalText: row.interval_text,
    performedBy: row.performed_by,
    source: row.source,
    status: row.status,
    citation:
      row.document_id !== null && row.cited_text !== null
        ? { documentId: row.document_id, pageNumber: row.page_number, citedText: row.cited_text }
        : null,
    editedByPerson: row.edited_by_person,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** the key that says two extractions found the same task: where, its words, and what they said of it */
const keyOf = (task: ExtractedTask) =>
  [task.pageNumber, task.citedText, task.action, task.intervalText, task.performedBy ?? ''].join('\n');

export function createMaintenanceRepository(params: { db: Kysely<DB> }): MaintenanceRepository {
  const { db } = params;

  /**
   * tasks of the scope: a person's own, or of a document the partner API may show (not archived, not private), and
   * either kind only in a live building that is still the owner's: a deleted building's tasks, a person's own
   * included, are in no plan or export, as its documents are in no list
   */
  function scoped(scope: TaskScope) {
    let query = db
      .selectFrom('maintenance_tasks as t')
      .where('t.building_owner_id', '=', scope.ownerId)
      .where(
        sql<boolean>`exists (select 1 from buildings tb where tb.id = t.building_id
          and tb.building_owner_id = t.building_owner_id and tb.archived_at is null)`,
      );
    if (scope.buildingIds !== null) {
      const ids = [...scope.buildingIds];
      query = ids.length === 0 ? query.where(sql<boolean>`false`) : query.where('t.building_id', 'in', ids);
    }
    return query.where((eb) =>
      eb.or([
        eb('t.document_id', 'is', null),
        eb(
          't.document_id',
          'in',
          visibleDocuments(db, {
            ownerId: scope.ownerId,
            ...(scope.buildingIds !== null ? { buildingIds: scope.buildingIds } : {}),
          }).select('d.id'),
        ),
      ]),
    );
  }

  return {
    async loadDocument({ documentId, maxChars }) {
      // the document and its pages in one query (one round trip less for every document processed)
      const rows = await db
        .selectFrom('documents as d')
        .leftJoin('document_pages as p', 'p.document_id', 'd.id')
        .select([
          'd.id',
          'd.building_owner_id',
          'd.building_id',
          'd.filename',
          'd.archived_at',
          'd.information_types',
          'd.building_category',
          'd.processed_at',
          'p.page_number',
          'p.text',
        ])
        .where('d.id', '=', documentId)
        .orderBy('p.page_number')
        .execute();
      const row = rows[0];
      if (!row) return null;
      const document = {
        id: row.id,
        ownerId: row.building_owner_id,
        buildingId: row.building_id,
        filename: row.filename,
        archived: row.archived_at !== null,
        informationTypes: row.information_types ?? [],
        buildingCategory: row.building_category,
        processed: row.processed_at !== null,
      };
      let budget = maxChars;
      const pages: { pageNumber: number; text: string }[] = [];
      for (const { page_number, text } of rows) {
        if (page_number === null || text === null) continue;
        // a page is read whole or not at all: a citation must be the page's own text
        if (budget <= 0 || text.length > budget) break;
        budget -= text.length;
        pages.push({ pageNumber: page_number, text });
      }
      return { document, pages };
    },

    async replaceExtracted({ document, tasks, at }) {
      // the same task found twice in this extraction is stored once
      const seen = new Set<string>();
      const rows = tasks.flatMap((task) => {
        const signature = keyOf(task);
        if (seen.has(signature)) return [];
        seen.add(signature);
        return [
          {
            id: newId.uuid(),
            page_number: task.pageNumber,
            cited_text: task.citedText,
            component: task.component,
            component_code: task.componentCode,
            building_category: task.buildingCategory,
            action: task.action,
            interval_every: task.interval?.every ?? null,
            interval_unit: task.interval?.unit ?? null,
            interval_text: task.intervalText,
            performed_by: task.performedBy,
            extraction_signature: signature,
          },
        ];
      });
      await db.transaction().execute(async (trx) => {
        // The commit waits for the disk like every other: an asynchronous commit here (set local synchronous_commit =
        // off) saved about 5 ms a job on a busy server, but embedded PGlite has no WAL writer to finish it, and test
        // runs on PGlite stopped with their process waiting for ever (twice in four full runs).
        // One statement: the proposals nobody touched go, and the new tasks come in as one JSON parameter (a dense
        // manual states hundreds), but not one that a kept task (confirmed or edited) already says. Every part of a
        // statement sees the table as it was before the statement: the kept tasks are those the delete leaves.
        await sql`
          with gone as (
            delete from maintenance_tasks
             where document_id = ${document.id} and source = 'extracted' and status = 'proposed'
               and edited_by_person = false
          )
          insert into maintenance_tasks (
            id, building_owner_id, building_id, document_id, page_number, cited_text, component, component_code,
            building_category, action, interval_every, interval_unit, interval_text, performed_by, source, status,
            extraction_signature, created_at, updated_at
          )
          select r.id, ${document.ownerId}::text, ${document.buildingId}::text, ${document.id}::uuid,
                 r.page_number, r.cited_text, r.component, r.component_code, r.building_category, r.action,
                 r.interval_every, r.interval_unit, r.interval_text, r.performed_by, 'extracted', 'proposed',
                 r.extraction_signature, ${at}::timestamptz, ${at}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
                   id text, page_number integer, cited_text text, component text, component_code text,
                   building_category text, action text, interval_every integer, interval_unit text,
                   interval_text text, performed_by text, extraction_signature text)
           where not exists (
                   select 1 from maintenance_tasks k
                    where k.document_id = ${document.id} and k.extraction_signature = r.extraction_signature
                      and not (k.source = 'extracted' and k.status = 'proposed' and k.edited_by_person = false))
        `.execute(trx);
      });
    },

    async list({ scope, after, limit }) {
      let query = scoped(scope).selectAll('t');
      if (after) {
        query = query.where(sql<boolean>`(t.created_at, t.id) > (${new Date(after.value)}, ${after.id})`);
      }
      const rows = await query.orderBy('t.created_at').orderBy('t.id').limit(limit).execute();
      return rows.map(toTask);
    },

    async find({ scope, taskId }) {
      const row = await scoped(scope).selectAll('t').where('t.id', '=', taskId).executeTakeFirst();
      return row ? toTask(row) : null;
    },

    async insert(task) {
      await db
        .insertInto('maintenance_tasks')
        .values({
          id: task.id,
          building_owner_id: task.ownerId,
          building_id: task.buildingId,
          document_id: null,
          page_number: null,
          cited_text: null,
          component: task.component,
          component_code: task.componentCode,
          building_category: task.buildingCategory,
          action: task.action,
          interval_every: task.interval?.every ?? null,
          interval_unit: task.interval?.unit ?? null,
          interval_text: task.intervalText,
          performed_by: task.performedBy,
          source: 'person',
          status: 'confirmed',
          edited_by_person: true,
          extraction_signature: null,
          created_at: task.at,
          updated_at: task.at,
        })
        .execute();
    },

    async update({ taskId, patch, editedByPerson, at }) {
      await db
        .updateTable('maintenance_tasks')
        .set({
          ...(patch.component !== undefined ? { component: patch.component } : {}),
          ...(patch.componentCode !== undefined ? { component_code: patch.componentCode } : {}),
          ...(patch.buildingCategory !== undefined ? { building_category: patch.buildingCategory } : {}),
          ...(patch.action !== undefined ? { action: patch.action } : {}),
          ...(patch.interval !== undefined
            ? { interval_every: patch.interval?.every ?? null, interval_unit: patch.interval?.unit ?? null }
            : {}),
          ...(patch.intervalText !== undefined ? { interval_text: patch.intervalText } : {}),
          ...(patch.performedBy !== undefined ? { performed_by: patch.performedBy } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          edited_by_person: editedByPerson,
          updated_at: at,
        })
        .where('id', '=', taskId)
        .execute();
    },

    async delete(taskId) {
      await db.deleteFrom('maintenance_tasks').where('id', '=', taskId).execute();
    },

    async removeForDocument(documentId) {
      const rows = await db
        .deleteFrom('maintenance_tasks')
        .where('document_id', '=', documentId)
        .where('source', '=', 'extracted')
        .returningAll()
        .execute();
      return rows.map(toTask);
    },

    async customersOfOwner(ownerId) {
      const rows = await db
        .selectFrom('customers')
        .select('id')
        .where('building_owner_id', '=', ownerId)
        .where('archived_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    },

    async userLabel(userId) {
      const row = await db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
