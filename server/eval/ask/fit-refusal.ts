/**
 * Fits the English refusal model (BuiltinTuning['refusal']) on SQuAD 2.0 train questions only, and shows how well the
 * answerer's evidence tells answerable questions from two kinds it should refuse: the same questions asked with their
 * own passage hidden (the documents are silent) and SQuAD's unanswerable questions (written to look answerable).
 *
 * For every train question (every `--every`th) it gathers the evidence of refusal-evidence.ts, prints each piece's
 * separation (AUC: the chance a question to refuse scores below an answerable one; 0.5 is none), then fits a logistic
 * regression over all of them on half the passages and measures it on the other half: its AUC, and what it refuses at
 * thresholds chosen on the fitted half. Fitted on all train questions it prints the weights, the typical evidence and
 * the threshold that refuses at most `--limit` of train's answerable questions (with the rules' own refusals): the
 * numbers builtin-tuning.ts holds. `--holdout` also asks the first 1,000 dev questions and prints shares alone.
 *
 *   npx tsx eval/ask/fit-refusal.ts [--every 2] [--limit 0.065] [--holdout] [--rows evidence.json]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rankSentences } from '../../src/domain/answers/sentence-ranker.js';
import { tuningFor, type BuiltinTuning } from '../../src/domain/answers/builtin-tuning.js';
import { whyNotAnswer } from '../../src/domain/answers/builtin.answerer.js';
import { REFUSAL_FEATURES, refusalEvidence, refusalScore } from '../../src/domain/answers/refusal-evidence.js';
import { openEnglishBuilding, readEnglishQuestion, type EvalQuestion } from './norquad-building.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const every = Number(argValue('--every') ?? 1);
const holdout = process.argv.includes('--holdout');
/** the model's threshold refuses at most this share of train's answerable questions (with the rules' refusals) */
const limit = Number(argValue('--limit') ?? 0.065);

/** answerable: asked as it is; silent: an answerable question asked with its passage hidden; unanswerable: SQuAD's */
type Kind = 'answerable' | 'silent' | 'unanswerable';

interface Row {
  question: EvalQuestion;
  kind: Kind;
  fold: number;
  x: number[];
  refused: boolean;
}

/** `--rows file`: the evidence is read from it when it exists, else gathered and written to it (for refitting) */
const rowsFile = argValue('--rows');
const rows: Row[] = rowsFile && existsSync(rowsFile) ? (JSON.parse(readFileSync(rowsFile, 'utf8')) as Row[]) : [];
if (rows.length === 0) {
  const building = await openEnglishBuilding(holdout);
  try {
    const tuning = tuningFor('en');
    // the answerer's refusals before the model: what the model adds to
    const rulesOnly: BuiltinTuning = { ...tuning };
    delete rulesOnly.refusal;
    const train = building.questions.filter((q) => q.split === 'tuning').filter((_, i) => i % every === 0);
    const dev = holdout ? building.questions.filter((q) => q.split === 'holdout').slice(0, 1000) : [];
    const passageOrder = new Map<string, number>();
    const { services } = building.deps;
    const hide = (folders: string[]) =>
      services.buildings.update({
        principal: building.principal,
        ownerId: building.ownerId,
        buildingId: building.buildingId,
        privateFolders: folders,
      });
    const asked = [...train, ...dev];
    // every question as it is, then every answerable one again with its own passage's folder made private
    for (const [q, kind] of [
      ...asked.map((q) => [q, q.gold === null ? 'unanswerable' : 'answerable'] as const),
      ...asked.filter((q) => q.gold !== null).map((q) => [q, 'silent'] as const),
    ]) {
      if (kind === 'silent') await hide([q.folder]);
      const { question, passages } = await readEnglishQuestion(building, q.question);
      const ranked = rankSentences({ question, passages, options: { weights: tuning.weights } });
      if (!passageOrder.has(q.documentId)) passageOrder.set(q.documentId, passageOrder.size);
      rows.push({
        question: q,
        kind,
        fold: (passageOrder.get(q.documentId) ?? 0) % 2,
        x: refusalEvidence({ question, ranked, pool: passages, weights: tuning.weights }),
        refused: whyNotAnswer({ ranked, pool: passages, question, tuning: rulesOnly }) !== null,
      });
    }
    await hide([]);
  } finally {
    await building.close();
  }

  if (rowsFile) writeFileSync(rowsFile, JSON.stringify(rows));
}

/** the chance that a random question to refuse scores below a random answerable one (ties count half) */
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

/**
 * Logistic regression (answerable = 1) on standardised features, L2, plain gradient descent, each class weighing half:
 * deterministic. Returned in the features' own units: score = bias + sum of weight * feature.
 */
function fit(data: Row[]): { weights: number[]; bias: number } {
  const d = REFUSAL_FEATURES.length;
  const mean = REFUSAL_FEATURES.map((_, f) => data.reduce((s, r) => s + (r.x[f] ?? 0), 0) / data.length);
  const sd = REFUSAL_FEATURES.map(
    (_, f) => Math.sqrt(data.reduce((s, r) => s + ((r.x[f] ?? 0) - (mean[f] ?? 0)) ** 2, 0) / data.length) || 1,
  );
  const zs = data.map((r) => r.x.map((v, f) => (v - (mean[f] ?? 0)) / (sd[f] ?? 1)));
  const positives = data.filter((r) => r.kind === 'answerable').length;
  const classWeight = (r: Row) =>
    r.kind === 'answerable' ? data.length / (2 * positives) : data.length / (2 * (data.length - positives));
  const w = new Array<number>(d + 1).fill(0);
  for (let step = 0; step < 2000; step += 1) {
    const grad = new Array<number>(d + 1).fill(0);
    data.forEach((r, i) => {
      const zi = zs[i] ?? [];
      const p = 1 / (1 + Math.exp(-(zi.reduce((s, v, f) => s + v * (w[f] ?? 0), 0) + (w[d] ?? 0))));
      const error = (p - (r.kind === 'answerable' ? 1 : 0)) * classWeight(r);
      zi.forEach((v, f) => (grad[f] = (grad[f] ?? 0) + error * v));
      grad[d] = (grad[d] ?? 0) + error;
    });
    for (let f = 0; f <= d; f += 1)
      w[f] = (w[f] ?? 0) - 0.5 * ((grad[f] ?? 0) / data.length + (f < d ? 0.01 * (w[f] ?? 0) : 0));
  }
  const weights = REFUSAL_FEATURES.map((_, f) => (w[f] ?? 0) / (sd[f] ?? 1));
  const bias = (w[d] ?? 0) - weights.reduce((s, v, f) => s + v * (mean[f] ?? 0), 0);
  return { weights, bias };
}

