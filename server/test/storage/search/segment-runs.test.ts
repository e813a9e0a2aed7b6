import { describe, expect, it } from 'vitest';
import { bitmapBytes } from '../../../src/storage/search/segment-ranks.js';
import { bitmapOf, orRun } from '../../../src/storage/search/segments.js';

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
});
