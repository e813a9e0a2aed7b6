import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { imageDimensions, tooManyPixels } from '../../../src/integrations/extract/image-dimensions.js';
import { extractImage } from '../../../src/integrations/extract/image.extractor.js';
import { makePreview } from '../../../src/integrations/extract/preview.js';
import { encodePng } from '../../../src/integrations/extract/png.js';
import type { Ocr } from '../../../src/integrations/ocr/ocr.js';

/** a PNG whose header declares a size its few bytes do not hold: decoders allocate for the header */
function declaredPng(width: number, height: number): Buffer {
  const png = encodePng({
    width: 1,
    height: 1,
    bitDepth: 8,
    colourType: 0,
    writeRow: (_y, target, offset) => target.writeUInt8(0, offset),
  });
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

/**
 * A TIFF header and one directory declaring width x height (LONG values) after `padding` bytes of pixel data, the
 * way libtiff lays files out. Nothing else is there: a decoder would allocate for the declared size.
 */
function declaredTiff(width: number, height: number, options: { bigEndian?: boolean; padding?: number } = {}): Buffer {
  const padding = options.padding ?? 0;
  const big = options.bigEndian === true;
  const file = Buffer.alloc(8 + padding + 2 + 2 * 12 + 4);
  const u16 = (value: number, at: number): number =>
    big ? file.writeUInt16BE(value, at) : file.writeUInt16LE(value, at);
  const u32 = (value: number, at: number): number =>
    big ? file.writeUInt32BE(value, at) : file.writeUInt32LE(value, at);
  file.write(big ? 'MM' : 'II', 0, 'latin1');
  u16(42, 2);
  const directory = 8 + padding;
  u32(directory, 4);
  u16(2, directory);
  [256, 257].forEach((tag, i) => {
    const entry = directory + 2 + i * 12;
    u16(tag, entry);
    u16(4, entry + 2);
    u32(1, entry + 4);
    u32(tag === 256 ? width : height, entry + 8);
  });
  return file;
}

const refusingOcr: Ocr = {
  recognize: () => Promise.reject(new Error('OCR must not see this image')),
  close: () => Promise.resolve(),
} as unknown as Ocr;

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-pixels-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('image pixel limit', () => {
  it('reads width and height from PNG, GIF, BMP and JPEG headers', () => {
    expect(imageDimensions(declaredPng(300, 200))).toEqual({ width: 300, height: 200 });
    const gif = Buffer.from('GIF89a\x40\x01\xc8\x00', 'latin1');
    expect(imageDimensions(gif)).toEqual({ width: 320, height: 200 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x01, 0x2c, 0x01, 0x90, 3, 0]);
    expect(imageDimensions(jpeg)).toEqual({ width: 400, height: 300 });
    expect(imageDimensions(Buffer.from('not an image'))).toBeNull();
  });

  it('reads width and height from a TIFF directory, in either byte order', () => {
    expect(imageDimensions(declaredTiff(2480, 3508))).toEqual({ width: 2480, height: 3508 });
    expect(imageDimensions(declaredTiff(2480, 3508, { bigEndian: true }))).toEqual({ width: 2480, height: 3508 });
    // a directory cut off before its size entries: the decoder decides
    expect(imageDimensions(declaredTiff(2480, 3508).subarray(0, 14))).toBeNull();
  });

  it.each([
    ['a PNG', 'stor.png', 'image/png', declaredPng(60_000, 60_000)],
    // libtiff puts the directory after the pixels: far past the first 64 KiB
    [
      'a TIFF with its directory after 1 MiB of pixels',
      'stor.tif',
      'image/tiff',
      declaredTiff(60_000, 60_000, { padding: 1024 * 1024 }),
    ],
  ])('refuses to OCR %s declared above the limit, with the reason', async (_label, filename, mime, bytes) => {
    const filePath = path.join(workDir, filename);
    await writeFile(filePath, bytes);
    const extension = path.extname(filename).slice(1);
    const error = await extractImage(
      { path: filePath, filename, detected: { kind: 'image', mime, extension, extensionMismatch: false } },
      { ocr: refusingOcr, maxPixels: 100_000_000 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptFileError);
    expect((error as Error).message).toBe(
      'the image is too large to decode (60000 x 60000 pixels, the limit is 100000000)',
    );
  });

  it('makes no preview of an image above the limit, and says why', async () => {
    const filePath = path.join(workDir, 'stor-preview.png');
    await writeFile(filePath, declaredPng(20_000, 20_000));
    const result = await makePreview({
      path: filePath,
      detected: { kind: 'image', mime: 'image/png', extension: 'png', extensionMismatch: false },
      extraction: null,
      outputPath: path.join(workDir, 'preview.pdf'),
      libreOfficePath: null,
      maxImagePixels: 1_000_000,
    });
    expect(result).toEqual({
      made: false,
      note: 'the image is too large to decode (20000 x 20000 pixels, the limit is 1000000)',
    });
    expect(tooManyPixels(declaredPng(1000, 1000), 1_000_000)).toBeNull();
  });
});
