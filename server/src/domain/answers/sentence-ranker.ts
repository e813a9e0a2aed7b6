import { answerTypeEvidence } from './answer-type-evidence.js';
import { furnitureOf, runningLines } from './furniture.js';
import { areSynonyms, areWordForms, SYNONYM_MATCH, WORD_FORM_MATCH } from './synonyms.js';
import { BUILTIN_TUNING, type BuiltinTuning } from './builtin-tuning.js';
import type { Passage } from './ports.js';
import type { AnalysedQuestion, QuestionTerm } from './question.js';
import { splitSentences, tokenize, type Token } from './text-analysis.js';

/** One sentence of a retrieved passage, scored as the answer to a question. */
export interface RankedSentence {
  passage: Passage;
  /** offsets into `passage.text` */
  start: number;
  end: number;
  text: string;
  score: number;
  /** share of the question's (weighted) words the sentence holds, 0..1 */
  coverage: number;
  /** the same, counting the sentences around it and the rest of its document */
  contextCoverage: number;
  /** how well the sentence holds the kind of answer asked for (a date for "Når"), 0..1 */
  typeEvidence: number;
  /**
   * the share of the question's words it holds, each weighted by how rare it is inside the sentence's own document:
   * low when it holds the document's topic words but not the words that single out what is asked
   */
  localCoverage: number;
  /** the score's parts before weighting, in the order of SENTENCE_FEATURES: what a fit reweighs */
  features: number[];
}

/** The parts of a sentence's score, each weighted by the same-named number of BuiltinTuning['weights']. */
export const SENTENCE_FEATURES = ['coverage', 'local', 'window', 'document', 'retrieval', 'type', 'proximity'] as const;

export interface RankOptions {
  /** documents the caller attached, or that earlier turns cited: their sentences are preferred */
  preferredDocuments?: ReadonlyMap<string, number>;
  /** the score's weights; the fitted ones unless a tuning run tries others */
  weights?: BuiltinTuning['weights'];
}

interface Candidate {
  passageIndex: number;
  start: number;
  end: number;
  tokens: Token[];
  /** per question term: how well this sentence matches it (0..1) */
  matches: number[];
  /** token positions that match some question term */
  matchedPositions: number[];
  /** a heading, contents line, page number, label or running header: it counts for its document, never answers */
  furniture: boolean;
}

/**
 * Scores every sentence of the passages against the question. Words count by how rare they are among the candidate
 * sentences (a name outweighs "bygget"), inflected and compound forms count partly ("svingene" ~ "svingkurver"), and a
 * sentence gains from its neighbours and its document also matching, from its passage's retrieval rank, and from
 * holding the kind of answer asked for.
 */
