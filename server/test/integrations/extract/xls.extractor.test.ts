import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CorruptFileError, EncryptedFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractXls } from '../../../src/integrations/extract/xls.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/legacy-office');
const read = (name: string) => extractXls(extractorInput(path.join(FIXTURES, name), 'xls'));

describe('Excel 97-2003 workbooks (.xls)', () => {
  it('reads a sheet as tab-separated rows, numbers as Excel shows them, with the sheet names and the title', async () => {
    const file = path.join(FIXTURES, 'tika-testEXCEL.xls');
    expect(await detectFileType({ path: file, filename: 'testEXCEL.xls' })).toMatchObject({ kind: 'xls' });
    const result = await read('tika-testEXCEL.xls');
    expect(result.pages.map((page) => page.label)).toEqual(['Feuil1', 'Feuil2', 'Feuil3']);
    const sheet = result.pages[0]!.text;
    expect(sheet).toMatch(/^Sample Excel Worksheet - Numbers and their Squares\n\tNumber\tSquare\n\t1\t1\n\t2\t4\n/);
    expect(sheet).toContain('\t14\t196\n');
    expect(sheet).not.toContain('196.0');
    expect(result.pages.slice(1).map((page) => page.text)).toEqual(['', '']);
    expect(result.title).toBe('Simple Excel document');
    expect(result.metadata).toMatchObject({ author: 'Keith Bennett', createdAt: '2007-10-01T16:13:56.000Z' });
  });

  it('reads the same workbook saved as Excel 5 (BIFF5, code-page strings)', async () => {
    const result = await read('tika-testEXCEL_5.xls');
    expect(result.pages[0]!.text).toBe((await read('tika-testEXCEL.xls')).pages[0]!.text);
  });

  it('writes a number whose cell format shows a date or a time as one', async () => {
    expect((await read('tika-testEXCEL_dateFormats.xls')).pages[0]!.text).toBe('date\n2018-09-20\n1996-08-10');
    const formats = (await read('tika-testEXCEL-formats.xls')).pages[0]!.text;
    expect(formats).toContain('Time Format: h:mm\t06:15\t18:15');
    expect(formats).toContain('Date Format: d-mmm-yy\t2007-05-17\n');
    expect(formats).toContain('Date/Time Format\t2008-01-19 04:35');
    // other number formats leave the number as it is
    expect(formats).toContain('Number #,##0.00\t1599.99\t-1599.99');
  });

  it("finds every word of a large real workbook's shared strings, across their CONTINUE records", async () => {
    const result = await read('textract-raw_text.xls');
    const words = new Set(
      result.pages
        .map((page) => page.text)
        .join('\n')
        .split(/\s+/),
    );
    // textract's expected text, less its numbers, which it prints with a ".0"
    const expected = (await readFile(path.join(FIXTURES, 'textract-raw_text.txt'), 'utf8'))
      .split(/\s+/)
      .filter((word) => word && !/^\d+(\.0)?$/.test(word));
    expect(expected.length).toBeGreaterThan(3000);
    expect(expected.filter((word) => !words.has(word))).toEqual([]);
    expect(result.pages[0]!.text.split('\n')[1]).toBe(
      'Logical\tIFERROR\tReturns a different result if the first argument evaluates to an error\t1\tHA01231765',
    );
  });

  it('says a password-protected workbook is encrypted, and a damaged one corrupt', async () => {
    await expect(read('tika-testEXCEL_protected_passtika.xls')).rejects.toThrow(EncryptedFileError);
    await expect(read('tika-testEXCEL_protected_passtika.xls')).rejects.toThrow(
      'Excel 97-2003 workbook is encrypted with a password; its text cannot be read without it',
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'byggdok-xls-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const damaged = path.join(dir, 'skadet.xls');
    await writeFile(damaged, (await readFile(path.join(FIXTURES, 'tika-testEXCEL.xls'))).subarray(0, 3000));
    await expect(extractXls(extractorInput(damaged, 'xls'))).rejects.toThrow(CorruptFileError);
  });
});
