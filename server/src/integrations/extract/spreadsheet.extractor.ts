/**
 * Spreadsheets for search: .xlsx (one page per sheet, label = sheet name, rows as tab-separated lines) and .csv
 * (one page). The text is for finding the document, not an exact replica, so reading stops at a cell and text budget
 * (defaults: 2 million cells, 20 MB of text): an equipment register with a million rows is found by its first ones.
 */
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type Extractor,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import {
  attrOf,
  findAll,
  parseOrderedXml,
  prefixedAttrOf,
  readCoreProperties,
  readRelationships,
  optional,
} from './docx.extractor.js';
import { readZipEntries } from './unzip.js';

export interface SpreadsheetLimits {
  maxCells: number;
  /** in UTF-16 code units of extracted text, which is close enough to bytes for a budget */
  maxTextLength: number;
}

const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = { maxCells: 2_000_000, maxTextLength: 20 * 1024 * 1024 };

export function createSpreadsheetExtractor(limits: Partial<SpreadsheetLimits> = {}): Extractor {
  const budget: SpreadsheetLimits = { ...DEFAULT_SPREADSHEET_LIMITS, ...limits };
  return async (input) => {
    const isCsv = input.detected.kind === 'csv' || ['csv', 'tsv'].includes(input.detected.extension);
    return isCsv ? extractCsv(input, budget) : extractXlsx(input, budget);
  };
}

export const extractSpreadsheet: Extractor = createSpreadsheetExtractor();

/** Counts cells and text against the budget; `full` tells the readers to stop. */
class Budget {
  private cells = 0;
  private length = 0;
  constructor(private readonly limits: SpreadsheetLimits) {}

  /** Returns false when the line does not fit any more (it is then not added). */
  take(line: string, cells: number): boolean {
    if (this.full) return false;
    this.cells += cells;
    this.length += line.length + 1;
    return !this.full;
  }

  get full(): boolean {
    return this.cells > this.limits.maxCells || this.length > this.limits.maxTextLength;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// xlsx

interface SheetInfo {
  name: string;
  order: number;
}

async function extractXlsx(input: ExtractorInput, limits: SpreadsheetLimits): Promise<Extraction> {
  // The workbook part gives sheet names and tab order (and proves this is a workbook at all) before streaming rows.
  const parts = await readZipEntries({
    zipPath: input.path,
    wanted: (name) =>
      name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name.startsWith('docProps/'),
  });
  const workbookXml = parts.get('xl/workbook.xml');
  if (!workbookXml) throw new CorruptFileError('not an Excel workbook: xl/workbook.xml is missing');
  const sheets = readSheetOrder(workbookXml, parts.get('xl/_rels/workbook.xml.rels'));

  const budget = new Budget(limits);
  const pages: (ExtractedPage & { order: number })[] = [];
  const source = createReadStream(input.path);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      input.signal?.throwIfAborted();
      // exceljs fills `name` from the workbook part at run time; its typings leave it out.
      const { name } = worksheet as unknown as { name?: string };
      const info = sheets.byName.get(name ?? '');
      const lines: string[] = [];
      for await (const row of worksheet) {
        if (budget.full) break;
        const { line, cells } = rowToLine(row);
        if (line === '') continue;
        if (!budget.take(line, cells)) break;
        lines.push(line);
      }
      pages.push({
        pageNumber: 0,
        text: lines.join('\n'),
        ...optional('label', name),
        order: info?.order ?? Number.MAX_SAFE_INTEGER,
      });
      if (budget.full) break;
    }
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new CorruptFileError('Excel workbook cannot be read', { cause: error });
  } finally {
    source.destroy();
  }

  const ordered = pages
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...page }, index) => ({ ...page, pageNumber: index + 1 }));
  const core = readCoreProperties(parts);
  return {
    pages: ordered.length > 0 ? ordered : [{ pageNumber: 1, text: '' }],
    ...optional('title', core.title),
    metadata: core.metadata,
  };
}

function readSheetOrder(workbookXml: Buffer, relsXml: Buffer | undefined): { byName: Map<string, SheetInfo> } {
  const targets = new Set(readRelationships(relsXml, 'xl/workbook.xml').map((rel) => rel.id));
  const byName = new Map<string, SheetInfo>();
  findAll(parseOrderedXml(workbookXml), 'sheet').forEach((node, order) => {
    const name = attrOf(node, 'name');
    const relId = prefixedAttrOf(node, 'id');
    if (name && (relId === undefined || targets.size === 0 || targets.has(relId))) byName.set(name, { name, order });
  });
  return { byName };
}

