/**
 * Upright pages for OCR. Tesseract reads text the right way up only: a page scanned upside down or sideways comes out
 * as garbage. Its orientation detection (`--psm 0`, the `osd` model) says how far to turn the page; the turning is
 * done here on a binary PGM (the grey image pdftoppm renders a scanned page to), which needs no image library.
 */

/** a binary greyscale PNM (P5) with 8-bit samples: width, height and where the pixels start */
function pgmHeader(image: Buffer): { width: number; height: number; offset: number } | null {
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 64).toString('latin1'));
  if (!match || Number(match[3]) > 255) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const offset = match[0].length;
  return image.length >= offset + width * height ? { width, height, offset } : null;
}

export function isPgm(image: Buffer): boolean {
  return pgmHeader(image) !== null;
}

/** the PGM turned clockwise by 90, 180 or 270 degrees */
export function rotatePgm(image: Buffer, degrees: 90 | 180 | 270): Buffer {
  const header = pgmHeader(image);
  if (!header) throw new Error('not an 8-bit binary PGM');
  const { width, height, offset } = header;
  const source = image.subarray(offset, offset + width * height);
  const sideways = degrees !== 180;
  const [outWidth, outHeight] = sideways ? [height, width] : [width, height];
  const out = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const target =
        degrees === 180
          ? (height - 1 - y) * width + (width - 1 - x)
          : degrees === 90
            ? x * outWidth + (height - 1 - y)
            : (width - 1 - x) * outWidth + y;
      out[target] = source[row + x]!;
    }
  }
  return Buffer.concat([Buffer.from(`P5\n${outWidth} ${outHeight}\n255\n`, 'latin1'), out]);
}

/** below this confidence Tesseract's guess is no better than leaving the page as it is */
const MIN_ORIENTATION_CONFIDENCE = 1;

/** how far to turn the page clockwise, read from Tesseract's `--psm 0` report; 0 when unsure */
export function rotationFromOsd(report: string): 0 | 90 | 180 | 270 {
  const rotate = Number(/^Rotate:\s*(\d+)/m.exec(report)?.[1] ?? 0);
  const confidence = Number(/^Orientation confidence:\s*([\d.]+)/m.exec(report)?.[1] ?? 0);
  if (confidence < MIN_ORIENTATION_CONFIDENCE) return 0;
  return rotate === 90 || rotate === 180 || rotate === 270 ? rotate : 0;
}
