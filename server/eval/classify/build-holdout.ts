/**
 * Writes holdout.jsonl: documents the classifier was NOT tuned on. Written before the engine existed, with other
 * projects, manufacturers, numbering schemes and phrasings than build-dataset.ts. Do not edit to make the engine pass;
 * fix a label only when it breaks the conventions in README.md.
 *
 *   npx tsx eval/classify/build-holdout.ts
 */
import { writeFileSync } from 'node:fs';
import type { FileKind } from '../../src/domain/pipeline/extraction.types.js';
import { A0, A1, A2, A3, A4, A4L, makeItem, type EvalItem, type LabelTuple } from './eval-item.js';

const items: EvalItem[] = [];
function add(
  path: string,
  kind: FileKind,
  size: [number, number] | null,
  text: string,
  labels: LabelTuple,
  extra?: { title?: string; attributes?: Record<string, string> },
): void {
  const id = `h${String(items.length + 1).padStart(3, '0')}`;
  items.push(makeItem({ id, path, kind, size, text, labels, ...(extra ? { extra } : {}) }));
}

/** Title block in the style of the Kvartal 7 consultants (Tromsø). */
function k7(args: {
  title: string;
  no: string;
  rev: string;
  date: string;
  fag: string;
  body: string;
  status?: string;
}): string {
  return [
    args.body,
    'KVARTAL 7 TROMSØ - NYBYGG KONTOR',
    `Byggherre: Polarkvartalet Eiendom AS`,
    `Fag: ${args.fag}`,
    args.title.toUpperCase(),
    `Status: ${args.status ?? 'ARBEIDSTEGNING'}`,
    'Målestokk 1:100 (A1)',
    `Tegningsnummer ${args.no}`,
    `Revisjon ${args.rev}`,
    `Dato ${args.date}`,
    'Tegnet: KLS  Kontrollert: MHA  Godkjent: TRH',
  ].join('\n');
}

