import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompoundFile,
  buildDocx,
  buildEncryptedOffice,
  buildZip,
  wordPageBreak,
  wordParagraph,
} from '../../helpers/office-fixtures.js';
import { dxfWithTitleBlock, makePdf, makeXlsx } from '../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

describe.each(testEngines())('the processing pipeline on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const ids: Record<string, string> = {};
  // what the workers log: an operator reading the log sees each document that came out unreadable
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    debug() {},
    info() {},
    error() {},
    warn: (fields: object, message: string) => warnings.push({ fields: fields as Record<string, unknown>, message }),
  };

  async function pagesOf(documentId: string) {
    return t.deps.database.db
      .selectFrom('document_pages')
      .select(['page_number', 'text', 'ocr', 'width_mm'])
      .where('document_id', '=', documentId)
      .orderBy('page_number')
      .execute();
  }

  async function statusOf(documentId: string) {
    const response = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}/status`,
      key: seed.key,
    });
    return response.body;
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true, dependencies: { logger } });
    seed = await t.seed();
    const pdf = await makePdf(
      [
        'Brannteknisk rapport\nBrannceller og rømningsveier i 1. etasje',
        'Sprinkleranlegg dekker alle etasjer',
        'Side tre: dører med brannklasse EI2 30',
      ],
      { title: 'Brannteknisk rapport Oslo Office Tower' },
    );
    const docx = buildDocx({
      bodyXml:
        wordParagraph('FDV-dokumentasjon ventilasjon', { style: 'Overskrift1' }) +
        wordParagraph('Aggregatet skal ha filterbytte hver sjette måned.') +
        wordPageBreak +
        wordParagraph('Side to: reservedeler og leverandør.'),
    });
    const zip = buildZip([
      { name: 'VVS/Ventilasjon/FDV aggregat.pdf', data: await makePdf(['FDV for ventilasjonsaggregat']) },
      { name: 'Elektro/Tavler/Tavleskjema.pdf', data: await makePdf(['Tavleskjema hovedtavle']) },
    ]);
    const uploads: [string, string, Buffer][] = [
      ['pdf', 'Rapporter/Brannteknisk rapport.pdf', pdf],
      ['docx', 'FDV/FDV ventilasjon.docx', docx],
      [
        'xlsx',
        'Utstyrsliste.xlsx',
        await makeXlsx([
          ['Komponent', 'Leverandør'],
          ['Ventilasjonsaggregat', 'Systemair'],
        ]),
      ],
      ['png', 'Foto/skilt.png', await fs.readFile(path.join(FIXTURES, 'ocr-norwegian.png'))],
      ['dxf', 'Tegninger/ARK-A-20-001.dxf', Buffer.from(dxfWithTitleBlock('PLAN 1. ETASJE'))],
      ['zip', 'Leveranse/FDV.zip', zip],
      ['truncated', 'Ødelagt.pdf', pdf.subarray(0, Math.floor(pdf.length / 3))],
      ['random', 'tilfeldig.pdf', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))],
      ['misnamed', 'Samsvarserklæring tavle.docx', await makePdf(['Samsvarserklæring for hovedtavle', 'NEK 400'])],
      ['locked', 'Kostnadsoverslag.xlsx', buildEncryptedOffice()],
      ['ppt', 'Byggemøte uke 12.ppt', await fs.readFile(path.join(FIXTURES, 'legacy-office/tika-testPPT.ppt'))],
      ['vsd', 'Tegninger/skisse.vsd', buildCompoundFile(['VisioDocument'])],
      ['xls', 'Gammelt/kvadrater.xls', await fs.readFile(path.join(FIXTURES, 'legacy-office/tika-testEXCEL.xls'))],
      ['doc', 'Gammelt/notat.doc', await fs.readFile(path.join(FIXTURES, 'legacy-office/word-extractor-test11.doc'))],
    ];
    for (const [name, filename, bytes] of uploads) ids[name] = await t.upload({ seed, filename, bytes });
    await t.waitForProcessing(Object.values(ids), 120_000);
    const children = await t.deps.database.db
      .selectFrom('documents')
      .select('id')
      .where('parent_document_id', '=', ids.zip!)
      .execute();
    await t.waitForProcessing(
      children.map((c) => c.id),
      60_000,
    );
  }, 240_000);
  afterAll(() => t.close());

  it('extracts a PDF per page with the right page numbers and its title', async () => {
    const pages = await pagesOf(ids.pdf!);
    expect(pages.map((p) => p.page_number)).toEqual([1, 2, 3]);
    expect(pages[0]!.text).toContain('Brannceller og rømningsveier');
    expect(pages[1]!.text).toContain('Sprinkleranlegg');
    expect(pages[2]!.text).toContain('EI2 30');
    expect(Math.round(pages[0]!.width_mm ?? 0)).toBe(210);
    const status = await statusOf(ids.pdf!);
    expect(status).toMatchObject({
      valid_file: true,
      extracted_text: true,
      extracted_file: true,
      categorised: true,
      corrupt: false,
    });
    const chunks = await t.deps.database.db
      .selectFrom('document_chunks')
      .select(['page_number', 'text'])
      .where('document_id', '=', ids.pdf!)
      .execute();
    expect(new Set(chunks.map((c) => c.page_number))).toEqual(new Set([1, 2, 3]));
    const document = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.pdf}`,
      key: seed.key,
    });
    expect(document.body.title).toBe('Brannteknisk rapport Oslo Office Tower');
    // a PDF is its own preview
    expect(document.body.previewUrl).toEqual(expect.stringContaining('/blobs/'));
  });

  it('extracts DOCX pages, spreadsheet cells, OCR text from an image, and CAD text', async () => {
    const docx = await pagesOf(ids.docx!);
    expect(docx.map((p) => p.page_number)).toEqual([1, 2]);
    expect(docx[1]!.text).toContain('reservedeler');
    expect((await pagesOf(ids.xlsx!))[0]!.text).toContain('Systemair');
    const image = await pagesOf(ids.png!);
    expect(image[0]!.ocr).toBe(true);
    expect(image[0]!.text.length).toBeGreaterThan(10);
    expect((await pagesOf(ids.dxf!))[0]!.text).toContain('PLAN 1. ETASJE');
    // an image is wrapped into a PDF preview
    const png = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.png}`,
      key: seed.key,
    });
    expect(png.body.previewUrl).toEqual(expect.stringContaining('preview.pdf'));
  });

  it('unpacks a package into documents of the same building with their paths', async () => {
    const children = await t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'filename', 'original_path', 'building_id', 'extracted_text'])
      .where('parent_document_id', '=', ids.zip!)
      .orderBy('original_path')
      .execute();
    expect(children.map((c) => c.original_path)).toEqual([
      'Leveranse/FDV.zip/Elektro/Tavler/Tavleskjema.pdf',
      'Leveranse/FDV.zip/VVS/Ventilasjon/FDV aggregat.pdf',
    ]);
    expect(children.every((c) => c.building_id === seed.buildingId && c.extracted_text)).toBe(true);
    expect(await statusOf(ids.zip!)).toMatchObject({
      uncompressed_package: true,
      valid_file: true,
      extracted_text: false,
      outcome: 'unpacked',
    });
  });

  it('reads a file as what its content is, whatever its name, and says so', async () => {
    const pages = await pagesOf(ids.misnamed!);
    expect(pages.map((p) => p.text.trim())).toEqual(['Samsvarserklæring for hovedtavle', 'NEK 400']);
    expect(await statusOf(ids.misnamed!)).toMatchObject({
      valid_file: true,
      invalid_file: false,
      extracted_text: true,
    });
    const document = async (id: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${id}`,
          key: seed.key,
        })
      ).body as { processing: { outcome: string; reason: string | null }; informationTypes: string[] };
    const misnamed = await document(ids.misnamed!);
    expect(misnamed.processing).toEqual({
      outcome: 'read',
      reason: 'The name says .docx, but the content is a PDF; it was read as what it is',
    });
    expect(misnamed.informationTypes).toContain('declaration_of_conformity');
    expect((await document(ids.pdf!)).processing).toEqual({ outcome: 'read', reason: null });
  });

  it('reads PowerPoint and Excel 97-2003 files: a page per slide, a page per sheet', async () => {
    expect(await statusOf(ids.ppt!)).toMatchObject({
      valid_file: true,
      invalid_file: false,
      extracted_text: true,
      outcome: 'read',
    });
    expect((await pagesOf(ids.ppt!)).map((p) => p.text)).toEqual([expect.stringContaining('Powerpoint X for Mac')]);
    expect(await statusOf(ids.xls!)).toMatchObject({ valid_file: true, extracted_text: true, outcome: 'read' });
    const sheets = await pagesOf(ids.xls!);
    expect(sheets.map((p) => p.page_number)).toEqual([1, 2, 3]);
    expect(sheets[0]!.text).toContain('Numbers and their Squares');
  });

  it('keeps a kind of file it cannot read yet as valid, and says so instead of calling it invalid', async () => {
    expect(await statusOf(ids.vsd!)).toMatchObject({
      valid_file: true,
      invalid_file: false,
      extracted_text: false,
      outcome: 'no_text',
      reason: 'Visio 2003-2010 drawings (.vsd) are not read yet: the file is kept without text',
    });
  });

  it('reads a Word 97-2003 document', async () => {
    const pages = await pagesOf(ids.doc!);
    expect(pages.map((p) => p.text)).toEqual([expect.stringContaining('This is a test for parsing the Word file')]);
    expect(await statusOf(ids.doc!)).toMatchObject({ valid_file: true, extracted_text: true, invalid_file: false });
  });

  it('keeps a password-protected file as valid, and says why its text is missing', async () => {
    expect(await statusOf(ids.locked!)).toMatchObject({
      valid_file: true,
      invalid_file: false,
      corrupt: false,
      extracted_text: false,
      text_extraction_error: true,
    });
    const document = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.locked!}`,
      key: seed.key,
    });
    expect(document.body.processing).toEqual({
      outcome: 'no_text',
      reason: 'An Excel workbook (.xlsx) is encrypted with a password; its text cannot be read without it',
    });
  });

  it('marks broken files and carries on', async () => {
    expect(await statusOf(ids.truncated!)).toMatchObject({
      corrupt: true,
      text_extraction_error: true,
      extracted_text: false,
      categorised: true,
    });
    expect(await statusOf(ids.truncated!)).toMatchObject({ outcome: 'corrupt', reason: expect.stringMatching(/\w/) });
    expect(await statusOf(ids.random!)).toMatchObject({
      outcome: 'invalid',
      reason: 'The content is not a kind of document byggdok reads',
      invalid_file: true,
      valid_file: false,
      corrupt: false,
      extracted_text: false,
    });
    const unreadable = warnings.filter((warning) => warning.message === 'document kept without text');
    expect(unreadable.find((warning) => warning.fields.documentId === ids.truncated)?.fields).toMatchObject({
      filename: 'Ødelagt.pdf',
      corrupt: true,
      reason: expect.stringMatching(/\w/),
    });
    expect(unreadable.find((warning) => warning.fields.documentId === ids.random)?.fields).toMatchObject({
      filename: 'tilfeldig.pdf',
      invalidFile: true,
    });
    // the readable ones are not reported
    expect(unreadable.map((warning) => warning.fields.documentId)).not.toContain(ids.pdf);
  });

  it('reports building status percentages from real counts', async () => {
    const status = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/status`,
      key: seed.key,
    });
    const rows = await t.deps.database.db
      .selectFrom('documents')
      .select(['extracted_text', 'categorised'])
      .where('building_id', '=', seed.buildingId)
      .execute();
    const total = rows.length;
    expect(total).toBe(16);
    const extracted = rows.filter((r) => r.extracted_text).length;
    expect(status.body).toMatchObject({
      total_documents: total,
      processed_documents: total,
      categorized_documents: total,
      categorized_percentage: 100,
      extracted_percentage: Math.round((extracted / total) * 10_000) / 100,
      uncompressed_package: true,
      invalid_file: true,
      text_extraction_error: true,
      categorised: true,
    });
  });
});
