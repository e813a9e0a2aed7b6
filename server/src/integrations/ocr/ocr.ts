/**
 * Optical character recognition behind one small interface, so the extractors do not care whether the `tesseract`
 * binary or the WebAssembly build does the work.
 */

export interface OcrOptions {
  /** Tesseract language codes; default Norwegian then English (building documents are mostly Norwegian). */
  languages?: string[];
  signal?: AbortSignal;
}

export interface Ocr {
  /** which engine answers ('tesseract-cli', 'tesseract-js', or a test fake's name), for logs and benchmarks */
  readonly provider: string;
  /** Text of one image, given as encoded bytes (PNG, JPEG, TIFF, ...) or a local file path. */
  recognize(image: Buffer | string, options?: OcrOptions): Promise<string>;
  /** Releases workers or temporary files; the instance is unusable afterwards. */
  close(): Promise<void>;
}

/**
 * The page is written in a script no installed OCR language reads (a Hindi scan on a machine with Norwegian and
 * English only): read anyway it would be mojibake, so it is not read, and the document says which language is missing.
 */
export class OcrLanguageMissingError extends Error {
  override readonly name = 'OcrLanguageMissingError';
  constructor(
    readonly script: string,
    /** the languages that would read it, the usual one first */
    readonly languages: readonly string[],
  ) {
    super(`OCR language not installed: ${languages[0] ?? script}`);
  }
}

/** The note a document gets for the languages its pages needed and did not have. */
export function missingLanguagesNote(languages: Iterable<string>): string | undefined {
  const names = [...new Set(languages)];
  return names.length > 0 ? `OCR language not installed: ${names.join(', ')}` : undefined;
}

export const DEFAULT_OCR_LANGUAGES: readonly string[] = ['nor', 'eng'];

/** Tesseract puts a form feed after each page and pads with blank lines; callers want plain text. */
export function normalizeOcrText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function assertLanguageCodes(languages: readonly string[]): void {
  for (const language of languages) {
    // The codes end up in a file path and a command argument: keep them to what Tesseract names look like.
    if (!/^[a-z]{3}(?:_[a-z]+)?$/i.test(language)) throw new Error(`invalid OCR language code "${language}"`);
  }
}
