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
