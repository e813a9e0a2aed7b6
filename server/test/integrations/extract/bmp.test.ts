import UPNG from '@pdf-lib/upng';
import { describe, expect, it } from 'vitest';
import { bmpToPng, decodeBmp, InvalidBmpError } from '../../../src/integrations/extract/bmp.js';
import { dibToBmp } from '../../../src/integrations/extract/dwg.extractor.js';

type Rgb = [number, number, number];

const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const GREY: Rgb = [128, 128, 128];

/**
 * Writes a bitmap the way Windows does: rows padded to 4 bytes, bottom-up unless topDown, a palette of BGRx
 * entries (BGR for the 12-byte OS/2 header). `rows` are top to bottom; each value is a palette index for paletted
 * bitmaps and the raw little-endian pixel value otherwise.
 */
function writeBmp(params: {
  width: number;
  bitCount: number;
  rows: number[][];
  palette?: Rgb[];
  topDown?: boolean;
  header?: 'core' | 'info' | 'v5';
  compression?: number;
  masks?: number[];
  /** a bare DIB, as DWG stores thumbnails */
  bare?: boolean;
}): Buffer {
  const { width, bitCount, rows } = params;
  const height = rows.length;
  const header = params.header ?? 'info';
  const headerSize = header === 'core' ? 12 : header === 'v5' ? 124 : 40;
  const dib = Buffer.alloc(headerSize);
  dib.writeUInt32LE(headerSize, 0);
  if (header === 'core') {
    dib.writeUInt16LE(width, 4);
    dib.writeInt16LE(height, 6);
    dib.writeUInt16LE(1, 8);
    dib.writeUInt16LE(bitCount, 10);
  } else {
    dib.writeInt32LE(width, 4);
    dib.writeInt32LE(params.topDown ? -height : height, 8);
    dib.writeUInt16LE(1, 12);
    dib.writeUInt16LE(bitCount, 14);
    dib.writeUInt32LE(params.compression ?? 0, 16);
    dib.writeUInt32LE(params.palette?.length ?? 0, 32);
  }
  const masks = Buffer.alloc(header === 'v5' ? 0 : (params.masks ?? []).length * 4);
  (params.masks ?? []).forEach((mask, i) => {
    if (header === 'v5') dib.writeUInt32LE(mask >>> 0, 40 + i * 4);
    else masks.writeUInt32LE(mask >>> 0, i * 4);
  });
  const palette = Buffer.concat(
    (params.palette ?? []).map(([r, g, b]) => Buffer.from(header === 'core' ? [b, g, r] : [b, g, r, 0])),
  );
  const stride = Math.ceil((width * bitCount) / 32) * 4;
  const pixels = Buffer.alloc(stride * height);
  const ordered = params.topDown ? rows : [...rows].reverse();
  ordered.forEach((row, y) => {
    row.forEach((value, x) => {
      const at = y * stride;
      if (bitCount < 8) {
        const bit = x * bitCount;
        const shift = 8 - bitCount - (bit & 7);
        pixels[at + (bit >> 3)] = (pixels[at + (bit >> 3)] ?? 0) | (value << shift);
      } else {
        pixels.writeUIntLE(value >>> 0, at + x * (bitCount / 8), bitCount / 8);
      }
    });
  });
  const body = Buffer.concat([dib, masks, palette, pixels]);
  if (params.bare) return body;
  const file = Buffer.alloc(14);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(14 + body.length, 2);
  file.writeUInt32LE(14 + headerSize + masks.length + palette.length, 10);
  return Buffer.concat([file, body]);
}

const rgb24 = ([r, g, b]: Rgb) => (r << 16) | (g << 8) | b;

/** the pixels of a decoded bitmap as [r, g, b] or [r, g, b, a] per pixel, top row first */
function pixelsOf(image: { width: number; height: number; channels: number; pixels: Uint8Array }): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < image.width * image.height; i += 1) {
    out.push([...image.pixels.subarray(i * image.channels, (i + 1) * image.channels)]);
  }
  return out;
}

/** reads our PNG back with an independent decoder (the one pdf-lib embeds PNGs with) */
function readPng(png: Buffer) {
  const decoded = UPNG.decode(new Uint8Array(png).buffer);
  const channels = decoded.ctype === 6 ? 4 : 3;
  return {
    width: decoded.width,
    height: decoded.height,
    channels,
    pixels: new Uint8Array(decoded.data).subarray(0, decoded.width * decoded.height * channels),
  };
}

