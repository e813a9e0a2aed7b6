import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import { floorFrom, normalizeDate, sheetSize } from '../../../src/domain/classification/drawing.js';
import { A1, A3, A4, doc } from './helpers.js';

describe('drawing or document', () => {
  it('calls an A1 sheet a drawing and says so in the evidence', () => {
    const c = classifyDocument(doc({ path: 'Diverse/scan0001.pdf', size: A1, text: 'PLAN 2. ETASJE\n1:100' }));
    expect(c.isDrawing).toBe(true);
    expect(c.evidence.isDrawing?.evidence).toContain('page size A1 (841x594 mm)');
  });

  it('keeps an A4 data sheet a document', () => {
    const c = classifyDocument(
      doc({ path: 'FDV/Flexit Nordic S4 produktdatablad.pdf', size: A4, text: 'Tekniske data\nLuftmengde 450 m³/h' }),
    );
    expect(c.isDrawing).toBe(false);
    expect(c.informationType).toBe('product_data_sheet');
  });

  it('treats DWG as drawings and IFC as models', () => {
    expect(classifyDocument(doc({ path: 'A-20-101.dwg', kind: 'dwg' })).isDrawing).toBe(true);
    const model = classifyDocument(doc({ path: 'Modeller/NYB-RIV-Ventilasjon.ifc', kind: 'ifc' }));
    expect(model.isDrawing).toBe(false);
    expect(model.informationType).toBe('model');
  });

  it('recognises page sizes with a little tolerance', () => {
    expect(sheetSize(841, 594)).toBe('A1');
    expect(sheetSize(594, 842)).toBe('A1');
    expect(sheetSize(420, 297)).toBe('A3');
    expect(sheetSize(500, 500)).toBeNull();
  });
});

describe('as built', () => {
  it('marks "som bygget" as as-built', () => {
    const c = classifyDocument(doc({ path: 'Som bygget/RIV/V-360-001 Ventilasjon plan 2 som bygget.pdf', size: A1 }));
    expect(c.asBuilt).toBe(true);
    expect(c.informationType).toBe('as_built_drawing');
    expect(c.informationTypes).toContain('drawing');
  });

  it('reads "SB" and "AS BUILT" in names and title blocks', () => {
    expect(classifyDocument(doc({ path: 'A-20-001_SB.pdf', size: A1 })).asBuilt).toBe(true);
    expect(classifyDocument(doc({ path: 'A-20-001.pdf', size: A1, text: 'Ground floor plan\nAS BUILT' })).asBuilt).toBe(
      true,
    );
  });

  it('does not take "arbeidstegning" for as-built', () => {
    const c = classifyDocument(doc({ path: 'Arbeidstegninger/R-31-001 Arbeidstegning sanitær.pdf', size: A1 }));
    expect(c.asBuilt).toBe(false);
    expect(c.informationType).toBe('drawing');
  });

  it('lets an as-built stamp win over the working-drawing status it replaced', () => {
    const c = classifyDocument(
      doc({ path: 'V-32-001.pdf', size: A1, text: 'Status: ARBEIDSTEGNING\nRev E: SOM BYGGET' }),
    );
    expect(c.asBuilt).toBe(true);
  });
});

describe('schematics', () => {
  it('marks a prinsippskjema as a schematic drawing', () => {
    const c = classifyDocument(doc({ path: 'RIV/Prinsippskjema ventilasjon 360.001.pdf', size: A3 }));
    expect(c.isDrawing).toBe(true);
    expect(c.isSchemaDrawing).toBe(true);
    expect(c.drawingType).toBe('schematic');
    expect(c.informationType).toBe('schematic_diagram');
  });

  it('knows "single line diagram" and "skjema"', () => {
    expect(classifyDocument(doc({ path: 'Single line diagram main switchboard.pdf', size: A3 })).isSchemaDrawing).toBe(
      true,
    );
    expect(classifyDocument(doc({ path: 'Tavle H01 skjema.pdf', size: A3 })).isSchemaDrawing).toBe(true);
  });

  it('does not take a control form (kontrollskjema) for a schematic', () => {
    const c = classifyDocument(doc({ path: 'Kontrollskjema ventilasjon.pdf', size: A4, text: 'Sjekkliste' }));
    expect(c.isSchemaDrawing).toBe(false);
    expect(c.isDrawing).toBe(false);
  });
});

