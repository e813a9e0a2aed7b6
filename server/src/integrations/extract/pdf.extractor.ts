import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';

import { deriveTitle } from '../../domain/pipeline/chunking.js';
import {
  CorruptFileError,
  EncryptedFileError,
  type ExtractedPage,
  type Extraction,
  type Extractor,
  type ExtractorInput,
  type PageProgress,
} from '../../domain/pipeline/extraction.types.js';
import { missingLanguagesNote, OcrLanguageMissingError, type Ocr } from '../ocr/ocr.js';
import { isPgm } from '../ocr/orientation.js';
import { encodePng } from './png.js';
import { tidyText } from './tidy-text.js';

export interface PdfExtractorOptions {
  /** reads scanned pages; without it such pages keep whatever little text they had */
  ocr?: Ocr;
  ocrLanguages?: readonly string[];
  /**
   * Use poppler's pdftotext/pdfinfo/pdftoppm when installed (default true). pdftotext keeps reading order and word
   * spacing better than pdf.js and is several times faster; false forces the JavaScript path (tests, benchmarks).
   */
  preferCli?: boolean;
  /** a page with fewer visible characters than this and an image on it is treated as a scan */
  minTextChars?: number;
  /** resolution pages are rendered at for OCR (poppler path) */
  ocrDpi?: number;
  /** per poppler command */
  timeoutMs?: number;
  /** images with more pixels are neither decoded by pdf.js nor read by OCR (a tiny stream can declare a huge one) */
  maxImagePixels?: number;
  /** told about a page whose OCR failed; the page keeps its own (little) text and extraction carries on */
  onWarning?: (warning: { pageNumber: number; message: string; cause: unknown }) => void;
}

const MM_PER_POINT = 25.4 / 72;
const DEFAULT_MIN_TEXT_CHARS = 20;
const DEFAULT_OCR_DPI = 200;
const DEFAULT_TIMEOUT_MS = 120_000;
/** an image smaller than this (pixels) is a logo or a stamp, not a scanned page */
const MIN_SCAN_PIXELS = 200 * 200;
/** renders for OCR are capped at this many pixels: an A0 scan at 200 dpi would take minutes to read */
const MAX_RENDER_PIXELS = 40_000_000;
const MAX_TOOL_OUTPUT_BYTES = 512 * 1024 * 1024;
const DEFAULT_MAX_IMAGE_PIXELS = 100_000_000;

export function createPdfExtractor(options: PdfExtractorOptions = {}): Extractor {
  return (input) => extractPdf(input, options);
}

interface PdfMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  producer?: string;
  createdAt?: string;
}

