import { describe, expect, it } from 'vitest';
import { lengthNormOf } from '../../../src/storage/search/ranking.js';
import { floorCandidates } from '../../../src/storage/search/segments.js';

/**
 * A segment's floor candidates must hold every hit the first pass can put among its best `depth` by floor alone:
 * ordered by the rounded floor, then by id. Long bodies (tens of thousands of words) round to the same floor across
 * several lengths, so a hit longer than the depth's last one can still come before it by its id.
 */
describe('a segment’s floor candidates', () => {
  /** a deterministic stream of numbers in [0, 1) */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  function segmentOf(seed: number, size: number) {
    const next = random(seed);
    const documents = Array.from({ length: size }, (_, i) => ({
      id: `${Math.floor(next() * 1e9)}-${i}`.padStart(14, '0'),
      length: 60_000 + Math.floor(next() * 400),
      hit: next() < 0.6,
    }));
    // as a segment numbers them: by body length, then id
    documents.sort((a, b) => a.length - b.length || (a.id < b.id ? -1 : 1));
    const bits = new Uint32Array(Math.ceil(size / 32));
    documents.forEach((d, i) => {
      if (d.hit) bits[i >>> 5]! |= 1 << (i & 31);
    });
    return {
      documents,
      bits,
      bodyLength: Int32Array.from(documents.map((d) => d.length)),
      idAt: (i: number) => documents[i]!.id,
    };
  }

  it('holds the best hits by rounded floor and id, ties across body lengths included', () => {
    let crossLengthTies = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const terms of [[{ idf: 1 }], [{ idf: 1.7 }, { idf: 0.4 }]]) {
        const { documents, bits, bodyLength, idAt } = segmentOf(seed, 3_000);
        const depth = 500;
        const sum = terms.reduce((s, t) => s + t.idf * 0.5, 0);
        const floor = (length: number) => Math.round(sum * lengthNormOf(length) * 1_000_000);
        const best = documents
          .filter((d) => d.hit)
          .sort((a, b) => floor(b.length) - floor(a.length) || (a.id < b.id ? -1 : 1))
          .slice(0, depth);
        const candidates = floorCandidates({ bits, bodyLength, idAt, depth, terms });
        expect(candidates.length).toBeGreaterThanOrEqual(depth);
        expect(candidates.length).toBeLessThan(depth + 60);
        const held = new Set(candidates);
        expect(best.filter((d) => !held.has(d.id))).toEqual([]);
        // the depth's last hit by body length is not the last by floor and id: a longer one came first
        const longest = Math.max(...best.map((d) => d.length));
        const shortestOut = documents.filter((d) => d.hit && !best.includes(d)).map((d) => d.length);
        if (longest > Math.min(...shortestOut)) crossLengthTies++;
      }
    }
    // the cases hold such ties, or the test would not test them
    expect(crossLengthTies).toBeGreaterThan(3);
  });

  it('takes every hit when there are fewer than the depth', () => {
    const { documents, bits, bodyLength, idAt } = segmentOf(9, 400);
    const candidates = floorCandidates({ bits, bodyLength, idAt, depth: 500, terms: [{ idf: 1 }] });
    expect(candidates).toEqual(documents.filter((d) => d.hit).map((d) => d.id));
  });
});
