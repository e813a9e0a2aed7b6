/**
 * Excel 97-2003 `.xls` (BIFF8) and Excel 5/95 (BIFF5) workbooks: a page per worksheet, its rows as tab-separated lines,
 * the way `.xlsx` and `.ods` sheets are read. Our own reader of the record stream (MS-XLS), because the one well-known
 * JavaScript reader of the format is no longer published on npm in a safe version: strings from the shared string
 * table (with its CONTINUE records), inline labels, numbers, RK numbers and cached formula results. A number whose
 * cell format shows a date is written as YYYY-MM-DD (a time as HH:MM); other formats (currency, percent) are not applied.
 */
import iconv from 'iconv-lite';
import { readFile } from 'node:fs/promises';
import {
  CorruptFileError,
  EncryptedFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { type CompoundFile, openCompoundFile, readRecords, summaryInformation } from './compound-file.js';
import { tidyText } from './tidy-text.js';

const BOF = 0x0809;
const EOF = 0x000a;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const FILEPASS = 0x002f;
const CODEPAGE = 0x0042;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;
const FORMAT = 0x041e;
const XF = 0x00e0;
const DATEMODE = 0x0022;
const BIFF8 = 0x0600;
const WORKSHEET = 0x0010;

/** a sheet's text stops growing here; the page says so */
const MAX_CELLS_PER_SHEET = 200_000;

interface BiffRecord {
  type: number;
  offset: number;
  data: Buffer;
}

function* records(stream: Buffer): Generator<BiffRecord> {
  let offset = 0;
  while (offset + 4 <= stream.length) {
    const type = stream.readUInt16LE(offset);
    const length = stream.readUInt16LE(offset + 2);
    const end = offset + 4 + length;
    if (end > stream.length) throw new CorruptFileError('The Excel 97-2003 workbook ends in the middle of a record');
    yield { type, offset, data: stream.subarray(offset + 4, end) };
    offset = end;
  }
}

/**
 * Reads across a record and its CONTINUE records: a string's characters may be split between them, and the part in
 * the next record starts with its own byte saying whether the characters are one or two bytes wide.
 */
class SegmentReader {
  private segment = 0;
  private position = 0;

  constructor(private readonly segments: Buffer[]) {}

  private current(): Buffer {
    while (this.segment < this.segments.length && this.position >= this.segments[this.segment]!.length) {
      this.segment += 1;
      this.position = 0;
    }
    const buffer = this.segments[this.segment];
    if (!buffer) throw new RangeError('the shared string table ends early');
    return buffer;
  }

  byte(): number {
    const buffer = this.current();
    return buffer[this.position++]!;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(count: number): void {
    for (let left = count; left > 0;) {
      const buffer = this.current();
      const step = Math.min(left, buffer.length - this.position);
      this.position += step;
      left -= step;
    }
  }

  characters(count: number, wide: boolean): string {
    let text = '';
    let twoBytes = wide;
    for (let left = count; left > 0;) {
      if (this.position >= (this.segments[this.segment]?.length ?? 0)) {
        this.current();
        // a new CONTINUE record: its first byte says how wide the rest of the characters are
        twoBytes = (this.byte() & 1) === 1;
      }
      const buffer = this.current();
      const width = twoBytes ? 2 : 1;
      const fit = Math.min(left, Math.floor((buffer.length - this.position) / width));
      if (fit === 0) throw new RangeError('a character is split between records');
      const bytes = buffer.subarray(this.position, this.position + fit * width);
      text += twoBytes ? bytes.toString('utf16le') : bytes.toString('latin1');
      this.position += fit * width;
      left -= fit;
    }
    return text;
  }

  /** an XLUnicodeRichExtendedString: count, flags, optional run and extension sizes, characters, runs, extension */
  richString(): string {
    const count = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extension = flags & 0x04 ? this.u32() : 0;
    const text = this.characters(count, (flags & 1) === 1);
    this.skip(runs * 4 + extension);
    return text;
  }
}

/** an XLUnicodeString inside one record (BIFF8: 16-bit count and a flags byte; BIFF5: code-page bytes) */
function inlineString(data: Buffer, at: number, biff8: boolean, decode: (bytes: Buffer) => string): string {
  const count = data.readUInt16LE(at);
  if (!biff8) return decode(data.subarray(at + 2, at + 2 + count));
  const wide = (data[at + 2]! & 1) === 1;
  const start = at + 3;
  return wide
    ? data.subarray(start, start + count * 2).toString('utf16le')
    : data.subarray(start, start + count).toString('latin1');
}

/** an RK number: a 30-bit integer or the top of a double, perhaps divided by 100 */
function rkValue(rk: number): number {
  const divided = (rk & 1) === 1;
  let value: number;
  if (rk & 2) {
    value = rk >> 2;
  } else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return divided ? value / 100 : value;
}

function numberText(value: number): string {
  // at most 15 significant digits, as Excel shows them, without a trailing ".0"
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}

/** Excel's built-in formats that show a date (14-22 and the East Asian 27-36, 50-58) or a time (45-47) */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);
const BUILT_IN_DATE_TIME = 22;
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 32, 33, 45, 46, 47, 55, 56]);

