/**
 * Learning from one building owner's corrections: a nearest-neighbour model over the tokens of corrected documents'
 * names, folders and titles. When a new document resembles documents a person corrected to X, it is classified X, and
 * the evidence says so. Owners name things their own way ("Kjøleanlegg VRV" filed under 37, not 36), and a handful of
 * corrections is all there is to learn from, so similarity to concrete corrected documents works better than a
 * statistical model that needs many examples per class.
 *
 * The model is plain JSON (stored per owner by the caller) and grows by one correction at a time.
 */
import type { ClassificationInput, CorrectableField, Correction } from './classification.types.js';
import { isKnownInformationType, isValidBuildingCategory } from './reference-data.js';
import { splitPath, wordTokens } from './tokens.js';

export interface OwnerModelExample {
  /** the corrected value; for informationTypes the list, primary type first */
  value: string | string[];
  tokens: string[];
  /** identical corrections are counted, not stored twice */
  count: number;
}

export interface OwnerModel {
  version: 1;
  fields: Record<CorrectableField, OwnerModelExample[]>;
}

/** Oldest examples are dropped past this, so a model stays small enough for a JSON column. */
export const MAX_EXAMPLES_PER_FIELD = 500;
/** Weighted token overlap from which a corrected document counts as "similar". */
const SIMILARITY_THRESHOLD = 0.5;
/** Summed similarity a learned value needs before it overrides the rules (one near-identical correction is enough). */
const OVERRIDE_SUPPORT = 0.95;
const MAX_TOKENS = 40;

const STOPWORDS = new Set([
  'pdf',
  'dwg',
  'dxf',
  'doc',
  'docx',
  'xlsx',
  'og',
  'i',
  'av',
  'for',
  'med',
  'til',
  'the',
  'and',
  'of',
  'a',
  'en',
  'et',
  'de',
  'het',
  'van',
  'rev',
  'ver',
  'v',
]);

export function createOwnerModel(): OwnerModel {
  return { version: 1, fields: { buildingCategory: [], discipline: [], informationTypes: [] } };
}

/**
 * The tokens a correction keeps of its document: words of the filename, the nearest folders and the title. Long
 * numbers and dates are dropped (they identify a file, not a kind of file); short codes like "36" or "rib" stay.
 */
export function correctionFeatures(input: Pick<ClassificationInput, 'filename' | 'originalPath' | 'title'>): string[] {
  const parts = splitPath(input.filename, input.originalPath);
  const raw = [parts.stem, ...parts.folders.slice(-3), input.title ?? '']
    .map((t) => t.replace(/\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.\d{2,4}/g, ' '))
    .flatMap((t) => wordTokens(t));
  const out: string[] = [];
  for (const token of raw) {
    if (STOPWORDS.has(token)) continue;
    if (/^\d+$/.test(token) && (token.length > 4 || token.length < 2 || /^(19|20)\d\d$/.test(token))) continue;
    if (token.length < 2) continue;
    if (!out.includes(token)) out.push(token);
    if (out.length >= MAX_TOKENS) break;
  }
  return out;
}

/** A correction ready to store and to apply; validates the value so a bad request cannot poison the model. */
export function createCorrection(args: {
  field: CorrectableField;
  value: string | string[];
  input: Pick<ClassificationInput, 'filename' | 'originalPath' | 'title'>;
  previousValue?: string | string[] | null;
}): Correction {
  validateValue(args.field, args.value);
  return {
    field: args.field,
    value: args.value,
    features: correctionFeatures(args.input),
    ...(args.previousValue !== undefined ? { previousValue: args.previousValue } : {}),
  };
}

function validateValue(field: CorrectableField, value: string | string[]): void {
  if (field === 'informationTypes') {
    if (!Array.isArray(value) || value.length === 0 || !value.every((v) => isKnownInformationType(v)))
      throw new Error(`invalid informationTypes correction: ${JSON.stringify(value)}`);
    return;
  }
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`invalid ${field} correction: ${JSON.stringify(value)}`);
  if (field === 'buildingCategory' && !isValidBuildingCategory(value))
    throw new Error(`invalid building category: ${value}`);
}

