import type { Classification } from '../classification/classification.types.js';
import type { DocumentRecord } from '../documents/document.js';
import type { TextLanguage } from '../shared/text-language.js';
import type { Chunk } from './chunking.js';
import type { DetectedType, ExtractedPage, Extraction, PageProgress } from './extraction.types.js';

/** What the pipeline needs from file handling (implemented in src/integrations/extract). */
export interface FileTools {
  detect(input: { path: string; filename: string }): Promise<DetectedType>;
  /**
   * Throws CorruptFileError for damaged files. Long work stops when the signal aborts (checked per page, passed to
   * OCR and to child processes such as pdftotext, which are killed with it) and throws its reason.
   */
  extract(input: {
    path: string;
    filename: string;
    detected: DetectedType;
    signal?: AbortSignal;
    progress?: PageProgress;
  }): Promise<Extraction>;
  unpackZip(input: { zipPath: string; destDir: string; signal?: AbortSignal }): Promise<{
    entries: { path: string; size: number; filePath: string }[];
    skipped: { path: string; reason: string }[];
  }>;
  /** a PDF preview for files that are not PDFs; `null` with a note when none can be made */
  makePreview(input: {
    path: string;
    detected: DetectedType;
    extraction: Extraction | null;
    outputPath: string;
    /** a conversion (LibreOffice) is killed when it aborts */
    signal?: AbortSignal;
  }): Promise<{ made: true } | { made: false; note: string }>;
}

export interface ExtractionResult {
  documentId: string;
  mimeType: string;
  fileKind: string;
  md5: string | null;
  title: string | null;
  pages: (ExtractedPage & { language?: TextLanguage | null })[];
  chunks: (Chunk & { language?: TextLanguage | null })[];
  /** the language most of its text is written in; null when its text says too little (see text-language.ts) */
  language: TextLanguage | null;
  pageCount: number | null;
  originalCreatedAt: Date | null;
  previewKey: string | null;
  previewNote: string | null;
  flags: {
    validFile: boolean;
    invalidFile: boolean;
    corrupt: boolean;
    extractedText: boolean;
    extractedFile: boolean;
    textExtractionError: boolean;
    skipExtractFile: boolean;
    uncompressedPackage: boolean;
  };
  processingError: string | null;
  /** how it was read, when a person should know (name and content disagree) */
  processingNote: string | null;
  /** when the stage finished (the document's updatedAt) */
  at: Date;
}

export interface ChildDocument {
  id: string;
  parentDocumentId: string;
  buildingId: string;
  ownerId: string;
  filename: string;
  originalPath: string;
  extension: string;
  blobKey: string;
  size: number;
  md5: string;
  createdAt: Date;
}

export interface PipelineRepository {
  load(documentId: string): Promise<DocumentRecord | null>;
  /** text of the first pages, for classification */
  loadPages(params: { documentId: string; maxChars: number }): Promise<ExtractedPage[]>;
  /** replaces pages and chunks, sets flags, and enqueues the next stage, in one transaction */
  saveExtraction(result: ExtractionResult): Promise<void>;
  /** inserts unpacked children as uploaded documents and enqueues their processing; existing children are kept */
  insertChildren(children: ChildDocument[]): Promise<number>;
  /** a category a person set is never overwritten */
  saveClassification(params: { documentId: string; classification: ClassificationOutcome; at: Date }): Promise<void>;
  /** counts one more killed extraction sandbox for the document; returns how many it has killed so far */
  recordExtractionKill(documentId: string): Promise<number>;
}

/** what classification decides for one document (see src/domain/classification) */
export type ClassificationOutcome = Classification;

export interface DocumentClassifier {
  classify(input: { document: DocumentRecord; pages: ExtractedPage[] }): Promise<ClassificationOutcome>;
}
