/**
 * Binary DXF (AutoCAD's "Binary DXF" save option) turned into the ASCII DXF the parser reads: the same group codes and
 * values, written as text. Layout (AutoCAD DXF reference, "Binary DXF Files"): a 22-byte sentinel, then group codes,
 * two bytes little-endian from R13 on (one byte before, 255 announcing a two-byte code), each followed by its value in
 * the binary form its code's range gives: a NUL-terminated string, an 8-byte double, a 2-, 4- or 8-byte integer, a
 * 1-byte boolean, or a chunk of binary data (1-byte length).
 */
import { CorruptFileError } from '../../domain/pipeline/extraction.types.js';

export const BINARY_DXF_SENTINEL = 'AutoCAD Binary DXF\r\n\x1a\0';

type ValueType = 'string' | 'double' | 'int16' | 'int32' | 'int64' | 'bool' | 'binary';

/** the value type of a group code (the ranges of the DXF reference) */
function typeOf(code: number): ValueType {
  const within = (low: number, high: number): boolean => code >= low && code <= high;
  if (within(10, 59) || within(110, 149) || within(210, 239) || within(460, 469) || within(1010, 1059)) return 'double';
  if (within(60, 79) || within(170, 179) || within(270, 289) || within(370, 389) || within(400, 409)) return 'int16';
  if (within(1060, 1070)) return 'int16';
  if (within(90, 99) || within(420, 429) || within(440, 459) || code === 1071) return 'int32';
  if (within(160, 169)) return 'int64';
  if (within(290, 299)) return 'bool';
  if (within(310, 319) || code === 1004) return 'binary';
  return 'string';
}

/** the drawing as ASCII DXF text (strings decoded with `decode`, the drawing's code page) */
export function binaryDxfToText(data: Buffer, decode: (bytes: Buffer) => string): string {
  let offset = BINARY_DXF_SENTINEL.length;
  // R13 and newer write every code in two bytes: the first group (0, "SECTION") then starts 00 00
  const wideCodes = data[offset] === 0 && data[offset + 1] === 0;
  const need = (bytes: number): void => {
    if (offset + bytes > data.length) throw new CorruptFileError('binary DXF ends in the middle of a group');
  };
  const lines: string[] = [];
  while (offset < data.length) {
    let code: number;
    if (wideCodes) {
      need(2);
      code = data.readInt16LE(offset);
      offset += 2;
    } else {
      need(1);
      code = data[offset]!;
      offset += 1;
      if (code === 255) {
        need(2);
        code = data.readInt16LE(offset);
        offset += 2;
      }
    }
    let value: string;
    switch (typeOf(code)) {
      case 'string': {
        const end = data.indexOf(0, offset);
        if (end < 0) throw new CorruptFileError('binary DXF string without its end');
        value = decode(data.subarray(offset, end));
        offset = end + 1;
        break;
      }
      case 'double':
        need(8);
        value = String(data.readDoubleLE(offset));
        offset += 8;
        break;
      case 'int16':
        need(2);
        value = String(data.readInt16LE(offset));
        offset += 2;
        break;
      case 'int32':
        need(4);
        value = String(data.readInt32LE(offset));
        offset += 4;
        break;
      case 'int64':
        need(8);
        value = String(data.readBigInt64LE(offset));
        offset += 8;
        break;
      case 'bool':
        need(1);
        value = String(data[offset]);
        offset += 1;
        break;
      case 'binary': {
        need(1);
        const length = data[offset]!;
        need(1 + length);
        value = data
          .subarray(offset + 1, offset + 1 + length)
          .toString('hex')
          .toUpperCase();
        offset += 1 + length;
        break;
      }
    }
    lines.push(String(code), value);
    if (code === 0 && value === 'EOF') break;
  }
  return `${lines.join('\n')}\n`;
}