type FormatKind = 'date' | 'datetime' | 'time' | 'number';

/** how a number format shows its value: as a date (with its time or not), a time of day, or a number */
function formatKind(code: string): FormatKind {
  // quoted text, escaped characters and [colour] or [$-locale] sections are no date parts
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  const time = /[hs]/i.test(bare);
  if (/[dy]/i.test(bare)) return time ? 'datetime' : 'date';
  return time ? 'time' : 'number';
}

/** the cell formats (XF records) by index, each as what its number format shows */
class CellFormats {
  private readonly custom = new Map<number, FormatKind>();
  private readonly xfs: number[] = [];
  /** the 1904 date system (old Mac workbooks) counts days from 1904-01-01 */
  dates1904 = false;

  addFormat(index: number, code: string): void {
    this.custom.set(index, formatKind(code));
  }

  addXf(formatIndex: number): void {
    this.xfs.push(formatIndex);
  }

  /** a number as the cell's format shows it: dates as YYYY-MM-DD (and HH:MM when the format shows the time) */
  text(value: number, xf: number): string {
    const format = this.xfs[xf];
    const kind: FormatKind =
      format === undefined
        ? 'number'
        : (this.custom.get(format) ??
          (BUILT_IN_DATES.has(format)
            ? 'date'
            : format === BUILT_IN_DATE_TIME
              ? 'datetime'
              : BUILT_IN_TIMES.has(format)
                ? 'time'
                : 'number'));
    if (kind === 'number' || !Number.isFinite(value) || value < 0 || value > 2_958_465) return numberText(value);
    const iso = this.dateOf(value).toISOString();
    const time = iso.slice(11, 16);
    if (kind === 'time') return time;
    return kind === 'datetime' ? `${iso.slice(0, 10)} ${time}` : iso.slice(0, 10);
  }

  private dateOf(serial: number): Date {
    // the 1900 system counts a 29 February 1900 that never was: from serial 61 on, day 0 is 1899-12-30
    const epoch = this.dates1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, serial < 61 ? 31 : 30);
    return new Date(epoch + Math.round(serial * 86_400_000));
  }
}

interface Sheet {
  name: string;
  offset: number;
  cells: Map<number, Map<number, string>>;
  cellCount: number;
}

function setCell(sheet: Sheet, row: number, column: number, text: string): void {
  if (text === '' || sheet.cellCount >= MAX_CELLS_PER_SHEET) return;
  let cells = sheet.cells.get(row);
  if (!cells) sheet.cells.set(row, (cells = new Map<number, string>()));
  if (!cells.has(column)) sheet.cellCount += 1;
  cells.set(column, text.replace(/[\r\n\t]+/g, ' ').trim());
}

function sheetText(sheet: Sheet): string {
  const rows = [...sheet.cells.keys()].sort((a, b) => a - b);
  let firstColumn = Infinity;
  for (const cells of sheet.cells.values())
    for (const column of cells.keys()) firstColumn = Math.min(firstColumn, column);
  return rows
    .map((row) => {
      const cells = sheet.cells.get(row)!;
      const last = Math.max(...cells.keys());
      const line: string[] = [];
      for (let column = firstColumn; column <= last; column++) line.push(cells.get(column) ?? '');
      return line.join('\t');
    })
    .join('\n');
}

export async function extractXls(input: ExtractorInput): Promise<Extraction> {
  const file = openCompoundFile(await readFile(input.path), 'Excel 97-2003 workbook');
  input.signal?.throwIfAborted();
  return readRecords('Excel 97-2003 workbook', () => readWorkbook(file));
}

