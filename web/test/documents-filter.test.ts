import { describe, expect, it } from 'vitest';
import type { DocumentRow } from '../src/api.js';
import {
  categoryTree,
  facet,
  filterDocuments,
  mergeDocuments,
  NO_FILTER,
  processingState,
} from '../src/documents-filter.js';

let counter = 0;
function row(patch: Partial<DocumentRow>): DocumentRow {
  counter += 1;
  return {
    id: `d${counter}`,
    filename: `file-${counter}.pdf`,
    originalPath: `file-${counter}.pdf`,
    buildingCategory: null,
    discipline: null,
    informationType: null,
    informationTypes: [],
    isDrawing: false,
    isSchemaDrawing: false,
    serialNumber: null,
    size: 1000,
    md5Checksum: null,
    corrupt: false,
    drawingDate: null,
    drawingNumber: null,
    drawingRevision: null,
    drawingType: null,
    supersededBy: null,
    isLatestRevision: true,
    uploadedBy: null,
    floor: null,
    originalCreatedAt: null,
    asBuilt: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    processedAt: '2026-01-01T00:00:00.000Z',
    textExtractionError: false,
    duplicateOf: null,
    processing: { outcome: 'read', reason: null },
    ...patch,
  };
}

const byName = { key: 'name' as const, ascending: true };

