import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import type { DetectedType, Extraction } from '../../domain/pipeline/extraction.types.js';
import { bmpToPng, InvalidBmpError } from './bmp.js';
import { tooManyPixels } from './image-dimensions.js';

const run = promisify(execFile);

const OFFICE_KINDS = new Set(['docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'odf', 'rtf']);
const A4_PORTRAIT = { width: 595.28, height: 841.89 };

export type PreviewResult = { made: true } | { made: false; note: string };

/** what imagesToPdf takes: PDF embeds PNG and JPEG; BMP (how DWG stores thumbnails) is turned into PNG first */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/bmp']);
/** what libvips turns into PNG pages first */
const RASTER = new Set(['image/tiff', 'image/gif', 'image/webp']);

/** one image per page, each scaled to fit A4 in the image's own orientation */
async function imagesToPdf(params: {
  images: { bytes: Uint8Array; mime: string }[];
  outputPath: string;
  maxPixels: number;
}): Promise<PreviewResult> {
  const pdf = await PDFDocument.create();
  for (const { bytes, mime } of params.images) {
    const tooLarge = tooManyPixels(bytes, params.maxPixels);
    if (tooLarge) return { made: false, note: tooLarge };
    let png: Uint8Array | undefined;
    if (mime === 'image/bmp') {
      try {
        png = bmpToPng(bytes);
      } catch (error) {
        if (error instanceof InvalidBmpError)
          return { made: false, note: `the BMP image cannot be shown: ${error.message}` };
        throw error;
      }
    } else if (mime === 'image/png') {
      png = bytes;
    }
    const image = png ? await pdf.embedPng(png) : await pdf.embedJpg(bytes);
    const landscape = image.width > image.height;
    const page = landscape ? { width: A4_PORTRAIT.height, height: A4_PORTRAIT.width } : A4_PORTRAIT;
    const scale = Math.min((page.width - 40) / image.width, (page.height - 40) / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    pdf.addPage([page.width, page.height]).drawImage(image, {
      x: (page.width - width) / 2,
      y: (page.height - height) / 2,
      width,
      height,
    });
  }
  await fs.writeFile(params.outputPath, await pdf.save());
  return { made: true };
}

async function jpegStoredTurned(bytes: Buffer): Promise<boolean> {
  const { storedTurned } = await import('./raster.js');
  // a JPEG libvips cannot read is embedded as it is, as before
  return storedTurned(bytes).catch(() => false);
}

/** a TIFF shows every page (up to this many); an animated GIF or WebP its first frame */
const MAX_PREVIEW_PAGES = 50;

/**
 * A raster image PDF cannot embed (TIFF, GIF, WebP), or a photo whose camera noted it is on its side, as PNG pages
 * through libvips.
 */
async function rasterToPdf(params: {
  path: string;
  mime: string;
  outputPath: string;
  maxPixels: number;
}): Promise<PreviewResult> {
  const { pngPage, rasterPageCount, UndecodableImageError } = await import('./raster.js');
  try {
    const count = params.mime === 'image/tiff' ? await rasterPageCount(params.path, params.maxPixels) : 1;
    const images: { bytes: Uint8Array; mime: string }[] = [];
    for (let index = 0; index < Math.min(count, MAX_PREVIEW_PAGES); index++) {
      images.push({ bytes: await pngPage(params.path, index, params.maxPixels), mime: 'image/png' });
    }
    return await imagesToPdf({ images, outputPath: params.outputPath, maxPixels: params.maxPixels });
  } catch (error) {
    if (error instanceof UndecodableImageError)
      return { made: false, note: `the image cannot be shown: ${error.message}` };
    throw error;
  }
}

/**
 * The settings a conversion runs with. An uploaded document may link content instead of holding it: an image at
 * `file:///` (LibreOffice 7.4 put a local image into the preview that its uploader then reads) or at an internal
 * `http://` address (fetched by the worker: a request into our network), a section or field that pulls in another
 * file, a macro. Linked content from anywhere but the document is blocked, links are never updated, macros never run.
 */
export const LOCKED_DOWN_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Field" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
</oor:items>
`;

/** the profile LibreOffice starts with (its first start keeps these settings and adds its own) */
async function writeLockedDownProfile(profile: string): Promise<void> {
  await fs.mkdir(path.join(profile, 'user'), { recursive: true });
  await fs.writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), LOCKED_DOWN_PROFILE);
}

let libreOfficeFound: Promise<string | null> | undefined;

async function findLibreOffice(configured: string | null): Promise<string | null> {
  if (configured) return configured;
  libreOfficeFound ??= (async () => {
    for (const candidate of ['soffice', 'libreoffice']) {
      try {
        await run(candidate, ['--version'], { timeout: 20_000 });
        return candidate;
      } catch {
        // try the next name
      }
    }
    return null;
  })();
  return libreOfficeFound;
}

/**
 * A PDF preview for a file that is not a PDF: images are wrapped, Office files converted with LibreOffice when it is
 * installed, drawings shown by their embedded thumbnail. Anything else has no preview (the note says why).
 */
export async function makePreview(params: {
  path: string;
  detected: DetectedType;
  extraction: Extraction | null;
  outputPath: string;
  libreOfficePath: string | null;
  /** images with more pixels are not wrapped (default 100 million) */
  maxImagePixels?: number;
  /** kills a running conversion */
  signal?: AbortSignal;
}): Promise<PreviewResult> {
  const { detected } = params;
  const maxPixels = params.maxImagePixels ?? 100_000_000;
  params.signal?.throwIfAborted();
  if (detected.kind === 'image') {
    const bytes = await fs.readFile(params.path);
    if (RASTER.has(detected.mime) || (detected.mime === 'image/jpeg' && (await jpegStoredTurned(bytes)))) {
      const tooLarge = tooManyPixels(bytes, maxPixels);
      if (tooLarge) return { made: false, note: tooLarge };
      return rasterToPdf({ path: params.path, mime: detected.mime, outputPath: params.outputPath, maxPixels });
    }
    if (!EMBEDDABLE.has(detected.mime)) return { made: false, note: `no preview for ${detected.mime}` };
    return imagesToPdf({ images: [{ bytes, mime: detected.mime }], outputPath: params.outputPath, maxPixels });
  }
  if (detected.kind === 'dwg') {
    const preview = params.extraction?.previewImage;
    // WMF thumbnails (old drawings) would need a vector renderer
    if (!preview || !EMBEDDABLE.has(preview.mime)) {
      return { made: false, note: 'the drawing has no embedded preview image we can show' };
    }
    return imagesToPdf({
      images: [{ bytes: preview.data, mime: preview.mime }],
      outputPath: params.outputPath,
      maxPixels,
    });
  }
  if (OFFICE_KINDS.has(detected.kind)) {
    const soffice = await findLibreOffice(params.libreOfficePath);
    if (!soffice) return { made: false, note: 'LibreOffice is not installed' };
    const outDir = path.dirname(params.outputPath);
    const source = path.join(outDir, `preview-source.${detected.extension || detected.kind}`);
    await fs.copyFile(params.path, source);
    // a private profile folder: two conversions at once would otherwise fight over the user profile
    const profile = path.join(outDir, 'lo-profile');
    await writeLockedDownProfile(profile);
    await run(
      soffice,
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, source],
      { timeout: 180_000, ...(params.signal ? { signal: params.signal } : {}) },
    );
    await fs.rename(path.join(outDir, 'preview-source.pdf'), params.outputPath);
    return { made: true };
  }
  return { made: false, note: `no preview for ${detected.kind} files` };
}
