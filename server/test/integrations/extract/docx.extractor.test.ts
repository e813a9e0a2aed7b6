import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { extractDocx } from '../../../src/integrations/extract/docx.extractor.js';
import { buildDocx, buildZip, extractorInput, wordPageBreak, wordParagraph } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-docx-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function extract(file: Buffer) {
  const filePath = path.join(workDir, 'document.docx');
  await writeFile(filePath, file);
  return extractDocx(extractorInput(filePath, 'docx'));
}

describe('extractDocx', () => {
  it('splits the text into pages at explicit and last-rendered page breaks', async () => {
    const result = await extract(
      buildDocx({
        bodyXml:
          wordParagraph('Brannkonsept', { style: 'Overskrift1' }) +
          wordParagraph('Bygget er i risikoklasse 4.') +
          wordPageBreak +
          // Word marks the start of the new page again after an explicit break: that must not add an empty page.
          '<w:p><w:r><w:lastRenderedPageBreak/><w:t>Rømning skjer via to trapperom.</w:t></w:r></w:p>' +
          '<w:p><w:r><w:t>Slutten av side to, </w:t></w:r><w:r><w:lastRenderedPageBreak/><w:t>starten av side tre.</w:t></w:r></w:p>',
        core: { title: 'Brannkonsept Storgata 5', creator: 'Kari Nordmann', created: '2024-02-01T09:30:00Z' },
      }),
    );

    expect(result.pages).toEqual([
      { pageNumber: 1, text: 'Brannkonsept\nBygget er i risikoklasse 4.' },
      { pageNumber: 2, text: 'Rømning skjer via to trapperom.\nSlutten av side to,' },
      { pageNumber: 3, text: 'starten av side tre.' },
    ]);
    expect(result.title).toBe('Brannkonsept Storgata 5');
    expect(result.metadata).toEqual({ author: 'Kari Nordmann', createdAt: '2024-02-01T09:30:00.000Z' });
  });

  it('uses the first heading as title when the document properties have none', async () => {
    const result = await extract(
      buildDocx({
        bodyXml:
          wordParagraph('Innledning') + wordParagraph('Tilstandsrapport for Storgata 5', { style: 'Overskrift1' }),
      }),
    );

    expect(result.title).toBe('Tilstandsrapport for Storgata 5');
  });

  it('keeps table cells on one line per row and leaves out field codes, deleted text and fallback copies', async () => {
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const result = await extract(
      buildDocx({
        bodyXml:
          `<w:tbl><w:tr>${cell('Rom')}${cell('Brannklasse')}</w:tr><w:tr>${cell('101')}${cell('EI 60')}</w:tr></w:tbl>` +
          '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE \\* MERGEFORMAT </w:instrText></w:r>' +
          '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' +
          '<w:p><w:del w:id="1" w:author="x"><w:r><w:delText>slettet tekst</w:delText></w:r></w:del><w:r><w:t>gjeldende tekst</w:t></w:r></w:p>' +
          '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:t>tekstboks</w:t></mc:Choice>' +
          '<mc:Fallback><w:t>tekstboks</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>',
      }),
    );

    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.text).toBe('Rom\tBrannklasse\n101\tEI 60\n7\ngjeldende tekst\ntekstboks');
  });

  it('returns one empty page for an empty document', async () => {
    const result = await extract(buildDocx({ bodyXml: '' }));

    expect(result.pages).toEqual([{ pageNumber: 1, text: '' }]);
  });

  it('reports a file that is not a zip as corrupt', async () => {
    await expect(extract(randomBytes(2048))).rejects.toBeInstanceOf(CorruptFileError);
  });

  it('reports a zip without a Word document part as corrupt', async () => {
    await expect(extract(buildZip([{ name: 'hello.txt', data: 'hi' }]))).rejects.toBeInstanceOf(CorruptFileError);
  });
});
