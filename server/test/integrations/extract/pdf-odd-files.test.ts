import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorruptFileError,
  EncryptedFileError,
  type DetectedType,
} from '../../../src/domain/pipeline/extraction.types.js';
import { extractPdf, popplerAvailable } from '../../../src/integrations/extract/pdf.extractor.js';
import { createOcr, type Ocr } from '../../../src/integrations/ocr/index.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
const detected: DetectedType = { kind: 'pdf', mime: 'application/pdf', extension: 'pdf', extensionMismatch: false };
const hasPoppler = await popplerAvailable();

/**
 * Real PDFs of the kinds a fresh machine lost (issue 49), read on the JavaScript path (pdf.js, tesseract.js) and, where
 * poppler is installed, on the poppler path with the `tesseract` binary.
 */
describe.each([
  { path: 'pdf.js and tesseract.js', preferCli: false, ocr: 'js' as const },
  ...(hasPoppler ? [{ path: 'poppler and tesseract', preferCli: true, ocr: 'auto' as const }] : []),
])('odd PDFs on $path', ({ preferCli, ocr: provider }) => {
  let ocr: Ocr;
  beforeAll(async () => {
    ocr = await createOcr({ provider });
  });
  afterAll(async () => ocr?.close());

  const extract = (file: string) =>
    extractPdf({ path: path.join(FIXTURES, file), filename: path.basename(file), detected }, { preferCli, ocr });
  const text = async (file: string) => (await extract(file)).pages.map((page) => page.text).join('\n');

  it('reads Arabic from a CID TrueType font as the letters a person types, in reading order', async () => {
    expect(await text('pdf-scripts/pdfjs-ArabicCIDTrueType.pdf')).toContain('انواع الخطوط العربية');
  });

  it('reads a 1-bit CCITT scan that lies upside down', async () => {
    const { pages } = await extract('scans/phototest-ccitt-upside-down.pdf');
    expect(pages[0]).toMatchObject({ ocr: true });
    expect(pages[0]!.text).toContain('The quick brown dog jumped over the');
  }, 120_000);

  it('reads a scan stored as an inline Flate image mask', async () => {
    expect(await text('scans/phototest-inline-flate-mask.pdf')).toContain('The quick brown dog jumped over the');
  }, 120_000);

  it('says a PDF locked for a certificate is encrypted with a custom handler, not damaged', async () => {
    const failure = await extract('pdf-damaged/pyhanko-minimal-pubkey-aes256.pdf').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EncryptedFileError);
    expect((failure as Error).message).toBe(
      "PDF is encrypted with a custom handler (Adobe.PubSec), not a password; its text cannot be read without that handler's key",
    );
  });

  it('says a PDF whose pages are destroyed is damaged, instead of an empty valid file', async () => {
    const failure = await extract('pdf-damaged/textract-standardized_text-damaged.pdf').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CorruptFileError);
    expect((failure as Error).message).toMatch(/^PDF is damaged/);
  });

  it('reads what a damaged PDF still holds', async () => {
    expect(await text('pdf-damaged/pdfjs-helloworld-bad.pdf')).toContain('Hello, world!');
  });
});
