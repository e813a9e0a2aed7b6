import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { cleanMText, extractDxf } from '../../../src/integrations/extract/dxf.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-dxf-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** DXF is pairs of lines: a group code, then its value. */
function dxf(groups: readonly (readonly [number, string | number])[]): string {
  return groups.map(([code, value]) => `${String(code).padStart(3, ' ')}\r\n${value}\r\n`).join('');
}

const attrib = (tag: string, value: string): [number, string | number][] => [
  [0, 'ATTRIB'],
  [8, 'TITTEL'],
  [67, 1],
  [10, 0],
  [20, 0],
  [30, 0],
  [40, 2.5],
  [1, value],
  [2, tag],
  [70, 0],
];

const GROUPS: readonly (readonly [number, string | number])[] = [
  [0, 'SECTION'],
  [2, 'HEADER'],
  [9, '$ACADVER'],
  [1, 'AC1015'],
  [9, '$DWGCODEPAGE'],
  [3, 'ANSI_1252'],
  [9, '$TDCREATE'],
  [40, 2460447.5],
  [0, 'ENDSEC'],
  [0, 'SECTION'],
  [2, 'BLOCKS'],
  [0, 'BLOCK'],
  [8, '0'],
  [2, 'TITTELFELT'],
  [70, 2],
  [10, 0],
  [20, 0],
  [30, 0],
  [3, 'TITTELFELT'],
  [0, 'TEXT'],
  [8, '0'],
  [10, 0],
  [20, 0],
  [30, 0],
  [40, 2],
  [1, 'Tegningsnr.'],
  [0, 'ATTDEF'],
  [8, '0'],
  [10, 0],
  [20, 0],
  [30, 0],
  [40, 2],
  [1, 'XXX'],
  [3, 'Tegningsnummer'],
  [2, 'TEGNINGSNR'],
  [70, 0],
  [0, 'ATTDEF'],
  [8, '0'],
  [10, 0],
  [20, 0],
  [30, 0],
  [40, 2],
  [1, 'Arkitektkontoret Fjord AS'],
  [3, 'Firma'],
  [2, 'FIRMA'],
  [70, 2],
  [0, 'ENDBLK'],
  [8, '0'],
  [0, 'ENDSEC'],
  [0, 'SECTION'],
  [2, 'ENTITIES'],
  [0, 'TEXT'],
  [8, 'TEKST'],
  [10, 10],
  [20, 10],
  [30, 0],
  [40, 3.5],
  [1, 'Plan 1. etasje %%c100 rør'],
  [0, 'MTEXT'],
  [8, 'TEKST'],
  [10, 10],
  [20, 20],
  [30, 0],
  [40, 2.5],
  // AutoCAD cuts long MTEXT into 250-character chunks (group 3) anywhere, even inside a word.
  [3, '{\\fArial|b1|i0|c0|p34;Brannplan}\\PRømningsvei mot \\U+00D8st og trap'],
  [1, 'perom {\\H0.7x;\\C1;T2}\\Ptakhøyde 2,4 m'],
  // A door tag in model space that also has a REV attribute: the title block's revision must win.
  [0, 'INSERT'],
  [8, 'DØRER'],
  [66, 1],
  [2, 'DØRMERKE'],
  [10, 5],
  [20, 5],
  [30, 0],
  [0, 'ATTRIB'],
  [8, 'DØRER'],
  [10, 5],
  [20, 5],
  [30, 0],
  [40, 1],
  [1, 'X'],
  [2, 'REV'],
  [70, 0],
  [0, 'SEQEND'],
  [8, 'DØRER'],
  [0, 'INSERT'],
  [8, 'TITTEL'],
  [67, 1],
  [66, 1],
  [2, 'TITTELFELT'],
  [10, 0],
  [20, 0],
  [30, 0],
  ...attrib('TEGNINGSNR', 'A-101'),
  ...attrib('REV', 'B'),
  ...attrib('DATO', '17.05.2024'),
  ...attrib('TITTEL', 'Plan 1. etasje'),
  ...attrib('MÅLESTOKK', '1:100'),
  [0, 'SEQEND'],
  [8, 'TITTEL'],
  [0, 'ENDSEC'],
  [0, 'EOF'],
];
const DRAWING = dxf(GROUPS);

