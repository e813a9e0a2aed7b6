/**
 * A small multinomial naive Bayes model over the words of a document's name, folders, title and opening text, one per
 * field (Norwegian discipline code, NS 3451 two-digit part, primary information type). It is trained from the team's
 * labelled set by `npm run train:classify` (eval/classify/train-model.ts), deterministically, and shipped as JSON in
 * `data/text-model.json`. Its vote joins the rules' evidence with a weight that grows with its confidence, and names
 * itself in the evidence; it never decides alone.
 */
import type { ClassificationInput } from './classification.types.js';
import { normalizeForMatching, splitPath } from './tokens.js';

export type ModelField = 'discipline' | 'category' | 'informationType';

/** One field's model: log priors and per-class log likelihoods of the kept features, plus the unseen-feature floor. */
export interface FieldModel {
  classes: string[];
  logPrior: number[];
  /** feature -> log P(feature | class) per class, in `classes` order */
  logLikelihood: Record<string, number[]>;
  /** log P(unseen feature | class) per class (Laplace smoothing) */
  logUnseen: number[];
}

export interface TextModel {
  version: 1;
  trainedOn: string;
  documents: number;
  fields: Record<ModelField, FieldModel>;
}

/** Text beyond this says little more about a document's field than its opening does. */
const TEXT_CHARS = 1500;
const WORD = /[\p{L}][\p{L}\p{N}]+/gu;

/**
 * Features of a document: name and folder words (with the prefix `n:`, they count more), their 4-letter stems, and
 * the words of the opening text (`t:`). Deterministic and order-free for the model.
 */
export function modelFeatures(
  input: Pick<ClassificationInput, 'filename' | 'originalPath' | 'title' | 'pages'>,
): string[] {
  const parts = splitPath(input.filename, input.originalPath);
  const name = normalizeForMatching([parts.stem, ...parts.folders.slice(-3), input.title ?? ''].join(' '), {
    splitCamelCase: true,
  });
  const out: string[] = [];
  for (const w of name.match(WORD) ?? []) {
    out.push(`n:${w}`);
    if (w.length > 5) out.push(`s:${w.slice(0, 5)}`);
  }
  let text = '';
  for (const page of input.pages) {
    if (text.length >= TEXT_CHARS) break;
    text += `${page.text}\n`;
  }
  for (const w of normalizeForMatching(text.slice(0, TEXT_CHARS)).match(WORD) ?? []) {
    if (w.length >= 3) out.push(`t:${w}`);
  }
  return out;
}

export interface ModelVote {
  value: string;
  /** posterior probability of the value, 0..1 */
  probability: number;
  /** the features that spoke most for the value */
  because: string[];
}

/** The most probable class of one field, with its posterior; null when the document has no known feature. */
export function predictField(model: FieldModel, features: readonly string[]): ModelVote | null {
  const scores = [...model.logPrior];
  const known: string[] = [];
  for (const f of features) {
    const ll = model.logLikelihood[f];
    if (!ll) continue;
    known.push(f);
    for (let c = 0; c < scores.length; c++) scores[c]! += ll[c]!;
  }
  if (known.length === 0) return null;
  // features seen in training but not with a class count with the class's floor (already in logLikelihood)
  let best = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c]! > scores[best]!) best = c;
  const max = scores[best]!;
  let sum = 0;
  for (const s of scores) sum += Math.exp(s - max);
  const strongest = [...new Set(known)]
    .map((f) => {
      const ll = model.logLikelihood[f]!;
      const others = ll.filter((_, c) => c !== best);
      return { f, lift: ll[best]! - Math.max(...others) };
    })
    .sort((a, b) => b.lift - a.lift || a.f.localeCompare(b.f))
    .slice(0, 3)
    .map((x) => x.f.slice(2));
  return { value: model.classes[best]!, probability: 1 / sum, because: strongest };
}

/** Trains one field with Laplace smoothing; features seen fewer than `minCount` times are dropped. */
export function trainField(
  examples: readonly { features: readonly string[]; label: string }[],
  options: { alpha?: number; minCount?: number } = {},
): FieldModel {
  const alpha = options.alpha ?? 0.5;
  const minCount = options.minCount ?? 2;
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  const docCount = classes.map(() => 0);
  const featureTotal = new Map<string, number>();
  for (const e of examples) for (const f of e.features) featureTotal.set(f, (featureTotal.get(f) ?? 0) + 1);
  const vocabulary = [...featureTotal.entries()]
    .filter(([, n]) => n >= minCount)
    .map(([f]) => f)
    .sort();
  const kept = new Set(vocabulary);
  const counts = new Map<string, number[]>(vocabulary.map((f) => [f, classes.map(() => 0)]));
  const totals = classes.map(() => 0);
  for (const e of examples) {
    const c = index.get(e.label)!;
    docCount[c]! += 1;
    for (const f of e.features) {
      if (!kept.has(f)) continue;
      counts.get(f)![c]! += 1;
      totals[c]! += 1;
    }
  }
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  const denominators = totals.map((t) => t + alpha * vocabulary.length);
  const logLikelihood: Record<string, number[]> = {};
  for (const f of vocabulary) {
    logLikelihood[f] = counts.get(f)!.map((n, c) => round(Math.log((n + alpha) / denominators[c]!)));
  }
  return {
    classes,
    logPrior: docCount.map((n) => round(Math.log(n / examples.length))),
    logLikelihood,
    logUnseen: denominators.map((d) => round(Math.log(alpha / d))),
  };
}
