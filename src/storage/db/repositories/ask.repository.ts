import { sql, type Kysely } from 'kysely';
import type {
  AskRepository,
  Passage,
  PassageReader,
  PassageRetriever,
  PassageScope,
  ReadableDocument,
} from '../../../domain/answers/ports.js';
import { contentTokens } from '../../../domain/answers/text-analysis.js';
import type { DB } from '../schema.js';
import { isUuid } from './document-rows.js';

/** the most distinct words a retrieval query uses; a 5000-character question would otherwise scan everything */
const MAX_TERMS = 16;

interface ChunkRow {
  id: number | string;
  document_id: string;
  building_id: string;
  page_number: number;
  char_start: number;
  char_end: number;
  text: string;
  filename: string;
  score: number | string;
  /** only from retrieval */
  share?: number | string | null;
  unmatched_share?: number | string | null;
}

function toPassage(row: ChunkRow): Passage {
  return {
    documentId: row.document_id,
    buildingId: row.building_id,
    filename: row.filename,
    chunkId: String(row.id),
    pageNumber: row.page_number,
    charStart: row.char_start,
    charEnd: row.char_end,
    text: row.text,
    score: Number(row.score),
    ...(row.share !== undefined && row.share !== null ? { queryShare: Math.min(1, Number(row.share)) } : {}),
    ...(row.unmatched_share !== undefined && row.unmatched_share !== null
      ? { queryUnmatchedShare: Number(row.unmatched_share) }
      : {}),
  };
}

/** the inflections of a short stem ("tak": taket, takene ...), spelled out where a prefix would match too much */
const SHORT_STEM_ENDINGS = ['', 'e', 'en', 'et', 'a', 'er', 'ene', 'ane', 's'];

/**
 * One tsquery per question word. The index holds words as written; a word's stem matched as a prefix finds its
 * inflections and the compounds it starts ("sving" finds "svingene" and "svingkurver"); a stem of fewer than four letters
 * matches its inflections only ("tak" finds "taket", not "takst"). Numbers match exactly.
 */
export function termQueries(query: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const token of contentTokens(query)) {
    const word = token.word.replace(/[^\p{L}\p{N}.,:]/gu, '');
    if (word === '') continue;
    const key = /\p{N}/u.test(word) ? word : token.stem;
    if (seen.has(key)) continue;
    seen.add(key);
    if (/\p{N}/u.test(word)) out.push(`'${word}'`);
    else if (token.stem.length >= 4) out.push(`'${token.stem}':* | '${word}'`);
    else
      out.push([...new Set([word, ...SHORT_STEM_ENDINGS.map((e) => token.stem + e)])].map((f) => `'${f}'`).join(' | '));
    if (out.length >= MAX_TERMS) break;
  }
  return out;
}

/**
 * Retrieval of passages with PostgreSQL full text (PostgreSQL 15 and PGlite alike), and the storage of ask threads.
 * Only live documents of live buildings in the given scope that are not under a private folder are ever read.
 */
