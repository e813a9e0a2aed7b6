import UPNG from '@pdf-lib/upng';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/integrations/extract/png.js';

describe('encodePng', () => {
  it('writes 1-bit greyscale rows that a PNG reader shows pixel for pixel', () => {
    // 10 pixels wide: two bytes per row, the last six bits padding
    const rows = [Buffer.from([0b10100000, 0b01000000]), Buffer.from([0b01011111, 0b10000000])];
    const png = encodePng({
      width: 10,
      height: 2,
      bitDepth: 1,
      colourType: 0,
      writeRow: (y, target, offset) => rows[y]!.copy(target, offset),
    });

    const decoded = UPNG.decode(new Uint8Array(png).buffer);
    expect(decoded).toMatchObject({ width: 10, height: 2, depth: 1, ctype: 0 });
    const grey = Array.from(new Uint8Array(UPNG.toRGBA8(decoded)[0]!)).filter((_, i) => i % 4 === 0);
    expect(grey.map((v) => (v === 255 ? 1 : 0))).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('writes RGBA rows and records the resolution so OCR reads text at its real size', () => {
    const pixels = Buffer.from([255, 0, 0, 255, 0, 0, 255, 128]);
    const png = encodePng({
      width: 2,
      height: 1,
      bitDepth: 8,
      colourType: 6,
      dpi: 300,
      writeRow: (_y, target, offset) => pixels.copy(target, offset),
    });

    const decoded = UPNG.decode(new Uint8Array(png).buffer);
    expect(decoded).toMatchObject({ width: 2, height: 1, ctype: 6 });
    expect(Array.from(new Uint8Array(decoded.data).subarray(0, 8))).toEqual([...pixels]);
    // pHYs: 300 dpi is 11,811 pixels per metre on both axes
    const at = png.indexOf('pHYs');
    expect(at).toBeGreaterThan(0);
    expect([png.readUInt32BE(at + 4), png.readUInt32BE(at + 8), png[at + 12]]).toEqual([11_811, 11_811, 1]);
  });
});
