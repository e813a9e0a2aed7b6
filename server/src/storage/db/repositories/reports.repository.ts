import type { Kysely, Transaction } from 'kysely';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import type { Country, ReportVersion } from '../../../domain/reports/checklist.js';
import { normalizeTerm, type ItemEvidence } from '../../../domain/reports/evaluate.js';
import type { ReportEvidenceSource, ReportRecord, ReportsRepository } from '../../../domain/reports/ports.js';
import type { StoredReportItem } from '../../../domain/reports/resolve.js';
import type { ChunkRetriever } from '../../../domain/search/chunk-retriever.js';
import { newId } from '../../../domain/shared/ids.js';
import type { PgBossQueue } from '../../queue/pg-boss.queue.js';
import type { DB } from '../schema.js';
import { visibleDocuments } from '../visibility.js';
import { isUuid, toDocument, transactionExecutor } from './document-rows.js';

/**
 * How much of each document the full-text evidence reads: the opening chunks say what a document is (title page,
 * headings, scope), and the bound keeps a report of a building with thousands of long manuals within seconds.
 */
export const MAX_CHUNKS_PER_DOCUMENT = 10;

interface ReportRow {
  id: string;
  building_id: string;
  building_owner_id: string;
  country: string;
  version: string;
  state: 'pending' | 'ready' | 'failed';
  created_at: Date;
  generated_at: Date | null;
}

function toReport(row: ReportRow): ReportRecord {
  return {
    id: row.id,
    buildingId: row.building_id,
    ownerId: row.building_owner_id,
    country: row.country as Country,
    version: row.version as ReportVersion,
    state: row.state,
    createdAt: row.created_at,
    generatedAt: row.generated_at,
  };
}

