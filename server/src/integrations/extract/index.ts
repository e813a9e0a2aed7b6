import type { DetectedType, Extraction, Extractor, ExtractorInput } from '../../domain/pipeline/extraction.types.js';
import type { FileTools } from '../../domain/pipeline/ports.js';
import type { Ocr } from '../ocr/ocr.js';
import { detectFileType } from './detect-type.js';

export interface FileToolsOptions {
  ocr: Ocr;
  /** false: pdf.js even when poppler is installed (benchmarks compare both) */
  preferPdfCli?: boolean;
  libreOfficePath?: string | null;
  /** images with more pixels are never decoded: not by pdf.js, not for OCR, not for a preview (default 100 million) */
  imageMaxPixels?: number;
}

/**
 * An extractor whose module (and the libraries it brings: mammoth, pdf.js, tesseract.js, mailparser ...) is loaded on the
 * first file of its kind: a service start, an API process and a CLI command never pay for them.
 */
function onFirstUse(load: () => Promise<Extractor>): Extractor {
  let loaded: Promise<Extractor> | undefined;
  return async (input) => (await (loaded ??= load()))(input);
}

/** One extractor per kind of file; kinds not listed have no text (packages are unpacked, media skipped). */
function createExtractors(options: FileToolsOptions): Partial<Record<DetectedType['kind'], Extractor>> {
  const pdf = onFirstUse(async () =>
    (await import('./pdf.extractor.js')).createPdfExtractor({
      ocr: options.ocr,
      ...(options.preferPdfCli === false ? { preferCli: false } : {}),
      ...(options.imageMaxPixels ? { maxImagePixels: options.imageMaxPixels } : {}),
    }),
  );
  const docx = onFirstUse(async () => (await import('./docx.extractor.js')).extractDocx);
  const spreadsheet = onFirstUse(async () => (await import('./spreadsheet.extractor.js')).extractSpreadsheet);
  const text = onFirstUse(async () => (await import('./text.extractor.js')).extractText);
  const email = onFirstUse(async () => (await import('./email.extractor.js')).extractEmail);
  return {
    pdf,
    docx,
    doc: onFirstUse(async () => (await import('./doc.extractor.js')).extractDoc),
    xlsx: spreadsheet,
    csv: spreadsheet,
    xls: onFirstUse(async () => (await import('./xls.extractor.js')).extractXls),
    pptx: onFirstUse(async () => (await import('./pptx.extractor.js')).extractPptx),
    ppt: onFirstUse(async () => (await import('./ppt.extractor.js')).extractPpt),
    odf: onFirstUse(async () => (await import('./odf.extractor.js')).extractOdf),
    vsdx: onFirstUse(async () => (await import('./vsdx.extractor.js')).extractVsdx),
    rtf: onFirstUse(async () => (await import('./rtf.extractor.js')).extractRtf),
    epub: onFirstUse(async () => (await import('./epub.extractor.js')).extractEpub),
    text,
    html: text,
    xml: text,
    eml: email,
    msg: email,
    dwg: onFirstUse(async () => (await import('./dwg.extractor.js')).extractDwg),
    dxf: onFirstUse(async () => (await import('./dxf.extractor.js')).extractDxf),
    ifc: onFirstUse(async () => (await import('./ifc.extractor.js')).extractIfc),
    image: onFirstUse(async () =>
      (await import('./image.extractor.js')).createImageExtractor({
        ocr: options.ocr,
        ...(options.imageMaxPixels ? { maxPixels: options.imageMaxPixels } : {}),
      }),
    ),
  };
}

export function createFileTools(options: FileToolsOptions): FileTools {
  const extractors = createExtractors(options);
  return {
    detect: (input) => detectFileType(input),
    async extract(input: ExtractorInput): Promise<Extraction> {
      const extractor = extractors[input.detected.kind];
      // Visio 2003-2010 (.vsd) has no extractor yet: kept with no text
      if (!extractor) return { pages: [], metadata: {} };
      return extractor(input);
    },
    async unpackZip(input) {
      const { unpackZip } = await import('./unzip.js');
      const result = await unpackZip({
        zipPath: input.zipPath,
        destDir: input.destDir,
        ...(input.signal ? { signal: input.signal } : {}),
      });
      return {
        entries: result.entries.map((e) => ({ path: e.path, size: e.size, filePath: e.filePath })),
        skipped: result.skipped.map((s) => ({ path: s.path, reason: s.reason })),
      };
    },
    makePreview: async (input) =>
      (await import('./preview.js')).makePreview({
        ...input,
        libreOfficePath: options.libreOfficePath ?? null,
        ...(options.imageMaxPixels ? { maxImagePixels: options.imageMaxPixels } : {}),
      }),
  };
}
