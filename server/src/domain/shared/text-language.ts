/**
 * Which language a text is written in: Norwegian Bokmål, Nynorsk or English, the languages of the buildings byggdok
 * serves. Search analyses each stored chunk with its language's stemmer and stop words, and the answerer reads
 * questions and passages with them. Function words decide: they are frequent in every text and few are shared.
 */
export type TextLanguage = 'nb' | 'nn' | 'en';

/**
 * Words that tell Nynorsk, Bokmål and English apart. Words that are common in more than one of them ("for", "by",
 * "to", "be", "have" are Norwegian words too) are left out, so a Norwegian text's "for" never counts as English.
 */
const MARKERS: Record<TextLanguage, ReadonlySet<string>> = {
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
    `the what who whom how why where when which is are was were does do did of and in on with from this that these
     those there their can could should would will it its an a been has had any`.split(/\s+/),
  ),
};

/** Words both Norwegian forms share; they count for Norwegian against English but not for Bokmål against Nynorsk. */
const SHARED_NORWEGIAN = new Set('det og er på som til av med skal når seg har var'.split(' '));

const WORD = /[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*/gu;

export interface LanguageEvidence {
  language: TextLanguage;
  /** how many marker words decided it: below MIN_MARKERS a text says too little to go by on its own */
  markers: number;
}

/** Fewer marker words than this and a page or chunk takes its surroundings' language (a table, a title block). */
export const MIN_MARKERS = 3;

export function languageEvidence(text: string): LanguageEvidence {
  const scores: Record<TextLanguage, number> = { nb: 0, nn: 0, en: 0 };
  let markers = 0;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const word = match[0].normalize('NFC').toLowerCase();
    let counted = false;
    if (MARKERS.nn.has(word)) {
      scores.nn += 1;
      counted = true;
    }
    if (SHARED_NORWEGIAN.has(word)) {
      scores.nb += 0.5;
      scores.nn += 0.5;
      counted = true;
    } else if (MARKERS.nb.has(word)) {
      scores.nb += 1;
      counted = true;
    }
    if (MARKERS.en.has(word)) {
      scores.en += 1;
      counted = true;
    }
    if (counted) markers += 1;
  }
  if (/[æøå]/i.test(text)) {
    scores.nb += 0.5;
    scores.nn += 0.5;
  }
  return { language: decide(scores), markers };
}

/** Ties fall to Bokmål, the language most documents of a Norwegian building are written in. */
function decide(scores: Record<TextLanguage, number>): TextLanguage {
  if (scores.en > scores.nb && scores.en > scores.nn) return 'en';
  return scores.nn > scores.nb ? 'nn' : 'nb';
}

export function detectLanguage(text: string): TextLanguage {
  return languageEvidence(text).language;
}

/**
 * The language of each page and of each of its pieces (chunks), and the document's: a page or piece with too few
 * marker words of its own takes the language around it, a document the language most of its marker words speak.
 * A document without any telling words has none (null), and is analysed as Norwegian.
 */
export function documentLanguages(params: {
  pages: readonly string[];
  pieces: readonly { page: number; text: string }[];
}): {
  document: TextLanguage | null;
  pages: (TextLanguage | null)[];
  pieces: (TextLanguage | null)[];
} {
  const pageEvidence = params.pages.map(languageEvidence);
  const weight: Record<TextLanguage, number> = { nb: 0, nn: 0, en: 0 };
  for (const evidence of pageEvidence) weight[evidence.language] += evidence.markers;
  const total = weight.nb + weight.nn + weight.en;
  const document = total < MIN_MARKERS ? null : decide(weight);
  const pages = pageEvidence.map((e) => (e.markers >= MIN_MARKERS ? e.language : document));
  const pieces = params.pieces.map((piece) => {
    const own = languageEvidence(piece.text);
    return own.markers >= MIN_MARKERS ? own.language : (pages[piece.page] ?? document);
  });
  return { document, pages, pieces };
}