export function rankSentences(params: {
  question: AnalysedQuestion;
  passages: readonly Passage[];
  options?: RankOptions;
}): RankedSentence[] {
  const { question, passages } = params;
  const parts = params.options?.weights ?? BUILTIN_TUNING.weights;
  const terms = question.terms;
  if (terms.length === 0 || passages.length === 0) return [];

  const candidates: Candidate[] = [];
  const byPassage: Candidate[][] = passages.map(() => []);
  const running = runningLines(passages);
  passages.forEach((passage, passageIndex) => {
    const repeated = running.get(passage.documentId);
    // an English passage for a Norwegian question, or the other way round: its words meet the question's stems in the
    // passage's analysis (a passage of unknown language was indexed as Norwegian)
    const crossLanguage = (passage.language === 'en') !== (question.language === 'en');
    const english = passage.language === 'en';
    for (const span of splitSentences(passage.text)) {
      const text = passage.text.slice(span.start, span.end);
      const tokens = tokenize(text, passage.language);
      if (tokens.length < 3) continue;
      const furniture =
        furnitureOf({ passage: passage.text, start: span.start, end: span.end }) !== null ||
        (repeated?.has(text.replace(/\s+/g, ' ').trim()) ?? false);
      const candidate: Candidate = {
        passageIndex,
        start: span.start,
        end: span.end,
        tokens,
        matches: terms.map((term) => matchDegree(term, tokens, crossLanguage, english)),
        matchedPositions: tokens.flatMap((token, index) =>
          terms.some((term) => termTokenMatch(term, token, crossLanguage, english) > 0) ? [index] : [],
        ),
        furniture,
      };
      candidates.push(candidate);
      byPassage[passageIndex]?.push(candidate);
    }
  });
  if (candidates.length === 0) return [];

  const weights = termWeights(terms, candidates);
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;

  // a document's best match per term, over all of its retrieved passages, and how many of its sentences hold each
  const documentMatches = new Map<string, number[]>();
  const documentFrequency = new Map<string, { sentences: number; df: number[] }>();
  for (const candidate of candidates) {
    const documentId = passages[candidate.passageIndex]?.documentId ?? '';
    const best = documentMatches.get(documentId) ?? terms.map(() => 0);
    candidate.matches.forEach((m, i) => (best[i] = Math.max(best[i] ?? 0, m)));
    documentMatches.set(documentId, best);
    const frequency = documentFrequency.get(documentId) ?? { sentences: 0, df: terms.map(() => 0) };
    frequency.sentences += 1;
    candidate.matches.forEach((m, i) => (frequency.df[i] = (frequency.df[i] ?? 0) + (m >= 0.6 ? 1 : 0)));
    documentFrequency.set(documentId, frequency);
  }
  const maxRetrieval = Math.max(...passages.map((p) => p.score), 1e-9);

  const ranked: RankedSentence[] = [];
  for (const candidate of candidates) {
    const passage = passages[candidate.passageIndex];
    if (!passage || candidate.furniture) continue;
    const siblings = byPassage[candidate.passageIndex] ?? [];
    const at = siblings.indexOf(candidate);
    const neighbours = [siblings[at - 1], siblings[at + 1]].filter((c): c is Candidate => c !== undefined);
    const documentBest = documentMatches.get(passage.documentId) ?? [];
    // Inside a document, its topic (a name in every sentence) no longer tells sentences apart; the question's other
    // words do: "Når døde López?" is answered where "døde" is, not where "López" is repeated.
    const frequency = documentFrequency.get(passage.documentId);
    let local = 0;
    let localTotal = 0;
    weights.forEach((w, i) => {
      const sentences = frequency?.sentences ?? 1;
      const lw = w * (1 + Math.log(sentences / ((frequency?.df[i] ?? 0) + 0.5)));
      local += lw * (candidate.matches[i] ?? 0);
      localTotal += lw;
    });
    let own = 0;
    let window = 0;
    let documentWide = 0;
    weights.forEach((w, i) => {
      const m = candidate.matches[i] ?? 0;
      own += w * m;
      window += w * Math.max(m, ...neighbours.map((n) => 0.6 * (n.matches[i] ?? 0)));
      documentWide += w * Math.max(m, documentBest[i] ?? 0);
    });
    const coverage = own / total;
    const contextCoverage = documentWide / total;
    const text = passage.text.slice(candidate.start, candidate.end);
    const typeEvidence = answerTypeEvidence({
      type: question.type,
      tokens: candidate.tokens,
      text,
      questionWords: question.words,
      ...(passage.identifiers ? { identifiers: passage.identifiers } : {}),
    });
    const preferred = params.options?.preferredDocuments?.get(passage.documentId) ?? 0;
    const localCoverage = localTotal > 0 ? local / localTotal : 0;
    // the score's parts, in the order of BuiltinTuning['weights'] (SENTENCE_FEATURES)
    const features = [
      coverage,
      localCoverage,
      window / total,
      contextCoverage,
      passage.score / maxRetrieval,
      typeEvidence * Math.min(1, coverage * 3),
      proximity(candidate),
    ];
    const score = SENTENCE_FEATURES.reduce((sum, name, i) => sum + parts[name] * (features[i] ?? 0), preferred);
    ranked.push({
      passage,
      start: candidate.start,
      end: candidate.end,
      text,
      score,
      coverage,
      contextCoverage,
      typeEvidence,
      localCoverage,
      features,
    });
  }
  return ranked.sort((a, b) => b.score - a.score);
}

/** How well a sentence's words match one question term: 1 for the same stem, less for a compound or near form. */
export function matchDegree(
  term: QuestionTerm,
  tokens: readonly Token[],
  crossLanguage = false,
  english = false,
): number {
  let best = 0;
  for (const token of tokens) {
    best = Math.max(best, termTokenMatch(term, token, crossLanguage, english));
    if (best === 1) break;
  }
  return best;
}

/** How well one word of a passage matches one question term (0..1); `english`: the passage is English text. */
export function termTokenMatch(term: QuestionTerm, token: Token, crossLanguage: boolean, english = false): number {
  const stem = crossLanguage ? (term.otherStem ?? term.stem) : term.stem;
  if (token.stem === stem || token.word === term.word) return 1;
  const partial = partialMatch(stem, token);
  if (partial > 0) return partial;
  if (areSynonyms(stem, token.stem)) return SYNONYM_MATCH;
  return english && areWordForms(stem, token.stem) ? WORD_FORM_MATCH : 0;
}

function partialMatch(stem: string, token: Token): number {
  const a = stem;
  const b = token.stem;
  if (a.length >= 4 && b.startsWith(a)) return 0.8;
  if (b.length >= 4 && a.startsWith(b) && b.length >= a.length * 0.7) return 0.7;
  // the head of a compound: "klasse" in "brannklasse", or the document's "aggregatet" for "ventilasjonsaggregatet"
  if (a.length >= 5 && token.word.endsWith(a)) return 0.6;
  if (b.length >= 5 && a.endsWith(b)) return 0.6;
  if (a.length >= 6 && token.word.length >= 6 && token.word.includes(a)) return 0.5;
  return 0;
}

/** Rare words among the candidates weigh more; words from earlier turns weigh less. */
function termWeights(terms: readonly QuestionTerm[], candidates: readonly Candidate[]): number[] {
  const n = candidates.length;
  return terms.map((term, i) => {
    const df = candidates.filter((c) => (c.matches[i] ?? 0) >= 0.6).length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    // a number or a capitalised name in the question pins the answer down more than its rarity shows
    const pin = /\p{N}/u.test(term.word) ? 1.3 : 1;
    return idf * term.emphasis * pin;
  });
}

/** Matched words close together (one clause) say more than the same words spread over a long sentence. */
function proximity(candidate: Candidate): number {
  const positions = candidate.matchedPositions;
  if (positions.length < 2) return 0;
  const span = (positions.at(-1) ?? 0) - (positions[0] ?? 0) + 1;
  return positions.length / span;
}
