/**
 * Spreadsheets for search: .xlsx (one page per sheet, label = sheet name, rows as tab-separated lines) and .csv
 * (one page). The text is for finding the document, not an exact replica, so reading stops at a cell and text budget
 * (defaults: 2 million cells, 20 MB of text): an equipment register with a million rows is found by its first ones.
 */
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
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
  findMainPart,
  parseOrderedXml,
  prefixedAttrOf,
  readCoreProperties,
  readRelationships,
  relsPathFor,
  optional,
  type OfficeRelationship,
} from './docx.extractor.js';
import { openZipParts } from './unzip.js';

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

/**
 * A workbook read part by part, by name, whatever order its writer stored them in: the workbook (sheet names, tab
 * order, the 1904 date system), its relationships (which part is which sheet, the shared strings, the styles), the
 * shared strings and the date styles, then each sheet streamed row by row.
 */
async function extractXlsx(input: ExtractorInput, limits: SpreadsheetLimits): Promise<Extraction> {
  const zip = await openZipParts({ zipPath: input.path });
  try {
    const readPart = async (name: string | undefined) => (name ? zip.read(zip.find(name) ?? name) : undefined);
    const parts = new Map<string, Buffer>();
    for (const name of ['_rels/.rels', 'docProps/core.xml', 'docProps/app.xml']) {
      const part = await readPart(name);
      if (part) parts.set(name, part);
    }
    const workbookPart = zip.find(findMainPart(parts, 'xl/workbook.xml')) ?? zip.find('xl/workbook.xml');
    const workbookXml = await readPart(workbookPart);
    if (!workbookPart || !workbookXml) throw new CorruptFileError('not an Excel workbook: xl/workbook.xml is missing');
    const relationships = readRelationships(await readPart(relsPathFor(workbookPart)), workbookPart);
    const target = (type: RegExp, fallback: string) =>
      zip.find(relationships.find((rel) => type.test(rel.type))?.target ?? fallback) ?? zip.find(fallback);
    const workbook = readWorkbook(workbookXml, relationships);
    const strings = await readSharedStrings(await zip.stream(target(/\/sharedStrings$/, 'xl/sharedStrings.xml') ?? ''));
    const dateStyles = readDateStyles(await readPart(target(/\/styles$/, 'xl/styles.xml')));

    const budget = new Budget(limits);
    const pages: ExtractedPage[] = [];
    for (const sheet of workbook.sheets) {
      input.signal?.throwIfAborted();
      const source = await zip.stream(zip.find(sheet.part) ?? sheet.part);
      if (!source) continue;
      const lines = await readSheetRows({
        source,
        cell: { strings, dateStyles, date1904: workbook.date1904 },
        budget,
        signal: input.signal,
      });
      pages.push({ pageNumber: pages.length + 1, text: lines.join('\n'), label: sheet.name });
      if (budget.full) break;
    }
    const core = readCoreProperties(parts);
    return {
      pages: pages.length > 0 ? pages : [{ pageNumber: 1, text: '' }],
      ...optional('title', core.title),
      metadata: core.metadata,
    };
  } catch (error) {
    if (error instanceof CorruptFileError || isAbortError(error)) throw error;
    throw new CorruptFileError('Excel workbook cannot be read', { cause: error });
  } finally {
    zip.close();
  }
}

function localTag(name: string): string {
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/** the sheets in tab order with the part each is stored in, and whether dates count from 1904 */
function readWorkbook(
  workbookXml: Buffer,
  relationships: readonly OfficeRelationship[],
): { sheets: { name: string; part: string }[]; date1904: boolean } {
  const targets = new Map(
    relationships.filter((rel) => /\/worksheet$/.test(rel.type)).map((rel) => [rel.id, rel.target]),
  );
  const nodes = parseOrderedXml(workbookXml);
  const properties = findAll(nodes, 'workbookPr')[0];
  const date1904 = ['1', 'true'].includes(attrOf(properties, 'date1904') ?? '');
  const sheets = findAll(nodes, 'sheet').flatMap((node, index) => {
    const part = targets.get(prefixedAttrOf(node, 'id') ?? '');
    // a chart sheet has no cells
    if (!part) return [];
    return [{ name: attrOf(node, 'name') ?? `Sheet${index + 1}`, part }];
  });
  return { sheets, date1904 };
}

/** Streams an XML part through saxes; `stop` ends the reading early (the budget is spent). */
async function walkXml(params: {
  source: Readable;
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
  stop?: () => boolean;
  signal?: AbortSignal | undefined;
}): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  const { open, text, close } = params;
  if (open) parser.on('opentag', (tag) => open(localTag(tag.name), tag.attributes as Record<string, string>));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag) => close(localTag(tag.name)));
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of params.source as AsyncIterable<Buffer>) {
      params.signal?.throwIfAborted();
      parser.write(decoder.decode(chunk, { stream: true }));
      if (failure) throw new CorruptFileError(`Excel XML cannot be read: ${failure.message}`, { cause: failure });
      if (params.stop?.()) return;
    }
    parser.write(decoder.decode()).close();
    if (failure) throw new CorruptFileError(`Excel XML cannot be read: ${failure.message}`, { cause: failure });
  } finally {
    params.source.destroy();
  }
}

