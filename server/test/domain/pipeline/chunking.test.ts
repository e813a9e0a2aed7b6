import { describe, expect, it } from 'vitest';

import { chunkPages, deriveTitle } from '../../../src/domain/pipeline/chunking.js';
import type { ExtractedPage } from '../../../src/domain/pipeline/extraction.types.js';

const SENTENCES = [
  'Det er registrert fuktskade i kjellerens nordøstre hjørne.',
  'Målt fuktighet i bunnsvill var 24 prosent, som er over anbefalt nivå.',
  'Våtrommet i 2. etasje har membran fra 1998 og bør fornyes innen fem år.',
  'Taktekkingen er av betongstein og er i god stand for alderen.',
  'Drenering rundt grunnmur er ikke dokumentert, jf. tilstandsgrad TG2.',
  'Elektrisk anlegg ble kontrollert av autorisert installatør i 2021.',
  'Ventilasjonen er naturlig, med avtrekk fra bad og kjøkken.',
  'Bærende konstruksjoner viser ingen tegn til setningsskader.',
];

/** Paragraphs of three to five sentences, like a condition report. */
function reportText(paragraphs: number, seed = 1): string {
  const out: string[] = [];
  let n = seed;
  for (let p = 0; p < paragraphs; p += 1) {
    const count = 3 + (p % 3);
    const sentences: string[] = [];
    for (let s = 0; s < count; s += 1) {
      n = (n * 7 + 3) % SENTENCES.length;
      sentences.push(SENTENCES[n]!);
    }
    out.push(sentences.join(' '));
  }
  return out.join('\n\n');
}

function page(pageNumber: number, text: string): ExtractedPage {
  return { pageNumber, text };
}

describe('chunkPages', () => {
  it('makes every chunk a verbatim slice of the page it cites', () => {
    const pages = [page(1, reportText(12)), page(2, reportText(7, 3)), page(3, 'Kort side.')];
    const chunks = chunkPages(pages);

    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      const source = pages.find((p) => p.pageNumber === chunk.pageNumber)!;
      expect(source.text.slice(chunk.charStart, chunk.charEnd)).toBe(chunk.text);
    }
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('never lets a chunk run across a page break', () => {
    const pages = [page(1, reportText(3)), page(2, reportText(3, 5))];
    const chunks = chunkPages(pages, { targetChars: 5000 });

    expect(chunks.map((c) => c.pageNumber)).toEqual([1, 2]);
    expect(chunks[0]!.text).toBe(pages[0]!.text);
  });

  it('keeps chunks near the target size and ends them at a sentence or paragraph', () => {
    const text = reportText(30);
    const chunks = chunkPages([page(1, text)], { targetChars: 800, overlapChars: 100 });

    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.text.length).toBeLessThanOrEqual(800);
      expect(chunk.text.length).toBeGreaterThan(350);
      expect(chunk.text).toMatch(/[.!?]$/);
    }
  });

  it('repeats the end of one chunk at the start of the next, so a fact on the seam is found whole', () => {
    const text = reportText(30);
    const chunks = chunkPages([page(1, text)], { targetChars: 800, overlapChars: 150 });

    for (let i = 1; i < chunks.length; i += 1) {
      const previous = chunks[i - 1]!;
      const current = chunks[i]!;
      expect(current.charStart).toBeLessThan(previous.charEnd);
      expect(previous.charEnd - current.charStart).toBeLessThanOrEqual(150);
      // the overlap starts at a sentence, not mid-word
      expect(current.text).toMatch(/^[A-ZÆØÅ]/);
    }
    // together the chunks cover the whole page
    expect(chunks[0]!.charStart).toBe(0);
    expect(chunks.at(-1)!.charEnd).toBe(text.length);
  });

  it('gives no chunk for an empty or blank page but keeps the numbers of the others', () => {
    const chunks = chunkPages([page(1, 'Forside'), page(2, '  \n\n '), page(3, ''), page(4, 'Vedlegg A')]);

    expect(chunks.map((c) => [c.pageNumber, c.text])).toEqual([
      [1, 'Forside'],
      [4, 'Vedlegg A'],
    ]);
  });

  it('trims surrounding whitespace without losing exact offsets', () => {
    const text = '\n\n   Tilstandsrapport for Storgata 5   \n\n';
    const [chunk] = chunkPages([page(7, text)]);

    expect(chunk).toEqual({
      index: 0,
      pageNumber: 7,
      text: 'Tilstandsrapport for Storgata 5',
      charStart: 5,
      charEnd: 36,
    });
  });

  it('splits text without any spaces hard at the target, without breaking a character in two', () => {
    const text = '🏠'.repeat(700) + 'x'.repeat(1000);
    const chunks = chunkPages([page(1, text)], { targetChars: 501, overlapChars: 0 });

    expect(chunks.map((c) => c.text).join('')).toBe(text);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(501);
      expect(chunk.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
  });

  it('splits a long list on line breaks when there are no sentences', () => {
    const lines = Array.from({ length: 80 }, (_, i) => `Rom ${i + 1}\tparkett\t${10 + i} m²`);
    const text = lines.join('\n');
    const chunks = chunkPages([page(1, text)], { targetChars: 300, overlapChars: 0 });

    for (const chunk of chunks) {
      expect(lines).toContain(chunk.text.split('\n')[0]);
      expect(lines).toContain(chunk.text.split('\n').at(-1));
    }
  });
});

