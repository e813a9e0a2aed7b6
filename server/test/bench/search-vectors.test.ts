import { describe, expect, it } from 'vitest';
import {
  BinaryCopy,
  Lexicon,
  Positions,
  writeConcatenated,
  writeLexemes,
  writeVector,
  writeWeighted,
  type TokenAnalysis,
  type WeightedVector,
} from '../../bench/search-vectors.js';

/**
 * The bulk path writes vectors in COPY's binary format. PostgreSQL's tsvectorrecv sorts a vector whose lexemes do not
 * come in its order (their UTF-8 bytes, a shorter lexeme before a longer one it begins), which cost the server a fifth
 * of its CPU while the bench's rows were written: the writers put them in that order themselves.
 */

/** a vector's lexemes and position counts, read back from the bytes BinaryCopy wrote after its 19-byte header */
function readVector(bytes: Buffer): { lexeme: string; positions: number }[] {
  let at = 19 + 4; // the header, then the vector's length
  const count = bytes.readInt32BE(at);
  at += 4;
  const result: { lexeme: string; positions: number }[] = [];
  for (let i = 0; i < count; i++) {
    const end = bytes.indexOf(0, at);
    const lexeme = bytes.subarray(at, end).toString('utf8');
    const positions = bytes.readUInt16BE(end + 1);
    result.push({ lexeme, positions });
    at = end + 3 + 2 * positions;
  }
  expect(at).toBe(bytes.length - 2); // the trailer follows
  return result;
}

/** as tsCompareString orders them */
const byBytes = (list: string[]) => [...list].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

// U+FB00 sorts before U+1D49C by bytes (EF.. < F0..) and after it by UTF-16 code units (FB00 > D835), so JavaScript's
// own string order would put them the wrong way round; `ab` begins `abc` and comes first
const WORDS = ['vent', 'abc', '\u{1D49C}x', 'ab', 'ﬀy', 'zz', 'ære', 'brann', 'a'];

function lexiconOf(words: readonly string[], batchWords: readonly string[] = []) {
  const lexicon = new Lexicon();
  const ids = words.map((w) => lexicon.keep(w));
  const batchIds = batchWords.map((w) => lexicon.forBatch(w));
  return { lexicon, ids, batchIds };
}

/** one token per id, each at the next position */
function analysesOf(ids: readonly number[]): TokenAnalysis[] {
  return ids.map((id) => ({ phrase: [id, 1], phraseWidth: 1, heads: [], headsWidth: 0 }));
}

function written(write: (out: BinaryCopy) => void): { lexeme: string; positions: number }[] {
  const out = new BinaryCopy(64);
  write(out);
  return readVector(out.take());
}

describe('the bulk path writes each vector in the order PostgreSQL stores it', () => {
  it('orders a chunk vector by bytes, not in the order its lexemes first occur nor by JavaScript string order', () => {
    const { lexicon, ids } = lexiconOf(WORDS);
    const vector = new Positions();
    // every word twice, in the order of WORDS
    vector.collect(analysesOf([...ids, ...ids]), 0, 2 * ids.length, lexicon.size);
    const read = written((out) => writeVector(out, vector, lexicon.order()));
    expect(read.map((r) => r.lexeme)).toEqual(byBytes(WORDS));
    expect(read.map((r) => r.lexeme)).not.toEqual([...WORDS].sort());
    expect(read.every((r) => r.positions === 2)).toBe(true);
  });

  it("orders this batch's lexemes among the kept ones, and again after the batch is over", () => {
    const { lexicon, ids, batchIds } = lexiconOf(WORDS, ['0417', 'ark0120', 'zzz']);
    const read = written((out) => writeLexemes(out, [...batchIds, ...ids], lexicon.order()));
    expect(read.map((r) => r.lexeme)).toEqual(byBytes([...WORDS, '0417', 'ark0120', 'zzz']));
    lexicon.endBatch();
    const next = lexicon.forBatch('aa');
    const again = written((out) => writeLexemes(out, [next, ...ids], lexicon.order()));
    expect(again.map((r) => r.lexeme)).toEqual(byBytes([...WORDS, 'aa']));
  });

  it('orders a weighted head and body || head, the head-only lexemes among the body', () => {
    const { lexicon, ids } = lexiconOf(WORDS);
    const body = new Positions();
    const bodyIds = ids.filter((_, i) => i % 2 === 0);
    body.collect(analysesOf(bodyIds), 0, bodyIds.length, lexicon.size);
    // the head has one lexeme of the body and every lexeme the body lacks, in reverse
    const head: WeightedVector = new Map();
    for (const id of [ids[0]!, ...ids.filter((_, i) => i % 2 === 1).reverse()]) head.set(id, [1 * 4 + 3]);
    const order = lexicon.order();
    const weighted = written((out) => writeWeighted(out, head, order));
    expect(weighted.map((r) => r.lexeme)).toEqual(byBytes([...head.keys()].map((id) => WORDS[id]!)));
    const joined = written((out) => writeConcatenated(out, body, head, order));
    expect(joined.map((r) => r.lexeme)).toEqual(byBytes(WORDS));
    // the lexeme in both keeps its body position and gets the head's after it
    expect(joined.find((r) => r.lexeme === WORDS[0])!.positions).toBe(2);
  });
});
