/**
 * No real DWG fixture ships with the tests: libredwg-web cannot write DWG and none could be produced here. These
 * tests craft R2000-style files (version signature, image seeker, preview section) to cover the preview and the
 * strings fallback, and check that libredwg itself loads and runs in a worker and refuses the crafted file cleanly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError, UnsupportedVersionError } from '../../../src/domain/pipeline/extraction.types.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractDwg, extractDwgPreview, readWithLibreDwg } from '../../../src/integrations/extract/dwg.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-dwg-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const SENTINEL = Buffer.from('1F256D07D43628289D57CA3F9D44102B', 'hex');

/** A valid 1x1 PNG. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from('89504E470D0A1A0A', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 2x2 24-bit DIB as DWG stores it: BITMAPINFOHEADER + pixels, no file header. */
function tinyDib(): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(2, 4);
  header.writeInt32LE(2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(24, 14);
  return Buffer.concat([header, Buffer.alloc(16, 0x7f)]);
}

/**
 * An R2000-looking file: "AC1015", the image seeker at 0x0D pointing at the preview section (sentinel, overall
 * size, image count, then type/start/size per image), the images, and some text bytes further on.
 */
function craftDwg(input: {
  images: { type: number; data: Buffer }[];
  strings?: Buffer[];
  seekerOff?: boolean;
}): Buffer {
  const header = Buffer.alloc(0x80);
  header.write('AC1015', 0, 'latin1');
  const sectionStart = 0x80;
  const directorySize = 16 + 4 + 1 + input.images.length * 9;
  let imageOffset = sectionStart + directorySize;
  const directory = Buffer.alloc(directorySize);
  SENTINEL.copy(directory, 0);
  directory.writeUInt8(input.images.length, 20);
  input.images.forEach((image, index) => {
    const at = 21 + index * 9;
    directory.writeUInt8(image.type, at);
    directory.writeUInt32LE(imageOffset, at + 1);
    directory.writeUInt32LE(image.data.length, at + 5);
    imageOffset += image.data.length;
  });
  directory.writeUInt32LE(imageOffset - sectionStart, 16);
  header.writeUInt32LE(input.seekerOff ? 0x7777 : sectionStart, 0x0d);
  return Buffer.concat([
    header,
    directory,
    ...input.images.map((image) => image.data),
    Buffer.alloc(64),
    ...(input.strings ?? []).flatMap((text) => [text, Buffer.alloc(7)]),
    Buffer.alloc(256),
  ]);
}

async function write(data: Buffer): Promise<string> {
  const filePath = path.join(workDir, 'drawing.dwg');
  await writeFile(filePath, data);
  return filePath;
}

describe('extractDwg', () => {
  it('falls back to the header thumbnail and readable strings when libredwg cannot read the drawing', async () => {
    const png = tinyPng();
    const filePath = await write(
      craftDwg({
        images: [
          { type: 1, data: Buffer.alloc(80, 1) },
          { type: 6, data: png },
        ],
        strings: [Buffer.from('Plan 1. etasje', 'utf16le'), Buffer.from('Brannvegg EI60', 'latin1')],
      }),
    );

    const result = await extractDwg(extractorInput(filePath, 'dwg'));

    expect(result.previewImage).toEqual({ mime: 'image/png', data: png });
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.text.split('\n')).toEqual(expect.arrayContaining(['Plan 1. etasje', 'Brannvegg EI60']));
  });

  it('turns a BMP thumbnail into a .bmp file, finding the section by its sentinel when the seeker is wrong', () => {
    const dib = tinyDib();
    const preview = extractDwgPreview(craftDwg({ images: [{ type: 2, data: dib }], seekerOff: true }));

    expect(preview?.mime).toBe('image/bmp');
    expect(preview?.data.subarray(0, 2).toString('latin1')).toBe('BM');
    expect(preview?.data.readUInt32LE(2)).toBe(14 + dib.length);
    expect(preview?.data.readUInt32LE(10)).toBe(14 + 40);
    expect(preview?.data.subarray(14)).toEqual(dib);
  });

  it('reports a file without a DWG version signature as corrupt', async () => {
    const filePath = await write(Buffer.from('%PDF-1.7 not a drawing'));

    await expect(extractDwg(extractorInput(filePath, 'dwg'))).rejects.toBeInstanceOf(CorruptFileError);
  });

  it('names the release of a DWG older than the reader supports, instead of calling it corrupt or invalid', async () => {
    const data = Buffer.alloc(1206);
    data.write('AC2.10', 0, 'latin1');
    const filePath = await write(data);
    expect(await detectFileType({ path: filePath, filename: 'gammel.dwg' })).toMatchObject({
      kind: 'dwg',
      extensionMismatch: false,
    });
    const failure = extractDwg(extractorInput(filePath, 'dwg'));
    await expect(failure).rejects.toBeInstanceOf(UnsupportedVersionError);
    await expect(failure).rejects.toThrow('DWG R2.10 (AC2.10) is older than the DWG reader supports (R13 and newer)');

    // with words in it, they are read straight from the file, and the note says how
    data.write('Plan 1. etasje Storgata 5', 600, 'latin1');
    const partly = await extractDwg(extractorInput(await write(data), 'dwg'));
    expect(partly.pages[0]!.text).toContain('Plan 1. etasje Storgata 5');
    expect(partly.note).toMatch(/^DWG R2\.10 \(AC2\.10\) is older than the DWG reader supports/);
  });

  it('reports a DWG with nothing readable at all as corrupt', async () => {
    const data = Buffer.alloc(4096);
    data.write('AC1032', 0, 'latin1');
    const filePath = await write(data);

    await expect(extractDwg(extractorInput(filePath, 'dwg'))).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('readWithLibreDwg', () => {
  it('runs libredwg from node_modules in a worker and reports that it could not read a damaged drawing', async () => {
    const filePath = await write(craftDwg({ images: [{ type: 6, data: tinyPng() }] }));

    const attempt = await readWithLibreDwg({ filePath });

    expect(attempt).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/^libredwg (error code|read no entities)/),
    });
  });
});
