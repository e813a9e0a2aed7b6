import { describe, expect, it } from 'vitest';
import { documentRounds, nextRoundSize } from '../../../src/storage/search/postgres-chunk.retriever.js';

/**
 * Issue 48: an owner-wide question reads the chunks of the documents holding all its words in rounds, until it has the
 * lowest `limit` chunks holding them all. Which chunks it returns does not depend on the rounds' sizes
 * (document-lexemes.db.test.ts holds the answers to counting every chunk); how many documents' chunks it reads does,
 * and read cold at a million documents each costs a page or more from disk.
 */
describe('the next round of documents whose chunks a question reads', () => {
  it('reads about what the missing chunks need at the rate found so far, not four times the last round', () => {
    // seen at a million documents: 84 of 96 chunks found in 960 documents; the rounds grew to 3,072 documents
    const size = nextRoundSize({ limit: 96, found: 84, tested: 960, last: 768 });
    expect(size).toBeLessThan(400);
    // at the rate found (84 in 960), the round holds the 12 missing chunks with room to spare
    expect((size * 84) / 960).toBeGreaterThanOrEqual(1.5 * 12);
    // 16 of 24 in 240 documents: 768 documents before, now about 240
    const smaller = nextRoundSize({ limit: 24, found: 16, tested: 240, last: 192 });
    expect(smaller).toBeLessThan(300);
    expect((smaller * 16) / 240).toBeGreaterThanOrEqual(1.5 * 8);
  });

  it('grows at most four times a round where the words seldom meet in one chunk', () => {
    expect(nextRoundSize({ limit: 24, found: 3, tested: 48, last: 48 })).toBe(192);
    expect(nextRoundSize({ limit: 24, found: 0, tested: 240, last: 192 })).toBe(768);
  });

  it('reads at least as many documents as chunks are missing', () => {
    expect(nextRoundSize({ limit: 24, found: 23, tested: 48, last: 48 })).toBe(24);
  });

  it('leaves the size to the documents whose first chunk comes before the last found, once all are found', () => {
    // the round stops at the first document whose first chunk comes after the last of the chunks found
    expect(nextRoundSize({ limit: 24, found: 30, tested: 48, last: 48 })).toBe(192);
  });

  it('once all are found, reads only the documents whose first chunk comes before the last chunk found', () => {
    // eight documents holding the words, in the order of their first chunk
    const firsts = [10, 20, 30, 40, 50, 60, 70, 80];
    const rounds = documentRounds(firsts.map((firstChunk, i) => ({ documentId: `d${i}`, firstChunk })));
    // the first round: two of the three chunks wanted found, so the round's whole size is read
    expect(rounds.take({ size: 2, found: [], limit: 3 })).toEqual(['d0', 'd1']);
    expect(rounds.nextFirstChunk()).toBe(30);
    // three found, the last of them chunk 55: documents from chunk 60 on cannot hold a lower one, however large the
    // round may be
    expect(rounds.take({ size: 100, found: [12, 25, 55, 90], limit: 3 })).toEqual(['d2', 'd3', 'd4']);
    expect(rounds.nextFirstChunk()).toBe(60);
    // nothing more to read below chunk 55; the documents left are still there for a larger limit
    expect(rounds.take({ size: 100, found: [12, 25, 55], limit: 3 })).toEqual([]);
    expect(rounds.take({ size: 2, found: [12, 25, 55], limit: 4 })).toEqual(['d5', 'd6']);
    expect(rounds.take({ size: 100, found: [], limit: 4 })).toEqual(['d7']);
    expect(rounds.nextFirstChunk()).toBeUndefined();
  });
});
