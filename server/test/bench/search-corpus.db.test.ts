import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkLoad,
  generateCorpus,
  loadNormally,
  OWNER,
  TokenVectors,
  verifyBulkVectors,
} from '../../bench/search-corpus.js';
import { parseQuery } from '../../src/domain/search/query-parser.js';
import type { DocumentSearchRequest } from '../../src/domain/search/search.types.js';
import type { Database, Engine } from '../../src/storage/db/database.js';
import { createPostgresSearchProvider } from '../../src/storage/search/postgres-search.provider.js';
import { createTestDatabase, testEngines } from '../helpers/test-database.js';

/**
 * The benches load their corpus through a bulk path that puts vectors together in JavaScript. Loaded both ways, the
 * same documents must be stored alike and searched alike, or the benches measure something ingest never produces.
 */
type Load = { engine: Engine; path: 'insert' | 'copy' };
const loads: Load[] = testEngines().flatMap((engine): Load[] =>
  engine === 'postgres'
    ? [
        { engine, path: 'insert' },
        { engine, path: 'copy' },
      ]
    : [{ engine, path: 'insert' }],
);

describe.each(loads)('the bench corpus loaded in bulk on $engine by $path', ({ engine, path }) => {
  const corpus = generateCorpus(150);
  let normal: Database;
  let bulk: Database;

  beforeAll(async () => {
    normal = await createTestDatabase(engine);
    const target = await createTestDatabase(engine);
    bulk = target;
    await loadNormally(normal, corpus, { quiet: true });
    // small batches, so the token analyses carry over from one batch to the next (and on the COPY path several
    // batches are on their way at once)
    const result = await bulkLoad(bulk, corpus, {
      quiet: true,
      batch: 40,
      url: path === 'copy' ? target.url : null,
      writers: 3,
    });
    expect(result.path).toBe(path);
    expect(result.documents).toBe(150);
  }, 240_000);

  afterAll(async () => {
    await normal?.close();
    await bulk?.close();
  });

  it('derives drawing numbers and numbers from one analysis of their class, as the database analyses them', async () => {
    // the loader analyses one drawing number of a class (ARK-01) in the database and derives the others from it
    const vectors = new TokenVectors(bulk);
    const numbers = [
      'ARK-01-20-0001',
      'ARK-01-77-4312',
      'ARK-01-01-0101',
      'RIBr-U1-79-0417',
      'RIBr-U1-20-0020',
      '0',
      '0417',
      '9999.',
      '20.',
    ];
    await vectors.prepare([{ text: 'ARK-01-33-0007 RIBr-U1-21-9999 12 345.', language: 'nb' }]);
    await vectors.prepare(numbers.map((text) => ({ text, language: 'nb' as const })));
    expect(vectors.analysed).toBe(4);
    for (const number of numbers) {
      const expected = (await sql<{ tsv: string }>`select search_vector(${number}, null)::text as tsv`.execute(bulk.db))
        .rows[0]!.tsv;
      const derived = (
        await sql<{ tsv: string }>`select ${vectors.literal(number, 'nb', 'D')}::tsvector::text as tsv`.execute(bulk.db)
      ).rows[0]!.tsv;
      expect(derived, number).toBe(expected);
    }
  });

  const rows = async (database: Database, query: string) => (await sql.raw(query).execute(database.db)).rows;

  it('stores the same search rows, chunk vectors and vocabulary as ingest', async () => {
    const documents = `select document_id, building_id, building_owner_id, filename, discipline, building_category,
        extension, is_drawing, floor, body_length, head::text, top::text, tsv::text
      from search_documents order by document_id`;
    const normalDocuments = await rows(normal, documents);
    expect(normalDocuments).toHaveLength(150);
    expect(await rows(bulk, documents)).toEqual(normalDocuments);
    const stored = `select d.id, d.building_id, d.building_owner_id, d.filename, d.original_path, d.title, d.extension,
        d.discipline, d.building_category, d.is_drawing, d.floor, d.drawing_number, d.upload_state, d.language,
        p.page_number, p.text, p.language as page_language
      from documents d join document_pages p on p.document_id = d.id order by d.id`;
    expect(await rows(bulk, stored)).toEqual(await rows(normal, stored));
    const chunks = `select document_id, building_id, building_owner_id, chunk_index, page_number, char_start, char_end,
        text, language, tsv::text from document_chunks order by document_id, chunk_index`;
    const normalChunks = await rows(normal, chunks);
    expect(normalChunks.length).toBeGreaterThan(300);
    expect(await rows(bulk, chunks)).toEqual(normalChunks);
    const lexemes = `select building_owner_id, lexeme from search_lexemes order by building_owner_id, lexeme collate "C"`;
    expect(await rows(bulk, lexemes)).toEqual(await rows(normal, lexemes));
    // and each building's, which typo corrections and compounds may offer its readers (migration 0057)
    const buildingLexemes = `select building_id, building_owner_id, lexeme from building_lexemes
      order by building_id, lexeme collate "C"`;
    const normalBuildingLexemes = await rows(normal, buildingLexemes);
    expect(normalBuildingLexemes.length).toBeGreaterThan(1000);
    expect(await rows(bulk, buildingLexemes)).toEqual(normalBuildingLexemes);
    // each document's distinct lexemes, which an owner-wide question's word counts read (migration 0039)
    const documentLexemes = `select document_id, building_id, building_owner_id, readable, original_path,
        lexemes::text from document_lexemes order by document_id`;
    const normalLexemes = await rows(normal, documentLexemes);
    expect(normalLexemes).toHaveLength(150);
    expect(await rows(bulk, documentLexemes)).toEqual(normalLexemes);
    expect(await verifyBulkVectors(bulk, 150)).toBe(0);
  });

  it('leaves the triggers and functions as ingest needs them', async () => {
    // every trigger the load disabled or dropped (those with a transition table, on the COPY path) is back as it was
    const triggers = `select c.relname as table, t.tgname as name, t.tgenabled as enabled,
        pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace order by 1, 2`;
    const normalTriggers = await rows(normal, triggers);
    expect(normalTriggers.length).toBeGreaterThanOrEqual(15);
    expect(await rows(bulk, triggers)).toEqual(normalTriggers);
    // a document stored after the bulk load is indexed by the triggers as usual
    for (const database of [normal, bulk]) {
      await sql`insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key,
          upload_state, extension)
        values ('00000000-0000-4000-9000-000000000001', 'bld_bench_000', ${OWNER}, 'Kuldebro.pdf', 'Kuldebro.pdf',
          'k/x', 'uploaded', 'pdf')`.execute(database.db);
      await sql`insert into document_pages (document_id, page_number, text)
        values ('00000000-0000-4000-9000-000000000001', 1, 'Kuldebroberegning for yttervegg')`.execute(database.db);
      await sql`insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number,
          char_start, char_end, text)
        values ('00000000-0000-4000-9000-000000000001', 'bld_bench_000', ${OWNER}, 0, 1, 0, 31,
          'Kuldebroberegning for yttervegg')`.execute(database.db);
    }
    const added = `select s.tsv::text as document, c.tsv::text as chunk from search_documents s
      join document_chunks c using (document_id) where s.document_id = '00000000-0000-4000-9000-000000000001'`;
    const normalAdded = await rows(normal, added);
    expect(normalAdded).toHaveLength(1);
    expect(String((normalAdded[0] as { chunk?: string } | undefined)?.chunk)).toContain('kuldebroberegning');
    expect(await rows(bulk, added)).toEqual(normalAdded);
  });

  it('finds the same hits in the same order with the same counts and facets', async () => {
    const drawing = corpus.documents.find((d) => d.owner === OWNER && d.drawingNumber)!;
    const [common, second] = [...corpus.frequencies]
      .sort((a, b) => b[1] - a[1])
      .filter(([w]) => /^\p{L}{6,}$/u.test(w))
      .map(([w]) => w);
    const queries: { query: string; buildingIds: string[] | null; aggregations: boolean; ownerId?: string }[] = [
      { query: drawing.drawingNumber!, buildingIds: null, aggregations: false },
      { query: common!, buildingIds: null, aggregations: true },
      { query: common!, buildingIds: [drawing.building], aggregations: false },
      { query: `${common!.slice(0, 2)}${common!.slice(3)}`, buildingIds: null, aggregations: false },
      { query: `${common} ${second}`, buildingIds: null, aggregations: true },
      { query: `hvordan kontrolleres ${second} og ${common} årlig`, buildingIds: null, aggregations: false },
      { query: common!, buildingIds: null, aggregations: false, ownerId: corpus.owners[1]!.id },
    ];
    for (const q of queries) {
      const request: DocumentSearchRequest = {
        scope: { ownerId: q.ownerId ?? OWNER, buildingIds: q.buildingIds },
        query: parseQuery({ query: q.query, fuzziness: 'auto' }),
        filters: {},
        sortBy: 'relevance',
        sortOrder: 'desc',
        offset: 0,
        limit: 20,
        aggregations: q.aggregations,
      };
      const [a, b] = await Promise.all(
        [normal, bulk].map((database) => createPostgresSearchProvider({ db: database.db }).searchDocuments(request)),
      );
      const summary = (r: typeof a) => ({
        numberOfHits: r!.numberOfHits,
        hits: r!.hits.map((h) => [h.document.id, h.score]),
        aggregations: r!.aggregations,
      });
      expect(summary(a).numberOfHits, q.query).toBeGreaterThan(0);
      expect(summary(b), q.query).toEqual(summary(a));
    }
  });
});
