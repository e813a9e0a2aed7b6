import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractEpub } from '../../../src/integrations/extract/epub.extractor.js';
import { buildZip, extractorInput } from '../../helpers/office-fixtures.js';

const CORPUS = path.resolve(import.meta.dirname, '../../fixtures/corpus/textract');

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`;

/** an FDV handbook as an e-book: the table of contents first in the spine, then two chapters, one in a subfolder */
function handbook(packagePath = 'OEBPS/pakke.opf'): Buffer {
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip') },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="${packagePath}" media-type="application/oebps-package+xml"/></rootfiles></container>`,
      ),
    },
    {
      name: packagePath,
      data: Buffer.from(`<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>FDV-håndbok &amp; driftsinstruks</dc:title><dc:creator>Ventilasjon AS</dc:creator></metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item media-type="application/xhtml+xml" href="kapitler/2%20drift.xhtml" id="k2"/>
    <item id="k1" href="kapitler/1-innledning.xhtml" media-type="application/xhtml+xml"/>
    <item id="bilde" href="bilder/aggregat.png" media-type="image/png"/>
  </manifest>
  <spine><itemref idref="nav"/><itemref idref="k1"/><itemref idref="bilde"/><itemref idref="k2"/></spine>
</package>`),
    },
    { name: 'OEBPS/nav.xhtml', data: Buffer.from(xhtml('Innhold', '<ol><li>Innledning ........ 1</li></ol>')) },
    {
      name: 'OEBPS/kapitler/1-innledning.xhtml',
      data: Buffer.from(xhtml('Innledning', '<h1>Innledning</h1><p>Aggregatet leveres av Ventilasjon AS.</p>')),
    },
    {
      name: 'OEBPS/kapitler/2 drift.xhtml',
      data: Buffer.from(xhtml('Drift', '<h1>Drift</h1><p>Filteret skal byttes hver sjette måned.</p>')),
    },
  ]);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'byggdok-epub-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('EPUB e-books', () => {
  it('reads a page per chapter in reading order, without the table of contents, with the title and author', async () => {
    const file = path.join(dir, 'FDV-håndbok.epub');
    await writeFile(file, handbook());
    expect(await detectFileType({ path: file, filename: 'FDV-håndbok.epub' })).toMatchObject({
      kind: 'epub',
      extensionMismatch: false,
    });
    const result = await extractEpub(extractorInput(file, 'epub'));
    expect(result.pages.map((page) => [page.label, page.text])).toEqual([
      ['Innledning', 'Innledning\n\nAggregatet leveres av Ventilasjon AS.'],
      ['Drift', 'Drift\n\nFilteret skal byttes hver sjette måned.'],
    ]);
    expect(result.title).toBe('FDV-håndbok & driftsinstruks');
    expect(result.metadata.author).toBe('Ventilasjon AS');
  });

  it('finds a package document that is not named .opf', async () => {
    const file = path.join(dir, 'pakke.epub');
    await writeFile(file, handbook('OEBPS/pakke.xml'));
    const result = await extractEpub(extractorInput(file, 'epub'));
    expect(result.pages.map((page) => page.label)).toEqual(['Innledning', 'Drift']);
  });

  it("reads a real e-book (textract's test file), also when it is named .zip", async () => {
    const file = path.join(CORPUS, 'standardized_text.epub');
    expect(await detectFileType({ path: file, filename: 'bok.zip' })).toMatchObject({
      kind: 'epub',
      extensionMismatch: true,
    });
    const result = await extractEpub(extractorInput(file, 'epub'));
    expect(result.pages.map((page) => page.text)).toEqual(['the quick brown fox jumps over the lazy dog']);
  });

  it('calls an e-book without its package document corrupt', async () => {
    const file = path.join(dir, 'tom.epub');
    await writeFile(file, buildZip([{ name: 'mimetype', data: Buffer.from('application/epub+zip') }]));
    await expect(extractEpub(extractorInput(file, 'epub'))).rejects.toThrow(CorruptFileError);
  });
});
