import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysedTerm } from '../../../src/storage/search/query-analysis.js';
import {
  exactScoreOf,
  lengthNorm,
  presenceTests,
  rint,
  roughScore,
  roughScoreOf,
  roundedRough,
  roundedScoreOf,
  rounded,
  scoreFromRanks,
  termRanks,
} from '../../../src/storage/search/ranking.js';
import {
  answerFromSegment,
  buildSegment,
  createSegmentCache,
  DEFAULT_SEGMENT_SETTINGS,
  type FirstPassCandidate,
} from '../../../src/storage/search/segments.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * A search the owner's segment answers ranks its candidates in this process, from the counts its postings carry
 * (segment-ranks.ts): `ts_rank` of every term's exact form and alternatives must be the database's own to the last bit,
 * and the presence tests and body lengths those of `search_documents`, or the page would differ from the one ranking
 * their vectors gives. Here for every document of an owner whose documents hold a word in their body only, in their
 * name (weight A, once and twice), in their folder (weight B), in their head only, more than the 256 times a vector
 * keeps, and past the 16,383rd word, where a vector's positions stop counting.
 */
describe.each(testEngines())('ranks from a segment on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const DOCUMENTS = 160;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    await t.deps.database.executeSql(
      `insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key, upload_state,
         extension)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, $1, $2,
              case when g % 7 = 0 then 'Ventil ventil ' when g % 3 = 0 then 'Ventilasjon ' else 'Rapport ' end
                || g || '.pdf',
              case when g % 5 = 0 then 'Ventil/' else 'FDV/' end || g || '.pdf', 'k' || g, 'uploaded', 'pdf'
       from generate_series(1, $3::int) g`,
      [seed.buildingId, seed.ownerId, DOCUMENTS],
    );
    // a body: "ventil" (g * 13) % 300 times among other words, "ventilasjon" and "ventilator" in some; the first
    // documents have no body (their head alone), a body past 16,383 words, 260 "ventil"s
    await t.deps.database.executeSql(
      `insert into document_pages (document_id, page_number, text)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 1,
              case when g = 4 then repeat('drift ', 16500) || 'ventil ventil ventilasjon'
                   when g = 5 then repeat('ventil ', 260)
                   else repeat('ventil drift ', (g * 13) % 300) || repeat('ventilasjon ', g % 4)
                     || case when g % 6 = 0 then 'ventilator kontroll' else 'kontroll' end end
       from generate_series(4, $1::int) g`,
      [DOCUMENTS],
    );
    await buildSegment(t.deps.database.db, seed.ownerId);
  }, 180_000);
  afterAll(() => t.close());

  const term = (exact: string, alternatives: string | null): AnalysedTerm => ({
    exact,
    alternatives,
    match: alternatives === null ? exact : `${exact} | ${alternatives}`,
    both: exact,
  });

  /** the segment's answer for `terms` owner-wide, and every document of the segment as a candidate */
  async function answered(terms: AnalysedTerm[]) {
    const cache = createSegmentCache({ db: t.deps.database.db });
    const answer = await answerFromSegment({
      db: t.deps.database.db,
      cache,
      ownerId: seed.ownerId,
      terms,
      scope: sql<boolean>`s.building_owner_id = ${seed.ownerId}`,
      buildings: null,
      aggregations: false,
      ranks: true,
      settings: DEFAULT_SEGMENT_SETTINGS,
      wait: true,
    });
    const segment = cache.held(seed.ownerId);
    if (answer === null || segment === null) throw new Error('the segment did not answer');
    const candidates: FirstPassCandidate[] = Array.from({ length: segment.size }, (_, ordinal) => ({
      documentId: segment.idAt(ordinal),
      boosted: false,
      ordinal,
    }));
    return { answer, candidates };
  }

  it('gives every document the ranks, presence tests and length the database gives it', async () => {
    // the fixture reaches what it is meant to: positions cut at 256 and at the 16,383rd word, head weights cut off
    const vectors = (
      await sql<{ positions: number; last: number }>`select max(cardinality(v.positions))::int as positions,
          max(v.positions[cardinality(v.positions)])::int as last
        from search_documents s cross join unnest(s.tsv) v where v.lexeme = 'ventil'`.execute(t.deps.database.db)
    ).rows[0];
    expect(vectors).toEqual({ positions: 256, last: 16383 });

    const queries: AnalysedTerm[][] = [
      [term(`'ventil'`, null)],
      // an alternative that is also a prefix of others: "ventilasjon" is found once whole and once by the prefix
      [term(`'ventil'`, `'ventilasjon' | 'ventil':*`), term(`'drift'`, null)],
      [term(`'vent':*`, `'kontroll' | 'ventilator'`)],
      [term(`'ventilasjon'`, `'ventilator'`), term(`'kontroll'`, `'ventil'`)],
    ];
    for (const terms of queries) {
      const { answer, candidates } = await answered(terms);
      const inputs = answer.rankInputs(candidates);
      expect(inputs).not.toBeNull();
      const weighted = terms.map((t) => ({ ...t, idf: 1 }));
      const theirs = (
        await sql<{ document_id: string; r: number[]; presence: boolean[]; body_length: number; norm: number }>`
          select s.document_id, ${termRanks({ vector: sql`s.tsv`, terms: weighted })} as r,
            array[${sql.join(terms.flatMap((term) => presenceTests({ alias: 's', term })))}]::boolean[] as presence,
            s.body_length, ${lengthNorm(sql`s.body_length`)} as norm
          from search_documents s where s.building_owner_id = ${seed.ownerId}`.execute(t.deps.database.db)
      ).rows;
      const byId = new Map(theirs.map((row) => [row.document_id, row]));
      expect(byId.size).toBe(candidates.length);
      const differing = candidates.flatMap((candidate, k) => {
        const row = byId.get(candidate.documentId)!;
        const mine = inputs![k];
        // presence comes kept to the hits: a document without every term passes none
        const hit = row.r.every((_, i) => i % 2 === 1 || row.r[i]! + row.r[i + 1]! > 0);
        const expected = {
          bodyLength: row.body_length,
          norm: Number(row.norm),
          presence: row.presence.map((passed) => (passed && hit ? 1 : 0)),
          ranks: row.r.map(Number),
        };
        return JSON.stringify(mine) === JSON.stringify(expected)
          ? []
          : [{ document: candidate.documentId, mine, expected }];
      });
      expect({ query: terms.map((t) => t.match), differing: differing.slice(0, 3) }).toEqual({
        query: terms.map((t) => t.match),
        differing: [],
      });
      // not every rank is alike: the counts matter
      expect(new Set(inputs!.map((x) => JSON.stringify(x?.ranks))).size).toBeGreaterThan(20);
    }
  });

  it("scores every hit in this process as the search's statement does, to the last bit", async () => {
    // a segment's candidates are ranked in this process when it ranked them all (the provider's pageInProcess): the
    // first pass's score and the exact one must be those of the statement's expressions, or the page would differ
    const queries: AnalysedTerm[][] = [
      [term(`'ventil'`, null)],
      [term(`'ventil'`, `'ventilasjon' | 'ventil':*`), term(`'drift'`, null)],
      [term(`'ventilasjon'`, `'ventilator'`), term(`'kontroll'`, `'ventil'`)],
    ];
    for (const terms of queries) {
      const { answer, candidates } = await answered(terms);
      const inputs = answer.rankInputs(candidates)!;
      const weighted = terms.map((t, i) => ({ ...t, idf: Math.log(1 + (DOCUMENTS - 20 * i + 0.5) / (37 + 0.5)) }));
      const theirs = (
        await sql<{ document_id: string; rough: number; exact: number }>`
          select s.document_id, ${roundedRough(roughScore({ alias: 's', terms: weighted }))} as rough,
            ${rounded(sql`${scoreFromRanks({ ranks: sql`(${termRanks({ vector: sql`s.tsv`, terms: weighted })})`, terms: weighted })} * ${lengthNorm(sql`s.body_length`)}`)} as exact
          from search_documents s where s.building_owner_id = ${seed.ownerId}
            and ${sql.join(
              terms.map((term) => sql`s.tsv @@ ${term.match}::tsquery`),
              sql` and `,
            )}`.execute(t.deps.database.db)
      ).rows;
      const byId = new Map(theirs.map((row) => [row.document_id, row]));
      expect(byId.size).toBeGreaterThan(20);
      const differing = candidates.flatMap((candidate, k) => {
        const row = byId.get(candidate.documentId);
        const input = inputs[k];
        if (row === undefined || !input) return [];
        const mine = {
          rough: rint(
            roughScoreOf({
              terms: weighted,
              presence: (term, test) => input.presence[6 * term + test]!,
              length: input.bodyLength,
              norm: input.norm,
            }),
          ),
          exact: roundedScoreOf(exactScoreOf({ terms: weighted, ranks: input.ranks, norm: input.norm })),
        };
        const expected = { rough: Number(row.rough), exact: Number(row.exact) };
        return Object.is(mine.rough, expected.rough) && Object.is(mine.exact, expected.exact)
          ? []
          : [{ document: candidate.documentId, mine, expected }];
      });
      expect({ query: terms.map((t) => t.match), differing: differing.slice(0, 3) }).toEqual({
        query: terms.map((t) => t.match),
        differing: [],
      });
    }
  });

  it('rounds as the database rounds a score, halves included', async () => {
    // a score's rounding to millionths (through numeric's 15 digits) and the first pass's (float8's, a half to even)
    let seedValue = 7;
    const random = () => {
      seedValue = (seedValue * 48271) % 2147483647;
      return seedValue / 2147483647;
    };
    /** the double `steps` doubles away from `value` */
    const near = (value: number, steps: number) => {
      const view = new DataView(new ArrayBuffer(8));
      view.setFloat64(0, value);
      view.setBigUint64(0, view.getBigUint64(0) + BigInt(steps));
      return view.getFloat64(0);
    };
    // numeric halves at the 7th decimal and the doubles around them: their 15 digits are the half, their 17 are not
    const halves = [0.1234565, 0.0000025, 1.0000005, 12.3456785, 0.0009995, 3.1415925];
    const values = [
      ...Array.from({ length: 3000 }, () => 10 ** (random() * 10 - 7)),
      ...halves.flatMap((half) => [-3, -2, -1, 0, 1, 2, 3].map((steps) => near(half, steps))),
      // halves of an integer for the first pass's round
      0.5,
      1.5,
      2.5,
      1234567.5,
      0,
    ];
    const rows = (
      await sql<{ millionths: number; first: number; whole: number }>`
        select round(u.x::numeric, 6)::float8 as millionths, round(u.x * 1000000) as first, round(u.x) as whole
        from unnest(${values}::float8[]) with ordinality as u (x, k) order by u.k`.execute(t.deps.database.db)
    ).rows;
    const differing = values.flatMap((value, k) => {
      const row = rows[k]!;
      const mine = { millionths: roundedScoreOf(value), first: rint(value * 1_000_000), whole: rint(value) };
      const expected = { millionths: Number(row.millionths), first: Number(row.first), whole: Number(row.whole) };
      return Object.is(mine.millionths, expected.millionths) &&
        Object.is(mine.first, expected.first) &&
        Object.is(mine.whole, expected.whole)
        ? []
        : [{ value, mine, expected }];
    });
    expect(differing.slice(0, 5)).toEqual([]);
    // a double exactly halfway between two 15-digit decimals is left to the database
    expect(roundedScoreOf(1.5 + 2 ** -15)).toBeNull();
  });

  it('leaves the ranking to the database where its order of operands is not set', async () => {
    // a whole lexeme and the same as a prefix: PostgreSQL keeps one of the two, either
    const { answer, candidates } = await answered([term(`'ventil' | 'ventil':*`, null)]);
    expect(answer.rankInputs(candidates)).toBeNull();
  });
});