function sameValue(a: string | string[], b: string | string[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((t) => set.has(t));
}

/** The model with one more correction (pure: the given model is not changed). */
export function applyCorrection(model: OwnerModel, correction: Correction): OwnerModel {
  validateValue(correction.field, correction.value);
  const examples = model.fields[correction.field];
  const tokens = [...new Set(correction.features)].slice(0, MAX_TOKENS);
  const existing = examples.findIndex((e) => sameValue(e.value, correction.value) && sameTokens(e.tokens, tokens));
  let next: OwnerModelExample[];
  if (existing >= 0) {
    next = examples.map((e, i) => (i === existing ? { ...e, count: e.count + 1 } : e));
  } else {
    // A later correction of the same document to another value replaces the earlier one.
    next = examples.filter((e) => !sameTokens(e.tokens, tokens));
    next.push({ value: correction.value, tokens, count: 1 });
    if (next.length > MAX_EXAMPLES_PER_FIELD) next = next.slice(next.length - MAX_EXAMPLES_PER_FIELD);
  }
  return { ...model, fields: { ...model.fields, [correction.field]: next } };
}

export function correctionCount(model: OwnerModel, field: CorrectableField): number {
  return model.fields[field].reduce((sum, e) => sum + e.count, 0);
}

export interface LearnedSuggestion {
  value: string | string[];
  /** corrections (counted) of this value whose documents resemble this one */
  corrections: number;
  /** summed similarity of those corrections */
  support: number;
  confidence: number;
}

/**
 * The value similar corrected documents were given, or null when none is similar enough. Token weights are
 * inverse document frequency within the owner's corrections, so a project name on every file counts for little.
 */
export function suggestFromOwnerModel(
  model: OwnerModel,
  field: CorrectableField,
  features: readonly string[],
): LearnedSuggestion | null {
  const examples = model.fields[field];
  if (examples.length === 0 || features.length === 0) return null;
  const df = new Map<string, number>();
  for (const e of examples) for (const t of e.tokens) df.set(t, (df.get(t) ?? 0) + 1);
  const n = examples.length;
  const weight = (t: string): number => Math.log(1 + (n + 1) / ((df.get(t) ?? 0) + 1));
  const doc = new Set(features);

  const perValue = new Map<string, { value: string | string[]; corrections: number; support: number }>();
  for (const e of examples) {
    let shared = 0;
    let union = 0;
    const seen = new Set<string>();
    for (const t of e.tokens) {
      seen.add(t);
      const w = weight(t);
      union += w;
      if (doc.has(t)) shared += w;
    }
    for (const t of doc) if (!seen.has(t)) union += weight(t);
    const similarity = union > 0 ? shared / union : 0;
    if (similarity < SIMILARITY_THRESHOLD) continue;
    const key = JSON.stringify(e.value);
    const entry = perValue.get(key) ?? { value: e.value, corrections: 0, support: 0 };
    entry.corrections += e.count;
    entry.support += similarity * e.count;
    perValue.set(key, entry);
  }
  const [best, second] = [...perValue.values()].sort((a, b) => b.support - a.support);
  if (!best || best.support < OVERRIDE_SUPPORT) return null;
  // A tie between two corrected values is no lesson; leave it to the rules.
  if (second && second.support >= best.support * 0.8) return null;
  const confidence = Math.round(Math.min(0.97, 1 - Math.pow(0.5, best.support)) * 100) / 100;
  return { ...best, confidence: Math.max(confidence, 0.5) };
}

function isStringArray(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((v) => typeof v === 'string');
}

/** Reads a stored model, tolerating unknown extra members; throws on anything that is not a model. */
export function parseOwnerModel(json: unknown): OwnerModel {
  const value: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 1)
    throw new Error('not an owner model (version 1)');
  const fields = (value as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) throw new Error('owner model without fields');
  const model = createOwnerModel();
  for (const field of ['buildingCategory', 'discipline', 'informationTypes'] as const) {
    const list = (fields as Record<string, unknown>)[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new Error(`owner model field ${field} is not a list`);
    model.fields[field] = list.map((raw: unknown) => {
      const e = raw as { value?: unknown; tokens?: unknown; count?: unknown };
      const value = e.value;
      const tokens = e.tokens;
      if (!(typeof value === 'string' || isStringArray(value)) || !isStringArray(tokens))
        throw new Error(`malformed owner model example in ${field}`);
      return { value, tokens, count: typeof e.count === 'number' && e.count > 0 ? e.count : 1 };
    });
  }
  return model;
}

/** The model as stored for an owner, or an empty one when the owner has none yet (null/undefined from storage). */
export function loadOwnerModel(stored: unknown): OwnerModel {
  return stored === null || stored === undefined ? createOwnerModel() : parseOwnerModel(stored);
}

export function serializeOwnerModel(model: OwnerModel): string {
  return JSON.stringify(model);
}
