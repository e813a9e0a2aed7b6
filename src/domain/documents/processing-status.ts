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
}

export const emptyStatusCounts: DocumentStatusCounts = {
  total: 0,
  processed: 0,
  extractedText: 0,
  extractedFile: 0,
  uncompressedPackage: 0,
  validFile: 0,
  invalidFile: 0,
  categorised: 0,
  skipExtractFile: 0,
  textExtractionError: 0,
};

/** The building processing status record, spelled exactly as the partner spec spells it. */
export interface BuildingProcessingStatus {
  extracted_text: boolean;
  extracted_file: boolean;
  uncompressed_package: boolean;
  valid_file: boolean;
  invalid_file: boolean;
  categorised: boolean;
  skip_extract_file: boolean;
  text_extraction_error: boolean;
  total_documents: number;
  processed_documents: number;
  categorized_documents: number;
  extracted_percentage: number;
  categorized_percentage: number;
}

function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}

/**
 * Booleans of the building record: a "done" flag (text extracted, categorised, valid) is true when every document
 * that can have it has it; a "something happened" flag (invalid, error, package unpacked, skipped) is true when any
 * document has it. Nothing is true for an empty building.
 */
export function summariseStatus(counts: DocumentStatusCounts): BuildingProcessingStatus {
  const all = (n: number, of = counts.total) => of > 0 && n === of;
  const any = (n: number) => n > 0;
  // documents with no text to extract (video, corrupt files) cannot reach "extracted_text"
  const extractable = counts.total - counts.skipExtractFile - counts.invalidFile;
  return {
    extracted_text: extractable > 0 && counts.extractedText >= extractable,
    extracted_file: all(counts.extractedFile),
    uncompressed_package: any(counts.uncompressedPackage),
    valid_file: all(counts.validFile),
    invalid_file: any(counts.invalidFile),
    categorised: all(counts.categorised),
    skip_extract_file: any(counts.skipExtractFile),
    text_extraction_error: any(counts.textExtractionError),
    total_documents: counts.total,
    processed_documents: counts.processed,
    categorized_documents: counts.categorised,
    extracted_percentage: percentage(counts.extractedText, counts.total),
    categorized_percentage: percentage(counts.categorised, counts.total),
  };
}
