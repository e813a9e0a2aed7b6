/**
 * A minimal PNG writer: one IHDR, an optional pHYs, one IDAT, IEND, rows unfiltered. Enough for what we hand on to
 * OCR and to PDF previews (pdf-lib embeds PNG, not BMP or raw pixels), and no image library to carry.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG colour types we write: 0 greyscale, 2 RGB, 6 RGBA */
export type PngColourType = 0 | 2 | 6;

export interface PngImage {
  width: number;
  height: number;
  /** 1 only with greyscale (1 is white, as in pdf.js's 1-bit images) */
  bitDepth: 1 | 8;
  colourType: PngColourType;
  /** writes the bytes of row y (top to bottom, no filter byte) into target from offset */
  writeRow(y: number, target: Buffer, offset: number): void;
  /** stored as pHYs when given (50 to 1200): Tesseract guesses 70 dpi without it and misjudges text size */
  dpi?: number;
  /** zlib level: lower is faster for images that are read once (OCR) */
  compressionLevel?: number;
}

const CHANNELS: Record<PngColourType, number> = { 0: 1, 2: 3, 6: 4 };

/** The bytes of one row, without its filter byte. */
function pngRowBytes(params: { width: number; bitDepth: 1 | 8; colourType: PngColourType }): number {
  return Math.ceil((params.width * params.bitDepth * CHANNELS[params.colourType]) / 8);
}

export function encodePng(image: PngImage): Buffer {
  const rowBytes = pngRowBytes(image);
  const raw = Buffer.alloc((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    // each row starts with its filter byte, 0 (none): deflate does well enough on plain rows
    image.writeRow(y, raw, y * (rowBytes + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = image.bitDepth;
  header[9] = image.colourType;
  const chunks = [pngChunk('IHDR', header)];
  if (image.dpi && image.dpi >= 50 && image.dpi <= 1200) {
    const physical = Buffer.alloc(9);
    const perMetre = Math.round(image.dpi / 0.0254);
    physical.writeUInt32BE(perMetre, 0);
    physical.writeUInt32BE(perMetre, 4);
    physical[8] = 1; // unit: metre
    chunks.push(pngChunk('pHYs', physical));
  }
  const compressed = deflateSync(raw, image.compressionLevel === undefined ? {} : { level: image.compressionLevel });
  chunks.push(pngChunk('IDAT', compressed), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([SIGNATURE, ...chunks]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write(type, 4, 'latin1');
  body.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.length)), 8 + body.length);
  return chunk;
}
