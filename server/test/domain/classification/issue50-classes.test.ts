import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import { ns3451Entries } from '../../../src/domain/classification/reference-data.js';
import { A1, A3, A4, doc } from './helpers.js';

const two = (code: string): string => (code === 'MSC' ? 'MSC' : code.slice(0, 2));

describe('abstaining where no trade or part dominates', () => {
  it("keeps a completion permit the applicant's although its text lists the fire alarm and emergency lighting", () => {
    const c = classifyDocument(
      doc({
        path: 'Lia skole/Byggesak/Søknad om ferdigattest.pdf',
        size: A4,
        text: 'SØKNAD OM FERDIGATTEST\nTiltaket er ferdigstilt\nBrannalarm og nødlys er kontrollert og i drift',
      }),
    );
    expect([c.informationType, c.discipline, c.buildingCategory]).toEqual(['permit_documents', 'ARK', '20']);
  });

  it("gives a permit form for one area of responsibility that area's discipline", () => {
    const c = classifyDocument(
      doc({
        path: 'Lia skole/Byggesak/Erklæring om ansvarsrett.pdf',
        size: A4,
        text: 'ERKLÆRING OM ANSVARSRETT\nAnsvarsområde: prosjektering av elektriske anlegg\nTiltaksklasse 2',
      }),
    );
    expect([c.informationType, c.discipline, c.buildingCategory]).toEqual(['permit_documents', 'RIE', '40']);
    expect(c.evidence.buildingCategory?.evidence.join(' ')).toContain('area of responsibility mentions');
  });

  it("files a residents' guide under no trade and no part although it explains the heating", () => {
    const c = classifyDocument(
      doc({
        path: 'Elm Court/Handover/Residents Guide.pdf',
        size: A4,
        text: "RESIDENTS' GUIDE\nYour heating: boiler and radiators\nHot water\nVentilation filters",
      }),
    );
    expect([c.discipline, c.buildingCategory, c.informationType]).toEqual([null, 'MSC', 'user_manual']);
  });

  it('gives lifts, dock levellers and book sorters no discipline but their part', () => {
    const lift = classifyDocument(
      doc({ path: 'Lia/FDV/Elektro/Heis FDV.pdf', size: A4, text: 'FDV\nPersonheis 1000 kg\nVedlikehold' }),
    );
    expect([lift.discipline, two(lift.buildingCategory)]).toEqual([null, '62']);
    expect(lift.evidence.discipline?.evidence[0]).toContain('equipment no designer draws');
    const leveller = classifyDocument(
      doc({
        path: 'Depot/O&M/Section 5 Electrical/Dock leveller maintenance.pdf',
        size: A4,
        text: 'DOCK LEVELLER\nMaintenance\nHydraulic lip',
      }),
    );
    expect([leveller.discipline, leveller.buildingCategory]).toEqual([null, '62']);
    const sorter = classifyDocument(
      doc({
        path: 'Bibliotek/FDV/Bokinnlevering og sortering brukerveiledning.pdf',
        size: A4,
        text: 'Brukerveiledning\nAutomatisk bokinnlevering\nSorteringskasser',
      }),
    );
    expect([sorter.discipline, two(sorter.buildingCategory)]).toEqual([null, '63']);
  });

  it('keeps a discipline a lift document states in its name', () => {
    const c = classifyDocument(
      doc({ path: 'Lia/FDV/Heis/RIE heis strømforsyning.pdf', size: A4, text: 'Strømforsyning til heis' }),
    );
    expect(c.discipline).toBe('RIE');
  });

  it('files contracts and offers that name no trade under none, and those that do under it', () => {
    const handover = classifyDocument(
      doc({
        path: 'Lia/Overtakelse/Overtakelsesprotokoll.pdf',
        size: A4,
        text: 'OVERTAKELSESPROTOKOLL\nMangler: justering av ventilasjon, nødlysskilt',
      }),
    );
    expect([handover.informationType, handover.discipline, handover.buildingCategory]).toEqual([
      'contract',
      null,
      'MSC',
    ]);
    const offer = classifyDocument(
      doc({ path: 'Lia/Tilbud/Tilbud elektroarbeider.pdf', size: A4, text: 'TILBUD\nTilbudssum kr 900 000' }),
    );
    expect([offer.informationType, offer.discipline, offer.buildingCategory]).toEqual(['offer', 'RIE', '40']);
  });

  it('files a greenhouse gas calculation with the environmental consultant and no part', () => {
    const c = classifyDocument(
      doc({
        path: 'Lia/Rapporter/Klimagassberegning.pdf',
        size: A4,
        text: 'KLIMAGASSBEREGNING\nMaterialer og energi\nkg CO2-ekv per m²',
      }),
    );
    expect([c.discipline, c.buildingCategory, c.informationType]).toEqual(['RIM', 'MSC', 'calculation']);
  });

  it('gives a letter saved as a PDF no type and no part', () => {
    const c = classifyDocument(
      doc({
        path: 'Lia/Korrespondanse/Brev til kommunen om ventilasjon.pdf',
        size: A4,
        text: 'Vedrørende ventilasjon',
      }),
    );
    expect([c.informationType, c.discipline, c.buildingCategory]).toEqual([null, null, 'MSC']);
  });
});

