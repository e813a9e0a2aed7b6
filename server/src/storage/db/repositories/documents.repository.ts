import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import type { DocumentsRepository } from '../../../domain/documents/documents.service.js';
import type { DB } from '../schema.js';
import { visibleDocuments } from '../visibility.js';
import { normalizeDrawingNumber } from '../../../domain/revisions/revisions.js';
import { isUuid, toDocument } from './document-rows.js';
import { lockRevisionsOf, relinkRevisions, revisionChainIds } from './revisions.repository.js';

export function createDocumentsRepository(params: {
  db: Kysely<DB>;
  /** document.deleted, raised with the archiving */
  outbox?: WebhookOutbox<Transaction<DB>>;
}): DocumentsRepository {
  const { db, outbox } = params;

  /** the partner API's documents: the visibility rule, with uploads still on their way (their status says so) */
  function visibleInBuilding(buildingId: string) {
    return visibleDocuments(db, { buildingIds: [buildingId] }, { includePendingUploads: true }).selectAll('d');
  }

  return {
    async servesFile({ documentId, key }) {
      if (!isUuid(documentId)) return false;
      const document = await db
        .selectFrom('documents')
        .select('building_id')
        .where('id', '=', documentId)
        .executeTakeFirst();
      if (!document) return false;
      const visible = await visibleDocuments(db, { buildingIds: [document.building_id] })
        .select('d.id')
        .where('d.id', '=', documentId)
        .where((eb) => eb.or([eb('d.blob_key', '=', key), eb('d.preview_key', '=', key)]))
        .executeTakeFirst();
      return visible !== undefined;
    },

    async findVisible({ buildingId, documentId }) {
      if (!isUuid(documentId)) return null;
      const row = await visibleInBuilding(buildingId).where('d.id', '=', documentId).executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async findVisibleMany({ buildingId, documentIds }) {
      const ids = documentIds.filter(isUuid);
      if (ids.length === 0) return [];
      const rows: Awaited<ReturnType<ReturnType<typeof visibleInBuilding>['execute']>> = [];
      for (let start = 0; start < ids.length; start += 1000) {
        rows.push(
          ...(await visibleInBuilding(buildingId)
            .where('d.id', 'in', ids.slice(start, start + 1000))
            .execute()),
        );
      }
      return rows.map(toDocument);
    },

    async updateMetadataMany({ documentIds, patch, at }) {
      for (let start = 0; start < documentIds.length; start += 1000) {
        await db
          .updateTable('documents')
          .set({
            updated_at: at,
            ...(patch.buildingCategory !== undefined
              ? { building_category: patch.buildingCategory, building_category_source: 'person' as const }
              : {}),
            ...(patch.discipline !== undefined ? { discipline: patch.discipline } : {}),
            ...(patch.informationTypes !== undefined
              ? {
                  information_types: patch.informationTypes,
                  information_type: patch.informationTypes[0] ?? null,
                  information_types_source: 'person' as const,
                }
              : {}),
          })
          .where('id', 'in', documentIds.slice(start, start + 1000))
          .execute();
      }
    },

    async pages({ documentId, from, to }) {
      const rows = await db
        .selectFrom('document_pages')
        .select(['page_number', 'text', 'ocr'])
        .where('document_id', '=', documentId)
        .where('page_number', '>=', from)
        .where('page_number', '<=', to)
        .orderBy('page_number')
        .execute();
      return rows.map((row) => ({ pageNumber: row.page_number, text: row.text, ocr: row.ocr }));
    },

    async findById({ documentId, includeArchived }) {
      if (!isUuid(documentId)) return null;
      let query = db.selectFrom('documents').selectAll().where('id', '=', documentId);
      if (!includeArchived) query = query.where('archived_at', 'is', null);
      const row = await query.executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async list({ buildingId, sortBy, order, updatedSince, category, latestRevisions, after, limit }) {
      const column = sortBy === 'updatedAt' ? 'd.updated_at' : 'd.created_at';
      const direction = order === 'asc' ? '>' : '<';
      let query = visibleDocuments(db, { buildingIds: [buildingId] }).selectAll('d');
      if (updatedSince) query = query.where('d.updated_at', '>=', updatedSince);
      if (category !== null) query = query.where('d.building_category', '=', category);
      if (latestRevisions) query = query.where('d.superseded_by', 'is', null);
      if (after) {
        const at = new Date(after.value);
        query = query.where((eb) =>
          eb.or([eb(column, direction, at), eb.and([eb(column, '=', at), eb('d.id', direction, after.id)])]),
        );
      }
      const rows = await query.orderBy(column, order).orderBy('d.id', order).limit(limit).execute();
      return rows.map(toDocument);
    },

    async categoryCounts(buildingId) {
      const rows = await visibleDocuments(db, { buildingIds: [buildingId] })
        .select(['d.building_category', sql<number>`count(*)`.as('n')])
        .where('d.building_category', 'is not', null)
        .groupBy('d.building_category')
        .orderBy('d.building_category')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.building_category as string, Number(r.n)]));
    },

    relinkRevisions: (params) => relinkRevisions(db, params),

    async versions({ buildingId, documentId }) {
      if (!isUuid(documentId)) return null;
      const ids = await revisionChainIds(db, { buildingId, documentId });
      if (ids === null) return null;
      const rows = await visibleInBuilding(buildingId).where('d.id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, toDocument(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async updateMetadata({ documentId, patch, at }) {
      const drawing =
        patch.drawingNumber !== undefined || patch.drawingRevision !== undefined
          ? await db
              .selectFrom('documents')
              .select(['drawing_number', 'drawing_revision'])
              .where('id', '=', documentId)
              .executeTakeFirst()
          : undefined;
      const drawingNumber = patch.drawingNumber !== undefined ? patch.drawingNumber : (drawing?.drawing_number ?? null);
      const drawingRevision =
        patch.drawingRevision !== undefined ? patch.drawingRevision : (drawing?.drawing_revision ?? null);
      await db
        .updateTable('documents')
        .set({
          updated_at: at,
          ...(patch.filename !== undefined ? { filename: patch.filename } : {}),
          ...(patch.buildingCategory !== undefined
            ? { building_category: patch.buildingCategory, building_category_source: 'person' as const }
            : {}),
          ...(patch.informationTypes !== undefined
            ? {
                information_types: patch.informationTypes,
                information_type: patch.informationTypes[0] ?? null,
                information_types_source: 'person' as const,
              }
            : {}),
          ...(patch.originalCreatedAt !== undefined ? { original_created_at: patch.originalCreatedAt } : {}),
          ...(patch.serialNumber !== undefined ? { serial_number: patch.serialNumber } : {}),
          ...(drawing !== undefined
            ? {
                drawing_number: drawingNumber,
                drawing_revision: drawingRevision,
                drawing_key: normalizeDrawingNumber(drawingNumber, drawingRevision),
                drawing_number_source: 'person' as const,
              }
            : {}),
        })
        .where('id', '=', documentId)
        .execute();
    },

    async setArchived({ documentId, archived, at }) {
      if (!isUuid(documentId)) return false;
      return db.transaction().execute(async (trx) => {
        // the building's revision lock before the row's (lockRevisionsOf), and the chains linked again before the
        // commit: a reader never sees a live revision superseded by a deleted one, nor a drawing with no current
        // revision (with the relink after the commit, it did in between, and for good had the relink failed)
        await lockRevisionsOf(trx, documentId);
        const changed = await trx
          .updateTable('documents')
          .set({ archived_at: archived ? at : null, updated_at: at })
          .where('id', '=', documentId)
          .where('archived_at', archived ? 'is' : 'is not', null)
          .returning(['building_owner_id', 'building_id'])
          .executeTakeFirst();
        if (changed) await relinkRevisions(trx, { buildingId: changed.building_id, documentIds: [documentId] });
        if (changed && archived && outbox) {
          await outbox.record(trx, [
            {
              type: 'document.deleted',
              subject: { ownerId: changed.building_owner_id, buildingId: changed.building_id },
              data: {
                building_owner_id: changed.building_owner_id,
                building_id: changed.building_id,
                document_id: documentId,
              },
            },
          ]);
        }
        return changed !== undefined;
      });
    },
  };
}