/** An opened document, whichever engine opened it. */
interface OpenedPdf {
  pages: ExtractedPage[];
  /** the pages were reported to the caller's progress one by one as they were read */
  reported?: boolean;
  /** what the reader said about damage it met (a broken cross-reference table, a stream it could not decode) */
  damage?: string;
  /** the reader rebuilt the file's cross-reference table: what was read is what could be found */
  rebuilt?: boolean;
  info: PdfMetadata;
  /** pages that carry an image big enough to be a scan, among the ones asked about */
  scannedCandidates(pageNumbers: number[]): Promise<Set<number>>;
  /** an encoded image (PNG or JPEG) of the page for OCR; undefined when there is nothing to read */
  pageImage(pageNumber: number): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

export async function extractPdf(input: ExtractorInput, options: PdfExtractorOptions = {}): Promise<Extraction> {
  input.signal?.throwIfAborted();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const useCli = (options.preferCli ?? true) && (await popplerAvailable());
  const pdfjsParams = {
    filePath: input.path,
    signal: input.signal,
    progress: input.progress,
    maxImagePixels: options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
  };
  let pdf = useCli
    ? await openWithPoppler({ filePath: input.path, signal: input.signal, timeoutMs, dpi: options.ocrDpi }).catch(
        (error: unknown) => {
          // The two readers repair different kinds of damage: a file poppler gives up on may still open in pdf.js.
          if (!(error instanceof CorruptFileError)) throw error;
          return openWithPdfjs(pdfjsParams);
        },
      )
    : await openWithPdfjs(pdfjsParams);
  if (pdf.damage && !hasText(pdf.pages) && useCli && !pdf.reported) {
    // damaged, and nothing read by poppler: pdf.js may find what poppler could not
    const again = await openWithPdfjs(pdfjsParams).catch((error: unknown) => {
      if (error instanceof CorruptFileError) return null;
      throw error;
    });
    if (again && (hasText(again.pages) || !again.damage)) {
      await pdf.close();
      pdf = again;
    } else await again?.close();
  }
  if (!pdf.reported) for (const page of pdf.pages) input.progress?.pageDone(page);
  const missingLanguages = new Set<string>();
  try {
    if (options.ocr) {
      await ocrScannedPages({
        missingLanguages,
        pdf,
        ocr: options.ocr,
        ...(options.ocrLanguages ? { languages: options.ocrLanguages } : {}),
        minTextChars: options.minTextChars ?? DEFAULT_MIN_TEXT_CHARS,
        maxImagePixels: options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
        signal: input.signal,
        progress: input.progress,
        onWarning: options.onWarning,
      });
    }
  } finally {
    await pdf.close();
  }
  // A damaged file with nothing to read is damaged, not merely empty: the document says so and why.
  if (pdf.damage && !hasText(pdf.pages) && missingLanguages.size === 0) {
    throw new CorruptFileError(`PDF is damaged (${pdf.damage}); no text could be read from it`);
  }
  const { title: metadataTitle, ...metadata } = pdf.info;
  const title = deriveTitle({ metadataTitle, pages: pdf.pages, filename: input.filename });
  const notes = [
    missingLanguagesNote(missingLanguages),
    pdf.rebuilt ? `The PDF is damaged (${pdf.damage}); its text was read as far as it could be found` : undefined,
  ].filter((note): note is string => note !== undefined);
  return {
    pages: pdf.pages,
    ...(title ? { title } : {}),
    metadata,
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}

function hasText(pages: readonly ExtractedPage[]): boolean {
  return pages.some((page) => visibleChars(page.text) > 0);
}

/** what poppler and pdf.js say when they meet a broken file; font and rendering complaints are not damage */
const DAMAGE_MESSAGE =
  /xref|startxref|trailer|reconstruct|Indexing all PDF objects|endstream|endobj|wrong type|Invalid (?:PDF|stream|object|dictionary|Root|page)|flate|FCHECK|block length|Kid object|page tree|pages object|Missing 'endstream'|May not be a PDF|ignoring errors during "GetTextContent"|Unexpected end of/i;
/** the reader rebuilt the cross-reference table */
const REBUILT_MESSAGE = /reconstruct|Indexing all PDF objects|damaged - attempting/i;

function firstDamage(messages: readonly string[]): { damage?: string; rebuilt?: boolean } {
  const damaged = messages.filter((message) => DAMAGE_MESSAGE.test(message));
  if (damaged.length === 0) return {};
  const rebuilt = damaged.some((message) => REBUILT_MESSAGE.test(message));
  const first = (damaged.find((message) => !REBUILT_MESSAGE.test(message)) ?? '')
    // poppler prints its messages' line ends as <0a>
    .replace(/<0[ad]>/gi, ' ')
    .replace(/^(?:Syntax Error|Syntax Warning|Internal Error)(?: \(\d+\))?:\s*/i, '')
    .trim();
  const said = first.length > 160 ? `${first.slice(0, 157)}...` : first;
  return {
    damage: rebuilt ? `its cross-reference table is broken${said ? `; ${said}` : ''}` : said,
    ...(rebuilt ? { rebuilt: true } : {}),
  };
}

/**
 * A page image as the grey PGM the orientation detection can turn: pdftoppm renders one already; the image pdf.js finds
 * on a scanned page (a JPEG or PNG) is decoded by libvips. One libvips cannot decode goes to OCR as it is.
 */
async function asGrey(image: Buffer, maxPixels: number): Promise<Buffer> {
  if (isPgm(image)) return image;
  const { greyPage, UndecodableImageError } = await import('./raster.js');
  return greyPage(image, 0, maxPixels).catch((error: unknown) => {
    if (error instanceof UndecodableImageError) return image;
    throw error;
  });
}

async function ocrScannedPages(params: {
  pdf: OpenedPdf;
  ocr: Ocr;
  /** unset: the OCR picks them per page */
  languages?: readonly string[];
  minTextChars: number;
  maxImagePixels: number;
  signal?: AbortSignal;
  progress?: PageProgress | undefined;
  onWarning?: PdfExtractorOptions['onWarning'];
  /** filled with the languages pages needed and OCR did not have */
  missingLanguages: Set<string>;
}): Promise<void> {
  const { pdf, ocr, signal, progress } = params;
  const sparse = pdf.pages.filter((page) => visibleChars(page.text) < params.minTextChars).map((p) => p.pageNumber);
  if (sparse.length === 0) return;
  const scanned = await pdf.scannedCandidates(sparse);
  for (const page of pdf.pages) {
    if (!scanned.has(page.pageNumber)) continue;
    signal?.throwIfAborted();
    progress?.pageStarted(page.pageNumber);
    let text: string;
    try {
      const rendered = await pdf.pageImage(page.pageNumber);
      if (!rendered) continue;
      const image = await asGrey(rendered, params.maxImagePixels);
      text = await ocr.recognize(image, { ...(params.languages ? { languages: [...params.languages] } : {}), signal });
    } catch (error) {
      signal?.throwIfAborted();
      if (error instanceof OcrLanguageMissingError) {
        params.missingLanguages.add(error.languages[0] ?? error.script);
        continue;
      }
      // One unreadable scan (an odd colour space, a Tesseract crash) should not cost the text of the other pages.
      params.onWarning?.({ pageNumber: page.pageNumber, message: 'OCR failed', cause: error });
      continue;
    }
    // A photo without words yields a few stray glyphs; keep the page's own text unless OCR found more.
    if (visibleChars(text) > visibleChars(page.text) || page.text.trim() === '') {
      page.text = text;
      page.ocr = true;
    }
    progress?.pageDone(page);
  }
}

function visibleChars(text: string): number {
  return text.replace(/\s+/g, '').length;
}

function toMillimetres(points: number): number {
  return Math.round(points * MM_PER_POINT * 10) / 10;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* poppler                                                                                                       */

let popplerCheck: Promise<boolean> | undefined;

/** Whether poppler-utils is installed; asked once per process. */
export function popplerAvailable(): Promise<boolean> {
  popplerCheck ??= Promise.all(
    ['pdftotext', 'pdfinfo'].map((binary) =>
      runTool({ binary, args: ['-v'], timeoutMs: 10_000 }).then(
        () => true,
        () => false,
      ),
    ),
  ).then((results) => results.every(Boolean));
  return popplerCheck;
}

class ToolError extends Error {
  override readonly name = 'ToolError';
  constructor(
    message: string,
    readonly stderr: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

function runTool(params: {
  binary: string;
  args: string[];
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      params.binary,
      params.args,
      { timeout: params.timeoutMs, maxBuffer: MAX_TOOL_OUTPUT_BYTES, encoding: 'buffer', signal: params.signal },
      (error, stdout, stderr) => {
        const errorText = stderr.toString('utf8');
        if (error) {
          const failure = error as Error & { code?: unknown; killed?: boolean };
          const reason =
            failure.code === 'ENOENT'
              ? 'is not installed'
              : failure.killed
                ? `timed out after ${params.timeoutMs} ms`
                : `exited with code ${String(failure.code)}`;
          const detail = errorText.trim().split('\n').slice(-3).join(' | ');
          reject(
            new ToolError(`${params.binary} ${reason}${detail ? `: ${detail}` : ''}`, errorText, { cause: error }),
          );
          return;
        }
        resolve({ stdout, stderr: errorText });
      },
    );
  });
}

async function openWithPoppler(params: {
  filePath: string;
  signal?: AbortSignal;
  timeoutMs: number;
  dpi: number | undefined;
}): Promise<OpenedPdf> {
  const { filePath, signal, timeoutMs } = params;
  let infoOutput: string;
  let textOutput: string;
  let popplerMessages: string[];
  try {
    const [info, text] = await Promise.all([
      // -l beyond the last page is clamped by pdfinfo: one call gives the size of every page
      runTool({
        binary: 'pdfinfo',
        args: ['-isodates', '-enc', 'UTF-8', '-f', '1', '-l', '1000000', filePath],
        timeoutMs,
        signal,
      }),
      runTool({ binary: 'pdftotext', args: ['-enc', 'UTF-8', filePath, '-'], timeoutMs, signal }),
    ]);
    infoOutput = info.stdout.toString('utf8');
    textOutput = text.stdout.toString('utf8');
    popplerMessages = `${info.stderr}\n${text.stderr}`.split('\n').filter((line) => line.trim() !== '');
  } catch (error) {
    throw await popplerFailure(error, filePath);
  }

  const info = parsePdfinfo(infoOutput);
  if (info.pageCount === 0) throw new CorruptFileError('PDF has no pages');
  // pdftotext ends every page with a form feed, empty pages included, so the n-th piece is page n.
  const texts = textOutput.split('\f');
  const pages: ExtractedPage[] = [];
  for (let pageNumber = 1; pageNumber <= info.pageCount; pageNumber += 1) {
    const size = info.sizes.get(pageNumber);
    pages.push({
      pageNumber,
      text: tidyText(texts[pageNumber - 1] ?? ''),
      ...(size ? { widthMm: toMillimetres(size.width), heightMm: toMillimetres(size.height) } : {}),
    });
  }

  let fallback: Promise<OpenedPdf> | undefined;
  const jsFallback = (): Promise<OpenedPdf> => (fallback ??= openWithPdfjs({ filePath, signal }));

  return {
    pages,
    info: info.metadata,
    ...firstDamage(popplerMessages),
    async scannedCandidates(pageNumbers) {
      const first = Math.min(...pageNumbers);
      const last = Math.max(...pageNumbers);
      let listing: string;
      try {
        const result = await runTool({
          binary: 'pdfimages',
          args: ['-list', '-f', String(first), '-l', String(last), filePath],
          timeoutMs,
          signal,
        });
        listing = result.stdout.toString('utf8');
      } catch {
        return (await jsFallback()).scannedCandidates(pageNumbers);
      }
      const wanted = new Set(pageNumbers);
      const found = new Set<number>();
      for (const line of listing.split('\n')) {
        // page num type width height ...
        const columns = line.trim().split(/\s+/);
        const page = Number(columns[0]);
        const width = Number(columns[3]);
        const height = Number(columns[4]);
        if (!wanted.has(page) || (columns[2] !== 'image' && columns[2] !== 'stencil')) continue;
        if (width * height >= MIN_SCAN_PIXELS) found.add(page);
      }
      return found;
    },
    async pageImage(pageNumber) {
      const page = pages[pageNumber - 1];
      const dpi = renderDpi({
        requested: params.dpi ?? DEFAULT_OCR_DPI,
        widthMm: page?.widthMm,
        heightMm: page?.heightMm,
      });
      try {
        const { stdout } = await runTool({
          binary: 'pdftoppm',
          args: [
            '-r',
            String(dpi),
            '-f',
            String(pageNumber),
            '-l',
            String(pageNumber),
            // a grey PGM: what Tesseract reads, and what OCR can turn upright without an image library
            '-gray',
            '-singlefile',
            filePath,
          ],
          timeoutMs,
          signal,
        });
        if (stdout.length > 0) return stdout;
      } catch (error) {
        signal?.throwIfAborted();
        if (!(error instanceof ToolError)) throw error;
      }
      return (await jsFallback()).pageImage(pageNumber);
    },
    async close() {
      if (fallback) await (await fallback).close();
    },
  };
}

async function popplerFailure(error: unknown, filePath: string): Promise<Error> {
  if (!(error instanceof ToolError)) return error instanceof Error ? error : new Error(String(error));
  const cause = error.cause as NodeJS.ErrnoException & { killed?: boolean };
  if (cause.killed || cause.code === 'ABORT_ERR' || cause.name === 'AbortError') return error;
  const handler = /Couldn't find the '([^']+)' security handler/i.exec(error.stderr)?.[1];
  if (handler || /unknown security handler|unsupported security handler/i.test(error.stderr)) {
    return customHandlerError(handler ?? (await encryptionHandlerOf(filePath)), error);
  }
  if (/incorrect password/i.test(error.stderr)) {
    return new EncryptedFileError('PDF is encrypted with a password; it cannot be read without it', { cause: error });
  }
  if (/syntax error|couldn't|may not be a pdf|invalid|damaged/i.test(error.stderr)) {
    return new CorruptFileError(`PDF is damaged or not a PDF: ${error.stderr.trim().split('\n').slice(-1)[0] ?? ''}`, {
      cause: error,
    });
  }
  return error;
}

function parsePdfinfo(output: string): {
  pageCount: number;
  sizes: Map<number, { width: number; height: number }>;
  metadata: PdfMetadata;
} {
  const fields = new Map<string, string>();
  const sizes = new Map<number, { width: number; height: number }>();
  const rotations = new Map<number, number>();
  for (const line of output.split('\n')) {
    const size = /^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+) pts/.exec(line);
    if (size) {
      sizes.set(Number(size[1]), { width: Number(size[2]), height: Number(size[3]) });
      continue;
    }
    const rotation = /^Page\s+(\d+)\s+rot:\s+(\d+)/.exec(line);
    if (rotation) {
      rotations.set(Number(rotation[1]), Number(rotation[2]));
      continue;
    }
    const field = /^([A-Za-z ]+):\s?(.*)$/.exec(line);
    if (field?.[1] && !fields.has(field[1])) fields.set(field[1], (field[2] ?? '').trim());
  }
  for (const [page, rotation] of rotations) {
    const size = sizes.get(page);
    // the size as the page is shown: a landscape drawing stored rotated is still landscape
    if (size && rotation % 180 === 90) sizes.set(page, { width: size.height, height: size.width });
  }
  return {
    pageCount: Number(fields.get('Pages') ?? '0') || 0,
    sizes,
    metadata: cleanMetadata({
      title: fields.get('Title'),
      author: fields.get('Author'),
      subject: fields.get('Subject'),
      keywords: fields.get('Keywords'),
      producer: fields.get('Producer'),
      createdAt: isoDate(fields.get('CreationDate')),
    }),
  };
}

function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function cleanMetadata(raw: Record<keyof PdfMetadata, string | undefined>): PdfMetadata {
  const metadata: PdfMetadata = {};
  for (const [key, value] of Object.entries(raw) as [keyof PdfMetadata, string | undefined][]) {
    const clean = value?.replace(/\0/g, '').replace(/\s+/g, ' ').trim();
    if (clean) metadata[key] = clean;
  }
  return metadata;
}

function renderDpi(params: { requested: number; widthMm: number | undefined; heightMm: number | undefined }): number {
  if (!params.widthMm || !params.heightMm) return params.requested;
  const squareInches = (params.widthMm / 25.4) * (params.heightMm / 25.4);
  const capped = Math.floor(Math.sqrt(MAX_RENDER_PIXELS / squareInches));
  return Math.max(72, Math.min(params.requested, capped));
}

/* ------------------------------------------------------------------------------------------------------------ */
/* pdf.js                                                                                                        */

type PdfjsModule = typeof Pdfjs;

let pdfjsModule: Promise<PdfjsModule> | undefined;

/** Loaded on first use: the module is large and poppler machines may never need it. */
function loadPdfjs(): Promise<PdfjsModule> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsModule;
}

function pdfjsAssetDirectories(): { standardFontDataUrl: string; cMapUrl: string } {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep,
    cMapUrl: path.join(root, 'cmaps') + path.sep,
  };
}

/** page objects named again before the rest of a page tree is given up on (a sound PDF names each page once) */
const MAX_REPEATED_PAGES = 100;
/** unreadable pages in a row before the rest of a page tree is given up on */
const MAX_FAILED_PAGES_IN_A_ROW = 100;

async function openWithPdfjs(params: {
  filePath: string;
  signal?: AbortSignal | undefined;
  progress?: PageProgress | undefined;
  maxImagePixels?: number;
}): Promise<OpenedPdf> {
  const { filePath, signal, progress } = params;
  const maxImagePixels = params.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  const pdfjs = await loadPdfjs();
  const bytes = await readFile(filePath, { signal });
  const warnings = collectPdfjsWarnings();
  let doc: PDFDocumentProxy;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ...pdfjsAssetDirectories(),
      cMapPacked: true,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      // warnings are how pdf.js reports the damage it repaired (collectPdfjsWarnings keeps them off the console)
      verbosity: pdfjs.VerbosityLevel.WARNINGS,
      // an image declared bigger than this is never decoded (a few bytes can declare gigabytes of pixels)
      maxImageSize: maxImagePixels,
    }).promise;
  } catch (error) {
    warnings.stop();
    throw await pdfjsFailure(error, filePath);
  }

  try {
    const info = await readPdfjsMetadata(doc, pdfjs);
    const pages: ExtractedPage[] = [];
    let failedPages = 0;
    // a page tree that is no tree: the same page objects named again and again (50,000 times), or a tree that
    // contains itself, whose every further page fails. pdf.js walks the tree from the top for each page, so reading
    // such a file to its claimed end takes minutes; it is read up to the point where it stops making sense.
    const seenPages = new Set<string>();
    let repeatedPages = 0;
    let failedInARow = 0;
    let stoppedAt: { pageNumber: number; why: string } | null = null;
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber += 1) {
      signal?.throwIfAborted();
      if (repeatedPages > MAX_REPEATED_PAGES) {
        stoppedAt = { pageNumber, why: `the page tree names the same pages again (${repeatedPages} times)` };
        break;
      }
      if (failedInARow > MAX_FAILED_PAGES_IN_A_ROW) {
        stoppedAt = { pageNumber, why: `${failedInARow} pages in a row could not be read` };
        break;
      }
      progress?.pageStarted(pageNumber);
      try {
        const page = await doc.getPage(pageNumber);
        const ref = page.ref ? `${page.ref.num}/${page.ref.gen}` : null;
        if (ref !== null && seenPages.has(ref)) {
          // the same page again: its text is already there once
          repeatedPages += 1;
          failedInARow = 0;
          page.cleanup();
          continue;
        }
        if (ref !== null) seenPages.add(ref);
        const [x0, y0, x1, y1] = page.view;
        const rotated = page.rotate % 180 === 90;
        const width = Math.abs((x1 ?? 0) - (x0 ?? 0));
        const height = Math.abs((y1 ?? 0) - (y0 ?? 0));
        // raw glyph text: pdf.js's own normalisation turns Arabic ligatures around; tidyText brings them to letters
        const content = await page.getTextContent({ disableNormalization: true });
        const fields = await annotationText(page);
        pages.push({
          pageNumber,
          text: tidyText([logicalOrder(textFromItems(content.items)), fields].filter(Boolean).join('\n\n')),
          widthMm: toMillimetres(rotated ? height : width),
          heightMm: toMillimetres(rotated ? width : height),
        });
        page.cleanup();
        failedInARow = 0;
      } catch (error) {
        // One broken page should not hide the rest of the document; its number stays, with no text.
        failedPages += 1;
        failedInARow += 1;
        pages.push({ pageNumber, text: '' });
        warnings.messages.push(`page ${pageNumber}: ${error instanceof Error ? error.message : String(error)}`);
        if (failedPages === doc.numPages) throw await pdfjsFailure(error, filePath);
      }
      progress?.pageDone(pages.at(-1) as ExtractedPage);
    }
    warnings.stop();
    if (stoppedAt && failedPages === pages.length) {
      throw new CorruptFileError(`PDF is damaged: its page tree cannot be read (${stoppedAt.why})`);
    }
    const damage = stoppedAt
      ? {
          damage: `${stoppedAt.why}: pages ${stoppedAt.pageNumber}-${doc.numPages} of the ${doc.numPages} it claims were not read`,
          // read as far as it made sense: the document says so in its note
          rebuilt: true,
        }
      : firstDamage(warnings.messages);

    let rawJpegs: Promise<RawJpegLookup> | undefined;
    return {
      pages,
      reported: true,
      info,
      ...(damage.damage
        ? damage
        : failedPages > 0
          ? { damage: `${failedPages} of ${doc.numPages} pages unreadable` }
          : {}),
      async scannedCandidates(pageNumbers) {
        const found = new Set<number>();
        for (const pageNumber of pageNumbers) {
          signal?.throwIfAborted();
          // a page that could not be read above (a page tree that contains itself) has no scan to find either
          const page = await doc.getPage(pageNumber).catch(() => null);
          if (!page) continue;
          const images = await listPageImages(page, pdfjs);
          if (images.some((image) => image.width * image.height >= MIN_SCAN_PIXELS)) found.add(pageNumber);
          page.cleanup();
        }
        return found;
      },
      async pageImage(pageNumber) {
        const page = await doc.getPage(pageNumber).catch(() => null);
        if (!page) return undefined;
        try {
          const images = await listPageImages(page, pdfjs);
          const largest = images.reduce<PageImage | undefined>(
            (best, image) => (!best || image.width * image.height > best.width * best.height ? image : best),
            undefined,
          );
          if (!largest) return undefined;
          if (largest.width * largest.height > maxImagePixels) return undefined; // too big to decode or to read
          const decoded = await largest.load();
          if (!decoded) return undefined;
          // JPEG scans go to OCR as stored: no re-encoding, and Tesseract decodes them faster than pdf.js does.
          if (decoded.ref) {
            rawJpegs ??= loadRawJpegLookup(filePath);
            const jpeg = await (await rawJpegs)(decoded.ref);
            if (jpeg) return jpeg;
          }
          const [x0, , x1] = page.view;
          const pageWidthInches = Math.abs((x1 ?? 0) - (x0 ?? 0)) / 72;
          const dpi = pageWidthInches > 0 ? Math.round(decoded.width / pageWidthInches) : undefined;
          return encodeImageAsPng(decoded, dpi);
        } finally {
          page.cleanup();
        }
      },
      async close() {
        await doc.destroy();
      },
    };
  } catch (error) {
    warnings.stop();
    await doc.destroy();
    throw error;
  }
}

