import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { DetectedType } from '../../../src/domain/pipeline/extraction.types.js';
import { extractDwgPreview } from '../../../src/integrations/extract/dwg.extractor.js';
import { makePreview } from '../../../src/integrations/extract/preview.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-preview-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const SENTINEL = Buffer.from('1F256D07D43628289D57CA3F9D44102B', 'hex');
const PALETTE: [number, number, number][] = [
  [255, 255, 255],
  [200, 30, 30],
  [20, 20, 160],
];
/** a 4 x 2 drawing thumbnail, top row first: palette indices */
const THUMBNAIL = [
  [0, 1, 1, 0],
  [2, 2, 0, 1],
];

/** An 8-bit DIB as AutoCAD writes thumbnails: BITMAPINFOHEADER, a 256-entry palette, rows bottom-up. */
function thumbnailDib(): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(4, 4);
  header.writeInt32LE(2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(8, 14);
  const palette = Buffer.alloc(256 * 4);
  PALETTE.forEach(([r, g, b], i) => palette.set([b, g, r, 0], i * 4));
  const pixels = Buffer.from([...THUMBNAIL].reverse().flat());
  return Buffer.concat([header, palette, pixels]);
}

/** "AC1015", the image seeker at 0x0D, the preview section (sentinel, size, count, type/start/size), the image. */
function dwgWithThumbnail(image: { type: number; data: Buffer }): Buffer {
  const header = Buffer.alloc(0x80);
  header.write('AC1015', 0, 'latin1');
  header.writeUInt32LE(0x80, 0x0d);
  const directory = Buffer.alloc(16 + 4 + 1 + 9);
  SENTINEL.copy(directory, 0);
  directory.writeUInt32LE(directory.length + image.data.length, 16);
  directory.writeUInt8(1, 20);
  directory.writeUInt8(image.type, 21);
  directory.writeUInt32LE(0x80 + directory.length, 22);
  directory.writeUInt32LE(image.data.length, 26);
  return Buffer.concat([header, directory, image.data, Buffer.alloc(256)]);
}

const dwgType: DetectedType = { kind: 'dwg', mime: 'image/vnd.dwg', extension: 'dwg', extensionMismatch: false };

/** the preview's page (the first unless told) and the RGB pixels of the image on it */
async function readPreview(pdfPath: string, pageIndex = 0) {
  const pdf = await PDFDocument.load(await readFile(pdfPath));
  const page = pdf.getPages()[pageIndex];
  const xObjects = page!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const image = pdf.context.lookup(xObjects.values()[0]);
  if (!(image instanceof PDFRawStream)) throw new Error('the preview page shows no image');
  const number = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
  return {
    pageCount: pdf.getPageCount(),
    landscape: page!.getWidth() > page!.getHeight(),
    width: number('Width'),
    height: number('Height'),
    rgb: [...inflateSync(image.contents)],
  };
}

describe('makePreview', () => {
  it("shows a drawing's BMP thumbnail from the DWG header as a one-page PDF with the thumbnail's pixels", async () => {
    const previewImage = extractDwgPreview(dwgWithThumbnail({ type: 2, data: thumbnailDib() }));
    expect(previewImage?.mime).toBe('image/bmp');
    const outputPath = path.join(workDir, 'preview.pdf');

    const result = await makePreview({
      path: path.join(workDir, 'drawing.dwg'),
      detected: dwgType,
      extraction: { pages: [], metadata: {}, ...(previewImage ? { previewImage } : {}) },
      outputPath,
      libreOfficePath: null,
    });

    expect(result).toEqual({ made: true });
    const preview = await readPreview(outputPath);
    expect(preview).toMatchObject({ pageCount: 1, landscape: true, width: 4, height: 2 });
    expect(preview.rgb).toEqual(THUMBNAIL.flat().flatMap((index) => PALETTE[index]));
  });

  it('says why there is no preview when the BMP thumbnail is damaged, without failing', async () => {
    const damaged = thumbnailDib().subarray(0, 40 + 256 * 4 + 3);
    const previewImage = extractDwgPreview(dwgWithThumbnail({ type: 2, data: damaged }));

    const result = await makePreview({
      path: path.join(workDir, 'drawing.dwg'),
      detected: dwgType,
      extraction: { pages: [], metadata: {}, ...(previewImage ? { previewImage } : {}) },
      outputPath: path.join(workDir, 'preview.pdf'),
      libreOfficePath: null,
    });

    expect(result).toEqual({ made: false, note: expect.stringMatching(/BMP image cannot be shown: .*truncated/) });
  });

  it('wraps an uploaded .bmp image into a PDF preview', async () => {
    const dib = thumbnailDib();
    const file = Buffer.alloc(14);
    file.write('BM', 0, 'latin1');
    file.writeUInt32LE(14 + dib.length, 2);
    file.writeUInt32LE(14 + 40 + 256 * 4, 10);
    const bmpPath = path.join(workDir, 'photo.bmp');
    await writeFile(bmpPath, Buffer.concat([file, dib]));
    const outputPath = path.join(workDir, 'preview.pdf');

    const result = await makePreview({
      path: bmpPath,
      detected: { kind: 'image', mime: 'image/bmp', extension: 'bmp', extensionMismatch: false },
      extraction: null,
      outputPath,
      libreOfficePath: null,
    });

    expect(result).toEqual({ made: true });
    expect((await readPreview(outputPath)).rgb).toEqual(THUMBNAIL.flat().flatMap((index) => PALETTE[index]));
  });
});

