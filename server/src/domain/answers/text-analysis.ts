/**
 * Words, stems and sentences of Norwegian (Bokmål and Nynorsk) and English text: what retrieval, sentence selection
 * and citation checks compare. Offsets always refer to the text given, so a sentence can be cited verbatim.
 */

import porter2 from 'wink-porter2-stemmer';
import type { TextLanguage } from '../shared/text-language.js';

export interface Token {
  /** lower-case NFC form, accents folded as search folds them ("beyoncé" -> "beyonce") */
  word: string;
  stem: string;
  start: number;
  end: number;
  /** the original text starts with an upper-case letter */
  capitalised: boolean;
}

// letters (with inner apostrophes and hyphens kept apart), or numbers with their decimal and thousands separators
const TOKEN = /\p{N}+(?:[.,:]\p{N}+)*|[\p{L}\p{M}]+(?:\p{N}+[\p{L}\p{M}]*)*/gu;

/**
 * The words of a text with their stems: English text (`en`) gets the English (Porter2, Snowball) stemmer, as the
 * search index's `byggdok_en` does; anything else the Norwegian one.
 */
/** The accents search folds (search_fold in migration 0004): é -> e, ä -> æ, ö -> ø; æ ø å stay themselves. */
const FOLD_FROM = 'àáâãāçèéêëēìíîïñòóôõōùúûüūýÿäöǿ';
const FOLD_TO = 'aaaaaceeeeeiiiinooooouuuuuyyæøø';
const FOLDABLE = new RegExp(`[${FOLD_FROM}]`, 'u');
/** Arabic presentation forms and Latin ligatures, brought to their letters as search_fold does (migration 0024) */
const PRESENTATION_FORMS = /[\ufb00-\ufdff\ufe70-\ufeff]/u;
/** Arabic harakat, tatweel and direction marks, which search_fold drops */
// eslint-disable-next-line no-misleading-character-class -- each combining mark is removed on its own, on purpose
const UNSEARCHED_MARKS = /[\u0640\u064b-\u065f\u0670\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function fold(input: string): string {
  let word = PRESENTATION_FORMS.test(input) ? input.normalize('NFKC') : input;
  word = word.replace(UNSEARCHED_MARKS, '');
  if (!FOLDABLE.test(word)) return word;
  let out = '';
  for (const c of word) {
    const at = FOLD_FROM.indexOf(c);
    out += at >= 0 ? FOLD_TO.charAt(at) : c;
  }
  return out;
}

export function tokenize(text: string, language?: TextLanguage): Token[] {
  const stemOf = language === 'en' ? englishStem : stem;
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const raw = match[0];
    const word = wordOf(raw);
    tokens.push({
      word,
      stem: stemOf(word),
      start: match.index,
      end: match.index + raw.length,
      capitalised: /^\p{Lu}/u.test(raw),
    });
  }
  return tokens;
}

const NORWEGIAN_STOP = `
  og i jeg eg det at en et ein eit den til er som på de dei med han av ikke ikkje der så var meg seg men ett har om
  vi me min mitt ha hadde hun ho nå no over da då ved fra frå du ut sin dem deim oss opp man kan hans hennes hennar
  eller skal selv sjøl her alle vil bli ble blei blitt vart verte kunne inn være vere vært vore kom noen nokon noe
  noko ville dere dykk deres dykkar kun ja etter ned skulle denne for deg si sine sitt sitte mot å meget dette disse
  desse uten utan ingen inga din ditt blir samme same sånn inni mellom vår hver kvar hvis viss både bare berre enn
  fordi før mange også slik begge siden sidan mye mykje litt hos hjå nok vel jo ennå enda allerede alt også får fikk
  gjør gjorde gjort går gikk sa sier seier står stod sto hvorfor kvifor hvordan korleis hva kva hvem kven hvilken
  hvilket hvilke kva for kor når hvor hvorav hvori hvorledes ifølgje ifølge blant mens medan under uten over etter
  andre annen anna nye ny nytt første siste stor store større mer meir mest flere fleire slags sorts
`;

const ENGLISH_STOP = `
  a an the and or but if of to in on at by for with from as is are was were be been being am do does did done have
  has had having it its this that these those there here what which who whom whose when where why how than then so
  such not no nor only own same too very can could should would will shall may might must i me my we our you your he
  him his she her they them their about into over under again further once all any both each few more most other
  some up down out off just also about above after against along among around because before behind below between
  beyond during except inside near since through throughout toward towards upon within without whether while until
  unless though although yet ever every either neither another much many several onto per via whose
`;

