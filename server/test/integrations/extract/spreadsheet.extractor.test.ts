import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import {
  createSpreadsheetExtractor,
  extractSpreadsheet,
} from '../../../src/integrations/extract/spreadsheet.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-sheet-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function writeWorkbook(build: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kari Nordmann';
  build(workbook);
  const filePath = path.join(workDir, 'book.xlsx');
  await workbook.xlsx.writeFile(filePath);
  return filePath;
}

describe('spreadsheet extractor, xlsx', () => {
  it('gives one page per sheet, labelled with the sheet name, rows as tab-separated lines', async () => {
    const filePath = await writeWorkbook((workbook) => {
      const rooms = workbook.addWorksheet('Romliste');
      rooms.addRow(['Rom', 'Areal m²', 'Gulv', 'Ferdig']);
      rooms.addRow(['101 Kontor', 12.5, 'Parkett', new Date(Date.UTC(2024, 4, 17))]);
      rooms.addRow([]);
      rooms.addRow([
        '102 Bad',
        { formula: 'B2/5', result: 2.5 },
        { richText: [{ text: 'Flis ' }, { text: 'våtrom' }] },
      ]);
      rooms.getCell('A5').value = 'Sum';
      rooms.getCell('C5').value = 0.1 + 0.2;
      const doors = workbook.addWorksheet('Dører');
      doors.addRow(['D101', 'EI2 30-Sa', true]);
    });

    const result = await extractSpreadsheet(extractorInput(filePath, 'xlsx'));

    expect(result.pages).toEqual([
      {
        pageNumber: 1,
        label: 'Romliste',
        text: 'Rom\tAreal m²\tGulv\tFerdig\n101 Kontor\t12.5\tParkett\t2024-05-17\n102 Bad\t2.5\tFlis våtrom\nSum\t\t0.3',
      },
      { pageNumber: 2, label: 'Dører', text: 'D101\tEI2 30-Sa\tTRUE' },
    ]);
  });

  it('stops reading at the cell budget', async () => {
    const filePath = await writeWorkbook((workbook) => {
      const big = workbook.addWorksheet('Utstyr');
      for (let row = 1; row <= 100; row += 1) big.addRow([`rad ${row}`, row, 'x']);
      workbook.addWorksheet('Neste').addRow(['not reached']);
    });

    const result = await createSpreadsheetExtractor({ maxCells: 10 })(extractorInput(filePath, 'xlsx'));

    expect(result.pages).toEqual([{ pageNumber: 1, label: 'Utstyr', text: 'rad 1\t1\tx\nrad 2\t2\tx\nrad 3\t3\tx' }]);
  });

  it('reports a file that is not a workbook as corrupt', async () => {
    const filePath = path.join(workDir, 'broken.xlsx');
    await writeFile(filePath, randomBytes(3000));

    await expect(extractSpreadsheet(extractorInput(filePath, 'xlsx'))).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('spreadsheet extractor, csv', () => {
  async function extractCsv(content: Buffer) {
    const filePath = path.join(workDir, 'data.csv');
    await writeFile(filePath, content);
    return extractSpreadsheet(extractorInput(filePath, 'csv'));
  }

  it('reads a Windows-1252 CSV with semicolons and decimal commas', async () => {
    const content = iconv.encode('Rom;Areal;Gulv\r\n101;12,5;Parkett\r\n102;8,0;Flis (våtrom)\r\n', 'windows-1252');

    const result = await extractCsv(content);

    expect(result.pages).toEqual([
      { pageNumber: 1, text: 'Rom\tAreal\tGulv\n101\t12,5\tParkett\n102\t8,0\tFlis (våtrom)' },
    ]);
  });

  it('reads a UTF-8 CSV with commas, a BOM and quoted fields', async () => {
    const content = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        'Produkt,Beskrivelse,Antall\n"Dør, innvendig","Type ""Ø"" med\nterskel",4\nVindu,Fast karm,12\n',
        'utf8',
      ),
    ]);

    const result = await extractCsv(content);

    expect(result.pages[0]!.text).toBe(
      'Produkt\tBeskrivelse\tAntall\nDør, innvendig\tType "Ø" med terskel\t4\nVindu\tFast karm\t12',
    );
  });
});
