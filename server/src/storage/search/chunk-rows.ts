import type { ChunkHit } from '../../domain/search/chunk-retriever.js';
import type { TextLanguage } from '../../domain/shared/text-language.js';

/** A chunk as the SQL of the chunk retriever and the passage readers select it. */
export interface ChunkRow {
  id: number | string;
  document_id: string;
  building_id: string;
  filename: string;
  page_number: number;
  char_start: number;
  char_end: number;
  text: string;
  language?: string | null;
  /** the document's extracted identifiers, where the query read them */
  drawing_number?: string | null;
  tfm_code?: string | null;
  serial_number?: string | null;
  /** absent where nothing ranked the chunk (a page read on request) */
  score?: number | string;
  share?: number | string | null;
  unmatched_share?: number | string | null;
}

/** The one mapping of a chunk row to what answers and reports work with. */
export function toChunkHit(row: ChunkRow): ChunkHit {
  return {
    documentId: row.document_id,
    buildingId: row.building_id,
    filename: row.filename,
    chunkId: String(row.id),
    pageNumber: row.page_number,
    charStart: row.char_start,
    charEnd: row.char_end,
    text: row.text,
    score: row.score === undefined ? 0 : Number(row.score),
    ...(isTextLanguage(row.language) ? { language: row.language } : {}),
    ...identifiersOf(row),
    ...(row.share !== undefined && row.share !== null ? { queryShare: Math.min(1, Number(row.share)) } : {}),
    ...(row.unmatched_share !== undefined && row.unmatched_share !== null
      ? { queryUnmatchedShare: Number(row.unmatched_share) }
      : {}),
  };
}

/** a language column as the analyses know it (null and other values: unknown) */
export function isTextLanguage(value: string | null | undefined): value is TextLanguage {
  return value === 'nb' || value === 'nn' || value === 'en';
}

function identifiersOf(row: ChunkRow): { identifiers?: string[] } {
  const identifiers = [row.drawing_number, row.tfm_code, row.serial_number].filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return identifiers.length > 0 ? { identifiers } : {};
}
