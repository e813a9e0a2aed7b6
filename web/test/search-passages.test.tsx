import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkedText, markedPieces, SearchPassages } from '../src/components/SearchPassages.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';

afterEach(cleanup);

/** the marked words of what was drawn, in order */
const marks = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('a passage with its matched words marked', () => {
  it('marks exactly the given ranges and keeps the rest as plain text', () => {
    const text = 'Takrennene på nordsiden lekker, og takrennen ved inngangen er tett.';
    const { container } = render(
      <p>
        <MarkedText
          text={text}
          ranges={[
            [0, 10],
            [35, 44],
          ]}
        />
      </p>,
    );
    expect(marks(container)).toEqual(['Takrennene', 'takrennen']);
    expect(container.textContent).toBe(text);
  });

  it('joins overlapping and touching ranges into one mark, in text order whatever the order given', () => {
    const text = 'ARK-A-20-001 rev B';
    expect(
      markedPieces(text, [
        [4, 8],
        [0, 5],
        [8, 12],
      ]),
    ).toEqual([
      { text: 'ARK-A-20-001', marked: true },
      { text: ' rev B', marked: false },
    ]);
    // a range inside another changes nothing; two ranges with a space between stay two marks
    expect(
      markedPieces('a bb cc', [
        [2, 4],
        [2, 3],
        [5, 7],
      ]),
    ).toEqual([
      { text: 'a ', marked: false },
      { text: 'bb', marked: true },
      { text: ' ', marked: false },
      { text: 'cc', marked: true },
    ]);
  });

  it('counts in UTF-16 like the server: æ, ø, å and a letter outside the basic plane stay whole', () => {
    const text = 'Rør i bærebjelke 𝔸 over særskilt område';
    const from = (word: string) => [text.indexOf(word), text.indexOf(word) + word.length];
    const { container } = render(
      <p>
        <MarkedText text={text} ranges={[from('Rør'), from('bærebjelke'), from('𝔸'), from('område')]} />
      </p>,
    );
    expect(marks(container)).toEqual(['Rør', 'bærebjelke', '𝔸', 'område']);
    expect(container.textContent).toBe(text);
  });

  it('ignores ranges that are empty, reversed or not numbers, and cuts those past the end', () => {
    expect(
      markedPieces('vindu', [
        [3, 3],
        [4, 2],
        [Number.NaN, 2],
        [2, 99],
        [-5, 1],
      ]),
    ).toEqual([
      { text: 'v', marked: true },
      { text: 'i', marked: false },
      { text: 'ndu', marked: true },
    ]);
    expect(markedPieces('', [[0, 4]])).toEqual([]);
    expect(markedPieces('uten treff', [])).toEqual([{ text: 'uten treff', marked: false }]);
  });

  it('shows markup in a passage as text, never as HTML', () => {
    const text = '<img src=x onerror="window.hacked=1"> <b>takrenne</b> <script>alert(1)</script>';
    const start = text.indexOf('takrenne');
    const { container } = render(
      <p>
        <MarkedText text={text} ranges={[[start, start + 'takrenne'.length]]} />
      </p>,
    );
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(marks(container)).toEqual(['takrenne']);
  });
});

describe("a search hit's passages", () => {
  beforeAll(async () => {
    await setupI18n();
    await changeLanguage('nb');
  });

  const passages = [
    { page_number: 4, text: 'Takrennene må rengjøres hver høst.', highlights: [[0, 10]] },
    { page_number: 2, text: 'Nedløp fra takrenner er tette & skadet.', highlights: [[11, 20]] },
  ];

  it('shows each passage with its page, its words marked, and a link to the document at that page with it marked', () => {
    const { container } = render(
      <MemoryRouter>
        <SearchPassages passages={passages} documentHref="/owners/o/buildings/b/documents/d" />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      's. 4 Takrennene må rengjøres hver høst.',
      's. 2 Nedløp fra takrenner er tette & skadet.',
    ]);
    expect(marks(container)).toEqual(['Takrennene', 'takrenner']);
    const url = new URL(links[1]!.getAttribute('href')!, 'http://app');
    expect(url.pathname).toBe('/owners/o/buildings/b/documents/d');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('quote')).toBe('Nedløp fra takrenner er tette & skadet.');
  });

  it('says "p." in English', async () => {
    await changeLanguage('en');
    render(
      <MemoryRouter>
        <SearchPassages passages={passages.slice(0, 1)} documentHref="/d" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link').textContent).toMatch(/^p\. 4 /);
    await changeLanguage('nb');
  });

  it('draws nothing for a hit that matched on its name only', () => {
    for (const none of [[], undefined]) {
      const { container } = render(
        <MemoryRouter>
          <SearchPassages passages={none} documentHref="/d" />
        </MemoryRouter>,
      );
      expect(container.innerHTML).toBe('');
      cleanup();
    }
  });
});
