import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_NAME_LENGTH,
  namingPattern,
  planNames,
  safePart,
  type NamingDocument,
  type NamingFlags,
} from '../../../src/domain/naming/naming-convention.js';

const NO_FLAGS: NamingFlags = { useLocationCode: false, useInformationType: false, useTFMCode: false };
const ALL_FLAGS: NamingFlags = { useLocationCode: true, useInformationType: true, useTFMCode: true };

function doc(overrides: Partial<NamingDocument> & { id: string }): NamingDocument {
  return {
    buildingId: 'b1',
    buildingName: 'Hus A',
    filename: 'scan 0001.pdf',
    originalFilename: 'scan 0001.pdf',
    filenameDescriptive: null,
    floor: '02',
    roomLocations: ['R201'],
    discipline: 'RIV',
    buildingCategory: '320',
    informationType: 'FDV',
    tfmCode: '=320.01-RB01',
    originator: 'Rør & Varme AS',
    createdAt: new Date('2026-01-01T10:00:00Z'),
    ...overrides,
  };
}

const plan = (documents: NamingDocument[], flags = NO_FLAGS, convention: 'byggdok' | 'iso19650' = 'byggdok') =>
  planNames({ projectNumber: 'P-1042', documents, flags, convention });

describe('the naming convention', () => {
  it('puts the fields in their documented order, with the extension of the uploaded name', () => {
    const [named] = plan([doc({ id: 'a', filenameDescriptive: 'Sirkulasjonspumpe' })], ALL_FLAGS);
    expect(named).toEqual({
      id: 'a',
      filename: 'scan 0001.pdf',
      newFilename: 'P_1042-HUSA_02_R201-RIV-320-FDV-320.01_RB01-001-Sirkulasjonspumpe.pdf',
      reason: null,
    });
    expect(namingPattern('byggdok', ALL_FLAGS)).toBe(
      '{projectNumber}-{building_floor_room}-{discipline}-{ns3451}-{informationType}-{tfm}-{number:000}-{description}.{ext}',
    );
    expect(plan([doc({ id: 'a' })])[0]!.newFilename).toBe('P_1042-RIV-320-001-scan_0001.pdf');
  });

  it('names ISO 19650-2 style when the project picked it', () => {
    const [named] = plan([doc({ id: 'a', filenameDescriptive: 'Pumpe' })], NO_FLAGS, 'iso19650');
    expect(named!.newFilename).toBe('P1042-RØRVAR-HUSA-02-FDV-RIV-0001-Pumpe.pdf');
    expect(namingPattern('iso19650', NO_FLAGS)).toContain('{originator}');
  });

  it('replaces unsafe characters, keeps Norwegian letters, and bounds the length', () => {
    expect(safePart('Tegning: plan/snitt "A" <1> 50% * ? | \\ æøå ÆØÅ')).toBe('Tegning_plan_snitt_A_1_50_æøå_ÆØÅ');
    const [long] = plan([doc({ id: 'a', filenameDescriptive: `Rørføring ${'x'.repeat(400)}` })]);
    expect(long!.newFilename!.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(long!.newFilename).toMatch(/^P_1042-RIV-320-001-Rørføring_x+\.pdf$/);
  });

  it('leaves a document lacking a needed field as it is, saying why', () => {
    const results = plan(
      [doc({ id: 'a', discipline: null }), doc({ id: 'b', floor: null }), doc({ id: 'c', tfmCode: null })],
      { ...NO_FLAGS, useLocationCode: true },
    );
    expect(results.map((r) => [r.newFilename, r.reason])).toEqual([
      [null, 'no discipline'],
      [null, 'no floor (location code)'],
      ['P_1042-HUSA_02_R201-RIV-320-001-scan_0001.pdf', null],
    ]);
    expect(
      planNames({ projectNumber: null, documents: [doc({ id: 'a' })], flags: NO_FLAGS, convention: 'byggdok' })[0],
    ).toMatchObject({ newFilename: null, reason: 'the project has no project number' });
  });

  it('numbers per group in upload order, so earlier numbers stay when a group grows', () => {
    const first = [
      doc({ id: 'a', createdAt: new Date('2026-01-01') }),
      doc({ id: 'b', createdAt: new Date('2026-01-02'), filenameDescriptive: 'B' }),
      doc({ id: 'c', createdAt: new Date('2026-01-03'), discipline: 'RIE' }),
    ];
    const before = plan(first).map((r) => r.newFilename);
    expect(before).toEqual([
      'P_1042-RIV-320-001-scan_0001.pdf',
      'P_1042-RIV-320-002-B.pdf',
      'P_1042-RIE-320-001-scan_0001.pdf',
    ]);
    const after = plan([...first, doc({ id: 'd', createdAt: new Date('2026-01-04'), filenameDescriptive: 'D' })]);
    expect(after.slice(0, 3).map((r) => r.newFilename)).toEqual(before);
    expect(after[3]!.newFilename).toBe('P_1042-RIV-320-003-D.pdf');
  });

  it('never gives a name another document of the building has (without case), and allows it in another building', () => {
    const results = plan([
      doc({ id: 'a', filenameDescriptive: 'Pumpe' }),
      doc({ id: 'keeps', discipline: null, filename: 'p_1042-riv-320-001-pumpe.PDF' }),
      doc({ id: 'other', buildingId: 'b2', filenameDescriptive: 'Pumpe' }),
    ]);
    expect(results[0]).toMatchObject({ newFilename: null, reason: 'another document in the building has this name' });
    expect(results[2]!.newFilename).toBe('P_1042-RIV-320-001-Pumpe.pdf');
  });

  it('handles thousands of documents with one name, refusing that name to a document that would be given it', () => {
    // anyone who may upload can give 30,000 files one name; the preview of new names must still answer
    const same = Array.from({ length: 30_000 }, (_, i) =>
      doc({ id: `same-${i}`, discipline: null, filename: 'P_1042-RIV-320-001-pumpe.pdf' }),
    );
    const results = plan([
      ...same,
      doc({ id: 'a', filenameDescriptive: 'Pumpe' }),
      doc({ id: 'b', filenameDescriptive: 'Vifte', createdAt: new Date('2026-01-02T10:00:00Z') }),
    ]);
    expect(results).toHaveLength(30_002);
    expect(results.slice(0, 30_000).every((r) => r.newFilename === null && r.reason === 'no discipline')).toBe(true);
    expect(results[30_000]).toMatchObject({
      id: 'a',
      newFilename: null,
      reason: 'another document in the building has this name',
    });
    expect(results[30_001]).toMatchObject({ id: 'b', newFilename: 'P_1042-RIV-320-002-Vifte.pdf', reason: null });
  });

  const arbitraryDocument = fc.record({
    id: fc.uuid(),
    buildingId: fc.constantFrom('b1', 'b2'),
    buildingName: fc.constantFrom('Hus A', 'Blokk B', 'Ærfugl'),
    filename: fc.string({ maxLength: 40 }).map((s) => `${s}.pdf`),
    originalFilename: fc.constantFrom('scan.pdf', 'Tegning plan 1.dwg', 'FDV/pumpe.PDF', 'uten endelse'),
    filenameDescriptive: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
    floor: fc.option(fc.constantFrom('U1', '01', '02', 'Tak'), { nil: null }),
    roomLocations: fc.array(fc.constantFrom('R101', 'Rom 2', 'Tek/rom'), { maxLength: 2 }),
    discipline: fc.option(fc.constantFrom('RIV', 'RIE', 'ARK', 'RIB'), { nil: null }),
    buildingCategory: fc.option(fc.constantFrom('320', '3201', 'MSC', '43'), { nil: null }),
    informationType: fc.option(fc.constantFrom('FDV', 'Produktdatablad', 'Tegning'), { nil: null }),
    tfmCode: fc.option(fc.constantFrom('=320.01', '+B1=360.001', 'RB:01'), { nil: null }),
    originator: fc.option(fc.constantFrom('Rør AS', 'Elektro Øst'), { nil: null }),
    createdAt: fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
  });
  const arbitraryFlags = fc.record({
    useLocationCode: fc.boolean(),
    useInformationType: fc.boolean(),
    useTFMCode: fc.boolean(),
  });
  const convention = fc.constantFrom('byggdok' as const, 'iso19650' as const);

  it('gives the same names whatever order the documents come in, safe, bounded and unique per building', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryDocument, { selector: (d) => d.id, maxLength: 30 }),
        arbitraryFlags,
        convention,
        (documents, flags, chosen) => {
          const once = plan(documents, flags, chosen);
          const shuffled = plan([...documents].reverse(), flags, chosen);
          expect(new Map(shuffled.map((r) => [r.id, r.newFilename]))).toEqual(
            new Map(once.map((r) => [r.id, r.newFilename])),
          );
          const finals = new Set<string>();
          const byId = new Map(documents.map((d) => [d.id, d]));
          for (const result of once) {
            if (result.newFilename !== null) {
              expect(result.newFilename.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
              // eslint-disable-next-line no-control-regex -- no control character may stay in a name
              expect(result.newFilename).not.toMatch(/[/\\:*?"<>|%\u0000-\u001f]/);
            } else {
              expect(result.reason).not.toBeNull();
            }
          }
          for (const result of once.filter((r) => r.newFilename !== null && r.newFilename !== r.filename)) {
            const key = `${byId.get(result.id)!.buildingId}/${result.newFilename!.toLowerCase()}`;
            expect(finals.has(key)).toBe(false);
            finals.add(key);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never gives a name Windows keeps for a device: a project number `CON.1` gets a leading `_`', () => {
    const named = (projectNumber: string) =>
      planNames({
        projectNumber,
        documents: [doc({ id: 'a', filenameDescriptive: 'Pumpe' })],
        flags: NO_FLAGS,
        convention: 'byggdok',
      })[0]!.newFilename;
    // was: `CON.1-RIV-320-001-Pumpe.pdf`, which Windows opens as its console
    expect(named('CON.1')).toBe('_CON.1-RIV-320-001-Pumpe.pdf');
    expect(named('lpt¹.a')).toBe('_lpt¹.a-RIV-320-001-Pumpe.pdf');
    expect(named('CONTRACT.1')).toBe('CONTRACT.1-RIV-320-001-Pumpe.pdf');
    expect(named('CON')).toBe('CON-RIV-320-001-Pumpe.pdf');
  });

  it('renaming again changes nothing: a renamed document keeps its new name', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryDocument, { selector: (d) => d.id, maxLength: 20 }),
        arbitraryFlags,
        convention,
        (documents, flags, chosen) => {
          const first = plan(documents, flags, chosen);
          const renamed = documents.map((d, i) => ({ ...d, filename: first[i]!.newFilename ?? d.filename }));
          const second = plan(renamed, flags, chosen);
          for (const [i, result] of second.entries()) {
            if (first[i]!.newFilename !== null) expect(result.newFilename).toBe(first[i]!.newFilename);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
