import { describe, expect, it } from 'vitest';
import { tidyText } from '../../../src/integrations/extract/tidy-text.js';

describe('page text as every reader hands it on', () => {
  it('drops the blanks at the end of each line, keeps those inside, and the line breaks', () => {
    expect(tidyText('Rom 101\t \u00a0\r\nBrannklasse  2 \nTEK17\t')).toBe('Rom 101\nBrannklasse  2\nTEK17');
  });

  it('keeps one blank line of many, and nothing around the whole', () => {
    expect(tidyText('\n\n  Ventilasjon\n\n\n\n \t\nAggregat\n\n')).toBe('Ventilasjon\n\nAggregat');
  });

  it('reads a row of many empty cells that ends in a word, as a damaged spreadsheet gives', () => {
    const row = `Kategori${'\t'.repeat(200_000)}Funksjon${'\t'.repeat(200_000)}\nneste`;
    expect(tidyText(row)).toBe(`Kategori${'\t'.repeat(200_000)}Funksjon\nneste`);
  });

  it('writes ligatures and presentation forms as their letters, without direction controls', () => {
    expect(tidyText('\u202b\ufb01lter\u202c')).toBe('filter');
  });
});