async function pdfjsFailure(error: unknown, filePath: string): Promise<Error> {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new EncryptedFileError('PDF is encrypted with a password; it cannot be read without it', { cause: error });
  }
  if (/unknown encryption method|unsupported encryption/i.test(message)) {
    return customHandlerError(await encryptionHandlerOf(filePath), error);
  }
  // pdf.js wraps what its parser throws as UnknownErrorException: a page tree or stream it cannot make sense of
  if (
    name === 'InvalidPDFException' ||
    name === 'FormatError' ||
    name === 'UnknownErrorException' ||
    /invalid pdf|bad xref|xref/i.test(message)
  ) {
    return new CorruptFileError(`PDF is damaged or not a PDF: ${message}`, { cause: error });
  }
  return error instanceof Error ? error : new Error(message);
}

/** A PDF locked by a security handler other than the standard password one (certificates, rights management). */
function customHandlerError(handler: string | null, cause: unknown): EncryptedFileError {
  return new EncryptedFileError(
    `PDF is encrypted with a custom handler${handler ? ` (${handler})` : ''}, not a password; its text cannot be read without that handler's key`,
    { cause },
  );
}

/** The /Filter of the file's encryption dictionary (Adobe.PubSec, a rights-management plug-in), or null. */
async function encryptionHandlerOf(filePath: string): Promise<string | null> {
  try {
    const { PDFDocument, PDFDict, PDFName } = await import('pdf-lib');
    const doc = await PDFDocument.load(await readFile(filePath), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    const encrypt = doc.context.lookup(doc.context.trailerInfo.Encrypt);
    const filter = encrypt instanceof PDFDict ? encrypt.get(PDFName.of('Filter')) : undefined;
    return filter instanceof PDFName ? filter.decodeText() : null;
  } catch {
    return null;
  }
}

/**
 * pdf.js reports what it repaired as warnings on the console (`Warning: Indexing all PDF objects`): while a document is
 * read they are kept, for the damage the document is said to have, and off the service's output.
 */
let activeWarnings: Set<string[]> | undefined;
function collectPdfjsWarnings(): { messages: string[]; stop(): void } {
  if (!activeWarnings) {
    const collectors = new Set<string[]>();
    activeWarnings = collectors;
    const log = console.log.bind(console);
    console.log = (...args: unknown[]) => {
      const [first] = args;
      if (typeof first === 'string' && first.startsWith('Warning: ')) {
        for (const collector of collectors) if (collector.length < 100) collector.push(first.slice('Warning: '.length));
        return;
      }
      log(...args);
    };
  }
  const messages: string[] = [];
  activeWarnings.add(messages);
  return { messages, stop: () => activeWarnings?.delete(messages) };
}

/**
 * The text in a page's form fields and annotations (a filled-in field, a comment, a stamp's words), which pdf.js
 * keeps apart from the page's content and pdftotext prints with it.
 */
async function annotationText(page: PDFPageProxy): Promise<string> {
  let annotations: Record<string, unknown>[];
  try {
    annotations = (await page.getAnnotations({ intent: 'display' })) as Record<string, unknown>[];
  } catch {
    return '';
  }
  const texts: string[] = [];
  for (const annotation of annotations) {
    if (annotation.hidden === true || annotation.password === true) continue;
    const value = annotation.fieldValue;
    if (typeof value === 'string' && value.trim() !== '' && value !== 'Off') texts.push(value.trim());
    else if (Array.isArray(value))
      texts.push(...value.filter((v): v is string => typeof v === 'string' && v.trim() !== ''));
    const contents = (annotation.contentsObj as { str?: unknown } | undefined)?.str;
    if (typeof contents === 'string' && contents.trim() !== '' && !texts.includes(contents.trim()))
      texts.push(contents.trim());
  }
  return texts.join('\n');
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/gu;
const LEFT_TO_RIGHT = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/gu;

/**
 * pdf.js hands a line's runs over as they stand on the page, left to right; in an Arabic or Hebrew line that is the
 * last word first. Each word is already in reading order: the line's words are turned around.
 */
function logicalOrder(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const rtl = line.match(RIGHT_TO_LEFT)?.length ?? 0;
      if (rtl === 0 || rtl <= (line.match(LEFT_TO_RIGHT)?.length ?? 0)) return line;
      return line.split(' ').reverse().join(' ');
    })
    .join('\n');
}

