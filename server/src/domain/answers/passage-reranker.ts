import { answerTypeEvidence } from './answer-type-evidence.js';
import type { AnswerTools } from './answerer.js';
import { RERANK_FEATURES, tuningFor, type BuiltinTuning } from './builtin-tuning.js';
import type { Passage } from './ports.js';
import type { AnalysedQuestion } from './question.js';
import { termTokenMatch } from './sentence-ranker.js';
import { splitSentences, tokenize, type Token } from './text-analysis.js';

// the features and their weights are defined with the tuning that sets them (builtin-tuning.ts imports nothing here)
export { RERANK_FEATURES, type RerankFeature, type RerankWeights } from './builtin-tuning.js';

/** a token matching a question term at least this well counts as holding it (a prefix or compound head does) */
const HOLDS = 0.6;
/** BM25's saturation and length normalisation */
const K1 = 1.2;
const B = 0.75;
/** two question words this close in a passage read as the question's phrase ("first released") */
const PAIR_DISTANCE = 3;
/** the stretch of words a question's matched words should stand in */
const WINDOW = 25;

/**
 * The index ranks passages by the rarity of the question's words they hold, each counted once, which is fast and
 * reads only the index; it cannot tell a passage that holds "released" and "PDF.js" in one clause from one that
 * mentions each somewhere. This reads the retrieved passages' text and scores, per passage, each 0..1:
 *
 * - `retrieval`: the index's score, as a share of the best one;
 * - `frequency`: BM25 over the retrieved passages (how often, in how long a passage), as a share of the best;
 * - `pairs`: the share of the question's neighbouring words that stand within a few words of each other;
 * - `sentence`: the weighted share of the question's words its best sentence holds;
 * - `window`: the same for its best stretch of 25 words (a sentence split wrongly, a table row);
 * - `names`: the share of the question's names and numbers it holds (1 when the question has none);
 * - `typed`: for a "when", "how many", "who" ... question, its best sentence's share as above times how well that
 *   sentence holds the kind of answer asked for (0 for other questions).
 */
export function passageFeatures(params: { question: AnalysedQuestion; passages: readonly Passage[] }): number[][] {
  const { question, passages } = params;
  const terms = question.terms;
  if (passages.length === 0) return [];
  const tokens = passages.map((p) => tokenize(p.text, p.language));
  const crossLanguage = passages.map((p) => (p.language === 'en') !== (question.language === 'en'));
  // per passage and term: the positions that hold it, and the sum of their degrees
  const holds = tokens.map((list, p) =>
    terms.map((term) => {
      const positions: number[] = [];
      let frequency = 0;
      list.forEach((token, at) => {
        const degree = termTokenMatch(term, token, crossLanguage[p] ?? false, passages[p]?.language === 'en');
        if (degree >= HOLDS) {
          positions.push(at);
          frequency += degree;
        }
      });
      return { positions, frequency };
    }),
  );
  const n = passages.length;
  const weights = terms.map((term, t) => {
    const df = holds.filter((perTerm) => (perTerm[t]?.positions.length ?? 0) > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5)) * term.emphasis;
  });
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  const averageLength = tokens.reduce((sum, list) => sum + list.length, 0) / n || 1;
  const pinned = pinnedTerms(question);
  const maxRetrieval = Math.max(1e-9, ...passages.map((p) => p.score));

  const rows = passages.map((passage, p) => {
    const perTerm = holds[p] ?? [];
    const list = tokens[p] ?? [];
    let frequency = 0;
    perTerm.forEach(({ frequency: tf }, t) => {
      frequency += ((weights[t] ?? 0) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * list.length) / averageLength));
    });
    const coveredIn = (from: number, to: number): number =>
      perTerm.reduce(
        (sum, { positions }, t) => sum + (positions.some((at) => at >= from && at < to) ? (weights[t] ?? 0) : 0),
        0,
      ) / total;
    let sentence = 0;
    let typed = 0;
    for (const span of splitSentences(passage.text)) {
      const from = firstAtOrAfter(list, span.start);
      const to = firstAtOrAfter(list, span.end);
      if (to <= from) continue;
      const covered = coveredIn(from, to);
      sentence = Math.max(sentence, covered);
      if (question.type !== 'other' && covered > typed) {
        const evidence = answerTypeEvidence({
          type: question.type,
          tokens: list.slice(from, to),
          text: passage.text.slice(span.start, span.end),
          questionWords: question.words,
          ...(passage.identifiers ? { identifiers: passage.identifiers } : {}),
        });
        typed = Math.max(typed, covered * evidence);
      }
    }
    let window = 0;
    for (let at = 0; at < Math.max(1, list.length - WINDOW + 5); at += 5)
      window = Math.max(window, coveredIn(at, at + WINDOW));
    let pairs = 0;
    for (let t = 0; t + 1 < terms.length; t += 1) {
      const a = perTerm[t]?.positions ?? [];
      const b = perTerm[t + 1]?.positions ?? [];
      if (a.some((x) => b.some((y) => Math.abs(x - y) <= PAIR_DISTANCE))) pairs += 1;
    }
    const names =
      pinned.length === 0 ? 1 : pinned.filter((t) => (perTerm[t]?.positions.length ?? 0) > 0).length / pinned.length;
    const pairShare = terms.length > 1 ? pairs / (terms.length - 1) : 0;
    return [passage.score / maxRetrieval, frequency, pairShare, sentence, window, names, typed];
  });
  const maxFrequency = Math.max(1e-9, ...rows.map((row) => row[1] ?? 0));
  for (const row of rows) row[1] = (row[1] ?? 0) / maxFrequency;
  return rows;
}