const STOP_WORDS = new Set(`${NORWEGIAN_STOP} ${ENGLISH_STOP}`.split(/\s+/).filter((w) => w !== ''));

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Content words of a text: no stop words, no single letters. */
export function contentTokens(text: string, language?: TextLanguage): Token[] {
  return tokenize(text, language).filter((t) => !isStopWord(t.word) && (t.word.length > 1 || /\p{N}/u.test(t.word)));
}

// ---- Norwegian stemmer (the Snowball algorithm), also tolerable for English plurals ----

const VOWELS = new Set('aeiouyæåø');
const S_ENDING = new Set('bcdfghjlmnoprtvyz');
const STEP1_SUFFIXES = [
  'hetenes',
  'hetene',
  'hetens',
  'heten',
  'heter',
  'endes',
  'edes',
  'enes',
  'ande',
  'ende',
  'ene',
  'ede',
  'ane',
  'ens',
  'ers',
  'ets',
  'het',
  'ast',
  'en',
  'ar',
  'er',
  'as',
  'es',
  'et',
  'a',
  'e',
].sort((a, b) => b.length - a.length);
const STEP3_SUFFIXES = ['hetslov', 'eleg', 'elig', 'elov', 'slov', 'leg', 'eig', 'lig', 'els', 'lov', 'ig'];

function r1Start(word: string): number {
  for (let i = 1; i < word.length; i += 1) {
    if (!VOWELS.has(word.charAt(i)) && VOWELS.has(word.charAt(i - 1))) return Math.max(3, i + 1);
  }
  return word.length;
}

/** Stems of words seen lately: an answer stems the same few thousand words of its passages several times. */
const STEM_CACHE_SIZE = 50_000;

/** A function of a word that remembers its results for the words seen lately, up to STEM_CACHE_SIZE words. */
function remembering(compute: (word: string) => string): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    const known = cache.get(word);
    if (known !== undefined) return known;
    const stemmed = compute(word);
    if (cache.size >= STEM_CACHE_SIZE) cache.clear();
    cache.set(word, stemmed);
    return stemmed;
  };
}

export const stem = remembering(computeStem);

/** The lower-case, NFC, folded form of a word as written, remembered as stems are: an answer reads the same words often. */
const wordOf = remembering((raw) => fold(raw.normalize('NFC').toLowerCase()));

/** The English stem: numbers and words shorter than 3 letters stay as they are. */
export const englishStem = remembering((word) => (word.length < 3 || /\p{N}/u.test(word) ? word : porter2(word)));

function computeStem(word: string): string {
  if (word.length < 4 || /\p{N}/u.test(word)) return word;
  let w = word;
  const r1 = r1Start(w);
  // step 1: the longest inflectional suffix inside R1
  const suffix = STEP1_SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= r1);
  const ert = w.endsWith('erte') ? 'erte' : w.endsWith('ert') ? 'ert' : null;
  // the longest suffix wins: "leverte" loses "erte" (-> "lever"), not just its "e"
  if (ert && w.length - ert.length >= r1 && ert.length >= (suffix?.length ?? 0)) {
    w = w.slice(0, w.length - ert.length) + 'er';
  } else if (suffix) {
    w = w.slice(0, w.length - suffix.length);
  } else if (w.endsWith('s') && w.length - 1 >= r1) {
    const before = w.charAt(w.length - 2);
    const beforeThat = w.charAt(w.length - 3);
    if (S_ENDING.has(before) || (before === 'k' && !VOWELS.has(beforeThat))) w = w.slice(0, -1);
  }
  // step 2: "dt", "vt" lose the t
  if ((w.endsWith('dt') || w.endsWith('vt')) && w.length - 1 > r1) w = w.slice(0, -1);
  // step 3: derivational suffixes
  const derivational = STEP3_SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= r1);
  if (derivational) w = w.slice(0, w.length - derivational.length);
  return latinSingular(w);
}

