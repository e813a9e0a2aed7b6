/**
 * Fits the built-in answerer's ranking weights in src/domain/answers/builtin-tuning.ts on tuning questions only:
 * English on SQuAD 2.0 train questions, Norwegian on the tuning half of NorQuAD. Each answerable question is retrieved
 * once, and the features of every candidate computed once; a coordinate search then reweighs them, keeping a weight
 * only when the fit's share rises. Questions alternate between the fit and a check, both from the tuning set, and the
 * check's share is printed beside the fit's.
 *
 * - `--stage passages` (default): the passage rerank's weights (`rerank`), from the index's own order; the share is
 *   the questions whose own passage comes first, reading `--pool` times the answer's 24 passages.
 * - `--stage sentences`: the sentence score's weights (`weights`), from the current ones, with the passages reranked
 *   as builtin-tuning.ts says; the share is the mean of "the best sentence is in the question's own passage" and "the
 *   best sentence holds the gold answer". "Not found" is not part of it: check it with `npm run tune:ask -- --check`.
 *
 *   npm run tune:rerank -- [--lang en] [--stage passages|sentences] [--pool 4]
 */
import { MODE_BUDGETS } from '../../src/domain/answers/answerer.js';
import { tuningFor } from '../../src/domain/answers/builtin-tuning.js';
import { passageFeatures, rerankPassages, RERANK_FEATURES } from '../../src/domain/answers/passage-reranker.js';
import type { PassageScope } from '../../src/domain/answers/ports.js';
import { analyseQuestion } from '../../src/domain/answers/question.js';
import { rankSentences, SENTENCE_FEATURES } from '../../src/domain/answers/sentence-ranker.js';
import { DEFAULT_SET, ENGLISH_SETS, normalize, openEvalBuilding, type EvalSet } from './norquad-building.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const english = (argValue('--lang') ?? argValue('--language')) === 'en';
const language = english ? 'en' : 'nb';
const stage = argValue('--stage') ?? 'passages';
if (stage !== 'passages' && stage !== 'sentences') throw new Error(`unknown stage ${stage} (passages or sentences)`);
const tuning = tuningFor(language);
const pool = Number(argValue('--pool') ?? (stage === 'passages' ? 4 : tuning.rerankPool));
const sets: EvalSet[] = english ? ENGLISH_SETS.filter((set) => set.split === 'tuning') : [{ file: DEFAULT_SET }];
/** sentences kept per question for the sentence fit: the current weights' best ones */
const SENTENCES_KEPT = 60;

/** One question's candidates: their features, and which of them count as right (each label a share of the score). */
interface Row {
  features: number[][];
  labels: boolean[][];
}

const building = await openEvalBuilding({ sets, totalDocuments: english ? 3_000 : 10_000, databaseUrl: undefined });
const rows: Row[] = [];
let inPool = 0;
try {
  const scope: PassageScope = { ownerId: building.ownerId, buildingIds: [building.buildingId] };
  const read = MODE_BUDGETS.balanced.passages;
  for (const q of building.questions) {
    if (q.split !== 'tuning' || q.gold === null) continue;
    const gold = normalize(q.gold);
    const question = analyseQuestion({ question: q.question, language });
    const query = question.terms.map((t) => t.word).join(' ');
    const retrieved = await building.deps.services.search.retrieveChunks({
      ...scope,
      query,
      limit: read * pool,
      language,
    });
    if (retrieved.some((p) => p.documentId === q.documentId)) inPool += 1;
    if (stage === 'passages') {
      rows.push({
        features: passageFeatures({ question, passages: retrieved }),
        labels: retrieved.map((p) => [p.documentId === q.documentId]),
      });
      continue;
    }
    const passages = rerankPassages({ question, passages: retrieved, weights: tuning.rerank }).slice(0, read);
    const ranked = rankSentences({ question, passages, options: { weights: tuning.weights } }).slice(0, SENTENCES_KEPT);
    rows.push({
      features: ranked.map((s) => s.features),
      labels: ranked.map((s) => [s.passage.documentId === q.documentId, normalize(s.text).includes(gold)]),
    });
  }
} finally {
  await building.close();
}

/** the mean over questions of one part (0: fit, 1: check) of the labels their best candidate under `weights` earns */
function share(weights: readonly number[], part: number): number {
  let earned = 0;
  let total = 0;
  rows.forEach((row, i) => {
    if (i % 2 !== part) return;
    total += 1;
    let best = -1;
    let bestScore = -Infinity;
    row.features.forEach((features, c) => {
      const score = weights.reduce((sum, w, f) => sum + w * (features[f] ?? 0), 0);
      if (score > bestScore + 1e-12) [best, bestScore] = [c, score];
    });
    const labels = row.labels[best] ?? [];
    earned += labels.filter(Boolean).length / Math.max(1, labels.length);
  });
  return earned / Math.max(1, total);
}

const FIT = 0;
const CHECK = 1;
const names: readonly string[] = stage === 'passages' ? RERANK_FEATURES : SENTENCE_FEATURES;
let weights: number[] =
  stage === 'passages'
    ? RERANK_FEATURES.map((name) => (name === 'retrieval' ? 1 : 0))
    : SENTENCE_FEATURES.map((name) => tuning.weights[name]);
console.log(
  `${rows.length} answerable tuning questions; own passage among the ${MODE_BUDGETS.balanced.passages * pool} ` +
    `retrieved: ${((inPool / Math.max(1, rows.length)) * 100).toFixed(1)} %`,
);
let best = share(weights, FIT);
const show = (label: string) =>
  console.log(
    `${label.padEnd(10)} ${names.map((name, f) => `${name} ${weights[f]}`).join(', ')}: ` +
      `${(best * 100).toFixed(1)} % (fit), ${(share(weights, CHECK) * 100).toFixed(1)} % (check)`,
  );
show(stage === 'passages' ? 'index' : 'current');
const GRID = [0, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3];
// the rerank's index weight stays 1: the others are measured against it
const first = stage === 'passages' ? 1 : 0;
for (let round = 1; round <= 3; round += 1) {
  let improved = false;
  for (let f = first; f < weights.length; f += 1) {
    for (const value of GRID) {
      const candidate = weights.map((w, i) => (i === f ? value : w));
      const candidateShare = share(candidate, FIT);
      if (candidateShare > best + 1e-9) [weights, best, improved] = [candidate, candidateShare, true];
    }
  }
  show(`round ${round}`);
  if (!improved) break;
}
const fitted = Object.fromEntries(names.map((name, f) => [name, weights[f]]));
console.log(`${stage === 'passages' ? 'rerank' : 'weights'}: ${JSON.stringify(fitted)}, rerankPool: ${pool}`);
