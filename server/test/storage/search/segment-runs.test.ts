import { describe, expect, it } from 'vitest';
import { bitmapBytes } from '../../../src/storage/search/segment-ranks.js';
import {
  bitmapOf,
  buildingRuns,
  inSegmentNumbers,
  orRun,
  segmentNumbers,
} from '../../../src/storage/search/segments.js';

/** a run as a list of ordinals: int4, big-endian, ascending */
function listRun(ordinals: readonly number[]): Uint8Array {
  const run = Buffer.alloc(4 * ordinals.length);
  ordinals.forEach((ordinal, i) => run.writeInt32BE(ordinal, 4 * i));
  return run;
}

/** a run as a bitmap, written byte by byte as the migration states it: ordinal i is bit i % 8 of byte i / 8 */
function bitmapRun(ordinals: readonly number[], documents: number): Uint8Array {
  const run = Buffer.alloc(bitmapBytes(documents));
  for (const ordinal of ordinals) run[Math.floor(ordinal / 8)] = run[Math.floor(ordinal / 8)]! | (1 << (ordinal % 8));
  return run;
}

function setOf(bits: Uint32Array, documents: number): number[] {
  const set: number[] = [];
  for (let i = 0; i < documents; i++) if ((bits[Math.floor(i / 32)]! >>> (i % 32)) & 1) set.push(i);
  return set;
}

