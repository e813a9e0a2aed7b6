import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSearchProvider } from '../../../src/storage/search/postgres-search.provider.js';
import { searchRequest } from '../../helpers/search-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';
import { recording, type Recorded } from '../../../bench/search-recording.js';

/**
 * Every statement a search sends to the database is a round trip, and under load each costs more than a rare term's
 * whole search (issue 48). These tests pin how many a search makes, so they do not creep back.
 */

describe.each(testEngines())('round trips of a search on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    const extinguishers = await t.upload({
      seed,
      filename: 'FDV/Brannslukkere.txt',
      bytes: Buffer.from('Brannslukkerne i 2. etasje kontrolleres årlig. Sjekk trykket på hver brannslukker.'),
    });
    const ventilation = await t.upload({
      seed,
      filename: 'FDV/Ventilasjon.txt',
      bytes: Buffer.from('Ventilasjonsaggregatet skal ha filterbytte hver sjette måned.'),
    });
    const drawing = await t.upload({
      seed,
      filename: 'Tegninger/ARK-A-20-001 Plan 1. etasje.txt',
      bytes: Buffer.from('Plan første etasje med rømningsveier.'),
    });
    await t.waitForProcessing([extinguishers, ventilation, drawing]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const requestOf = (params: { query: string; buildingIds: string[] | null; passages?: boolean }) =>
    searchRequest({
      ownerId: seed.ownerId,
      query: params.query,
      scope: { ownerId: seed.ownerId, buildingIds: params.buildingIds },
      ...(params.passages ? { passages: true } : {}),
    });

  const search = async (params: {
    query: string;
    buildingIds: string[] | null;
    passages?: boolean;
    parallel?: boolean;
  }) => {
    const recorded: Recorded[] = [];
    const db = recording(t.deps.database.db, recorded);
    const request = requestOf(params);
    const result = await createPostgresSearchProvider({ db, parallel: params.parallel === true }).searchDocuments(
      request,
    );
    // waits until the connection is back in the pool, its settings put back
    await db.destroy();
    // the text of every statement sent, begin and commit included
    const statements = recorded.map((statement) => statement.sql.replace(/\s+/g, ' ').trim());
    return { result, statements };
  };

  it('an owner-wide search for a word the owner uses: the analysis with its expansion, the search with its documents, then the settings put back; no transaction', async () => {
    const { result, statements } = await search({ query: 'filterbytte', buildingIds: null });
    expect(result.hits).toHaveLength(1);
    expect(result.hits[0]?.document.filename).toContain('Ventilasjon');
    expect(statements).toHaveLength(3);
    expect(statements).not.toContain('begin');
    // the planner settings ride on the analysis, for the session, not a statement of their own; the analysis is
    // prepared (planned once per connection on the server)
    expect(statements[0]).toContain('set_config($');
    expect(statements[0]).toContain('current_setting($');
    expect(statements[0]?.startsWith('/* prepared */')).toBe(true);
    // the word's typo candidates and compounds are looked up by the analysis too, not by a statement of their own
    expect(statements[0]).toContain('search_lexemes');
    // the search sets nothing (a statement calling set_config gets no parallel plan); the page's documents come in the
    // same statement, through a function whose own statement the server plans once per connection (joined into the
    // search as tables they cost more to plan than the rest of a rare term's search to run; in a statement of their
    // own they were a round trip more); the settings go back in a statement after it
    expect(statements[1]).toContain('search_total');
    expect(statements[1]).not.toContain('set_config');
    expect(statements[1]).toContain('search_page_documents(');
    expect(statements[1]).not.toContain('from "documents" as "d"');
    expect(statements[2]).toContain('as "restored_0"');
  });

  it('with parallel (the server), an owner-wide search also lowers the parallel costs, puts them back after, and answers the same', async () => {
    const parallel = await search({ query: 'filterbytte', buildingIds: null, parallel: true });
    const serial = await search({ query: 'filterbytte', buildingIds: null });
    expect(parallel.result).toEqual(serial.result);
    expect(parallel.statements).toHaveLength(3);
    // the settings' names are parameters: count the values set, two more with the parallel costs
    const sets = (statement: string | undefined) => (statement ?? '').split('set_config(').length - 1;
    expect(sets(serial.statements[0])).toBe(2);
    expect(sets(parallel.statements[0])).toBe(4);
    expect(sets(parallel.statements[2])).toBe(4);
    // one building's hits are too few to share with a worker: its settings are those of PGlite
    const building = await search({ query: 'filterbytte', buildingIds: [seed.buildingId], parallel: true });
    expect(building.result.hits).toHaveLength(1);
    expect(sets(building.statements[0])).toBe(2);
  });

  it('a misspelt word costs no extra round trip: its corrections and the known-word check are inside the analysis', async () => {
    const { result, statements } = await search({ query: 'filterbyte', buildingIds: null });
    expect(result.hits).toHaveLength(1);
    expect(statements).toHaveLength(3);
  });

  it('a drawing number has no typo or compound expansion: two statements before the answer', async () => {
    const { result, statements } = await search({ query: 'ARK-A-20-001', buildingIds: null });
    expect(result.hits).toHaveLength(1);
    expect(statements).toHaveLength(3);
    expect(statements[1]).toContain('search_total');
  });

  it("one building's search looks its building up in the analysis: no round trip more than owner-wide", async () => {
    const { result, statements } = await search({ query: 'brannslukker', buildingIds: [seed.buildingId] });
    expect(result.hits.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toContain('from buildings b');
  });

  it('goes on answering on the same connection when a migration adds a column to the documents it returns', async () => {
    await t.deps.database.db.connection().execute(async (connection) => {
      const provider = createPostgresSearchProvider({ db: connection });
      const before = await provider.searchDocuments(requestOf({ query: 'filterbytte', buildingIds: null }));
      expect(before.hits).toHaveLength(1);
      // the search statement, parsed once on this connection, returns the documents' columns: a new one changes its
      // result under it
      await sql`alter table documents add column probe_note text`.execute(connection);
      try {
        const after = await provider.searchDocuments(requestOf({ query: 'filterbytte', buildingIds: null }));
        expect(after).toEqual(before);
      } finally {
        await sql`alter table documents drop column probe_note`.execute(connection);
      }
      expect(await provider.searchDocuments(requestOf({ query: 'filterbytte', buildingIds: null }))).toEqual(before);
    });
  });

  it('a search leaves the connection with the planner settings it found, whether it ends early, with passages or not', async () => {
    await t.deps.database.db.connection().execute(async (connection) => {
      const settings = async () =>
        (
          await sql<{ seqscan: string; jit: string; setup: string; tuple: string }>`select
            current_setting('enable_seqscan') as seqscan, current_setting('jit') as jit,
            current_setting('parallel_setup_cost') as setup, current_setting('parallel_tuple_cost') as tuple`.execute(
            connection,
          )
        ).rows[0];
      const before = await settings();
      expect(before).toEqual({ seqscan: 'on', jit: expect.any(String), setup: '1000', tuple: '0.1' });
      // the settings go back after the answer, on the same connection: the next statement on it finds them back
      const provider = createPostgresSearchProvider({ db: connection, parallel: true });
      const found = await provider.searchDocuments(requestOf({ query: 'filterbytte', buildingIds: null }));
      expect(found.hits).toHaveLength(1);
      expect(await settings()).toEqual(before);
      // no live building: the search ends after the analysis, without a search statement to carry the settings back
      const none = await provider.searchDocuments(
        requestOf({ query: 'filterbytte', buildingIds: ['no-such-building'] }),
      );
      expect(none.numberOfHits).toBe(0);
      expect(await settings()).toEqual(before);
      const withPassages = await provider.searchDocuments(
        requestOf({ query: 'brannslukker', buildingIds: null, passages: true }),
      );
      expect(withPassages.hits[0]?.passages?.length).toBeGreaterThan(0);
      expect(await settings()).toEqual(before);
    });
  });
});
