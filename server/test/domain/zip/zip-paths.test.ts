import { describe, expect, it } from 'vitest';
import { zipPaths } from '../../../src/domain/zip/zip.service.js';

const paths = (...uploads: string[]) =>
  zipPaths(uploads.map((originalPath) => ({ originalPath, filename: originalPath.split('/').at(-1)! })));

/**
 * An entry named as a Windows device (`CON.pdf`, `nul.txt`, `COM1`) cannot be unpacked on Windows: Explorer refuses
 * it, and a program writing it opens the device instead of a file.
 */
describe('zip entry names on Windows', () => {
  it('gives a file or folder named as a device a leading `_`, whatever follows its first dot and in any case', () => {
    expect(
      paths(
        'CON.pdf',
        'Tegninger/nul.tar.gz',
        'Aux/FDV.pdf',
        'LPT9 .pdf',
        'com¹.txt',
        'Com0.docx',
        'PRN',
        'conout$.log',
      ),
    ).toEqual([
      '_CON.pdf',
      'Tegninger/_nul.tar.gz',
      '_Aux/FDV.pdf',
      '_LPT9 .pdf',
      '_com¹.txt',
      '_Com0.docx',
      '_PRN',
      '_conout$.log',
    ]);
  });

  it('leaves names that only begin like a device as they are', () => {
    const names = ['CONTRACT.pdf', 'Console.pdf', 'COM10.pdf', 'LPT.pdf', 'AUX-rom.pdf', 'Nullpunkt.pdf', 'prn_1.pdf'];
    expect(paths(...names)).toEqual(names);
  });

  it('does not let a renamed device name land on a file already called so', () => {
    // a trailing dot or space is dropped too: `CON.` and `CON ` are Windows's `CON`
    expect(paths('_CON.pdf', 'CON.pdf', 'con .pdf', 'CON.pdf.')).toEqual([
      '_CON.pdf',
      '_CON (2).pdf',
      '_con .pdf',
      '_CON (3).pdf',
    ]);
  });
});
