import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CorruptFileError, type DetectedType } from '../../../src/domain/pipeline/extraction.types.js';
import { extractImage } from '../../../src/integrations/extract/image.extractor.js';
import { createOcr, listTesseractCliLanguages, type Ocr } from '../../../src/integrations/ocr/index.js';

const FIXTURES = path.join(import.meta.dirname, '../../fixtures');
const hasTesseractCli = (await listTesseractCliLanguages()).includes('nor');

let dir: string;
let truncatedPng: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'byggdok-image-'));
  truncatedPng = path.join(dir, 'avkuttet.png');
  const png = await readFile(path.join(FIXTURES, 'ocr-norwegian.png'));
  await writeFile(truncatedPng, png.subarray(0, 2000));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function detected(mime: string): DetectedType {
  return { kind: 'image', mime, extension: mime.split('/')[1] ?? '', extensionMismatch: false };
}

describe.each([
  { provider: 'cli' as const, available: hasTesseractCli },
  { provider: 'js' as const, available: true },
])('extractImage with the $provider OCR', ({ provider, available }) => {
  let ocr: Ocr;

  beforeAll(async () => {
    if (available) ocr = await createOcr({ provider });
  });

  afterAll(async () => {
    await ocr?.close();
  });

  it.skipIf(!available)('reads the printed Norwegian words of a PNG into one OCR page', async () => {
    const result = await extractImage(
      { path: path.join(FIXTURES, 'ocr-norwegian.png'), filename: 'skade.png', detected: detected('image/png') },
      { ocr },
    );

    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]).toMatchObject({ pageNumber: 1, ocr: true });
    expect(result.pages[0]!.text).toMatch(/Fuktskade i kjeller/);
    expect(result.pages[0]!.text).toMatch(/Befaring av våtrom 2019/);
  });

  it.skipIf(!available)('reads a JPEG photo of the same text', async () => {
    const result = await extractImage(
      { path: path.join(FIXTURES, 'ocr-norwegian.jpg'), filename: 'skade.jpg', detected: detected('image/jpeg') },
      { ocr },
    );

    expect(result.pages[0]!.text).toMatch(/våtrom/);
  });

  it.skipIf(!available)('reads every page of a multi-page TIFF scan into a page of its own', async () => {
    const page = await readFile(path.join(FIXTURES, 'ocr-norwegian.png'));
    const tiff = path.join(dir, `skann-${provider}.tif`);
    await sharp([page, await sharp(page).negate({ alpha: false }).png().toBuffer()], { join: { animated: true } })
      .tiff({ compression: 'lzw' })
      .toFile(tiff);
    const result = await extractImage({ path: tiff, filename: 'skann.tif', detected: detected('image/tiff') }, { ocr });
    expect(result.pages.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect(result.pages[0]!.text).toMatch(/Fuktskade i kjeller/);
    // white on black: read just the same
    expect(result.pages[1]!.text).toMatch(/våtrom/);
  });

  it.skipIf(!available)('marks a truncated image as corrupt, and keeps working afterwards', async () => {
    await expect(
      extractImage({ path: truncatedPng, filename: 'avkuttet.png', detected: detected('image/png') }, { ocr }),
    ).rejects.toBeInstanceOf(CorruptFileError);

    const result = await extractImage(
      { path: path.join(FIXTURES, 'ocr-norwegian.png'), filename: 'skade.png', detected: detected('image/png') },
      { ocr },
    );
    expect(result.pages[0]!.text).toMatch(/kjeller/);
  });
});

describe.skipIf(!hasTesseractCli)('extractImage turning scans upright', () => {
  it('reads a page scanned upside down or sideways, and a phone photo stored sideways with an EXIF note', async () => {
    const ocr = await createOcr({ provider: 'cli' });
    const page = await readFile(path.join(FIXTURES, 'ocr-norwegian.png'));
    try {
      for (const degrees of [90, 180, 270]) {
        const turned = path.join(dir, `snudd-${degrees}.jpg`);
        await sharp(page).rotate(degrees).jpeg().toFile(turned);
        const result = await extractImage(
          { path: turned, filename: 'snudd.jpg', detected: detected('image/jpeg') },
          { ocr },
        );
        expect(result.pages[0]!.text, `turned ${degrees} degrees`).toMatch(/Fuktskade i kjeller[\s\S]*våtrom/);
      }
      // the pixels lie on their side; EXIF orientation 6 says "turn 90 degrees clockwise to show"
      const photo = path.join(dir, 'telefon.jpg');
      await sharp(page).rotate(270).jpeg().withMetadata({ orientation: 6 }).toFile(photo);
      const result = await extractImage(
        { path: photo, filename: 'telefon.jpg', detected: detected('image/jpeg') },
        { ocr },
      );
      expect(result.pages[0]!.text).toMatch(/Fuktskade i kjeller/);
    } finally {
      await ocr.close();
    }
  });
});

describe('extractImage', () => {
  it('gives an empty page for image formats OCR cannot decode, without trying', async () => {
    const calls: unknown[] = [];
    const ocr: Ocr = {
      provider: 'fake',
      async recognize(image) {
        calls.push(image);
        return 'tekst';
      },
      async close() {},
    };
    const result = await extractImage(
      { path: path.join(FIXTURES, 'ocr-norwegian.png'), filename: 'bilde.heic', detected: detected('image/heic') },
      { ocr },
    );

    expect(result.pages).toEqual([{ pageNumber: 1, text: '', ocr: true }]);
    expect(calls).toEqual([]);
  });
});

describe('createOcr', () => {
  it('uses the tesseract binary when it has Norwegian, else the bundled WebAssembly build', async () => {
    const ocr = await createOcr();
    expect(ocr.provider).toBe(hasTesseractCli ? 'tesseract-cli' : 'tesseract-js');
    await ocr.close();
  });

  it('falls back to the bundled build when the binary is missing', async () => {
    const ocr = await createOcr({ binary: path.join(dir, 'no-such-tesseract') });
    expect(ocr.provider).toBe('tesseract-js');
    await ocr.close();
  });
});
