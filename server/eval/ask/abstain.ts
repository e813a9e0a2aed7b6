/**
 * Can the evidence the built-in answerer already has tell SQuAD 2.0's unanswerable questions from answerable ones?
 * For every train question (the tuning set) it gathers the best sentence's and best passage's evidence, prints each
 * one's separation (AUC: the chance an unanswerable question looks worse than an answerable one), then fits a
 * logistic regression over all of them on half the passages and measures it on the other half: its AUC, and the
 * share of unanswerable questions it would refuse when it may refuse at most 10 % of the answerable ones (counting the
 * answerer's own refusals). `--holdout` also measures the model fitted on all train questions on the first 1,000 dev
 * questions, printing shares alone.
 *
 *   npx tsx eval/ask/abstain.ts [--every 1] [--holdout]
 */
import { rankSentences } from '../../src/domain/answers/sentence-ranker.js';
import { tuningFor } from '../../src/domain/answers/builtin-tuning.js';
import { whyNotAnswer } from '../../src/domain/answers/builtin.answerer.js';
import { passageFeatures, RERANK_FEATURES } from '../../src/domain/answers/passage-reranker.js';
import { ENGLISH_SETS, openEvalBuilding, readEnglishQuestion, type EvalQuestion } from './norquad-building.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const every = Number(argValue('--every') ?? 1);
const holdout = process.argv.includes('--holdout');

const FEATURES = [
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

interface Row {
  question: EvalQuestion;
  fold: number;
  x: number[];
  refused: boolean;
}

const building = await openEvalBuilding({
  sets: holdout ? ENGLISH_SETS : ENGLISH_SETS.filter((s) => s.split === 'tuning'),
  totalDocuments: 3000,
  databaseUrl: undefined,
});
const rows: Row[] = [];
try {
  const tuning = tuningFor('en');
  const weightSum = Object.values(tuning.weights).reduce((sum, w) => sum + w, 0);
  const train = building.questions.filter((q) => q.split === 'tuning').filter((_, i) => i % every === 0);
  const dev = holdout ? building.questions.filter((q) => q.split === 'holdout').slice(0, 1000) : [];
  const passageOrder = new Map<string, number>();
  for (const q of [...train, ...dev]) {
    const { question, passages } = await readEnglishQuestion(building, q.question);
    const ranked = rankSentences({ question, passages, options: { weights: tuning.weights } });
    const best = ranked[0];
    if (!best) {
      rows.push({ question: q, fold: 0, x: FEATURES.map(() => 0), refused: true });
      continue;
    }
    const top = passageFeatures({ question, passages: passages.filter((p) => p.chunkId === best.passage.chunkId) });
    const own = (name: (typeof RERANK_FEATURES)[number]) => top[0]?.[RERANK_FEATURES.indexOf(name)] ?? 0;
    const typed = question.type !== 'other' && question.type !== 'reason' && question.type !== 'manner';
    const x = [
      best.coverage,
      best.contextCoverage,
      best.localCoverage,
      typed ? best.typeEvidence : 1,
      best.score / weightSum,
      (best.score - (ranked.find((s) => s.passage.documentId !== best.passage.documentId)?.score ?? 0)) / weightSum,
      Math.max(0, ...passages.map((p) => p.queryUnmatchedShare ?? 0)),
      Math.max(0, ...passages.filter((p) => p.documentId === best.passage.documentId).map((p) => p.queryShare ?? 1)),
      own('names'),
      own('pairs'),
      own('window'),
      (passages[0]?.score ?? 0) - (passages[1]?.score ?? 0),
      best.features[6] ?? 0,
      Math.min(1, question.terms.length / 10),
    ];
    if (!passageOrder.has(q.documentId)) passageOrder.set(q.documentId, passageOrder.size);
    rows.push({
      question: q,
      fold: (passageOrder.get(q.documentId) ?? 0) % 2,
      x,
      refused: whyNotAnswer({ best, pool: passages, question, tuning }) !== null,
    });
  }
} finally {
  await building.close();
}

/** the chance that a random unanswerable question scores below a random answerable one (ties count half) */
function auc(scores: number[], answerable: boolean[]): number {
  const order = scores.map((s, i) => ({ s, a: answerable[i] ?? false })).sort((p, q) => p.s - q.s);
  let negatives = 0;
  let sum = 0;
  let positives = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j < order.length && order[j]?.s === order[i]?.s) j += 1;
    const group = order.slice(i, j);
    const pos = group.filter((g) => g.a).length;
    const neg = group.length - pos;
    sum += pos * negatives + (pos * neg) / 2;
    negatives += neg;
    positives += pos;
    i = j;
  }
  return positives * negatives === 0 ? NaN : sum / (positives * negatives);
}

