import {
  CorruptFileError,
  type Extraction,
  type Extractor,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { open } from 'node:fs/promises';
import { DEFAULT_OCR_LANGUAGES, type Ocr } from '../ocr/ocr.js';
import { tiffDirectoryOffset, tooManyPixels } from './image-dimensions.js';

export interface ImageExtractorOptions {
  ocr: Ocr;
  /** larger images are not read (their text is left empty, with the reason as a warning) */
  maxPixels?: number;
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

const DEFAULT_MAX_PIXELS = 100_000_000;

const HEADER_BYTES = 64 * 1024;

/**
 * The first 64 KiB of the file. A TIFF whose first directory lies further on (libtiff writes it after the pixels) gets
 * that directory read and placed right after its 8-byte header, with the offset rewritten, so its size is known too.
 */
async function readHeader(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const header = buffer.subarray(0, bytesRead);
    const directory = tiffDirectoryOffset(header);
    if (directory === null || directory + 2 <= bytesRead) return header;
    const moved = Buffer.alloc(8 + HEADER_BYTES);
    header.copy(moved, 0, 0, 4);
    if (header[0] === 0x49) moved.writeUInt32LE(8, 4);
    else moved.writeUInt32BE(8, 4);
    const read = await handle.read(moved, 8, HEADER_BYTES, directory);
    return moved.subarray(0, 8 + read.bytesRead);
  } finally {
    await handle.close();
  }
}

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
  // the header is enough: a decoder would allocate what it declares
  const header = await readHeader(input.path);
  const tooLarge = tooManyPixels(header, options.maxPixels ?? DEFAULT_MAX_PIXELS);
  if (tooLarge) throw new CorruptFileError(tooLarge);
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
