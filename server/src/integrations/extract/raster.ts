/**
 * Raster images through libvips (sharp): every page of a multi-page TIFF, photos turned the way their camera says
 * (EXIF orientation), and the formats PDF cannot embed (TIFF, GIF, WebP, AVIF) as PNG. Loaded on first use, so a
 * service start never pays for it.
 */
import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: string | Buffer, options?: SharpOptions) => Sharp;

let loaded: Promise<SharpFactory> | undefined;

async function sharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: factory }) => {
    // one image at a time per process, nothing kept between files: the sandbox's memory watch stays meaningful
    factory.cache(false);
    factory.concurrency(1);
    return factory;
  });
  return loaded;
}

/** the pages of a TIFF (or frames of a GIF or WebP) read, at most; the rest are named in a warning */
export const MAX_RASTER_PAGES = 200;

/** An image libvips cannot decode: its message, for the document's reason. */
export class UndecodableImageError extends Error {
  override readonly name = 'UndecodableImageError';
}

async function decode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UndecodableImageError(message.split('\n')[0] ?? message, { cause: error });
  }
}

/** how many pages (TIFF) or frames (GIF, WebP) the image has; 1 for everything else */
export async function rasterPageCount(source: string | Buffer, maxPixels: number): Promise<number> {
  const factory = await sharp();
  const metadata = await decode(() => factory(source, { limitInputPixels: maxPixels }).metadata());
  return Math.max(1, metadata.pages ?? 1);
}

function page(factory: SharpFactory, source: string | Buffer, pageIndex: number, maxPixels: number): Sharp {
  // `autoOrient`: a phone photo taken sideways is stored sideways with an EXIF note saying so
  return factory(source, { page: pageIndex, pages: 1, limitInputPixels: maxPixels, autoOrient: true });
}

/**
 * One page as an 8-bit binary PGM, the grey image OCR reads best and the orientation detection can turn without an
 * image library.
 */
export async function greyPage(source: string | Buffer, pageIndex: number, maxPixels: number): Promise<Buffer> {
  const factory = await sharp();
  const { data, info } = await decode(() =>
    page(factory, source, pageIndex, maxPixels)
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w')
      // exactly one 8-bit channel, as the PGM header says
      .extractChannel(0)
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'latin1'), data]);
}

/** One page as PNG, for a preview. */
export async function pngPage(source: string | Buffer, pageIndex: number, maxPixels: number): Promise<Buffer> {
  const factory = await sharp();
  return decode(() => page(factory, source, pageIndex, maxPixels).png().toBuffer());
}

/** whether the image's EXIF note says its pixels are stored turned or mirrored (a phone photo taken sideways) */
export async function storedTurned(source: string | Buffer): Promise<boolean> {
  const factory = await sharp();
  const { orientation } = await decode(() => factory(source).metadata());
  return orientation !== undefined && orientation > 1;
}
