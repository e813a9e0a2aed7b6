import { sql, type Kysely } from 'kysely';
import type {
  AskRepository,
  PassageReader,
  PassageScope,
  ReadableDocument,
  StoredCitation,
} from '../../../domain/answers/ports.js';
import type { DB } from '../schema.js';
import { visibleDocuments } from '../visibility.js';
import { isTextLanguage, toChunkHit, type ChunkRow } from '../../search/chunk-rows.js';
import { isUuid } from './document-rows.js';

/**
 * Reading given documents for answers (attached ones, pages a model asks for), and the storage of ask threads.
 * Passages are found by the search provider's chunk retriever; only visible documents (see visibility.ts) in the
 * given scope are ever read here.
 */
export function createAskRepository(db: Kysely<DB>): AskRepository & PassageReader {
  /** visible documents among `ids` in the scope, with their filename */
  function visibleAmong(scope: PassageScope, ids: readonly string[]) {
    return visibleDocuments(db, { ownerId: scope.ownerId, buildingIds: scope.buildingIds })
      .select(['d.id', 'd.filename'])
      .where(sql<boolean>`d.id = any(${[...ids]}::uuid[])`);
  }

  return {
    async readPassages(params) {
      const ids = params.documentIds.filter(isUuid);
      if (ids.length === 0 || params.buildingIds.length === 0) return [];
      const result = await sql<ChunkRow>`
        select * from (
          select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, c.language,
            v.filename,
            row_number() over (partition by c.document_id order by c.chunk_index) as position
          from document_chunks c
          join (${visibleAmong(params, ids)}) v on v.id = c.document_id
        ) chunks
        where position <= ${params.limitPerDocument}
        order by document_id, position
      `.execute(db);
      return result.rows.map(toChunkHit);
    },

    async readPage(params) {
      if (!isUuid(params.documentId) || params.buildingIds.length === 0) return [];
      const result = await sql<ChunkRow>`
        select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, c.language,
          v.filename
        from document_chunks c
        join (${visibleAmong(params, [params.documentId])}) v on v.id = c.document_id
        where c.page_number = ${params.pageNumber}
        order by c.chunk_index
      `.execute(db);
      return result.rows.map(toChunkHit);
    },

    async categoryCounts({ ownerId, buildingIds }) {
      if (buildingIds.length === 0) return [];
      const rows = await visibleDocuments(db, { ownerId, buildingIds })
        .select([
          sql<string>`coalesce(d.building_category, 'uncategorised')`.as('category'),
          sql<number | string>`count(*)`.as('count'),
        ])
        .groupBy(sql`1`)
        .orderBy(sql`2 desc, 1`)
        .execute();
      return rows.map((row) => ({ category: row.category, count: Number(row.count) }));
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
      const rows = await visibleAmong(params, ids)
        .select(['d.building_id', 'd.file_kind', 'd.superseded_by'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        buildingId: row.building_id,
        filename: row.filename,
        fileKind: row.file_kind,
        supersededBy: row.superseded_by,
      }));
    },

    async newerRevisions(params) {
      const newer = new Map<string, string[]>();
      const ids = [...new Set(params.documentIds.filter(isUuid))];
      if (ids.length === 0 || params.buildingIds.length === 0) return newer;
      const next = new Map<string, string | null>();
      let frontier = ids;
      // chains are short; a bound keeps a damaged one from looping
      for (let round = 0; round < 50 && frontier.length > 0; round++) {
        const rows = await visibleDocuments(db, { ownerId: params.ownerId, buildingIds: params.buildingIds })
          .select(['d.id', 'd.superseded_by'])
          .where('d.id', 'in', frontier)
          .execute();
        for (const row of rows) next.set(row.id, row.superseded_by);
        frontier = [
          ...new Set(
            rows.flatMap((row) => (row.superseded_by && !next.has(row.superseded_by) ? [row.superseded_by] : [])),
          ),
        ];
      }
      for (const id of ids) {
        const chain: string[] = [];
        for (let at = next.get(id); at && !chain.includes(at) && next.has(at); at = next.get(at)) chain.push(at);
        newer.set(id, chain);
      }
      return newer;
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
          api_key_id: thread.holder.kind === 'api_key' ? thread.holder.apiKeyId : null,
          user_id: thread.holder.kind === 'user' ? thread.holder.userId : null,
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
        .select(['query', 'answer', 'cited_document_ids', 'read_document_ids'])
        .where('thread_id', '=', threadId)
        .orderBy('id', 'desc')
        .limit(maxTurns)
        .execute();
      return {
        id: thread.id,
        ownerId: thread.building_owner_id,
        holder:
          thread.api_key_id !== null
            ? { kind: 'api_key', apiKeyId: thread.api_key_id }
            : { kind: 'user', userId: thread.user_id ?? '' },
        buildingId: thread.building_id,
        turns: turns.reverse().map((turn) => ({
          query: turn.query,
          answer: turn.answer,
          citedDocumentIds: turn.cited_document_ids,
          readDocumentIds: turn.read_document_ids,
        })),
      };
    },

    async listThreads({ ownerId, holder, buildingId, limit }) {
      let query = db
        .selectFrom('ask_threads as t')
        .where('t.building_owner_id', '=', ownerId)
        .where(
          holder.kind === 'api_key' ? 't.api_key_id' : 't.user_id',
          '=',
          holder.kind === 'api_key' ? holder.apiKeyId : holder.userId,
        )
        .select((eb) => [
          't.id',
          't.building_id',
          't.created_at',
          't.updated_at',
          eb
            .selectFrom('ask_turns as q')
            .select('q.query')
            .whereRef('q.thread_id', '=', 't.id')
            .orderBy('q.id', 'asc')
            .limit(1)
            .as('first_question'),
          eb
            .selectFrom('ask_turns as c')
            .select((c) => c.fn.countAll<string>().as('n'))
            .whereRef('c.thread_id', '=', 't.id')
            .as('turns'),
        ]);
      query =
        buildingId === null ? query.where('t.building_id', 'is', null) : query.where('t.building_id', '=', buildingId);
      const rows = await query.orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(limit).execute();
      // a thread whose first answer never finished has no turn: nothing to resume
      return rows
        .filter((row) => row.first_question !== null)
        .map((row) => ({
          id: row.id,
          buildingId: row.building_id,
          firstQuestion: row.first_question ?? '',
          turns: Number(row.turns ?? 0),
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        }));
    },

    async threadTurns(threadId) {
      if (!isUuid(threadId)) return [];
      const rows = await db
        .selectFrom('ask_turns')
        .select(['query', 'language', 'answer', 'citations', 'read_document_ids', 'created_at'])
        .where('thread_id', '=', threadId)
        .orderBy('id', 'asc')
        .limit(500)
        .execute();
      return rows.map((row) => ({
        query: row.query,
        // written from the answer's language; anything else is read as English
        language: isTextLanguage(row.language) ? row.language : 'en',
        answer: row.answer,
        citations: (typeof row.citations === 'string' ? JSON.parse(row.citations) : row.citations) as StoredCitation[],
        readDocumentIds: row.read_document_ids,
        createdAt: row.created_at,
      }));
    },

    async appendTurn(turn) {
      // the turn and the thread's last activity in one statement: atomic without a transaction, one round trip where
      // begin, two statements and commit took four (the client waits for it before the answer's `finish`)
      await db
        .with('turn', (q) =>
          q
            .insertInto('ask_turns')
            .values({
              thread_id: turn.threadId,
              query: turn.query,
              language: turn.language,
              answer: turn.answer,
              citations: JSON.stringify(turn.citations),
              cited_document_ids: turn.citedDocumentIds,
              read_document_ids: turn.readDocumentIds,
              created_at: turn.at,
            })
            .returning('thread_id'),
        )
        .updateTable('ask_threads')
        .set({ updated_at: turn.at })
        .where('id', '=', turn.threadId)
        .execute();
    },
  };
}