/** logistic regression (answerable = 1) on standardised features, L2, plain gradient descent: deterministic */
function fit(data: Row[]): (x: number[]) => number {
  const d = FEATURES.length;
  const mean = FEATURES.map((_, f) => data.reduce((s, r) => s + (r.x[f] ?? 0), 0) / data.length);
  const sd = FEATURES.map(
    (_, f) => Math.sqrt(data.reduce((s, r) => s + ((r.x[f] ?? 0) - (mean[f] ?? 0)) ** 2, 0) / data.length) || 1,
  );
  const z = (x: number[]) => x.map((v, f) => (v - (mean[f] ?? 0)) / (sd[f] ?? 1));
  const positives = data.filter((r) => r.question.gold !== null).length;
  // each class weighs half: SQuAD's train articles hold few unanswerable questions
  const classWeight = (r: Row) =>
    r.question.gold !== null ? data.length / (2 * positives) : data.length / (2 * (data.length - positives));
  const w = new Array<number>(d + 1).fill(0);
  const zs = data.map((r) => z(r.x));
  for (let step = 0; step < 2000; step += 1) {
    const grad = new Array<number>(d + 1).fill(0);
    data.forEach((r, i) => {
      const zi = zs[i] ?? [];
      const p = 1 / (1 + Math.exp(-(zi.reduce((s, v, f) => s + v * (w[f] ?? 0), 0) + (w[d] ?? 0))));
      const error = (p - (r.question.gold !== null ? 1 : 0)) * classWeight(r);
      zi.forEach((v, f) => (grad[f] = (grad[f] ?? 0) + error * v));
      grad[d] = (grad[d] ?? 0) + error;
    });
    for (let f = 0; f <= d; f += 1)
      w[f] = (w[f] ?? 0) - 0.5 * ((grad[f] ?? 0) / data.length + (f < d ? 0.01 * (w[f] ?? 0) : 0));
  }
  return (x) => z(x).reduce((s, v, f) => s + v * (w[f] ?? 0), 0) + (w[d] ?? 0);
}

/**
 * the refusal rates when the answerer also refuses every question scoring below the highest threshold that refuses
 * at most `limit` of the answerable ones (the threshold chosen on `choose`, applied to `measure`)
 */
function operatingPoint(choose: { s: number; r: Row }[], measure: { s: number; r: Row }[], limit: number) {
  const refusedAt = (set: { s: number; r: Row }[], t: number, answerable: boolean) => {
    const kind = set.filter((e) => (e.r.question.gold !== null) === answerable);
    return kind.filter((e) => e.r.refused || e.s < t).length / Math.max(1, kind.length);
  };
  let threshold = -Infinity;
  for (const t of [...new Set(choose.map((e) => e.s))].sort((a, b) => a - b))
    if (refusedAt(choose, t, true) <= limit) threshold = t;
  return { answerable: refusedAt(measure, threshold, true), unanswerable: refusedAt(measure, threshold, false) };
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const trainRows = rows.filter((r) => r.question.split === 'tuning');
const devRows = rows.filter((r) => r.question.split === 'holdout');
const label = (set: Row[]) => set.map((r) => r.question.gold !== null);
console.log(
  `${trainRows.length} train questions (${trainRows.filter((r) => r.question.gold === null).length} unanswerable)` +
    (holdout ? `, ${devRows.length} held-out` : ''),
);
const asIs = (set: Row[], answerable: boolean) =>
  set.filter((r) => (r.question.gold !== null) === answerable && r.refused).length /
  Math.max(1, set.filter((r) => (r.question.gold !== null) === answerable).length);
console.log(
  `answerer as it is, train: "not found" ${pct(asIs(trainRows, true))} answerable, ${pct(asIs(trainRows, false))} unanswerable`,
);
console.log('separation of each piece of evidence on train (AUC, 0.5 = none):');
FEATURES.forEach((name, f) =>
  console.log(
    `  ${name.padEnd(16)} ${auc(
      trainRows.map((r) => r.x[f] ?? 0),
      label(trainRows),
    ).toFixed(3)}`,
  ),
);
// two-fold: fit on one half of the passages, score the other
const scored: { s: number; r: Row }[] = [];
for (const fold of [0, 1]) {
  const model = fit(trainRows.filter((r) => r.fold !== fold));
  for (const r of trainRows.filter((r) => r.fold === fold)) scored.push({ s: model(r.x), r });
}
console.log(
  `all evidence, logistic regression, two-fold on train: AUC ${auc(
    scored.map((e) => e.s),
    scored.map((e) => e.r.question.gold !== null),
  ).toFixed(3)}`,
);
for (const limit of [0.08, 0.1, 0.15]) {
  const folds = [0, 1].map((fold) =>
    operatingPoint(
      scored.filter((e) => e.r.fold !== fold),
      scored.filter((e) => e.r.fold === fold),
      limit,
    ),
  );
  const mean = (k: 'answerable' | 'unanswerable') => (folds[0]![k] + folds[1]![k]) / 2;
  console.log(
    `  refusing <= ${pct(limit)} of answerable (chosen on the other half): "not found" ${pct(mean('answerable'))} answerable, ${pct(mean('unanswerable'))} unanswerable`,
  );
}
if (holdout) {
  const model = fit(trainRows);
  const trainScored = trainRows.map((r) => ({ s: model(r.x), r }));
  const devScored = devRows.map((r) => ({ s: model(r.x), r }));
  console.log(
    `held out: AUC ${auc(
      devScored.map((e) => e.s),
      label(devRows),
    ).toFixed(
      3,
    )}; answerer as it is: "not found" ${pct(asIs(devRows, true))} answerable, ${pct(asIs(devRows, false))} unanswerable`,
  );
  for (const limit of [0.08, 0.1, 0.15]) {
    const point = operatingPoint(trainScored, devScored, limit);
    console.log(
      `  threshold refusing <= ${pct(limit)} of train's answerable: "not found" ${pct(point.answerable)} answerable, ${pct(point.unanswerable)} unanswerable`,
    );
  }
}