function readWorkbook(file: CompoundFile): Extraction {
  const stream = file.stream('Workbook') ?? file.stream('Book');
  if (!stream) throw new CorruptFileError('The file is not an Excel workbook: it has no Workbook stream');

  let biff8 = true;
  let decode = (bytes: Buffer): string => iconv.decode(bytes, 'cp1252');
  const strings: string[] = [];
  const sheets: Sheet[] = [];
  const formats = new CellFormats();
  const all: BiffRecord[] = [...records(stream)];
  let index = 0;

  // the workbook globals: sheet names and offsets, the shared strings, the code page, encryption
  for (; index < all.length; index++) {
    const { type, data } = all[index]!;
    if (index === 0) {
      if (type !== BOF) throw new CorruptFileError('The Excel workbook stream does not start with a BOF record');
      biff8 = data.readUInt16LE(0) === BIFF8;
    } else if (type === EOF) {
      index += 1;
      break;
    } else if (type === FILEPASS) {
      throw new EncryptedFileError(
        'Excel 97-2003 workbook is encrypted with a password; its text cannot be read without it',
      );
    } else if (type === FORMAT) {
      const code = biff8 ? inlineString(data, 2, biff8, decode) : decode(data.subarray(3, 3 + data[2]!));
      formats.addFormat(data.readUInt16LE(0), code);
    } else if (type === XF) {
      formats.addXf(data.readUInt16LE(2));
    } else if (type === DATEMODE) {
      formats.dates1904 = data.readUInt16LE(0) === 1;
    } else if (type === CODEPAGE && !biff8) {
      const codePage = data.readUInt16LE(0);
      const encoding = iconv.encodingExists(`cp${codePage}`) ? `cp${codePage}` : 'cp1252';
      decode = (bytes) => iconv.decode(bytes, encoding);
    } else if (type === BOUNDSHEET) {
      // worksheets only: chart sheets and macro sheets have no cells of text
      if (data[5] !== 0) continue;
      const count = data[6]!;
      const name = biff8
        ? (data[7]! & 1) === 1
          ? data.subarray(8, 8 + count * 2).toString('utf16le')
          : data.subarray(8, 8 + count).toString('latin1')
        : decode(data.subarray(7, 7 + count));
      sheets.push({ name, offset: data.readUInt32LE(0), cells: new Map(), cellCount: 0 });
    } else if (type === SST) {
      const segments = [data.subarray(8)];
      while (all[index + 1]?.type === CONTINUE) segments.push(all[++index]!.data);
      const reader = new SegmentReader(segments);
      const unique = data.readUInt32LE(4);
      try {
        for (let i = 0; i < unique; i++) strings.push(reader.richString());
      } catch {
        // a table that ends early: the strings read so far stand, the rest show as empty cells
      }
    }
  }

  const byOffset = new Map(sheets.map((sheet) => [sheet.offset, sheet]));
  let sheet: Sheet | undefined;
  let pendingFormula: { row: number; column: number } | undefined;
  for (; index < all.length; index++) {
    const { type, offset, data } = all[index]!;
    if (type === BOF) {
      sheet = data.readUInt16LE(2) === WORKSHEET ? byOffset.get(offset) : undefined;
      continue;
    }
    if (type === EOF) {
      sheet = undefined;
      continue;
    }
    if (!sheet) continue;
    if (type === STRING && pendingFormula) {
      // a STRING record has no row and column: the FORMULA before it named them
      setCell(sheet, pendingFormula.row, pendingFormula.column, inlineString(data, 0, biff8, decode));
      pendingFormula = undefined;
      continue;
    }
    if (data.length < 6) continue;
    const row = data.readUInt16LE(0);
    const column = data.readUInt16LE(2);
    const xf = data.readUInt16LE(4);
    switch (type) {
      case LABELSST:
        setCell(sheet, row, column, strings[data.readUInt32LE(6)] ?? '');
        break;
      case LABEL:
      case RSTRING:
        setCell(sheet, row, column, inlineString(data, 6, biff8, decode));
        break;
      case NUMBER:
        setCell(sheet, row, column, formats.text(data.readDoubleLE(6), xf));
        break;
      case RK:
        setCell(sheet, row, column, formats.text(rkValue(data.readUInt32LE(6)), xf));
        break;
      case MULRK:
        for (let at = 4, col = column; at + 6 <= data.length - 2; at += 6, col++) {
          setCell(sheet, row, col, formats.text(rkValue(data.readUInt32LE(at + 2)), data.readUInt16LE(at)));
        }
        break;
      case BOOLERR:
        if (data[7] === 0) setCell(sheet, row, column, data[6] ? 'TRUE' : 'FALSE');
        break;
      case FORMULA:
        // the cached result: a number, or (0xFFFF in its top bytes) a string in the STRING record that follows
        if (data.readUInt16LE(12) !== 0xffff) setCell(sheet, row, column, formats.text(data.readDoubleLE(6), xf));
        else if (data[6] === 0) pendingFormula = { row, column };
        else if (data[6] === 1) setCell(sheet, row, column, data[8] ? 'TRUE' : 'FALSE');
        break;
      default:
        break;
    }
  }

  const pages: ExtractedPage[] = sheets.map((each, i) => ({
    pageNumber: i + 1,
    text: each.cells.size ? tidyText(sheetText(each)) : '',
    label: each.name,
  }));
  const { title, ...metadata } = summaryInformation(file);
  return {
    pages,
    metadata,
    ...(title ? { title } : {}),
    ...(sheets.some((each) => each.cellCount >= MAX_CELLS_PER_SHEET)
      ? { note: `Only the first ${MAX_CELLS_PER_SHEET} cells of a sheet were read` }
      : {}),
  };
}