describe('deriveTitle', () => {
  it('never takes a title from text read by OCR, which is no metadata of the document', () => {
    const scanned = { ...page(1, 'Fuktskade i kjeller\nBefaring av våtrom 2019'), ocr: true };
    expect(deriveTitle({ pages: [scanned] })).toBeUndefined();
    // a typed page after a scanned cover still names it
    expect(deriveTitle({ pages: [scanned, page(2, 'Tilstandsrapport Storgata 5\nInnledning')] })).toBe(
      'Tilstandsrapport Storgata 5',
    );
  });

  it('uses the title the author put in the metadata', () => {
    expect(deriveTitle({ metadataTitle: 'Tilstandsrapport Storgata 5', pages: [page(1, 'Innhold')] })).toBe(
      'Tilstandsrapport Storgata 5',
    );
  });

  it.each([
    'Microsoft Word - tilstand_v3.docx',
    'untitled',
    'Dokument1',
    'Presentation1',
    'rapport.pdf',
    'C:\\Users\\ola\\Desktop\\rapport',
    'Scan20190304',
    '   ',
  ])('ignores the placeholder metadata title %j and takes the first heading instead', (metadataTitle) => {
    const pages = [page(1, 'Side 1 av 12\n\nTilstandsrapport for Storgata 5\nUtført av Takst AS, 2019.')];
    expect(deriveTitle({ metadataTitle, pages, filename: 'scan.pdf' })).toBe('Tilstandsrapport for Storgata 5');
  });

  it('ignores a metadata title that only repeats a machine-made file name', () => {
    const pages = [page(1, 'Brannteknisk notat')];
    expect(deriveTitle({ metadataTitle: 'BR_notat_004', pages, filename: 'BR_notat_004.pdf' })).toBe(
      'Brannteknisk notat',
    );
  });

  it('strips Markdown heading marks', () => {
    expect(deriveTitle({ pages: [page(1, '## Vedlikeholdsplan 2024 ##\n\nTekst')] })).toBe('Vedlikeholdsplan 2024');
  });

  it('never returns a whole paragraph of body text', () => {
    const prose = 'Denne rapporten beskriver tilstanden til bygningen. '.repeat(20);
    const title = deriveTitle({ pages: [page(1, prose)] });
    expect(title).toBeUndefined();
  });

  it('keeps a long metadata title to about 200 characters, cut at a word', () => {
    const metadataTitle = 'Tilstandsvurdering av fasade '.repeat(20);
    const title = deriveTitle({ metadataTitle, pages: [] })!;
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title.length).toBeGreaterThan(150);
    expect(metadataTitle.startsWith(`${title} `)).toBe(true);
  });

  it('looks at the second page when the cover has no text', () => {
    expect(deriveTitle({ pages: [page(1, ''), page(2, 'FDV-dokumentasjon\nInnhold')] })).toBe('FDV-dokumentasjon');
  });

  it('returns nothing for a document without text', () => {
    expect(deriveTitle({ pages: [page(1, ''), page(2, '12')] })).toBeUndefined();
  });
});
