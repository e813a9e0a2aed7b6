import type { AnswerLanguage, RequestedLanguage } from './answer.types.js';
import { tokenize } from './text-analysis.js';

/**
 * Words that tell Nynorsk, Bokmål and English apart. Short questions carry few of them, so each marker counts and
 * ties fall to Bokmål, the language most documents of a Norwegian building are written in.
 */
const MARKERS: Record<AnswerLanguage, Set<string>> = {
  nn: new Set(
    `eg ikkje kva kven korleis kvifor kvar kor dei frå berre noko nokon mykje vere vore eit ein ho honom hjå
     medan sidan òg difor desse korfor kvart ikkje-noko vart blei skal seier fekk gjekk heile`.split(/\s+/),
  ),
  nb: new Set(
    `jeg ikke hva hvem hvordan hvorfor hvor hvilken hvilket hvilke de fra bare noe noen mye være vært et en hun
     henne hos mens siden også derfor disse hver ble sier fikk gikk hele det og er på som til av med skal når`.split(
      /\s+/,
    ),
  ),
  en: new Set(
    `the what who whom how why where when which is are was were does do did of and to in on for with from by this
     that these those there their can could should would will it its an a be been has have had any`.split(/\s+/),
  ),
};

/** Words both Norwegian forms share; they count for Norwegian against English but not for Bokmål against Nynorsk. */
const SHARED_NORWEGIAN = new Set('det og er på som til av med skal når seg har var'.split(' '));

export function detectLanguage(text: string): AnswerLanguage {
  const scores: Record<AnswerLanguage, number> = { nb: 0, nn: 0, en: 0 };
  for (const { word } of tokenize(text)) {
    if (MARKERS.nn.has(word)) scores.nn += 1;
    if (MARKERS.nb.has(word) && !SHARED_NORWEGIAN.has(word)) scores.nb += 1;
    if (SHARED_NORWEGIAN.has(word)) {
      scores.nb += 0.5;
      scores.nn += 0.5;
    }
    if (MARKERS.en.has(word)) scores.en += 1;
  }
  if (/[æøå]/i.test(text)) {
    scores.nb += 0.5;
    scores.nn += 0.5;
  }
  if (scores.en > scores.nb && scores.en > scores.nn) return 'en';
  return scores.nn > scores.nb ? 'nn' : 'nb';
}

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
  quotedIntro: string;
  followUpAbout: (topic: string) => string;
  followUpWho: (name: string) => string;
  followUpDocument: (title: string) => string;
  searching: (query: string) => string;
  readingAttached: string;
  passagesFound: (passages: number, documents: number) => string;
}

export const PHRASES: Record<AnswerLanguage, Phrases> = {
  nb: {
    notFound: 'Jeg fant ikke svaret på dette i dokumentene.',
    quotedIntro: 'Dokumentene sier:',
    followUpAbout: (topic) => `Hva står det om ${topic}?`,
    followUpWho: (name) => `Hvem er ${name}?`,
    followUpDocument: (title) => `Hva handler «${title}» om?`,
    searching: (query) => `searching documents: "${query}"`,
    readingAttached: 'reading attached documents',
    passagesFound: (passages, documents) => `${passages} passages from ${documents} documents`,
  },
  nn: {
    notFound: 'Eg fann ikkje svaret på dette i dokumenta.',
    quotedIntro: 'Dokumenta seier:',
    followUpAbout: (topic) => `Kva står det om ${topic}?`,
    followUpWho: (name) => `Kven er ${name}?`,
    followUpDocument: (title) => `Kva handlar «${title}» om?`,
    searching: (query) => `searching documents: "${query}"`,
    readingAttached: 'reading attached documents',
    passagesFound: (passages, documents) => `${passages} passages from ${documents} documents`,
  },
  en: {
    notFound: 'I could not find the answer to this in the documents.',
    quotedIntro: 'The documents say:',
    followUpAbout: (topic) => `What do the documents say about ${topic}?`,
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
