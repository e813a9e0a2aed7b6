/**
 * BMP (Windows DIB) to PNG, for previews: DWG thumbnails are stored as DIBs, and neither pdf-lib nor a browser embeds
 * BMP in a PDF. Reads what drawing programs and scanners write: 1, 4 and 8-bit palettes, 16-bit (5-5-5 or bit
 * fields), 24 and 32-bit, bottom-up and top-down, with the old 12-byte OS/2 header or any Windows header (40 to 124
 * bytes). Run-length compressed bitmaps (RLE4/RLE8) are refused with a reason.
 */
import { encodePng } from './png.js';

export class InvalidBmpError extends Error {
  override readonly name = 'InvalidBmpError';
}

export interface DecodedBitmap {
  width: number;
  height: number;
  /** 3: RGB; 4: RGBA, only when the bitmap carries real transparency */
  channels: 3 | 4;
  /** rows top to bottom, pixels left to right, no padding */
  pixels: Buffer;
}

/** previews do not need more; a larger header is far more likely a damaged file than a real 400-megapixel image */
const MAX_BMP_PIXELS = 16_000_000;

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
const FILE_HEADER_BYTES = 14;

interface ChannelMask {
  mask: number;
  shift: number;
  /** the largest value the channel can hold, to scale it to 0..255 */
  max: number;
}

function channelMask(mask: number): ChannelMask {
  const unsigned = mask >>> 0;
  if (unsigned === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((unsigned >>> shift) & 1) === 0) shift += 1;
  return { mask: unsigned, shift, max: unsigned >>> shift };
}

function readChannel(value: number, channel: ChannelMask): number {
  if (channel.max === 0) return 0;
  return Math.round((((value & channel.mask) >>> 0) >>> channel.shift) * (255 / channel.max));
}

/**
 * Decodes a .bmp file (starting with "BM") or a bare DIB (starting with its BITMAPINFOHEADER, as DWG stores it).
 * Throws InvalidBmpError, naming what is wrong, for anything it cannot show.
 */
