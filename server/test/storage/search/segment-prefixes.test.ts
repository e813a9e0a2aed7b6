import { describe, expect, it } from 'vitest';
import { prefixEnd } from '../../../src/storage/search/prefix-range.js';

/**
 * A segment reads a prefix's postings as a range of its lexemes in code-point order (`collate "C"`): from the prefix
 * to `prefixEnd(prefix)`. Exactly the lexemes that begin with the prefix must fall in it, whatever their letters.
 */
describe('a prefix as a range of lexemes', () => {
  /** code-point order, as `collate "C"` compares UTF-8 */
  const before = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;
  const inRange = (lexeme: string, prefix: string) => {
    const end = prefixEnd(prefix);
    return !before(lexeme, prefix) && (end === null || before(lexeme, end));
  };

  it('holds exactly the lexemes that begin with the prefix', () => {
    const letters = [
      'a',
      'b',
      'z',
      'ø',
      'å',
      'æ',
      'é',
      '0',
      '9',
      "'",
      '\u{d7ff}',
      '\u{e000}',
      '\u{1f600}',
      '\u{10ffff}',
    ];
    let state = 11;
    const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const word = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
    let inside = 0;
    for (let i = 0; i < 3000; i++) {
      const prefix = word(1 + Math.floor(next() * 3));
      // lexemes near the prefix: itself, longer, the same start with another letter after it, shorter
      for (const lexeme of [prefix, prefix + word(2), prefix.slice(0, -1) + word(2), word(4), prefix.slice(0, -1)]) {
        expect(inRange(lexeme, prefix), `${JSON.stringify(lexeme)} for ${JSON.stringify(prefix)}`).toBe(
          lexeme.startsWith(prefix),
        );
        if (lexeme.startsWith(prefix)) inside++;
      }
    }
    expect(inside).toBeGreaterThan(5000);
  });

  it('ends where the next code point begins', () => {
    expect(prefixEnd('varmepump')).toBe('varmepumq');
    expect(prefixEnd('rø')).toBe('rù');
    expect(prefixEnd('a\u{1f600}')).toBe('a\u{1f601}');
    // past the surrogates, which no text holds
    expect(prefixEnd('a\u{d7ff}')).toBe('a\u{e000}');
    // the highest code point has no next: the one before it moves on
    expect(prefixEnd('a\u{10ffff}')).toBe('b');
    // nothing comes after every string: the range is open above
    expect(prefixEnd('\u{10ffff}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
  });
});
