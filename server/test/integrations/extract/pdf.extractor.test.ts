import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { degrees, PageSizes, PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CorruptFileError,
  EncryptedFileError,
  type Extraction,
} from '../../../src/domain/pipeline/extraction.types.js';
import { encodeImageAsPng, extractPdf, popplerAvailable } from '../../../src/integrations/extract/pdf.extractor.js';
import { isPgm, rotatePgm } from '../../../src/integrations/ocr/orientation.js';
import { createOcr, listTesseractCliLanguages, type Ocr } from '../../../src/integrations/ocr/index.js';

const FIXTURES = path.join(import.meta.dirname, '../../fixtures');
const hasPoppler = await popplerAvailable();
const hasTesseractCli = (await listTesseractCliLanguages()).includes('nor');

const PAGE_TEXTS = [
  'Første side: bærende konstruksjon i tre',
  'Andre side: våtrom og dører på badet',
  'Tredje side: ærlig økonomi på årsbasis',
];

let dir: string;
const files: Record<string, string> = {};

async function save(name: string, bytes: Uint8Array): Promise<string> {
  const filePath = path.join(dir, name);
  await writeFile(filePath, bytes);
  files[name] = filePath;
  return filePath;
}

/** Three pages of Norwegian text (A4, A4, A1) with metadata, as a report from a Norwegian surveyor might be. */
async function norwegianReport(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Tilstandsrapport Storgata 5');
  doc.setAuthor('Åse Ødegård');
  doc.setSubject('Boligsalg');
  doc.setKeywords(['tilstand', 'våtrom']);
  doc.setCreationDate(new Date('2021-03-04T05:06:07Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  PAGE_TEXTS.forEach((text, index) => {
    const page = doc.addPage(index === 2 ? PageSizes.A1 : PageSizes.A4);
    page.drawText(text, { x: 50, y: page.getHeight() - 100, size: 14, font });
  });
  return doc.save();
}

async function withEmptyMiddlePage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage(PageSizes.A4).drawText('Forside', { x: 50, y: 700, size: 14, font });
  doc.addPage(PageSizes.A4);
  doc.addPage(PageSizes.A4).drawText('Vedlegg', { x: 50, y: 700, size: 14, font });
  // a landscape drawing stored as a rotated portrait page
  doc.addPage(PageSizes.A3).setRotation(degrees(90));
  return doc.save();
}

/** Page 1 text, page 2 a scan (PNG), page 3 a scan (JPEG), page 4 only a small logo. */
async function scannedReport(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(await readFile(path.join(FIXTURES, 'ocr-norwegian.png')));
  const jpg = await doc.embedJpg(await readFile(path.join(FIXTURES, 'ocr-norwegian.jpg')));
  const logoPixels = new Uint8Array(40 * 40 * 3).fill(90);
  const logo = await doc.embedPng(encodeImageAsPng({ width: 40, height: 40, kind: 2, data: logoPixels })!);
  doc
    .addPage(PageSizes.A4)
    .drawText('Innledning med vanlig tekst som ikke trenger OCR.', { x: 50, y: 700, size: 12, font });
  doc.addPage(PageSizes.A4).drawImage(png, { x: 0, y: 500, width: 595, height: 193 });
  doc.addPage(PageSizes.A4).drawImage(jpg, { x: 0, y: 500, width: 595, height: 193 });
  doc.addPage(PageSizes.A4).drawImage(logo, { x: 20, y: 780, width: 40, height: 40 });
  return doc.save();
}

/** Encrypted with an unknown user password (random O and U entries): no reader can open it without one. */
async function passwordProtected(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Hemmelig', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const hex = (bytes: number): PDFHexString => PDFHexString.of(randomBytes(bytes).toString('hex'));
  const encrypt = doc.context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44, O: hex(32), U: hex(32) });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  const id = hex(16);
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  return doc.save({ useObjectStreams: false });
}

