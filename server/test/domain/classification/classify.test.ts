import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import { A4, doc } from './helpers.js';

describe('information types', () => {
  it('recognises a declaration of performance by "DoP" and by "ytelseserklæring"', () => {
    const byName = classifyDocument(doc({ path: 'FDV/23 Yttervegger/DoP Rockwool Flexi A-plate.pdf', size: A4 }));
    expect(byName.informationType).toBe('declaration_of_performance');
    const byText = classifyDocument(
      doc({
        path: 'Diverse/Dokument1.pdf',
        size: A4,
        text: 'YTELSESERKLÆRING\nNr. 0012-CPR\nTiltenkt bruk: varmeisolasjon',
      }),
    );
    expect(byText.informationType).toBe('declaration_of_performance');
    expect(byText.evidence.informationType?.evidence).toContain('text mentions "ytelseserklæring"');
  });

  it('never reads a file extension as a type: a title that is the file name of a .doc is no declaration', () => {
    // the title a reclassification sees when the first one fell back to the file name
    for (const title of ['Dokument (3).doc', 'Dokument (3).DOC', 'Tegningsliste.docx']) {
      const c = classifyDocument({ ...doc({ path: `Prosjekt/${title}` }), title });
      expect(c.informationTypes, title).not.toContain('declaration_of_conformity');
    }
    // "DoC" written as a word still is one
    const named = classifyDocument(doc({ path: 'Overlevering/DoC Schneider Electric tavle.pdf', size: A4 }));
    expect(named.informationTypes).toContain('declaration_of_conformity');
  });

  it('files "FDV ..." as operation and maintenance instructions', () => {
    const c = classifyDocument(
      doc({ path: 'Overlevering/FDV Swegon GOLD RX.pdf', size: A4, text: 'Drift\nVedlikehold\nFeilsøking' }),
    );
    expect(c.informationType).toBe('om_instructions');
    expect(c.buildingCategory.slice(0, 2)).toBe('36');
    expect(c.discipline).toBe('RIV');
  });

  it('uses the FDV id column as the stored value and lists secondary types', () => {
    const c = classifyDocument(
      doc({
        path: 'FDV/Heis/KONE MonoSpace - produktdatablad.pdf',
        size: A4,
        text: 'Personheis\nTekniske data\nMerkelast 1000 kg',
      }),
    );
    expect(c.informationType).toBe('product_data_sheet');
    expect(c.informationTypes).toContain('lift_documents');
    expect(c.buildingCategory.slice(0, 2)).toBe('62');
  });

  it('sorts a safety data sheet from a product data sheet', () => {
    const c = classifyDocument(doc({ path: 'FDV/Sikkerhetsdatablad Weber Floor.pdf', size: A4 }));
    expect(c.informationType).toBe('safety_data_sheet');
  });

  it('reads English and Dutch names', () => {
    expect(classifyDocument(doc({ path: 'Fridge-Warranty.pdf', size: A4 })).informationType).toBe('warranty');
    expect(classifyDocument(doc({ path: 'S1 - Groepen_verklaring_F.pdf', size: A4 })).informationType).toBe(
      'circuit_schedule',
    );
    expect(
      classifyDocument(doc({ path: 'Inregel rapport - Blok S1 - 2e verdieping.pdf', size: A4 })).informationType,
    ).toBe('commissioning_report');
  });

  it('calls an untitled photo a photo and a photo of hidden work documentation', () => {
    expect(classifyDocument(doc({ path: 'Diverse/20230901_143211.jpg', kind: 'image' })).informationType).toBe('photo');
    const hidden = classifyDocument(doc({ path: 'Foto/Skjulte konstruksjoner/Bad 2/IMG_2034.jpg', kind: 'image' }));
    expect(hidden.informationType).toBe('photo_documentation');
    expect(hidden.isDrawing).toBe(false);
  });
});

describe('building category and discipline', () => {
  it('files by the text when the name says nothing', () => {
    const c = classifyDocument(
      doc({
        path: 'Diverse/Scan_20230412_0001.pdf',
        size: A4,
        text: 'SAMSVARSERKLÆRING\nfor elektrisk anlegg\nNEK 400\nFEL § 12',
      }),
    );
    expect(c.informationType).toBe('declaration_of_conformity');
    expect(c.discipline).toBe('RIE');
    expect(c.buildingCategory.slice(0, 1)).toBe('4');
  });

  it('explains the category with human-readable evidence', () => {
    const c = classifyDocument(
      doc({
        path: 'Diverse/datablad.pdf',
        size: A4,
        text: 'Ventilasjonsaggregat med roterende varmegjenvinner\nTekniske data',
      }),
    );
    expect(c.buildingCategory.slice(0, 2)).toBe('36');
    expect(c.evidence.buildingCategory?.evidence).toContain(
      'text mentions "ventilasjonsaggregat" (NS 3451 36 Luftbehandling)',
    );
    expect(c.evidence.buildingCategory?.confidence).toBeGreaterThan(0);
    expect(c.evidence.buildingCategory?.confidence).toBeLessThanOrEqual(1);
  });

  it('files organisational documents under MSC', () => {
    const c = classifyDocument(
      doc({
        path: 'FDV/Generelt/Leverandørliste.xlsx',
        kind: 'xlsx',
        text: 'Fag\tFirma\nVentilasjon\tLuft AS\nElektro\tStrøm AS',
      }),
    );
    expect(c.informationType).toBe('supplier_list');
    expect(c.buildingCategory).toBe('MSC');
    expect(c.discipline).toBeNull();
  });

  it('files a fire strategy under the fire engineer and the building as a whole', () => {
    const c = classifyDocument(
      doc({
        path: 'Rapporter/Brannkonsept rev 02.pdf',
        size: A4,
        text: 'BRANNKONSEPT\nRisikoklasse 4\nRømning via trapperom',
      }),
    );
    expect(c.informationType).toBe('fire_strategy');
    expect(c.discipline).toBe('RIBr');
    expect(c.buildingCategory).toBe('20');
  });

  it('uses UK role letters for UK O&M material without ISO names', () => {
    const c = classifyDocument(
      doc({
        path: 'Kings Wharf O&M/Section 06 Electrical Services/06.4 Lighting/Luminaire Datasheet.pdf',
        size: A4,
        text: 'LED luminaire\nDatasheet\nManufactured by Lux Ltd, London',
      }),
    );
    expect(c.discipline).toBe('E');
    expect(c.buildingCategory.slice(0, 2)).toBe('44');
  });

  it('keeps Norwegian codes for ISO 19650 names when the caller says the building is Norwegian', () => {
    const input = { ...doc({ path: 'PRJ-ABC-XX-01-DR-A-1001.pdf', size: [841, 594] }), market: 'NO' as const };
    expect(classifyDocument(input).discipline).toBe('ARK');
    expect(classifyDocument({ ...input, market: null }).discipline).toBe('A');
  });

  it('takes the market from the caller when given', () => {
    const input = { ...doc({ path: 'FDV/36 Ventilasjon/Topvex datablad.pdf', size: A4 }), market: 'UK' as const };
    expect(classifyDocument(input).discipline).toBe('M');
  });
});
