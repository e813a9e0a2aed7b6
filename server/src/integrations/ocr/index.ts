import { DEFAULT_OCR_LANGUAGES, type Ocr } from './ocr.js';
import { createTesseractCliOcr, listTesseractCliLanguages } from './tesseract-cli.ocr.js';
import { createTesseractJsOcr } from './tesseract-js.ocr.js';

export type { Ocr, OcrOptions } from './ocr.js';
export { DEFAULT_OCR_LANGUAGES } from './ocr.js';
export { createTesseractCliOcr, listTesseractCliLanguages } from './tesseract-cli.ocr.js';
export { createTesseractJsOcr } from './tesseract-js.ocr.js';

export type OcrProvider = 'auto' | 'cli' | 'js';

export interface CreateOcrOptions {
  /** 'auto' (default): the binary when it has every language, else the WebAssembly build shipped in node_modules */
  provider?: OcrProvider;
  /** languages the chosen engine must have; default Norwegian and English */
  languages?: readonly string[];
  binary?: string;
  timeoutMs?: number;
}

/**
 * The `tesseract` binary is about three times faster than tesseract.js, but is an optional system package: a machine
 * without it (or without the Norwegian model) still gets OCR, only slower.
 */
export async function createOcr(options: CreateOcrOptions = {}): Promise<Ocr> {
  const provider = options.provider ?? 'auto';
  const cliOptions = { binary: options.binary, timeoutMs: options.timeoutMs };
  if (provider === 'cli') return createTesseractCliOcr(cliOptions);
  if (provider === 'js') return createTesseractJsOcr({ timeoutMs: options.timeoutMs });
  const installed = await listTesseractCliLanguages(options.binary);
  const needed = options.languages ?? DEFAULT_OCR_LANGUAGES;
  return needed.every((language) => installed.includes(language))
    ? createTesseractCliOcr(cliOptions)
    : createTesseractJsOcr({ timeoutMs: options.timeoutMs });
}
