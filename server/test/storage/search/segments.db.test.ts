import { sql } from 'kysely';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSearchRequest } from '../../../src/domain/search/search.types.js';
import { createPostgresSearchProvider } from '../../../src/storage/search/postgres-search.provider.js';
import {
  buildSegment,
  createSegmentCache,
  DEFAULT_SEGMENT_SETTINGS,
  maintainSegments,
  type SegmentSettings,
} from '../../../src/storage/search/segments.js';
import { addBuilding, searchRequest } from '../../helpers/search-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * An owner's segment (its own inverted index, issue 48) answers a keyword search's count, facets and floor candidates,
 * owner-wide or in some of its buildings, and ranks them from its counts (segment-ranks.db.test.ts). Every answer must
 * be the very one the search gives by scoring every hit from `search_documents`:
 * right after the segment is built, and after documents were renamed, reclassified, added and archived and a building
 * archived since (those are answered beside the segment, from `search_documents`).
 */
describe.each(testEngines())('search segments on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let otherBuildingId: string;
  const DOCUMENTS = 900;
  const id = (g: number) => `00000000-0000-4000-8000-${String(g).padStart(12, '0')}`;

  async function addDocuments(from: number, to: number) {
    // "ventil" in most bodies (every 37th also in its name, every 23rd over and over), "glass" in every 11th, bodies
    // of a few to some hundreds of words, so that floors differ and tie
    await t.deps.database.executeSql(
      `insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key, upload_state,
         extension, discipline, building_category, is_drawing, floor)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
              case when g % 3 = 0 then $1 else $2 end, $3,
              case when g % 37 = 0 then 'Ventil ' else 'Rapport ' end || g || '.pdf',
              'FDV/' || g || '.pdf', 'k' || g, 'uploaded', case when g % 45 = 0 then '' else 'pdf' end,
              case when g % 50 = 0 then null else (array['RIV', 'ARK', 'RIE'])[1 + g % 3] end,
              (array['360', '221', '432', '320'])[1 + g % 4], g % 5 = 0,
              case when g % 5 = 0 and g % 35 <> 0 then '0' || (g % 4) end
       from generate_series($4::int, $5::int) g`,
      [otherBuildingId, seed.buildingId, seed.ownerId, from, to],
    );
    await t.deps.database.executeSql(
      `insert into document_pages (document_id, page_number, text)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 1,
              case when g % 7 = 0 then 'pumpe ' when g % 23 = 0 then repeat('ventil ', 15) else 'ventil ' end
              || case when g % 11 = 0 then 'glass ventilasjon ' else '' end
              || repeat('kontroll drift ', 1 + (g * 7919) % 250)
       from generate_series($1::int, $2::int) g`,
      [from, to],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    otherBuildingId = await addBuilding({ t, seed, name: 'Bergen Warehouse' });
    await addDocuments(1, DOCUMENTS);
  }, 180_000);
  afterAll(() => t.close());

  // every search the segment may answer goes to it (the service leaves searches of few hits and of small buildings to
  // SQL: tested below)
  // (and a search of buildings reads their rows of the common lexemes, whatever their share: tested below)
  const settings: SegmentSettings = {
    ...DEFAULT_SEGMENT_SETTINGS,
    minDocuments: 100,
    fewHits: 0,
    minScopeShare: 0,
    minScopeDocuments: 0,
    buildingRowsShare: 1,
  };
  /** a segment cache, counting the searches a segment answered (those that found its values) */
  function countingCache() {
    const cache = createSegmentCache({ db: t.deps.database.db });
    const answered = { count: 0 };
    const counted: typeof cache = {
      ...cache,
      get: async (...args) => {
        const segment = await cache.get(...args);
        if (segment !== null) answered.count++;
        return segment;
      },
    };
    return { cache, counted, answered };
  }
  /** the provider with segments, waiting for a segment's values to load */
  function withSegments(overrides: Partial<SegmentSettings> = {}) {
    const { counted, answered } = countingCache();
    const provider = createPostgresSearchProvider({
      db: t.deps.database.db,
      segments: { cache: counted, settings: { ...settings, ...overrides }, wait: true },
    });
    return { provider, answered };
  }
  const reference = () => createPostgresSearchProvider({ db: t.deps.database.db, firstPass: 'every-hit' });
  const request = (query: string, options: Partial<Omit<DocumentSearchRequest, 'query'>> = {}): DocumentSearchRequest =>
    searchRequest({ ownerId: seed.ownerId, query, ...options });
  /** searches a segment may answer: one and more terms, a prefix, a typo, facets, pages down to the rerank's depth */
  const cases = () => [
    request('ventil', { limit: 100, aggregations: true }),
    request('ventil', { offset: 480, limit: 20 }),
    request('ventil drift', { limit: 50, aggregations: true }),
    request('glass ventil kontroll', { offset: 20, limit: 30 }),
    request('ventlil', { aggregations: true }),
    // a typo's corrections in names and top lexemes lift their documents in the first pass: seen down at the depth
    request('ventlil', { offset: 470, limit: 30 }),
    request('ventilasjon', { aggregations: true, passages: true }),
    request('pumpe drift', { limit: 40 }),
    request('glass', { limit: 100, aggregations: true }),
    request('finnesikke'),
    // a building's search, and two buildings': the segment's documents of those buildings
    request('ventil', { scope: { ownerId: seed.ownerId, buildingIds: [seed.buildingId] }, aggregations: true }),
    request('ventil drift', {
      scope: { ownerId: seed.ownerId, buildingIds: [otherBuildingId] },
      offset: 20,
      limit: 30,
    }),
    request('glass ventil', { scope: { ownerId: seed.ownerId, buildingIds: [seed.buildingId, otherBuildingId] } }),
  ];

  async function expectSameAnswers(
    provider: ReturnType<typeof createPostgresSearchProvider>,
    searches: DocumentSearchRequest[] = cases(),
  ) {
    for (const searched of searches) {
      const mine = await provider.searchDocuments(searched);
      const theirs = await reference().searchDocuments(searched);
      expect({ query: searched.query, ...mine }).toEqual({ query: searched.query, ...theirs });
      // PGlite answers without I/O, through promises alone: give the event loop a turn, or this process's messages to
      // the test runner wait for the whole file (over a minute on a busy machine, when the runner gives up on them)
      await setImmediate();
    }
  }

  it('gives every answer scoring every hit gives, right after the segment is built', async () => {
    const { provider, answered } = withSegments();
    // no segment yet: every search reads search_documents (first-pass.db.test.ts holds that path to the reference on
    // every kind of search; two here)
    await expectSameAnswers(provider, cases().slice(0, 2));
    expect(answered.count).toBe(0);

    const { built } = await maintainSegments(t.deps.database.db, settings);
    expect(built).toEqual([seed.ownerId]);
    // a common word's runs are bitmaps of the segment's documents, a rarer one's lists of their numbers (migration
    // 0047): the answers below read both, and each lexeme's count is its documents'
    const runs = (
      await sql<{ lexeme: string; documents: number; bytes: number; bitmap: number }>`
        select p.lexeme, p.documents, octet_length(p.postings) as bytes, ceil(g.documents / 8.0)::int as bitmap
        from search_segment_postings p join search_segments g on g.id = p.segment_id`.execute(t.deps.database.db)
    ).rows;
    const bitmaps = runs.filter((r) => r.bytes === r.bitmap);
    expect(bitmaps.map((r) => r.lexeme)).toContain('ventil');
    expect(runs.filter((r) => r.bytes < r.bitmap && r.bytes > 0).length).toBeGreaterThan(10);
    for (const r of runs) if (r.bytes < r.bitmap) expect(r.documents).toBe(r.bytes / 4);
    expect(Math.min(...bitmaps.map((r) => r.documents))).toBeGreaterThanOrEqual(bitmaps[0]!.bitmap / 4);
    // the lexemes of at least `buildingRowsFrom` documents also have a row per building holding them (migration 0069),
    // which a search of buildings reads instead of the owner's: "ventil" in both buildings, "glass" (82) in none
    const perBuilding = (
      await sql<{ lexeme: string; building_id: string; bytes: number }>`
        select lexeme, building_id, octet_length(postings) as bytes from search_segment_building_postings`.execute(
        t.deps.database.db,
      )
    ).rows;
    const sizes = new Map(
      (
        await sql<{ building_id: string; n: number }>`select building_id, count(*)::int as n
          from search_segment_documents group by building_id`.execute(t.deps.database.db)
      ).rows.map((r) => [r.building_id, r.n]),
    );
    const common = runs.filter((r) => r.documents >= settings.buildingRowsFrom!).map((r) => r.lexeme);
    expect(common).toEqual(expect.arrayContaining(['ventil', 'drift', 'kontroll']));
    expect(new Set(perBuilding.map((r) => r.lexeme))).toEqual(new Set(common));
    expect(
      perBuilding
        .filter((r) => r.lexeme === 'ventil')
        .map((r) => r.building_id)
        .sort(),
    ).toEqual([seed.buildingId, otherBuildingId].sort());
    // the common bodies' rows are bitmaps of their building's documents, the names' lists of places
    const drift = perBuilding.filter((r) => r.lexeme === 'drift');
    expect(drift.map((r) => r.bytes)).toEqual(drift.map((r) => Math.ceil(sizes.get(r.building_id)! / 8)));
    await expectSameAnswers(provider);
    // the segment answered all but the searches that find nothing to look up
    expect(answered.count).toBeGreaterThanOrEqual(cases().length - 1);
    const first = await provider.searchDocuments(request('ventil', { aggregations: true }));
    expect(first.numberOfHits).toBeGreaterThan(700);
    expect(first.hits.some((hit) => hit.document.filename.startsWith('Ventil'))).toBe(true);

    // as the service searches: the first search of a process finds no segment listed yet and is answered from SQL,
    // looking the owners up meanwhile; once the segment is loaded, it answers
    const { cache, counted: watched, answered: loaded } = countingCache();
    const watching = createPostgresSearchProvider({ db: t.deps.database.db, segments: { cache: watched, settings } });
    expect(await watching.searchDocuments(request('ventil'))).toEqual(
      await reference().searchDocuments(request('ventil')),
    );
    expect(loaded.count).toBe(0);
    await cache.warm(seed.ownerId);
    expect(await watching.searchDocuments(request('ventil drift'))).toEqual(
      await reference().searchDocuments(request('ventil drift')),
    );
    expect(loaded.count).toBe(1);

    // an API process loads every owner's segment once it listens (the largest first, as many as its bound holds): its
    // first search is then the segment's
    const { cache: started, counted: startedCounted, answered: atStart } = countingCache();
    expect(await started.warmAll()).toEqual([seed.ownerId]);
    const afterStart = createPostgresSearchProvider({
      db: t.deps.database.db,
      segments: { cache: startedCounted, settings },
    });
    expect(await afterStart.searchDocuments(request('ventil drift'))).toEqual(
      await reference().searchDocuments(request('ventil drift')),
    );
    expect(atStart.count).toBe(1);
    expect(await createSegmentCache({ db: t.deps.database.db, maxDocuments: DOCUMENTS / 2 }).warmAll()).toEqual([]);

    // with the segment held, a search whose term is in fewer documents than `fewHits` goes to SQL, the same answer
    const routed = createPostgresSearchProvider({
      db: t.deps.database.db,
      segments: { cache: watched, settings: { ...settings, fewHits: 100 } },
    });
    for (const [query, bySegment] of [
      ['glass', 0],
      ['glass ventil', 0],
      ['ventil', 1],
      ['ventil drift', 1],
    ] as const) {
      const before = loaded.count;
      expect(await routed.searchDocuments(request(query))).toEqual(await reference().searchDocuments(request(query)));
      expect({ query, answered: loaded.count - before }).toEqual({ query, answered: bySegment });
    }
    // such a search is planned once per connection, not at every search: after five plans made for its values the
    // server keeps a generic one (its one good plan whatever the term), and the answers stay the same
    // (the reference first: PGlite has one connection, held below)
    const glass = await reference().searchDocuments(request('glass'));
    await t.deps.database.db.connection().execute(async (connection) => {
      const few = createPostgresSearchProvider({
        db: connection,
        segments: { cache: watched, settings: { ...settings, fewHits: 100 } },
      });
      for (let i = 0; i < 8; i++) expect(await few.searchDocuments(request('glass'))).toEqual(glass);
      const { rows } = await sql<{ generic: number }>`
        select coalesce(sum(generic_plans), 0)::int as generic from pg_prepared_statements
        where statement like '%from search_documents s where%'`.execute(connection);
      expect(rows[0]!.generic).toBeGreaterThanOrEqual(2);
    });
    // a search in buildings of fewer than `minScopeDocuments` documents is SQL's when the segment has rows per building
    // (the warehouse holds 300, the seed building 600: both above), and of less than `minScopeShare` of the owner's when it
    // has none (the warehouse's third)
    const byShare = createPostgresSearchProvider({
      db: t.deps.database.db,
      segments: {
        cache: watched,
        settings: { ...settings, minScopeShare: 0.5, minScopeDocuments: 200, buildingRowsShare: 0.5 },
      },
    });
    const routes = async (expected: readonly (readonly [readonly string[], number])[]) => {
      for (const [buildingIds, bySegment] of expected) {
        const before = loaded.count;
        const searched = request('ventil drift', { scope: { ownerId: seed.ownerId, buildingIds: [...buildingIds] } });
        expect(await byShare.searchDocuments(searched)).toEqual(await reference().searchDocuments(searched));
        expect({ buildingIds, answered: loaded.count - before }).toEqual({ buildingIds, answered: bySegment });
      }
    };
    await routes([
      [[otherBuildingId], 1],
      [[seed.buildingId], 1],
      [[otherBuildingId, otherBuildingId], 1],
      [[otherBuildingId, seed.buildingId], 1],
    ]);
    await buildSegment(t.deps.database.db, seed.ownerId, { buildingRowsFrom: null });
    await cache.warm(seed.ownerId);
    expect(cache.held(seed.ownerId)?.buildingRowsFrom).toBeNull();
    await routes([
      [[otherBuildingId], 0],
      [[seed.buildingId], 1],
      [[otherBuildingId, otherBuildingId], 0],
      [[otherBuildingId, seed.buildingId], 1],
    ]);
  }, 120_000);

  it('leaves the hits under a private folder out of its facets, and counts them, as SQL does', async () => {
    await buildSegment(t.deps.database.db, seed.ownerId);
    const { provider, answered } = withSegments();
    const before = await provider.searchDocuments(request('ventil', { aggregations: true }));
    // the other building (every third document) keeps FDV/3... private: 3, 30-39, 300-399 and 3xx of its documents
    await t.deps.database.executeSql(`update buildings set private_folders = '{FDV/3}' where id = $1`, [
      otherBuildingId,
    ]);
    try {
      const { rows } = await t.deps.database.executeSql(
        `select count(*) as n from documents d join search_documents s on s.document_id = d.id
         where d.building_id = $1 and d.original_path like 'FDV/3%' and s.tsv @@ 'ventil'::tsquery`,
        [otherBuildingId],
      );
      const hidden = Number(rows[0]!.n);
      expect(hidden).toBeGreaterThan(20);
      const counted = answered.count;
      const after = await provider.searchDocuments(request('ventil', { aggregations: true }));
      expect(answered.count).toBe(counted + 1);
      expect(after.numberOfHits).toBe(before.numberOfHits);
      const total = (buckets: { count: number }[]) => buckets.reduce((n, b) => n + b.count, 0);
      expect(total(after.aggregations!.category)).toBe(total(before.aggregations!.category) - hidden);
      expect(total(after.aggregations!.category)).toBe(after.numberOfHits - hidden);
      await expectSameAnswers(
        provider,
        cases().filter((c) => c.aggregations),
      );
    } finally {
      await t.deps.database.executeSql(`update buildings set private_folders = '{}' where id = $1`, [otherBuildingId]);
    }
  }, 120_000);

  it('answers documents written since the segment from search_documents, and leaves their old rows out', async () => {
    await buildSegment(t.deps.database.db, seed.ownerId);
    const { provider, answered } = withSegments();
    await t.deps.database.executeSql(
      `update documents set filename = 'Ventil omdøpt ' || filename where id = any($1::uuid[])`,
      [[1, 2, 4, 8, 16].map(id)],
    );
    await t.deps.database.executeSql(`update documents set discipline = 'RIB' where id = any($1::uuid[])`, [
      [10, 20, 30, 40].map(id),
    ]);
    await t.deps.database.executeSql(`update documents set archived_at = now() where id = any($1::uuid[])`, [
      [3, 6, 9, 12, 15, 18].map(id),
    ]);
    await addDocuments(DOCUMENTS + 1, DOCUMENTS + 40);
    const changes = await t.deps.database.executeSql(
      `select count(distinct document_id)::int as n from search_changes where building_owner_id = $1`,
      [seed.ownerId],
    );
    expect(changes.rows[0]?.n).toBe(5 + 4 + 6 + 40);
    await expectSameAnswers(provider);
    expect(answered.count).toBeGreaterThanOrEqual(cases().length - 1);
    const renamed = await provider.searchDocuments(request('omdøpt'));
    expect(renamed.hits.map((hit) => hit.document.id).sort()).toEqual([1, 2, 4, 8, 16].map(id));
    const gone = await provider.searchDocuments(request('ventil', { limit: 500 }));
    expect(gone.hits.some((hit) => [3, 6, 9].map(id).includes(hit.document.id))).toBe(false);

    // a whole building archived: its documents leave the count and the facets at once
    await t.deps.database.executeSql(`update buildings set archived_at = now() where id = $1`, [otherBuildingId]);
    try {
      await expectSameAnswers(provider);
      const left = await provider.searchDocuments(request('ventil'));
      expect(left.numberOfHits).toBeLessThan(gone.numberOfHits * 0.75);
    } finally {
      await t.deps.database.executeSql(`update buildings set archived_at = null where id = $1`, [otherBuildingId]);
    }
  }, 120_000);

  it('falls back to search_documents past the changes it may answer, and the upkeep builds it again', async () => {
    const { provider, answered } = withSegments({ maxChanges: 3 });
    await t.deps.database.executeSql(`update documents set floor = 'U1' where id = any($1::uuid[])`, [
      [5, 25, 35, 45, 55].map(id),
    ]);
    // answered from search_documents (first-pass.db.test.ts holds that path to the reference; two here)
    await expectSameAnswers(provider, cases().slice(0, 2));
    expect(answered.count).toBe(0);

    // more than 1 % of the documents were written since: built again, and the changes it holds are let go
    const { built } = await maintainSegments(t.deps.database.db, settings);
    expect(built).toEqual([seed.ownerId]);
    const segments = await t.deps.database.executeSql(
      `select count(*)::int as n from search_segments where building_owner_id = $1`,
      [seed.ownerId],
    );
    expect(segments.rows[0]?.n).toBe(2);
    await expectSameAnswers(provider);
    expect(answered.count).toBeGreaterThanOrEqual(cases().length - 1);
    // nothing new: nothing built
    expect((await maintainSegments(t.deps.database.db, settings)).built).toEqual([]);

    // fewer changes than the share, but more than half of the changes a search may answer: built again before the
    // searches fall back (a big owner's 1 % is more than maxChanges)
    await t.deps.database.executeSql(`update documents set floor = 'U2' where id = any($1::uuid[])`, [
      [5, 25, 35].map(id),
    ]);
    const lenient = { ...settings, rebuildShare: 0.5, maxChanges: 4 };
    expect((await maintainSegments(t.deps.database.db, { ...lenient, maxChanges: 6 })).built).toEqual([]);
    expect((await maintainSegments(t.deps.database.db, lenient)).built).toEqual([seed.ownerId]);
    // below half the threshold, the segments go
    const dropped = await maintainSegments(t.deps.database.db, { ...settings, minDocuments: 10_000 });
    expect(dropped.dropped).toEqual([seed.ownerId]);
    const none = await t.deps.database.executeSql(`select count(*)::int as n from search_segments`);
    expect(none.rows[0]?.n).toBe(0);
  }, 120_000);
});
