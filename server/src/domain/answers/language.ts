import type { AnswerLanguage, RequestedLanguage } from './answer.types.js';
import { detectLanguage } from '../shared/text-language.js';

export function answerLanguageOf(params: {
  requested: RequestedLanguage | undefined;
  question: string;
}): AnswerLanguage {
  if (params.requested === 'no') return 'nb';
  return params.requested ?? detectLanguage(params.question);
}

/** The fixed sentences an answer is framed with, per language. */
export interface Phrases {
  notFound: string;
  /** an earlier answer of a thread read back when a document it was written from is no longer readable */
  withheld: string;
  quotedIntro: string;
  followUpAbout: (topic: string) => string;
  /** a question about a section of a document, by its heading */
  followUpSection: (heading: string) => string;
  followUpWho: (name: string) => string;
  followUpDocument: (title: string) => string;
  searching: (query: string) => string;
  readingAttached: string;
  passagesFound: (passages: number, documents: number) => string;
}

export const PHRASES: Record<AnswerLanguage, Phrases> = {
  nb: {
    notFound: 'Jeg fant ikke svaret på dette i dokumentene.',
    withheld: 'Dette svaret vises ikke lenger: et dokument det bygger på, er ikke lenger tilgjengelig for deg.',
    quotedIntro: 'Dokumentene sier:',
    followUpAbout: (topic) => `Hva står det om ${topic}?`,
    followUpSection: (heading) => `Hva står det under «${heading}»?`,
    followUpWho: (name) => `Hvem er ${name}?`,
    followUpDocument: (title) => `Hva handler «${title}» om?`,
    searching: (query) => `searching documents: "${query}"`,
    readingAttached: 'reading attached documents',
    passagesFound: (passages, documents) => `${passages} passages from ${documents} documents`,
  },
  nn: {
    notFound: 'Eg fann ikkje svaret på dette i dokumenta.',
    withheld: 'Dette svaret blir ikkje vist lenger: eit dokument det byggjer på, er ikkje lenger tilgjengeleg for deg.',
    quotedIntro: 'Dokumenta seier:',
    followUpAbout: (topic) => `Kva står det om ${topic}?`,
    followUpSection: (heading) => `Kva står det under «${heading}»?`,
    followUpWho: (name) => `Kven er ${name}?`,
    followUpDocument: (title) => `Kva handlar «${title}» om?`,
    searching: (query) => `searching documents: "${query}"`,
    readingAttached: 'reading attached documents',
    passagesFound: (passages, documents) => `${passages} passages from ${documents} documents`,
  },
  en: {
    notFound: 'I could not find the answer to this in the documents.',
    withheld: 'This answer is no longer shown: a document it was written from is no longer available to you.',
    quotedIntro: 'The documents say:',
    followUpAbout: (topic) => `What do the documents say about ${topic}?`,
    followUpSection: (heading) => `What does the section "${heading}" say?`,
    followUpWho: (name) => `Who is ${name}?`,
    followUpDocument: (title) => `What is "${title}" about?`,
    searching: (query) => `searching documents: "${query}"`,
    readingAttached: 'reading attached documents',
    passagesFound: (passages, documents) => `${passages} passages from ${documents} documents`,
  },
};

export const LANGUAGE_NAMES: Record<AnswerLanguage, string> = {
  nb: 'Norwegian Bokmål',
  nn: 'Norwegian Nynorsk',
  en: 'English',
};
