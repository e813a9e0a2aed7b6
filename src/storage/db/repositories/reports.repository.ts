import { sql, type Kysely } from 'kysely';
import type { Country, ReportVersion } from '../../../domain/reports/checklist.js';
import { normalizeTerm, type ItemEvidence } from '../../../domain/reports/evaluate.js';
import type { ReportEvidenceSource, ReportRecord, ReportsRepository } from '../../../domain/reports/ports.js';
import type { StoredReportItem } from '../../../domain/reports/resolve.js';
import { newId } from '../../../domain/shared/ids.js';
import type { PgBossQueue } from '../../queue/pg-boss.queue.js';
import type { DB } from '../schema.js';
import { isUuid, toDocument, transactionExecutor } from './document-rows.js';

/**
 * How much of each document the full-text evidence reads: the opening chunks say what a document is (title page,
 * headings, scope), and the bound keeps a report of a building with thousands of long manuals within seconds.
 */
export const MAX_CHUNKS_PER_DOCUMENT = 10;

/** Documents the partner API may show: live, of a live building, not under one of the building's private folders. */
function visibleDocuments(db: Kysely<DB>) {
  return db
    .selectFrom('documents as d')
    .innerJoin('buildings as b', 'b.id', 'd.building_id')
    .where('d.archived_at', 'is', null)
    .where('b.archived_at', 'is', null)
    .where('d.upload_state', '=', 'uploaded')
    .where(sql<boolean>`not exists (select 1 from unnest(b.private_folders) f where starts_with(d.original_path, f))`);
}

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

export function createReportsRepository(params: { db: Kysely<DB>; queue: PgBossQueue }): ReportsRepository {
  const { db, queue } = params;

  return {
    async createPending(report) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('reports')
          .values({
            id: report.id,
            building_id: report.buildingId,
            building_owner_id: report.ownerId,
            country: report.country,
            version: report.version,
            created_at: report.createdAt,
          })
          .execute();
        await queue.enqueueWith(transactionExecutor(trx), 'report.generate', { reportId: report.id });
      });
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
        await trx
          .updateTable('reports')
          .set({ state: 'ready', generated_at: at })
          .where('id', '=', report.id)
          .where('state', '=', 'pending')
          .execute();
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
      const rows = await visibleDocuments(db)
        .select(['d.id', 'd.filename'])
        .where('d.building_id', '=', buildingId)
        .where('d.id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.filename]));
    },

    async findVisibleDocument({ buildingId, documentId }) {
      if (!isUuid(documentId)) return null;
      const row = await visibleDocuments(db)
        .selectAll('d')
        .where('d.building_id', '=', buildingId)
        .where('d.id', '=', documentId)
        .executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    async linkedDocuments({ buildingId, itemId }) {
      const rows = await visibleDocuments(db)
        .innerJoin('report_item_documents as l', 'l.document_id', 'd.id')
        .selectAll('d')
        .where('d.building_id', '=', buildingId)
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
 * Full-text evidence with PostgreSQL's own text search (the same on PGlite and a server): every readable chunk and
 * every document name is turned into a tsvector once per report run, and each term is a prefix phrase query over
 * them, so "ventilasjon" also finds "ventilasjonsaggregat" and "fire strategy" finds "fire strategies".
 */
export function createReportEvidenceSource(db: Kysely<DB>): ReportEvidenceSource {
  return {
    async documentsOf(buildingId) {
      const rows = await visibleDocuments(db)
        .select([
          'd.id',
          'd.building_category',
          'd.discipline',
          'd.information_types',
          'd.is_drawing',
          'd.extracted_text',
        ])
        .where('d.building_id', '=', buildingId)
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
      const queries = new Map<string, string>();
      for (const term of terms) {
        const query = tsQueryOf(term);
        if (query !== null) queries.set(normalizeTerm(term), query);
      }
      if (queries.size === 0) return [];
      // Tokenising the text is most of the cost (a prefilter joining each chunk's words with the terms' first words
      // measured no faster), so each chunk is tokenised once and every term is matched against it.
      const result = await sql<{ term: string; document_id: string; hits: number; in_name: boolean }>`
        with q as materialized (
          select t.term, to_tsquery('simple', t.query) as query
          from unnest(${[...queries.keys()]}::text[], ${[...queries.values()]}::text[]) as t (term, query)
        ),
        docs as materialized (
          ${visibleDocuments(db).select(['d.id', 'd.original_path', 'd.title']).where('d.building_id', '=', buildingId)}
        ),
        texts as materialized (
          select c.document_id, to_tsvector('simple', c.text) as tsv, false as in_name
          from document_chunks c
          join docs on docs.id = c.document_id
          where c.building_id = ${buildingId} and c.chunk_index < ${MAX_CHUNKS_PER_DOCUMENT}
          union all
          select docs.id, to_tsvector('simple', regexp_replace(docs.original_path || ' ' || coalesce(docs.title, ''), '[_./]+', ' ', 'g')), true
          from docs
        )
        select q.term, texts.document_id,
               count(*) filter (where not texts.in_name)::int as hits, bool_or(texts.in_name) as in_name
        from texts
        join q on texts.tsv @@ q.query
        group by q.term, texts.document_id
      `.execute(db);
      return result.rows.map((r) => ({
        term: r.term,
        documentId: r.document_id,
        hits: Number(r.hits),
        inName: r.in_name,
      }));
    },
  };
}

/** words shorter than this match whole: a prefix "el:*" would match half the language */
const MIN_PREFIX_LENGTH = 4;

/**
 * "fire strategy" -> `fire:* <-> strategy:*`. Words are cut to letters and digits, so nothing in a term can be read
 * as tsquery syntax.
 */
export function tsQueryOf(term: string): string | null {
  const words = normalizeTerm(term)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= MIN_PREFIX_LENGTH ? `${w}:*` : w)).join(' <-> ');
}
