/**
 * Fits the passage rerank's weights (`rerank` in src/domain/answers/builtin-tuning.ts) on tuning questions only:
 * English on SQuAD 2.0 train questions, Norwegian on the tuning half of NorQuAD. Each answerable question is retrieved
 * once with the answerer's pool (24 passages times `--pool`); a coordinate search from the index's own order keeps a
 * weight only when more questions get their own passage first. Questions alternate between the fit and a check, both
 * from the tuning set, and the check's share is printed beside the fit's.
 *
 *   npm run tune:rerank -- [--lang en] [--pool 4]
 */
import { analyseQuestion } from '../../src/domain/answers/question.js';
import { passageFeatures, RERANK_FEATURES, type RerankWeights } from '../../src/domain/answers/passage-reranker.js';
import type { PassageScope } from '../../src/domain/answers/ports.js';
import { MODE_BUDGETS } from '../../src/domain/answers/answerer.js';
import { DEFAULT_SET, ENGLISH_SETS, openEvalBuilding, type EvalSet } from './norquad-building.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const english = (argValue('--lang') ?? argValue('--language')) === 'en';
const pool = Number(argValue('--pool') ?? 4);
const sets: EvalSet[] = english ? ENGLISH_SETS.filter((set) => set.split === 'tuning') : [{ file: DEFAULT_SET }];

interface Row {
  /** index of the question's own passage in the pool, -1 when it is not there */
  right: number;
  features: number[][];
}

const building = await openEvalBuilding({ sets, totalDocuments: english ? 3_000 : 10_000, databaseUrl: undefined });
const rows: Row[] = [];
try {
  const scope: PassageScope = { ownerId: building.ownerId, buildingIds: [building.buildingId] };
  const limit = MODE_BUDGETS.balanced.passages * pool;
  for (const q of building.questions) {
    if (q.split !== 'tuning' || q.gold === null) continue;
    const question = analyseQuestion({ question: q.question, language: english ? 'en' : 'nb' });
    const query = question.terms.map((t) => t.word).join(' ');
    const passages = await building.deps.services.search.retrieveChunks({
      ...scope,
      query,
      limit,
      language: english ? 'en' : 'nb',
    });
    rows.push({
      right: passages.findIndex((p) => p.documentId === q.documentId),
      features: passageFeatures({ question, passages }),
    });
  }
} finally {
  await building.close();
}

function firstShare(weights: number[], part: number): number {
  let right = 0;
  let total = 0;
  rows.forEach((row, i) => {
    if (i % 2 !== part) return;
    total += 1;
    let best = -1;
    let bestScore = -Infinity;
    row.features.forEach((features, p) => {
      const score = weights.reduce((sum, w, f) => sum + w * (features[f] ?? 0), 0);
      if (score > bestScore + 1e-12) [best, bestScore] = [p, score];
    });
    if (row.right >= 0 && best === row.right) right += 1;
  });
  return right / Math.max(1, total);
}

const FIT = 0;
const CHECK = 1;
const inPool = rows.filter((r) => r.right >= 0).length / Math.max(1, rows.length);
console.log(
  `${rows.length} answerable tuning questions; own passage among ${MODE_BUDGETS.balanced.passages * pool}: ${(inPool * 100).toFixed(1)} %`,
);
let weights: number[] = RERANK_FEATURES.map((name) => (name === 'retrieval' ? 1 : 0));
let best = firstShare(weights, FIT);
const show = (label: string) =>
  console.log(
    `${label.padEnd(10)} ${RERANK_FEATURES.map((name, f) => `${name} ${weights[f]}`).join(', ')}: own passage first ` +
      `${(best * 100).toFixed(1)} % (fit), ${(firstShare(weights, CHECK) * 100).toFixed(1)} % (check)`,
  );
show('index');
const GRID = [0, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3];
for (let round = 1; round <= 3; round += 1) {
  let improved = false;
  // the index's own weight stays 1: the others are measured against it
  for (let f = 1; f < weights.length; f += 1) {
    for (const value of GRID) {
      const candidate = weights.map((w, i) => (i === f ? value : w));
      const share = firstShare(candidate, FIT);
      if (share > best + 1e-9) [weights, best, improved] = [candidate, share, true];
    }
  }
  show(`round ${round}`);
  if (!improved) break;
}
const fitted = Object.fromEntries(RERANK_FEATURES.map((name, f) => [name, weights[f]])) as RerankWeights;
console.log(`rerank: ${JSON.stringify(fitted)}, rerankPool: ${pool}`);