describe('decodeBmp', () => {
  it('reads a 24-bit bottom-up bitmap with padded rows, top row first, and the PNG shows the same pixels', () => {
    // width 3: 9 bytes of pixels, padded to 12 per row
    const bmp = writeBmp({
      width: 3,
      bitCount: 24,
      rows: [[RED, GREEN, BLUE].map(rgb24), [WHITE, GREY, BLACK].map(rgb24)],
    });

    const decoded = decodeBmp(bmp);

    expect(decoded).toMatchObject({ width: 3, height: 2, channels: 3 });
    expect(pixelsOf(decoded)).toEqual([RED, GREEN, BLUE, WHITE, GREY, BLACK]);
    expect(pixelsOf(readPng(bmpToPng(bmp)))).toEqual([RED, GREEN, BLUE, WHITE, GREY, BLACK]);
  });

  it('reads 8-bit, 4-bit and 1-bit palettes, packed from the high bit, bottom-up and top-down', () => {
    const palette = [WHITE, RED, GREEN, BLUE];
    const indices = [
      [0, 1, 2, 3, 2],
      [3, 2, 1, 0, 1],
    ];
    const expected = indices.flat().map((index) => palette[index]);
    for (const bitCount of [8, 4]) {
      for (const topDown of [false, true]) {
        const decoded = decodeBmp(writeBmp({ width: 5, bitCount, rows: indices, palette, topDown }));
        expect(pixelsOf(decoded), `${bitCount}-bit, top-down ${topDown}`).toEqual(expected);
      }
    }
    // 1-bit, 10 pixels wide: two bytes of bits in a row padded to four
    const bits = [[1, 0, 0, 1, 1, 1, 0, 0, 0, 1]];
    const mono = decodeBmp(writeBmp({ width: 10, bitCount: 1, rows: bits, palette: [BLACK, WHITE] }));
    expect(pixelsOf(mono)).toEqual(bits[0]!.map((bit) => (bit ? WHITE : BLACK)));
  });

  it('reads the old OS/2 header with its three-byte palette entries', () => {
    const decoded = decodeBmp(
      writeBmp({ width: 2, bitCount: 8, rows: [[1, 0]], palette: [GREEN, BLUE], header: 'core' }),
    );
    expect(pixelsOf(decoded)).toEqual([BLUE, GREEN]);
  });

  it('treats the fourth byte of a plain 32-bit bitmap as padding, not as transparency', () => {
    // alpha byte 0: taken as transparency this picture would be invisible
    const decoded = decodeBmp(writeBmp({ width: 2, bitCount: 32, rows: [[rgb24(RED), rgb24(BLUE)]] }));
    expect(decoded.channels).toBe(3);
    expect(pixelsOf(decoded)).toEqual([RED, BLUE]);
  });

  it('keeps real transparency from a V5 header with an alpha mask, and ignores an alpha mask left all zero', () => {
    const masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000];
    const transparent = decodeBmp(
      writeBmp({
        width: 2,
        bitCount: 32,
        header: 'v5',
        compression: 3,
        masks,
        rows: [[(0xff << 24) | rgb24(RED), (0x40 << 24) | rgb24(GREEN)]],
      }),
    );
    expect(transparent.channels).toBe(4);
    expect(pixelsOf(transparent)).toEqual([
      [...RED, 255],
      [...GREEN, 64],
    ]);
    expect(
      pixelsOf(
        readPng(
          bmpToPng(writeBmp({ width: 1, bitCount: 32, header: 'v5', compression: 3, masks, rows: [[0x80 << 24]] })),
        ),
      ),
    ).toEqual([[0, 0, 0, 128]]);

    const unset = decodeBmp(
      writeBmp({ width: 1, bitCount: 32, header: 'v5', compression: 3, masks, rows: [[rgb24(BLUE)]] }),
    );
    expect(unset.channels).toBe(3);
    expect(pixelsOf(unset)).toEqual([BLUE]);
  });

  it('reads 16-bit pixels as 5-5-5 by default and by their bit fields otherwise (5-6-5)', () => {
    const fives = decodeBmp(writeBmp({ width: 2, bitCount: 16, rows: [[0x7c00, 0x001f]] }));
    expect(pixelsOf(fives)).toEqual([RED, BLUE]);
    const sixes = decodeBmp(
      writeBmp({ width: 2, bitCount: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f], rows: [[0x07e0, 0xffff]] }),
    );
    expect(pixelsOf(sixes)).toEqual([GREEN, WHITE]);
  });

  it('reads a bare DIB as DWG stores it, also after dibToBmp put a file header in front of one with bit fields', () => {
    const bare = writeBmp({ width: 2, bitCount: 8, rows: [[0, 1]], palette: [RED, GREEN], bare: true });
    expect(pixelsOf(decodeBmp(bare))).toEqual([RED, GREEN]);

    // dibToBmp does not count the masks that follow the header: the pixel offset it writes points at them
    const fields = writeBmp({
      width: 2,
      bitCount: 32,
      compression: 3,
      masks: [0x00ff0000, 0x0000ff00, 0x000000ff],
      rows: [[rgb24(BLUE), rgb24(WHITE)]],
      bare: true,
    });
    expect(pixelsOf(decodeBmp(dibToBmp(fields)!))).toEqual([BLUE, WHITE]);
  });

  it('refuses, with the reason, a truncated bitmap, run-length compression and an empty or absurd size', () => {
    const whole = writeBmp({
      width: 4,
      bitCount: 24,
      rows: [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    });
    expect(() => decodeBmp(whole.subarray(0, whole.length - 8))).toThrow(/truncated/);
    expect(() => decodeBmp(writeBmp({ width: 1, bitCount: 8, compression: 1, rows: [[0]], palette: [RED] }))).toThrow(
      /run-length/,
    );
    expect(() => decodeBmp(writeBmp({ width: 0, bitCount: 24, rows: [[]] }))).toThrow(InvalidBmpError);
    const huge = writeBmp({ width: 1, bitCount: 24, rows: [[0]] });
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    expect(() => decodeBmp(huge)).toThrow(/too large/);
    expect(() => decodeBmp(Buffer.from('BM not a bitmap'))).toThrow(InvalidBmpError);
  });
});
