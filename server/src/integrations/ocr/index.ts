import { DEFAULT_OCR_LANGUAGES, OcrLanguageMissingError, type Ocr, type OcrOptions } from './ocr.js';
import { createTesseractCliOcr, listTesseractCliLanguages } from './tesseract-cli.ocr.js';
import { createTesseractJsOcr, listTesseractJsLanguages } from './tesseract-js.ocr.js';

export type { Ocr, OcrOptions } from './ocr.js';
export { DEFAULT_OCR_LANGUAGES, OcrLanguageMissingError } from './ocr.js';
export { createTesseractCliOcr, listTesseractCliLanguages } from './tesseract-cli.ocr.js';
export { createTesseractJsOcr, listTesseractJsLanguages } from './tesseract-js.ocr.js';

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
 * without it (or without the Norwegian model) still gets OCR, only slower. A page in a script the binary has no
 * language for (Hindi, French on a machine with Debian's Nordic packages) is read by tesseract.js when an npm
 * traineddata package has one; when neither has, the page says which language is missing.
 */
export async function createOcr(options: CreateOcrOptions = {}): Promise<Ocr> {
  const provider = options.provider ?? 'auto';
  const cliOptions = { binary: options.binary, timeoutMs: options.timeoutMs };
  if (provider === 'cli') return createTesseractCliOcr(cliOptions);
  if (provider === 'js') return createTesseractJsOcr({ timeoutMs: options.timeoutMs });
  const installed = await listTesseractCliLanguages(options.binary);
  const needed = options.languages ?? DEFAULT_OCR_LANGUAGES;
  const js = createTesseractJsOcr({ timeoutMs: options.timeoutMs });
  return needed.every((language) => installed.includes(language))
    ? withFallback(createTesseractCliOcr(cliOptions), js)
    : js;
}

/** The binary, and tesseract.js for the pages in a script only its npm packages read. */
function withFallback(primary: Ocr, fallback: Ocr): Ocr {
  return {
    provider: primary.provider,
    async recognize(image: Buffer | string, recognizeOptions: OcrOptions = {}): Promise<string> {
      try {
        return await primary.recognize(image, recognizeOptions);
      } catch (error) {
        if (!(error instanceof OcrLanguageMissingError)) throw error;
        const installed = listTesseractJsLanguages();
        const languages = error.languages.filter((language) => installed.includes(language));
        if (languages.length === 0) throw error;
        return fallback.recognize(image, { ...recognizeOptions, languages: [...languages, 'eng'] });
      }
    },
    async close(): Promise<void> {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