function rowToLine(row: ExcelJS.Row): { line: string; cells: number } {
  const values: string[] = [];
  let cells = 0;
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const text = formatCellValue(cell.value);
    if (text === '') return;
    cells += 1;
    values[column - 1] = text;
  });
  const line = Array.from(values, (value) => value ?? '')
    .join('\t')
    .replace(/\t+$/, '');
  return { line, cells };
}

function formatCellValue(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return cleanCellText(value);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return formatDate(value);
  if ('richText' in value) return cleanCellText(value.richText.map((run) => run.text).join(''));
  if ('error' in value) return value.error;
  if ('hyperlink' in value) return formatCellValue(value.text);
  if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
    return value.result === undefined ? '' : formatCellValue(value.result);
  }
  return '';
}

function cleanCellText(text: string): string {
  // One cell must stay on one line or the tab-separated row falls apart.
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/\t/g, ' ')
    .trim();
}

function formatNumber(value: number): string {
  // Binary floating point noise (0.1 + 0.2) is not what the user typed.
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : String(value);
}

function formatDate(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}

// ---------------------------------------------------------------------------------------------------------------
// csv

async function extractCsv(input: ExtractorInput, limits: SpreadsheetLimits): Promise<Extraction> {
  const bytes = await readHead(input.path, limits.maxTextLength * 2);
  const text = decodeText(bytes.data, { truncated: bytes.truncated });
  const delimiter = detectDelimiter(text);
  const budget = new Budget(limits);
  const lines: string[] = [];
  for (const record of parseCsv(text, delimiter)) {
    const cells = record.map(cleanCellText);
    const line = cells.join('\t').replace(/\t+$/, '');
    if (line === '') continue;
    if (!budget.take(line, cells.filter((cell) => cell !== '').length)) break;
    lines.push(line);
  }
  return { pages: [{ pageNumber: 1, text: lines.join('\n') }], metadata: {} };
}

async function readHead(filePath: string, maxBytes: number): Promise<{ data: Buffer; truncated: boolean }> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const data = Buffer.alloc(length);
    let offset = 0;
    while (offset < length) {
      const { bytesRead } = await handle.read(data, offset, length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return { data: data.subarray(0, offset), truncated: size > length };
  } finally {
    await handle.close();
  }
}

/**
 * UTF-8 (with or without BOM) when the bytes are valid UTF-8, UTF-16 when a BOM says so (Excel's "Unicode text"),
 * otherwise Windows-1252, which is what Norwegian Excel writes for "CSV (semikolonseparert)".
 */
export function decodeText(data: Buffer, options: { truncated?: boolean } = {}): string {
  if (data[0] === 0xff && data[1] === 0xfe) return iconv.decode(data.subarray(2), 'utf-16le');
  if (data[0] === 0xfe && data[1] === 0xff) return iconv.decode(data.subarray(2), 'utf-16be');
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    // `stream: true` lets a multi-byte character cut off by the read limit pass without failing the whole file.
    return new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: options.truncated === true });
  } catch {
    return iconv.decode(body, 'windows-1252');
  }
}

const DELIMITERS = [';', '\t', ','] as const;

/**
 * The delimiter that splits the first lines into the same number of fields; `;` wins ties because Norwegian CSV
 * uses `;` with decimal commas ("12,5"), which would fool a comma count.
 */
function detectDelimiter(text: string): string {
  const sample = [...parseCsvLines(text.slice(0, 64 * 1024))].filter((line) => line.trim() !== '').slice(0, 20);
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.every((count) => count === first);
    const score = (consistent ? 1_000_000 : 0) + counts.reduce((sum, count) => sum + count, 0);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** Physical records (quoted newlines kept inside), for the delimiter sample. */
function* parseCsvLines(text: string): Generator<string> {
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) {
      yield text.slice(start, i);
      start = i + 1;
    }
  }
  if (start < text.length) yield text.slice(start);
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
  }
  return count;
}

/** RFC 4180 records: quoted fields may hold delimiters, newlines and doubled quotes. */
export function* parseCsv(text: string, delimiter: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      yield record;
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
