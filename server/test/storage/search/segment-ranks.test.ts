import { describe, expect, it } from 'vitest';
import { entryRank, formRanks, runReader, type CountedRow } from '../../../src/storage/search/segment-ranks.js';
import { bitmapOf } from '../../../src/storage/search/segments.js';

/**
 * A segment's run is a list of document numbers or, where more than one document in 32 holds its lexeme, a bitmap
 * (migration 0047); its counts go by the place of a document in it either way. The ranks must not depend on which form
 * a run has, nor on how many documents are ranked at once (a short list is walked, a long one searched).
 * segment-ranks.db.test.ts holds the ranks themselves to the database's.
 */
describe("ranks from a segment's runs", () => {
  const DOCUMENTS = 1000;
  /** a reproducible choice of documents: every one whose hash falls under `share` */
  const chosen = (seed: number, share: number) =>
    Array.from({ length: DOCUMENTS }, (_, i) => i).filter(
      (i) => ((i * 2654435761 + seed * 40503) >>> 0) % 1000 < share * 1000,
    );
  const list = (ordinals: readonly number[]) => {
    const bytes = Buffer.alloc(4 * ordinals.length);
    ordinals.forEach((ordinal, k) => bytes.writeInt32BE(ordinal, 4 * k));
    return bytes;
  };

  it('finds a document at the same place in a list and in its bitmap', () => {
    for (const share of [0.001, 0.02, 0.3, 1]) {
      const ordinals = chosen(7, share);
      const asList = runReader(list(ordinals), DOCUMENTS);
      const asBitmap = runReader(bitmapOf(list(ordinals), DOCUMENTS), DOCUMENTS);
      expect(asBitmap.length).toBe(ordinals.length);
      expect(asList.length).toBe(ordinals.length);
      for (let i = 0; i < DOCUMENTS; i++) {
        const expected = ordinals.indexOf(i);
        expect([asList.indexOf(i), asBitmap.indexOf(i)]).toEqual([expected, expected]);
      }
    }
  });

  it('ranks alike whatever form the runs have and however many documents are ranked', () => {
    const rows = (bitmaps: boolean): CountedRow[] =>
      ['ventil', 'ventilasjon', 'ventilator', 'vindu'].map((lexeme, k) => {
        const postings = chosen(k, 0.05 + 0.2 * k);
        const headA = postings.filter((_, i) => i % 5 === 0);
        const headB = postings.filter((_, i) => i % 7 === 0);
        const form = (ordinals: number[]) => (bitmaps ? bitmapOf(list(ordinals), DOCUMENTS) : list(ordinals));
        return {
          lexeme,
          postings: form(postings),
          // positions: 1 to 256 (a byte less one), with room for the head's
          counts: Uint8Array.from(postings, (ordinal) => 2 + ((ordinal * 31) % 250)),
          headA: form(headA),
          headACounts: Uint8Array.from(headA, (ordinal) => ordinal % 3),
          headB: form(headB),
          // no counts: each is 1
          headBCounts: new Uint8Array(0),
        };
      });
    const form = { exact: ['vindu'], prefixes: ['ventil'] };
    const all = Array.from({ length: DOCUMENTS }, (_, i) => i);
    const few = all.filter((i) => i % 97 === 3);
    const ranked = (bitmaps: boolean, ordinals: number[]) =>
      Array.from(formRanks({ form, rows: rows(bitmaps), documents: DOCUMENTS, ordinals })!);
    const every = ranked(false, all);
    expect(ranked(true, all)).toEqual(every);
    expect(ranked(false, few)).toEqual(few.map((i) => every[i]));
    expect(ranked(true, few)).toEqual(few.map((i) => every[i]));
    // the ranks differ as the counts do, and a document holding none of the lexemes ranks 0
    expect(new Set(every).size).toBeGreaterThan(100);
    expect(every.filter((rank) => rank === 0).length).toBeGreaterThan(0);
  });

  it("adds a lexeme's positions as ts_rank does: each weighs less than the one before, a heavier one counts first", () => {
    // one position of weight D: 0.5 / 1.64493406685, in float4 steps
    expect(entryRank(1, 0, 0)).toBeCloseTo(0.5 / 1.64493406685, 7);
    expect(entryRank(2, 0, 0)).toBeGreaterThan(entryRank(1, 0, 0));
    expect(entryRank(256, 0, 0) - entryRank(255, 0, 0)).toBeLessThan(entryRank(2, 0, 0) - entryRank(1, 0, 0));
    // a head position lifts it most: its weight counts in full, wherever it stands
    expect(entryRank(3, 1, 0)).toBeGreaterThan(entryRank(3, 0, 1));
    expect(entryRank(3, 0, 1)).toBeGreaterThan(entryRank(4, 0, 0));
  });
});
