import { describe, expect, it } from 'vitest';
import { detectLanguage, documentLanguages } from '../../../src/domain/shared/text-language.js';

describe('text language', () => {
  it('tells Bokmål, Nynorsk and English apart, and never takes Norwegian "for", "by" or "to" for English', () => {
    expect(detectLanguage('Hvem leverte sprinkleranlegget, og når ble det montert?')).toBe('nb');
    expect(detectLanguage('Kven leverte sprinklaranlegget, og kva år vart det montert?')).toBe('nn');
    expect(detectLanguage('The sprinkler system was installed in 2011 by the main contractor.')).toBe('en');
    expect(detectLanguage('Ansvar for drift: to personer fra driften i byen, for hele bygget.')).toBe('nb');
    expect(detectLanguage('Who delivered the sprinkler system?')).toBe('en');
    // no telling words: Bokmål, the language of most documents of a Norwegian building
    expect(detectLanguage('EI2 30?')).toBe('nb');
  });

  it('gives a mixed document a language per page and per passage, and a page of codes its document’s', () => {
    const norwegian = 'Brannalarmen skal testes hver måned. Det er viktig at alle detektorer er på plass og virker.';
    const english = 'The fire alarm is tested every month. All of the detectors are checked and the results are kept.';
    const languages = documentLanguages({
      pages: [norwegian, `${english} ${english}`, 'ARK-A-20-001 RIV-360.001 1:100'],
      pieces: [
        { page: 0, text: norwegian },
        { page: 1, text: english },
        // a passage of a table on an English page: too few words of its own
        { page: 1, text: 'RB01 RB02 400 m3/h' },
        { page: 2, text: 'ARK-A-20-001' },
      ],
    });
    expect(languages.pages).toEqual(['nb', 'en', 'en']);
    expect(languages.pieces).toEqual(['nb', 'en', 'en', 'en']);
    expect(languages.document).toBe('en');
  });

  it('leaves a document without telling words without a language', () => {
    const languages = documentLanguages({ pages: ['ARK-A-20-001 1:100'], pieces: [{ page: 0, text: 'ARK-A-20-001' }] });
    expect(languages).toEqual({ document: null, pages: [null], pieces: [null] });
  });
});