async function readPdfjsMetadata(doc: PDFDocumentProxy, pdfjs: PdfjsModule): Promise<PdfMetadata> {
  const { info } = await doc.getMetadata().catch(() => ({ info: {} }));
  const record = (typeof info === 'object' && info !== null ? info : {}) as Record<string, unknown>;
  const text = (key: string): string | undefined => {
    const value = record[key];
    return typeof value === 'string' ? value : undefined;
  };
  const created = text('CreationDate');
  return cleanMetadata({
    title: text('Title'),
    author: text('Author'),
    subject: text('Subject'),
    keywords: text('Keywords'),
    producer: text('Producer'),
    createdAt: created ? pdfjs.PDFDateString.toDateObject(created)?.toISOString() : undefined,
  });
}

/**
 * pdf.js hands text out as positioned runs. Runs on the same baseline are joined (with a space when there is a
 * visible gap), a new baseline starts a new line, and a gap of more than about one and a half lines a new paragraph,
 * close to what pdftotext prints.
 */
function textFromItems(items: readonly (TextItem | TextMarkedContent)[]): string {
  let out = '';
  let lastY: number | undefined;
  let lastEndX: number | undefined;
  let lastHeight = 0;
  let atLineStart = true;
  for (const item of items) {
    if (!('str' in item)) continue;
    if (item.str === '') {
      // pdf.js marks line ends with empty runs positioned on the next line; only the break itself matters
      if (item.hasEOL && !atLineStart) {
        out += '\n';
        atLineStart = true;
        lastEndX = undefined;
      }
      continue;
    }
    const transform = item.transform as number[];
    const x = transform[4] ?? 0;
    const y = transform[5] ?? 0;
    const height = item.height || Math.abs(transform[3] ?? 0) || lastHeight;
    const lineHeight = Math.max(height, lastHeight);
    if (lastY !== undefined && !atLineStart && Math.abs(y - lastY) > lineHeight * 0.5) {
      out += '\n';
      atLineStart = true;
      lastEndX = undefined;
    }
    if (lastY !== undefined && atLineStart && Math.abs(lastY - y) > lineHeight * 1.8 && !out.endsWith('\n\n')) {
      out += '\n';
    }
    const gap = lastEndX === undefined ? 0 : x - lastEndX;
    if (!atLineStart && gap > height * 0.15 && !out.endsWith(' ') && !item.str.startsWith(' ')) out += ' ';
    out += item.str;
    atLineStart = false;
    lastY = y;
    lastEndX = x + item.width;
    lastHeight = height || lastHeight;
    if (item.hasEOL) {
      out += '\n';
      atLineStart = true;
      lastEndX = undefined;
    }
  }
  return out;
}

