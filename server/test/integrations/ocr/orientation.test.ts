import { describe, expect, it } from 'vitest';
import { isPgm, rotatePgm, rotationFromOsd } from '../../../src/integrations/ocr/orientation.js';

/** a PGM whose pixels are their own numbers, row by row */
function pgm(width: number, height: number): Buffer {
  const pixels = Buffer.from(Array.from({ length: width * height }, (_, i) => i + 1));
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), pixels]);
}
const pixelsOf = (image: Buffer) => [...image.subarray(image.length - 6)];

describe('turning a page upright for OCR', () => {
  it('turns a grey page clockwise by a quarter, a half and three quarters', () => {
    // 1 2 3
    // 4 5 6
    const page = pgm(3, 2);
    expect(isPgm(page)).toBe(true);
    expect(rotatePgm(page, 90).subarray(0, 11).toString()).toBe('P5\n2 3\n255\n');
    expect(pixelsOf(rotatePgm(page, 90))).toEqual([4, 1, 5, 2, 6, 3]);
    expect(pixelsOf(rotatePgm(page, 180))).toEqual([6, 5, 4, 3, 2, 1]);
    expect(pixelsOf(rotatePgm(page, 270))).toEqual([3, 6, 2, 5, 1, 4]);
    expect(rotatePgm(rotatePgm(page, 90), 270)).toEqual(page);
  });

  it("reads Tesseract's orientation report, and leaves a page alone when it is unsure", () => {
    const report = (rotate: number, confidence: number) =>
      `Page number: 0\nOrientation in degrees: ${(360 - rotate) % 360}\nRotate: ${rotate}\nOrientation confidence: ${confidence}\nScript: Latin\n`;
    expect(rotationFromOsd(report(180, 2.45))).toBe(180);
    expect(rotationFromOsd(report(90, 2.37))).toBe(90);
    expect(rotationFromOsd(report(180, 0.4))).toBe(0);
    expect(rotationFromOsd('')).toBe(0);
    expect(isPgm(Buffer.from('\x89PNG\r\n'))).toBe(false);
  });
});
