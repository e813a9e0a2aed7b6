import { readFileSync } from 'node:fs';
import type { ClassificationInput } from '../../src/domain/classification/classification.types.js';
import type { FileKind } from '../../src/domain/pipeline/extraction.types.js';

export const SETS = ['dataset', 'holdout', 'independent'] as const;
export type SetName = (typeof SETS)[number];

/** One labelled document in dataset.jsonl / holdout.jsonl. Conventions for the labels: eval/classify/README.md. */
export interface EvalItem {
  id: string;
  filename: string;
  /** the path as uploaded, folders and filename */
  originalPath: string;
  /** extracted text; pages separated by a form feed (\f) */
  textSnippet: string;
  fileKind: FileKind;
  /** [width, height] of the pages in millimetres, when the format has pages */
  pageSizeMm?: [number, number];
  title?: string;
  /** DWG/DXF title-block attributes */
  attributes?: Record<string, string>;
  labels: {
    discipline: string | null;
    /** 2-digit NS 3451 code or MSC */
    buildingCategory2: string;
    isDrawing: boolean;
    /** null when the document has no information type a person could name (an empty scan, an invoice) */
    informationType: string | null;
  };
  /** NS 3451 at three digits, where the document's part is that clear (independent set) */
  buildingCategory3?: string;
  /** why the labels are what they are (independent set) */
  reason?: string;
  /** the public material the name and text follow (independent set) */
  source?: string;
  /** when the item was written relative to the rule changes it measures (independent set; build-independent.ts) */
  batch?: number;
  /** the language of its name and text, where the builder states it; languageOf() infers it otherwise */
  language?: Language;
  /** the classes of issue 50 the item was written to test; classesOf() adds those its labels imply */
  classes?: IssueClass[];
}

/**
 * Languages the eval reports apart: bokmål, nynorsk, English material inside a Norwegian project, UK material, and the
 * Dutch sample package.
 */
