/** One stored document, as the domain sees it. Presenters turn it into the wire shape. */
export interface DocumentFlags {
  corrupt: boolean;
  extractedText: boolean;
  extractedFile: boolean;
  uncompressedPackage: boolean;
  validFile: boolean;
  invalidFile: boolean;
  categorised: boolean;
  skipExtractFile: boolean;
  textExtractionError: boolean;
}

export interface ClassificationEvidence {
  value: unknown;
  confidence: number;
  evidence: string[];
}

export interface DocumentRecord {
  id: string;
  buildingId: string;
  ownerId: string;
  parentDocumentId: string | null;
  filename: string;
  originalPath: string;
  title: string | null;
  extension: string;
  mimeType: string | null;
  contentType: string | null;
  fileKind: string | null;
  blobKey: string;
  previewKey: string | null;
  uploadState: 'pending' | 'uploaded';
  size: number;
  md5: string | null;
  serialNumber: string | null;
  originalCreatedAt: Date | null;
  externalIds: Record<string, string> | null;
  buildingCategory: string | null;
  buildingCategorySource: 'auto' | 'person' | null;
  discipline: string | null;
  informationType: string | null;
  informationTypes: string[];
  isDrawing: boolean;
  isSchemaDrawing: boolean;
  asBuilt: boolean;
  drawingNumber: string | null;
  drawingRevision: string | null;
  /** the next newer revision or version in the building; null for the latest (decisions.md, revisions) */
  supersededBy: string | null;
  /** the document an upload named as the one it replaces */
  replacesDocumentId: string | null;
  /** who uploaded it, in words: the person's name, or what a subcontractor's portal upload said; null for a key */
  uploadedBy: string | null;
  drawingType: string | null;
  /** YYYY-MM-DD */
  drawingDate: string | null;
  floor: string | null;
  classification: Record<string, ClassificationEvidence> | null;
  flags: DocumentFlags;
  pageCount: number | null;
  processingError: string | null;
  /** the building's first document with the same bytes, when this one is a second copy */
  duplicateOf: string | null;
  /** how it was read, when a person should know (its name and content disagree); null otherwise */
  processingNote: string | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

/**
 * Characters a stored name never keeps: control characters (C0, DEL, C1) and the marks that turn the direction of text,
 * with which `Pumpe<U+202E>fdp.exe` shows as `Pumpeexe.pdf` in every list; each becomes `_`
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it replaces
const HIDDEN_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** a file's name as it is stored and shown: what would hide its real extension replaced */
export function visibleName(name: string): string {
  return name.replace(HIDDEN_IN_NAMES, '_');
}

/**
 * The names Windows keeps for devices, whatever follows their first dot and in any letter case: `CON.pdf` or
 * `nul .txt` opens the console or the null device instead of a file (Explorer refuses to unpack or save one).
 * COM0 and LPT0 and the superscript digits are in Microsoft's list too.
 */
const DEVICE_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** a file or folder name Windows can create: a device name (`CON.pdf`) gets a leading `_` (`_CON.pdf`) */
export function notDeviceName(name: string): string {
  const base = name.split('.')[0]!.replace(/[ .]+$/, '');
  return DEVICE_NAME.test(base) ? `_${name}` : name;
}

/**
 * The segments of a path as a stored path holds them: backslashes (Windows paths) count as separators, hidden
 * characters become `_`, the spaces around a segment go and empty segments are dropped. Upload paths and private
 * folders both go through it, so that a folder typed ` HR ` names the documents uploaded as `HR/...` (and ` HR /x.pdf`).
 */
export function pathSegments(raw: string): string[] {
  return raw
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => visibleName(s).trim())
    .filter((s) => s.length > 0);
}

/**
 * `VVS/Ventilasjon/FDV aggregat 1.pdf` -> path kept, last segment the filename. Segments as `pathSegments` makes them;
 * `.` and `..` segments are dropped too, so a path can never climb out of its building.
 */
export function splitUploadPath(raw: string): { filename: string; originalPath: string } {
  const segments = pathSegments(raw).filter((s) => s !== '.' && s !== '..');
  const filename = segments.at(-1) ?? '';
  return { filename, originalPath: segments.join('/') };
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** Blob keys group files by owner and building, so an operator can find a building's files in the bucket. */
export function documentBlobKey(params: { ownerId: string; buildingId: string; documentId: string }): string {
  return `documents/${params.ownerId}/${params.buildingId}/${params.documentId}/original`;
}

/**
 * The document a file of it is stored for: its original (`documents/<owner>/<building>/<id>/[<attempt>/]original`) or
 * its preview; null for any other key. The owner and building in a key are those it was uploaded under, so only the id
 * is read.
 */
export function documentIdOfBlobKey(key: string): string | null {
  return (
    /^documents\/[^/]+\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//.exec(key)?.[1] ?? null
  );
}

export function previewBlobKey(blobKey: string): string {
  return blobKey.replace(/\/original$/, '/preview.pdf');
}
