import {
  CorruptFileError,
  type Extraction,
  type Extractor,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { DEFAULT_OCR_LANGUAGES, type Ocr } from '../ocr/ocr.js';

export interface ImageExtractorOptions {
  ocr: Ocr;
  languages?: readonly string[];
}

/** Formats Tesseract (binary and WebAssembly build) decodes itself; others (HEIC, AVIF, RAW) get no text. */
const READABLE_MIMES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/gif',
  'image/bmp',
  'image/webp',
]);

const UNREADABLE_IMAGE = /pixRead|unsupported image|read error|corrupt|RuntimeError: Aborted/i;

/** A photographed or scanned page: one page of OCR text. */
export function createImageExtractor(options: ImageExtractorOptions): Extractor {
  return (input) => extractImage(input, options);
}

export async function extractImage(input: ExtractorInput, options: ImageExtractorOptions): Promise<Extraction> {
  input.signal?.throwIfAborted();
  if (!READABLE_MIMES.has(input.detected.mime)) {
    return { pages: [{ pageNumber: 1, text: '', ocr: true }], metadata: {} };
  }
  let text: string;
  try {
    text = await options.ocr.recognize(input.path, {
      languages: [...(options.languages ?? DEFAULT_OCR_LANGUAGES)],
      signal: input.signal,
    });
  } catch (error) {
    input.signal?.throwIfAborted();
    // Leptonica's "cannot read" messages (binary) and a WebAssembly abort while decoding (tesseract.js): the bytes
    // are not a decodable image, whatever the header claimed.
    if (error instanceof Error && UNREADABLE_IMAGE.test(error.message)) {
      throw new CorruptFileError(`image cannot be decoded: ${error.message}`, { cause: error });
    }
    throw error;
  }
  return { pages: [{ pageNumber: 1, text, ocr: true }], metadata: {} };
}