export interface DecodedImage {
  width: number;
  height: number;
  /** pdf.js ImageKind: 1 = 1 bit grey, 2 = RGB, 3 = RGBA */
  kind: number;
  data: Uint8Array;
  /** the image's PDF object ("12R"), to find its stored bytes */
  ref?: string;
}

interface PageImage {
  width: number;
  height: number;
  load(): Promise<DecodedImage | undefined>;
}

/**
 * The images a page paints: image XObjects, inline images, and image masks (stencils). A scanner's 1-bit page is often
 * a mask painted in black (CCITT or Flate, an XObject or inline); pdf.js hands a mask over as packed bits where 1 is
 * paper, as it does 1-bit grey images.
 */
async function listPageImages(page: PDFPageProxy, pdfjs: PdfjsModule): Promise<PageImage[]> {
  const operators = await page.getOperatorList();
  const images: PageImage[] = [];
  const stored = (objId: string, width: number, height: number, mask: boolean): PageImage => {
    const store = objId.startsWith('g_') ? page.commonObjs : page.objs;
    return {
      width,
      height,
      load: () =>
        new Promise((resolve) => {
          store.get(objId, (value: unknown) => resolve(asDecodedImage(value, mask)));
        }),
    };
  };
  const addMask = (arg: unknown): void => {
    if (typeof arg !== 'object' || arg === null) return;
    const { data, width, height } = arg as { data?: unknown; width?: unknown; height?: unknown };
    if (typeof width !== 'number' || typeof height !== 'number') return;
    if (typeof data === 'string') images.push(stored(data, width, height, true));
    else {
      const image = asDecodedImage(arg, true);
      if (image) images.push({ width, height, load: () => Promise.resolve(image) });
    }
  };
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index] as unknown[] | undefined;
    if (!args) return;
    if (fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintImageXObjectRepeat) {
      const [objId, width, height] = args;
      if (typeof objId !== 'string' || typeof width !== 'number' || typeof height !== 'number') return;
      images.push(stored(objId, width, height, false));
    } else if (fn === pdfjs.OPS.paintInlineImageXObject || fn === pdfjs.OPS.paintInlineImageXObjectGroup) {
      const image = asDecodedImage(args[0]);
      if (image) images.push({ width: image.width, height: image.height, load: () => Promise.resolve(image) });
    } else if (fn === pdfjs.OPS.paintImageMaskXObject || fn === pdfjs.OPS.paintImageMaskXObjectRepeat) {
      addMask(args[0]);
    } else if (fn === pdfjs.OPS.paintImageMaskXObjectGroup && Array.isArray(args[0])) {
      for (const mask of args[0] as unknown[]) addMask(mask);
    }
  });
  return images;
}