describe('content over folder', () => {
  it('files a heating cable under electric heating although its folder is ventilation, and says so', () => {
    const c = classifyDocument(
      doc({
        path: 'Lia/FDV/36 Ventilasjon/Varmekabler bad FDV.pdf',
        size: A4,
        text: 'FDV\nVarmekabler i baderomsgulv\nTermostat med gulvføler',
      }),
    );
    expect([c.discipline, two(c.buildingCategory)]).toEqual(['RIE', '45']);
    expect(c.evidence.buildingCategory?.evidence[0]).toMatch(/^the content \(NS 3451 45 .*\) outweighs folder/);
  });

  it("files an oil separator drawing in the landscape architect's folder with the plumbing engineer", () => {
    const c = classifyDocument(
      doc({ path: 'Lia/Tegninger/LARK/Oljeutskiller detalj.pdf', size: A3, text: 'OLJEUTSKILLER\nMålestokk 1:20' }),
    );
    expect([c.discipline, two(c.buildingCategory)]).toEqual(['RIV', '73']);
    expect(c.evidence.discipline?.evidence[0]).toMatch(/outweighs folder "LARK"/);
  });

  it("reads a scanner's name in the electrical folder by its text: a carpenter's declaration", () => {
    const c = classifyDocument(
      doc({
        path: 'Lia/FDV/Elektro/Scan_0003.pdf',
        size: A4,
        text: 'SAMSVARSERKLÆRING\nTømrerarbeider\nInnvendige lettvegger og himlinger er utført iht. beskrivelse',
      }),
    );
    expect(c.discipline).toBe('ARK');
    expect(c.informationType).toBe('declaration_of_conformity');
  });

  it('calls an exhaust hose reel ventilation, not a fire hose', () => {
    const c = classifyDocument(
      doc({
        path: 'Fire Station/O&M/Section 6 Fire/Exhaust extraction hose reel data sheet.pdf',
        size: A4,
        text: 'Product data sheet\nVehicle exhaust extraction hose reel',
      }),
    );
    expect(two(c.buildingCategory)).toBe('36');
  });

  it("keeps a designer's folder for the parts that designer draws, and a specialist's own folder", () => {
    const slab = classifyDocument(
      doc({ path: 'Lia/Tegninger/RIB/Dekkeplan over 1. etasje.pdf', size: A1, text: 'DEKKEPLAN\nHulldekker' }),
    );
    expect([slab.discipline, two(slab.buildingCategory)]).toEqual(['RIB', '25']);
    const acoustics = classifyDocument(
      doc({
        path: 'Lia/Rapporter/RIAku/Lydmåling yttervegg.pdf',
        size: A4,
        text: 'LYDMÅLING\nFasadeisolasjon yttervegg',
      }),
    );
    expect(acoustics.discipline).toBe('RIAku');
  });
});