export function createAskRepository(db: Kysely<DB>): AskRepository & PassageRetriever & PassageReader {
  const visible = sql`d.archived_at is null and b.archived_at is null and d.upload_state = 'uploaded'
    and not exists (select 1 from unnest(b.private_folders) f where starts_with(d.original_path, f))`;

  return {
    async retrieve({ ownerId, buildingIds, query, limit }) {
      const terms = termQueries(query);
      if (terms.length === 0 || buildingIds.length === 0) return [];
      // Each word's matching chunks come from the GIN index alone (the stored vectors are never re-read, which is
      // what makes this fast); a word weighs by how few readable documents hold it (BM25's idf), and a chunk scores
      // the sum over the words it holds. The answerer reranks the best of them sentence by sentence. Archived and
      // private documents (usually few) are left out before counting, so they weigh nothing: they are not there.
      const buildings = [...buildingIds];
      const result = await sql<ChunkRow>`
        with t as materialized (
          select ord, to_tsquery('simple', q) as tq from unnest(${terms}::text[]) with ordinality as u(q, ord)
        ),
        unreadable as materialized (
          select d.id from documents d join buildings b on b.id = d.building_id
          where d.building_id = any(${buildings}::text[]) and d.building_owner_id = ${ownerId} and not (${visible})
        ),
        hits as materialized (
          select t.ord, c.id, c.document_id
          from t cross join lateral (
            select c.id, c.document_id from document_chunks c
            where c.ask_tsv @@ t.tq and c.building_id = any(${buildings}::text[]) and c.building_owner_id = ${ownerId}
          ) c
          where not exists (select 1 from unreadable u where u.id = c.document_id)
        ),
        df as materialized (select ord, count(distinct document_id)::float8 as n from hits group by ord),
        total as materialized (
          select greatest(count(*) - (select count(*) from unreadable), 1)::float8 as n from documents
          where building_id = any(${buildings}::text[]) and building_owner_id = ${ownerId}
        ),
        weights as materialized (
          select df.n is null as unmatched, ln(1 + (total.n - coalesce(df.n, 0) + 0.5) / (coalesce(df.n, 0) + 0.5)) as w
          from t left join df using (ord) cross join total
        ),
        possible as materialized (
          select greatest(sum(w), 1e-9) as n, coalesce(sum(w) filter (where unmatched), 0) as unmatched from weights
        ),
        scored as (
          select h.id, h.document_id, sum(ln(1 + (total.n - df.n + 0.5) / (df.n + 0.5))) as score
          from hits h join df using (ord) cross join total
          group by h.id, h.document_id
        ),
        top as (
          select s.id, s.score from scored s
          join documents d on d.id = s.document_id
          join buildings b on b.id = d.building_id
          where ${visible}
          order by s.score desc, s.id
          limit ${limit}
        )
        select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, d.filename,
          top.score, top.score / possible.n as share, possible.unmatched / possible.n as unmatched_share
        from top
        cross join possible
        join document_chunks c on c.id = top.id
        join documents d on d.id = c.document_id
        order by top.score desc, c.id
      `.execute(db);
      return result.rows.map(toPassage);
    },

    async readPassages({ ownerId, buildingIds, documentIds, limitPerDocument }) {
      const ids = documentIds.filter(isUuid);
      if (ids.length === 0 || buildingIds.length === 0) return [];
      const result = await sql<ChunkRow>`
        select * from (
          select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, d.filename,
            0 as score, row_number() over (partition by c.document_id order by c.chunk_index) as position
          from document_chunks c
          join documents d on d.id = c.document_id
          join buildings b on b.id = c.building_id
          where c.document_id = any(${ids}::uuid[])
            and c.building_id = any(${[...buildingIds]}::text[])
            and c.building_owner_id = ${ownerId}
            and ${visible}
        ) chunks
        where position <= ${limitPerDocument}
        order by document_id, position
      `.execute(db);
      return result.rows.map(toPassage);
    },

    async readPage({ ownerId, buildingIds, documentId, pageNumber }) {
      if (!isUuid(documentId) || buildingIds.length === 0) return [];
      const result = await sql<ChunkRow>`
        select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, d.filename,
          0 as score
        from document_chunks c
        join documents d on d.id = c.document_id
        join buildings b on b.id = c.building_id
        where c.document_id = ${documentId}
          and c.page_number = ${pageNumber}
          and c.building_id = any(${[...buildingIds]}::text[])
          and c.building_owner_id = ${ownerId}
          and ${visible}
        order by c.chunk_index
      `.execute(db);
      return result.rows.map(toPassage);
    },

    async categoryCounts({ ownerId, buildingIds }) {
      if (buildingIds.length === 0) return [];
      const result = await sql<{ category: string; count: number | string }>`
        select coalesce(d.building_category, 'uncategorised') as category, count(*) as count
        from documents d
        join buildings b on b.id = d.building_id
        where d.building_id = any(${[...buildingIds]}::text[])
          and d.building_owner_id = ${ownerId}
          and ${visible}
        group by 1
        order by 2 desc, 1
      `.execute(db);
      return result.rows.map((row) => ({ category: row.category, count: Number(row.count) }));
    },

    async liveBuildingIds(ownerId) {
      const rows = await db
        .selectFrom('buildings')
        .select('id')
        .where('building_owner_id', '=', ownerId)
        .where('archived_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async readableDocuments(params: PassageScope & { documentIds: readonly string[] }): Promise<ReadableDocument[]> {
      const ids = params.documentIds.filter(isUuid);
      if (ids.length === 0 || params.buildingIds.length === 0) return [];
      const result = await sql<{ id: string; building_id: string; filename: string; file_kind: string | null }>`
        select d.id, d.building_id, d.filename, d.file_kind
        from documents d
        join buildings b on b.id = d.building_id
        where d.id = any(${ids}::uuid[])
          and d.building_id = any(${[...params.buildingIds]}::text[])
          and d.building_owner_id = ${params.ownerId}
          and ${visible}
      `.execute(db);
      return result.rows.map((row) => ({
        id: row.id,
        buildingId: row.building_id,
        filename: row.filename,
        fileKind: row.file_kind,
      }));
    },

    async pageTexts(pages) {
      const wanted = pages.filter((p) => isUuid(p.documentId));
      const texts = new Map<string, string>();
      if (wanted.length === 0) return texts;
      const rows = await db
        .selectFrom('document_pages')
        .select(['document_id', 'page_number', 'text'])
        .where((eb) =>
          eb.or(
            wanted.map((p) => eb.and([eb('document_id', '=', p.documentId), eb('page_number', '=', p.pageNumber)])),
          ),
        )
        .execute();
      for (const row of rows) texts.set(`${row.document_id}:${row.page_number}`, row.text);
      return texts;
    },

    async createThread(thread) {
      await db
        .insertInto('ask_threads')
        .values({
          id: thread.id,
          building_owner_id: thread.ownerId,
          api_key_id: thread.apiKeyId,
          building_id: thread.buildingId,
          created_at: thread.at,
          updated_at: thread.at,
        })
        .execute();
    },

    async findThread({ threadId, maxTurns }) {
      if (!isUuid(threadId)) return null;
      const thread = await db.selectFrom('ask_threads').selectAll().where('id', '=', threadId).executeTakeFirst();
      if (!thread) return null;
      const turns = await db
        .selectFrom('ask_turns')
        .select(['query', 'answer', 'cited_document_ids'])
        .where('thread_id', '=', threadId)
        .orderBy('id', 'desc')
        .limit(maxTurns)
        .execute();
      return {
        id: thread.id,
        ownerId: thread.building_owner_id,
        apiKeyId: thread.api_key_id,
        buildingId: thread.building_id,
        turns: turns
          .reverse()
          .map((turn) => ({ query: turn.query, answer: turn.answer, citedDocumentIds: turn.cited_document_ids })),
      };
    },

    async appendTurn(turn) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ask_turns')
          .values({
            thread_id: turn.threadId,
            query: turn.query,
            language: turn.language,
            answer: turn.answer,
            citations: JSON.stringify(turn.citations),
            cited_document_ids: turn.citedDocumentIds,
            created_at: turn.at,
          })
          .execute();
        await trx.updateTable('ask_threads').set({ updated_at: turn.at }).where('id', '=', turn.threadId).execute();
      });
    },
  };
}
