import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import { ownerAdaptation, predictField, trainField } from '../../../src/domain/classification/text-model.js';
import { applyCorrection, createCorrection, createOwnerModel } from '../../../src/domain/classification/owner-model.js';
import { buildingMarket } from '../../../src/domain/documents/classifier.service.js';
import { A1, A4, doc } from './helpers.js';

describe('documents that belong to no discipline and no building part', () => {
  it('files site meeting minutes under no discipline and MSC although they name trades and systems', () => {
    const c = classifyDocument(
      doc({
        path: 'Prosjekt Lia/Møter/Referat byggemøte 7.docx',
        kind: 'docx',
        text: 'REFERAT BYGGEMØTE 7\nTilstede: byggherre, RIV, RIE\nSak 7.1 Ventilasjonsaggregat levert\nSak 7.2 Fundamenter støpt\nNeste møte',
      }),
    );
    expect(c.informationType).toBe('meeting_minutes');
    expect(c.discipline).toBeNull();
    expect(c.buildingCategory).toBe('MSC');
    expect(c.evidence.buildingCategory?.evidence[0]).toBe('meeting minutes concerns no building part');
  });

  it('keeps the trade an offer names in its file name', () => {
    const c = classifyDocument(
      doc({
        path: 'Prosjekt Lia/Tilbud/Tilbud rørleggerarbeider.pdf',
        size: A4,
        text: 'TILBUD\nTilbudssum kr 2 400 000',
      }),
    );
    expect(c.informationType).toBe('offer');
    expect(c.discipline).toBe('RIV');
  });

  it('gives an energy certificate no discipline and no part, but an energy calculation to the energy consultant', () => {
    const certificate = classifyDocument(
      doc({ path: 'Lia/Energi/Energiattest.pdf', size: A4, text: 'ENERGIATTEST\nEnergikarakter C\nUtstedt av Enova' }),
    );
    expect([certificate.informationType, certificate.discipline, certificate.buildingCategory]).toEqual([
      'energy_certificate',
      null,
      'MSC',
    ]);
    const calculation = classifyDocument(
      doc({
        path: 'Lia/Rapporter/Energiberegning TEK17.pdf',
        size: A4,
        text: 'ENERGIBEREGNING\nSIMIEN\nNetto energibehov',
      }),
    );
    expect(calculation.discipline).toBe('RIEn');
    expect(calculation.buildingCategory).toBe('20');
  });

  it("calls an installer's system completion certificate a declaration of conformity, not a building permit", () => {
    const c = classifyDocument(
      doc({
        path: 'Riverside/O&M/Sprinkler System Completion Certificate.pdf',
        size: A4,
        text: 'SPRINKLER SYSTEM COMPLETION CERTIFICATE\nBS 9251 residential sprinkler system',
      }),
    );
    expect(c.informationType).toBe('declaration_of_conformity');
    expect(c.buildingCategory).toBe('332');
    expect(c.discipline).toBe('P');
  });
});

describe('names that look like a type and are not', () => {
  it('reads "DoC" as a declaration of conformity, and a scanner\'s "Doc 14-03-2026" as no type at all', () => {
    expect(classifyDocument(doc({ path: 'FDV/Elektro/DoC Hager tavle.pdf', size: A4 })).informationType).toBe(
      'declaration_of_conformity',
    );
    const scan = classifyDocument(doc({ path: 'Scans/Doc 14-03-2026 09.41.pdf', size: A4 }));
    expect(scan.informationType).toBeNull();
    expect(scan.buildingCategory).toBe('MSC');
  });

  it('matches phrases of several words as written ("owner manual", "installer guide")', () => {
    for (const [path, type] of [
      ['FDV/Varme/Heat pump owner manual.pdf', 'user_manual'],
      ['FDV/Varme/Heat pump installer guide.pdf', 'installation_instructions'],
    ] as const)
      expect(classifyDocument(doc({ path, size: A4 })).informationType, path).toBe(type);
  });

  it('reads no road into a project named after its street', () => {
    const scan = classifyDocument(doc({ path: 'Harrow Road Apartments/Scans/Scanned Document 7.pdf', size: A4 }));
    expect([scan.discipline, scan.buildingCategory]).toEqual([null, 'MSC']);
  });

  it('gives an e-mail no type of its own, whatever its subject names', () => {
    const mail = classifyDocument(
      doc({
        path: 'Correspondence/Re Pool cover warranty.eml',
        kind: 'eml',
        text: 'Subject: Re: Pool cover warranty\nThe warranty has been extended to 5 years.',
      }),
    );
    expect([mail.informationType, mail.discipline, mail.buildingCategory]).toEqual([null, null, 'MSC']);
    expect(mail.evidence.informationType?.evidence[0]).toBe('an e-mail: correspondence, of no information type');
  });
});