interface Scored {
  s: number;
  r: Row;
}

/** the share of a kind of question answered "not found" when the answerer also refuses below threshold t */
function refusedAt(set: Scored[], t: number, kind: Kind): number {
  const ofKind = set.filter((e) => e.r.kind === kind);
  return ofKind.filter((e) => e.r.refused || e.s < t).length / Math.max(1, ofKind.length);
}

/** the highest threshold that refuses at most `share` of the answerable questions of `set` */
function thresholdFor(set: Scored[], share: number): number {
  let threshold = -Infinity;
  for (const t of [...new Set(set.map((e) => e.s))].sort((a, b) => a - b))
    if (refusedAt(set, t, 'answerable') <= share) threshold = t;
  return threshold;
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const rates = (set: Scored[], t: number) =>
  (['answerable', 'silent', 'unanswerable'] as const).map((k) => `${k} ${pct(refusedAt(set, t, k))}`).join(', ');
const trainRows = rows.filter((r) => r.question.split === 'tuning');
const devRows = rows.filter((r) => r.question.split === 'holdout');
const count = (set: Row[], kind: Kind) => set.filter((r) => r.kind === kind).length;
console.log(
  `train: ${count(trainRows, 'answerable')} answerable questions, each also asked with its passage hidden (silent), ` +
    `${count(trainRows, 'unanswerable')} unanswerable` +
    (holdout ? `; held out: ${count(devRows, 'answerable')} and ${count(devRows, 'unanswerable')}` : ''),
);
const unscored = (set: Row[]) => set.map((r) => ({ s: 0, r }));
console.log(`answerer as it is, "not found": train ${rates(unscored(trainRows), -Infinity)}`);
if (holdout) console.log(`                                held out ${rates(unscored(devRows), -Infinity)}`);

/** against which kind the answerable questions are told apart */
for (const against of ['unanswerable', 'silent'] as const) {
  const pair = (set: Row[]) => set.filter((r) => r.kind === 'answerable' || r.kind === against);
  const aucOf = (set: Scored[]) => {
    const both = set.filter((e) => e.r.kind === 'answerable' || e.r.kind === against);
    return auc(
      both.map((e) => e.s),
      both.map((e) => e.r.kind === 'answerable'),
    );
  };
  console.log(`\nanswerable against ${against}: each piece of evidence on train (AUC, 0.5 = none)`);
  REFUSAL_FEATURES.forEach((name, f) =>
    console.log(`  ${name.padEnd(16)} ${aucOf(trainRows.map((r) => ({ s: r.x[f] ?? 0, r }))).toFixed(3)}`),
  );
  // two-fold: fit on one half of the passages, score the other, choose the threshold on the fitted half
  const folds = [0, 1].map((fold) => {
    const model = fit(pair(trainRows.filter((r) => r.fold !== fold)));
    const scoreAll = (set: Row[]) => set.map((r) => ({ s: refusalScore(model, r.x), r }));
    return {
      fitted: scoreAll(trainRows.filter((r) => r.fold !== fold)),
      other: scoreAll(trainRows.filter((r) => r.fold === fold)),
    };
  });
  console.log(
    `  all 14, logistic regression, two-fold on train: AUC ${aucOf(folds.flatMap((f) => f.other)).toFixed(3)}`,
  );
  for (const share of [limit, 0.08, 0.1])
    console.log(
      `  refusing <= ${pct(share)} of answerable: "not found" ` +
        folds.map((f) => rates(f.other, thresholdFor(f.fitted, share))).join(' | '),
    );
  const model = fit(pair(trainRows));
  const trainScored = trainRows.map((r) => ({ s: refusalScore(model, r.x), r }));
  const threshold = thresholdFor(trainScored, limit);
  const answered = trainRows.filter((r) => r.kind === 'answerable');
  const typical = REFUSAL_FEATURES.map(
    (_, f) => answered.reduce((sum, r) => sum + (r.x[f] ?? 0), 0) / Math.max(1, answered.length),
  );
  console.log(`  typical evidence of an answerable train question: ${typical.map((v) => v.toFixed(3)).join(', ')}`);
  console.log(
    `  fitted on all train questions: weights ${model.weights.map((w) => w.toFixed(3)).join(', ')}; bias ${model.bias.toFixed(3)}; ` +
      `threshold refusing <= ${pct(limit)} of train's answerable ${threshold.toFixed(3)}`,
  );
  if (holdout) {
    const devScored = devRows.map((r) => ({ s: refusalScore(model, r.x), r }));
    console.log(`  held out: AUC ${aucOf(devScored).toFixed(3)}`);
    for (const share of [limit, 0.08, 0.1])
      console.log(
        `  threshold refusing <= ${pct(share)} of train's answerable: "not found" ${rates(devScored, thresholdFor(trainScored, share))}`,
      );
  }
}
