import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractOdf } from '../../../src/integrations/extract/odf.extractor.js';
import { buildZip, extractorInput } from '../../helpers/office-fixtures.js';

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"';

/** an OpenDocument package as LibreOffice writes one: the mimetype stored first, then content.xml and meta.xml */
function odf(mimetype: string, body: string, title?: string): Buffer {
  return buildZip([
    { name: 'mimetype', data: mimetype, method: 'store' },
    {
      name: 'content.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS}><office:automatic-styles/><office:body>${body}</office:body></office:document-content>`,
    },
    {
      name: 'meta.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${NS}><office:meta>${title ? `<dc:title>${title}</dc:title>` : ''}</office:meta></office:document-meta>`,
    },
    { name: 'META-INF/manifest.xml', data: '<manifest:manifest/>' },
  ]);
}

async function read(filename: string, bytes: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'byggdok-odf-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, filename);
  await writeFile(file, bytes);
  const detected = await detectFileType({ path: file, filename });
  return { detected, result: await extractOdf(extractorInput(file, 'odf', path.extname(filename).slice(1))) };
}

describe('OpenDocument files', () => {
  it('reads a text document page by page, with its spaces, tabs and title', async () => {
    const { detected, result } = await read(
      'Driftsinstruks.odt',
      odf(
        'application/vnd.oasis.opendocument.text',
        '<office:text><text:h text:outline-level="1">Driftsinstruks for varmepumpe</text:h>' +
          '<text:p>Filteret<text:s text:c="2"/>skiftes<text:tab/>hver måned.</text:p>' +
          '<text:p><text:soft-page-break/>Side to: serviceavtale med Kulde AS.</text:p></office:text>',
        'Driftsinstruks varmepumpe',
      ),
    );
    expect(detected).toMatchObject({ kind: 'odf', extensionMismatch: false });
    expect(result.title).toBe('Driftsinstruks varmepumpe');
    expect(result.pages.map((page) => page.text)).toEqual([
      'Driftsinstruks for varmepumpe\nFilteret  skiftes\thver måned.',
      'Side to: serviceavtale med Kulde AS.',
    ]);
  });

  it('reads a spreadsheet as a page per sheet, rows as tab-separated lines, without the empty columns', async () => {
    const cell = (value: string) => `<table:table-cell><text:p>${value}</text:p></table:table-cell>`;
    const { detected, result } = await read(
      'Utstyrsliste.ods',
      odf(
        'application/vnd.oasis.opendocument.spreadsheet',
        '<office:spreadsheet><table:table table:name="Ventilasjon">' +
          `<table:table-row>${cell('Komponent')}${cell('Leverandør')}<table:table-cell table:number-columns-repeated="16000"/></table:table-row>` +
          `<table:table-row>${cell('Aggregat')}<table:table-cell/>${cell('Systemair')}</table:table-row>` +
          '</table:table><table:table table:name="Sanitær">' +
          `<table:table-row>${cell('Blandebatteri')}</table:table-row></table:table></office:spreadsheet>`,
      ),
    );
    expect(detected.kind).toBe('odf');
    expect(result.pages).toEqual([
      { pageNumber: 1, label: 'Ventilasjon', text: 'Komponent\tLeverandør\nAggregat\t\tSystemair' },
      { pageNumber: 2, label: 'Sanitær', text: 'Blandebatteri' },
    ]);
  });

  it('reads a presentation as a page per slide', async () => {
    const { result } = await read(
      'Byggemøte.odp',
      odf(
        'application/vnd.oasis.opendocument.presentation',
        '<office:presentation><draw:page draw:name="Status"><draw:frame><draw:text-box><text:p>Fremdrift uke 12</text:p></draw:text-box></draw:frame></draw:page>' +
          '<draw:page draw:name="Avvik"><draw:frame><draw:text-box><text:p>Fuktmåling i kjeller</text:p></draw:text-box></draw:frame></draw:page></office:presentation>',
      ),
    );
    expect(result.pages.map((page) => [page.label, page.text])).toEqual([
      ['Status', 'Fremdrift uke 12'],
      ['Avvik', 'Fuktmåling i kjeller'],
    ]);
  });

  it('knows an OpenDocument package by its parts when the mimetype entry is compressed', async () => {
    const bytes = buildZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 'deflate' },
      {
        name: 'content.xml',
        data: `<office:document-content ${NS}><office:body><office:text><text:p>Notat</text:p></office:text></office:body></office:document-content>`,
      },
      { name: 'META-INF/manifest.xml', data: '<manifest:manifest/>' },
    ]);
    const { detected, result } = await read('notat.odt', bytes);
    expect(detected.kind).toBe('odf');
    expect(result.pages[0]!.text).toBe('Notat');
  });

  it('says a package without content.xml is not an OpenDocument file', async () => {
    const bytes = buildZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 'store' },
      { name: 'meta.xml', data: '<x/>' },
    ]);
    await expect(read('tom.odt', bytes)).rejects.toBeInstanceOf(CorruptFileError);
  });
});
