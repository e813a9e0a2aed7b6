import type { BuiltinTuning, RefusalModel } from './builtin-tuning.js';
import { passageFeatures, RERANK_FEATURES, type RerankFeature } from './passage-reranker.js';
import type { Passage } from './ports.js';
import { TYPED_ANSWERS, type AnalysedQuestion } from './question.js';
import { SENTENCE_FEATURES, type RankedSentence } from './sentence-ranker.js';

/** What the answerer knows about its best sentence when it decides whether that sentence answers, in this order. */
export const REFUSAL_FEATURES = [
  'coverage',
  'context',
  'local',
  'type',
  'relative score',
  'margin',
  'unmatched',
  'document share',
  'names',
  'pairs',
  'window',
  'rerank margin',
  'proximity',
  'terms',
] as const;
export type RefusalFeature = (typeof REFUSAL_FEATURES)[number];

/** what each piece of evidence is, as the `thinking` event names it */
const SAYS: Record<RefusalFeature, string> = {
  coverage: "the question's weighted words in the best sentence",
  context: 'the same with its surroundings and document',
  local: 'the words that single out what is asked',
  type: 'the kind of answer asked for',
  'relative score': "the best sentence's score",
  margin: "its lead over other documents' sentences",
  unmatched: "the question's weight that no document holds",
  'document share': "its document's share of the question's telling words",
  names: "the question's names and numbers in its passage",
  pairs: "the question's neighbouring words standing together in its passage",
  window: "the question's words in the passage's best 25-word stretch",
  'rerank margin': "its passage's lead over the next passage",
  proximity: 'how close its matched words stand',
  terms: "the question's length",
};

/**
 * The evidence, each a number, for whether the best sentence answers the question: its shares of the question's
 * weighted words (alone, with its surroundings, weighted by rarity in its document), whether it holds the kind of
 * answer asked for, its score and its lead over the best sentence of another document, the share of the question's
 * weight no document holds, its document's share of the question's telling words, its passage's names, neighbouring
 * pairs and best 25-word window, the reranked pool's lead, how close the matched words stand, and the question's length.
 */
export function refusalEvidence(params: {
  question: AnalysedQuestion;
  ranked: readonly RankedSentence[];
  pool: readonly Passage[];
  weights: BuiltinTuning['weights'];
}): number[] {
  const { question, ranked, pool } = params;
  const best = ranked[0];
  if (!best) return REFUSAL_FEATURES.map(() => 0);
  const weightSum = Object.values(params.weights).reduce((sum, w) => sum + w, 0) || 1;
  // its passage's features among the pool's, so a word counts by how rare it is there
  const own = passageFeatures({ question, passages: pool })[pool.findIndex((p) => p.chunkId === best.passage.chunkId)];
  const passage = (name: RerankFeature) => own?.[RERANK_FEATURES.indexOf(name)] ?? 0;
  const rival = ranked.find((s) => s.passage.documentId !== best.passage.documentId)?.score ?? 0;
  return [
    best.coverage,
    best.contextCoverage,
    best.localCoverage,
    // for a question whose answer cannot be recognised ("why", "how" ...) the kind counts as held
    TYPED_ANSWERS.has(question.type) ? best.typeEvidence : 1,
    best.score / weightSum,
    (best.score - rival) / weightSum,
    Math.max(0, ...pool.map((p) => p.queryUnmatchedShare ?? 0)),
    Math.max(0, ...pool.filter((p) => p.documentId === best.passage.documentId).map((p) => p.queryShare ?? 1)),
    passage('names'),
    passage('pairs'),
    passage('window'),
    (pool[0]?.score ?? 0) - (pool[1]?.score ?? 0),
    best.features[SENTENCE_FEATURES.indexOf('proximity')] ?? 0,
    Math.min(1, question.terms.length / 10),
  ];
}

/** The refusal model's score of the evidence: below its threshold, the best sentence does not answer. */
export function refusalScore(model: Pick<RefusalModel, 'weights' | 'bias'>, evidence: readonly number[]): number {
  return evidence.reduce((sum, value, f) => sum + value * (model.weights[f] ?? 0), model.bias);
}

/**
 * Why the evidence reads as no answer, or null when it reads as one: the score against the threshold, and the two
 * pieces that pull it furthest below what an answered question typically shows.
 */
export function refusalReason(model: RefusalModel, evidence: readonly number[]): string | null {
  const score = refusalScore(model, evidence);
  if (score >= model.threshold) return null;
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  const weakest = REFUSAL_FEATURES.map((name, f) => ({
    name,
    value: evidence[f] ?? 0,
    typical: model.typical[f] ?? 0,
    pull: (model.weights[f] ?? 0) * ((evidence[f] ?? 0) - (model.typical[f] ?? 0)),
  }))
    .filter((piece) => piece.pull < 0)
    .sort((a, b) => a.pull - b.pull)
    .slice(0, 2)
    .map((piece) => `${SAYS[piece.name]} (${percent(piece.value)}, typically ${percent(piece.typical)})`);
  return (
    `taken together its evidence reads as no answer (${score.toFixed(2)}, an answer needs ${model.threshold.toFixed(2)})` +
    (weakest.length > 0 ? `; weakest: ${weakest.join(' and ')}` : '')
  );
}
