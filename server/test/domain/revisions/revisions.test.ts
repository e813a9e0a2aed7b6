import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import { drawingsOf } from '../../../src/domain/handover/handover-report.js';
import {
  chainOf,
  compareRevisions,
  computeSupersededBy,
  normalizeDrawingNumber,
  type RevisionMember,
} from '../../../src/domain/revisions/revisions.js';
import { A1, doc } from '../classification/helpers.js';

/** what classification reads from a drawing's file name, and the key the chains compare */
function keyOfFile(path: string, text = ''): { number: string | null; revision: string | null; key: string | null } {
  const c = classifyDocument(doc({ path, size: A1, text }));
  return {
    number: c.drawingNumber,
    revision: c.drawingRevision,
    key: normalizeDrawingNumber(c.drawingNumber, c.drawingRevision),
  };
}

let clock = Date.UTC(2026, 0, 1);
function member(id: string, number: string | null, revision: string | null, extra: Partial<RevisionMember> = {}) {
  clock += 60_000;
  return {
    id,
    drawingKey: normalizeDrawingNumber(number, revision),
    drawingRevision: revision,
    drawingDate: null,
    createdAt: new Date(clock),
    replacesDocumentId: null,
    ...extra,
  } satisfies RevisionMember;
}

const links = (members: RevisionMember[]) => Object.fromEntries(computeSupersededBy(members));

describe('revision order', () => {
  it('orders letters A < B < ... < Z < AA', () => {
    expect(compareRevisions('A', 'B')).toBeLessThan(0);
    expect(compareRevisions('Z', 'AA')).toBeLessThan(0);
    expect(compareRevisions('rev. C', 'D')).toBeLessThan(0);
    expect(compareRevisions('c', 'C')).toBe(0);
  });

  it('orders numbers as numbers: 9 before 10, 02 before 10', () => {
    expect(compareRevisions('9', '10')).toBeLessThan(0);
    expect(compareRevisions('02', '10')).toBeLessThan(0);
    expect(compareRevisions('Rev 03', '2')).toBeGreaterThan(0);
  });

  it('puts ISO 19650 preliminary P revisions before contractual C revisions', () => {
    expect(compareRevisions('P02', 'C01')).toBeLessThan(0);
    expect(compareRevisions('P09', 'P10')).toBeLessThan(0);
    expect(compareRevisions('C02', 'C01')).toBeGreaterThan(0);
    expect(compareRevisions('P01.1', 'P01.2')).toBeLessThan(0);
  });

  it('cannot order revisions written in different systems, or a missing one', () => {
    expect(compareRevisions('C', '03')).toBeNull();
    expect(compareRevisions(null, 'A')).toBeNull();
    expect(compareRevisions('B', 'P01')).toBeNull();
  });
});

