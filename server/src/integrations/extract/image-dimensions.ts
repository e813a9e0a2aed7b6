/**
 * Width and height of an image read from its header, before anything decodes it: a few hundred bytes can declare an
 * image of billions of pixels, and decoders allocate for what is declared. Null when the format is not one read here
 * or the header is damaged (the decoder then decides).
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47)
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 26 && b.toString('latin1', 0, 2) === 'BM') {
    const core = b.readUInt32LE(14) === 12;
    const width = core ? b.readUInt16LE(18) : b.readInt32LE(18);
    const height = core ? b.readUInt16LE(20) : Math.abs(b.readInt32LE(22));
    return { width, height };
  }
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegDimensions(b);
  const directory = tiffDirectoryOffset(b);
  if (directory !== null) return tiffDimensions(b, directory);
  return null;
}

/**
 * Where a (classic, not Big-) TIFF's first image directory starts, or null when the bytes are not a TIFF. Writers
 * such as libtiff put it after the pixel data, so it may lie beyond a header read from the start of the file.
 */
export function tiffDirectoryOffset(bytes: Uint8Array): number | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 8) return null;
  const order = b.toString('latin1', 0, 2);
  if (order === 'II' && b.readUInt16LE(2) === 42) return b.readUInt32LE(4);
  if (order === 'MM' && b.readUInt16BE(2) === 42) return b.readUInt32BE(4);
  return null;
}

const TIFF_IMAGE_WIDTH = 256;
const TIFF_IMAGE_LENGTH = 257;
const TIFF_SHORT = 3;
const TIFF_LONG = 4;

/** ImageWidth and ImageLength from the first directory (both SHORT or LONG values stored in the entry itself) */
function tiffDimensions(b: Buffer, directory: number): { width: number; height: number } | null {
  const little = b.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number): number => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number): number => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  if (directory + 2 > b.length) return null;
  const entries = u16(directory);
  let width: number | null = null;
  let height: number | null = null;
  for (let i = 0; i < entries; i++) {
    const entry = directory + 2 + i * 12;
    if (entry + 12 > b.length) break;
    const tag = u16(entry);
    if (tag !== TIFF_IMAGE_WIDTH && tag !== TIFF_IMAGE_LENGTH) continue;
    const type = u16(entry + 2);
    const value = type === TIFF_SHORT ? u16(entry + 8) : type === TIFF_LONG ? u32(entry + 8) : null;
    if (tag === TIFF_IMAGE_WIDTH) width = value;
    else height = value;
  }
  return width !== null && height !== null ? { width, height } : null;
}

function jpegDimensions(b: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // start-of-frame markers (baseline, progressive, lossless ...), not DHT/JPG/DAC
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    }
    offset += 2 + b.readUInt16BE(offset + 2);
  }
  return null;
}

/** the reason an image is not decoded, or null when it may be */
export function tooManyPixels(bytes: Uint8Array, maxPixels: number): string | null {
  const size = imageDimensions(bytes);
  if (!size || size.width * size.height <= maxPixels) return null;
  return `the image is too large to decode (${size.width} x ${size.height} pixels, the limit is ${maxPixels})`;
}