function toItem(row: {
  id: string;
  name_id: string;
  evidence: unknown;
  person_comment: string | null;
  created_at: Date;
  updated_at: Date;
}): StoredReportItem {
  return {
    id: row.id,
    nameId: row.name_id,
    // jsonb written by saveGenerated only; its shape is ItemEvidence
    evidence: (row.evidence as ItemEvidence | null) ?? null,
    personComment: row.person_comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const ITEM_COLUMNS = ['id', 'name_id', 'evidence', 'person_comment', 'created_at', 'updated_at'] as const;

export function createReportsRepository(params: {
  db: Kysely<DB>;
  queue: PgBossQueue;
  /** report.generated, raised with the report's ready state */
  outbox?: WebhookOutbox<Transaction<DB>>;
}): ReportsRepository {
  const { db, queue, outbox } = params;

  return {
    async createPending(report) {
      for (;;) {
        const waiting = await db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('reports')
            .values({
              id: report.id,
              building_id: report.buildingId,
              building_owner_id: report.ownerId,
              country: report.country,
              version: report.version,
              created_at: report.createdAt,
            })
            // the report of this building, country and version whose job has not begun: this request's answer too
            .onConflict((oc) =>
              oc
                .columns(['building_id', 'country', 'version'])
                .where('state', '=', 'pending')
                .where('started_at', 'is', null)
                .doNothing(),
            )
            .returning('id')
            .executeTakeFirst();
          if (created) {
            await queue.enqueueWith(transactionExecutor(trx), 'report.generate', { reportId: created.id });
            return created.id;
          }
          const other = await trx
            .selectFrom('reports')
            .select('id')
            .where('building_id', '=', report.buildingId)
            .where('country', '=', report.country)
            .where('version', '=', report.version)
            .where('state', '=', 'pending')
            .where('started_at', 'is', null)
            .executeTakeFirst();
          return other?.id ?? null;
        });
        // null: the waiting report began between the insert and the read, so try again to make one
        if (waiting !== null) return waiting;
      }
    },

    async markStarted({ reportId, at }) {
      await db
        .updateTable('reports')
        .set({ started_at: at })
        .where('id', '=', reportId)
        .where('state', '=', 'pending')
        .where('started_at', 'is', null)
        .execute();
    },

    async findReport(reportId) {
      const row = await db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirst();
      return row ? toReport(row) : null;
    },

    async latestReady({ buildingId, country }) {
      let query = db
        .selectFrom('reports')
        .selectAll()
        .where('building_id', '=', buildingId)
        .where('state', '=', 'ready');
      if (country !== null) query = query.where('country', '=', country);
      const row = await query
        .orderBy('generated_at', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toReport(row) : null;
    },

    async saveGenerated({ report, items, at }) {
      await db.transaction().execute(async (trx) => {
        if (items.length > 0) {
          await trx
            .insertInto('report_items')
            .values(
              items.map((item) => ({
                id: newId.uuid(),
                building_id: report.buildingId,
                country: report.country,
                name_id: item.nameId,
                report_id: report.id,
                evidence: item.evidence === null ? null : JSON.stringify(item.evidence),
                created_at: at,
                updated_at: at,
              })),
            )
            // the same item as before: keep its id, links and the comment a person wrote
            .onConflict((oc) =>
              oc.columns(['building_id', 'country', 'name_id']).doUpdateSet((eb) => ({
                report_id: eb.ref('excluded.report_id'),
                evidence: eb.ref('excluded.evidence'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        const ready = await trx
          .updateTable('reports')
          .set({ state: 'ready', generated_at: at })
          .where('id', '=', report.id)
          .where('state', '=', 'pending')
          .returning(['building_owner_id', 'building_id', 'country', 'version'])
          .executeTakeFirst();
        if (ready && outbox) {
          await outbox.record(trx, [
            {
              type: 'report.generated',
              subject: { ownerId: ready.building_owner_id, buildingId: ready.building_id },
              data: {
                building_owner_id: ready.building_owner_id,
                building_id: ready.building_id,
                country: ready.country,
                version: ready.version,
              },
            },
          ]);
        }
      });
    },

    async markFailed({ reportId, at }) {
      await db
        .updateTable('reports')
        .set({ state: 'failed', generated_at: at })
        .where('id', '=', reportId)
        .where('state', '=', 'pending')
        .execute();
    },

    async itemsOf(reportId) {
      const rows = await db.selectFrom('report_items').select(ITEM_COLUMNS).where('report_id', '=', reportId).execute();
      return rows.map(toItem);
    },

    async findItem({ buildingId, itemId }) {
      const row = await db
        .selectFrom('report_items')
        .select([...ITEM_COLUMNS, 'report_id'])
        .where('id', '=', itemId)
        .where('building_id', '=', buildingId)
        .executeTakeFirst();
      return row ? { ...toItem(row), reportId: row.report_id } : null;
    },

    async linksOf(itemIds) {
      const links = new Map<string, string[]>();
      if (itemIds.length === 0) return links;
      const rows = await db
        .selectFrom('report_item_documents')
        .select(['item_id', 'document_id'])
        .where('item_id', 'in', itemIds)
        .orderBy('created_at')
        .orderBy('document_id')
        .execute();
      for (const row of rows) links.set(row.item_id, [...(links.get(row.item_id) ?? []), row.document_id]);
      return links;
    },

    async visibleDocumentNames({ buildingId, documentIds }) {
      const ids = documentIds.filter(isUuid);
      if (ids.length === 0) return new Map();
      const rows = await visibleDocuments(db, { buildingIds: [buildingId] })
        .select(['d.id', 'd.filename'])
        .where('d.id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.filename]));
    },

    async findVisibleDocument({ buildingId, documentId }) {
      if (!isUuid(documentId)) return null;
      const row = await visibleDocuments(db, { buildingIds: [buildingId] })
        .selectAll('d')
        .where('d.id', '=', documentId)
        .executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async linkedDocuments({ buildingId, itemId }) {
      const rows = await visibleDocuments(db, { buildingIds: [buildingId] })
        .innerJoin('report_item_documents as l', 'l.document_id', 'd.id')
        .selectAll('d')
        .where('l.item_id', '=', itemId)
        .orderBy('l.created_at')
        .orderBy('d.id')
        .execute();
      return rows.map(toDocument);
    },

    async link({ itemId, documentId, at }) {
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('report_item_documents')
          .values({ item_id: itemId, document_id: documentId, created_at: at })
          .onConflict((oc) => oc.columns(['item_id', 'document_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
          await trx.updateTable('report_items').set({ updated_at: at }).where('id', '=', itemId).execute();
        }
      });
    },

    async unlink({ itemId, documentId, at }) {
      if (!isUuid(documentId)) return false;
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('report_item_documents')
          .where('item_id', '=', itemId)
          .where('document_id', '=', documentId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await trx.updateTable('report_items').set({ updated_at: at }).where('id', '=', itemId).execute();
        return true;
      });
    },

    async setPersonComment({ itemId, comment, at }) {
      await db
        .updateTable('report_items')
        .set({ person_comment: comment, updated_at: at })
        .where('id', '=', itemId)
        .execute();
    },
  };
}

/**
 * Evidence from the building's visible documents: their classification here, and the terms their names and opening
 * chunks mention through the chunk retriever, which reads the stored chunk vectors (nothing is tokenised again per
 * report run) with the search analysis, so "ventilasjon" also finds "ventilasjonsaggregat".
 */
export function createReportEvidenceSource(params: { db: Kysely<DB>; chunks: ChunkRetriever }): ReportEvidenceSource {
  const { db, chunks } = params;
  return {
    async documentsOf(buildingId) {
      const rows = await visibleDocuments(db, { buildingIds: [buildingId] })
        .select([
          'd.id',
          'd.building_category',
          'd.discipline',
          'd.information_types',
          'd.is_drawing',
          'd.extracted_text',
        ])
        .execute();
      return rows.map((r) => ({
        id: r.id,
        buildingCategory: r.building_category,
        discipline: r.discipline,
        informationTypes: r.information_types,
        isDrawing: r.is_drawing,
        searchable: r.extracted_text,
      }));
    },

    async documentsMentioning({ buildingId, terms }) {
      const mentions = await chunks.findMentions({
        buildingIds: [buildingId],
        terms: [...new Set(terms.map(normalizeTerm))],
        firstChunks: MAX_CHUNKS_PER_DOCUMENT,
      });
      return mentions.map((m) => ({ term: m.term, documentId: m.documentId, hits: m.chunks, inName: m.inName }));
    },
  };
}
