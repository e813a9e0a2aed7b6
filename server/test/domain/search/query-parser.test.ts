import { describe, expect, it } from 'vitest';
import { MAX_EXCLUDED_TERMS, MAX_INCLUDED_TERMS, parseQuery } from '../../../src/domain/search/query-parser.js';

describe('the number of terms a query searches for', () => {
  it('stops at the limit for a query of 400 words, keeping the first ones in their order', () => {
    // the partner search takes 2000 characters: 400 distinct words, each a lookup, a count and two ranks per hit
    const words = Array.from({ length: 400 }, (_, i) => `ord${String.fromCharCode(97 + (i % 26))}${i}`);
    const parsed = parseQuery({ query: words.join(' '), fuzziness: 'auto' });
    expect(MAX_INCLUDED_TERMS).toBe(32);
    expect(parsed.include).toHaveLength(MAX_INCLUDED_TERMS);
    expect(parsed.include.map((t) => t.text)).toEqual(words.slice(0, MAX_INCLUDED_TERMS));
  });

  it('excludes at most its limit of terms, whatever the number of included ones', () => {
    const excluded = Array.from({ length: 100 }, (_, i) => `-unntak${i}`);
    const parsed = parseQuery({ query: `ventilasjon ${excluded.join(' ')} aggregat`, fuzziness: 'auto' });
    expect(MAX_EXCLUDED_TERMS).toBe(16);
    expect(parsed.exclude.map((t) => t.text)).toEqual(
      excluded.slice(0, MAX_EXCLUDED_TERMS).map((word) => word.slice(1)),
    );
    expect(parsed.include.map((t) => t.text)).toEqual(['ventilasjon', 'aggregat']);
  });

  it('searches a repeated word once, whatever its case, and keeps a word and a phrase or exclusion of it apart', () => {
    const parsed = parseQuery({
      query: 'Brann brann BRANN dør "brann dør" "Brann dør" -rust -Rust dør',
      fuzziness: 'off',
    });
    expect(parsed.include).toEqual([
      { text: 'Brann', phrase: false, maxEdits: 0 },
      { text: 'dør', phrase: false, maxEdits: 0 },
      { text: 'brann dør', phrase: true, maxEdits: 0 },
    ]);
    expect(parsed.exclude).toEqual([{ text: 'rust', phrase: false, maxEdits: 0 }]);
    // 400 copies of one word cost what the word alone costs
    const repeated = parseQuery({ query: Array.from({ length: 400 }, () => 'sprinkler').join(' '), fuzziness: 'auto' });
    expect(repeated.include.map((t) => t.text)).toEqual(['sprinkler']);
    expect(repeated.match).toBe('all');
  });

  it('leaves a normal query as it was', () => {
    expect(parseQuery({ query: 'Hvilken brannklasse skal dørene til trapperommene ha?', fuzziness: 'auto' })).toEqual({
      include: [
        { text: 'brannklasse', phrase: false, maxEdits: 2 },
        { text: 'dørene', phrase: false, maxEdits: 1 },
        { text: 'trapperommene', phrase: false, maxEdits: 2 },
        { text: 'ha', phrase: false, maxEdits: 0 },
      ],
      exclude: [],
      match: 'most',
      question: true,
      fuzzy: true,
      alwaysFuzzy: false,
    });
    expect(parseQuery({ query: 'ARK-A-20-001 "plan 1. etasje" -utgått', fuzziness: 'auto' })).toEqual({
      include: [
        { text: 'ARK-A-20-001', phrase: false, maxEdits: 0 },
        { text: 'plan 1. etasje', phrase: true, maxEdits: 0 },
      ],
      exclude: [{ text: 'utgått', phrase: false, maxEdits: 0 }],
      match: 'all',
      question: false,
      fuzzy: false,
      alwaysFuzzy: false,
    });
  });
});