describe('extractDxf', () => {
  it('reads text, MTEXT without formatting codes, and the title block attributes', async () => {
    const filePath = path.join(workDir, 'A-101.dxf');
    // An R2000 drawing is stored in its ANSI code page, not UTF-8.
    await writeFile(filePath, iconv.encode(DRAWING, 'windows-1252'));

    const result = await extractDxf(extractorInput(filePath, 'dxf'));

    expect(result.attributes).toEqual({
      TEGNINGSNR: 'A-101',
      REV: 'B',
      DATO: '17.05.2024',
      TITTEL: 'Plan 1. etasje',
      MÅLESTOKK: '1:100',
      FIRMA: 'Arkitektkontoret Fjord AS',
    });
    expect(result.title).toBe('Plan 1. etasje');
    expect(result.pages).toHaveLength(1);
    const text = result.pages[0]!.text;
    expect(text).toContain('TEGNINGSNR: A-101');
    expect(text).toContain('Plan 1. etasje Ø100 rør');
    expect(text).toContain('Brannplan\nRømningsvei mot Øst og trapperom T2\ntakhøyde 2,4 m');
    expect(text).toContain('Tegningsnr.');
    expect(text).not.toContain('\\P');
    expect(text).not.toContain('XXX');
    expect(result.metadata.createdAt).toBe('2024-05-17T00:00:00.000Z');
  });

  // AutoCAD's "Binary DXF": the same groups, codes as 2 bytes (R13 on) or 1 byte (R12), values in binary
  it.each([
    ['R2000 (two-byte group codes)', true],
    ['R12 (one-byte group codes)', false],
  ])('reads a binary DXF as its ASCII twin: %s', async (_label, wide) => {
    const parts: Buffer[] = [Buffer.from('AutoCAD Binary DXF\r\n\x1a\0', 'latin1')];
    for (const [code, value] of GROUPS) {
      const codeBytes = Buffer.alloc(wide ? 2 : 1);
      if (wide) codeBytes.writeInt16LE(code);
      else codeBytes.writeUInt8(code);
      parts.push(codeBytes);
      if ((code >= 10 && code <= 59) || (code >= 1010 && code <= 1059)) {
        const double = Buffer.alloc(8);
        double.writeDoubleLE(Number(value));
        parts.push(double);
      } else if (code >= 60 && code <= 79) {
        const short = Buffer.alloc(2);
        short.writeInt16LE(Number(value));
        parts.push(short);
      } else {
        parts.push(iconv.encode(String(value), 'windows-1252'), Buffer.from([0]));
      }
    }
    const filePath = path.join(workDir, 'A-101-binary.dxf');
    await writeFile(filePath, Buffer.concat(parts));
    const asciiPath = path.join(workDir, 'A-101.dxf');
    await writeFile(asciiPath, iconv.encode(DRAWING, 'windows-1252'));

    const binary = await extractDxf(extractorInput(filePath, 'dxf'));
    const ascii = await extractDxf(extractorInput(asciiPath, 'dxf'));
    expect(binary.attributes).toEqual(ascii.attributes);
    expect(binary.pages).toEqual(ascii.pages);
    expect(binary.pages[0]!.text).toContain('Brannplan\nRømningsvei mot Øst og trapperom T2');
  });

  it('reports a file that is not DXF as corrupt', async () => {
    const filePath = path.join(workDir, 'broken.dxf');
    await writeFile(filePath, 'this is not a drawing\n');

    await expect(extractDxf(extractorInput(filePath, 'dxf'))).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('cleanMText', () => {
  it('removes fonts, heights, colours and stacking but keeps escaped braces and backslashes', () => {
    expect(cleanMText('{\\fTimes New Roman|b0;\\L1\\S1/2;" dør\\l} \\{x\\} a\\\\b\\~c')).toBe('11/2" dør {x} a\\b c');
  });
});
