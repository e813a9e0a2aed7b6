import { Type } from '@sinclair/typebox';
import type { DocumentRecord } from '../../domain/documents/document.js';
import {
  PROCESSING_OUTCOMES,
  documentStatusRecord,
  processingOutcomeOf,
  type ProcessingSummary,
} from '../../domain/documents/processing-status.js';
import { codeSignal } from '../../domain/classification/index.js';
import { processingFlagFields, Timestamp } from '../schemas/common.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const OutcomeSchema = Type.Union(
  PROCESSING_OUTCOMES.map((value) => Type.Literal(value)),
  { description: 'waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid' },
);

export const DocumentSchema = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  title: Type.Optional(Type.String()),
  originalPath: Type.String(),
  buildingCategory: Nullable(Type.String()),
  discipline: Nullable(Type.String()),
  informationType: Nullable(Type.String()),
  informationTypes: Type.Array(Type.String()),
  isDrawing: Type.Boolean(),
  isSchemaDrawing: Type.Boolean(),
  serialNumber: Nullable(Type.String()),
  size: Type.Number(),
  md5Checksum: Nullable(Type.String()),
  corrupt: Type.Boolean(),
  drawingDate: Nullable(Type.String()),
  drawingNumber: Nullable(Type.String()),
  drawingRevision: Nullable(Type.String()),
  drawingType: Nullable(Type.String()),
  supersededBy: Type.Union([Type.String(), Type.Null()], {
    description:
      'the next newer revision of the same drawing, or the new version of this file, in the same building; null ' +
      'for the latest',
  }),
  isLatestRevision: Type.Boolean({ description: 'exactly supersededBy === null' }),
  uploadedBy: Type.Union([Type.String(), Type.Null()], {
    description:
      "beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null " +
      "for an upload by a partner's key",
  }),
  floor: Nullable(Type.String()),
  originalCreatedAt: Nullable(Type.String()),
  asBuilt: Type.Boolean(),
  externalIds: Type.Optional(Type.Record(Type.String(), Type.String())),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  processedAt: Type.Union([Timestamp, Type.Null()], {
    description: 'when processing finished (extracted, classified or found corrupt); null while it runs',
  }),
  textExtractionError: Type.Boolean({ description: 'the file was stored but its text could not be read' }),
  duplicateOf: Type.Union([Type.String(), Type.Null()], {
    description:
      "beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one " +
      'is a second copy; null otherwise',
  }),
  processing: Type.Object(
    {
      outcome: OutcomeSchema,
      reason: Type.Union([Type.String(), Type.Null()], {
        description:
          'why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read ' +
          'as what it is", "PDF is encrypted with a password; it cannot be read without it"',
      }),
    },
    { description: "beyond the partner spec: what became of the document's processing, and why" },
  ),
});

const EvidenceSchema = Type.Object({
  value: Type.Unknown(),
  confidence: Type.Number(),
  evidence: Type.Array(Type.String(), { description: "the signals in the classifier's own words (English)" }),
  signals: Type.Array(
    Type.Object({
      code: Type.String({
        description: "stable code of the signal ('filename_token', 'mentions' ...); 'unknown' for one without a code",
      }),
      params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
        description: 'what the signal found: { "token": "ARK" }, { "place": "filename", "word": "FDV" } ...',
      }),
      text: Type.String({ description: 'the same signal as in `evidence`' }),
    }),
    { description: 'the signals of `evidence`, in the same order, as codes with parameters for saying them in words' },
  ),
});

export const DocumentWithUrlsSchema = Type.Composite([
  DocumentSchema,
  Type.Object({
    url: Type.String({ description: 'pre-signed download URL, valid 1 hour' }),
    previewUrl: Type.Union([Type.String(), Type.Null()], {
      description: 'pre-signed PDF preview URL, valid 1 hour, or null',
    }),
    classification: Type.Optional(
      Type.Record(Type.String(), EvidenceSchema, {
        description: 'for each classified field: the value, a confidence and the signals that decided it',
      }),
    ),
    corrections: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String({ description: 'the classified field a person corrected (buildingCategory, ...)' }),
          correctedAt: Type.String({ format: 'date-time' }),
          correctedBy: Type.Union([Type.String(), Type.Null()], {
            description: "the person's name (their e-mail without one); null for a partner's key",
          }),
        }),
        { description: "the newest person's correction of each classified field" },
      ),
    ),
  }),
]);