describe("a segment's runs", () => {
  let state = 11;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;

  // sizes that end inside a byte, on a byte, inside a word and on one: the bitmap's last bytes are read one by one
  it.each([1, 7, 8, 9, 31, 32, 33, 63, 100, 1_000, 4_099])(
    'reads %i documents alike as a list and as a bitmap',
    (n) => {
      for (const share of [0.01, 0.3, 1]) {
        const ordinals = Array.from({ length: n }, (_, i) => i).filter(() => next() < share);
        const words = Math.ceil(n / 32);
        const fromBitmap = new Uint32Array(words);
        orRun(fromBitmap, bitmapRun(ordinals, n), n);
        expect(setOf(fromBitmap, n)).toEqual(ordinals);
        // a list shorter than the bitmap is read as numbers (a longer one is never stored: buildSegment makes it a bitmap)
        if (4 * ordinals.length < bitmapBytes(n)) {
          const fromList = new Uint32Array(words);
          orRun(fromList, listRun(ordinals), n);
          expect(fromList).toEqual(fromBitmap);
        }
      }
    },
  );

  // what buildSegment stores for a long list; a list exactly as long as the bitmap (one document of 32, two of 64, a
  // word in 18,750 of 600,000) must become the bitmap too, or it would be read as one
  it.each([
    [32, [7]],
    [64, [0, 63]],
    [100, [1, 2, 3, 50, 99]],
    [1_000, Array.from({ length: 400 }, (_, i) => 2 * i + 1)],
  ])('writes a list of %i documents as the bitmap the reader reads', (n, ordinals) => {
    const bitmap = bitmapOf(listRun(ordinals), n);
    expect([...bitmap]).toEqual([...bitmapRun(ordinals, n)]);
    const bits = new Uint32Array(Math.ceil(n / 32));
    orRun(bits, bitmap, n);
    expect(setOf(bits, n)).toEqual(ordinals);
  });

  it('adds to the bits already set, as the lexemes of a prefix are OR-ed', () => {
    const n = 70;
    const bits = new Uint32Array(Math.ceil(n / 32));
    orRun(bits, listRun([3]), n);
    orRun(bits, bitmapRun([0, 31, 32, 69], n), n);
    orRun(bits, listRun([40]), n);
    expect(setOf(bits, n)).toEqual([0, 3, 31, 32, 40, 69]);
  });

  // migration 0069: a common lexeme's runs cut per building, read back in the segment's numbers with their counts
  it.each([
    [3, 1_000, 0.5],
    [5, 2_000, 0.02],
    [1, 64, 1],
  ])('cuts runs into %i buildings of %i documents (share %f) and reads them back as they were', (count, n, share) => {
    const buildingOf = Int32Array.from({ length: n }, () => Math.floor(next() * count));
    const placeOf = new Int32Array(n);
    const sizes = new Array<number>(count).fill(0);
    for (let i = 0; i < n; i++) placeOf[i] = sizes[buildingOf[i]!]!++;
    const ordinalsIn = (b: number) => Int32Array.from({ length: n }, (_, i) => i).filter((i) => buildingOf[i] === b);
    const postings = Array.from({ length: n }, (_, i) => i).filter(() => next() < share);
    const headA = postings.filter(() => next() < 0.1);
    const row = {
      postings: listRun(postings),
      counts: Buffer.from(postings.map((i) => i % 7)),
      head_a: listRun(headA),
      head_a_counts: Buffer.from(headA.map((i) => 1 + (i % 3))),
      head_b: listRun([]),
      head_b_counts: Buffer.alloc(0),
      top: listRun(postings.filter((i) => i % 5 === 0)),
    };
    const cut = buildingRuns({ row, buildingOf, placeOf, buildings: sizes });
    cut.forEach((runs, b) => {
      const mine = postings.filter((i) => buildingOf[i] === b);
      if (mine.length === 0) return expect(runs).toBeNull();
      // each building's runs: its documents alone (a bitmap of them where no longer than the list) and their counts
      expect(segmentNumbers(runs!.postings, ordinalsIn(b))).toEqual(mine);
      expect(runs!.postings.byteLength).toBe(Math.min(4 * mine.length, Math.ceil(sizes[b]! / 8)));
      expect([...runs!.counts]).toEqual(mine.map((i) => i % 7));
      expect(segmentNumbers(runs!.head_a, ordinalsIn(b))).toEqual(headA.filter((i) => buildingOf[i] === b));
    });
    // all buildings' rows read as one row of the segment: the owner's runs again (a list as long as the bitmap is the
    // bitmap), counts in the same order
    const sent = cut.flatMap((runs, b) =>
      runs === null
        ? []
        : [
            {
              lexeme: 'ventil',
              part: `b${b}`,
              runs: [
                runs.postings,
                runs.head_a,
                runs.head_b,
                runs.top,
                runs.counts,
                runs.head_a_counts,
                runs.head_b_counts,
              ],
            },
          ],
    );
    const [merged] = inSegmentNumbers(sent, { size: n, ordinalsIn: (id) => ordinalsIn(Number(id.slice(1))) });
    const bits = new Uint32Array(Math.ceil(n / 32));
    orRun(bits, merged!.runs[0]!, n);
    expect(setOf(bits, n)).toEqual(postings);
    expect([...merged!.runs[4]!]).toEqual(postings.map((i) => i % 7));
    expect([...merged!.runs[5]!]).toEqual(headA.map((i) => 1 + (i % 3)));
    expect(merged!.runs[2]!.byteLength).toBe(0);
  });

  it('reads the rows of buildings that make a list exactly as long as the bitmap as that bitmap', () => {
    // 64 documents, 40 in one building and 24 in the other: two of them hold the lexeme, one in each (a list of one
    // place in the first, the bitmap of 3 bytes in the second), 8 bytes in all: the segment's bitmap's length
    const n = 64;
    const buildingOf = Int32Array.from({ length: n }, (_, i) => (i < 40 ? 0 : 1));
    const placeOf = Int32Array.from({ length: n }, (_, i) => (i < 40 ? i : i - 40));
    const empty = Buffer.alloc(0);
    const row = { postings: listRun([1, 45]), counts: Buffer.from([2, 3]), top: listRun([45]) };
    const cut = buildingRuns({
      row: { ...row, head_a: empty, head_a_counts: empty, head_b: empty, head_b_counts: empty },
      buildingOf,
      placeOf,
      buildings: [40, 24],
    });
    expect(cut.map((runs) => runs!.postings.byteLength)).toEqual([4, 3]);
    const sent = cut.map((runs, b) => ({
      lexeme: 'x',
      part: String(b),
      runs: [
        runs!.postings,
        runs!.head_a,
        runs!.head_b,
        runs!.top,
        runs!.counts,
        runs!.head_a_counts,
        runs!.head_b_counts,
      ],
    }));
    const ordinalsIn = (id: string) =>
      Int32Array.from({ length: n }, (_, i) => i).filter((i) => buildingOf[i] === Number(id));
    const [merged] = inSegmentNumbers(sent, { size: n, ordinalsIn });
    expect(merged!.runs[0]!.byteLength).toBe(bitmapBytes(n));
    const bits = new Uint32Array(2);
    orRun(bits, merged!.runs[0]!, n);
    expect(setOf(bits, n)).toEqual([1, 45]);
    expect([...merged!.runs[4]!]).toEqual([2, 3]);
    expect([...merged!.runs[3]!]).toEqual([...listRun([45])]);
  });
});