describe('NS 3451 groups', () => {
  // Every two-digit group but the general ones (x0) and the "other ..." groups is reached by a document that names it
  // as the standard does.
  const groups = [...ns3451Entries()].filter(
    (e) => e.level === 2 && !e.code.endsWith('0') && !/^andre\b|\(ns 3451:2022\)/i.test(e.nameNo),
  );
  it.each(groups.map((g) => [g.code, g.nameNo] as const))('reaches %s from its name "%s"', (code, name) => {
    const c = classifyDocument(doc({ path: `Bygg/FDV/${name} FDV.pdf`, size: A4, text: `FDV-dokumentasjon\n${name}` }));
    expect(two(c.buildingCategory)).toBe(code);
  });

  it('moves a building system outdoors where the name says outdoors', () => {
    const cases: [string, string][] = [
      ['Utomhus/Utendørs belysning parkeringsplass FDV.pdf', '744'],
      ['Utomhus/Snøsmelting varmekabler inngangsparti FDV.pdf', '745'],
      ['Utomhus/Ladestasjoner utendørs parkering FDV.pdf', '743'],
      ['Utomhus/Brannhydranter kontroll.pdf', '733'],
      ['External Works/External CCTV user guide.pdf', '755'],
    ];
    for (const [path, code] of cases) {
      const c = classifyDocument(doc({ path: `Lia/FDV/${path}`, size: A4, text: 'FDV' }));
      expect([path, c.buildingCategory.slice(0, 3)]).toEqual([path, code]);
    }
  });

  it('knows the outdoor and special groups by their product words', () => {
    const cases: [string, string][] = [
      ['Gjerder og skyveport FDV.pdf', '725'],
      ['Støttemur FDV.pdf', '721'],
      ['Sykkelskur FDV.pdf', '723'],
      ['Pool water treatment plant O&M.pdf', '383'],
      ['Rulletrapp vedlikehold.pdf', '622'],
      ['Rørpostanlegg brukerveiledning.pdf', '631'],
      ['Trappeheis brukerveiledning.pdf', '625'],
    ];
    for (const [name, code] of cases) {
      const c = classifyDocument(doc({ path: `Lia/FDV/${name}`, size: A4, text: 'FDV' }));
      expect([name, c.buildingCategory.slice(0, 3)]).toEqual([name, code]);
    }
  });

  it('files one evident element under its part, and a plan of power and lighting under the general 40', () => {
    const fan = classifyDocument(
      doc({ path: 'Lia/FDV/30 VVS/Takvifter produktdatablad.pdf', size: A4, text: 'Produktdatablad\nTakvifter' }),
    );
    expect(two(fan.buildingCategory)).toBe('36');
    const combined = classifyDocument(
      doc({
        path: 'Elm Court/Drawings/Electrical/Small power and lighting layout Level 2.pdf',
        size: A1,
        text: 'SMALL POWER AND LIGHTING LAYOUT\nSocket outlets and luminaires',
      }),
    );
    expect(combined.buildingCategory).toBe('40');
    const plan = classifyDocument(
      doc({
        path: 'Lia/Tegninger/ARK/Plan 2. etasje.pdf',
        size: A1,
        text: 'PLAN 2. ETASJE\nKJØKKEN\nTRAPPEROM\nBALKONG\nMålestokk 1:100',
      }),
    );
    expect(plan.buildingCategory).toBe('20');
  });

  it('files an IFC model of one discipline under its general part and of one system under that system', () => {
    const electrical = classifyDocument(
      doc({
        path: 'Lia/Modell/LIA-RIE.ifc',
        kind: 'ifc',
        text: 'IFC4 IfcLightFixture IfcOutlet IfcCableCarrierSegment IfcAlarm IfcElectricDistributionBoard',
      }),
    );
    expect([electrical.informationType, electrical.buildingCategory]).toEqual(['model', '40']);
    const sprinkler = classifyDocument(
      doc({ path: 'Lia/Modell/LIA-RIV-Sprinkler.ifc', kind: 'ifc', text: 'IFC4 IfcFireSuppressionTerminal' }),
    );
    expect(sprinkler.buildingCategory).toBe('332');
  });
});