describe('a conversion stopped by its job', () => {
  it.skipIf(process.platform === 'win32')('kills the LibreOffice process when the signal aborts', async () => {
    // a stand-in for soffice that records its process id and then hangs, as a conversion stuck on a hostile file does
    const pidFile = path.join(workDir, 'soffice.pid');
    const fakeSoffice = path.join(workDir, 'soffice');
    await writeFile(fakeSoffice, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 60\n`, { mode: 0o755 });
    const source = path.join(workDir, 'report.docx');
    await writeFile(source, 'not really a document');
    const controller = new AbortController();

    const preview = makePreview({
      path: source,
      detected: {
        kind: 'docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
        extensionMismatch: false,
      },
      extraction: null,
      outputPath: path.join(workDir, 'preview.pdf'),
      libreOfficePath: fakeSoffice,
      signal: controller.signal,
    });
    const pid = await until(async () => Number(await readFile(pidFile, 'utf8').catch(() => '')) || undefined);
    controller.abort(new Error('job expired'));

    await expect(preview).rejects.toThrow();
    await until(async () => (isRunning(pid) ? undefined : true));
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('makePreview of images PDF cannot embed as they are', () => {
  const image = (mime: string, extension: string): DetectedType => ({
    kind: 'image',
    mime,
    extension,
    extensionMismatch: false,
  });
  const solid = (r: number, g: number, b: number) =>
    sharp({ create: { width: 3, height: 2, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();

  it('shows every page of a multi-page TIFF scan, one PDF page each, with its pixels', async () => {
    const tiffPath = path.join(workDir, 'skann.tif');
    await sharp([await solid(200, 30, 30), await solid(20, 20, 160), await solid(255, 255, 255)], {
      join: { animated: true },
    })
      .tiff({ compression: 'lzw' })
      .toFile(tiffPath);
    const outputPath = path.join(workDir, 'preview.pdf');

    const result = await makePreview({
      path: tiffPath,
      detected: image('image/tiff', 'tif'),
      extraction: null,
      outputPath,
      libreOfficePath: null,
    });

    expect(result).toEqual({ made: true });
    const pages = await Promise.all([0, 1, 2].map((index) => readPreview(outputPath, index)));
    expect(pages[0]).toMatchObject({ pageCount: 3, landscape: true, width: 3, height: 2 });
    expect(pages.map((page) => page.rgb.slice(0, 3))).toEqual([
      [200, 30, 30],
      [20, 20, 160],
      [255, 255, 255],
    ]);
  });

  it('shows a phone photo upright when its EXIF note says it is stored sideways', async () => {
    const photoPath = path.join(workDir, 'telefon.jpg');
    // stored 3 wide and 2 high; orientation 6 says "turn 90 degrees clockwise to show"
    await sharp(await solid(20, 20, 160))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(photoPath);
    const outputPath = path.join(workDir, 'preview.pdf');

    await makePreview({
      path: photoPath,
      detected: image('image/jpeg', 'jpg'),
      extraction: null,
      outputPath,
      libreOfficePath: null,
    });

    expect(await readPreview(outputPath)).toMatchObject({ landscape: false, width: 2, height: 3 });
  });

  it('says why there is no preview for a damaged TIFF, without failing', async () => {
    const tiffPath = path.join(workDir, 'skadet.tif');
    const whole = await sharp(await solid(1, 2, 3))
      .tiff()
      .toBuffer();
    await writeFile(tiffPath, whole.subarray(0, 12));

    const result = await makePreview({
      path: tiffPath,
      detected: image('image/tiff', 'tif'),
      extraction: null,
      outputPath: path.join(workDir, 'preview.pdf'),
      libreOfficePath: null,
    });

    expect(result).toEqual({ made: false, note: expect.stringMatching(/^the image cannot be shown: /) });
  });
});

/** an ODF text document whose images are links, not parts of it: a local file and an internal web address */
async function odtLinking(targets: { file: string; url: string }): Promise<Buffer> {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2"><office:body><office:text>
<text:p>Serviceavtale<draw:frame draw:name="a" svg:width="2cm" svg:height="2cm" text:anchor-type="as-char"><draw:image xlink:href="${targets.file}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>
<text:p>Ventilasjon<draw:frame draw:name="b" svg:width="2cm" svg:height="2cm" text:anchor-type="as-char"><draw:image xlink:href="${targets.url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>
</office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>`;
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.text'), 'mimetype', { compress: false });
  zip.addBuffer(Buffer.from(content), 'content.xml');
  zip.addBuffer(Buffer.from(manifest), 'META-INF/manifest.xml');
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const ODT: DetectedType = {
  kind: 'odf',
  mime: 'application/vnd.oasis.opendocument.text',
  extension: 'odt',
  extensionMismatch: false,
};

const sofficeInstalled = spawnSync('soffice', ['--version'], { timeout: 30_000 }).status === 0;

describe('an Office conversion with content linked from outside the document', () => {
  it('starts LibreOffice with a profile that blocks linked content, never updates links and runs no macro', async () => {
    // a stand-in for soffice that keeps the profile it was started with and writes a PDF
    const recorded = path.join(workDir, 'profile.xcu');
    const fakeSoffice = path.join(workDir, 'soffice');
    await writeFile(
      fakeSoffice,
      `#!/bin/sh\nprofile="\${1#-env:UserInstallation=file://}"\ncp "$profile/user/registrymodifications.xcu" '${recorded}'\nprintf '%%PDF-1.4' > "$6/preview-source.pdf"\n`,
      { mode: 0o755 },
    );
    const source = path.join(workDir, 'linked.odt');
    await writeFile(source, await odtLinking({ file: 'file:///etc/hostname', url: 'http://127.0.0.1:1/x.png' }));
    const made = await makePreview({
      path: source,
      detected: ODT,
      extraction: null,
      outputPath: path.join(workDir, 'preview.pdf'),
      libreOfficePath: fakeSoffice,
    });
    expect(made).toEqual({ made: true });
    const profile = await readFile(recorded, 'utf8');
    const setting = (name: string) => new RegExp(`oor:name="${name}" oor:op="fuse"><value>([^<]*)<`).exec(profile)?.[1];
    expect(setting('BlockUntrustedRefererLinks')).toBe('true');
    expect(setting('MacroSecurityLevel')).toBe('3');
    expect(setting('DisableMacrosExecution')).toBe('true');
  });

  it.skipIf(!sofficeInstalled)(
    'puts no local image into the preview and asks no internal address for one (real LibreOffice)',
    async () => {
      const asked: string[] = [];
      const server = http.createServer((request, response) => {
        asked.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const image = path.join(workDir, 'server-side.png');
        await writeFile(
          image,
          await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 255, g: 0, b: 0 } } })
            .png()
            .toBuffer(),
        );
        const source = path.join(workDir, 'linked.odt');
        await writeFile(
          source,
          await odtLinking({ file: `file://${image}`, url: `http://127.0.0.1:${port}/intern.png` }),
        );
        const outputPath = path.join(workDir, 'preview.pdf');
        const made = await makePreview({
          path: source,
          detected: ODT,
          extraction: null,
          outputPath,
          libreOfficePath: null,
        });
        expect(made).toEqual({ made: true });
        const pdf = await PDFDocument.load(await readFile(outputPath));
        const images = pdf.context
          .enumerateIndirectObjects()
          .filter(
            ([, object]) =>
              object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
          );
        expect(images).toEqual([]);
        expect(asked).toEqual([]);
      } finally {
        server.close();
      }
    },
    120_000,
  );
});
