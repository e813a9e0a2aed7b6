import { describe, expect, it } from 'vitest';
import { lengthNormOf } from '../../../src/storage/search/ranking.js';
import { firstPassCandidates } from '../../../src/storage/search/segments.js';

/**
 * A segment's first-pass candidates must hold every hit the first pass can put among its best `depth`: ordered by
 * the rounded first-pass score (ranking.ts's roughScore), then by id. Most hits score their floor, which only their
 * body length sets; long bodies (tens of thousands of words) round to the same floor across several lengths, so a hit
 * longer than the depth's last one can still come before it by its id. A few hold a term in their head or top (the
 * presence tests), and a few were written since the segment and come as rows of their own.
 */
describe('a segment’s first-pass candidates', () => {
  /** a deterministic stream of numbers in [0, 1) */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  type Terms = { idf: number; alternatives: string | null }[];

  /** the first pass's score as the SQL of roughScore reads, written out here: per term and per test 0 or 1 */
  function reference(terms: Terms, presence: boolean[][], length: number): number {
    let sum = 0;
    terms.forEach((term, t) => {
      const p = presence[t]!.map((held) => (held ? 1 : 0));
      const alternatives = term.alternatives ? 0.4 * (0.3 * p[3]! + 0.1 * p[4]! + 0.1 * p[5]!) : 0;
      sum += term.idf * (0.5 + (0.3 * p[0]! + 0.1 * p[1]! + 0.1 * p[2]!) + alternatives);
    });
    return Math.round(sum * lengthNormOf(length) * 1_000_000);
  }

  function segmentOf(params: { seed: number; size: number; terms: Terms; boostShare: number; written: number }) {
    const next = random(params.seed);
    const presenceOf = () =>
      params.terms.map((term) =>
        Array.from({ length: 6 }, (_, test) => (test < 3 || term.alternatives !== null) && next() < params.boostShare),
      );
    const documents = Array.from({ length: params.size }, (_, i) => ({
      id: `${Math.floor(next() * 1e9)}-${i}`.padStart(14, '0'),
      length: 60_000 + Math.floor(next() * 400),
      hit: next() < 0.6,
      presence: presenceOf(),
    }));
    // as a segment numbers them: by body length, then id
    documents.sort((a, b) => a.length - b.length || (a.id < b.id ? -1 : 1));
    const words = Math.ceil(params.size / 32);
    const hits = new Uint32Array(words);
    const presence = params.terms.map(() => Array.from({ length: 6 }, () => new Uint32Array(words)));
    documents.forEach((d, i) => {
      if (!d.hit) return;
      hits[i >>> 5]! |= 1 << (i & 31);
      d.presence.forEach((tests, t) =>
        tests.forEach((held, test) => {
          if (held) presence[t]![test]![i >>> 5]! |= 1 << (i & 31);
        }),
      );
    });
    const written = Array.from({ length: params.written }, (_, i) => ({
      documentId: `w${String(i).padStart(13, '0')}`,
      bodyLength: 60_000 + Math.floor(next() * 400),
      presence: presenceOf(),
    }));
    return {
      all: [
        ...documents.filter((d) => d.hit),
        ...written.map((w) => ({ id: w.documentId, length: w.bodyLength, presence: w.presence })),
      ],
      input: {
        hits,
        presence,
        bodyLength: Int32Array.from(documents.map((d) => d.length)),
        idAt: (i: number) => documents[i]!.id,
        written,
      },
    };
  }

  const cases: { terms: Terms; boostShare: number; written: number }[] = [
    { terms: [{ idf: 1, alternatives: null }], boostShare: 0, written: 0 },
    { terms: [{ idf: 1, alternatives: null }], boostShare: 0.02, written: 30 },
    {
      terms: [
        { idf: 1.7, alternatives: "'x'" },
        { idf: 0.4, alternatives: null },
      ],
      boostShare: 0.01,
      written: 10,
    },
    { terms: [{ idf: 0.9, alternatives: "'y'" }], boostShare: 0.3, written: 0 },
  ];

  it('holds the best hits by rounded score and id, ties across body lengths and boosted hits included', () => {
    let crossLengthTies = 0;
    let boostedAmongBest = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const c of cases) {
        const { all, input } = segmentOf({ seed, size: 3_000, ...c });
        const depth = 500;
        const score = (d: (typeof all)[number]) => reference(c.terms, d.presence, d.length);
        const best = [...all].sort((a, b) => score(b) - score(a) || (a.id < b.id ? -1 : 1)).slice(0, depth);
        const candidates = firstPassCandidates({ ...input, depth, terms: c.terms });
        expect(candidates.length).toBeGreaterThanOrEqual(depth);
        expect(candidates.length).toBeLessThan(depth + 100);
        const held = new Map(candidates.map((x) => [x.documentId, x.boosted]));
        expect(best.filter((d) => !held.has(d.id)).map((d) => d.id)).toEqual([]);
        // boosted exactly when a presence test holds: only those have their head and top read
        for (const d of all.filter((x) => held.has(x.id)))
          expect(held.get(d.id)).toBe(d.presence.some((tests) => tests.some(Boolean)));
        const isBoosted = (d: (typeof all)[number]) => d.presence.some((tests) => tests.some(Boolean));
        boostedAmongBest += best.filter(isBoosted).length;
        // the depth's last floor hit by body length is not the last by score and id: a longer one came first
        const floors = best.filter((d) => !isBoosted(d));
        const longest = Math.max(...floors.map((d) => d.length));
        const shortestOut = all.filter((d) => !isBoosted(d) && !best.includes(d)).map((d) => d.length);
        if (longest > Math.min(...shortestOut)) crossLengthTies++;
      }
    }
    // the cases hold such ties and boosted hits, or the test would not test them
    expect(crossLengthTies).toBeGreaterThan(3);
    expect(boostedAmongBest).toBeGreaterThan(100);
  });

  it('takes every hit when there are fewer than the depth', () => {
    const terms = [{ idf: 1, alternatives: null }];
    const { all, input } = segmentOf({ seed: 9, size: 400, terms, boostShare: 0.05, written: 5 });
    const candidates = firstPassCandidates({ ...input, depth: 500, terms });
    expect(candidates.map((c) => c.documentId).sort()).toEqual(all.map((d) => d.id).sort());
  });
});