describe('information types', () => {
  it("calls a lift's EU declaration and log book lift documents, and its user guide a user manual", () => {
    const declaration = classifyDocument(
      doc({
        path: 'Lia/FDV/Heis/EU-samsvarserklæring heis.pdf',
        size: A4,
        text: 'EU-SAMSVARSERKLÆRING\nHeis\nDirektiv 2014/33/EU',
      }),
    );
    expect(declaration.informationType).toBe('lift_documents');
    expect(declaration.informationTypes).toContain('declaration_of_conformity');
    const guide = classifyDocument(
      doc({ path: 'Lia/FDV/Heis/Brukerveiledning heis.pdf', size: A4, text: 'Brukerveiledning\nPersonheis' }),
    );
    expect(guide.informationType).toBe('user_manual');
  });

  it('tells commissioning from self-inspection and cleaning', () => {
    const checklist = classifyDocument(
      doc({
        path: 'Lia/FDV/Ventilasjon/Igangkjøringssjekkliste aggregat.pdf',
        size: A4,
        text: 'SJEKKLISTE IGANGKJØRING\nAggregat 360.001',
      }),
    );
    expect(checklist.informationType).toBe('commissioning_report');
    const cleaning = classifyDocument(
      doc({
        path: 'Elm Court/O&M/Section 4 Mechanical/Pre-commission cleaning certificate.pdf',
        size: A4,
        text: 'PRE-COMMISSION CLEANING\nFlushing and chemical cleaning of the LTHW system',
      }),
    );
    expect(cleaning.informationType).toBe('commissioning_report');
    const selfInspection = classifyDocument(
      doc({ path: 'Lia/Egenkontroll/Egenkontroll membran bad.pdf', size: A4, text: 'EGENKONTROLL\nSjekkliste' }),
    );
    expect(selfInspection.informationType).toBe('self_inspection_checklist');
  });

  it("calls an installer's completion certificate a declaration of conformity and the periodic one a test report", () => {
    const completion = classifyDocument(
      doc({
        path: 'Elm Court/O&M/Section 5 Electrical/Emergency lighting completion certificate.pdf',
        size: A4,
        text: 'EMERGENCY LIGHTING COMPLETION CERTIFICATE\nBS 5266-1',
      }),
    );
    expect(completion.informationType).toBe('declaration_of_conformity');
    const periodic = classifyDocument(
      doc({
        path: 'Elm Court/O&M/Section 5 Electrical/Emergency lighting periodic inspection 2026.pdf',
        size: A4,
        text: 'PERIODIC INSPECTION AND TEST\nEmergency lighting\nBS 5266-1',
      }),
    );
    expect(periodic.informationType).toBe('test_measurement_report');
    const eic = classifyDocument(
      doc({
        path: 'Elm Court/O&M/Section 5 Electrical/Electrical Installation Certificate.pdf',
        size: A4,
        text: 'ELECTRICAL INSTALLATION CERTIFICATE\nBS 7671',
      }),
    );
    expect([eic.informationType, eic.buildingCategory]).toEqual(['declaration_of_conformity', '43']);
  });

  it('calls a measurement report a test report, not a report', () => {
    const c = classifyDocument(
      doc({ path: 'Lia/Rapporter/Målerapport radon.pdf', size: A4, text: 'MÅLERAPPORT\nRadon\nÅrsmiddel 40 Bq/m³' }),
    );
    expect(c.informationType).toBe('test_measurement_report');
  });

  it('calls an accepted offer a contract', () => {
    const c = classifyDocument(
      doc({
        path: 'Lia/Kontrakter/Aksept av tilbud rørleggerarbeider.pdf',
        size: A4,
        text: 'AKSEPT AV TILBUD\nVi aksepterer deres tilbud',
      }),
    );
    expect(c.informationType).toBe('contract');
  });

  it('types drawings: a fire drawing, a zone chart, a revision for construction, a scanned as-built sheet', () => {
    const fire = classifyDocument(
      doc({ path: 'Lia/Tegninger/Brann/Branntegning plan 3.pdf', size: A1, text: 'BRANNTEGNING\nBrannceller' }),
    );
    expect([fire.informationType, fire.discipline]).toEqual(['fire_strategy', 'RIBr']);
    const zones = classifyDocument(
      doc({
        path: 'Lia/Tegninger/RIE/Sonekart brannalarm.pdf',
        size: A3,
        text: 'SONEKART BRANNALARM\nSone 1-4\nDu står her',
      }),
    );
    expect([zones.informationType, zones.discipline]).toEqual(['drawing', 'RIE']);
    const revision = classifyDocument(
      doc({
        path: 'Lia/Tegninger/RIV/Revisjonstegning ventilasjon plan 3 for bygging.pdf',
        size: A1,
        text: 'VENTILASJON PLAN 3\nRevisjon D - for bygging',
      }),
    );
    expect(revision.informationType).toBe('drawing');
    const scan = classifyDocument(doc({ path: 'Lia/Som bygget/Scan_0101.pdf', size: A1, text: '' }));
    expect([scan.isDrawing, scan.informationType, scan.discipline]).toEqual([true, 'as_built_drawing', 'ARK']);
  });

  it('types models by their extension, whatever kind they were read as', () => {
    for (const name of ['LIA-ARK.rvt', 'Samordning.nwd', 'LIA-RIV.ifczip']) {
      const c = classifyDocument(doc({ path: `Lia/Modell/${name}`, kind: name.endsWith('zip') ? 'zip' : 'unknown' }));
      expect([name, c.informationType, c.isDrawing]).toEqual([name, 'model', false]);
    }
  });

  it('calls equipment lists and room schedules descriptions', () => {
    const list = classifyDocument(
      doc({
        path: 'Lia/FDV/Utstyrsliste ventilasjon.xlsx',
        kind: 'xlsx',
        text: 'Utstyrsliste\n360.001-JV001 Vifte',
      }),
    );
    expect([list.informationType, list.discipline]).toEqual(['description', 'RIV']);
    const rooms = classifyDocument(
      doc({
        path: 'Lia/Prosjektering/Romskjema.xlsx',
        kind: 'xlsx',
        text: 'ROMSKJEMA\nRom\tGulv\tVegg\tHimling\n1.01\tLinoleum',
      }),
    );
    expect([rooms.informationType, rooms.discipline, rooms.buildingCategory]).toEqual(['description', 'ARK', '20']);
  });
});
