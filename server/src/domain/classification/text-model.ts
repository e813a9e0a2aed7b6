/**
 * A small multinomial naive Bayes model over the words of a document's name, folders, title and opening text, one per
 * field (Norwegian discipline code, NS 3451 two-digit part, primary information type). It is trained from the team's
 * labelled set by `npm run train:classify` (eval/classify/train-model.ts), deterministically, and shipped as counts in
 * `data/text-model.generated.ts`. Its vote joins the rules' evidence with a weight that grows with its confidence, and names
 * itself in the evidence; it never decides alone.
 */
import type { ClassificationInput } from './classification.types.js';
import { normalizeForMatching, splitPath } from './tokens.js';

export type ModelField = 'discipline' | 'category' | 'informationType';

/**
 * One field's model as counts, so an owner's corrections can be added to them: documents per class, and how often
 * each kept feature occurs with each class. Probabilities use Laplace smoothing with `alpha`.
 */
export interface FieldModel {
  classes: string[];
  documents: number[];
  /** feature -> occurrences per class, in `classes` order */
  counts: Record<string, number[]>;
  /** all kept features' occurrences per class */
  totals: number[];
  alpha: number;
}

export interface TextModel {
  version: 2;
  trainedOn: string;
  documents: number;
  fields: Record<ModelField, FieldModel>;
}

/** An owner's corrections as extra counts on top of the shipped model (ownerAdaptation). */
export interface Adaptation {
  counts: Map<string, number[]>;
  totals: number[];
  corrections: number;
}

/** Text beyond this says little more about a document's field than its opening does. */
const TEXT_CHARS = 1500;
const WORD = /[\p{L}][\p{L}\p{N}]+/gu;

/**
 * Features of a document: name, folder and title words (`n:`), the first five letters of the longer ones (`s:`, so
 * compounds and inflections meet), and the words of the opening text (`t:`). Deterministic and order-free.
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

const vocabularySizes = new WeakMap<FieldModel, number>();

/** how many features a model keeps: counted once per model, not for every document */
function vocabularySize(model: FieldModel): number {
  let size = vocabularySizes.get(model);
  if (size === undefined) {
    size = Object.keys(model.counts).length;
    vocabularySizes.set(model, size);
  }
  return size;
}

/** The most probable class of one field, with its posterior; null when the document has no known feature. */
export function predictField(
  model: FieldModel,
  features: readonly string[],
  adaptation?: Adaptation | null,
): ModelVote | null {
  const n = model.classes.length;
  let vocabulary = vocabularySize(model);
  for (const f of adaptation?.counts.keys() ?? []) if (!model.counts[f]) vocabulary++;
  const all = model.documents.reduce((a, b) => a + b, 0);
  const denominators = model.totals.map((t, c) => t + (adaptation?.totals[c] ?? 0) + model.alpha * vocabulary);
  const scores = model.documents.map((d) => Math.log(d / all));
  const lift = new Map<string, number[]>();
  for (const f of features) {
    const base = model.counts[f];
    const own = adaptation?.counts.get(f);
    if (!base && !own) continue;
    const ll: number[] = [];
    for (let c = 0; c < n; c++) {
      ll.push(Math.log(((base?.[c] ?? 0) + (own?.[c] ?? 0) + model.alpha) / denominators[c]!));
      scores[c]! += ll[c]!;
    }
    lift.set(f, ll);
  }
  if (lift.size === 0) return null;
  let best = 0;
  for (let c = 1; c < n; c++) if (scores[c]! > scores[best]!) best = c;
  const max = scores[best]!;
  let sum = 0;
  for (const score of scores) sum += Math.exp(score - max);
  const because = [...lift.entries()]
    .map(([f, ll]) => ({ f, lift: ll[best]! - Math.max(...ll.filter((_, c) => c !== best)) }))
    .sort((a, b) => b.lift - a.lift || a.f.localeCompare(b.f))
    .slice(0, 3)
    .map((x) => x.f.slice(2));
  return { value: model.classes[best]!, probability: 1 / sum, because };
}

/** Trains one field; features seen fewer than `minCount` times are dropped. Deterministic: sorted classes and features. */
export function trainField(
  examples: readonly { features: readonly string[]; label: string }[],
  options: { alpha?: number; minCount?: number } = {},
): FieldModel {
  const alpha = options.alpha ?? 0.5;
  const minCount = options.minCount ?? 2;
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  const seen = new Map<string, number>();
  for (const e of examples) for (const f of e.features) seen.set(f, (seen.get(f) ?? 0) + 1);
  const vocabulary = [...seen.entries()]
    .filter(([, count]) => count >= minCount)
    .map(([f]) => f)
    .sort();
  const counts: Record<string, number[]> = {};
  for (const f of vocabulary) counts[f] = classes.map(() => 0);
  const documents = classes.map(() => 0);
  const totals = classes.map(() => 0);
  for (const e of examples) {
    const c = index.get(e.label)!;
    documents[c]! += 1;
    for (const f of e.features) {
      const row = counts[f];
      if (!row) continue;
      row[c]! += 1;
      totals[c]! += 1;
    }
  }
  return { classes, documents, counts, totals, alpha };
}

/** A person's correction counts as this many documents of the shipped set. */
export const CORRECTION_WEIGHT = 5;

/**
 * An owner's corrections of one field as counts on the model's classes: each corrected document's name, folder and
 * title words (`n:` features) counted with the corrected class. Values the model has no class for are left out.
 */
export function ownerAdaptation(
  model: FieldModel,
  corrections: readonly { value: string; tokens: readonly string[]; count: number }[],
): Adaptation | null {
  const index = new Map(model.classes.map((c, i) => [c, i]));
  const counts = new Map<string, number[]>();
  const totals = model.classes.map(() => 0);
  let used = 0;
  for (const correction of corrections) {
    const c = index.get(correction.value);
    if (c === undefined) continue;
    used += correction.count;
    for (const token of correction.tokens) {
      const f = `n:${token}`;
      const row = counts.get(f) ?? model.classes.map(() => 0);
      row[c]! += CORRECTION_WEIGHT * correction.count;
      totals[c]! += CORRECTION_WEIGHT * correction.count;
      counts.set(f, row);
    }
  }
  return used === 0 ? null : { counts, totals, corrections: used };
}
