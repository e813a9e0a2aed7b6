import { describe, expect, it } from 'vitest';
import { exportPathOf, progressBar } from '../../src/cli/partner.cli.js';

describe('where byggdok export puts a document', () => {
  it('keeps its folders and never climbs out of the export folder', () => {
    expect(exportPathOf({ id: 'doc_1', filename: 'a.pdf', originalPath: 'RIV/FDV/a.pdf' })).toBe('RIV/FDV/a.pdf');
    expect(exportPathOf({ id: 'doc_1', filename: 'a.pdf', originalPath: '../../etc/passwd' })).toBe('etc/passwd');
    expect(exportPathOf({ id: 'doc_1', filename: 'a.pdf', originalPath: '/abs\\\\win\\\\b.pdf' })).toBe(
      'abs/win/b.pdf',
    );
    expect(exportPathOf({ id: 'doc_1', filename: 'a.pdf', originalPath: '' })).toBe('a.pdf');
    expect(exportPathOf({ id: 'doc_1', filename: '..', originalPath: '../..' })).toBe('doc_1');
  });
});

describe('the progress bar of upload and export', () => {
  /** a terminal that keeps what was drawn */
  function terminal(isTTY: boolean) {
    const written: string[] = [];
    return { stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream, written };
  }

  it('redraws one line with files and megabytes on a terminal', () => {
    const { stream, written } = terminal(true);
    const bar = progressBar({ total: 4, verb: 'files', stream });
    bar.tick(1024 * 1024);
    bar.tick(512 * 1024);
    bar.end();
    expect(written).toEqual([
      '\r[..............................] 0/4 files, 0.0 MB',
      '\r[########......................] 1/4 files, 1.0 MB',
      '\r[###############...............] 2/4 files, 1.5 MB',
      '\n',
    ]);
  });

  it('draws nothing into a pipe or a log', () => {
    const { stream, written } = terminal(false);
    const bar = progressBar({ total: 2, verb: 'files', stream });
    bar.tick(10);
    bar.end();
    expect(written).toEqual([]);
  });
});