export function presentDocument(document: DocumentRecord) {
  return {
    id: document.id,
    filename: document.filename,
    ...(document.title ? { title: document.title } : {}),
    originalPath: document.originalPath,
    buildingCategory: document.buildingCategory,
    discipline: document.discipline,
    informationType: document.informationType,
    informationTypes: document.informationTypes,
    isDrawing: document.isDrawing,
    isSchemaDrawing: document.isSchemaDrawing,
    serialNumber: document.serialNumber,
    size: document.size,
    md5Checksum: document.md5,
    corrupt: document.flags.corrupt,
    drawingDate: document.drawingDate,
    drawingNumber: document.drawingNumber,
    drawingRevision: document.drawingRevision,
    drawingType: document.drawingType,
    supersededBy: document.supersededBy,
    isLatestRevision: document.supersededBy === null,
    uploadedBy: document.uploadedBy,
    floor: document.floor,
    originalCreatedAt: document.originalCreatedAt?.toISOString() ?? null,
    asBuilt: document.asBuilt,
    ...(document.externalIds ? { externalIds: document.externalIds } : {}),
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    processedAt: document.processedAt?.toISOString() ?? null,
    textExtractionError: document.flags.textExtractionError,
    duplicateOf: document.duplicateOf,
    processing: processingOutcomeOf(document),
  };
}

export function presentDocumentWithUrls(params: {
  document: DocumentRecord;
  url: string;
  previewUrl: string | null;
  corrections?: { field: string; correctedAt: Date; correctedBy: string | null }[];
}) {
  return {
    ...presentDocument(params.document),
    url: params.url,
    previewUrl: params.previewUrl,
    ...(params.document.classification
      ? { classification: presentClassification(params.document.classification) }
      : {}),
    ...(params.corrections
      ? {
          corrections: params.corrections.map((c) => ({
            field: c.field,
            correctedAt: c.correctedAt.toISOString(),
            correctedBy: c.correctedBy,
          })),
        }
      : {}),
  };
}

function presentClassification(classification: NonNullable<DocumentRecord['classification']>) {
  return Object.fromEntries(
    Object.entries(classification).map(([field, entry]) => [
      field,
      { ...entry, signals: (entry.evidence ?? []).map((text) => codeSignal(text)) },
    ]),
  );
}

/** The document processing status record, spelled exactly as the partner spec spells it. */
export const DocumentStatusSchema = Type.Object({
  document_id: Type.String(),
  filename: Type.String(),
  building_id: Type.String(),
  building_category: Type.Union([Type.String(), Type.Null()]),
  corrupt: Type.Boolean(),
  size: Type.Number(),
  ...processingFlagFields,
  outcome: OutcomeSchema,
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'beyond the partner spec: why, in words, when a person should know (see `processing` of a document)',
  }),
});

/** the status record of the partner spec (`DocumentStatusSchema`); the same record webhooks carry */
export function presentDocumentStatus(document: DocumentRecord) {
  return documentStatusRecord(document);
}

/** The building (or owner) processing status record, spelled as the partner spec spells it (`ProcessingStatusSchema`). */
export function presentProcessingSummary(summary: ProcessingSummary) {
  return {
    extracted_text: summary.extractedText,
    extracted_file: summary.extractedFile,
    uncompressed_package: summary.uncompressedPackage,
    valid_file: summary.validFile,
    invalid_file: summary.invalidFile,
    categorised: summary.categorised,
    skip_extract_file: summary.skipExtractFile,
    text_extraction_error: summary.textExtractionError,
    total_documents: summary.totalDocuments,
    processed_documents: summary.processedDocuments,
    categorized_documents: summary.categorisedDocuments,
    extracted_percentage: summary.extractedPercentage,
    categorized_percentage: summary.categorisedPercentage,
    duplicate_documents: summary.duplicateDocuments,
  };
}
