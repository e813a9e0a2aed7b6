import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type Extractor,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { open, readFile } from 'node:fs/promises';
import { bmpToPng, InvalidBmpError } from './bmp.js';
import { missingLanguagesNote, OcrLanguageMissingError, type Ocr } from '../ocr/ocr.js';
import { tiffDirectoryOffset, tooManyPixels } from './image-dimensions.js';
import { greyPage, MAX_RASTER_PAGES, rasterPageCount, UndecodableImageError } from './raster.js';

export interface ImageExtractorOptions {
  ocr: Ocr;
  /** larger images are not read (their text is left empty, with the reason as a warning) */
  maxPixels?: number;
  /** unset: the OCR picks them per page (its script and words) */
  languages?: readonly string[];
}

/** Formats libvips decodes (BMP after our own decoder); others (HEIC: sharp's libvips has no HEVC, RAW) get no text. */
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

/** One page per page of the image (a multi-page TIFF is a scanned document), each read by OCR after turning upright. */
export function createImageExtractor(options: ImageExtractorOptions): Extractor {
  return (input) => extractImage(input, options);
}

export async function extractImage(input: ExtractorInput, options: ImageExtractorOptions): Promise<Extraction> {
  input.signal?.throwIfAborted();
  if (!READABLE_MIMES.has(input.detected.mime)) {
    return { pages: [{ pageNumber: 1, text: '', ocr: true }], metadata: {} };
  }
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  // the header is enough: a decoder would allocate what it declares
  const header = await readHeader(input.path);
  const tooLarge = tooManyPixels(header, maxPixels);
  if (tooLarge) throw new CorruptFileError(tooLarge);
  try {
    // libvips reads no BMP: it is decoded here first
    const source = input.detected.mime === 'image/bmp' ? Buffer.from(bmpToPng(await readFile(input.path))) : input.path;
    const count = await rasterPageCount(source, maxPixels);
    const pages: ExtractedPage[] = [];
    const missingLanguages: string[] = [];
    for (let index = 0; index < Math.min(count, MAX_RASTER_PAGES); index++) {
      input.signal?.throwIfAborted();
      input.progress?.pageStarted(index + 1);
      const image = await greyPage(source, index, maxPixels);
      const text = await options.ocr
        .recognize(image, {
          ...(options.languages ? { languages: [...options.languages] } : {}),
          ...(input.signal ? { signal: input.signal } : {}),
        })
        .catch((error: unknown) => {
          // a script no installed language reads: no mojibake, and the document names the language
          if (!(error instanceof OcrLanguageMissingError)) throw error;
          missingLanguages.push(error.languages[0] ?? error.script);
          return '';
        });
      const extracted: ExtractedPage = { pageNumber: index + 1, text, ocr: true };
      input.progress?.pageDone(extracted);
      pages.push(extracted);
    }
    const notes = [
      missingLanguagesNote(missingLanguages),
      count > MAX_RASTER_PAGES
        ? `Only the first ${MAX_RASTER_PAGES} of the image's ${count} pages were read`
        : undefined,
    ].filter((note): note is string => note !== undefined);
    return { pages, metadata: {}, ...(notes.length > 0 ? { note: notes.join('; ') } : {}) };
  } catch (error) {
    input.signal?.throwIfAborted();
    if (error instanceof UndecodableImageError || error instanceof InvalidBmpError) {
      throw new CorruptFileError(`image cannot be decoded: ${error.message}`, { cause: error });
    }
    throw error;
  }
}
