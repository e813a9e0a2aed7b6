import { FIELD_WEIGHT_VALUES } from './ranking.js';

/**
 * Issue 48: PostgreSQL's `ts_rank` of a search's terms, computed in this process from a segment's postings and their
 * counts (migration 0049), so that a search the segment answers ranks its hits without reading their vectors (at a
 * million documents, 500 vectors of some 4 KB each, three TOAST chunks apiece: most of a one-building search's time).
 *
 * `ts_rank(weights, tsv, query)` of a query that ORs lexemes and prefixes (calc_rank_or in PostgreSQL's tsrank.c) adds,
 * for each of the query's distinct operands in byte order and each of the vector's lexemes it matches in byte order,
 * `(w_max + Σ_j w_j / (j + 1)² - w_max / (j_max + 1)²) / 1.64493406685` over that lexeme's positions (w_j a position's
 * weight, w_max the first highest of them), and divides the sum by the number of operands: in float4, step by step.
 * A vector is the body's (every position weight D) followed by the head's (weight A, then B: migration 0018's
 * search_sync_document), so a lexeme's positions weigh D, D, ..., A, ..., B, ...: its counts say which. Each step is
 * reproduced here in the same order with `Math.fround`, so the rank is the database's to the last bit (the tests hold
 * it to that, on both engines).
 */

/** ts_rank's weights as float4, as PostgreSQL reads them */
const D = Math.fround(FIELD_WEIGHT_VALUES.D);
const A = Math.fround(FIELD_WEIGHT_VALUES.A);
const B = Math.fround(FIELD_WEIGHT_VALUES.B);

/** calc_rank_or's limit of Σ 1/i² (π²/6), as its source writes it */
const SUM_LIMIT = 1.64493406685;

/** how long a bitmap of a segment's `documents` documents is (a run as long is one; a list of numbers is shorter) */
export function bitmapBytes(documents: number): number {
  return Math.ceil(documents / 8);
}

const entryRanks = new Map<number, number>();

/**
 * calc_rank_or's addend for one lexeme of the vector whose positions weigh D (`d` of them), then A (`a`), then B
 * (`b`): a double, which the caller adds to its float4 sum.
 */
export function entryRank(d: number, a: number, b: number): number {
  const key = (d * 257 + a) * 257 + b;
  const known = entryRanks.get(key);
  if (known !== undefined) return known;
  let sum = 0;
  let highest = -1;
  let at = 0;
  for (let j = 0; j < d + a + b; j++) {
    const w = j < d ? D : j < d + a ? A : B;
    sum = Math.fround(sum + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > highest) {
      highest = w;
      at = j;
    }
  }
  const rank = Math.fround(Math.fround(highest + sum) - Math.fround(highest / ((at + 1) * (at + 1)))) / SUM_LIMIT;
  entryRanks.set(key, rank);
  return rank;
}

/** where a run of a segment holds a document: its place among the run's documents, -1 when it does not hold it */
export function runReader(run: Uint8Array, documents: number): { indexOf(ordinal: number): number; length: number } {
  if (run.byteLength > 0 && run.byteLength === bitmapBytes(documents)) return bitmapReader(run);
  const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
  const length = run.byteLength >>> 2;
  return {
    length,
    indexOf(ordinal) {
      let low = 0;
      let high = length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const found = view.getInt32(4 * middle);
        if (found === ordinal) return middle;
        if (found < ordinal) low = middle + 1;
        else high = middle - 1;
      }
      return -1;
    },
  };
}

const BYTE_BITS = Uint8Array.from({ length: 256 }, (_, byte) => {
  let bits = 0;
  for (let v = byte; v !== 0; v >>>= 1) bits += v & 1;
  return bits;
});

/** a bitmap's reader: the set bits before every 32nd byte counted once, the rest byte by byte */
function bitmapReader(run: Uint8Array): { indexOf(ordinal: number): number; length: number } {
  const before = new Int32Array(Math.ceil(run.byteLength / 32) + 1);
  let total = 0;
  for (let at = 0; at < run.byteLength; at++) {
    if ((at & 31) === 0) before[at >>> 5] = total;
    total += BYTE_BITS[run[at]!]!;
  }
  return {
    length: total,
    indexOf(ordinal) {
      const byte = ordinal >>> 3;
      const value = run[byte] ?? 0;
      if (((value >>> (ordinal & 7)) & 1) === 0) return -1;
      let index = before[byte >>> 5]!;
      for (let at = byte & ~31; at < byte; at++) index += BYTE_BITS[run[at]!]!;
      return index + BYTE_BITS[value & ((1 << (ordinal & 7)) - 1)]!;
    },
  };
}

