import { describe, expect, it } from 'vitest';
import { nextRoundSize } from '../../../src/storage/search/postgres-chunk.retriever.js';

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
});
