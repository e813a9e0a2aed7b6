/**
 * The streams of an OLE compound file (Excel 97-2003, PowerPoint 97-2003), read with the `cfb` package, and the
 * document properties every such file carries in its `\u0005SummaryInformation` stream (MS-OLEPS).
 */
import CFB from 'cfb';
import iconv from 'iconv-lite';
import { CorruptFileError, type Extraction } from '../../domain/pipeline/extraction.types.js';

export interface CompoundFile {
  /** a stream's bytes by its name (case as the writer spelled it does not matter), or null */
  stream(name: string): Buffer | null;
}

export function openCompoundFile(data: Buffer, what: string): CompoundFile {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(data, { type: 'buffer' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CorruptFileError(`The ${what} cannot be read: its compound file is damaged (${reason})`, {
      cause: error,
    });
  }
  return {
    stream(name) {
      const wanted = name.toLowerCase();
      const index = container.FullPaths.findIndex(
        (path, i) => container.FileIndex[i]?.type === 2 && path.split('/').at(-1)?.toLowerCase() === wanted,
      );
      const content = index >= 0 ? container.FileIndex[index]?.content : undefined;
      if (!content) return null;
      return Buffer.isBuffer(content) ? content : Buffer.from(content as ArrayLike<number>);
    },
  };
}

const VT_I2 = 2;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;
const VT_FILETIME = 0x40;
const PID_CODEPAGE = 1;
const FIELDS: Readonly<Record<number, 'title' | 'subject' | 'author' | 'keywords'>> = {
  2: 'title',
  3: 'subject',
  4: 'author',
  5: 'keywords',
};
const PID_CREATE_DTM = 12;
/** 100-nanosecond ticks between 1601-01-01 (FILETIME) and 1970-01-01 */
const FILETIME_EPOCH = 116_444_736_000_000_000n;

/**
 * Title, subject, author, keywords and creation time from the summary information, as far as they are there. A
 * damaged property set gives what was read before the damage.
 */
export function summaryInformation(file: CompoundFile): { title?: string } & Extraction['metadata'] {
  const data = file.stream('\u0005SummaryInformation');
  const found: { title?: string } & Extraction['metadata'] = {};
  if (!data || data.length < 48 || data.readUInt16LE(0) !== 0xfffe) return found;
  try {
    const section = data.readUInt32LE(44);
    const count = Math.min(data.readUInt32LE(section + 4), 256);
    const properties = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      properties.set(data.readUInt32LE(section + 8 + i * 8), section + data.readUInt32LE(section + 12 + i * 8));
    }
    const codePageAt = properties.get(PID_CODEPAGE);
    const codePage =
      codePageAt !== undefined && data.readUInt32LE(codePageAt) === VT_I2 ? data.readUInt16LE(codePageAt + 4) : 1252;
    const encoding = codePage === 65001 ? 'utf8' : iconv.encodingExists(`cp${codePage}`) ? `cp${codePage}` : 'cp1252';
    for (const [id, at] of properties) {
      const type = data.readUInt32LE(at);
      const field = FIELDS[id];
      if (field && (type === VT_LPSTR || type === VT_LPWSTR)) {
        const length = data.readUInt32LE(at + 4);
        const bytes =
          type === VT_LPSTR ? data.subarray(at + 8, at + 8 + length) : data.subarray(at + 8, at + 8 + length * 2);
        const text = (type === VT_LPSTR ? iconv.decode(bytes, encoding) : bytes.toString('utf16le'))
          .replace(/\0[\s\S]*$/, '')
          .trim();
        if (text) found[field] = text;
      } else if (id === PID_CREATE_DTM && type === VT_FILETIME) {
        const ticks = data.readBigUInt64LE(at + 4);
        const ms = Number((ticks - FILETIME_EPOCH) / 10_000n);
        // Office writes 0 for "never"; anything before 1980 is no real creation time
        if (ms > Date.UTC(1980, 0, 1)) found.createdAt = new Date(ms).toISOString();
      }
    }
  } catch {
    // a property set that ends early: what was read stands
  }
  return found;
}

/** a record reader that runs off the end of a damaged stream (a RangeError) reports a corrupt file, not a crash */
export function readRecords<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CorruptFileError(`The ${what} is damaged: a record runs past the end of its stream`, { cause: error });
    }
    throw error;
  }
}