/** a lexeme's runs as a segment's statement sends them (segments.ts), with their counts */
export interface CountedRow {
  lexeme: string;
  postings: Uint8Array;
  counts: Uint8Array;
  headA: Uint8Array;
  headACounts: Uint8Array;
  headB: Uint8Array;
  headBCounts: Uint8Array;
}

/** code-point order (the byte order of their UTF-8), as PostgreSQL compares lexemes and the provider's `collate "C"` */
export function codePointOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * `ts_rank(weights, tsv, form)` of each document numbered in `ordinals` (all of which hold the search's terms), where
 * `form` is a query of `exact` lexemes and `prefixes` ORed; `rows`, every lexeme of the segment the form holds. NaN for
 * a document whose counts do not tell (255 or more positions of one weight in its head); null when the form is one
 * this process cannot rank as the database does (an operand both whole and a prefix, which the database keeps one of
 * in no set order; a backslash, which a query's text reads as an escape).
 */
export function formRanks(params: {
  form: { exact: readonly string[]; prefixes: readonly string[] };
  rows: readonly CountedRow[];
  documents: number;
  ordinals: readonly number[];
}): Float64Array | null {
  const { form, documents, ordinals } = params;
  const operands = new Map<string, boolean>();
  for (const lexeme of form.exact) operands.set(lexeme, false);
  for (const prefix of form.prefixes) {
    if (operands.get(prefix) === false) return null;
    operands.set(prefix, true);
  }
  if ([...operands.keys()].some((operand) => operand.includes('\\'))) return null;
  const rows = [...params.rows].sort((a, b) => codePointOrder(a.lexeme, b.lexeme));
  const sums = new Float64Array(ordinals.length);
  const unknown = new Uint8Array(ordinals.length);
  const slots = new Map(ordinals.map((ordinal, slot) => [ordinal, slot]));

  const add = (row: CountedRow) => {
    const postings = runReader(row.postings, documents);
    const heads = [
      { reader: runReader(row.headA, documents), counts: row.headACounts },
      { reader: runReader(row.headB, documents), counts: row.headBCounts },
    ];
    const count = (slot: number, index: number) => {
      const positions = row.counts.byteLength === 0 ? 1 : row.counts[index]! + 1;
      const [a, b] = heads.map(({ reader, counts }) => {
        if (reader.length === 0) return 0;
        const at = reader.indexOf(ordinals[slot]!);
        return at < 0 ? 0 : counts.byteLength === 0 ? 1 : counts[at]!;
      }) as [number, number];
      if (a === 255 || b === 255 || positions - a - b < 0) unknown[slot] = 1;
      else sums[slot] = Math.fround(sums[slot]! + entryRank(positions - a - b, a, b));
    };
    const list = row.postings.byteLength !== bitmapBytes(documents) || row.postings.byteLength === 0;
    if (list && postings.length <= 8 * ordinals.length) {
      // a short list: its documents looked up among the ranked ones
      const view = new DataView(row.postings.buffer, row.postings.byteOffset, row.postings.byteLength);
      for (let index = 0; index < postings.length; index++) {
        const slot = slots.get(view.getInt32(4 * index));
        if (slot !== undefined) count(slot, index);
      }
    } else {
      for (let slot = 0; slot < ordinals.length; slot++) {
        const index = postings.indexOf(ordinals[slot]!);
        if (index >= 0) count(slot, index);
      }
    }
  };

  for (const [operand, prefix] of [...operands].sort(([a], [b]) => codePointOrder(a, b))) {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (codePointOrder(rows[middle]!.lexeme, operand) < 0) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < rows.length; at++) {
      const lexeme = rows[at]!.lexeme;
      if (prefix ? !lexeme.startsWith(operand) : lexeme !== operand) break;
      add(rows[at]!);
    }
  }
  const ranks = new Float64Array(ordinals.length);
  for (let slot = 0; slot < ordinals.length; slot++) {
    ranks[slot] = unknown[slot] ? Number.NaN : operands.size === 0 ? 0 : Math.fround(sums[slot]! / operands.size);
  }
  return ranks;
}