/** a decoded image as pdf.js hands it over; a mask has no kind of its own: its packed bits read as 1-bit grey */
function asDecodedImage(value: unknown, mask = false): DecodedImage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { width, height, data, ref } = value as Record<string, unknown>;
  const kind = mask ? 1 : (value as Record<string, unknown>).kind;
  if (typeof width !== 'number' || typeof height !== 'number' || typeof kind !== 'number') return undefined;
  if (!(data instanceof Uint8Array || data instanceof Uint8ClampedArray)) return undefined;
  return {
    width,
    height,
    kind,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    ...(typeof ref === 'string' ? { ref } : {}),
  };
}

type RawJpegLookup = (ref: string) => Promise<Buffer | undefined>;

/** pdf.js decodes every image; pdf-lib reads the stored stream, so a DCT (JPEG) image can be handed over as is. */
async function loadRawJpegLookup(filePath: string): Promise<RawJpegLookup> {
  const { PDFDocument, PDFRef, PDFRawStream, PDFName, PDFArray } = await import('pdf-lib');
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    doc = await PDFDocument.load(await readFile(filePath), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return async () => undefined;
  }
  return async (ref) => {
    const match = /^(\d+)R(\d*)$/.exec(ref);
    if (!match) return undefined;
    const stream = doc.context.lookup(PDFRef.of(Number(match[1]), Number(match[2] || 0)));
    if (!(stream instanceof PDFRawStream)) return undefined;
    const filter = stream.dict.get(PDFName.of('Filter'));
    const filters = filter instanceof PDFArray ? filter.asArray() : [filter];
    if (filters.length !== 1 || filters[0] !== PDFName.of('DCTDecode')) return undefined;
    // An explicit Decode array inverts or remaps colours, which only pdf.js's decoded pixels honour.
    if (stream.dict.has(PDFName.of('Decode'))) return undefined;
    const bytes = Buffer.from(stream.contents);
    const components = jpegComponents(bytes);
    // CMYK JPEGs (often Adobe-inverted) read badly outside a PDF renderer
    return components === 1 || components === 3 ? bytes : undefined;
  };
}