function recordingOcr(answer: string): { ocr: Ocr; images: Buffer[] } {
  const images: Buffer[] = [];
  return {
    images,
    ocr: {
      provider: 'fake',
      async recognize(image) {
        images.push(Buffer.isBuffer(image) ? image : await readFile(image));
        return answer;
      },
      async close() {},
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'byggdok-pdf-'));
  const report = await norwegianReport();
  await save('rapport.pdf', report);
  await save('tom-side.pdf', await withEmptyMiddlePage());
  await save('skannet.pdf', await scannedReport());
  await save('passord.pdf', await passwordProtected());
  await save('avkuttet.pdf', report.subarray(0, Math.floor(report.length / 2)));
  await save('tilfeldig.pdf', randomBytes(20_000));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function extract(
  name: string,
  options: Parameters<typeof extractPdf>[1] & { signal?: AbortSignal },
): Promise<Extraction> {
  const { signal, ...rest } = options;
  return extractPdf(
    {
      path: files[name]!,
      filename: name,
      detected: { kind: 'pdf', mime: 'application/pdf', extension: 'pdf', extensionMismatch: false },
      signal,
    },
    rest,
  );
}

describe.each([
  { engine: 'pdftotext', preferCli: true, available: hasPoppler, realOcr: hasPoppler && hasTesseractCli },
  { engine: 'pdf.js', preferCli: false, available: true, realOcr: true },
])('extractPdf through $engine', ({ preferCli, available, realOcr }) => {
  it.skipIf(!available)('puts the Norwegian text of each page on its own page number', async () => {
    const result = await extract('rapport.pdf', { preferCli });

    expect(result.pages.map((page) => [page.pageNumber, page.text])).toEqual([
      [1, PAGE_TEXTS[0]],
      [2, PAGE_TEXTS[1]],
      [3, PAGE_TEXTS[2]],
    ]);
    expect(result.pages.some((page) => page.ocr)).toBe(false);
  });

  it.skipIf(!available)('tells an A1 drawing sheet from A4 pages, in millimetres', async () => {
    const result = await extract('rapport.pdf', { preferCli });

    expect(result.pages.map((page) => [page.widthMm, page.heightMm])).toEqual([
      [210, 297],
      [210, 297],
      [594, 841],
    ]);
  });

  it.skipIf(!available)(
    'keeps page numbers exact across an empty page, and shows rotated pages as displayed',
    async () => {
      const result = await extract('tom-side.pdf', { preferCli });

      expect(result.pages.map((page) => [page.pageNumber, page.text])).toEqual([
        [1, 'Forside'],
        [2, ''],
        [3, 'Vedlegg'],
        [4, ''],
      ]);
      expect(result.pages[3]).toMatchObject({ widthMm: 420, heightMm: 297 });
    },
  );

  it.skipIf(!available)('reads title, author, subject, keywords, producer and creation date', async () => {
    const result = await extract('rapport.pdf', { preferCli });

    expect(result.title).toBe('Tilstandsrapport Storgata 5');
    expect(result.metadata).toEqual({
      author: 'Åse Ødegård',
      subject: 'Boligsalg',
      keywords: 'tilstand våtrom',
      producer: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
      createdAt: '2021-03-04T05:06:07.000Z',
    });
  });

  it.skipIf(!available)('marks a truncated PDF as corrupt', async () => {
    await expect(extract('avkuttet.pdf', { preferCli })).rejects.toBeInstanceOf(CorruptFileError);
  });

  it.skipIf(!available)('marks random bytes named .pdf as corrupt', async () => {
    await expect(extract('tilfeldig.pdf', { preferCli })).rejects.toBeInstanceOf(CorruptFileError);
  });

  it.skipIf(!available)('says a password-protected PDF cannot be read without the password', async () => {
    const failure = extract('passord.pdf', { preferCli });
    await expect(failure).rejects.toBeInstanceOf(EncryptedFileError);
    await expect(failure).rejects.toThrow(/password/);
  });

  it.skipIf(!available)('sends only scanned pages to OCR and marks them', async () => {
    const { ocr, images } = recordingOcr('Fuktmåling i kjeller: 24 %');
    const result = await extract('skannet.pdf', { preferCli, ocr });

    expect(result.pages.map((page) => [page.pageNumber, page.text, page.ocr ?? false])).toEqual([
      [1, 'Innledning med vanlig tekst som ikke trenger OCR.', false],
      [2, 'Fuktmåling i kjeller: 24 %', true],
      [3, 'Fuktmåling i kjeller: 24 %', true],
      [4, '', false],
    ]);
    expect(images).toHaveLength(2);
  });

  it.skipIf(!available)('keeps the other pages when OCR of one scan fails, and says which page', async () => {
    let calls = 0;
    const ocr: Ocr = {
      provider: 'fake',
      async recognize() {
        calls += 1;
        if (calls === 1) throw new Error('tesseract exited with code 1');
        return 'Befaring av våtrom';
      },
      async close() {},
    };
    const warnings: number[] = [];
    const result = await extract('skannet.pdf', {
      preferCli,
      ocr,
      onWarning: (warning) => warnings.push(warning.pageNumber),
    });

    expect(result.pages.map((page) => page.text)).toEqual([
      'Innledning med vanlig tekst som ikke trenger OCR.',
      '',
      'Befaring av våtrom',
      '',
    ]);
    expect(warnings).toEqual([2]);
  });

  it.skipIf(!available)('leaves scanned pages empty when no OCR is configured', async () => {
    const result = await extract('skannet.pdf', { preferCli });

    expect(result.pages.map((page) => page.text)).toEqual([
      'Innledning med vanlig tekst som ikke trenger OCR.',
      '',
      '',
      '',
    ]);
  });

  it.skipIf(!realOcr)('reads the words on a scanned page', async () => {
    const ocr = await createOcr({ provider: preferCli ? 'cli' : 'js' });
    try {
      const result = await extract('skannet.pdf', { preferCli, ocr });
      for (const page of result.pages.slice(1, 3)) {
        expect(page.ocr).toBe(true);
        expect(page.text).toMatch(/Fuktskade i kjeller/);
        expect(page.text).toMatch(/Befaring av våtrom 2019/);
      }
      expect(result.title).toBe('Innledning med vanlig tekst som ikke trenger OCR.');
    } finally {
      await ocr.close();
    }
  });

  // a scanner that fed the sheet upside down or sideways: the image itself is turned, as Tesseract would see it
  it.skipIf(!(hasPoppler && hasTesseractCli))(
    'turns an upside-down or sideways scan upright before reading it',
    async () => {
      const rendered = execFileSync('pdftoppm', [
        '-r',
        '100',
        '-gray',
        '-f',
        '2',
        '-l',
        '2',
        '-singlefile',
        files['skannet.pdf']!,
      ]);
      const ocr = await createOcr({ provider: 'cli' });
      try {
        // every turn through pdftotext's renderer; one through pdf.js's (the turning is the OCR's, the same for both)
        for (const degrees of preferCli ? ([180, 90, 270] as const) : ([90] as const)) {
          const turned = rotatePgm(rendered, degrees);
          const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/
            .exec(turned.subarray(0, 40).toString('latin1'))!
            .map(Number);
          const grey = turned.subarray(turned.length - width! * height!);
          const rgb = new Uint8Array(grey.length * 3).map((_, i) => grey[Math.floor(i / 3)]!);
          const doc = await PDFDocument.create();
          const image = await doc.embedPng(encodeImageAsPng({ width: width!, height: height!, kind: 2, data: rgb })!);
          doc.addPage([width!, height!]).drawImage(image, { x: 0, y: 0, width: width!, height: height! });
          await save(`skannet-${degrees}.pdf`, await doc.save());
          const result = await extract(`skannet-${degrees}.pdf`, { preferCli, ocr });
          expect(result.pages[0]!.text, `turned ${degrees} degrees`).toMatch(
            /Fuktskade . kjeller[\s\S]*Befaring av våtrom/,
          );
        }
      } finally {
        await ocr.close();
      }
    },
    // three scans read with orientation detection each: on a busy shared machine this took over 30 s
    120_000,
  );

  it.skipIf(!available)('stops when the job is cancelled', async () => {
    await expect(extract('rapport.pdf', { preferCli, signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});

describe('extractPdf without poppler', () => {
  it('hands every scan to OCR as a grey image of its own pixels, which the orientation detection can turn', async () => {
    const { ocr, images } = recordingOcr('tekst');
    await extract('skannet.pdf', { preferCli: false, ocr });

    const jpeg = await sharp(await readFile(path.join(FIXTURES, 'ocr-norwegian.jpg'))).metadata();
    expect(images.map((image) => isPgm(image))).toEqual([true, true]);
    // the JPEG scan at the size it was stored in
    expect(images[1]!.subarray(0, 20).toString('latin1')).toMatch(
      new RegExp(`^P5\n${jpeg.width} ${jpeg.height}\n255\n`),
    );
  });
});

describe('extractPdf of Korean, Japanese and Russian text', () => {
  const SCRIPTS = path.join(import.meta.dirname, '../../fixtures/pdf-scripts');
  const read = (name: string, preferCli: boolean) =>
    extractPdf(
      {
        path: path.join(SCRIPTS, name),
        filename: name,
        detected: { kind: 'pdf', mime: 'application/pdf', extension: 'pdf', extensionMismatch: false },
      },
      { preferCli },
    );
  const korean = '침하게 흐린 품이 눈이 올 듯하더니 눈은 아니 오고 얼다가 만 비가 추';

  it.skipIf(!hasPoppler)('reads Korean and Japanese composite fonts through pdftotext, CMaps included', async () => {
    expect((await read('pdfjs-bug1627427_reduced.pdf', true)).pages[0]!.text).toContain(korean);
    expect((await read('pdfjs-90ms_rksj_h_sample.pdf', true)).pages[0]!.text).toBe('Hello ASCII\n日本語テスト');
  });

  // pdf.js 4.9 (the last major for Node 20) turns the Japanese file's predefined CMap into mojibake; its fix
  // (mozilla/pdf.js 8f85e3f, May 2026) is in no release yet, so without poppler such a file reads wrong
  it.each([true, false].filter((preferCli) => hasPoppler || !preferCli))(
    'reads Russian (pdftotext: %s)',
    async (preferCli) => {
      const text = (await read('kyrillisk-protokoll.pdf', preferCli)).pages[0]!.text.replace(/\s+/g, ' ');
      expect(text).toContain('Протокол испытаний системы вентиляции');
      expect(text).toContain('Фильтры заменены, воздухообмен соответствует проекту.');
    },
  );

  it('reads Korean through pdf.js', async () => {
    expect((await read('pdfjs-bug1627427_reduced.pdf', false)).pages[0]!.text).toContain(korean);
  });
});
