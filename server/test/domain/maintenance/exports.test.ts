import { describe, expect, it } from 'vitest';
import { tasksToCsv, tasksToICalendar } from '../../../src/domain/maintenance/exports.js';
import type { MaintenanceTask } from '../../../src/domain/maintenance/maintenance.types.js';

/**
 * The maintenance plan's exports carry text from the FDV manuals (a component, an action, a cited passage): text a
 * supplier wrote, so it must stay text in a calendar program and in a spreadsheet.
 */
const at = new Date('2026-01-05T00:00:00Z');
const task = (fields: Partial<MaintenanceTask>): MaintenanceTask => ({
  id: '0b6e3d52-7f0c-4a55-9d0e-2b8f1c6a4e11',
  ownerId: 'owner',
  buildingId: 'building',
  component: 'Ventilasjonsaggregat',
  componentCode: '360',
  buildingCategory: '36',
  action: 'Bytt filter',
  interval: { every: 6, unit: 'month' },
  intervalText: 'hver 6. måned',
  performedBy: 'operator',
  source: 'extracted',
  status: 'confirmed',
  citation: { documentId: 'doc', pageNumber: 4, citedText: 'Filter skiftes hver 6. måned.' },
  editedByPerson: false,
  createdAt: at,
  updatedAt: at,
  ...fields,
});

describe('maintenance plan exports', () => {
  it('keeps a line break of any kind inside a calendar text, so no text can start a line of its own', () => {
    const hostile = task({ action: 'Bytt filter\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Betal faktura' });
    const ics = tasksToICalendar({ tasks: [hostile], now: at, start: null, name: 'Plan', domain: 'byggdok.test' });
    // long lines are folded (a CRLF and a space); unfolded, each line is one property
    const lines = ics.replace(/\r\n /g, '').split(/\r\n/);
    // one event, whatever the text held; the breaks are written as \n inside the summary and the description
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\r/);
    expect(lines.find((line) => line.startsWith('SUMMARY:'))).toBe(
      'SUMMARY:Ventilasjonsaggregat: Bytt filter\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Betal faktura',
    );
  });

  it('writes a cell that a spreadsheet would run as a formula as text', () => {
    const csv = tasksToCsv([task({ component: '=HYPERLINK("http://evil.example","Åpne")', action: '@SUM(1)' })]);
    const row = csv.split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Åpne"")"`);
    expect(row).toContain(`'@SUM(1)`);
  });

  it('writes a formula after a semicolon, a tab or a line break in a text as text for every list separator', () => {
    // Excel in Norway reads a CSV with `;` as its list separator: each line is one cell up to the first `;`, a quote
    // counts only at the start of a cell, and every line break starts a row; LibreOffice's import may split on tabs
    const csv = tasksToCsv([
      task({
        component: 'Aggregat;=HYPERLINK(CHAR(104)&A3)',
        action: 'Bytt filter\t+WEBSERVICE(A3)',
        citation: { documentId: 'doc', pageNumber: 4, citedText: 'Se side 4.\n@SUM(A1) ; "-1+1"' },
      }),
    ]);
    for (const separator of [',', ';', '\t']) {
      const cells = csv.split(/\r\n|\n/).flatMap((line) => spreadsheetCells(line, separator));
      expect(cells.filter((cell) => /^\s*[=+\-@]/.test(cell))).toEqual([]);
    }
    expect(csv).toContain("Aggregat;'=HYPERLINK(CHAR(104)&A3)");
  });
});

/** the cells of one line as a spreadsheet reads it with this list separator: quoted cells whole, `""` as a quote */
function spreadsheetCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}
