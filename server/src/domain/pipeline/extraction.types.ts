/**
 * What the extraction stage produces for one file. Extractors live in src/integrations/extract; the pipeline,
 * classification and search only ever see these shapes.
 */

export type FileKind =
  | 'pdf'
  | 'docx'
  | 'doc'
  | 'xlsx'
  | 'xls'
  | 'csv'
  | 'pptx'
  /** OpenDocument: text, spreadsheet, presentation, drawing */
  | 'odf'
  /** Visio 2013 and newer */
  | 'vsdx'
  | 'rtf'
  /** EPUB e-book */
  | 'epub'
  /** PowerPoint 97-2003 */
  | 'ppt'
  /** known, kept, not read yet: Visio 2003-2010 */
  | 'vsd'
  | 'text'
  | 'html'
  | 'xml'
  | 'eml'
  | 'msg'
  | 'dwg'
  | 'dxf'
  | 'ifc'
  | 'zip'
  | 'image'
  | 'video'
  | 'audio'
  | 'unknown';

export interface DetectedType {
  kind: FileKind;
  /** IANA media type decided from content (magic bytes) first, then the extension. */
  mime: string;
  /** lower-case extension without the dot, from the filename ('' when none). */
  extension: string;
  /** true when content and extension disagree (a `.pdf` holding random bytes, say). */
  extensionMismatch: boolean;
  /** an Office file locked with a password (its package is encrypted inside a compound file) */
  encrypted?: boolean;
}

export interface ExtractedPage {
  /** 1-based page (PDF page, slide, sheet, or 1 for formats without pages). */
  pageNumber: number;
  text: string;
  /** the text came from OCR */
  ocr?: boolean;
  /** physical page size when the format has one (PDF), in millimetres */
  widthMm?: number;
  heightMm?: number;
  /** sheet or slide name when the format has one */
  label?: string;
}

export interface Extraction {
  pages: ExtractedPage[];
  /** title from document metadata or the first heading */
  title?: string;
  metadata: {
    author?: string;
    /** ISO 8601 */
    createdAt?: string;
    subject?: string;
    keywords?: string;
    producer?: string;
  };
  /** CAD title-block attributes and similar key/value facts (tag -> value), e.g. DWG ATTRIB entities */
  attributes?: Record<string, string>;
  /** an embedded preview image (DWG thumbnail), used to build the document preview */
  previewImage?: { mime: string; data: Buffer };
  /** something a person should know about how it was read (an old format read only in part), in words */
  note?: string;
}

export interface ExtractorInput {
  /** local file path of the whole file */
  path: string;
  filename: string;
  detected: DetectedType;
  signal?: AbortSignal;
  /** told when an extractor that works page by page starts and finishes a page (the sandbox's per-page limit) */
  progress?: PageProgress;
}

export interface PageProgress {
  pageStarted(pageNumber: number): void;
  pageDone(page: ExtractedPage): void;
}

export type Extractor = (input: ExtractorInput) => Promise<Extraction>;

/** The file is damaged or not what it claims to be: the document is marked corrupt, the worker carries on. */
export class CorruptFileError extends Error {
  override readonly name = 'CorruptFileError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The file is sound but locked with a password (an encrypted PDF or Office file): kept as a valid file whose text
 * cannot be read, and the reason told in words; never "corrupt" or "invalid".
 */
export class EncryptedFileError extends Error {
  override readonly name = 'EncryptedFileError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A sound file in a version of its format no reader here handles (a DWG from before R13): kept, and said so. */
export class UnsupportedVersionError extends Error {
  override readonly name = 'UnsupportedVersionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The sandbox parsing the file was killed (it ran too long or needed too much memory): the reason in words, and the
 * pages read before it was stopped.
 */
export class ExtractionStoppedError extends Error {
  override readonly name = 'ExtractionStoppedError';
  constructor(
    message: string,
    readonly pages: ExtractedPage[] = [],
    /**
     * `time`: the call or a page ran out of time, which the same file does again on a retry; `memory` or `exit` may
     * have been another job's doing (the machine's memory, a signal), so those are worth one more try
     */
    readonly stoppedBy: 'time' | 'memory' | 'exit' = 'exit',
  ) {
    super(message);
  }
}
