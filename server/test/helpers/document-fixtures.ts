import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A text PDF, one string per page; A4 unless another size (in points) is given. */
export async function makePdf(
  pages: string[],
  options: { size?: [number, number]; title?: string } = {},
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  if (options.title) pdf.setTitle(options.title);
  for (const text of pages) {
    const page = pdf.addPage(options.size ?? [595.28, 841.89]);
    let y = page.getHeight() - 60;
    for (const line of text.split('\n')) {
      page.drawText(line, { x: 50, y, size: 11, font });
      y -= 16;
    }
  }
  return Buffer.from(await pdf.save());
}

export async function makeXlsx(rows: (string | number)[][], sheetName = 'Utstyrsliste'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const dxfWithTitleBlock = (title: string) =>
  [
    '0',
    'SECTION',
    '2',
    'HEADER',
    '9',
    '$ACADVER',
    '1',
    'AC1015',
    '0',
    'ENDSEC',
    '0',
    'SECTION',
    '2',
    'ENTITIES',
    '0',
    'TEXT',
    '8',
    '0',
    '10',
    '0',
    '20',
    '0',
    '30',
    '0',
    '40',
    '2.5',
    '1',
    title,
    '0',
    'ENDSEC',
    '0',
    'EOF',
  ].join('\n');
