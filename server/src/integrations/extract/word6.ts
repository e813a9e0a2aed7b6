/**
 * Word 6.0 and Word 95 documents (`.doc` whose WordDocument stream starts with the 0xA5DC signature): the body text,
 * stored as 8-bit characters in the code page of the document's language. A document saved in full keeps its text
 * in one run from fcMin; one saved incrementally ("fast save") keeps it in pieces listed by a piece table, which is
 * followed where it can be read. The format's layout is that of the FIB of Word 6 ([MS-DOC]'s predecessors, as
 * wvWare and Apache POI read it).
 */
import iconv from 'iconv-lite';
import { CorruptFileError } from '../../domain/pipeline/extraction.types.js';

export const WORD6_SIGNATURE = 0xa5dc;

const FIB = {
  ident: 0x00,
  nFib: 0x02,
  lid: 0x06,
  flags: 0x0a,
  fcMin: 0x18,
  fcMac: 0x1c,
  ccpText: 0x34,
  fcClx: 0x160,
  lcbClx: 0x164,
} as const;
const COMPLEX = 0x0004;
const ENCRYPTED = 0x0100;

/** Windows code pages of the languages Word 6/95 wrote in other than Western ones (by language id) */
const CODE_PAGES: Readonly<Record<number, string>> = {
  0x0419: 'windows-1251', // Russian
  0x0422: 'windows-1251', // Ukrainian
  0x0423: 'windows-1251', // Belarusian
  0x0402: 'windows-1251', // Bulgarian
  0x0c1a: 'windows-1251', // Serbian (Cyrillic)
  0x0405: 'windows-1250', // Czech
  0x0415: 'windows-1250', // Polish
  0x040e: 'windows-1250', // Hungarian
  0x041b: 'windows-1250', // Slovak
  0x0424: 'windows-1250', // Slovenian
  0x041a: 'windows-1250', // Croatian
  0x0418: 'windows-1250', // Romanian
  0x0408: 'windows-1253', // Greek
  0x041f: 'windows-1254', // Turkish
  0x040d: 'windows-1255', // Hebrew
  0x0401: 'windows-1256', // Arabic
  0x0425: 'windows-1257', // Estonian
  0x0426: 'windows-1257', // Latvian
  0x0427: 'windows-1257', // Lithuanian
};

export function isWord6(wordDocument: Buffer): boolean {
  return wordDocument.length >= 0x40 && wordDocument.readUInt16LE(FIB.ident) === WORD6_SIGNATURE;
}

/** The body text of a Word 6/95 WordDocument stream, with Word's marks turned into line ends and tabs. */
export function readWord6Text(stream: Buffer): { text: string; partial: boolean } {
  if (stream.length < 0x170)
    throw new CorruptFileError('The Word 6/95 document cannot be read: its header is cut short');
  const flags = stream.readUInt16LE(FIB.flags);
  if (flags & ENCRYPTED) {
    throw new CorruptFileError('The Word 6/95 document is encrypted with a password; its text cannot be read');
  }
  const codePage = CODE_PAGES[stream.readUInt16LE(FIB.lid)] ?? 'windows-1252';
  const fcMin = stream.readUInt32LE(FIB.fcMin);
  const fcMac = stream.readUInt32LE(FIB.fcMac);
  const ccpText = stream.readUInt32LE(FIB.ccpText);
  if (fcMin > stream.length || fcMac > stream.length || fcMac < fcMin) {
    throw new CorruptFileError('The Word 6/95 document cannot be read: its text lies outside the file');
  }
  const decode = (start: number, end: number) => iconv.decode(stream.subarray(start, end), codePage);
  if (!(flags & COMPLEX)) {
    return { text: cleanWordText(decode(fcMin, Math.min(fcMin + ccpText, fcMac))), partial: false };
  }
  const pieces = readPieceTable(stream, ccpText);
  if (pieces) return { text: cleanWordText(pieces.map(([start, end]) => decode(start, end)).join('')), partial: false };
  // a fast-saved file whose piece table cannot be followed: its stored text, in stored order
  return { text: cleanWordText(decode(fcMin, fcMac)), partial: true };
}

/** byte ranges of the body's pieces in text order, from the CLX in the WordDocument stream; null when unreadable */
function readPieceTable(stream: Buffer, ccpText: number): [number, number][] | null {
  const fcClx = stream.readUInt32LE(FIB.fcClx);
  const lcbClx = stream.readUInt32LE(FIB.lcbClx);
  if (fcClx === 0 || lcbClx === 0 || fcClx + lcbClx > stream.length) return null;
  let offset = fcClx;
  const end = fcClx + lcbClx;
  // grpprls (type 1, each with a 2-byte size) come first, then the piece descriptors (type 2)
  while (offset < end && stream[offset] === 1) offset += 3 + stream.readUInt16LE(offset + 1);
  if (offset + 5 > end || stream[offset] !== 2) return null;
  const size = stream.readUInt32LE(offset + 1);
  const plc = offset + 5;
  if (plc + size > end) return null;
  // a PLC of n+1 character positions then n 8-byte piece descriptors
  const count = (size - 4) / 12;
  if (!Number.isInteger(count) || count < 1) return null;
  const pieces: [number, number][] = [];
  for (let index = 0; index < count; index += 1) {
    const cpStart = stream.readUInt32LE(plc + index * 4);
    if (cpStart >= ccpText) break;
    const cpEnd = Math.min(stream.readUInt32LE(plc + (index + 1) * 4), ccpText);
    const fc = stream.readUInt32LE(plc + (count + 1) * 4 + index * 8 + 2);
    if (cpEnd < cpStart || fc + (cpEnd - cpStart) > stream.length) return null;
    pieces.push([fc, fc + (cpEnd - cpStart)]);
  }
  return pieces;
}

/* eslint-disable no-control-regex -- Word's marks are exactly these control characters */
/** a field: begin mark, its code, the separator; its result follows and the end mark closes it */
const FIELD_CODE = /\u0013[^\u0013\u0014\u0015]*\u0014?/g;
const FIELD_END = /\u0015/g;
const LINE_MARKS = /\r|\u000b/g;
const CELL_MARK = /\u0007/g;
/** other marks (pictures, footnote anchors) carry no words */
const OTHER_MARKS = /[\u0000-\u0008\u000e-\u001f]/g;
/* eslint-enable no-control-regex */

/** paragraph and cell marks to line ends and tabs; a field's code dropped and its result kept */
function cleanWordText(text: string): string {
  return text
    .replace(FIELD_CODE, '')
    .replace(FIELD_END, '')
    .replace(LINE_MARKS, '\n')
    .replace(CELL_MARK, '\t')
    .replace(OTHER_MARKS, ' ');
}