/**
 * Latin loans in -ium and -eum inflect on the stem without the "um" ("medium, mediet, medier, mediene"; "museum,
 * museet, museer"; "kriterium, kriteriet"; "laboratorium, laboratoriet"), which Snowball leaves unconflated: their
 * indefinite singular is given the stem of the other forms. Only after i or e and inside R1, so that "forum",
 * "sentrum", "minimum" and short words stay themselves.
 */
function latinSingular(word: string): string {
  if (!/[ie]um$/.test(word) || word.length < 6) return word;
  const stemmed = word.slice(0, -2);
  return stemmed.length >= r1Start(word) ? stemmed : word;
}

// ---- sentences ----

export interface Span {
  start: number;
  end: number;
}

const ABBREVIATIONS = new Set(
  `f.eks eks bl.a ca nr dvs mv osv kl jf jfr evt inkl ekskl pkt tlf st dr mr mrs ms prof e.g i.e etc vs no fig tab
   ref red stk m.m m.fl o.l bl pr ant avd adm dir sek min maks mill mrd kr`.split(/\s+/),
);

/**
 * Sentences of a text as spans. A line break ends a sentence when the line ends in punctuation, a blank line or a
 * list item follows, or a short line (a heading, a table cell) is followed by a capital; otherwise it is a wrapped
 * line of the same sentence (PDF text).
 */
export function splitSentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = skipSpace(text, 0);
  const push = (end: number): void => {
    const trimmed = trimEnd(text, start, end);
    if (trimmed > start) spans.push({ start, end: trimmed });
    start = skipSpace(text, end);
  };
  let lineStart = start;
  for (let i = start; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (c === '\n') {
      const line = text.slice(lineStart, i).trim();
      const next = text.slice(i + 1, i + 3);
      const blankNext = /^\s*\n/.test(text.slice(i + 1, i + 40)) || i + 1 >= text.length;
      const endsClause = /[.!?:;…"»”)]$/.test(line);
      const listNext = /^\s*[-–•*\d]/.test(next);
      // a wrapped line goes on in lower case; a short line before a capital is a heading or a table cell
      const headingBefore = line.length < 60 && /^\s*[\p{Lu}"«“(]/u.test(next);
      if (i > start && (endsClause || blankNext || listNext || headingBefore)) push(i);
      lineStart = i + 1;
      continue;
    }
    if (c === '.' || c === '!' || c === '?' || c === '…') {
      let end = i + 1;
      while (end < text.length && /[.!?…"'»”’)\]]/.test(text.charAt(end))) end += 1;
      const after = text.slice(end, end + 3);
      if (!/^\s+["«“(\-–]?[\p{Lu}\p{N}]/u.test(after) && !/^\s*$/.test(after)) continue;
      if (c === '.' && isAbbreviation(text, i)) continue;
      push(end);
      i = Math.max(i, start - 1);
    }
  }
  if (start < text.length) push(text.length);
  return splitLong(text, spans);
}

function isAbbreviation(text: string, dot: number): boolean {
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, dot - 12), dot));
  if (!before?.[1]) return /\p{N}$/u.test(text.slice(dot - 1, dot)) && /^\s+\p{N}/u.test(text.slice(dot + 1));
  const word = before[1].toLowerCase();
  // a single capital ("J. Smith") is an initial
  return ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(before[1]);
}

const MAX_SENTENCE = 400;

/** Very long "sentences" (tables, lists without punctuation) are cut at clause breaks so a citation stays readable. */
function splitLong(text: string, spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    let { start } = span;
    while (span.end - start > MAX_SENTENCE) {
      const window = text.slice(start, start + MAX_SENTENCE);
      const cut = Math.max(window.lastIndexOf('; '), window.lastIndexOf('\n'), window.lastIndexOf(', '));
      const end = cut > MAX_SENTENCE / 3 ? start + cut + 1 : start + lastSpace(window);
      const trimmed = trimEnd(text, start, end);
      if (trimmed > start) out.push({ start, end: trimmed });
      start = skipSpace(text, end);
    }
    if (span.end > start) out.push({ start, end: span.end });
  }
  return out;
}

function lastSpace(window: string): number {
  const at = window.lastIndexOf(' ');
  return at > 0 ? at : window.length;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text.charAt(i))) i += 1;
  return i;
}

function trimEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && /\s/.test(text.charAt(i - 1))) i -= 1;
  return i;
}

/** Whitespace runs as one space: how sentences read inside an answer (citations keep the original). */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
