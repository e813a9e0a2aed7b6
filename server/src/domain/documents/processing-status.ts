import type { DocumentFlags, DocumentRecord } from './document.js';
/** Counts of live documents by processing flag, for one building or summed over an owner's reachable buildings. */
export interface DocumentStatusCounts {
  total: number;
  processed: number;
  extractedText: number;
  extractedFile: number;
  uncompressedPackage: number;
  validFile: number;
  invalidFile: number;
  categorised: number;
  skipExtractFile: number;
  textExtractionError: number;
  /** second copies of bytes their building already has */
  duplicates: number;
}

/** The processing of a building's (or an owner's reachable buildings') documents, summed up. */
export interface ProcessingSummary extends Omit<DocumentFlags, 'corrupt'> {
  totalDocuments: number;
  processedDocuments: number;
  categorisedDocuments: number;
  extractedPercentage: number;
  categorisedPercentage: number;
  duplicateDocuments: number;
}

function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}

/**
 * Booleans of the building record: a "done" flag (text extracted, categorised, valid) is true when every document
 * that can have it has it; a "something happened" flag (invalid, error, package unpacked, skipped) is true when any
 * document has it. Nothing is true for an empty building.
 */
export function summariseStatus(counts: DocumentStatusCounts): ProcessingSummary {
  const all = (n: number, of = counts.total) => of > 0 && n === of;
  const any = (n: number) => n > 0;
  // documents with no text to extract (video, corrupt files) cannot reach "extracted text"
  const extractable = counts.total - counts.skipExtractFile - counts.invalidFile;
  return {
    extractedText: extractable > 0 && counts.extractedText >= extractable,
    extractedFile: all(counts.extractedFile),
    uncompressedPackage: any(counts.uncompressedPackage),
    validFile: all(counts.validFile),
    invalidFile: any(counts.invalidFile),
    categorised: all(counts.categorised),
    skipExtractFile: any(counts.skipExtractFile),
    textExtractionError: any(counts.textExtractionError),
    totalDocuments: counts.total,
    processedDocuments: counts.processed,
    categorisedDocuments: counts.categorised,
    extractedPercentage: percentage(counts.extractedText, counts.total),
    categorisedPercentage: percentage(counts.categorised, counts.total),
    duplicateDocuments: counts.duplicates,
  };
}

/** What became of one document's processing, in one word for programs and in a sentence for people. */
export const PROCESSING_OUTCOMES = [
  'waiting_for_upload',
  'processing',
  'read',
  'unpacked',
  'no_text',
  'corrupt',
  'invalid',
] as const;
export type ProcessingOutcome = (typeof PROCESSING_OUTCOMES)[number];

/** kinds that are kept without text because byggdok has no reader for them yet */
const UNREAD_KINDS: Readonly<Record<string, string>> = {
  vsd: 'Visio 2003-2010 drawings (.vsd) are not read yet: the file is kept without text',
  video: 'A video has no text to read',
  audio: 'An audio recording has no text to read',
};

/**
 * The outcome of a document's processing and why, from what the pipeline recorded: a failure's own words, the note
 * it left (a name that disagrees with the content, a password), or what the flags mean.
 */
export function processingOutcomeOf(document: DocumentRecord): { outcome: ProcessingOutcome; reason: string | null } {
  const { flags } = document;
  if (document.uploadState === 'pending') {
    return { outcome: 'waiting_for_upload', reason: 'The file has not been uploaded to its upload URL yet' };
  }
  if (document.processedAt === null) return { outcome: 'processing', reason: null };
  if (flags.corrupt) {
    return { outcome: 'corrupt', reason: document.processingError ?? 'The file is damaged and cannot be read' };
  }
  if (flags.invalidFile) {
    return { outcome: 'invalid', reason: 'The content is not a kind of document byggdok reads' };
  }
  if (flags.uncompressedPackage) {
    return { outcome: 'unpacked', reason: 'An archive: each file in it is a document of its own' };
  }
  if (flags.textExtractionError) {
    return { outcome: 'no_text', reason: document.processingError ?? document.processingNote };
  }
  if (!flags.extractedText) {
    const unread = UNREAD_KINDS[document.fileKind ?? ''];
    return { outcome: 'no_text', reason: unread ?? document.processingNote ?? 'No text was found in the file' };
  }
  return { outcome: 'read', reason: document.processingNote };
}

/**
 * A document's status record as the partner API spells it (`GET .../documents/{id}/status`); `document.processed`
 * and `document.failed` webhooks carry the same record.
 */
export function documentStatusRecord(document: DocumentRecord) {
  const f = document.flags;
  return {
    document_id: document.id,
    filename: document.filename,
    building_id: document.buildingId,
    building_category: document.buildingCategory,
    corrupt: f.corrupt,
    size: document.size,
    extracted_text: f.extractedText,
    extracted_file: f.extractedFile,
    uncompressed_package: f.uncompressedPackage,
    valid_file: f.validFile,
    invalid_file: f.invalidFile,
    categorised: f.categorised,
    skip_extract_file: f.skipExtractFile,
    text_extraction_error: f.textExtractionError,
    ...processingOutcomeOf(document),
  };
}

/** a processing that ended without readable content: the file is corrupt, not a document, or its text could not be read */
export function processingFailed(document: DocumentRecord): boolean {
  const { outcome } = processingOutcomeOf(document);
  return (
    outcome === 'corrupt' || outcome === 'invalid' || (outcome === 'no_text' && document.flags.textExtractionError)
  );
}
