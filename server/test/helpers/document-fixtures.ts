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

/**
 * A small DXF plan: four layers (red VVS, an off layer, a frozen one, 0), a block PUMPE (a line and a circle) inserted
 * rotated 90 degrees at twice its size, a line, an arc, a polyline with a half-circle bulge and a text. Its extents
 * are (-1, -5) to (21, 31): the frozen layer's circle reaches x = -1 and y = 31, the text y = -5, the insert x = 21.
 */
export function dxfDrawing(): string {
  const groups: [number, string | number][] = [
    [0, 'SECTION'],
    [2, 'HEADER'],
    [9, '$ACADVER'],
    [1, 'AC1015'],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'TABLES'],
    [0, 'TABLE'],
    [2, 'LAYER'],
    [70, 4],
    [0, 'LAYER'],
    [2, '0'],
    [70, 0],
    [62, 7],
    [6, 'CONTINUOUS'],
    [0, 'LAYER'],
    [2, 'VVS'],
    [70, 0],
    [62, 1],
    [6, 'CONTINUOUS'],
    [0, 'LAYER'],
    [2, 'Skjult'],
    [70, 0],
    [62, -3],
    [6, 'CONTINUOUS'],
    [0, 'LAYER'],
    [2, 'Frosset'],
    [70, 1],
    [62, 5],
    [6, 'CONTINUOUS'],
    [0, 'ENDTAB'],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'BLOCKS'],
    [0, 'BLOCK'],
    [8, '0'],
    [2, 'PUMPE'],
    [70, 0],
    [10, 0],
    [20, 0],
    [30, 0],
    [3, 'PUMPE'],
    [0, 'LINE'],
    [8, '0'],
    [10, 0],
    [20, 0],
    [30, 0],
    [11, 1],
    [21, 0],
    [31, 0],
    [0, 'CIRCLE'],
    [8, '0'],
    [10, 0.5],
    [20, 0],
    [30, 0],
    [40, 0.5],
    [0, 'ENDBLK'],
    [8, '0'],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'ENTITIES'],
    [0, 'LINE'],
    [8, 'VVS'],
    [10, 0],
    [20, 0],
    [30, 0],
    [11, 10],
    [21, 0],
    [31, 0],
    [0, 'ARC'],
    [8, 'VVS'],
    [10, 10],
    [20, 5],
    [30, 0],
    [40, 5],
    [50, 270],
    [51, 90],
    [0, 'LWPOLYLINE'],
    [8, '0'],
    [90, 2],
    [70, 0],
    [10, 0],
    [20, 10],
    [42, 1],
    [10, 4],
    [20, 10],
    [0, 'INSERT'],
    [8, 'VVS'],
    [2, 'PUMPE'],
    [10, 20],
    [20, 0],
    [30, 0],
    [41, 2],
    [42, 2],
    [50, 90],
    [0, 'TEXT'],
    [8, 'Skjult'],
    [10, 0],
    [20, -5],
    [30, 0],
    [40, 2.5],
    [1, 'Pumperom'],
    [0, 'CIRCLE'],
    [8, 'Frosset'],
    [10, 0],
    [20, 30],
    [30, 0],
    [40, 1],
    [0, 'ENDSEC'],
    [0, 'EOF'],
  ];
  return groups.map(([code, value]) => `${code}\n${value}`).join('\n');
}