/**
 * The retrieved passages in the order their text supports the question, each scored by the weighted features (which
 * the sentence ranker then reads as the passage's retrieval score). Weights of only `retrieval` keep the index's order.
 */
export function rerankPassages(params: {
  question: AnalysedQuestion;
  passages: readonly Passage[];
  weights: BuiltinTuning['rerank'];
}): Passage[] {
  const { passages, weights } = params;
  // the index's own order (as in Norwegian): nothing to read
  if (RERANK_FEATURES.every((name) => name === 'retrieval' || weights[name] === 0)) return [...passages];
  const features = passageFeatures(params);
  const scored = passages.map((passage, i) => ({
    passage,
    score: RERANK_FEATURES.reduce((sum, name, f) => sum + weights[name] * (features[i]?.[f] ?? 0), 0),
    order: i,
  }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map(({ passage, score }) => ({ ...passage, score }));
}

/**
 * What every answerer reads for a question: the index's best passages for its words, `rerankPool` times as many as
 * are read, reordered by their text with the question's language's weights, the best `limit` of them.
 */
export async function retrieveReranked(params: {
  tools: Pick<AnswerTools, 'retrieve'>;
  question: AnalysedQuestion;
  limit: number;
  /** the words to look up; omitted, the question's terms */
  query?: string;
  /** omitted: the question's language's fitted numbers */
  tuning?: BuiltinTuning;
}): Promise<Passage[]> {
  const { question, limit } = params;
  const query = params.query ?? question.terms.map((t) => t.word).join(' ');
  if (query.trim() === '') return [];
  const tuning = params.tuning ?? tuningFor(question.language ?? 'nb');
  const passages = await params.tools.retrieve({ query, limit: limit * tuning.rerankPool });
  return rerankPassages({ question, passages, weights: tuning.rerank }).slice(0, limit);
}

/** The question's terms written as names or numbers: "Beyoncé", "2011", "PDF.js" (not its first word). */
function pinnedTerms(question: AnalysedQuestion): number[] {
  const tokens = tokenize(question.text, question.language);
  return question.terms.flatMap((term, t) =>
    tokens.some((token, at) => token.word === term.word && ((at > 0 && token.capitalised) || /\p{N}/u.test(token.word)))
      ? [t]
      : [],
  );
}

function firstAtOrAfter(tokens: readonly Token[], offset: number): number {
  const at = tokens.findIndex((token) => token.start >= offset);
  return at < 0 ? tokens.length : at;
}