describe('the building page filters', () => {
  const ventilation = row({ filename: 'Ventilasjon FDV.pdf', buildingCategory: '36', discipline: 'RIV', floor: 'U1' });
  const duct = row({
    filename: 'Kanalplan.dwg',
    buildingCategory: '361.1',
    discipline: 'RIV',
    isDrawing: true,
    floor: '01',
  });
  const sprinkler = row({
    filename: 'Sprinkler.pdf',
    buildingCategory: '3601',
    discipline: 'RIBr',
    informationTypes: ['FDV', 'Produktdatablad'],
  });
  const wall = row({
    filename: 'Yttervegg 10.pdf',
    buildingCategory: '23',
    discipline: 'ARK',
    originalPath: 'Fasade/Yttervegg 10.pdf',
  });
  const pending = row({ filename: 'ny.pdf', processedAt: null });
  const broken = row({ filename: 'skadet.pdf', corrupt: true });
  const scanned = row({ filename: 'skann.pdf', textExtractionError: true });
  const all = [ventilation, duct, sprinkler, wall, pending, broken, scanned];

  it('builds the NS 3451 tree from the codes the documents carry, each level counting the documents beneath it', () => {
    expect(categoryTree(all)).toEqual([
      { code: '2', depth: 0, count: 1 },
      { code: '23', depth: 1, count: 1 },
      { code: '3', depth: 0, count: 3 },
      { code: '36', depth: 1, count: 3 },
      { code: '360', depth: 2, count: 1 },
      { code: '3601', depth: 3, count: 1 },
      { code: '361', depth: 2, count: 1 },
      { code: '361.1', depth: 3, count: 1 },
    ]);
  });

  it('a tree node holds its subcategories but not a code that merely starts with the same digits', () => {
    const names = (category: string) =>
      filterDocuments(all, { ...NO_FILTER, category }, byName, 'nb').map((d) => d.filename);
    expect(names('36')).toEqual(['Kanalplan.dwg', 'Sprinkler.pdf', 'Ventilasjon FDV.pdf']);
    expect(names('361')).toEqual(['Kanalplan.dwg']);
    expect(names('3')).toHaveLength(3);
  });

  it('combines filters: discipline, information type, floor, drawing or document, processing state', () => {
    const names = (patch: Partial<typeof NO_FILTER>) =>
      filterDocuments(all, { ...NO_FILTER, ...patch }, byName, 'nb').map((d) => d.filename);
    expect(names({ discipline: 'RIV', kind: 'drawings' })).toEqual(['Kanalplan.dwg']);
    expect(names({ discipline: 'RIV', kind: 'others' })).toEqual(['Ventilasjon FDV.pdf']);
    expect(names({ informationType: 'Produktdatablad' })).toEqual(['Sprinkler.pdf']);
    expect(names({ floor: 'U1' })).toEqual(['Ventilasjon FDV.pdf']);
    expect(names({ state: 'processing' })).toEqual(['ny.pdf']);
    expect(names({ state: 'corrupt' })).toEqual(['skadet.pdf']);
    expect(names({ state: 'unreadable' })).toEqual(['skann.pdf']);
    expect(names({ text: 'fasade' })).toEqual(['Yttervegg 10.pdf']);
    expect(names({ text: 'VENTILASJON' })).toEqual(['Ventilasjon FDV.pdf']);
  });

  it('shows only current revisions by default, and every revision when the switch is off', () => {
    const revC = row({
      filename: 'A-10-103 rev C.pdf',
      drawingNumber: 'A-10-103',
      supersededBy: 'd-rev-d',
      isLatestRevision: false,
    });
    const revD = row({ id: 'd-rev-d', filename: 'A-10-103 rev D.pdf', drawingNumber: 'A-10-103' });
    const names = (latestOnly: boolean) =>
      filterDocuments([revC, revD], { ...NO_FILTER, latestOnly }, byName, 'nb').map((d) => d.filename);
    expect(NO_FILTER.latestOnly).toBe(true);
    expect(names(true)).toEqual(['A-10-103 rev D.pdf']);
    expect(names(false)).toEqual(['A-10-103 rev C.pdf', 'A-10-103 rev D.pdf']);
  });

  it('sorts names as people count (2 before 10) and puts uncategorised documents last either way', () => {
    const two = row({ filename: 'Yttervegg 2.pdf', buildingCategory: '23' });
    const rows = [wall, two, pending];
    expect(filterDocuments(rows, NO_FILTER, byName, 'nb').map((d) => d.filename)).toEqual([
      'ny.pdf',
      'Yttervegg 2.pdf',
      'Yttervegg 10.pdf',
    ]);
    const byCategory = (ascending: boolean) =>
      filterDocuments(all, NO_FILTER, { key: 'category', ascending }, 'nb').map((d) => d.buildingCategory);
    expect(byCategory(true).slice(0, 4)).toEqual(['23', '36', '3601', '361.1']);
    expect(byCategory(false).slice(0, 4)).toEqual(['361.1', '3601', '36', '23']);
    expect(byCategory(false).at(-1)).toBeNull();
  });

  it('counts facet values once per document, information types included', () => {
    expect(facet(all, (d) => d.informationTypes)).toEqual([
      { value: 'FDV', count: 1 },
      { value: 'Produktdatablad', count: 1 },
    ]);
    expect(facet(all, (d) => [d.discipline])).toEqual([
      { value: 'ARK', count: 1 },
      { value: 'RIBr', count: 1 },
      { value: 'RIV', count: 2 },
    ]);
  });

  it('tells the processing state from the row: corrupt wins, then running, then unreadable text', () => {
    expect([ventilation, pending, broken, scanned].map(processingState)).toEqual([
      'ready',
      'processing',
      'corrupt',
      'unreadable',
    ]);
  });

  it('merges live changes into what is loaded: a processed document replaces its pending row, new ones join', () => {
    const done = { ...pending, processedAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };
    const fresh = row({ filename: 'ny2.pdf', updatedAt: '2026-01-02T00:00:00.000Z' });
    const merged = mergeDocuments(all, [done, fresh]);
    expect(merged).toHaveLength(all.length + 1);
    expect(merged.find((d) => d.id === pending.id)?.processedAt).toBe('2026-01-02T00:00:00.000Z');
    // an older copy of a row never replaces a newer one
    expect(mergeDocuments([done], [pending])[0]?.processedAt).toBe('2026-01-02T00:00:00.000Z');
  });
});