describe('drawing numbers compared the way projects write them', () => {
  it('reads a Norwegian plan named with its revision and keys both revisions alike', () => {
    const c = keyOfFile('ARK/A-10-103 Plan 3. etasje rev C.pdf');
    const d = keyOfFile('ARK/A-10-103 Plan 3. etasje rev D.pdf');
    expect(c).toEqual({ number: 'A-10-103', revision: 'C', key: 'A-10-103' });
    expect(d.key).toBe(c.key);
    expect(d.revision).toBe('D');
  });

  it('reads ISO 19650 names with status and revision fields to the same drawing', () => {
    const p02 = keyOfFile('RQC-ARQ-C1-03-DR-A-1003-S2-P02.pdf');
    const c01 = keyOfFile('RQC-ARQ-C1-03-DR-A-1003-C01.pdf');
    expect(p02).toEqual({ number: 'RQC-ARQ-C1-03-DR-A-1003', revision: 'P02', key: 'RQC-ARQ-C1-03-DR-A-1003' });
    expect(c01.revision).toBe('C01');
    expect(c01.key).toBe(p02.key);
  });

  it('normalises case, separators and a revision suffix in the number', () => {
    expect(normalizeDrawingNumber('a_10_103', null)).toBe('A-10-103');
    expect(normalizeDrawingNumber(' A-10-103 rev. C', null)).toBe('A-10-103');
    expect(normalizeDrawingNumber('A-10-103_revC', 'C')).toBe('A-10-103');
    expect(normalizeDrawingNumber('A-10-103-C', 'C')).toBe('A-10-103');
    expect(normalizeDrawingNumber('RIV.36.U1', null)).toBe('RIV-36-U1');
    expect(normalizeDrawingNumber('BSA-ARC-ZZ-02-DR-A-2001-S4-P03', 'P03')).toBe('BSA-ARC-ZZ-02-DR-A-2001');
  });

  it('keeps different drawings apart: sheet numbers of the real Strijp S1 handover are not revisions', () => {
    // buildingSMART S1 dataset, 05. Revisietekeningen/E-installaties: one sheet per number
    const sheets = ['E-PL-03-12.pdf', 'E-PL-03-15.pdf', 'E-PL-03-C.pdf', 'E-PL-03-B2.pdf', 'E-PL-03-G1.pdf'];
    const keys = sheets.map((f) => keyOfFile(`05. Revisietekeningen/E-installaties/${f}`).key);
    expect(new Set(keys).size).toBe(sheets.length);
    // Thermal Control sheets 8190-057-S1-04-04 and -05-05 are two floors
    expect(keyOfFile('8190-057-S1-04-04.pdf').key).not.toBe(keyOfFile('8190-057-S1-05-05.pdf').key);
    expect(normalizeDrawingNumber('A-10-103', null)).not.toBe(normalizeDrawingNumber('A-101-03', null));
    expect(normalizeDrawingNumber('A-10-103', null)).not.toBe(normalizeDrawingNumber('A10103', null));
  });

  it('never links two different drawings, whatever their revisions say', () => {
    const members = [member('plan3', 'A-10-103', 'C'), member('plan4', 'A-10-104', 'D')];
    expect(links(members)).toEqual({ plan3: null, plan4: null });
  });
});