export function decodeBmp(input: Uint8Array): DecodedBitmap {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const isFile = bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d;
  const dibStart = isFile ? FILE_HEADER_BYTES : 0;
  if (bytes.length < dibStart + 12) throw new InvalidBmpError('BMP is too short for its header');
  const headerSize = bytes.readUInt32LE(dibStart);
  const core = headerSize === 12;
  if (!core && (headerSize < 40 || headerSize > 124))
    throw new InvalidBmpError(`unknown BMP header (${headerSize} bytes)`);
  if (bytes.length < dibStart + headerSize) throw new InvalidBmpError('BMP is too short for its header');

  const width = core ? bytes.readUInt16LE(dibStart + 4) : bytes.readInt32LE(dibStart + 4);
  const rawHeight = core ? bytes.readInt16LE(dibStart + 6) : bytes.readInt32LE(dibStart + 8);
  const bitCount = bytes.readUInt16LE(dibStart + (core ? 10 : 14));
  const compression = core ? BI_RGB : bytes.readUInt32LE(dibStart + 16);
  const colorsUsed = core ? 0 : bytes.readUInt32LE(dibStart + 32);
  // a negative height means the rows are stored top-down
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new InvalidBmpError(`BMP has no pixels (${width} x ${rawHeight})`);
  if (width * height > MAX_BMP_PIXELS)
    throw new InvalidBmpError(`BMP is too large for a preview (${width} x ${height})`);
  if (compression === BI_RLE8 || compression === BI_RLE4)
    throw new InvalidBmpError('run-length compressed BMP is not supported');

  // Bit-field masks follow a 40-byte header, or sit inside the larger V2+ headers at the same place.
  const hasMasks = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  let masks: { red: ChannelMask; green: ChannelMask; blue: ChannelMask; alpha: ChannelMask } | undefined;
  let masksAfterHeader = 0;
  if (hasMasks) {
    if (bitCount !== 16 && bitCount !== 32) throw new InvalidBmpError(`bit fields with ${bitCount}-bit pixels`);
    const maskCount = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    if (headerSize === 40) masksAfterHeader = maskCount * 4;
    const at = dibStart + 40;
    if (bytes.length < at + maskCount * 4) throw new InvalidBmpError('BMP is too short for its colour masks');
    masks = {
      red: channelMask(bytes.readUInt32LE(at)),
      green: channelMask(bytes.readUInt32LE(at + 4)),
      blue: channelMask(bytes.readUInt32LE(at + 8)),
      alpha: channelMask(maskCount === 4 ? bytes.readUInt32LE(at + 12) : 0),
    };
  } else if (compression !== BI_RGB) {
    throw new InvalidBmpError(`BMP compression ${compression} is not supported`);
  }
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw new InvalidBmpError(`${bitCount}-bit BMP is not supported`);

  const paletteStart = dibStart + headerSize + masksAfterHeader;
  const entryBytes = core ? 3 : 4;
  const stride = Math.ceil((width * bitCount) / 32) * 4;
  // Some writers leave off the padding of the last row; anything shorter than that is a truncated file.
  const needed = stride * (height - 1) + Math.ceil((width * bitCount) / 8);
  // The file header's offset is what counts, but one that points into the header or masks cannot be right
  // (dibToBmp, for one, does not count bit-field masks); the layout then tells where the pixels start.
  const declaredOffset = isFile ? bytes.readUInt32LE(10) : 0;
  const declaredValid = isFile && declaredOffset >= paletteStart && declaredOffset + needed <= bytes.length;
  let paletteEntries = bitCount <= 8 ? (colorsUsed > 0 ? Math.min(colorsUsed, 1 << bitCount) : 1 << bitCount) : 0;
  // OS/2 writers (which cannot say how many colours they use) often store fewer than 2^n entries
  if (declaredValid)
    paletteEntries = Math.min(paletteEntries, Math.floor((declaredOffset - paletteStart) / entryBytes));
  const pixelOffset = declaredValid ? declaredOffset : paletteStart + paletteEntries * entryBytes;
  const palette: [number, number, number][] = [];
  for (let i = 0; i < paletteEntries; i += 1) {
    const at = paletteStart + i * entryBytes;
    if (at + 3 > bytes.length) break;
    palette.push([bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0]);
  }

  if (pixelOffset + needed > bytes.length) throw new InvalidBmpError('BMP pixel data is truncated');

  const alphaMask = masks?.alpha;
  const channels: 3 | 4 = alphaMask && alphaMask.max > 0 ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  const red = masks?.red ?? channelMask(bitCount === 16 ? 0x7c00 : 0xff0000);
  const green = masks?.green ?? channelMask(bitCount === 16 ? 0x03e0 : 0x00ff00);
  const blue = masks?.blue ?? channelMask(bitCount === 16 ? 0x001f : 0x0000ff);
  let anyVisible = false;

  for (let y = 0; y < height; y += 1) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    let out = y * width * channels;
    for (let x = 0; x < width; x += 1, out += channels) {
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (bitCount <= 8) {
        const bitPosition = x * bitCount;
        const byte = bytes[row + (bitPosition >> 3)] ?? 0;
        // pixels are packed from the most significant bit
        const index = (byte >> (8 - bitCount - (bitPosition & 7))) & ((1 << bitCount) - 1);
        // an index past a short palette is black
        [r, g, b] = palette[index] ?? [0, 0, 0];
      } else if (bitCount === 24) {
        const at = row + x * 3;
        b = bytes[at] ?? 0;
        g = bytes[at + 1] ?? 0;
        r = bytes[at + 2] ?? 0;
      } else {
        const value = bitCount === 16 ? bytes.readUInt16LE(row + x * 2) : bytes.readUInt32LE(row + x * 4);
        r = readChannel(value, red);
        g = readChannel(value, green);
        b = readChannel(value, blue);
        if (channels === 4 && alphaMask) a = readChannel(value, alphaMask);
      }
      pixels[out] = r;
      pixels[out + 1] = g;
      pixels[out + 2] = b;
      if (channels === 4) {
        pixels[out + 3] = a;
        if (a > 0) anyVisible = true;
      }
    }
  }
  // Many writers declare an alpha mask and leave it all zero; taken at its word the picture would be invisible.
  if (channels === 4 && !anyVisible) {
    const opaque = Buffer.alloc(width * height * 3);
    for (let i = 0, o = 0; i < pixels.length; i += 4, o += 3) pixels.copy(opaque, o, i, i + 3);
    return { width, height, channels: 3, pixels: opaque };
  }
  return { width, height, channels, pixels };
}

/** BMP file or bare DIB in, 8-bit RGB or RGBA PNG out; throws InvalidBmpError when the bitmap cannot be read. */
export function bmpToPng(bytes: Uint8Array): Buffer {
  const image = decodeBmp(bytes);
  const rowBytes = image.width * image.channels;
  return encodePng({
    width: image.width,
    height: image.height,
    bitDepth: 8,
    colourType: image.channels === 4 ? 6 : 2,
    writeRow: (y, target, offset) => image.pixels.copy(target, offset, y * rowBytes, (y + 1) * rowBytes),
  });
}