describe('drawing metadata', () => {
  it('takes number, revision, date, title and floor from DWG title-block attributes', () => {
    const c = classifyDocument(
      doc({
        path: 'DWG/SVS-V-36-U1-001.dwg',
        kind: 'dwg',
        attributes: { TEGNR: 'SVS-V-36-U1-001', TITTEL: 'VENTILASJON UNDERETASJE', REV: 'C', DATO: '03.05.2021' },
      }),
    );
    expect(c.drawingNumber).toBe('SVS-V-36-U1-001');
    expect(c.drawingRevision).toBe('C');
    expect(c.drawingDate).toBe('2021-05-03');
    expect(c.title).toBe('VENTILASJON UNDERETASJE');
    expect(c.floor).toBe('U1');
    expect(c.evidence.drawingNumber?.evidence[0]).toBe('title block attribute TEGNR = "SVS-V-36-U1-001"');
  });

  it('reads a PDF title block', () => {
    const c = classifyDocument(
      doc({
        path: 'Tegninger/ARK/plan2.pdf',
        size: A1,
        text: 'Prosjekt: Bjørvika\nPLAN 2. ETASJE\nTegningsnr.: ARK-A-20-002\nRev.: B\nDato: 12.03.2022\nMålestokk 1:100',
      }),
    );
    expect(c.drawingNumber).toBe('ARK-A-20-002');
    expect(c.drawingRevision).toBe('B');
    expect(c.drawingDate).toBe('2022-03-12');
    expect(c.floor).toBe('02');
    expect(c.drawingType).toBe('plan');
  });

  it('stores drawing types as English keys', () => {
    expect(classifyDocument(doc({ path: 'A-30-001 Snitt A-A.pdf', size: A1 })).drawingType).toBe('section');
    expect(classifyDocument(doc({ path: 'A-40-001 Fasade nord.pdf', size: A1 })).drawingType).toBe('elevation');
    expect(classifyDocument(doc({ path: 'A-50-001 Detalj vindu.pdf', size: A3 })).drawingType).toBe('detail');
    expect(classifyDocument(doc({ path: 'A-10-001 Situasjonsplan.pdf', size: A1 })).drawingType).toBe('site');
  });

  it('normalizes floors for the drawing_floor facet', () => {
    expect(floorFrom('Plan 1. etasje', { strict: false })?.floor).toBe('01');
    expect(floorFrom('plan U2', { strict: false })?.floor).toBe('U2');
    expect(floorFrom('Kjeller', { strict: false })?.floor).toBe('U1');
    expect(floorFrom('Takplan', { strict: false })?.floor).toBe('roof');
    expect(floorFrom('Ground Floor Plan', { strict: false })?.floor).toBe('00');
    expect(floorFrom('Level 3 layout', { strict: false })?.floor).toBe('03');
    expect(floorFrom('Plattegrond verdieping 6', { strict: false })?.floor).toBe('06');
  });

  it('normalizes dates to YYYY-MM-DD and rejects impossible ones', () => {
    expect(normalizeDate('14.09.2022')).toBe('2022-09-14');
    expect(normalizeDate('03/11/22')).toBe('2022-11-03');
    expect(normalizeDate('2021-05-03')).toBe('2021-05-03');
    expect(normalizeDate('31.02.2022')).toBeNull();
  });

  it('leaves drawing fields empty on documents', () => {
    const c = classifyDocument(
      doc({ path: 'FDV/Drift og vedlikehold Topvex.pdf', size: A4, text: 'Drift og vedlikehold' }),
    );
    expect(c.isDrawing).toBe(false);
    expect([c.drawingNumber, c.drawingType, c.drawingDate, c.floor]).toEqual([null, null, null, null]);
  });
});
