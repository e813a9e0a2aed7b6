import type { DocumentFlags } from './document.js';
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