/** the shared string table: each `si`'s text runs joined, without phonetic guides */
async function readSharedStrings(source: Readable | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!source) return strings;
  let current: string | null = null;
  let inText = 0;
  let inPhonetic = 0;
  await walkXml({
    source,
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't') inText += 1;
      else if (name === 'rPh') inPhonetic += 1;
    },
    text: (text) => {
      if (current !== null && inText > 0 && inPhonetic === 0) current += text;
    },
    close: (name) => {
      if (name === 't') inText -= 1;
      else if (name === 'rPh') inPhonetic -= 1;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    },
  });
  return strings;
}

/** built-in number formats that show a date or a time (ECMA-376 18.8.30, and the East Asian ones) */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/** whether a format code shows a date or time: a d, m, y, h or s outside quotes, escapes and [colour] brackets */
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** the indexes of the cell styles (`s` of a cell) whose number format is a date */
function readDateStyles(stylesXml: Buffer | undefined): ReadonlySet<number> {
  const dates = new Set<number>();
  if (!stylesXml) return dates;
  const nodes = parseOrderedXml(stylesXml);
  const custom = new Map<number, string>();
  for (const node of findAll(nodes, 'numFmt')) {
    custom.set(Number(attrOf(node, 'numFmtId')), attrOf(node, 'formatCode') ?? '');
  }
  const cellXfs = findAll(nodes, 'cellXfs')[0];
  (cellXfs ? findAll([cellXfs], 'xf') : []).forEach((node, index) => {
    const id = Number(attrOf(node, 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id)) dates.add(index);
  });
  return dates;
}

interface CellContext {
  strings: readonly string[];
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
}

/** `AB12` -> 27 (0-based column) */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference ? /^[A-Za-z]+/.exec(reference)?.[0] : undefined;
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

const DAY_MS = 86_400_000;

/** a cell's text as a person reads it: shared and inline strings, numbers without float noise, dates as dates */
function cellText(cell: { type: string; style: number; value: string; inline: string }, context: CellContext): string {
  const { type, value } = cell;
  switch (type) {
    case 's':
      return cleanCellText(context.strings[Number(value)] ?? '');
    case 'inlineStr':
      return cleanCellText(cell.inline);
    case 'str':
    case 'e':
      return cleanCellText(value);
    case 'b':
      return value === '' ? '' : value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'd': {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? cleanCellText(value) : formatDate(date);
    }
    default: {
      if (value.trim() === '') return cleanCellText(cell.inline);
      const number = Number(value);
      if (!Number.isFinite(number)) return cleanCellText(value);
      if (context.dateStyles.has(cell.style)) {
        // Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included), or 1904-01-01 in the Mac system
        const epoch = context.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
        return formatDate(new Date(epoch + Math.round(number * DAY_MS)));
      }
      return formatNumber(number);
    }
  }
}

/** One sheet's rows as tab-separated lines (cells in their columns), until the budget is spent. */
async function readSheetRows(params: {
  source: Readable;
  cell: CellContext;
  budget: Budget;
  signal?: AbortSignal | undefined;
}): Promise<string[]> {
  const { budget } = params;
  const lines: string[] = [];
  let values: string[] = [];
  let cells = 0;
  let column = -1;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let capture: 'value' | 'inline' | null = null;
  await walkXml({
    source: params.source,
    signal: params.signal,
    stop: () => budget.full,
    open: (name, attributes) => {
      if (budget.full) return;
      if (name === 'row') {
        values = [];
        cells = 0;
        column = -1;
      } else if (name === 'c') {
        column = columnOf(attributes.r) ?? column + 1;
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '' };
      } else if (cell && name === 'v') capture = 'value';
      else if (cell && name === 't') capture = 'inline';
    },
    text: (text) => {
      if (!cell || capture === null) return;
      if (capture === 'value') cell.value += text;
      else cell.inline += text;
    },
    close: (name) => {
      if (budget.full) return;
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'c' && cell) {
        const text = cellText(cell, params.cell);
        if (text !== '' && column >= 0) {
          values[column] = text;
          cells += 1;
        }
        cell = null;
      } else if (name === 'row') {
        const line = Array.from(values, (value) => value ?? '')
          .join('\t')
          .replace(/\t+$/, '');
        if (line !== '' && budget.take(line, cells)) lines.push(line);
      }
    },
  });
  return lines;
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