/** Number of colour components in a JPEG's frame header, or undefined when none is found. */
function jpegComponents(jpeg: Buffer): number | undefined {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) return undefined;
    const marker = jpeg[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = jpeg.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return jpeg[offset + 9];
    offset += 2 + length;
  }
  return undefined;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* PNG                                                                                                           */

/** Grey PNG of a decoded pdf.js image: OCR needs no colour, and one channel is a third of the bytes. */
export function encodeImageAsPng(image: DecodedImage, dpi?: number): Buffer | undefined {
  const { width, height, kind, data } = image;
  if (width <= 0 || height <= 0) return undefined;
  const common = { width, height, colourType: 0 as const, compressionLevel: 3, ...(dpi ? { dpi } : {}) };
  if (kind === 1) {
    // pdf.js 1-bit images use 1 for white, as PNG greyscale does
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return undefined;
    return encodePng({
      ...common,
      bitDepth: 1,
      writeRow: (y, target, offset) => target.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), offset),
    });
  }
  if (kind !== 2 && kind !== 3) return undefined;
  const channels = kind === 2 ? 3 : 4;
  if (data.length < width * height * channels) return undefined;
  return encodePng({
    ...common,
    bitDepth: 8,
    writeRow: (y, target, offset) => {
      let source = y * width * channels;
      for (let x = 0; x < width; x += 1, source += channels) {
        const grey = (299 * (data[source] ?? 0) + 587 * (data[source + 1] ?? 0) + 114 * (data[source + 2] ?? 0)) / 1000;
        const alpha = channels === 4 ? (data[source + 3] ?? 255) / 255 : 1;
        // transparent pixels are paper, not ink
        target[offset + x] = Math.round(grey * alpha + 255 * (1 - alpha));
      }
    },
  });
}