export const LANGUAGES = ['nb', 'nn', 'en-NO', 'en-UK', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = {
  nb: 'bokmål',
  nn: 'nynorsk',
  'en-NO': 'English in NO',
  'en-UK': 'UK',
  nl: 'Dutch',
};

/**
 * Issue 50's classes of misses: a document of no single trade or part that must get none (abstain), a folder or name
 * that disagrees with the content (content-over-folder), the NS 3451 groups beyond the common ones (ns-groups: 7x but
 * 70, 34/35/38, 6x, or a three-digit label), the specific information type over a generic one (information-type), and
 * nynorsk.
 */
export const ISSUE_CLASSES = ['abstain', 'content-over-folder', 'ns-groups', 'information-type', 'nynorsk'] as const;
export type IssueClass = (typeof ISSUE_CLASSES)[number];

const NYNORSK =
  /(?:^|[^\p{L}])(?:ikkje|frå|eit|korleis|berre|vert|desse|\p{L}*rettleiing\p{L}*|teikning\p{L}*|skule\p{L}*|bustad\p{L}*|leilegheit\p{L}*|sjukeheim\p{L}*|byggjemøte\p{L}*|byggjesak\p{L}*|tilbod\p{L}*|\p{L}*golv\p{L}*|reinhald\p{L}*|vedlikehald\p{L}*|røyr\p{L}*|\p{L}*vatn|naud\p{L}*|leik\p{L}+|\p{L}*løyve\p{L}*|\p{L}*skildring\p{L}*|\p{L}*berekning\p{L}*|eigenkontroll\p{L}*|igangkøyring\p{L}*|rømmingsplan\p{L}*|utandørs\p{L}*|vindauge\p{L}*|tryggleik\p{L}*|framdrift\p{L}*|bilete)(?![\p{L}])/iu;
const ENGLISH = new Set(
  'the and of for with from this that are has have been will shall by on at is be manual guide instructions installation maintenance operating operation user data sheet declaration certificate report test'.split(
    ' ',
  ),
);
const NORWEGIAN = new Set(
  'og av til med ikke ikkje skal eller på fra frå ved etter som er for i montering drift vedlikehold bruksanvisning datablad'.split(
    ' ',
  ),
);

/** The building an item belongs to: the first folder of its path. */
export function buildingOf(item: EvalItem): string {
  return item.originalPath.split('/')[0] ?? '';
}

/** Buildings whose labels use UK role letters: their items are UK material. */
export function ukBuildings(items: readonly EvalItem[]): Set<string> {
  return new Set(items.filter((i) => /^[A-Z]{1,2}$/.test(i.labels.discipline ?? '')).map(buildingOf));
}

/**
 * The item's language: as stated, or inferred: Dutch for the buildingSMART sample package, UK for buildings labelled
 * with UK roles, nynorsk when its path or text has nynorsk forms, English when its name and text have more English
 * than Norwegian words, bokmål otherwise.
 */
export function languageOf(item: EvalItem, uk: ReadonlySet<string>): Language {
  if (item.language) return item.language;
  if (item.originalPath.startsWith('IFC 2x3/SDK')) return 'nl';
  if (uk.has(buildingOf(item))) return 'en-UK';
  const own = `${item.originalPath.split('/').slice(1).join(' ')}\n${item.textSnippet.slice(0, 600)}`;
  if (NYNORSK.test(item.originalPath) || NYNORSK.test(item.textSnippet.slice(0, 600))) return 'nn';
  let english = 0;
  let norwegian = 0;
  for (const w of own.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    if (ENGLISH.has(w)) english++;
    if (NORWEGIAN.has(w)) norwegian++;
  }
  if (/[æøå]/i.test(own)) norwegian += 2;
  return english >= 2 && english > norwegian ? 'en-NO' : 'nb';
}

const SPECIAL_GROUPS = /^(?:7[1-9]|3[458]|6\d)$/;

/** The classes the item tests: those its builder names, and those its labels and language imply. */
export function classesOf(item: EvalItem, language: Language): IssueClass[] {
  const out = new Set<IssueClass>(item.classes ?? []);
  if (item.labels.discipline === null || item.labels.buildingCategory2 === 'MSC') out.add('abstain');
  if (SPECIAL_GROUPS.test(item.labels.buildingCategory2) || item.buildingCategory3) out.add('ns-groups');
  if (language === 'nn') out.add('nynorsk');
  return ISSUE_CLASSES.filter((c) => out.has(c));
}

export type LabelTuple = [
  discipline: string | null,
  buildingCategory2: string,
  isDrawing: boolean,
  type: string | null,
];

export const A0: [number, number] = [1189, 841];
export const A1: [number, number] = [841, 594];
export const A2: [number, number] = [594, 420];
export const A3: [number, number] = [420, 297];
export const A4: [number, number] = [210, 297];
export const A4L: [number, number] = [297, 210];

/** Builds an item from the compact form the dataset builders use. */
export function makeItem(args: {
  id: string;
  path: string;
  kind: FileKind;
  size?: [number, number] | null;
  text: string;
  labels: LabelTuple;
  extra?: { title?: string; attributes?: Record<string, string> };
}): EvalItem {
  const filename = args.path.split('/').pop() ?? args.path;
  const [discipline, buildingCategory2, isDrawing, informationType] = args.labels;
  return {
    id: args.id,
    filename,
    originalPath: args.path,
    textSnippet: args.text,
    fileKind: args.kind,
    ...(args.size ? { pageSizeMm: args.size } : {}),
    ...(args.extra?.title ? { title: args.extra.title } : {}),
    ...(args.extra?.attributes ? { attributes: args.extra.attributes } : {}),
    labels: { discipline, buildingCategory2, isDrawing, informationType },
  };
}

export function loadSet(set: SetName): EvalItem[] {
  return readFileSync(new URL(`./${set}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalItem);
}

export function toInput(item: EvalItem): ClassificationInput {
  const pages = item.textSnippet.split('\f').map((text, i) => ({
    pageNumber: i + 1,
    text,
    ...(item.pageSizeMm ? { widthMm: item.pageSizeMm[0], heightMm: item.pageSizeMm[1] } : {}),
  }));
  return {
    filename: item.filename,
    originalPath: item.originalPath,
    title: item.title ?? null,
    pages,
    ...(item.attributes ? { attributes: item.attributes } : {}),
    fileKind: item.fileKind,
  };
}
