import type { Fuzziness, ParsedQuery, QueryTerm } from './search.types.js';

/**
 * Question and function words (bokmål, nynorsk, English). They carry no topic, so they never count as search terms:
 * "Hvilket år ble bygget oppført?" searches for `år bygget oppført`. The database's stop lists drop most of them
 * too; this list also decides how many real terms a query has.
 */
const STOP_WORDS = new Set(
  (
    'hva hvem hvor hvordan hvorfor hvilken hvilket hvilke når kva kven kvar kvifor korleis kor kordan kven ' +
    'og i på er en et ei ein eit den det de dei som for med til av fra frå om at å har hadde var ble blei blir vart ' +
    'ikke ikkje kan skal vil må bør seg sin sitt sine han hun ho hen vi dere man eller men så da då enn også ' +
    'the a an of to in on at for with by from is are was were be been being what who whom where when which why how ' +
    'does do did and or not this that these those it its'
  ).split(' '),
);

const DIGIT = /\d/;
const LETTERS_ONLY = /^\p{L}+$/u;
/** punctuation around a word that is not part of it ("veikrav?", "(FDV)", "tak,") */
const EDGE_PUNCTUATION = /^[\s"'«»“”‘’()[\]{}<>,;:!?.…=]+|[\s"'«»“”‘’()[\]{}<>,;:!?.…]+$/gu;

interface RawTerm {
  text: string;
  phrase: boolean;
  negated: boolean;
}

/** Splits the query into words, quoted phrases and `-exclusions`. */
function tokenize(query: string): RawTerm[] {
  const normalized = query.replace(/[“”„«»]/g, '"');
  const terms: RawTerm[] = [];
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  for (let match = pattern.exec(normalized); match; match = pattern.exec(normalized)) {
    if (match[2] !== undefined) {
      const text = match[2].trim();
      if (text !== '') terms.push({ text, phrase: /\s/.test(text), negated: match[1] === '-' });
      continue;
    }
    let word = match[3] ?? '';
    // a leading minus excludes; a minus inside a code (ARK-A-20-001) or on a number (-20) belongs to it
    const negated = word.length > 1 && word.startsWith('-') && !/^-\d/.test(word);
    if (negated) word = word.slice(1);
    word = word.replace(EDGE_PUNCTUATION, '');
    if (word !== '' && /[\p{L}\p{N}]/u.test(word)) terms.push({ text: word, phrase: false, negated });
  }
  return terms;
}

/**
 * Rule 1: `on` always matches fuzzily, `off` never; `auto` does for prose, and not when a term holds a digit (drawing
 * numbers, NS 3451 codes, dates) or the query is a short all-letter query (acronyms such as VVS or ARK, where one
 * edit already names something else).
 */
function decideFuzzy(params: { terms: readonly { text: string }[]; fuzziness: Fuzziness }): boolean {
  const { terms, fuzziness } = params;
  if (fuzziness !== 'auto') return fuzziness === 'on';
  if (terms.length === 0) return false;
  if (terms.some((term) => DIGIT.test(term.text))) return false;
  const shortAllLetters = terms.every((term) => LETTERS_ONLY.test(term.text) && [...term.text].length <= 4);
  return !shortAllLetters;
}

/** Edits allowed for one word: none for short words, more for long ones (as most engines do). */
function editsFor(params: { text: string; fuzziness: Fuzziness }): number {
  const length = [...params.text].length;
  if (DIGIT.test(params.text)) return params.fuzziness === 'on' ? 1 : 0;
  if (params.fuzziness === 'on') return length < 3 ? 0 : length <= 5 ? 1 : 2;
  return length <= 4 ? 0 : length <= 7 ? 1 : 2;
}

/**
 * The most terms a query searches for, and the most it excludes. Each term costs typo and compound lookups and, for
 * every matching document, a count and two ranks, so a 2000-character query of 400 words would be one very expensive
 * request; a question rarely needs more (passages for ask are ranked by at most 16 words). The terms after these are
 * dropped: the first ones are usually what the query is about.
 */
export const MAX_INCLUDED_TERMS = 32;
export const MAX_EXCLUDED_TERMS = 16;

/**
 * The terms without repeats (the same text, compared as the parser compares words, ignoring case, and the same kind:
 * word or phrase, included or excluded) and within the limits above, in the order they first appear. A repeated word
 * adds nothing to the search but its cost.
 */
function distinctWithinLimits(terms: RawTerm[]): RawTerm[] {
  const seen = new Set<string>();
  let included = 0;
  let excluded = 0;
  const kept: RawTerm[] = [];
  for (const term of terms) {
    const key = `${term.negated ? '-' : '+'}${term.phrase ? '"' : ' '}${term.text.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (term.negated ? excluded >= MAX_EXCLUDED_TERMS : included >= MAX_INCLUDED_TERMS) continue;
    if (term.negated) excluded += 1;
    else included += 1;
    kept.push(term);
  }
  return kept;
}

export function parseQuery(params: { query: string; fuzziness: Fuzziness }): ParsedQuery {
  const raw = tokenize(params.query);
  const meaningful = raw.filter((term) => term.phrase || !STOP_WORDS.has(term.text.toLowerCase()));
  // a query made only of stop words ("hva er det") still searches for them rather than for nothing
  const terms = distinctWithinLimits(meaningful.some((term) => !term.negated) ? meaningful : raw);
  const positive = terms.filter((term) => !term.negated);
  const fuzzy = decideFuzzy({ terms: positive.filter((term) => !term.phrase), fuzziness: params.fuzziness });
  const toTerm = (term: RawTerm): QueryTerm => ({
    text: term.text,
    phrase: term.phrase,
    maxEdits: fuzzy && !term.phrase && !term.negated ? editsFor({ text: term.text, fuzziness: params.fuzziness }) : 0,
  });
  const words = positive.filter((term) => !term.phrase).length;
  const question = /\?\s*$/.test(params.query) && positive.length >= 2;
  return {
    include: positive.map(toTerm),
    exclude: terms.filter((term) => term.negated).map(toTerm),
    match: words >= 4 || question ? 'most' : 'all',
    question,
    fuzzy,
    alwaysFuzzy: params.fuzziness === 'on',
  };
}

/**
 * In 'most' mode, how many of the terms a document must contain to be a hit: for prose, both of two, two of up to
 * six, then a third; for a question, a third (at least one). Low on purpose: a question rarely shares all its words
 * with the passage that answers it, and ranking puts the documents that match more terms first.
 */
export function minimumShouldMatch(params: { terms: number; question: boolean }): number {
  const { terms, question } = params;
  if (question) return Math.max(1, Math.floor(terms / 3));
  if (terms <= 2) return terms;
  if (terms <= 6) return 2;
  return Math.ceil(terms / 3);
}
