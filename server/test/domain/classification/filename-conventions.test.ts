import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import {
  leadingCode,
  nsCodeFromDigits,
  numberedFolderCode,
  parseIso19650,
} from '../../../src/domain/classification/filename-conventions.js';
import { A1, A4, doc } from './helpers.js';

describe('Norwegian drawing numbers', () => {
  it('files ARK-A-20-001 as an architect drawing under 20', () => {
    const c = classifyDocument(doc({ path: 'Prosjekt/02 Prosjektering/ARK/ARK-A-20-001.pdf', size: A1 }));
    expect(c.discipline).toBe('ARK');
    expect(c.isDrawing).toBe(true);
    expect(c.buildingCategory).toBe('20');
    expect(c.drawingNumber).toBe('ARK-A-20-001');
    expect(c.evidence.discipline?.evidence).toContain('filename token "ARK"');
  });

  it('reads RIV_36_... as ventilation by the HVAC engineer', () => {
    const c = classifyDocument(doc({ path: 'Tegninger/RIV/RIV_36_U1_Ventilasjon plan U1.pdf', size: A1 }));
    expect(c.discipline).toBe('RIV');
    expect(c.buildingCategory.slice(0, 2)).toBe('36');
    expect(c.floor).toBe('U1');
  });

  it('reads E-433-... as electrical distribution (RIE, 43x)', () => {
    const c = classifyDocument(doc({ path: 'E-433-001 Fordelinger 1. etasje.pdf', size: A1 }));
    expect(c.discipline).toBe('RIE');
    expect(c.buildingCategory).toBe('433');
    expect(c.evidence.buildingCategory?.evidence.join(' ')).toContain('433');
  });

  it("does not take an architect's drawing group (A40) for NS 3451 Elkraft", () => {
    const c = classifyDocument(doc({ path: 'K7-ARK-A40-0201 Fasade sør.pdf', size: A1 }));
    expect(c.discipline).toBe('ARK');
    expect(c.buildingCategory.startsWith('4')).toBe(false);
  });
});

describe('ISO 19650 names', () => {
  it('parses PROJ-ORIG-VOL-LEV-TYPE-ROLE-NUMBER', () => {
    expect(parseIso19650('BSA-ARC-ZZ-02-DR-A-2001_P03 Second Floor Plan')).toMatchObject({
      project: 'BSA',
      originator: 'ARC',
      level: '02',
      type: 'DR',
      role: 'A',
      number: '2001',
      code: 'BSA-ARC-ZZ-02-DR-A-2001',
    });
    expect(parseIso19650('K7-ARK-A21-0101 Plan 1. etasje')).toBeNull();
  });

  it('stores the UK role letter as written for UK-style names', () => {
    const c = classifyDocument(doc({ path: 'Drawings/BSA-ARC-ZZ-02-DR-A-2001.pdf', size: A1 }));
    expect(c.discipline).toBe('A');
    expect(c.isDrawing).toBe(true);
    expect(c.floor).toBe('02');
    const m = classifyDocument(doc({ path: 'BSA-MEP-ZZ-01-DR-M-5701_Ventilation Layout.pdf', size: A1 }));
    expect(m.discipline).toBe('M');
    expect(m.buildingCategory.slice(0, 2)).toBe('36');
  });

  it('treats report and specification types as documents, not drawings', () => {
    const c = classifyDocument(
      doc({ path: 'BSA-STR-ZZ-XX-CA-S-0002_Calculations.pdf', size: A4, text: 'Beam design' }),
    );
    expect(c.isDrawing).toBe(false);
    expect(c.informationType).toBe('calculation');
    expect(c.discipline).toBe('S');
  });
});

describe('TFM tags and numbered folders', () => {
  it('maps TFM system 360 (+360.001-KA001) to NS 3451 36', () => {
    const c = classifyDocument(
      doc({ path: 'FDV/Spjeldmotor +360.001-KA001.pdf', size: A4, text: 'Spjeldmotor. Tekniske data' }),
    );
    expect(c.buildingCategory.slice(0, 2)).toBe('36');
    expect(c.evidence.buildingCategory?.evidence.some((e) => e.startsWith('TFM tag "+360.001-KA001"'))).toBe(true);
  });

  it('turns system and drawing numbers into table codes', () => {
    expect(nsCodeFromDigits('360')).toBe('36');
    expect(nsCodeFromDigits('433')).toBe('433');
    expect(nsCodeFromDigits('3647')).toBe('364');
    expect(nsCodeFromDigits('10')).toBeNull();
    expect(nsCodeFromDigits('0102')).toBeNull();
  });

  it('accepts "36 Ventilasjon" but not "02 Prosjektering", ranges or ordinals', () => {
    expect(numberedFolderCode('36 Ventilasjon')?.code).toBe('36');
    expect(numberedFolderCode('3 VVS')?.code).toBe('3');
    expect(numberedFolderCode('02 Prosjektering')).toBeNull();
    expect(numberedFolderCode('50-71 Installations - Installaties Homij')).toBeNull();
    expect(numberedFolderCode('2. Floor plans - Plattegronden')).toBeNull();
  });

  it('files a document in "FDV/36 Ventilasjon" under 36 with the folder as evidence', () => {
    const c = classifyDocument(doc({ path: 'FDV/36 Ventilasjon/Topvex SR09.pdf', size: A4, text: 'Tekniske data' }));
    expect(c.buildingCategory.slice(0, 2)).toBe('36');
    expect(c.discipline).toBe('RIV');
    expect(c.evidence.buildingCategory?.evidence).toContain('folder "36 Ventilasjon"');
  });

  it('finds the drawing number at the head of a name', () => {
    expect(leadingCode('ARK-A-20-001_Plan 1. etasje')).toBe('ARK-A-20-001');
    expect(leadingCode('RIV_36_U1_Ventilasjon plan U1')).toBe('RIV_36_U1');
    expect(leadingCode('MM16169_U-0600_2019-02-11')).toBe('MM16169_U-0600');
    expect(leadingCode('IMG_4471')).toBeNull();
    expect(leadingCode('Topvex datablad')).toBeNull();
  });
});