describe('the code system of a discipline', () => {
  it('gives English material in English folders the UK role letter without an ISO 19650 name', () => {
    const c = classifyDocument(
      doc({
        path: 'Riverside Court/Drawings/Electrical/Lighting Layout Level 1.pdf',
        size: A1,
        text: 'LIGHTING LAYOUT LEVEL 1\nLED downlight\nScale 1:50\nDrawing no. 4402-E-201\nDo not scale',
      }),
    );
    expect(c.discipline).toBe('E');
    expect(c.evidence.discipline?.evidence.join(' | ')).toContain('English names and text');
  });

  it('keeps an English data sheet in a Norwegian FDV folder Norwegian', () => {
    const c = classifyDocument(
      doc({
        path: 'Lia/FDV/Ventilasjon/MVHR unit technical data sheet.pdf',
        size: A4,
        text: 'Technical data sheet\nAirflow up to 350 m3/h\nThe unit shall be installed by a qualified installer',
      }),
    );
    expect(c.discipline).toBe('RIV');
  });

  it('follows the building: a market given by the caller wins over the document', () => {
    const input = doc({
      path: 'Drawings/Lighting Layout Level 1.pdf',
      size: A1,
      text: 'LIGHTING LAYOUT LEVEL 1\nLED downlight\nScale 1:50',
    });
    expect(classifyDocument({ ...input, market: 'NO' }).discipline).toBe('RIE');
    expect(classifyDocument({ ...input, market: 'UK' }).discipline).toBe('E');
  });

  it('tells a building market from its classified documents only when they mostly agree', () => {
    expect(
      buildingMarket(
        new Map([
          ['E', 3],
          ['M', 2],
          ['RIV', 1],
        ]),
      ),
    ).toBe('UK');
    expect(
      buildingMarket(
        new Map([
          ['RIV', 4],
          ['ARK', 3],
        ]),
      ),
    ).toBe('NO');
    expect(
      buildingMarket(
        new Map([
          ['E', 2],
          ['RIV', 2],
        ]),
      ),
    ).toBeNull();
    expect(buildingMarket(new Map([['E', 2]]))).toBeNull();
  });
});

describe('the text model', () => {
  const examples = [
    { features: ['n:ventilasjon', 't:aggregat'], label: 'RIV' },
    { features: ['n:ventilasjon', 't:luftmengde'], label: 'RIV' },
    { features: ['n:tavle', 't:kurs'], label: 'RIE' },
    { features: ['n:tavle', 't:sikring'], label: 'RIE' },
  ];

  it('learns which words speak for which class, deterministically', () => {
    const model = trainField(examples, { minCount: 1 });
    expect(trainField(examples, { minCount: 1 })).toEqual(model);
    const vote = predictField(model, ['n:ventilasjon', 't:aggregat']);
    expect(vote?.value).toBe('RIV');
    expect(vote!.probability).toBeGreaterThan(0.8);
    expect(vote?.because[0]).toBe('ventilasjon');
    expect(predictField(model, ['n:ukjent'])).toBeNull();
  });

  it("adapts to an owner's corrections: their words count with the corrected class", () => {
    const model = trainField(examples, { minCount: 1 });
    // this owner keeps its control cabinets ("tavle") with the ventilation
    const adaptation = ownerAdaptation(model, [{ value: 'RIV', tokens: ['tavle'], count: 2 }]);
    expect(predictField(model, ['n:tavle'])?.value).toBe('RIE');
    expect(predictField(model, ['n:tavle'], adaptation)?.value).toBe('RIV');
    expect(adaptation?.corrections).toBe(2);
    // a value the model has no class for teaches it nothing
    expect(ownerAdaptation(model, [{ value: 'RIAku', tokens: ['tavle'], count: 1 }])).toBeNull();
  });

  it("names the owner's corrections in its evidence once they have adapted it", () => {
    const input = doc({ path: 'Lia/FDV/Garanti/Garantibevis ventilasjonsaggregat.pdf', size: A4 });
    let owner = createOwnerModel();
    owner = applyCorrection(
      owner,
      createCorrection({
        field: 'informationTypes',
        value: ['warranty'],
        input: doc({ path: 'Lia/FDV/Garanti/Garantibevis pumpe.pdf' }),
      }),
    );
    const c = classifyDocument(input, { ownerModel: owner });
    const evidence = c.evidence.informationType?.evidence.join(' | ') ?? '';
    expect(evidence).toMatch(/text model [0-9.]+ \(.*adapted by 1 corrections in this owner\)/);
  });

  it('joins the evidence of a document its words are typical for', () => {
    const c = classifyDocument(
      doc({ path: 'Lia/FDV/36 Ventilasjon/Produktdatablad ventilasjonsaggregat.pdf', size: A4 }),
    );
    expect(c.discipline).toBe('RIV');
    const all = [...(c.evidence.discipline?.evidence ?? []), ...(c.evidence.informationType?.evidence ?? [])];
    expect(all.some((e) => e.startsWith('text model '))).toBe(true);
  });
});
