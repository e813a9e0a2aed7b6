import { describe, expect, it } from 'vitest';
import { exportPathOf } from '../../src/cli/partner.cli.js';

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
