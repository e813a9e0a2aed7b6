import type { FileKind } from '../pipeline/extraction.types.js';

/** Which naming tradition a document follows: decides whether discipline is a Norwegian code or a UK role letter. */
export type Market = 'NO' | 'UK';

export interface ClassificationPage {
  pageNumber: number;
  text: string;
  widthMm?: number;
  heightMm?: number;
}

/** What the classifier needs from an uploaded document after extraction. */
export interface ClassificationInput {
  filename: string;
  /** the path as uploaded (folders, usually ending with the filename) */
  originalPath?: string | null;
  /** title from document metadata or the first heading */
  title?: string | null;
  pages: ClassificationPage[];
  /** CAD title-block attributes (tag -> value) */
  attributes?: Record<string, string>;
  fileKind: FileKind;
  /** the building's market when known; inferred from names and text otherwise */
  market?: Market | null;
}

/** Plan, section ... as stored: English lower-case keys. */
export type DrawingType = 'plan' | 'section' | 'elevation' | 'detail' | 'site' | 'schematic' | 'other';

export interface FieldEvidence {
  value: unknown;
  /** 0..1 */
  confidence: number;
  /** human-readable signals that decided the value, strongest first */
  evidence: string[];
}

export interface Classification {
  /** NS 3451 code at the deepest level the evidence supports (2-4 digits), or 'MSC' */
  buildingCategory: string;
  /** Norwegian discipline code (ARK, RIV ...) or, for UK-style material, the ISO 19650 role letter */
  discipline: string | null;
  /** primary information type id */
  informationType: string | null;
  informationTypes: string[];
  isDrawing: boolean;
  isSchemaDrawing: boolean;
  asBuilt: boolean;
  drawingNumber: string | null;
  drawingRevision: string | null;
  drawingType: DrawingType | null;
  /** YYYY-MM-DD */
  drawingDate: string | null;
  /** normalized floor: 'U1', '00', '01', 'roof' ... (drawings only) */
  floor: string | null;
  title: string | null;
  /** keyed by the field name above */
  evidence: Record<string, FieldEvidence>;
}

/** Fields a person can correct and the owner model learns from. */
export type CorrectableField = 'buildingCategory' | 'discipline' | 'informationTypes';

/** One correction by a person, reduced to what the owner model needs; stored by the caller. */
export interface Correction {
  field: CorrectableField;
  /** the corrected value: a code for buildingCategory/discipline, the list of type ids for informationTypes */
  value: string | string[];
  /** tokens of the corrected document (correctionFeatures), so the model never needs the document again */
  features: string[];
  /** what the document had before the correction, when known */
  previousValue?: string | string[] | null;
}