// ---------------------------------------------------------------- Kvartal 7 (Norwegian drawings)
add(
  'Kvartal 7/Tegninger/ARK/K7-ARK-A21-0101 Plan 1. etasje.pdf',
  'pdf',
  A1,
  k7({
    title: 'Plan 1. etasje',
    no: 'K7-ARK-A21-0101',
    rev: '04',
    date: '14.09.2022',
    fag: 'Arkitekt',
    body: '1.012 RESEPSJON 48,2 m²\n1.014 KONTOR 12,1 m²\n1.020 MØTEROM\n1.031 HC-WC\nTRAPP 1\nHEIS',
  }),
  ['ARK', '20', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/ARK/K7-ARK-A40-0201 Fasade sør og vest.pdf',
  'pdf',
  A1,
  k7({
    title: 'Fasade sør og vest',
    no: 'K7-ARK-A40-0201',
    rev: '02',
    date: '02.06.2022',
    fag: 'Arkitekt',
    body: 'FASADE SØR\nFASADE VEST\n+12,400 GESIMS\n+0,000 = kote 8,60\nKledning: liggende trepanel, beiset',
  }),
  ['ARK', '20', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/ARK/K7-ARK-A50-0312 Detalj vindusinnsetting.pdf',
  'pdf',
  A3,
  k7({
    title: 'Detalj vindusinnsetting',
    no: 'K7-ARK-A50-0312',
    rev: '01',
    date: '20.10.2022',
    fag: 'Arkitekt',
    body: 'DETALJ 1:5\nVindu, trekarm\nFuging med bunnfyllingslist og fugemasse\nVindsperre klemt mot karm\nBeslag i lakkert stål\nSmygbord',
  }),
  ['ARK', '23', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIB/K7-RIB-K22-1003 Søyler og bjelker plan 3.pdf',
  'pdf',
  A1,
  k7({
    title: 'Søyler og bjelker plan 3',
    no: 'K7-RIB-K22-1003',
    rev: '03',
    date: '11.03.2022',
    fag: 'RIB',
    body: 'STÅLSØYLE HEB 200\nHSQ-BJELKE 420x25\nAkse A-F / 1-9\nBrannbeskyttes til R60',
  }),
  ['RIB', '22', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIB/K7-RIB-K21-1001 Fundamentplan.pdf',
  'pdf',
  A1,
  k7({
    title: 'Fundamentplan',
    no: 'K7-RIB-K21-1001',
    rev: '02',
    date: '28.01.2022',
    fag: 'RIB',
    body: 'SÅLEFUNDAMENT 800x400\nPUNKTFUNDAMENT PF1 1600x1600x500\nStøpes mot fjell, boltes\nUK fundament kote +7,20',
  }),
  ['RIB', '21', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIV/K7-RIV-V36-2101 Ventilasjon plan 1. etasje.pdf',
  'pdf',
  A1,
  k7({
    title: 'Ventilasjon plan 1. etasje',
    no: 'K7-RIV-V36-2101',
    rev: '05',
    date: '30.11.2022',
    fag: 'RIV',
    body: 'TILLUFT Ø250\nAVTREKK Ø200\nVAV-SPJELD\nLYDDEMPER\n+360.001\nTilluftsventil 60 l/s',
  }),
  ['RIV', '36', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIV/K7-RIV-V32-2201 Radiatoranlegg plan 2.pdf',
  'pdf',
  A1,
  k7({
    title: 'Radiatoranlegg plan 2',
    no: 'K7-RIV-V32-2201',
    rev: '02',
    date: '30.11.2022',
    fag: 'RIV',
    body: 'RADIATOR 600x1200 TYPE 22\nTURVANN / RETURVANN 60/40 °C\nStrupeventil\nStigeledning S3',
  }),
  ['RIV', '32', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIV/K7-RIV-V31-2001 Sanitær bunnledninger.pdf',
  'pdf',
  A1,
  k7({
    title: 'Sanitær bunnledninger',
    no: 'K7-RIV-V31-2001',
    rev: '01',
    date: '15.02.2022',
    fag: 'RIV',
    body: 'SPILLVANN Ø110 PP 1:60\nOVERVANN Ø160\nSandfang\nStakeluke\nTilknytning kommunal kum',
  }),
  ['RIV', '31', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIV/K7-RIV-V36-5001 Prinsippskjema luftbehandling 360.001.pdf',
  'pdf',
  A3,
  k7({
    title: 'Prinsippskjema luftbehandling 360.001',
    no: 'K7-RIV-V36-5001',
    rev: '03',
    date: '01.12.2022',
    fag: 'RIV',
    body: 'AGGREGAT 360.001\nRT401 RT501 RP401\nJV401 TILLUFTSVIFTE\nJV501 AVTREKKSVIFTE\nLX401 ROTERENDE GJENVINNER\nFROSTVAKT',
  }),
  ['RIV', '36', true, 'schematic_diagram'],
);
add(
  'Kvartal 7/Tegninger/RIE/K7-RIE-E44-3101 Lys og nødlys plan 1.pdf',
  'pdf',
  A1,
  k7({
    title: 'Lys og nødlys plan 1',
    no: 'K7-RIE-E44-3101',
    rev: '02',
    date: '05.12.2022',
    fag: 'RIE',
    body: 'LED-ARMATUR 60x60\nLEDESKILT\nSTYRT VIA DALI\nBEVEGELSESSENSOR',
  }),
  ['RIE', '44', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIE/K7-RIE-E43-6001 Enlinjeskjema hovedtavle.pdf',
  'pdf',
  A3,
  k7({
    title: 'Enlinjeskjema hovedtavle',
    no: 'K7-RIE-E43-6001',
    rev: '01',
    date: '05.12.2022',
    fag: 'RIE',
    body: 'HOVEDTAVLE H01 400V TN-S\nHOVEDBRYTER 630A\nQ1 UNDERFORDELING U1.1 125A\nQ2 UNDERFORDELING U2.1 125A\nOVERSPENNINGSVERN',
  }),
  ['RIE', '43', true, 'schematic_diagram'],
);
add(
  'Kvartal 7/Tegninger/RIE/K7-RIE-E54-3201 Brannalarm plan 2.pdf',
  'pdf',
  A1,
  k7({
    title: 'Brannalarm plan 2',
    no: 'K7-RIE-E54-3201',
    rev: '01',
    date: '05.12.2022',
    fag: 'RIE',
    body: 'OPTISK RØYKDETEKTOR\nMANUELL MELDER\nSIRENE\nSLØYFE 2',
  }),
  ['RIE', '54', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/LARK/K7-LARK-L70-0001 Utomhusplan.pdf',
  'pdf',
  A1,
  k7({
    title: 'Utomhusplan',
    no: 'K7-LARK-L70-0001',
    rev: '03',
    date: '22.08.2022',
    fag: 'Landskapsarkitekt',
    body: 'BELEGNINGSSTEIN\nPLEN\nSYKKELPARKERING\nNYE TRÆR, SOLITÆR\nGATESTEIN KANT',
  }),
  ['LARK', '70', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIBr/K7-RIBr-B-0102 Brannplan 1. etasje.pdf',
  'pdf',
  A1,
  k7({
    title: 'Brannplan 1. etasje',
    no: 'K7-RIBr-B-0102',
    rev: '02',
    date: '12.05.2022',
    fag: 'RIBr',
    body: 'BRANNCELLE EI60\nRØMNINGSVEI\nBRANNSKILLE REI60\nDØR EI230-Sa\nBRANNKLASSE 2, RISIKOKLASSE 2',
  }),
  // a fire drawing is the fire strategy's (issue 50; the catalogue's fire_strategy names "branntegninger")
  ['RIBr', '20', true, 'fire_strategy'],
);
add(
  'Kvartal 7/Tegninger/RIV/K7-RIV-V37-2301 Kjøling plan 3. etg.pdf',
  'pdf',
  A1,
  k7({
    title: 'Kjøling plan 3. etg',
    no: 'K7-RIV-V37-2301',
    rev: '01',
    date: '30.11.2022',
    fag: 'RIV',
    body: 'KJØLEBAFLER\nISVANN 14/17 °C\nAVSTENGNINGSVENTIL\nKONDENSISOLERT',
  }),
  ['RIV', '37', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIE/K7-RIE-E56-7001 SD prinsippskjema ventilasjon.pdf',
  'pdf',
  A3,
  k7({
    title: 'SD prinsippskjema ventilasjon',
    no: 'K7-RIE-E56-7001',
    rev: '01',
    date: '10.01.2023',
    fag: 'RIE',
    body: 'UNDERSENTRAL US-01\nBACNET/IP\nDUC 360.001\nTILSTANDSSIGNALER, ALARMER, SETTPUNKT',
  }),
  ['RIE', '56', true, 'schematic_diagram'],
);
add(
  'Kvartal 7/Tegninger/ARK/K7-ARK-A30-0101 Snitt A-A.pdf',
  'pdf',
  A1,
  k7({
    title: 'Snitt A-A',
    no: 'K7-ARK-A30-0101',
    rev: '02',
    date: '14.09.2022',
    fag: 'Arkitekt',
    body: 'SNITT A-A\n+16,200 TAK\n+12,600 4. ETG\n+9,000 3. ETG\nHULLDEKKE 265\nPÅSTØP 80',
  }),
  ['ARK', '20', true, 'drawing'],
);
add('Kvartal 7/Tegninger/RIV/K7-RIV-V36-2101 Ventilasjon plan 1. etasje_revC.dwg', 'dwg', null, '', [
  'RIV',
  '36',
  true,
  'drawing',
]);

// ---------------------------------------------------------------- Sandvika skole (DWG, as-built, working drawings)
add(
  'Sandvika skole/DWG/SVS-V-36-U1-001.dwg',
  'dwg',
  null,
  'VENTILASJON UNDERETASJE\n1:50\nAggregat 360.001 teknisk rom',
  ['RIV', '36', true, 'drawing'],
  {
    attributes: {
      TEGNR: 'SVS-V-36-U1-001',
      TITTEL: 'VENTILASJON UNDERETASJE',
      REV: 'C',
      DATO: '2021-05-03',
      FAG: 'RIV',
    },
  },
);
add(
  'Sandvika skole/DWG/SVS-E-433-01-002.dwg',
  'dwg',
  null,
  'FORDELINGSTAVLER 1. ETG\nU1.1 U1.2',
  ['RIE', '43', true, 'drawing'],
  {
    attributes: { TEGNR: 'SVS-E-433-01-002', TITTEL: 'FORDELINGSTAVLER 1. ETG', REV: 'B', DATO: '2021-04-20' },
  },
);
add(
  'Sandvika skole/DWG/SVS-A-20-02-010.dxf',
  'dxf',
  null,
  'PLAN 2. ETG\nKLASSEROM 2.01',
  ['ARK', '20', true, 'drawing'],
  {
    attributes: { TITLE: 'PLAN 2. ETG', DWGNO: 'SVS-A-20-02-010' },
  },
);
add(
  'Sandvika skole/Som bygget/RIV/SVS-V-32-02-001_SB.pdf',
  'pdf',
  A1,
  'SANDVIKA SKOLE\nVARME PLAN 2. ETG\nRadiator type 22 600x1000\nShuntgruppe 320.002\nSOM BYGGET\nTegn.nr. SVS-V-32-02-001  Rev. E  Dato 2022-06-17\nRev E: Oppdatert iht. utførelse',
  ['RIV', '32', true, 'as_built_drawing'],
);
add(
  'Sandvika skole/Som bygget/RIE/SVS-E-44-01-001 som bygget.pdf',
  'pdf',
  A1,
  'SANDVIKA SKOLE\nBELYSNING 1. ETG\nLED downlight\nNødlysarmatur med ledeskilt\nSOM BYGGET\nTegn.nr. SVS-E-44-01-001  Rev. D  Dato 2022-06-20',
  ['RIE', '44', true, 'as_built_drawing'],
);
add(
  'Sandvika skole/Som bygget/ARK/SVS-A-20-U1-001 Plan U1 SB.pdf',
  'pdf',
  A1,
  'SANDVIKA SKOLE\nPLAN UNDERETASJE\nGarderobe\nTeknisk rom\nLager\nSOM BYGGET\nTegn.nr. SVS-A-20-U1-001  Rev. F  Dato 2022-06-10',
  ['ARK', '20', true, 'as_built_drawing'],
);
add(
  'Sandvika skole/Arbeidstegninger/RIV/SVS-R-31-01-001 Arbeidstegning sanitær 1. etg.pdf',
  'pdf',
  A1,
  'SANDVIKA SKOLE\nSANITÆR 1. ETG\nKaldtvann / varmtvann PEX rør-i-rør\nFordelerskap\nSluk\nARBEIDSTEGNING\nTegn.nr. SVS-R-31-01-001  Rev. B  Dato 2021-03-08',
  ['RIV', '31', true, 'drawing'],
);

// ---------------------------------------------------------------- Moholt (Trondheim): plain Norwegian names
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Elektro/Tavleskjema H01.pdf',
  'pdf',
  A3,
  'TAVLESKJEMA H01\nKurs 1-24\n1.1 Stikk kontor 16A C 2,5mm²\n1.2 Lys gang 10A B\nJordfeilbryter 30mA\nMoholt studentboliger\nSkjema nr. E-01  Dato 12.02.2021',
  ['RIE', '43', true, 'schematic_diagram'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/VVS/Flytskjema varmesentral.pdf',
  'pdf',
  A3,
  'FLYTSKJEMA VARMESENTRAL\nFjernvarmeveksler\nSirkulasjonspumpe\nEkspansjonskar\nTurtemperatur 70 °C\nMoholt studentboliger\nTegn. nr. V-320-001',
  ['RIV', '32', true, 'schematic_diagram'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Arkitekt/Snitt A-A og B-B.pdf',
  'pdf',
  A1,
  'SNITT A-A\nSNITT B-B\nMoholt studentboliger\nTakterrasse\nHybler 3.-6. etasje\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Arkitekt/Situasjonsplan.pdf',
  'pdf',
  A2,
  'SITUASJONSPLAN\nGnr. 62 Bnr. 88\nFormålsgrense\nAdkomst fra Moholt allé\nAvstand til nabogrense 4,0 m\n1:500',
  ['ARK', '70', true, 'drawing'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Konstruksjon/Armeringstegning dekke over 2. etasje.pdf',
  'pdf',
  A1,
  'ARMERINGSTEGNING DEKKE OVER 2. ETASJE\nØ12 c200 UK\nØ10 c150 OK\nOverdekning 25 mm\nB35 M45\nMoholt studentboliger',
  ['RIB', '25', true, 'drawing'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Rømningsplaner/Rømningsplan 3. etasje.pdf',
  'pdf',
  A3,
  'RØMNINGSPLAN\nDU ER HER\nNødutgang\nManuell brannmelder\nBrannslukkingsapparat\nMøteplass: parkeringsplass nord\nVed brann: varsle, redde, slokke',
  ['RIBr', '20', true, 'evacuation_plan'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Akustikk/RIAku lydklasser plan 1.pdf',
  'pdf',
  A1,
  "LYDKLASSER PLAN 1\nR'w ≥ 55 dB\nL'n,w ≤ 53 dB\nLydklasse C iht. NS 8175\nMoholt studentboliger",
  ['RIAku', '20', true, 'drawing'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Detaljer/Detalj D-07 yttervegg mot terreng.pdf',
  'pdf',
  A4,
  'DETALJ D-07\nYTTERVEGG MOT TERRENG\nM 1:10\nGrunnmursplate\nXPS 100 mm\nFiberduk\nDrensrør Ø110',
  ['ARK', '23', true, 'drawing'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/VVS/Sprinkleranlegg plan U1.pdf',
  'pdf',
  A1,
  'SPRINKLERANLEGG PLAN U1\nSprinklersentral\nAlarmventil\nSprinklerhode hengende K80\nNS-EN 12845 OH1\nMoholt studentboliger',
  ['RIV', '33', true, 'drawing'],
);

// ---------------------------------------------------------------- Riverside Court, Leeds (ISO 19650 names)
add(
  'Riverside Court/WIP/RVC-HLM-ZZ-01-DR-A-1101_P03.pdf',
  'pdf',
  A1,
  'HLM Architects\nRiverside Court, Leeds\nDrawing title: First Floor General Arrangement Plan\nScale 1:100 @ A1\nDrawing No. RVC-HLM-ZZ-01-DR-A-1101\nRev P03  Status S2  Date 03/11/2022\nFlat 1.04 2B4P 70 m²',
  ['A', '20', true, 'drawing'],
);
add(
  'Riverside Court/Published/RVC-HLM-ZZ-XX-DR-A-2001_C02 Elevations North and East.pdf',
  'pdf',
  A1,
  'North Elevation\nEast Elevation\nBrick type 1: buff multi\nPPC aluminium window frames\nRiverside Court, Leeds\nDrawing No. RVC-HLM-ZZ-XX-DR-A-2001 Rev C02',
  ['A', '20', true, 'drawing'],
);
add(
  'Riverside Court/Published/RVC-CUD-ZZ-B1-DR-M-5701_Ventilation Layout Basement.pdf',
  'pdf',
  A0,
  'Ventilation Layout Basement\nCar park extract fan\nMVHR unit\nFire damper\nRiverside Court\nDrawing No. RVC-CUD-ZZ-B1-DR-M-5701 Rev C01',
  ['M', '36', true, 'drawing'],
);
add(
  'Riverside Court/Published/RVC-CUD-ZZ-ZZ-DR-E-6001_Lighting Layout Level 02.pdf',
  'pdf',
  A1,
  'Lighting Layout Level 02\nLED panel 600x600\nEmergency luminaire\nPIR presence detector\nDrawing No. RVC-CUD-ZZ-ZZ-DR-E-6001',
  ['E', '44', true, 'drawing'],
);
add(
  'Riverside Court/Published/RVC-AKT-ZZ-00-DR-S-2100_Foundation Plan.pdf',
  'pdf',
  A1,
  'Foundation Plan\nPile cap PC1\nGround beam GB3\nCFA piles 450 dia\nAKT II Structural Engineers\nDrawing No. RVC-AKT-ZZ-00-DR-S-2100 Rev C03',
  ['S', '21', true, 'drawing'],
);
add(
  'Riverside Court/Published/RVC-CUD-ZZ-XX-DR-M-5001 Heating Schematic.pdf',
  'pdf',
  A3,
  'Heating Schematic\nGas fired boiler B1, B2\nLTHW flow 70 °C return 50 °C\nHeat exchanger\nPressurisation unit\nDrawing No. RVC-CUD-ZZ-XX-DR-M-5001',
  ['M', '32', true, 'schematic_diagram'],
);
add(
  'Riverside Court/Published/RVC-LDA-ZZ-00-DR-L-0001 Landscape General Arrangement.pdf',
  'pdf',
  A1,
  'Landscape General Arrangement\nResin bound gravel\nRain garden\nTree pits\nLDA Design',
  ['L', '70', true, 'drawing'],
);
add(
  'Riverside Court/Published/RVC-CUD-ZZ-ZZ-DR-E-6301_Fire Alarm Schematic_AS BUILT.pdf',
  'pdf',
  A3,
  'Fire Alarm Schematic\nL1 category system BS 5839-1\nLoop 1 Loop 2\nSounder beacon\nAS BUILT\nDrawing No. RVC-CUD-ZZ-ZZ-DR-E-6301 Rev C05',
  ['E', '54', true, 'as_built_drawing'],
);
add(
  'Riverside Court/Published/RVC-HLM-ZZ-XX-SP-A-0020_Specification Section L10 Windows.pdf',
  'pdf',
  A4,
  'NBS Specification\nL10 Windows, rooflights, screens and louvres\n110 Aluminium windows\nManufacturer: as clause 120\nThermal performance: whole window U-value 1.4 W/m²K\nWeathertightness to BS 6375-1\n\fClause 210 Glazing\nSafety glazing to BS 6262-4 in critical locations',
  ['A', '23', false, 'description'],
);
add(
  'Riverside Court/Published/RVC-AKT-ZZ-XX-CA-S-0001 Structural Calculations.pdf',
  'pdf',
  A4,
  'Structural Calculations\nRiverside Court, Leeds\nDesign of reinforced concrete frame to BS EN 1992-1-1\nLoading: imposed 1.5 kN/m² residential\nColumn C4 axial load 2,340 kN\n\fSlab design: 250 mm flat slab, deflection check span/depth',
  ['S', '22', false, 'calculation'],
);
add(
  'Riverside Court/Published/RVC-CUD-ZZ-XX-RP-M-0005 Commissioning Report AHU-01.pdf',
  'pdf',
  A4,
  'Commissioning Report\nAir Handling Unit AHU-01\nSupply air volume design 2.4 m³/s, measured 2.46 m³/s\nExtract air volume measured 2.31 m³/s\nCommissioned in accordance with CIBSE Code A and BSRIA BG 49\nWitnessed by: Clerk of Works',
  ['M', '36', false, 'commissioning_report'],
);
add(
  'Riverside Court/Published/RVC-HLM-ZZ-XX-M3-A-0001.ifc',
  'ifc',
  null,
  'IFC2X3 IfcProject Riverside Court IfcBuildingStorey Level 01',
  ['A', '20', false, 'model'],
);
add(
  'Riverside Court/Published/RVC-CUD-ZZ-ZZ-DR-P-5501_Above Ground Drainage Layout.pdf',
  'pdf',
  A1,
  'Above Ground Drainage Layout\nSoil vent pipe 100 dia\nWaste pipe 40 dia\nRodding eye\nDrawing No. RVC-CUD-ZZ-ZZ-DR-P-5501',
  ['P', '31', true, 'drawing'],
);

// ---------------------------------------------------------------- Riverside Court O&M manual (UK, no ISO names)
add(
  'Riverside Court O&M Manual/Volume 3 Mechanical Services/3.2 Ventilation/Nuaire XBOXER - O&M Instructions.pdf',
  'pdf',
  A4,
  'NUAIRE\nXBOXER XBC Heat Recovery Air Handling Unit\nInstallation, Operation and Maintenance Instructions\nMaintenance: clean or replace filters every 6 months\nNuaire Limited, Caerphilly, United Kingdom\nComplies with Building Regulations Part F and Part L\n\fFault finding\nFan does not run: check isolator and fuse',
  ['M', '36', false, 'om_instructions'],
);
add(
  'Riverside Court O&M Manual/Volume 3 Mechanical Services/3.1 Heating/Ideal Evomax 2 Boiler Data Sheet.pdf',
  'pdf',
  A4,
  'Ideal Heating Commercial\nEvomax 2 wall hung condensing boiler\nTechnical data\nOutput 30-150 kW\nSeasonal efficiency 95 %\nNOx class 6\nFlue diameter 100/150 mm\nDimensions and weights',
  ['M', '32', false, 'product_data_sheet'],
);
add(
  'Riverside Court O&M Manual/Volume 4 Electrical Services/4.1 Test Certificates/Electrical Installation Certificate - DB-GF-01.pdf',
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CERTIFICATE\nRequirements for Electrical Installations BS 7671:2018+A2:2022\nDistribution board DB-GF-01\nSchedule of test results\nInsulation resistance >200 MΩ\nNICEIC approved contractor',
  ['E', '43', false, 'declaration_of_conformity'],
);
add(
  'Riverside Court O&M Manual/Volume 4 Electrical Services/4.3 Lighting/Emergency Lighting Test Record.pdf',
  'pdf',
  A4,
  'Emergency Lighting Test Record\nBS 5266-1\nMonthly functional test and annual 3 hour duration test\nLuminaire ref EL-01 to EL-48\nResult: pass',
  ['E', '44', false, 'test_measurement_report'],
);
add(
  'Riverside Court O&M Manual/Volume 5 Lifts/LOLER Thorough Examination Report Lift 1.pdf',
  'pdf',
  A4,
  'Report of Thorough Examination\nLifting Operations and Lifting Equipment Regulations 1998 (LOLER)\nPassenger lift 1, 8 person 630 kg\nDate of examination 12/04/2023\nNext examination due within 6 months\nNo defects requiring immediate action',
  [null, '62', false, 'lift_documents'],
);
add(
  'Riverside Court O&M Manual/Volume 2 Architectural/2.3 Windows/Velfac Window Declaration of Performance.pdf',
  'pdf',
  A4,
  'DECLARATION OF PERFORMANCE\nNo. VF-DoP-200-2022\nUnique identification code of the product-type: VELFAC 200 ENERGY\nIntended use: windows for use in domestic and commercial locations\nHarmonised standard EN 14351-1:2006+A2:2016\nDeclared performance: air permeability class 4',
  ['A', '23', false, 'declaration_of_performance'],
);
add(
  'Riverside Court O&M Manual/Volume 3 Mechanical Services/3.5 Plumbing/Pressure Test Certificate Cold Water.pdf',
  'pdf',
  A4,
  'Pressure Test Certificate\nCold water services, risers 1-3\nTest pressure 1.5 x working pressure, 10 bar for 1 hour\nNo pressure drop recorded\nTested in accordance with BS EN 806-4',
  ['P', '31', false, 'test_measurement_report'],
);
add(
  'Riverside Court O&M Manual/Volume 1 General/Contact Directory - Subcontractors and Suppliers.xlsx',
  'xlsx',
  null,
  'Company\tTrade\tContact\tTelephone\nNorthern Mechanical Ltd\tMechanical\tJ. Smith\t0113 496 0000\nBrightspark Electrical Ltd\tElectrical\tA. Patel',
  [null, 'MSC', false, 'supplier_list'],
);
add(
  'Riverside Court O&M Manual/Volume 3 Mechanical Services/3.3 Cooling/Daikin VRV Service Manual.pdf',
  'pdf',
  A4,
  'DAIKIN\nVRV IV heat recovery\nService Manual\nRefrigerant R-410A\nError codes and troubleshooting\nPeriodic maintenance of outdoor units\n\fCheck operation after servicing',
  ['M', '37', false, 'om_instructions'],
);
add(
  'Riverside Court O&M Manual/Volume 4 Electrical Services/4.2 Small Power/Socket Outlets Product Data - MK Electric.pdf',
  'pdf',
  A4,
  'MK Electric\nLogic Plus 13A switched socket outlets\nProduct data\nBS 1363-2\nRated voltage 230 V AC\nMaterial: urea formaldehyde',
  ['E', '43', false, 'product_data_sheet'],
);
add(
  'Riverside Court O&M Manual/Volume 2 Architectural/2.6 Roofing/Sika Sarnafil Roof Warranty.pdf',
  'pdf',
  A4,
  'SIKA\nSarnafil single ply roofing\nWarranty certificate\nThis warranty covers the roofing membrane against manufacturing defects for a period of 20 years from practical completion',
  ['A', '26', false, 'warranty'],
);

// ---------------------------------------------------------------- FDV Lillestrøm omsorgsboliger (Norwegian handover)
add(
  'FDV Lillestrøm/3 VVS/36 Luftbehandling/Nilan Comfort 300 - Produktblad.pdf',
  'pdf',
  A4,
  'Nilan Comfort 300 Top\nBoligventilasjon med motstrøms varmeveksler\nTekniske data\nLuftmengde maks 300 m³/h\nTemperaturvirkningsgrad inntil 93 %\nFiltre ISO ePM1 55 % / ISO Coarse\nVekt 48 kg',
  ['RIV', '36', false, 'product_data_sheet'],
);
add(
  'FDV Lillestrøm/3 VVS/36 Luftbehandling/Nilan Comfort 300 - Brukerveiledning.pdf',
  'pdf',
  A4,
  'Brukerveiledning\nNilan Comfort 300\nSlik betjener du anlegget med CTS 602 panelet\nVelg ventilasjonstrinn 1-4\nFilteralarm: bytt filter\n\fVanlige spørsmål',
  ['RIV', '36', false, 'user_manual'],
);
add(
  'FDV Lillestrøm/3 VVS/36 Luftbehandling/Exhausto VEX350 monteringsveiledning.pdf',
  'pdf',
  A4,
  'Montering\nVEX350 aggregat\nLøft aggregatet på plass med to personer\nTilkobling av kanaler\nKondensavløp skal ha vannlås\nElektrisk tilkobling skal utføres av autorisert installatør',
  ['RIV', '36', false, 'installation_instructions'],
);
add(
  'FDV Lillestrøm/3 VVS/36 Luftbehandling/Innreguleringsprotokoll ventilasjon 360.001.pdf',
  'pdf',
  A4,
  'INNREGULERINGSPROTOKOLL\nAnlegg 360.001\nRom\tProsjektert l/s\tMålt l/s\tAvvik %\nLeil. 101 stue\t30\t31\t+3\nLeil. 101 bad\t15\t14\t-7\nMåleinstrument: Swema 3000, kalibrert 2023',
  ['RIV', '36', false, 'commissioning_report'],
);
add(
  'FDV Lillestrøm/3 VVS/32 Varme/Danfoss RA-N radiatorventil datablad.pdf',
  'pdf',
  A4,
  'Datablad\nRA-N radiatorventil med forhåndsinnstilling\nDN 10-25\nMaks. differansetrykk 0,6 bar\nKv-verdier ved forhåndsinnstilling 1-N\nDanfoss A/S',
  ['RIV', '32', false, 'product_data_sheet'],
);
add(
  'FDV Lillestrøm/3 VVS/32 Varme/Grundfos Magna3 sirkulasjonspumpe - FDV.pdf',
  'pdf',
  A4,
  'Drift og vedlikehold\nGRUNDFOS MAGNA3\nSirkulasjonspumpe for varmeanlegg\nPumpen er vedlikeholdsfri under normale forhold\nFeilsøking: alarm- og varselkoder\n\fDemontering og avhending',
  ['RIV', '32', false, 'om_instructions'],
);
add(
  'FDV Lillestrøm/3 VVS/31 Sanitær/Geberit Duofix vegghengt toalett - monteringsanvisning.pdf',
  'pdf',
  A4,
  'Geberit Duofix\nelement for vegghengt klosett, 112 cm\nMonteringsanvisning\nMonter innbyggingssisternen i lodd\nTilkobling avløp Ø90\nMålsatt illustrasjon',
  ['RIV', '31', false, 'installation_instructions'],
);
add(
  'FDV Lillestrøm/3 VVS/31 Sanitær/Trykkprøving vanninstallasjon blokk B.pdf',
  'pdf',
  A4,
  'PROTOKOLL FOR TRYKKPRØVING\nVanninstallasjon blokk B\nPrøvetrykk 15 bar i 30 min, deretter 10 bar i 2 timer\nTrykkfall: 0,0 bar\nResultat: godkjent\nUtført av: Lillestrøm Rør AS',
  ['RIV', '31', false, 'test_measurement_report'],
);
add(
  'FDV Lillestrøm/3 VVS/31 Sanitær/Porsgrund Glow servant produktark.pdf',
  'pdf',
  A4,
  'Porsgrund Glow\nServant 60 cm\nMål: 600 x 460 mm\nMateriale: sanitærporselen\nMed overløp, ett kranhull\nArt.nr. 7350 NRF 6111234',
  ['RIV', '31', false, 'product_data_sheet'],
);
add(
  'FDV Lillestrøm/3 VVS/33 Brannslokking/Sprinkleranlegg - Samsvarserklæring.pdf',
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nSprinkleranlegg Lillestrøm omsorgsboliger\nAnlegget er prosjektert og utført i samsvar med NS-EN 12845 og TEK17 § 11-12\nAnsvarlig utførende: Brannsikring Øst AS\nDato og signatur',
  ['RIV', '33', false, 'declaration_of_conformity'],
);
add(
  'FDV Lillestrøm/4 Elkraft/44 Lys/Fagerhult Multilume - produktdatablad.pdf',
  'pdf',
  A4,
  'Fagerhult Multilume Slim\nInnfelt LED-armatur for himling\nLysutbytte 4000 lm\nFargetemperatur 3000/4000 K\nUGR < 19\nDriver: DALI\nIP20',
  ['RIE', '44', false, 'product_data_sheet'],
);
add(
  'FDV Lillestrøm/4 Elkraft/44 Lys/Nødlys - funksjonstest og kontroll 2023.pdf',
  'pdf',
  A4,
  'Funksjonstest nødlys\nSentralbatterianlegg\nAntall armaturer testet: 64\nVarighetstest 60 min: OK\nFeil: 2 armaturer med defekt batteri, utbyttet\nNEK EN 50172',
  ['RIE', '44', false, 'commissioning_report'],
);
add(
  'FDV Lillestrøm/4 Elkraft/43 Lavspent/Kursfortegnelse tavle 433.01.pdf',
  'pdf',
  A4,
  'KURSFORTEGNELSE\nTavle 433.01 leilighet 101\nKurs\tVern\tBeskrivelse\n1\tC16\tStikk stue\n2\tC16\tStikk kjøkken\n3\tB10\tLys\n4\tC20\tVarmekabel bad',
  ['RIE', '43', false, 'circuit_schedule'],
);
add(
  'FDV Lillestrøm/4 Elkraft/43 Lavspent/Samsvarserklæring elektroinstallasjon.pdf',
  'pdf',
  A4,
  'Samsvarserklæring\nfor elektrisk anlegg\niht. forskrift om elektriske lavspenningsanlegg § 12\nAnlegget er utført i henhold til NEK 400:2022\nInstallatør: Romerike Elektro AS',
  ['RIE', '43', false, 'declaration_of_conformity'],
);
add(
  'FDV Lillestrøm/4 Elkraft/43 Lavspent/Målerapport isolasjonsmåling.pdf',
  'pdf',
  A4,
  'Målerapport\nIsolasjonsmåling og kontinuitetsmåling\nKurs 1-32 tavle U1\nIsolasjonsresistans > 500 MΩ\nJordfeilbryter utløsetid 18 ms\nInstrument Fluke 1664 FC',
  ['RIE', '43', false, 'test_measurement_report'],
);
add(
  'FDV Lillestrøm/5 Tele og automatisering/54 Brannalarm/Consilium brannalarmsentral - bruksanvisning.pdf',
  'pdf',
  A4,
  'Bruksanvisning\nBrannalarmsentral Consilium Salwico CS4000\nKvittere alarm\nUtkobling av detektorer\nLogg og hendelser\n\fDaglig tilsyn',
  ['RIE', '54', false, 'user_manual'],
);
add(
  'FDV Lillestrøm/5 Tele og automatisering/56 SD-anlegg/Funksjonsbeskrivelse SD-anlegg.pdf',
  'pdf',
  A4,
  'Funksjonsbeskrivelse\nSentral driftskontroll\nAnlegg 360.001 startes etter tidsprogram\nTemperaturregulering tilluft 19 °C, kompensert etter utetemperatur\nAlarmer overføres til driftsoperatør',
  ['RIE', '56', false, 'description'],
);
add(
  'FDV Lillestrøm/5 Tele og automatisering/53 Telefoni/Porttelefon Comelit - bruksanvisning.pdf',
  'pdf',
  A4,
  'Bruksanvisning\nPorttelefon med video\nSvar på anrop fra inngangsdøren\nÅpne døren med nøkkeltasten\nJustere ringevolum',
  ['RIE', '53', false, 'user_manual'],
);
add(
  'FDV Lillestrøm/6 Andre installasjoner/62 Heis/Schindler 3000 - Driftstillatelse.pdf',
  'pdf',
  A4,
  'Lillestrøm kommune\nDRIFTSTILLATELSE FOR HEIS\nHeis nr. 1, personheis Schindler 3000\nMerkelast 630 kg\nTillatelsen gis i medhold av plan- og bygningsloven § 29-9\nSikkerhetskontroll gjennomført',
  [null, '62', false, 'lift_documents'],
);
add(
  'FDV Lillestrøm/6 Andre installasjoner/62 Heis/Sikkerhetskontroll heis 2023.pdf',
  'pdf',
  A4,
  'RAPPORT PERIODISK SIKKERHETSKONTROLL\nNS-INSTA 500-2\nHeis 1 Lillestrøm omsorgsboliger\nAvvik: ingen kategori 1-avvik\nNeste kontroll innen 24 måneder',
  [null, '62', false, 'lift_documents'],
);
add(
  'FDV Lillestrøm/2 Bygning/23 Yttervegger/Natre vinduer - FDV.pdf',
  'pdf',
  A4,
  'FORVALTNING, DRIFT OG VEDLIKEHOLD\nNatre trevinduer\nVask glass og karm 2 ganger i året\nSmør hengsler årlig\nOvermaling av utvendige flater hvert 6.-8. år',
  ['ARK', '23', false, 'om_instructions'],
);
add(
  'FDV Lillestrøm/2 Bygning/23 Yttervegger/Glava glassull - ytelseserklæring.pdf',
  'pdf',
  A4,
  'YTELSESERKLÆRING\nNr. 1012-CPR-2022\nVarmeisolasjonsprodukt av mineralull (MW) EN 13162\nTiltenkt bruk: varmeisolasjon for bygninger\nBrannklasse A1\nDeklarert varmekonduktivitet 0,035 W/mK',
  ['ARK', '23', false, 'declaration_of_performance'],
);
add(
  'FDV Lillestrøm/2 Bygning/24 Innervegger/Swedoor innerdører - vedlikehold.pdf',
  'pdf',
  A4,
  'Vedlikehold av innerdører\nSwedoor\nRengjør med fuktig klut og mildt såpevann\nEtterjuster hengsler og smør låskasse ved behov\nSkadet overflate flikkes med oppgitt NCS-farge',
  ['ARK', '24', false, 'om_instructions'],
);
add(
  'FDV Lillestrøm/2 Bygning/25 Dekker/Kährs parkett - renholdsinstruks.pdf',
  'pdf',
  A4,
  'Renholdsinstruks\nLakkert parkett\nDaglig renhold: tørrmopp eller støvsuger\nPeriodisk renhold: fuktig mopp med parkettsåpe\nUnngå store vannmengder',
  ['ARK', '25', false, 'cleaning_instructions'],
);
add(
  'FDV Lillestrøm/2 Bygning/25 Dekker/Mapei Mapelastic membran - sikkerhetsdatablad.pdf',
  'pdf',
  A4,
  'SIKKERHETSDATABLAD\ni henhold til forordning (EF) nr. 1907/2006 (REACH)\nAVSNITT 1: Identifikasjon av stoffet/stoffblandingen\nHandelsnavn: Mapelastic komponent B\nAVSNITT 2: Fareidentifikasjon\nH315 Irriterer huden',
  ['ARK', '25', false, 'safety_data_sheet'],
);
add(
  'FDV Lillestrøm/2 Bygning/26 Yttertak/Protan takmembran - Teknisk godkjenning SINTEF TG 2125.pdf',
  'pdf',
  A4,
  'SINTEF Teknisk Godkjenning\nTG 2125\nProtan SE takbelegg\nProduktbeskrivelse: PVC-basert takbelegg for mekanisk festing\nEgenskaper: vindlastkapasitet, brannteknisk klasse BROOF(t2)',
  ['ARK', '26', false, 'technical_approval'],
);
add(
  'FDV Lillestrøm/2 Bygning/27 Fast inventar/Kvik kjøkken - monteringsanvisning.pdf',
  'pdf',
  A4,
  'Monteringsanvisning\nKjøkkeninnredning\nMonter overskap på skinne\nJuster benkeskap med justerbare bein\nMonter benkeplate og kantlist',
  ['ARK', '27', false, 'installation_instructions'],
);
add(
  'FDV Lillestrøm/2 Bygning/22 Bæresystemer/Limtre bjelker - ytelseserklæring.pdf',
  'pdf',
  A4,
  'YTELSESERKLÆRING\nLimtre av gran, GL30c\nHarmonisert standard EN 14080:2013\nBøyefasthet 30 N/mm²\nBrannklasse D-s2,d0\nProduktet brukes i bærende konstruksjoner',
  ['RIB', '22', false, 'declaration_of_performance'],
);
add(
  'FDV Lillestrøm/2 Bygning/28 Trapper balkonger/Balkongrekkverk - garanti.pdf',
  'pdf',
  A4,
  'GARANTIBEVIS\nBalkongrekkverk i aluminium med glassfyllinger\nGarantitid 10 år på pulverlakk\nGarantien gjelder ikke ved manglende vedlikehold',
  ['ARK', '28', false, 'warranty'],
);
add(
  'FDV Lillestrøm/Generelt/Leverandørliste FDV.xlsx',
  'xlsx',
  null,
  'Fag\tFirma\tKontaktperson\tTelefon\nRør\tLillestrøm Rør AS\tPer Olsen\t900 00 000\nElektro\tRomerike Elektro AS\tKari Hansen',
  [null, 'MSC', false, 'supplier_list'],
);
add(
  'FDV Lillestrøm/Generelt/Ferdigattest.pdf',
  'pdf',
  A4,
  'Lillestrøm kommune\nFERDIGATTEST\nfor tiltak på gnr. 81 bnr. 310\nTiltaket: nye omsorgsboliger, 24 boenheter\nFerdigattest gis i medhold av plan- og bygningsloven § 21-10',
  ['ARK', '20', false, 'permit_documents'],
);
add(
  'FDV Lillestrøm/Generelt/Opplæring driftspersonell - signert protokoll.pdf',
  'pdf',
  A4,
  'Protokoll opplæring av driftspersonell\nTema: ventilasjonsanlegg, SD-anlegg, brannalarm\nDeltakere: driftsleder, vaktmester\nGjennomført 15.06.2023',
  [null, 'MSC', false, 'training_record'],
);
add(
  'FDV Lillestrøm/7 Utendørs/73 Utendørs VA/Ulefos kumlokk - produktdatablad.pdf',
  'pdf',
  A4,
  'Ulefos\nKumlokk med ramme, klasse D400\nEN 124\nMateriale: duktilt støpejern\nÅpning 650 mm\nVekt 62 kg',
  ['RIV', '73', false, 'product_data_sheet'],
);
add(
  'FDV Lillestrøm/7 Utendørs/76 Veger og plasser/Asfaltarbeider - garantibevis.pdf',
  'pdf',
  A4,
  'Garantibevis\nAsfaltering av adkomstvei og parkeringsplass\nGarantiperiode 3 år fra overtakelse\nOmfatter setninger og sprekker',
  ['LARK', '76', false, 'warranty'],
);
add(
  'FDV Lillestrøm/3 VVS/37 Kjøling/Mitsubishi Electric kjølemaskin - servicehåndbok.pdf',
  'pdf',
  A4,
  'Servicehåndbok\nKjølemaskin Mitsubishi Electric\nKuldemedium R32\nPeriodisk vedlikehold og lekkasjekontroll iht. F-gassforskriften\nFeilkoder',
  ['RIV', '37', false, 'om_instructions'],
);

// ---------------------------------------------------------------- Moholt reports, descriptions, contracts
add(
  'Moholt/Rapporter/Brannkonsept RIBr rev 03.pdf',
  'pdf',
  A4,
  'BRANNKONSEPT\nMoholt studentboliger\nRisikoklasse 4, brannklasse 2\nPreaksepterte ytelser iht. VTEK17\nBranncellebegrensende konstruksjoner EI 60\n\fRømning og redning\nAutomatisk brannalarmanlegg kategori 2',
  ['RIBr', '20', false, 'fire_strategy'],
);
add(
  'Moholt/Rapporter/Geoteknisk datarapport grunnundersøkelser.pdf',
  'pdf',
  A4,
  'GEOTEKNISK DATARAPPORT\nGrunnundersøkelser Moholt\nTotalsonderinger og prøveserier\nLøsmassene består av leire over fjell\nDybde til fjell 4-12 m\n\fBorplan og resultater',
  ['RIG', '21', false, 'report'],
);
add(
  'Moholt/Rapporter/RIAku Akustikkrapport lydkrav.pdf',
  'pdf',
  A4,
  "Akustikkrapport\nLydkrav for studentboliger\nLydklasse C iht. NS 8175\nLuftlydisolasjon mellom hybler R'w ≥ 55 dB\nTrinnlyd L'n,w ≤ 53 dB\nStøy fra tekniske installasjoner",
  ['RIAku', '20', false, 'report'],
);
add(
  'Moholt/Rapporter/Energiberegning TEK17 kap 14.pdf',
  'pdf',
  A4,
  'ENERGIBEREGNING\nTEK17 kapittel 14\nBeregnet med SIMIEN\nNetto energibehov 95 kWh/m² år\nRammekrav for boligblokk oppfylt\nU-verdier: yttervegg 0,18, tak 0,13, vinduer 0,80',
  ['RIEn', '20', false, 'energy_certificate'],
);
add(
  'Moholt/Rapporter/Miljøoppfølgingsprogram MOP.pdf',
  'pdf',
  A4,
  'MILJØOPPFØLGINGSPROGRAM (MOP)\nMiljømål for prosjektet\nAvfallshåndtering: sorteringsgrad minst 80 %\nMaterialvalg: unngå stoffer på prioritetslisten\nAnsvar og oppfølging',
  ['RIM', 'MSC', false, 'report'],
);
add(
  'Moholt/Rapporter/Fuktsikringsplan og bygningsfysikk notat.pdf',
  'pdf',
  A4,
  'NOTAT BYGNINGSFYSIKK\nFuktsikring i byggefasen\nUttørking av betongdekker før gulvlegging\nLufttetthet: mål n50 < 1,0\nKuldebroer ved balkonginnfestning',
  ['RIByFy', '20', false, 'report'],
);
add(
  'Moholt/Kontroll/Rapport uavhengig kontroll brann.pdf',
  'pdf',
  A4,
  'RAPPORT FRA UAVHENGIG KONTROLL\nKontrollområde: brannsikkerhet, prosjektering\nKontrollerte dokumenter: brannkonsept rev 03\nAvvik: 2 avvik, lukket\nKontrollerklæring sendes kommunen',
  ['RIBr', '20', false, 'independent_control_report'],
);
add(
  'Moholt/Kontroll/Egenkontroll ventilasjonsmontasje sjekkliste.pdf',
  'pdf',
  A4,
  'EGENKONTROLL\nSjekkliste montasje ventilasjon\nKanaler rengjort og plugget: OK\nSpjeld tilgjengelige for inspeksjon: OK\nIsolering av kanaler: OK\nSignatur montør',
  ['RIV', '36', false, 'self_inspection_checklist'],
);
add(
  'Moholt/Beregninger/RIB statiske beregninger hulldekker.pdf',
  'pdf',
  A4,
  'STATISKE BEREGNINGER\nHulldekker HD 265\nLaster: egenlast, nyttelast 2,0 kN/m²\nKapasitetskontroll moment og skjær\nNedbøyning L/250 OK\nEurokode 2',
  ['RIB', '25', false, 'calculation'],
);
add(
  'Moholt/Beskrivelser/Teknisk beskrivelse elektro kap 4.pdf',
  'pdf',
  A4,
  'TEKNISK BESKRIVELSE\nKapittel 4 Elkraft\n43 Lavspent forsyning: hovedfordeling i teknisk rom\n44 Lys: LED-belysning med DALI-styring\nAlle installasjoner utføres iht. NEK 400',
  ['RIE', '40', false, 'description'],
);
add(
  'Moholt/Beskrivelser/NS 3420 beskrivelse VVS.pdf',
  'pdf',
  A4,
  'Beskrivelse VVS-installasjoner\nPoster iht. NS 3420\nSanitær, varme, sprinkler og ventilasjon\nPost 31.1 Rør for tappevann\nPost 36.2 Kanalnett',
  ['RIV', '30', false, 'description'],
);
add(
  'Moholt/Kontrakter/Serviceavtale ventilasjonsanlegg.pdf',
  'pdf',
  A4,
  'SERVICEAVTALE\nmellom Moholt Studentboliger SA og Trøndelag Ventilasjon AS\nOmfang: ventilasjonsaggregater 360.001-360.004\nTo servicebesøk per år med filterskift\nAvtalen løper i 3 år',
  ['RIV', '36', false, 'contract'],
);
add(
  'Moholt/Kontrakter/Totalentreprisekontrakt NS 8407.pdf',
  'pdf',
  A4,
  'TOTALENTREPRISEKONTRAKT\nbasert på NS 8407:2011\nByggherre: Moholt Studentboliger SA\nTotalentreprenør: Bygg Midt AS\nKontraktssum\nVedlegg: kravspesifikasjon, fremdriftsplan',
  [null, 'MSC', false, 'contract'],
);
add(
  'Moholt/Energi/Energiattest.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nEnergikarakter B\nOppvarmingskarakter grønn\nLevert energi 105 kWh/m²\nUtstedt av Enova energimerkeordning',
  // relabelled by the convention of issue 19: an energy certificate has no discipline and no part
  [null, 'MSC', false, 'energy_certificate'],
);
add(
  'Moholt/Miljø/EPD Hunton trefiberplate.pdf',
  'pdf',
  A4,
  'Environmental Product Declaration\nEPD-Norge, NEPD-2210-1023-NO\nHunton Nativo vindtett trefiberplate\nEN 15804+A2\nGWP-total A1-A3: -15,2 kg CO2-ekv/m²',
  ['ARK', '23', false, 'epd'],
);
add(
  'Moholt/Miljø/A20 egenerklæring BREEAM - Knauf gips.pdf',
  'pdf',
  A4,
  'BREEAM-NOR A20 egenerklæring\nProdukt: Knauf gipsplate standard 12,5 mm\nInneholder ikke stoffer på REACH kandidatliste\nBrukes i innervegger og himlinger',
  ['ARK', '24', false, 'environmental_self_declaration'],
);
add('Moholt/Foto/Skjulte konstruksjoner/Bad 204/IMG_4471.jpg', 'image', null, '', [
  null,
  'MSC',
  false,
  'photo_documentation',
]);
add('Moholt/Modeller/MOH-RIV-Modell.ifc', 'ifc', null, 'IFC4 IfcProject Moholt IfcDuctSegment IfcPipeSegment', [
  'RIV',
  '30',
  false,
  'model',
]);
add('Moholt/Modeller/MOH_ARK_A.ifc', 'ifc', null, 'IFC4 IfcProject Moholt IfcWall IfcSlab IfcWindow', [
  'ARK',
  '20',
  false,
  'model',
]);

// ---------------------------------------------------------------- De Kade, Rotterdam (Dutch)
add(
  'De Kade Rotterdam/Tekeningen/Bouwkundig/DK-BK-101 Plattegrond eerste verdieping.pdf',
  'pdf',
  A1,
  'Woongebouw De Kade\nPlattegrond eerste verdieping\nSchaal 1:100\nTekeningnummer DK-BK-101\nWijziging B  Datum 15-03-2021\nBouwkundig',
  ['ARK', '20', true, 'drawing'],
);
add(
  'De Kade Rotterdam/Opleverdossier/Installaties/W-installatie/Inregelrapport mechanische ventilatie woning 12.pdf',
  'pdf',
  A4,
  'Inregelrapport mechanische ventilatie\nWoning 12\nRuimte\tOntwerp m³/h\tGemeten m³/h\nKeuken\t75\t76\nBadkamer\t50\t49\nToilet\t25\t25',
  ['RIV', '36', false, 'commissioning_report'],
);
add(
  'De Kade Rotterdam/Opleverdossier/Installaties/E-installatie/Groepenverklaring woning 12.pdf',
  'pdf',
  A4,
  'Groepenverklaring\nWoning 12\nGroep 1 verlichting woonkamer\nGroep 2 wandcontactdozen keuken\nGroep 3 wasmachine\nAardlekschakelaar 30 mA',
  ['RIE', '43', false, 'circuit_schedule'],
);
add(
  'De Kade Rotterdam/Opleverdossier/Revisietekeningen/W-installatie/DK-W-PL-02 revisie.pdf',
  'pdf',
  A1,
  'Revisietekening W-installatie\nPlattegrond tweede verdieping\nVloerverwarming verdeler\nMV-box\nDK-W-PL-02',
  ['RIV', '30', true, 'as_built_drawing'],
);
add(
  'De Kade Rotterdam/Opleverdossier/Gebruikershandleidingen/Itho Daalderop warmtepomp gebruikershandleiding.pdf',
  'pdf',
  A4,
  'Gebruikershandleiding\nItho Daalderop warmtepomp\nBediening van de thermostaat\nStoringen en onderhoud\nLaat jaarlijks onderhoud uitvoeren door een installateur',
  ['RIV', '32', false, 'user_manual'],
);

// ---------------------------------------------------------------- files with uninformative names
add(
  'Diverse/Scan_20230412_0001.pdf',
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nfor elektrisk anlegg\nAnleggsadresse: Storgata 14\nBeskrivelse av arbeidet: ny sikringskurs og stikkontakter i kjøkken\nAnlegget er utført i samsvar med FEL § 12 og NEK 400\nRegistrert elvirksomhet: Elektrikeren AS',
  ['RIE', '43', false, 'declaration_of_conformity'],
);
add(
  'Diverse/Dokument1.pdf',
  'pdf',
  A4,
  'YTELSESERKLÆRING\nNr. 0012-CPR\nProdukttype: mineralullisolasjon, plater\nEN 13162:2012+A1:2015\nTiltenkt bruk: varmeisolasjon for bygninger (ThIB)\nReaksjon på brann: Euroklasse A1',
  ['ARK', '23', false, 'declaration_of_performance'],
);
add('Diverse/20230901_143211.jpg', 'image', null, '', [null, 'MSC', false, 'photo']);

// ---------------------------------------------------------------- a few more varied layouts
add(
  'Prosjekt 1043 Moholt/03 Tegninger/VVS/V-360-002 Ventilasjon plan 4 (A4 utsnitt).pdf',
  'pdf',
  A4L,
  'VENTILASJON PLAN 4 - UTSNITT\nTilluft Ø160\nAvtrekk Ø125\nTegn. nr. V-360-002\nRev. A\n1:50',
  ['RIV', '36', true, 'drawing'],
);
add(
  'Kvartal 7/Tegninger/RIB/K7-RIB-K23-1101 Oppriss bærende yttervegg akse 1.pdf',
  'pdf',
  A1,
  k7({
    title: 'Oppriss bærende yttervegg akse 1',
    no: 'K7-RIB-K23-1101',
    rev: '01',
    date: '11.03.2022',
    fag: 'RIB',
    body: 'PREFABRIKKERT SANDWICHELEMENT\nINNSTØPT STÅLPLATE\nAKSE 1',
  }),
  ['RIB', '23', true, 'drawing'],
);
add(
  'Prosjekt 1043 Moholt/03 Tegninger/Elektro/E-543-001 Adgangskontroll plan 1.pdf',
  'pdf',
  A1,
  'ADGANGSKONTROLL PLAN 1\nKortleser\nDørautomatikk\nElektrisk sluttstykke\nMoholt studentboliger\nTegn.nr. E-543-001',
  ['RIE', '54', true, 'drawing'],
);
add(
  'FDV Lillestrøm/2 Bygning/26 Yttertak/Takluke Velfac - produktinformasjon.pdf',
  'pdf',
  A4,
  'Produktinformasjon\nTakluke for adkomst til tak\nIsolert lokk, U-verdi 0,9\nMål 900 x 900 mm\nGassfjærer',
  ['ARK', '26', false, 'product_data_sheet'],
);
add(
  'Riverside Court O&M Manual/Volume 3 Mechanical Services/3.6 Sprinklers/Sprinkler System Description of Operation.pdf',
  'pdf',
  A4,
  'Description of Operation\nResidential sprinkler system to BS 9251:2021\nSprinkler tank and pump set in basement plant room\nFlow switch on each floor connected to the fire alarm panel',
  ['P', '33', false, 'description'],
);

const body = items.map((item) => JSON.stringify(item)).join('\n') + '\n';
writeFileSync(new URL('./holdout.jsonl', import.meta.url), body);
console.log(`wrote ${items.length} items to eval/classify/holdout.jsonl`);
