import type { DetectedType, Extraction, Extractor, ExtractorInput } from '../../domain/pipeline/extraction.types.js';
import type { FileTools } from '../../domain/pipeline/ports.js';
import type { Ocr } from '../ocr/ocr.js';
import { detectFileType } from './detect-type.js';
import { extractDocx } from './docx.extractor.js';
import { extractDwg } from './dwg.extractor.js';
import { extractDxf } from './dxf.extractor.js';
import { extractEmail } from './email.extractor.js';
import { extractIfc } from './ifc.extractor.js';
import { createImageExtractor } from './image.extractor.js';
import { createPdfExtractor } from './pdf.extractor.js';
import { extractPptx } from './pptx.extractor.js';
import { makePreview } from './preview.js';
import { extractSpreadsheet } from './spreadsheet.extractor.js';
import { extractText } from './text.extractor.js';
import { unpackZip } from './unzip.js';

export interface FileToolsOptions {
  ocr: Ocr;
  /** false: pdf.js even when poppler is installed (benchmarks compare both) */
  preferPdfCli?: boolean;
  libreOfficePath?: string | null;
  /** images with more pixels are never decoded: not by pdf.js, not for OCR, not for a preview (default 100 million) */
  imageMaxPixels?: number;
}

/** One extractor per kind of file; kinds not listed have no text (packages are unpacked, media skipped). */
function createExtractors(options: FileToolsOptions): Partial<Record<DetectedType['kind'], Extractor>> {
  const pdf = createPdfExtractor({
    ocr: options.ocr,
    ...(options.preferPdfCli === false ? { preferCli: false } : {}),
    ...(options.imageMaxPixels ? { maxImagePixels: options.imageMaxPixels } : {}),
  });
  return {
    pdf,
    docx: extractDocx,
    xlsx: extractSpreadsheet,
    csv: extractSpreadsheet,
    pptx: extractPptx,
    text: extractText,
    html: extractText,
    xml: extractText,
    eml: extractEmail,
    msg: extractEmail,
    dwg: extractDwg,
    dxf: extractDxf,
    ifc: extractIfc,
    image: createImageExtractor({
      ocr: options.ocr,
      ...(options.imageMaxPixels ? { maxPixels: options.imageMaxPixels } : {}),
    }),
  };
}

export function createFileTools(options: FileToolsOptions): FileTools {
  const extractors = createExtractors(options);
  return {
    detect: (input) => detectFileType(input),
    async extract(input: ExtractorInput): Promise<Extraction> {
      const extractor = extractors[input.detected.kind];
      // legacy binary Office files (.doc, .xls) have no extractor yet: they are kept with no text
      if (!extractor) return { pages: [], metadata: {} };
      return extractor(input);
    },
    async unpackZip(input) {
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
    makePreview: (input) =>
      makePreview({
        ...input,
        libreOfficePath: options.libreOfficePath ?? null,
        ...(options.imageMaxPixels ? { maxImagePixels: options.imageMaxPixels } : {}),
      }),
  };
}