describe('revision chains', () => {
  it('links each revision to the next newer one whatever order the files arrived in', () => {
    const d = member('d', 'A-10-103', 'D');
    const b = member('b', 'A-10-103', 'B');
    const c = member('c', 'A-10-103 rev C', 'C');
    expect(links([d, b, c])).toEqual({ b: 'c', c: 'd', d: null });
  });

  it('links ISO 19650 revisions P01 -> P02 -> C01 -> C02', () => {
    const ms = [
      member('c01', 'RQC-ARQ-C1-03-DR-A-1003', 'C01'),
      member('p02', 'RQC-ARQ-C1-03-DR-A-1003', 'P02'),
      member('c02', 'RQC-ARQ-C1-03-DR-A-1003', 'C02'),
      member('p01', 'RQC-ARQ-C1-03-DR-A-1003', 'P01'),
    ];
    expect(links(ms)).toEqual({ p01: 'p02', p02: 'c01', c01: 'c02', c02: null });
  });

  it('orders numeric revisions as numbers: 10 after 9', () => {
    const ms = [member('r10', 'RIV-36-U1', '10'), member('r9', 'RIV-36-U1', '9'), member('r02', 'RIV-36-U1', '02')];
    expect(links(ms)).toEqual({ r02: 'r9', r9: 'r10', r10: null });
  });

  it('falls back to the later drawing date, then the later upload, where revisions cannot be ordered', () => {
    const older = member('older', 'A-40-001', null, { drawingDate: '2024-05-01' });
    const newer = member('newer', 'A-40-001', 'A', { drawingDate: '2025-02-01' });
    expect(links([newer, older])).toEqual({ older: 'newer', newer: null });
    const first = member('first', 'A-40-002', null);
    const second = member('second', 'A-40-002', null);
    expect(links([second, first])).toEqual({ first: 'second', second: null });
  });

  it('keeps a corrected drawing number apart from its old drawing: the chain follows the key', () => {
    const c = member('c', 'A-10-103', 'C');
    const dWrong = member('d', 'A-10-130', 'D');
    expect(links([c, dWrong])).toEqual({ c: null, d: null });
    const dRight = { ...dWrong, drawingKey: normalizeDrawingNumber('A-10-103', 'D') };
    expect(links([c, dRight])).toEqual({ c: 'd', d: null });
  });

  it('makes a new version of a file supersede the one it replaces, whatever their drawing numbers', () => {
    const manual = member('manual', null, null);
    const corrected = member('corrected', null, null, { replacesDocumentId: 'manual' });
    expect(links([manual, corrected])).toEqual({ manual: 'corrected', corrected: null });
  });

  it('puts a corrected version in its drawing revision line: B -> C -> C corrected -> D', () => {
    const b = member('b', 'A-10-103', 'B');
    const c = member('c', 'A-10-103', 'C');
    const d = member('d', 'A-10-103', 'D');
    const c2 = member('c2', 'A-10-103', 'C', { replacesDocumentId: 'c' });
    const result = computeSupersededBy([d, c2, b, c]);
    expect(Object.fromEntries(result)).toEqual({ b: 'c', c: 'c2', c2: 'd', d: null });
    expect(chainOf({ documentId: 'c', supersededBy: result })).toEqual(['d', 'c2', 'c', 'b']);
    expect(chainOf({ documentId: 'd', supersededBy: result })).toEqual(['d', 'c2', 'c', 'b']);
    expect(chainOf({ documentId: 'b', supersededBy: result })).toEqual(['d', 'c2', 'c', 'b']);
  });

  it('survives a replacement cycle in stored data without looping', () => {
    const a = member('a', null, null, { replacesDocumentId: 'b' });
    const b = member('b', null, null, { replacesDocumentId: 'a' });
    const result = computeSupersededBy([a, b]);
    expect([...result.values()].filter((v) => v === null)).toHaveLength(1);
    expect(chainOf({ documentId: 'a', supersededBy: result })).toHaveLength(2);
  });

  it('answers a document with no other version as a chain of itself', () => {
    const only = member('only', null, null);
    expect(chainOf({ documentId: 'only', supersededBy: computeSupersededBy([only]) })).toEqual(['only']);
  });
});

describe('the handover report lists the current revision of each drawing with its history', () => {
  const file = (
    documentId: string,
    drawingNumber: string | null,
    drawingRevision: string | null,
    supersededBy: string | null,
  ) => ({
    documentId,
    buildingId: 'bld-1',
    path: `ARK/${documentId}.pdf`,
    filename: `${documentId}.pdf`,
    size: 1,
    md5: null,
    buildingCategory: null,
    informationTypes: [],
    deliveryId: null,
    deliveryInformationType: null,
    approvalStatus: null,
    progressStatus: null,
    subcontractorId: null,
    parentDocumentId: null,
    uploadedAt: null,
    drawingNumber,
    drawingRevision,
    supersededBy,
  });

  it('gives each drawing its current revision and the superseded ones newest first; plain files are left out', () => {
    const drawings = drawingsOf([
      file('b', 'A-10-103', 'B', 'c'),
      file('d', 'A-10-103', 'D', null),
      file('c', 'A-10-103', 'C', 'd'),
      file('plan4', 'A-10-104', 'A', null),
      file('manual', null, null, 'manual2'),
      file('manual2', null, null, null),
      file('report', null, null, null),
    ]);
    expect(drawings.map((d) => [d.drawingNumber, d.current.documentId, d.history.map((h) => h.documentId)])).toEqual([
      ['A-10-103', 'd', ['c', 'b']],
      ['A-10-104', 'plan4', []],
      [null, 'manual2', ['manual']],
    ]);
    expect(drawings[0]!.current.revision).toBe('D');
  });
});
