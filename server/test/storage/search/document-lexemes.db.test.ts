import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkHit } from '../../../src/domain/search/chunk-retriever.js';
import { createPostgresChunkRetriever } from '../../../src/storage/search/postgres-chunk.retriever.js';
import type { Database } from '../../../src/storage/db/database.js';
import { createDocumentsRepository } from '../../../src/storage/db/repositories/documents.repository.js';
import { visibleDocuments } from '../../../src/storage/db/visibility.js';
import {
  buildSegment,
  createSegmentCache,
  DEFAULT_SEGMENT_SETTINGS,
  wordCountsFromSegment,
  type SegmentCache,
} from '../../../src/storage/search/segments.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * Issue 48: word-weight retrieval counts a word's documents from `document_lexemes` (migration 0039) and reads only
 * the chunks of the most telling words. Its passages, scores and shares must be those of counting every matching
 * chunk (the way before), in one building and owner-wide, and stay so as documents are archived, reprocessed,
 * made private and deleted. Owner-wide, the counts may come from the owner's segment (segments.ts): the same passages
 * again, whether the change came before the segment was built or after.
 */
const WORDS = [
  'ventilasjonsaggregat',
  'filterbytte',
  'brannslukker',
  'sprinkleranlegg',
  'varmepumpe',
  'leverandør',
  'kontrolleres',
  'nødlys',
  'heisdør',
  'takrenne',
  'fasadeplate',
  'rømningsvei',
];
const QUESTIONS = [
  'Hvem er leverandør av varmepumpe?',
  'Hvordan utføres filterbytte av ventilasjonsaggregatet?',
  'Hva er intervallet for nødlys og rømningsvei?',
  'Hvor kontrolleres sprinkleranlegg, brannslukker og heisdør?',
  'takrenne fasadeplate leverandør kontrolleres',
  'Hvem har levert fasadeplatene?',
  'What does the documentation say about heisdør?',
  'Hva sier dokumentene om ubåt?',
  'Er takrenne, nødlys og varmepumpe kontrollert?',
  'ventilasjonsaggregat filterbytte heisdør fasadeplate',
  'brannslukker nødlys takrenne',
];

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(testEngines())('word-weight passages from the documents lexemes on %s', (engine) => {
  let database: Database;
  let cache: SegmentCache;
  const segmentSettings = { ...DEFAULT_SEGMENT_SETTINGS, minDocuments: 1 };
  const seed = { ownerId: 'own_a', buildingId: 'bld_a' };
  const secondBuilding = 'bld_b';
  const documents: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const q = (text: string, values?: unknown[]) => database.executeSql(text, values);
    await q(`insert into building_owners (id, name) values ('own_a', 'A')`);
    await q(
      `insert into buildings (id, building_owner_id, name) values ('bld_a', 'own_a', 'A'), ('bld_b', 'own_a', 'B')`,
    );
    // a small corpus whose words recur with different frequencies; some documents of several chunks, one still
    // uploading (it weighs nothing)
    let state = 7;
    const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const building = (i: number) => (i % 3 === 0 ? secondBuilding : seed.buildingId);
    for (let i = 0; i < 16; i++) {
      const document = id(i + 1);
      documents.push(document);
      const path = `${i % 5 === 0 ? 'HR' : 'FDV'}/Dokument ${i}.txt`;
      await q(
        `insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key, upload_state,
           extension) values ($1::uuid, $2, 'own_a', $3, $3, $1::text, $4, 'txt')`,
        [document, building(i), path, i === 15 ? 'pending' : 'uploaded'],
      );
    }
    // the chunks written a chunk index at a time, the documents in turn, so that a document's chunk ids are not
    // one run and a later document's first chunk comes before an earlier one's last (as when documents are processed
    // side by side)
    for (let c = 0; c < 5; c++) {
      for (const [i, document] of documents.entries()) {
        if (c >= (i % 4 === 0 ? 5 : 1)) continue;
        const text = Array.from({ length: 3 }, () => {
          const words = Array.from({ length: 3 }, () => WORDS[Math.floor(next() ** 2 * WORDS.length)]);
          return `Dokumentet beskriver ${words.join(' og ')} i etasje ${Math.floor(next() * 9)}.`;
        }).join(' ');
        await q(
          `insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number,
             char_start, char_end, text) values ($1::uuid, $2, 'own_a', $3, 1, 0, $4, $5)`,
          [document, building(i), c, text.length, text],
        );
      }
    }
    cache = createSegmentCache({ db: database.db });
    await buildSegment(database.db, seed.ownerId);
  }, 300_000);
  afterAll(() => database.close());

  /**
   * how the segment's retriever found its passages: the rounds reading the first documents holding all the words, and
   * the answers scored from the chunks those rounds found
   */
  const lowestChunks = { rounds: 0, answers: 0 };
  const retrievers = () => ({
    lexemes: createPostgresChunkRetriever({ db: database.db }),
    chunks: createPostgresChunkRetriever({ db: database.db, documentCounts: 'chunks' }),
    segment: createPostgresChunkRetriever({
      db: database.db.withPlugin({
        transformQuery: ({ node }) => {
          const text = JSON.stringify(node);
          if (text.includes('::uuid[]) or c.document_id = any(')) lowestChunks.rounds++;
          if (text.includes('c.id = any(')) lowestChunks.answers++;
          return node;
        },
        transformResult: async ({ result }) => result,
      }),
      segments: { cache, settings: segmentSettings, wait: true },
    }),
  });
  const shape = (hits: ChunkHit[]) =>
    hits.map((h) => ({
      chunkId: h.chunkId,
      score: h.score.toFixed(9),
      queryShare: h.queryShare?.toFixed(9),
      queryUnmatchedShare: h.queryUnmatchedShare?.toFixed(9),
    }));

  async function expectSameAsCountingChunks() {
    const { lexemes, chunks, segment } = retrievers();
    const answers = lowestChunks.answers;
    let found = 0;
    for (const buildingIds of [[seed.buildingId], [secondBuilding], [seed.buildingId, secondBuilding]]) {
      for (const query of QUESTIONS) {
        for (const limit of [1, 3, 24]) {
          const request = { ownerId: seed.ownerId, buildingIds, query, limit };
          const expected = await chunks.retrieveChunks(request);
          expect(shape(await lexemes.retrieveChunks(request)), `${query} in ${buildingIds.length} (${limit})`).toEqual(
            shape(expected),
          );
          expect(shape(await segment.retrieveChunks(request)), `segment: ${query} (${limit})`).toEqual(shape(expected));
          found += expected.length;
        }
      }
    }
    // the comparison compared passages, not empty lists
    expect(found).toBeGreaterThan(100);
    // and the segment found the lowest chunks holding all the words for many of the owner-wide questions
    expect(lowestChunks.answers - answers).toBeGreaterThanOrEqual(8);
  }

  /** every document's row as its chunks and its document row say it should be */
  async function expectLexemesKept() {
    const { db } = database;
    const wrong = await sql<{ document_id: string }>`
      select d.id as document_id from documents d
      left join document_lexemes x on x.document_id = d.id
      where x.document_id is null
         or x.lexemes <> document_lexemes_of(d.id)
         or x.readable <> (d.archived_at is null and d.upload_state = 'uploaded')
         or x.building_id <> d.building_id or x.original_path <> d.original_path`.execute(db);
    expect(wrong.rows).toEqual([]);
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from document_lexemes x where not exists (select 1 from documents d where d.id = x.document_id)`.execute(
      db,
    );
    expect(orphans.rows[0]?.n).toBe(0);
  }

  /** the owner-wide counts from the segment, against counting the visible documents' chunks */
  async function expectSegmentCounts() {
    const { db } = database;
    const buildingIds = [seed.buildingId, secondBuilding];
    const terms = [
      "'leverandør'",
      "'varmepump':*",
      "('nødlys' | 'rømningsvei')",
      "'ubåt'",
      "'takrenn':* | 'heisdør'",
      "'finnesikk'",
      "'ubåt':*",
      "'lever':*",
    ];
    const counts = await wordCountsFromSegment({
      db,
      cache,
      ownerId: seed.ownerId,
      buildingIds,
      terms,
      settings: segmentSettings,
      wait: true,
      everyOwner: sql<number>`select 7`,
    });
    const visible = visibleDocuments(db, { ownerId: seed.ownerId, buildingIds }).select('d.id');
    const expected = await sql<{ n: number }>`
      select (select count(*) from (${visible}) v)::int as n
      union all
      select (select count(distinct c.document_id) from document_chunks c
        where c.document_id in (select v.id from (${visible}) v) and c.tsv @@ t.q::tsquery)::int
      from unnest(${terms}::text[]) with ordinality as t (q, ord)`.execute(db);
    const [documents, ...frequencies] = expected.rows.map((r) => r.n);
    expect(counts).not.toBeNull();
    const { spelled, documentsHoldingEvery: _, ...found } = counts!;
    expect(found).toEqual({ documents, everyOwner: 7, frequencies });
    // the words are found, not all missed
    expect(frequencies.filter((n) => n > 0).length).toBeGreaterThan(3);
    // a word's prefixes spelled out find the very chunks of the scope its prefixes find
    const chunksOf = async (query: string) =>
      (
        await sql<{ id: string }>`select c.id::text as id from document_chunks c
          where c.document_id in (select v.id from (${visible}) v) and c.tsv @@ ${query}::tsquery order by c.id`.execute(
          db,
        )
      ).rows.map((r) => r.id);
    let compared = 0;
    for (const [i, term] of terms.entries()) {
      const lookup = spelled[i];
      if (lookup === null || lookup === undefined) continue;
      expect(lookup).not.toContain(':*');
      expect(await chunksOf(lookup), term).toEqual(await chunksOf(term));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(3);
    // the documents holding every one of some words, in the order of their first chunks: the scope's documents whose
    // chunks hold each word, less those written since the segment (SQL tests those)
    const firstChunks = new Map(
      (
        await sql<{ id: string; first: number }>`select c.document_id::text as id, min(c.id)::float8 as first
          from document_chunks c where c.document_id in (select v.id from (${visible}) v) group by 1`.execute(db)
      ).rows.map((r) => [r.id, Number(r.first)]),
    );
    const holders = await Promise.all(
      terms.map(
        async (term) =>
          new Set(
            (
              await sql<{ id: string }>`select distinct c.document_id::text as id from document_chunks c
                where c.document_id in (select v.id from (${visible}) v) and c.tsv @@ ${term}::tsquery`.execute(db)
            ).rows.map((r) => r.id),
          ),
      ),
    );
    let listed = 0;
    for (const words of [[0], [1], [0, 1], [1, 4], [2, 7], [0, 4, 7], [3, 0]]) {
      const { inOrder, written } = counts!.documentsHoldingEvery(words);
      const got = [...inOrder];
      const expected = [...firstChunks.keys()].filter((document) => words.every((w) => holders[w]!.has(document)));
      expect(got.map((d) => d.documentId).sort(), words.join(' & ')).toEqual(
        expected.filter((document) => !written.includes(document)).sort(),
      );
      expect(
        got.map((d) => d.firstChunk),
        words.join(' & '),
      ).toEqual(got.map((d) => firstChunks.get(d.documentId)).sort((a, b) => a! - b!));
      listed += got.length;
    }
    expect(listed).toBeGreaterThan(20);
  }

  it('gives the passages, scores and shares of counting every chunk, in a building and owner-wide', async () => {
    await expectLexemesKept();
    await expectSegmentCounts();
    await expectSameAsCountingChunks();
  }, 300_000);

  it('follows archiving, reprocessing, private folders and deletion', async () => {
    const { db } = database;
    const archived = documents[1]!;
    // archived as the documents service archives
    expect(
      await createDocumentsRepository({ db }).setArchived({ documentId: archived, archived: true, at: new Date() }),
    ).toBe(true);
    const row = await sql<{ readable: boolean }>`select readable from document_lexemes
      where document_id = ${archived}`.execute(db);
    expect(row.rows[0]?.readable).toBe(false);
    // reprocessed: its chunks replaced (as saveExtraction does) with other words
    const reprocessed = documents[2]!;
    await db.transaction().execute(async (trx) => {
      const first = await trx
        .selectFrom('document_chunks')
        .selectAll()
        .where('document_id', '=', reprocessed)
        .orderBy('chunk_index')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('document_chunks').where('document_id', '=', reprocessed).execute();
      await trx
        .insertInto('document_chunks')
        .values({
          document_id: reprocessed,
          building_id: first.building_id,
          building_owner_id: first.building_owner_id,
          chunk_index: 0,
          page_number: 1,
          char_start: 0,
          char_end: 40,
          text: 'Ubåten har leverandør, varmepumpe og varmepumpeanlegget.',
          language: null,
        })
        .execute();
    });
    const lexemes = await sql<{ lexemes: string }>`select lexemes::text as lexemes from document_lexemes
      where document_id = ${reprocessed}`.execute(db);
    expect(lexemes.rows[0]?.lexemes).toContain("'ubåt'");
    expect(lexemes.rows[0]?.lexemes).not.toContain("'sprinkleranlegg'");
    // a chunk's text corrected in place
    await sql`update document_chunks set text = text || ' Takrenne.' where document_id = ${documents[3]!}`.execute(db);
    // the owner's partner makes a folder private: its documents weigh nothing
    await db
      .updateTable('buildings')
      .set({ private_folders: ['HR/'] })
      .where('id', '=', seed.buildingId)
      .execute();
    // deleted, as the platform admin deletes: chunks first, then the document
    const deleted = documents[4]!;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('document_chunks').where('document_id', '=', deleted).execute();
      await trx.deleteFrom('document_pages').where('document_id', '=', deleted).execute();
      await trx.deleteFrom('search_documents').where('document_id', '=', deleted).execute();
      await sql`delete from documents where id = ${deleted}`.execute(trx);
    });
    await expectLexemesKept();
    // the segment built before every change: those documents are counted from their rows
    await expectSegmentCounts();
    await expectSameAsCountingChunks();
    for (const retriever of Object.values(retrievers())) {
      const found = await retriever.retrieveChunks({
        ownerId: seed.ownerId,
        buildingIds: [seed.buildingId, secondBuilding],
        query: 'ubåten',
        limit: 5,
      });
      expect(found.map((h) => h.documentId)).toEqual([reprocessed]);
    }
    // and a segment built after them holds them (the private folder's documents left out as it is counted)
    await buildSegment(db, seed.ownerId);
    await expectSegmentCounts();
    await expectSameAsCountingChunks();
  }, 300_000);
});

/**
 * Owner-wide from the segment, the chunks of a question of two to four words are found class by class: the chunks
 * holding the same words tie, so each class (the words a chunk holds) gives its lowest ids, in the order of the
 * classes' scores. Here the words seldom meet in one chunk, so the classes decide the answer: it must be the one of
 * counting and scoring every matching chunk.
 */
describe.each(testEngines())('word-weight passages class by class on %s', (engine) => {
  let database: Database;
  const ownerId = 'own_c';
  const buildingIds = ['bld_c1', 'bld_c2'];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const q = (text: string, values?: unknown[]) => database.executeSql(text, values);
    await q(`insert into building_owners (id, name) values ('own_c', 'C')`);
    await q(
      `insert into buildings (id, building_owner_id, name) values ('bld_c1', 'own_c', 'C1'), ('bld_c2', 'own_c', 'C2')`,
    );
    // 300 documents of two chunks; each word in every 3rd, 7th, 11th or 13th chunk, so each is in a different number
    // of documents (no two classes tie) and two of them meet in few chunks
    await q(
      `insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key, upload_state, extension)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, case when g % 2 = 0 then 'bld_c1' else 'bld_c2' end,
              'own_c', 'Dokument ' || g || '.txt', 'FDV/Dokument ' || g || '.txt', 'k' || g, 'uploaded', 'txt'
       from generate_series(1, 300) g`,
    );
    await q(
      `insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number, char_start,
         char_end, text)
       select ('00000000-0000-4000-8000-' || lpad(((c - 1) % 300 + 1)::text, 12, '0'))::uuid,
              case when ((c - 1) % 300 + 1) % 2 = 0 then 'bld_c1' else 'bld_c2' end, 'own_c', (c - 1) / 300, 1, 0, 100,
              'Dokumentet beskriver etasje ' || c
              || case when c % 3 = 0 then ' ventilasjonsaggregat' else '' end
              || case when c % 7 = 0 then ' filterbytte' else '' end
              || case when c % 11 = 0 then ' brannslukker' else '' end
              || case when c % 13 = 0 then ' sprinkleranlegg' else '' end
       from generate_series(1, 600) c`,
    );
    await buildSegment(database.db, ownerId);
  }, 300_000);
  afterAll(() => database.close());

  it('gives the passages, scores and order of counting and scoring every chunk', async () => {
    const cache = createSegmentCache({ db: database.db });
    const segment = createPostgresChunkRetriever({
      db: database.db,
      segments: { cache, settings: { ...DEFAULT_SEGMENT_SETTINGS, minDocuments: 1 }, wait: true },
    });
    const chunks = createPostgresChunkRetriever({ db: database.db, documentCounts: 'chunks' });
    const shape = (hits: ChunkHit[]) => hits.map((h) => `${h.chunkId} ${h.score.toFixed(9)}`);
    let compared = 0;
    for (const query of [
      'ventilasjonsaggregat filterbytte',
      'filterbytte brannslukker',
      'ventilasjonsaggregat filterbytte brannslukker',
      'sprinkleranlegg brannslukker filterbytte ventilasjonsaggregat',
    ]) {
      for (const limit of [5, 24, 60]) {
        const request = { ownerId, buildingIds, query, limit };
        const expected = await chunks.retrieveChunks(request);
        expect(expected).toHaveLength(limit);
        expect(shape(await segment.retrieveChunks(request)), `${query} (${limit})`).toEqual(shape(expected));
        compared++;
      }
    }
    expect(compared).toBe(12);
  });
});
