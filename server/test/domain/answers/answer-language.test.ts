import { describe, expect, it } from 'vitest';
import type { AnswerContext } from '../../../src/domain/answers/answerer.js';
import { createBuiltinAnswerer } from '../../../src/domain/answers/builtin.answerer.js';
import { CitationBook } from '../../../src/domain/answers/citations.js';
import { suggestFollowUps } from '../../../src/domain/answers/follow-ups.js';
import { answerLanguageOf } from '../../../src/domain/answers/language.js';
import type { AskRepository, Passage } from '../../../src/domain/answers/ports.js';

/**
 * The built-in answerer speaks the question's language when no answer language is asked for (the app sends none
 * unless the person picks one): its framing and its follow-ups, which are questions about the cited passages'
 * subjects, never a verb ("What do the documents say about kontrolleres?").
 */
const NB_PAGE =
  'Filterbytte\nFilteret i ventilasjonsaggregatet kontrolleres hver tredje måned og byttes ved behov.\n' +
  'Rapporten beskriver rutinene for renhold av kanalene.';
const EN_PAGE = 'Filter replacement\nThe filter of the air handling unit is checked every three months.';

function passage(text: string, language: 'nb' | 'en', id = 'doc-1'): Passage {
  return {
    documentId: id,
    buildingId: 'bld-1',
    filename: 'FDV ventilasjon.pdf',
    chunkId: id,
    pageNumber: 1,
    charStart: 0,
    charEnd: text.length,
    text,
    score: 1,
    language,
    queryShare: 0.9,
    queryUnmatchedShare: 0,
  };
}

function repository(text: string): AskRepository {
  return {
    readableDocuments: async () => [{ id: 'doc-1', buildingId: 'bld-1', filename: 'FDV.pdf', fileKind: 'pdf' }],
    pageTexts: async () => new Map([['doc-1:1', text]]),
  } as unknown as AskRepository;
}

async function answer(question: string, page: Passage) {
  const context: AnswerContext = {
    question,
    language: answerLanguageOf({ requested: undefined, question }),
    mode: 'balanced',
    history: [],
    attachedDocumentIds: [],
    citations: new CitationBook({ repository: repository(page.text), scope: { ownerId: 'o', buildingIds: ['bld-1'] } }),
    signal: new AbortController().signal,
    tools: {
      retrieve: async () => [page],
      readPassages: async () => [],
      readPage: async () => [],
      categoryCounts: async () => [],
    },
  };
  const events = createBuiltinAnswerer().answer(context);
  for (;;) {
    const next = await events.next();
    if (next.done) return next.value;
  }
}

describe("the built-in answerer in the question's language", () => {
  it('takes the language from the question when none is asked for, and the asked one when it is', () => {
    expect(answerLanguageOf({ requested: undefined, question: 'Hvor ofte skal filteret byttes?' })).toBe('nb');
    expect(answerLanguageOf({ requested: undefined, question: 'How often is the filter replaced?' })).toBe('en');
    expect(answerLanguageOf({ requested: 'en', question: 'Hvor ofte skal filteret byttes?' })).toBe('en');
  });

  it('answers a Norwegian question in Norwegian, and follows up in Norwegian', async () => {
    const result = await answer(
      'Hvor ofte skal filteret i ventilasjonsaggregatet kontrolleres?',
      passage(NB_PAGE, 'nb'),
    );
    expect(result.answer).toContain('Filteret i ventilasjonsaggregatet kontrolleres hver tredje måned');
    expect(result.answer).not.toMatch(/The documents say|documents/);
    expect(result.followUpSuggestions?.length).toBeGreaterThan(0);
    for (const question of result.followUpSuggestions ?? []) expect(question).toMatch(/^Hva /);
  });

  it("says it found nothing in the question's language, whatever the documents are written in", async () => {
    const norwegian = await answer('Hvor ofte skal filteret i aggregatet kontrolleres?', passage(EN_PAGE, 'en'));
    expect(norwegian.answer).toMatch(/^(Dokumentene sier:|Jeg fant ikke)/);
    const english = await answer('How often is the filter in the unit checked?', passage(NB_PAGE, 'nb'));
    expect(english.answer).toMatch(/^(The documents say:|I could not find)/);
  });
});

describe('follow-up questions', () => {
  it("ask about the cited passages' subjects: their headings and nouns, never a verb", () => {
    const suggestions = suggestFollowUps({
      passages: [passage(NB_PAGE, 'nb')],
      citedDocumentIds: ['doc-1'],
      askedQuestions: ['Hvem leverte aggregatet?'],
      language: 'nb',
    });
    expect(suggestions[0]).toBe('Hva står det under «Filterbytte»?');
    expect(suggestions.length).toBeGreaterThan(1);
    for (const question of suggestions) {
      expect(question).not.toMatch(/kontrolleres|beskriver|byttes/);
    }
  });

  it('never ask about a table row or a file name at the top of a page as if each were a section', () => {
    const page =
      'RIV/FDV ventilasjonsaggregat.pdf\nKomponent\tFabrikat\tPlassering\nVentilasjonsaggregat\tSystemair\tTeknisk rom\n' +
      'Filterbytte\nFilteret i ventilasjonsaggregatet byttes hver sjette måned.';
    const suggestions = suggestFollowUps({
      passages: [passage(page, 'nb')],
      citedDocumentIds: ['doc-1'],
      askedQuestions: ['Hvor ofte skal filteret byttes?'],
      language: 'nb',
    });
    expect(suggestions[0]).toBe('Hva står det under «Filterbytte»?');
    for (const question of suggestions) expect(question).not.toMatch(/Komponent|\.pdf|RIV\//);
  });

  it('are English for an English question', () => {
    const suggestions = suggestFollowUps({
      passages: [passage(EN_PAGE, 'en')],
      citedDocumentIds: ['doc-1'],
      askedQuestions: ['Who delivered the unit?'],
      language: 'en',
    });
    expect(suggestions[0]).toBe('What does the section "Filter replacement" say?');
    for (const question of suggestions) expect(question).not.toMatch(/checked/);
  });
});
