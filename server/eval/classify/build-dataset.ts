/**
 * Writes dataset.jsonl: the labelled set the classification rules are tuned on. Deterministic (seeded), so a rebuild
 * gives the same file. Projects, numbering schemes and manufacturers here are deliberately different from
 * build-holdout.ts. Label conventions: README.md.
 *
 *   npx tsx eval/classify/build-dataset.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { FileKind } from '../../src/domain/pipeline/extraction.types.js';
import { A0, A1, A2, A3, A4, makeItem, type EvalItem, type LabelTuple } from './eval-item.js';
import { ISSUE50_TUNING } from './tuning-issue50.js';

const items: EvalItem[] = [];
function add(
  path: string,
  kind: FileKind,
  size: [number, number] | null,
  text: string,
  labels: LabelTuple,
  extra?: { title?: string; attributes?: Record<string, string> },
): void {
  const id = `d${String(items.length + 1).padStart(3, '0')}`;
  items.push(makeItem({ id, path, kind, size, text, labels, ...(extra ? { extra } : {}) }));
}

// A small seeded generator so variants are spread evenly but the file is reproducible.
let seed = 20240611;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function pick<T>(list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}
function date(year: number): { no: string; iso: string } {
  const m = 1 + Math.floor(rand() * 12);
  const d = 1 + Math.floor(rand() * 28);
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  return { no: `${dd}.${mm}.${year}`, iso: `${year}-${mm}-${dd}` };
}

/** Issue 50: equipment no designer draws (lifts, 6x) has no discipline but keeps its part. */
function disciplineFor(cat: string): string | null {
  if (cat.startsWith('6')) return null;
  if (cat === '21' || cat === '22') return 'RIB';
  if (cat.startsWith('2')) return 'ARK';
  if (cat.startsWith('3') || cat === '73') return 'RIV';
  if (cat.startsWith('4') || cat.startsWith('5') || cat === '74' || cat === '75') return 'RIE';
  return 'LARK';
}
// ============================================================================ Norwegian drawings
interface DrawingSpec {
  fag: 'ARK' | 'RIB' | 'RIV' | 'RIE' | 'LARK' | 'RIBr';
  letter: string;
  /** the code used in the drawing number (not always an NS 3451 code) */
  code: string;
  cat: string;
  title: string;
  type: 'plan' | 'section' | 'elevation' | 'detail' | 'site' | 'schematic';
  floor: string | null;
  body: string;
}
const drawingSpecs: DrawingSpec[] = [
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Plan U1',
    type: 'plan',
    floor: 'U1',
    body: 'SYKKELBOD\nTEKNISK ROM\nBODER\nRAMPE',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Plan 1. etasje',
    type: 'plan',
    floor: '01',
    body: 'RESEPSJON\nKONTOR 1.03\nMØTEROM\nHC-WC',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Plan 2. etasje',
    type: 'plan',
    floor: '02',
    body: 'KONTORLANDSKAP\nSTILLEROM\nKOPI\nGARDEROBE',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Plan 3. etasje',
    type: 'plan',
    floor: '03',
    body: 'LEILIGHET 3.01 3-ROM\nSTUE/KJØKKEN\nSOV\nBAD',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Takplan',
    type: 'plan',
    floor: 'roof',
    body: 'TAKFALL 1:40\nSLUK\nTAKLUKE\nSOLCELLEPANELER',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Snitt A-A',
    type: 'section',
    floor: null,
    body: 'SNITT A-A\n+0,000\n+3,600\n+7,200\nGOLV PÅ GRUNN',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Snitt B-B og C-C',
    type: 'section',
    floor: null,
    body: 'SNITT B-B\nSNITT C-C\nKOTE TAK +14,40',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Fasade nord og øst',
    type: 'elevation',
    floor: null,
    body: 'FASADE NORD\nFASADE ØST\nTEGL\nALUMINIUMSVINDU',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '20',
    cat: '20',
    title: 'Fasader',
    type: 'elevation',
    floor: null,
    body: 'FASADE SØR\nFASADE VEST\nKLEDNING\nREKKVERK',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '23',
    cat: '23',
    title: 'Detalj yttervegg',
    type: 'detail',
    floor: null,
    body: 'DETALJ 1:10\nSTENDERVERK 198\nMINERALULL\nVINDSPERRE\nLUFTET KLEDNING',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '23',
    cat: '23',
    title: 'Detalj vindu og dør',
    type: 'detail',
    floor: null,
    body: 'DETALJ 1:5\nVINDUSKARM\nSMYG\nFUGEMASSE\nBESLAG',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '24',
    cat: '24',
    title: 'Detalj innervegger',
    type: 'detail',
    floor: null,
    body: "VEGGTYPE IV-1\nGIPS 2x13\nSTÅLSTENDER 70\nLYDISOLASJON\nR'w 44 dB",
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '28',
    cat: '28',
    title: 'Detalj trapp og rekkverk',
    type: 'detail',
    floor: null,
    body: 'TRAPP T1\nOPPTRINN 175\nINNTRINN 260\nHÅNDLØPER\nREKKVERK H=1000',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '26',
    cat: '26',
    title: 'Detalj takfot og gesims',
    type: 'detail',
    floor: null,
    body: 'TAKFOT\nRENNE\nBESLAG\nTAKTEKKING\nLEKTER',
  },
  {
    fag: 'ARK',
    letter: 'A',
    code: '10',
    cat: '70',
    title: 'Situasjonsplan',
    type: 'site',
    floor: null,
    body: 'SITUASJONSPLAN\nTOMTEGRENSE\nADKOMST\nPARKERING\n1:500',
  },
  {
    fag: 'RIB',
    letter: 'K',
    code: '21',
    cat: '21',
    title: 'Fundamentplan',
    type: 'plan',
    floor: null,
    body: 'SÅLEFUNDAMENT\nPUNKTFUNDAMENT\nSTØPES PÅ FJELL\nKOTE UK',
  },
  {
    fag: 'RIB',
    letter: 'K',
    code: '21',
    cat: '21',
    title: 'Peleplan',
    type: 'plan',
    floor: null,
    body: 'STÅLRØRSPELER Ø323\nPELEGRUPPE\nBORET TIL FJELL\nPELESKO',
  },
  {
    fag: 'RIB',
    letter: 'K',
    code: '22',
    cat: '22',
    title: 'Søyler og bjelker plan 2',
    type: 'plan',
    floor: '02',
    body: 'SØYLE HEB 240\nBJELKE HSQ\nAKSE 1-8\nR60',
  },
  {
    fag: 'RIB',
    letter: 'K',
    code: '22',
    cat: '22',
    title: 'Stålkonstruksjon takoppbygg',
    type: 'plan',
    floor: 'roof',
    body: 'STÅLBJELKE IPE 300\nVINDKRYSS\nBOLTEFORBINDELSE M20',
  },
  {
    fag: 'RIB',
    letter: 'K',
    code: '25',
    cat: '25',
    title: 'Dekkeplan 3. etasje',
    type: 'plan',
    floor: '03',
    body: 'HULLDEKKE HD 320\nPÅSTØP 60\nUTSPARINGER\nOPPLEGG',
  },
  {
    fag: 'RIB',
    letter: 'K',
    code: '28',
    cat: '28',
    title: 'Prefabrikkerte trapper',
    type: 'detail',
    floor: null,
    body: 'TRAPPELØP PREFAB\nREPOS\nLYDISOLERT OPPLEGG\nARMERING',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '36',
    cat: '36',
    title: 'Ventilasjon plan U1',
    type: 'plan',
    floor: 'U1',
    body: 'TILLUFT Ø315\nAVTREKK Ø250\nBRANNSPJELD\nAGGREGAT 360.001',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '36',
    cat: '36',
    title: 'Ventilasjon plan 2. etasje',
    type: 'plan',
    floor: '02',
    body: 'TILLUFTSVENTIL\nAVTREKKSVENTIL\nVAV-SPJELD\nLYDDEMPER',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '36',
    cat: '36',
    title: 'Prinsippskjema ventilasjon 360.001',
    type: 'schematic',
    floor: null,
    body: 'AGGREGAT 360.001\nJV401 TILLUFTSVIFTE\nLX401 VARMEGJENVINNER\nRT401 RP401\nSPJELD',
  },
  {
    fag: 'RIV',
    letter: 'R',
    code: '31',
    cat: '31',
    title: 'Sanitær plan 1. etasje',
    type: 'plan',
    floor: '01',
    body: 'KALDTVANN\nVARMTVANN\nSPILLVANN Ø110\nSLUK\nFORDELERSKAP',
  },
  {
    fag: 'RIV',
    letter: 'R',
    code: '31',
    cat: '31',
    title: 'Bunnledninger',
    type: 'plan',
    floor: null,
    body: 'SPILLVANN PVC Ø110\nOVERVANN Ø160\nSTAKELUKE\nFALL 1:60',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '32',
    cat: '32',
    title: 'Varme plan 1. etasje',
    type: 'plan',
    floor: '01',
    body: 'RADIATOR\nGULVVARME\nTURLEDNING\nRETURLEDNING\nSHUNT',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '32',
    cat: '32',
    title: 'Prinsippskjema varme',
    type: 'schematic',
    floor: null,
    body: 'VARMESENTRAL\nVARMEPUMPE\nAKKUMULATORTANK\nSIRKULASJONSPUMPE\nSHUNTGRUPPE 320.001',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '33',
    cat: '33',
    title: 'Sprinkler plan U1',
    type: 'plan',
    floor: 'U1',
    body: 'SPRINKLERSENTRAL\nSPRINKLERHODE\nALARMVENTIL\nHOVEDLEDNING DN100',
  },
  {
    fag: 'RIV',
    letter: 'V',
    code: '37',
    cat: '37',
    title: 'Kjøling plan 4. etasje',
    type: 'plan',
    floor: '04',
    body: 'KJØLEBAFEL\nISVANN TUR/RETUR\nFANCOIL\nKONDENSISOLERING',
  },
  {
    fag: 'RIV',
    letter: 'R',
    code: '73',
    cat: '73',
    title: 'Utvendig VA',
    type: 'site',
    floor: null,
    body: 'VANNLEDNING PE 110\nSPILLVANN\nKUM\nTILKNYTNING KOMMUNALT NETT',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '433',
    cat: '43',
    title: 'Tavleoversikt',
    type: 'plan',
    floor: null,
    body: 'HOVEDTAVLE\nUNDERFORDELING\nSTIGEKABEL\nKURS',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '43',
    cat: '43',
    title: 'Enlinjeskjema hovedfordeling',
    type: 'schematic',
    floor: null,
    body: 'HOVEDBRYTER 800A\nEFFEKTBRYTER\nJORDFEILVERN\nOVERSPENNINGSVERN',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '44',
    cat: '44',
    title: 'Belysning plan 1. etasje',
    type: 'plan',
    floor: '01',
    body: 'ARMATUR LED 600x600\nDOWNLIGHT\nBRYTER\nDALI',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '443',
    cat: '44',
    title: 'Nødlys plan 2. etasje',
    type: 'plan',
    floor: '02',
    body: 'LEDESKILT\nNØDLYSARMATUR\nSENTRALBATTERI',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '41',
    cat: '41',
    title: 'Føringsveier plan U1',
    type: 'plan',
    floor: 'U1',
    body: 'KABELBRU 300\nKABELSTIGE\nGJENNOMFØRING\nBRANNTETTING',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '54',
    cat: '54',
    title: 'Brannalarm plan 1. etasje',
    type: 'plan',
    floor: '01',
    body: 'RØYKDETEKTOR\nMANUELL MELDER\nSIRENE\nSLØYFE 1',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '52',
    cat: '52',
    title: 'IKT plan 3. etasje',
    type: 'plan',
    floor: '03',
    body: 'DATAUTTAK\nACCESS POINT\nFORDELINGSSKAP\nCAT6A',
  },
  {
    fag: 'RIE',
    letter: 'E',
    code: '56',
    cat: '56',
    title: 'SD prinsippskjema varme',
    type: 'schematic',
    floor: null,
    body: 'UNDERSENTRAL\nSB401 VENTIL\nRT401 TEMPERATURFØLER\nBACNET',
  },
  {
    fag: 'LARK',
    letter: 'L',
    code: '70',
    cat: '70',
    title: 'Utomhusplan',
    type: 'site',
    floor: null,
    body: 'BELEGNING\nPLEN\nLEKEPLASS\nSYKKELSTATIV',
  },
  {
    fag: 'LARK',
    letter: 'L',
    code: '77',
    cat: '77',
    title: 'Beplantningsplan',
    type: 'plan',
    floor: null,
    body: 'TRÆR\nBUSKER\nSTAUDER\nPLANTELISTE',
  },
  {
    fag: 'LARK',
    letter: 'L',
    code: '71',
    cat: '71',
    title: 'Terrengplan',
    type: 'plan',
    floor: null,
    body: 'EKSISTERENDE TERRENG\nNYTT TERRENG\nHØYDEKOTER\nSKRÅNING 1:3',
  },
  {
    fag: 'RIBr',
    letter: 'B',
    code: '20',
    cat: '20',
    title: 'Brannplan 1. etasje',
    type: 'plan',
    floor: '01',
    body: 'BRANNCELLE EI60\nRØMNINGSVEI\nBRANNSKILLE\nDØR EI30',
  },
];

const fagNames: Record<DrawingSpec['fag'], string> = {
  ARK: 'Arkitekt',
  RIB: 'Konstruksjon',
  RIV: 'VVS',
  RIE: 'Elektro',
  LARK: 'Landskap',
  RIBr: 'Brann',
};

// Project 1: Bjørvika Kontorbygg. Numbers "ARK-A-20-001", some DWG with title-block attributes.
let seq = 1;
for (const s of drawingSpecs) {
  if (rand() < 0.35) continue;
  const no = `${s.fag}-${s.letter}-${s.code}-${String(seq++).padStart(3, '0')}`;
  const rev = pick(['A', 'B', 'C', '01', '02']);
  const d = date(2022);
  const dwg = rand() < 0.25;
  const asBuilt = !dwg && rand() < 0.15;
  const text = [
    s.body,
    'Prosjekt: Bjørvika Kontorbygg',
    `${s.title}`,
    `Tegningsnr.: ${no}`,
    `Rev.: ${rev}`,
    `Dato: ${d.no}`,
    `Målestokk: 1:${s.type === 'detail' ? 5 : 100}`,
    `Status: ${asBuilt ? 'SOM BYGGET' : 'ARBEIDSTEGNING'}`,
  ].join('\n');
  const labels: LabelTuple = [s.fag, s.cat, true, drawingType(s, asBuilt)];
  if (dwg) {
    add(`Bjørvika Kontorbygg/02 Prosjektering/${s.fag}/DWG/${no}.dwg`, 'dwg', null, s.body, labels, {
      attributes: { TEGNINGSNR: no, TITTEL: s.title.toUpperCase(), REV: rev, DATO: d.no, FAG: s.fag },
    });
  } else {
    add(
      `Bjørvika Kontorbygg/02 Prosjektering/${s.fag}/Tegninger/${no}_${s.title}.pdf`,
      'pdf',
      pick([A1, A1, A0, A2]),
      text,
      labels,
    );
  }
}
function drawingType(s: DrawingSpec, asBuilt: boolean): string {
  if (asBuilt) return 'as_built_drawing';
  // a fire drawing is the fire strategy's (issue 50; the catalogue's fire_strategy names "branntegninger")
  if (s.fag === 'RIBr') return 'fire_strategy';
  return s.type === 'schematic' ? 'schematic_diagram' : 'drawing';
}

// Project 2: Nydalen Boliger. Names "RIV_36_U1_Ventilasjon plan U1.pdf".
for (const s of drawingSpecs) {
  if (rand() < 0.45) continue;
  const floor = s.floor ?? 'XX';
  const name = `${s.fag}_${s.code.slice(0, 2)}_${floor}_${s.title}.pdf`;
  const d = date(2021);
  const text = [
    'NYDALEN BOLIGER BYGG B',
    s.title.toUpperCase(),
    s.body,
    `Tegn.nr ${s.fag}-${s.code}-${floor}-${Math.floor(rand() * 90 + 10)}`,
    `Revisjon ${pick(['A', 'B', 'C'])} ${d.no}`,
    `M 1:${s.type === 'detail' ? 10 : 50}`,
    pick(['Multiconsult', 'Rambøll', 'COWI', 'Norconsult', 'Sweco']),
  ].join('\n');
  add(`Nydalen Boliger/Tegninger/${s.fag}/${name}`, 'pdf', pick([A1, A1, A3]), text, [
    s.fag,
    s.cat,
    true,
    drawingType(s, false),
  ]);
}

// Project 3: Hamar sykehjem. Names "E-433-001 Tavleoversikt.pdf" (letter + code), a "Som bygget" folder.
for (const s of drawingSpecs) {
  if (rand() < 0.4) continue;
  const no = `${s.letter}-${s.code.length === 2 ? s.code + '0' : s.code}-${String(Math.floor(rand() * 30 + 1)).padStart(3, '0')}`;
  const asBuilt = rand() < 0.35;
  const d = date(asBuilt ? 2023 : 2021);
  const text = [
    'HAMAR SYKEHJEM',
    'Byggherre: Hamar kommune',
    s.body,
    s.title.toUpperCase(),
    `TEGNINGSNUMMER ${no}`,
    `REV ${pick(['01', '02', '03', '04'])}`,
    `DATO ${d.iso}`,
    asBuilt ? 'SOM BYGGET' : 'FOR BYGGING',
  ].join('\n');
  const folder = asBuilt
    ? `Hamar sykehjem/05 Som bygget/${s.fag}`
    : `Hamar sykehjem/02 Prosjektering/${s.fag}/Tegninger`;
  add(`${folder}/${no} ${s.title}${asBuilt && rand() < 0.5 ? ' SB' : ''}.pdf`, 'pdf', pick([A1, A2, A3]), text, [
    s.fag,
    s.cat,
    true,
    drawingType(s, asBuilt),
  ]);
}

// Project 4: Madla skole. Names carry only the number; the title is in the drawing.
for (const s of drawingSpecs) {
  if (rand() < 0.55) continue;
  const no = `10234-${s.fag}-${s.code}${String(Math.floor(rand() * 90 + 10))}`;
  const text = [
    s.body,
    'MADLA SKOLE',
    'Stavanger kommune',
    `Tegning: ${s.title}`,
    `Tegn. nr.: ${no}`,
    `Rev ${pick(['A', 'B'])}`,
    `Dato ${date(2020).no}`,
    `Fag: ${fagNames[s.fag]}`,
  ].join('\n');
  add(`Madla skole/Tegninger/${fagNames[s.fag]}/${no}.pdf`, 'pdf', pick([A1, A0, A3]), text, [
    s.fag,
    s.cat,
    true,
    drawingType(s, false),
  ]);
}

// ============================================================================ Norwegian product documentation
interface Product {
  m: string;
  p: string;
  cat: string;
  no: string;
  en: string;
  tech: string[];
}
const products: Product[] = [
  {
    m: 'Systemair',
    p: 'Topvex SR09',
    cat: '36',
    no: 'Ventilasjonsaggregat med roterende varmegjenvinner',
    en: 'Air handling unit with rotary heat exchanger',
    tech: ['Luftmengde 0,3-1,2 m³/s', 'SFP 1,5 kW/(m³/s)', 'Vekt 410 kg'],
  },
  {
    m: 'Systemair',
    p: 'SAVE VTR 300',
    cat: '36',
    no: 'Boligaggregat for balansert ventilasjon',
    en: 'Residential ventilation unit',
    tech: ['Luftmengde 300 m³/h', 'Temperaturvirkningsgrad 85 %', 'Filterklasse ePM1'],
  },
  {
    m: 'Swegon',
    p: 'GOLD RX 12',
    cat: '36',
    no: 'Luftbehandlingsaggregat med roterende gjenvinner',
    en: 'Air handling unit GOLD',
    tech: ['Luftmengde 1,4 m³/s', 'Integrert styring IQlogic', 'EC-vifter'],
  },
  {
    m: 'Swegon',
    p: 'CASA R4',
    cat: '36',
    no: 'Ventilasjonsaggregat for bolig',
    en: 'Residential air handling unit',
    tech: ['Kjøkkenhettestyring', 'Roterende varmegjenvinner', 'Vekt 55 kg'],
  },
  {
    m: 'Flexit',
    p: 'Nordic S4',
    cat: '36',
    no: 'Boligventilasjon med roterende varmegjenvinner',
    en: 'Residential ventilation unit',
    tech: ['Luftmengde 450 m³/h', 'SFP 1,1', 'Varmebatteri 1000 W'],
  },
  {
    m: 'Lindab',
    p: 'Ultra Link FTCU',
    cat: '36',
    no: 'Luftmengdemåler og VAV-spjeld for ventilasjonskanaler',
    en: 'VAV damper',
    tech: ['Dimensjon Ø100-Ø400', 'Modbus', 'Lekkasjeklasse C'],
  },
  {
    m: 'Halton',
    p: 'Vita BR',
    cat: '36',
    no: 'Brannspjeld for ventilasjonskanaler',
    en: 'Fire damper',
    tech: ['Brannklasse EI 60 S', 'Motor 24 V', 'Dimensjon Ø100-Ø630'],
  },
  {
    m: 'Trox',
    p: 'TVE',
    cat: '36',
    no: 'Tilluftsventil for kontor',
    en: 'Supply air diffuser',
    tech: ['Luftmengde 20-90 l/s', 'Lydeffekt < 30 dB(A)'],
  },
  {
    m: 'Uponor',
    p: 'Smatrix Pulse',
    cat: '32',
    no: 'Styring for vannbåren gulvvarme',
    en: 'Underfloor heating control',
    tech: ['Romtermostater trådløse', '6 soner', 'App-styring'],
  },
  {
    m: 'Uponor',
    p: 'Uni Pipe PLUS',
    cat: '31',
    no: 'Komposittrør for tappevann og varme',
    en: 'Multilayer composite pipe',
    tech: ['Dimensjon 16-75 mm', 'Maks driftstrykk 10 bar', 'Maks temperatur 95 °C'],
  },
  {
    m: 'Nibe',
    p: 'F2120',
    cat: '32',
    no: 'Luft/vann-varmepumpe',
    en: 'Air/water heat pump',
    tech: ['Avgitt effekt 8-16 kW', 'SCOP 5,0', 'Kuldemedium R410A'],
  },
  {
    m: 'Purmo',
    p: 'Compact C22',
    cat: '32',
    no: 'Radiator for vannbåren varme',
    en: 'Panel radiator',
    tech: ['Høyde 600 mm', 'Effekt ved 55/45/20', 'Ventilinnsats'],
  },
  {
    m: 'TA Hydronics',
    p: 'STAD',
    cat: '32',
    no: 'Innreguleringsventil for varmeanlegg',
    en: 'Balancing valve',
    tech: ['DN 10-50', 'PN 20', 'Måleuttak'],
  },
  {
    m: 'Oras',
    p: 'Optima 7110',
    cat: '31',
    no: 'Ettgreps blandebatteri for servant',
    en: 'Single lever basin mixer',
    tech: ['Vannbesparende', 'Skålding sperre', 'Tilkobling 3/8"'],
  },
  {
    m: 'Gustavsberg',
    p: 'Nautic 5546',
    cat: '31',
    no: 'Vegghengt toalett',
    en: 'Wall hung WC',
    tech: ['Spylevolum 4/2 liter', 'Hygienic Flush', 'Porselen'],
  },
  {
    m: 'OSO',
    p: 'Super S 300',
    cat: '31',
    no: 'Varmtvannsbereder',
    en: 'Water heater',
    tech: ['Volum 300 liter', 'Effekt 3 kW', 'Rustfritt stål'],
  },
  {
    m: 'Purus',
    p: 'Line 800',
    cat: '31',
    no: 'Sluk og dusjrenne for våtrom',
    en: 'Shower channel',
    tech: ['Lengde 800 mm', 'Kapasitet 0,8 l/s', 'Klemring'],
  },
  {
    m: 'Viking',
    p: 'VK302',
    cat: '33',
    no: 'Sprinklerhode, hengende',
    en: 'Pendent sprinkler',
    tech: ['K-faktor 80', 'Utløsertemperatur 68 °C', 'VdS godkjent'],
  },
  {
    m: 'Carrier',
    p: 'AquaSnap 30RBP',
    cat: '37',
    no: 'Kjølemaskin for komfortkjøling',
    en: 'Air-cooled chiller',
    tech: ['Kjøleeffekt 160 kW', 'Kuldemedium R32', 'EER 3,1'],
  },
  {
    m: 'ABB',
    p: 'S200 automatsikring',
    cat: '43',
    no: 'Automatsikringer for fordelingstavler',
    en: 'Miniature circuit breaker',
    tech: ['Karakteristikk B og C', 'Bryteevne 6 kA', 'DIN-skinne'],
  },
  {
    m: 'Schneider Electric',
    p: 'Resi9 sikringsskap',
    cat: '43',
    no: 'Sikringsskap for bolig',
    en: 'Consumer unit',
    tech: ['36 moduler', 'IP40', 'Jordfeilautomater'],
  },
  {
    m: 'ELKO',
    p: 'Plus stikkontakt',
    cat: '43',
    no: 'Stikkontakt for innfelt montering',
    en: 'Socket outlet',
    tech: ['16 A 250 V', 'Barnesikret', 'Farge hvit'],
  },
  {
    m: 'Zaptec',
    p: 'Go',
    cat: '43',
    no: 'Ladestasjon for elbil',
    en: 'EV charger',
    tech: ['Ladeeffekt 22 kW', 'Type 2', 'Lastbalansering'],
  },
  {
    m: 'Glamox',
    p: 'C70-R',
    cat: '44',
    no: 'LED-armatur for innfelt montering i himling',
    en: 'Recessed LED luminaire',
    tech: ['Lysstrøm 3400 lm', 'UGR < 19', 'DALI'],
  },
  {
    m: 'Glamox',
    p: 'MIRA ledeskilt',
    cat: '44',
    no: 'Nødlys og ledeskilt',
    en: 'Emergency exit sign',
    tech: ['Lesbarhet 24 m', 'Selvtest', 'Batteri 3 t'],
  },
  {
    m: 'Philips',
    p: 'CoreLine Downlight',
    cat: '44',
    no: 'LED downlight',
    en: 'LED downlight',
    tech: ['2200 lm', '3000 K', 'IP44'],
  },
  {
    m: 'Autronica',
    p: 'AutroSafe',
    cat: '54',
    no: 'Brannalarmsentral',
    en: 'Fire alarm control panel',
    tech: ['Adresserbart system', 'Opptil 12 sløyfer', 'EN 54-2'],
  },
  {
    m: 'Siemens',
    p: 'Cerberus PRO FDOOT',
    cat: '54',
    no: 'Optisk røykdetektor',
    en: 'Smoke detector',
    tech: ['EN 54-7', 'Sløyfedrevet', 'Driftstemperatur -10 til 50 °C'],
  },
  {
    m: 'Siemens',
    p: 'Desigo PXC',
    cat: '56',
    no: 'Automasjonsstasjon for SD-anlegg',
    en: 'Building automation controller',
    tech: ['BACnet/IP', 'Web-grensesnitt', '24 V'],
  },
  {
    m: 'KONE',
    p: 'MonoSpace 500',
    cat: '62',
    no: 'Personheis uten maskinrom',
    en: 'Passenger lift',
    tech: ['Merkelast 1000 kg', 'Hastighet 1,0 m/s', 'EN 81-20'],
  },
  {
    m: 'Otis',
    p: 'Gen2 Life',
    cat: '62',
    no: 'Personheis',
    en: 'Passenger elevator',
    tech: ['8 personer', 'Regenerativ drift', 'EN 81-50'],
  },
  {
    m: 'Rockwool',
    p: 'Flexi A-plate',
    cat: '23',
    no: 'Steinullsisolasjon for vegger',
    en: 'Stone wool insulation',
    tech: ['Varmekonduktivitet 0,036 W/mK', 'Brannklasse A1', 'Tykkelse 50-250 mm'],
  },
  {
    m: 'Isola',
    p: 'Mestertekk',
    cat: '26',
    no: 'Takbelegg for skrå tak',
    en: 'Roofing membrane',
    tech: ['SBS-modifisert bitumen', 'Levetid 40 år', 'Sveisbare skjøter'],
  },
  {
    m: 'Gyproc',
    p: 'Habito 13',
    cat: '24',
    no: 'Gipsplate for innervegger',
    en: 'Plasterboard',
    tech: ['Tykkelse 12,5 mm', 'Brannklasse A2-s1,d0', 'Ekstra slagfast'],
  },
  {
    m: 'Jøtul',
    p: 'F 520',
    cat: '27',
    no: 'Vedovn',
    en: 'Wood stove',
    tech: ['Nominell effekt 5 kW', 'Virkningsgrad 79 %', 'Røykrør Ø150'],
  },
  {
    m: 'Velux',
    p: 'GGL takvindu',
    cat: '26',
    no: 'Takvindu',
    en: 'Roof window',
    tech: ['U-verdi 1,0', 'Svingbart', 'Inndekningsprofil'],
  },
  {
    m: 'Nordan',
    p: 'Ntech',
    cat: '23',
    no: 'Vindu i tre/aluminium',
    en: 'Window',
    tech: ['U-verdi 0,80', 'Lydreduksjon 35 dB', 'Innadslående'],
  },
  {
    m: 'Dorma',
    p: 'TS 93',
    cat: '24',
    no: 'Dørlukker for branndører',
    en: 'Door closer',
    tech: ['EN 1154', 'Lukkekraft EN 2-5', 'Glideskinne'],
  },
  {
    m: 'Jackon',
    p: 'Thermomur 350',
    cat: '23',
    no: 'Isolerte forskalingsblokker for yttervegg',
    en: 'Insulated concrete formwork',
    tech: ['EPS', 'U-verdi 0,15', 'Betongkjerne 150 mm'],
  },
  {
    m: 'Weber',
    p: 'Floor 4150 Finish',
    cat: '25',
    no: 'Avrettingsmasse for gulv',
    en: 'Self-levelling floor screed',
    tech: ['Sjikt 3-30 mm', 'Gangbar etter 3 timer', 'Fasthet C30'],
  },
  {
    m: 'Ecophon',
    p: 'Focus A',
    cat: '25',
    no: 'Akustikkplater for systemhimling',
    en: 'Acoustic ceiling tiles',
    tech: ['Lydabsorpsjon klasse A', '600x600', 'Brannklasse A2'],
  },
  {
    m: 'Boen',
    p: 'Eik Plank 138',
    cat: '25',
    no: 'Parkett',
    en: 'Parquet flooring',
    tech: ['Tykkelse 14 mm', 'Lakkert', 'Lydsvak'],
  },
  {
    m: 'Moelven',
    p: 'Limtre GL30c',
    cat: '22',
    no: 'Limtrebjelker og -søyler',
    en: 'Glulam beams',
    tech: ['Fasthetsklasse GL30c', 'EN 14080', 'Gran'],
  },
  {
    m: 'Spenncon',
    p: 'Hulldekke HD265',
    cat: '25',
    no: 'Prefabrikkerte hulldekker',
    en: 'Hollow core slabs',
    tech: ['Høyde 265 mm', 'Spennarmert', 'Brannmotstand R60'],
  },
  {
    m: 'Steni',
    p: 'Colour',
    cat: '23',
    no: 'Fasadeplater',
    en: 'Facade panels',
    tech: ['Kompositt', 'Brannklasse B-s1,d0', 'Vedlikeholdsfri'],
  },
  {
    m: 'HTH',
    p: 'Kjøkkeninnredning Nova',
    cat: '27',
    no: 'Kjøkkeninnredning',
    en: 'Kitchen furniture',
    tech: ['Fronter i lakk', 'Hengsler med demping', 'Benkeplate laminat'],
  },
  {
    m: 'Hörmann',
    p: 'LPU 42',
    cat: '23',
    no: 'Leddport for garasje',
    en: 'Sectional garage door',
    tech: ['U-verdi 0,5', 'Motor SupraMatic', 'Vindklasse 3'],
  },
  {
    m: 'Vestre',
    p: 'Stoop benk',
    cat: '76',
    no: 'Utendørs benk for plasser',
    en: 'Outdoor bench',
    tech: ['Varmforsinket stål', 'Furu', 'Fastmontert'],
  },
];

const catFolders: Record<string, string[]> = {
  '21': ['21 Grunn og fundamenter'],
  '22': ['22 Bæresystemer', 'Bærekonstruksjoner'],
  '23': ['23 Yttervegger', 'Yttervegger'],
  '24': ['24 Innervegger', 'Innervegger og dører'],
  '25': ['25 Dekker', 'Gulv og himling'],
  '26': ['26 Yttertak', 'Tak'],
  '27': ['27 Fast inventar', 'Inventar'],
  '31': ['31 Sanitær', 'Sanitær', '310 Sanitæranlegg'],
  '32': ['32 Varme', 'Varme', '320 Varmeanlegg'],
  '33': ['33 Brannslokking', 'Sprinkler'],
  '36': ['36 Ventilasjon', 'Ventilasjon', '360 Luftbehandling'],
  '37': ['37 Kjøling', 'Komfortkjøling'],
  '43': ['43 Lavspent forsyning', 'Elkraft', 'Tavler og kurser'],
  '44': ['44 Lys', 'Belysning'],
  '54': ['54 Alarm og signal', 'Brannalarm'],
  '56': ['56 Automatisering', 'SD-anlegg'],
  '62': ['62 Heis', 'Heis'],
  '76': ['76 Veger og plasser', 'Utomhus'],
};
const fdvRoots = [
  'Bjørvika Kontorbygg/04 FDV',
  'Nydalen Boliger/FDV-dokumentasjon',
  'Hamar sykehjem/06 FDV',
  'Madla skole/Overlevering/FDV',
];

interface DocType {
  id: string;
  names: ((x: Product) => string)[];
  text: (x: Product) => string;
}
const docTypes: DocType[] = [
  {
    id: 'product_data_sheet',
    names: [
      (x) => `${x.m} ${x.p} - Produktdatablad.pdf`,
      (x) => `${x.p}_datablad.pdf`,
      (x) => `PDB ${x.m} ${x.p}.pdf`,
      (x) => `${x.p} TDS.pdf`,
      (x) => `${x.m}_${x.p.replace(/ /g, '_')}_ProductData.pdf`,
      (x) => `Teknisk datablad ${x.p}.pdf`,
    ],
    text: (x) =>
      pick([
        `${x.m}\n${x.p}\n${x.no}\nTekniske data\n${x.tech.join('\n')}\nMål og vekt\nTilbehør`,
        `${x.p}\nProduct data sheet\n${x.en}\nTechnical data\n${x.tech.join('\n')}\n${x.m}`,
        `PRODUKTDATABLAD\n${x.p}\n${x.no}\n${x.tech.join('\n')}\nNOBB-nummer ${Math.floor(rand() * 9e7 + 1e7)}`,
      ]),
  },
  {
    id: 'om_instructions',
    names: [
      (x) => `FDV ${x.m} ${x.p}.pdf`,
      (x) => `${x.p} - Drift og vedlikehold.pdf`,
      (x) => `${x.p} driftsinstruks.pdf`,
      (x) => `${x.m} ${x.p} O&M manual.pdf`,
      (x) => `Vedlikeholdsinstruks ${x.p}.pdf`,
    ],
    text: (x) =>
      pick([
        `FDV-DOKUMENTASJON\n${x.m} ${x.p}\n${x.no}\nDrift\nVedlikehold: kontroller og rengjør hver 6. måned\nFeilsøking\nReservedeler`,
        `Drifts- og vedlikeholdsinstruks\n${x.p}\nDaglig drift\nPeriodisk vedlikehold\nVedlikeholdsintervaller\n\fFeil og tiltak`,
        `Operation and maintenance manual\n${x.m} ${x.p}\n${x.en}\nMaintenance schedule\nTroubleshooting\n\fSpare parts`,
      ]),
  },
  {
    id: 'installation_instructions',
    names: [
      (x) => `${x.p} monteringsanvisning.pdf`,
      (x) => `Monteringsanvisning ${x.m} ${x.p}.pdf`,
      (x) => `${x.m} ${x.p} installation guide.pdf`,
      (x) => `${x.p}_montasjeanvisning.pdf`,
    ],
    text: (x) =>
      pick([
        `MONTERINGSANVISNING\n${x.m} ${x.p}\n${x.no}\nFør montering\nMontering trinn for trinn\nNødvendig verktøy`,
        `Installation instructions\n${x.p}\n${x.en}\nBefore installation\nMounting\nConnection`,
        `Montasjeanvisning\n${x.p}\nLes hele anvisningen før montering starter\nFesting\nTilkobling`,
      ]),
  },
  {
    id: 'user_manual',
    names: [
      (x) => `${x.p} bruksanvisning.pdf`,
      (x) => `Brukerveiledning ${x.m} ${x.p}.pdf`,
      (x) => `${x.p} user guide.pdf`,
    ],
    text: (x) =>
      pick([
        `BRUKSANVISNING\n${x.m} ${x.p}\nSlik bruker du produktet\nInnstillinger\nRengjøring`,
        `Brukerveiledning\n${x.p}\nBetjening\nMenyoversikt\nAlarmer`,
        `User guide\n${x.m} ${x.p}\nGetting started\nSettings\nCleaning`,
      ]),
  },
  {
    id: 'declaration_of_performance',
    names: [(x) => `DoP ${x.m} ${x.p}.pdf`, (x) => `Ytelseserklæring ${x.p}.pdf`, (x) => `${x.p}_DOP.pdf`],
    text: (x) =>
      pick([
        `YTELSESERKLÆRING\nNr. ${Math.floor(rand() * 9000 + 1000)}-CPR\nProdukttypens unike identifikasjonskode: ${x.p}\nTiltenkt bruk: ${x.no}\nHarmonisert standard\nErklærte ytelser`,
        `DECLARATION OF PERFORMANCE\nNo. DoP-${Math.floor(rand() * 900 + 100)}\nProduct: ${x.p}\nIntended use: ${x.en}\nDeclared performance\nNotified body`,
      ]),
  },
  {
    id: 'safety_data_sheet',
    names: [(x) => `SDS ${x.p}.pdf`, (x) => `Sikkerhetsdatablad ${x.m} ${x.p}.pdf`, (x) => `HMS-datablad ${x.p}.pdf`],
    text: (x) =>
      `SIKKERHETSDATABLAD\nI henhold til forordning (EF) nr. 1907/2006\nAVSNITT 1: Identifikasjon av stoffet/stoffblandingen og av selskapet\nProduktnavn: ${x.p}\nAVSNITT 2: Fareidentifikasjon`,
  },
  {
    id: 'epd',
    names: [(x) => `EPD ${x.m} ${x.p}.pdf`, (x) => `${x.p} miljødeklarasjon.pdf`, (x) => `NEPD ${x.p}.pdf`],
    text: (x) =>
      `Environmental Product Declaration\nin accordance with ISO 14025 and EN 15804+A2\nOwner of the declaration: ${x.m}\nProduct: ${x.p}\nDeclared unit\nGlobal warming potential`,
  },
  {
    id: 'warranty',
    names: [(x) => `Garanti ${x.m} ${x.p}.pdf`, (x) => `${x.p} garantibevis.pdf`, (x) => `${x.p} warranty.pdf`],
    text: (x) =>
      `GARANTIBEVIS\n${x.m}\n${x.p}\nGarantitid 5 år fra levering\nGarantien dekker fabrikasjonsfeil\nVilkår`,
  },
  {
    id: 'technical_approval',
    names: [(x) => `SINTEF TG ${x.p}.pdf`, (x) => `Teknisk godkjenning ${x.p}.pdf`, (x) => `${x.p} sertifikat.pdf`],
    text: (x) =>
      `SINTEF Teknisk Godkjenning\nTG ${Math.floor(rand() * 9000 + 1000)}\nProdukt: ${x.p}\nProdusent: ${x.m}\nBruksområder\nEgenskaper\nVilkår for godkjenningen`,
  },
  {
    id: 'environmental_self_declaration',
    names: [(x) => `A20 egenerklæring ${x.p}.pdf`, (x) => `BREEAM A20 ${x.m} ${x.p}.pdf`],
    text: (x) =>
      `Egenerklæring A20\nBREEAM-NOR Hea 02 / Mat\nProdukt: ${x.p}\nLeverandør: ${x.m}\nProduktet inneholder ikke stoffer på prioritetslisten`,
  },
  {
    id: 'spare_parts_list',
    names: [(x) => `Reservedelsliste ${x.p}.pdf`, (x) => `${x.p} spare parts.pdf`],
    text: (x) =>
      `RESERVEDELSLISTE\n${x.m} ${x.p}\nPos\tArt.nr\tBeskrivelse\n1\t${Math.floor(rand() * 90000)}\tFilter\n2\t${Math.floor(rand() * 90000)}\tVifte`,
  },
  {
    id: 'cleaning_instructions',
    names: [(x) => `Renholdsinstruks ${x.p}.pdf`, (x) => `${x.p} rengjøring og renhold.pdf`],
    text: (x) => `RENHOLDSINSTRUKS\n${x.p}\nDaglig renhold\nPeriodisk renhold\nUnngå slipende midler`,
  },
];
const typeWeights: Record<string, number> = {
  product_data_sheet: 5,
  om_instructions: 4,
  installation_instructions: 3,
  user_manual: 1.5,
  declaration_of_performance: 1.5,
  safety_data_sheet: 0.6,
  epd: 0.8,
  warranty: 1,
  technical_approval: 0.8,
  environmental_self_declaration: 0.5,
  spare_parts_list: 0.6,
  cleaning_instructions: 0.5,
};
function typeAllowed(id: string, cat: string): boolean {
  const building = cat.startsWith('2');
  if (id === 'declaration_of_performance' || id === 'epd' || id === 'technical_approval')
    return building || cat === '31';
  if (id === 'safety_data_sheet') return building;
  if (id === 'environmental_self_declaration') return building;
  if (id === 'cleaning_instructions') return cat === '25' || cat === '24' || cat === '31' || cat === '27';
  if (id === 'spare_parts_list') return !building;
  if (id === 'user_manual') return !building || cat === '27';
  return true;
}
function pickDocType(cat: string): DocType {
  const allowed = docTypes.filter((t) => typeAllowed(t.id, cat));
  const total = allowed.reduce((sum, t) => sum + (typeWeights[t.id] ?? 1), 0);
  let r = rand() * total;
  for (const t of allowed) {
    r -= typeWeights[t.id] ?? 1;
    if (r <= 0) return t;
  }
  return allowed[0]!;
}

for (const x of products) {
  const count = 2 + (rand() < 0.35 ? 1 : 0);
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const t = pickDocType(x.cat);
    if (used.has(t.id)) continue;
    used.add(t.id);
    const root = pick(fdvRoots);
    const folder = pick(catFolders[x.cat] ?? [x.cat]);
    const sub = rand() < 0.3 ? `/${x.m}` : '';
    const name = pick(t.names)(x);
    const pages = rand() < 0.5 ? '' : '\fSide 2\nMål\nTilbehør og reservedeler';
    add(`${root}/${folder}${sub}/${name}`, 'pdf', A4, t.text(x) + pages, [disciplineFor(x.cat), x.cat, false, t.id]);
  }
}

// ============================================================================ Norwegian reports, certificates, contracts
const docs: [string, string, LabelTuple][] = [
  [
    'Bjørvika Kontorbygg/03 Rapporter/Brannkonsept Bjørvika rev 02.pdf',
    'BRANNKONSEPT\nBjørvika Kontorbygg\nRisikoklasse 2, brannklasse 3\nPreaksepterte ytelser iht. VTEK17\nRømningsveier og branncellebegrensning\n\fAktive brannsikringstiltak: sprinkleranlegg, brannalarm',
    ['RIBr', '20', false, 'fire_strategy'],
  ],
  [
    'Nydalen Boliger/Rapporter/RIBr - Brannteknisk rapport.pdf',
    'Brannteknisk rapport\nNydalen Boliger bygg B\nBrannklasse 2\nBrannceller EI 60\nRømning via trapperom Tr1\n\fTilrettelegging for slokkemannskap',
    ['RIBr', '20', false, 'fire_strategy'],
  ],
  [
    'Hamar sykehjem/03 Rapporter/Brannstrategi sykehjem.pdf',
    'BRANNSTRATEGI\nHamar sykehjem\nRisikoklasse 6\nHorisontal rømning mellom brannseksjoner\nBoligsprinkler',
    ['RIBr', '20', false, 'fire_strategy'],
  ],
  [
    'Bjørvika Kontorbygg/FDV/Generelt/Rømningsplan 1. etasje.pdf',
    'RØMNINGSPLAN 1. ETASJE\nDu står her\nNødutgang\nBrannslokkeapparat\nSamlingsplass',
    ['RIBr', '20', true, 'evacuation_plan'],
  ],
  [
    'Madla skole/Overlevering/Branndokumentasjon/Rømningsplaner plan 2.pdf',
    'RØMNINGSPLAN\nPlan 2\nRømningsvei\nManuell melder\nOppstillingsplass',
    ['RIBr', '20', true, 'evacuation_plan'],
  ],
  [
    'Hamar sykehjem/06 FDV/Brann/Branninstruks og rømningsplan avd. A.pdf',
    'BRANNINSTRUKS\nVed brann: varsle, redde, slokke\nRØMNINGSPLAN avdeling A\nDu er her',
    ['RIBr', '20', true, 'evacuation_plan'],
  ],
  [
    'Bjørvika Kontorbygg/03 Rapporter/Geoteknisk rapport RIG.pdf',
    'GEOTEKNISK RAPPORT\nGrunnforhold og fundamentering\nBoringer viser leire og kvikkleire over fjell\nAnbefalt fundamentering: peler til fjell\n\fSetninger og stabilitet',
    ['RIG', '21', false, 'report'],
  ],
  [
    'Nydalen Boliger/Rapporter/RIG notat fundamentering.pdf',
    'NOTAT RIG\nFundamentering bygg B\nFjell i dagen i nordøst\nSprenging av byggegrop\nSåler direkte på fjell',
    ['RIG', '21', false, 'report'],
  ],
  [
    'Bjørvika Kontorbygg/03 Rapporter/Akustikk - RIAku rapport.pdf',
    'AKUSTIKKRAPPORT\nKrav til lydforhold iht. NS 8175 klasse C\nRomakustikk i kontorlandskap\nEtterklangstid\nStøy fra tekniske installasjoner',
    ['RIAku', '20', false, 'report'],
  ],
  [
    'Nydalen Boliger/Rapporter/Lydmåling leiligheter.pdf',
    "Lydmålingsrapport\nMåling av luftlyd og trinnlyd mellom leiligheter\nR'w målt 56 dB\nL'n,w målt 50 dB\nKrav oppfylt",
    ['RIAku', '20', false, 'test_measurement_report'],
  ],
  [
    'Hamar sykehjem/03 Rapporter/Lydberegning yttervegg.pdf',
    'LYDBEREGNING\nFasadeisolasjon mot trafikkstøy\nBeregnet innendørs lydnivå 28 dB\nVinduer med Rw 38 dB',
    ['RIAku', '23', false, 'calculation'],
  ],
  [
    'Bjørvika Kontorbygg/03 Rapporter/Energiberegning RIEn.pdf',
    'ENERGIBEREGNING\nKontrollberegning TEK17 § 14-2\nNetto energibehov 100 kWh/m²\nSIMIEN-resultater',
    ['RIEn', '20', false, 'energy_certificate'],
  ],
  [
    'Nydalen Boliger/FDV-dokumentasjon/Generelt/Energiattest bygg B.pdf',
    'ENERGIATTEST\nEnergimerke C\nOppvarmingskarakter gul\nEnova',
    // an energy certificate is issued to the owner for the property: no discipline, no part (issue 19)
    [null, 'MSC', false, 'energy_certificate'],
  ],
  [
    'Madla skole/Rapporter/Energimerking skole.pdf',
    'Energimerking\nEnergiattest for yrkesbygg\nEnergikarakter B\nTiltaksliste',
    [null, 'MSC', false, 'energy_certificate'],
  ],
  [
    'Bjørvika Kontorbygg/03 Rapporter/Miljøkartlegging eksisterende bygg.pdf',
    'MILJØKARTLEGGING\nKartlegging av helse- og miljøfarlige stoffer\nPCB i fugemasse\nAsbest i rørisolasjon\nAvfallsplan',
    ['RIM', 'MSC', false, 'report'],
  ],
  [
    'Hamar sykehjem/03 Rapporter/Avfallsplan.pdf',
    'AVFALLSPLAN\nSluttrapport for avfall\nSorteringsgrad 85 %\nMengder per fraksjon',
    ['RIM', 'MSC', false, 'report'],
  ],
  [
    'Nydalen Boliger/Rapporter/Bygningsfysikk fuktsikring.pdf',
    'Bygningsfysikk\nFuktsikringsplan\nUttørkingstid betong\nDampsperre og vindsperre\nKuldebroberegning',
    ['RIByFy', '20', false, 'report'],
  ],
  [
    'Hamar sykehjem/06 FDV/Kontroll/Tetthetsmåling bygning.pdf',
    'Tetthetsmåling\nTrykktest iht. NS-EN ISO 9972\nn50 = 0,9 h-1\nLekkasjepunkter registrert med termografi',
    ['RIByFy', '20', false, 'test_measurement_report'],
  ],
  [
    'Bjørvika Kontorbygg/03 Rapporter/Uavhengig kontroll fuktsikring.pdf',
    'RAPPORT UAVHENGIG KONTROLL\nFuktsikring i utførelse\nKontrollomfang: våtrom, tak, yttervegg\nAvvik lukket\nKontrollerklæring',
    ['RIByFy', '20', false, 'independent_control_report'],
  ],
  [
    'Madla skole/Rapporter/Uavhengig kontroll geoteknikk.pdf',
    'Uavhengig kontroll\nGeoteknikk, prosjektering\nKontrollert: grunnundersøkelser, stabilitetsberegninger\nIngen avvik',
    ['RIG', '21', false, 'independent_control_report'],
  ],
  [
    'Nydalen Boliger/FDV-dokumentasjon/36 Ventilasjon/Egenkontroll ventilasjon.pdf',
    'EGENKONTROLL\nSjekkliste ventilasjon\nKanaler tette\nSpjeld merket\nFilter montert',
    ['RIV', '36', false, 'self_inspection_checklist'],
  ],
  [
    'Hamar sykehjem/06 FDV/Elektro/Sjekkliste egenkontroll elektro.pdf',
    'Sjekkliste egenkontroll\nElektroinstallasjon\nTavler merket\nKurser kontrollert\nJordingssystem',
    ['RIE', '43', false, 'self_inspection_checklist'],
  ],
  [
    'Madla skole/Overlevering/FDV/25 Dekker/Egenkontroll våtrom membran.pdf',
    'Egenkontroll våtrom\nSjekkliste smøremembran\nSlukmansjett\nLagtykkelse\nFall mot sluk',
    ['ARK', '25', false, 'self_inspection_checklist'],
  ],
  [
    'Bjørvika Kontorbygg/04 FDV/36 Ventilasjon/Innreguleringsrapport 360.001.pdf',
    'INNREGULERINGSRAPPORT\nAnlegg 360.001\nProsjektert og målt luftmengde per ventil\nTotal tilluft 4200 m³/h\nAvvik innenfor ±10 %',
    ['RIV', '36', false, 'commissioning_report'],
  ],
  [
    'Hamar sykehjem/06 FDV/Ventilasjon/Innregulering luftmengder avd B.pdf',
    'Innregulering av luftmengder\nAvdeling B\nRom\tProsjektert\tMålt\nBeboerrom 1\t25\t26',
    ['RIV', '36', false, 'commissioning_report'],
  ],
  [
    'Nydalen Boliger/FDV-dokumentasjon/32 Varme/Innregulering varmeanlegg.pdf',
    'INNREGULERING VARMEANLEGG\nInnreguleringsventiler STAD\nVannmengder per kurs\nDifferansetrykk',
    ['RIV', '32', false, 'commissioning_report'],
  ],
  [
    'Bjørvika Kontorbygg/04 FDV/56 Automatisering/ITB integrert systemtest.pdf',
    'INTEGRERT SYSTEMTEST (ITB)\nNS 6450\nTest av samspill brannalarm, ventilasjon og adgangskontroll\nBrannspjeld lukker ved alarm: OK',
    ['RIE', '56', false, 'commissioning_report'],
  ],
  [
    'Hamar sykehjem/06 FDV/Sanitær/Trykkprøving tappevann.pdf',
    'TRYKKPRØVING\nTappevannsinstallasjon\nPrøvetrykk 10 bar\nVarighet 2 timer\nGodkjent',
    ['RIV', '31', false, 'test_measurement_report'],
  ],
  [
    'Madla skole/Overlevering/FDV/31 Sanitær/Tetthetsprøving avløp.pdf',
    'Tetthetsprøving\nAvløpsledninger innvendig\nVannfylling 1 time\nIngen lekkasje',
    ['RIV', '31', false, 'test_measurement_report'],
  ],
  [
    'Nydalen Boliger/FDV-dokumentasjon/33 Sprinkler/Trykkprøving sprinkleranlegg.pdf',
    'Trykkprøving sprinkleranlegg\nPrøvetrykk 15 bar\nNS-EN 12845\nResultat OK',
    ['RIV', '33', false, 'test_measurement_report'],
  ],
  [
    'Bjørvika Kontorbygg/04 FDV/Elektro/Samsvarserklæring elektro.pdf',
    'SAMSVARSERKLÆRING\nElektrisk anlegg Bjørvika Kontorbygg\nUtført iht. NEK 400\nForskrift om elektriske lavspenningsanlegg',
    ['RIE', '43', false, 'declaration_of_conformity'],
  ],
  [
    'Hamar sykehjem/06 FDV/Elektro/Samsvarserklæring installatør.pdf',
    'Samsvarserklæring for elektrisk anlegg\nInstallatør: Hedmark Elektro AS\nFEL § 12',
    ['RIE', '43', false, 'declaration_of_conformity'],
  ],
  [
    'Madla skole/Overlevering/FDV/43 Lavspent/Kursfortegnelse tavle U1.pdf',
    'KURSFORTEGNELSE\nTavle U1\nKurs 1 Lys klasserom\nKurs 2 Stikk\nKurs 3 Ventilasjon',
    ['RIE', '43', false, 'circuit_schedule'],
  ],
  [
    'Nydalen Boliger/FDV-dokumentasjon/Elektro/Kursliste leilighet B201.pdf',
    'Kursliste\nLeilighet B201\n1 Lys\n2 Stikk kjøkken\n3 Komfyr\n4 Varmekabel bad',
    ['RIE', '43', false, 'circuit_schedule'],
  ],
  [
    'Hamar sykehjem/06 FDV/Elektro/Isolasjonsmåling og megger.pdf',
    'MÅLERAPPORT\nIsolasjonsmåling\nMeggertest 500 V\nAlle kurser > 1 MΩ',
    ['RIE', '43', false, 'test_measurement_report'],
  ],
  [
    'Bjørvika Kontorbygg/02 Prosjektering/RIV/Teknisk beskrivelse ventilasjon.pdf',
    'TEKNISK BESKRIVELSE\nVentilasjon\nBalansert ventilasjon med varmegjenvinning\nBehovsstyrt VAV\nAggregater plassert i teknisk rom på tak',
    ['RIV', '36', false, 'description'],
  ],
  [
    'Madla skole/Beskrivelser/Funksjonsbeskrivelse SD.pdf',
    'Funksjonsbeskrivelse\nSD-anlegg\nStyring av varme og ventilasjon\nTidsprogram\nAlarmhåndtering',
    ['RIE', '56', false, 'description'],
  ],
  [
    'Hamar sykehjem/01 Program/Romprogram.pdf',
    'ROMPROGRAM\nHamar sykehjem\nBeboerrom 30 m²\nFellesstue\nPersonalrom',
    ['ARK', '20', false, 'description'],
  ],
  [
    'Nydalen Boliger/Beskrivelser/Beskrivelse elektro NS 3420.pdf',
    'Beskrivelse elektro\nNS 3420\nKapittel 43 Lavspent forsyning\nKapittel 44 Lys',
    ['RIE', '40', false, 'description'],
  ],
  [
    'Bjørvika Kontorbygg/02 Prosjektering/RIB/Statiske beregninger.pdf',
    'STATISKE BEREGNINGER\nBæresystem\nSøyler og bjelker i stål\nLaster iht. NS-EN 1991\nKapasitetskontroll',
    ['RIB', '22', false, 'calculation'],
  ],
  [
    'Hamar sykehjem/02 Prosjektering/RIV/Varmetapsberegning.pdf',
    'VARMETAPSBEREGNING\nDimensjonerende utetemperatur -25 °C\nVarmetap per rom\nRadiatorvalg',
    ['RIV', '32', false, 'calculation'],
  ],
  [
    'Nydalen Boliger/Kontrakter/Serviceavtale heis.pdf',
    'SERVICEAVTALE\nHeis bygg B\nForebyggende vedlikehold 4 ganger per år\nResponstid 4 timer',
    [null, '62', false, 'contract'],
  ],
  [
    'Bjørvika Kontorbygg/01 Kontrakt/Kontrakt totalentreprise.pdf',
    'KONTRAKT\nTotalentreprise NS 8407\nByggherre og totalentreprenør\nKontraktssum og fremdrift',
    [null, 'MSC', false, 'contract'],
  ],
  [
    'Madla skole/Kontrakter/Serviceavtale ventilasjon.pdf',
    'Serviceavtale\nVentilasjonsanlegg Madla skole\nFilterskift og service 2 ganger årlig',
    ['RIV', '36', false, 'contract'],
  ],
  [
    'Hamar sykehjem/06 FDV/Generelt/Leverandørliste.xlsx',
    'Fag\tLeverandør\tKontakt\nVentilasjon\tVentilasjon Innlandet AS\nElektro\tHedmark Elektro AS',
    [null, 'MSC', false, 'supplier_list'],
  ],
  [
    'Madla skole/Overlevering/FDV/Kontaktliste entreprenører.pdf',
    'KONTAKTLISTE\nEntreprenører og leverandører\nRørlegger\nElektriker\nBlikkenslager',
    [null, 'MSC', false, 'supplier_list'],
  ],
  [
    'Bjørvika Kontorbygg/04 FDV/Generelt/Opplæring drift.pdf',
    'Opplæringsprotokoll\nOpplæring av driftspersonale\nTema: tekniske anlegg\nDeltakerliste og signatur',
    [null, 'MSC', false, 'training_record'],
  ],
  [
    'Hamar sykehjem/06 FDV/SD/Opplæring SD-anlegg.pdf',
    'Opplæring SD-anlegg\nDriftspersonell har fått opplæring i brukergrensesnitt og alarmhåndtering',
    ['RIE', '56', false, 'training_record'],
  ],
  [
    'Nydalen Boliger/Byggesak/Ferdigattest bygg B.pdf',
    'Oslo kommune Plan- og bygningsetaten\nFERDIGATTEST\nTiltak: boligblokk\nplan- og bygningsloven § 21-10',
    ['ARK', '20', false, 'permit_documents'],
  ],
  [
    'Bjørvika Kontorbygg/Byggesak/Rammetillatelse.pdf',
    'RAMMETILLATELSE\nVedtak\nTiltaket godkjennes\nVilkår',
    ['ARK', '20', false, 'permit_documents'],
  ],
  [
    'Madla skole/Byggesak/Igangsettingstillatelse.pdf',
    'IGANGSETTINGSTILLATELSE\nStavanger kommune\nTillatelse til igangsetting av hele tiltaket',
    ['ARK', '20', false, 'permit_documents'],
  ],
  [
    'Bjørvika Kontorbygg/04 FDV/62 Heis/Driftstillatelse heis A.pdf',
    'DRIFTSTILLATELSE\nHeis A\nOslo kommune\nHeisen kan tas i bruk',
    [null, '62', false, 'lift_documents'],
  ],
  [
    'Madla skole/Overlevering/FDV/62 Heis/Heis sikkerhetskontroll rapport.pdf',
    'Sikkerhetskontroll heis\nPeriodisk kontroll\nIngen avvik\nNeste kontroll om 2 år',
    [null, '62', false, 'lift_documents'],
  ],
  [
    'Nydalen Boliger/FDV-dokumentasjon/36 Ventilasjon/Reservedeler ventilasjonsaggregat.pdf',
    'RESERVEDELSLISTE\nVentilasjonsaggregat\nFilter F7\nViftemotor\nRemdrift',
    ['RIV', '36', false, 'spare_parts_list'],
  ],
  [
    'Hamar sykehjem/06 FDV/Foto/Fotodokumentasjon skjulte anlegg.pdf',
    'FOTODOKUMENTASJON\nSkjulte anlegg før lukking\nBilde 1: rør i vegg\nBilde 2: membran',
    [null, 'MSC', false, 'photo_documentation'],
  ],
];
for (const [path, text, labels] of docs) {
  add(path, path.endsWith('.xlsx') ? 'xlsx' : 'pdf', path.endsWith('.xlsx') ? null : A4, text, labels);
}
add('Nydalen Boliger/Foto/Skjulte konstruksjoner/Bad 2. etg/IMG_2034.jpg', 'image', null, '', [
  null,
  'MSC',
  false,
  'photo_documentation',
]);
add('Bjørvika Kontorbygg/Foto/Befaring/IMG_0412.jpg', 'image', null, '', [null, 'MSC', false, 'photo']);
add('Hamar sykehjem/06 FDV/Fotodokumentasjon/Før lukking/DSC01233.JPG', 'image', null, '', [
  null,
  'MSC',
  false,
  'photo_documentation',
]);
add('Bjørvika Kontorbygg/Modeller/BJK-ARK-Modell.ifc', 'ifc', null, 'IFC2X3 IfcWall IfcSlab IfcDoor', [
  'ARK',
  '20',
  false,
  'model',
]);
add('Bjørvika Kontorbygg/Modeller/BJK-RIB-Modell.ifc', 'ifc', null, 'IFC2X3 IfcBeam IfcColumn IfcSlab', [
  'RIB',
  '22',
  false,
  'model',
]);
add('Nydalen Boliger/BIM/NYB_RIV_Ventilasjon.ifc', 'ifc', null, 'IFC4 IfcDuctSegment IfcAirTerminal', [
  'RIV',
  '36',
  false,
  'model',
]);
add('Hamar sykehjem/BIM/HSH-RIE.ifc', 'ifc', null, 'IFC4 IfcCableCarrierSegment IfcLightFixture', [
  'RIE',
  '40',
  false,
  'model',
]);

// ============================================================================ UK: ISO 19650 names and an O&M manual
const uk: [string, [number, number] | null, string, LabelTuple][] = [
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-02-DR-A-2001.pdf',
    A1,
    'Second Floor Plan\nBrunswick Square Apartments\nScale 1:100\nRev P02',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-00-DR-A-2000_Ground Floor Plan.pdf',
    A1,
    'Ground Floor Plan\nEntrance lobby\nBin store\nCycle store',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-B1-DR-A-1999_Basement Plan.pdf',
    A1,
    'Basement Plan\nPlant room\nCar park',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-RF-DR-A-2009_Roof Plan.pdf',
    A1,
    'Roof Plan\nPV panels\nRoof access hatch',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-XX-DR-A-3001_Sections AA BB.pdf',
    A1,
    'Section A-A\nSection B-B\nFFL +0.000',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-XX-DR-A-4001_Elevations.pdf',
    A1,
    'North Elevation\nSouth Elevation\nBrick slip cladding',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-ARC-ZZ-XX-DR-A-5101_Window Details.pdf',
    A3,
    'Window head detail\nCill detail\nCavity closer\nScale 1:5',
    ['A', '23', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-STR-ZZ-00-DR-S-1001_Foundation Layout.pdf',
    A1,
    'Foundation Layout\nStrip footings\nPad foundations',
    ['S', '21', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-STR-ZZ-01-DR-S-1101_First Floor Slab.pdf',
    A1,
    'First floor slab layout\nPost-tensioned slab 225 mm',
    ['S', '25', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-MEP-ZZ-01-DR-M-5701_Ventilation Layout.pdf',
    A1,
    'Ventilation Layout First Floor\nMVHR\nSupply and extract ductwork',
    ['M', '36', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-MEP-ZZ-XX-DR-M-5001_Ventilation Schematic.pdf',
    A3,
    'Ventilation Schematic\nAHU-01\nFire damper\nAttenuator',
    ['M', '36', true, 'schematic_diagram'],
  ],
  [
    'Brunswick Square/Drawings/BSA-MEP-ZZ-02-DR-E-6301_Small Power Layout.pdf',
    A1,
    'Small Power Layout Level 02\nTwin socket outlet\nFused spur',
    ['E', '43', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-MEP-ZZ-XX-DR-E-6001_Single Line Diagram.pdf',
    A3,
    'Single Line Diagram\nMain LV switchboard\nDistribution boards',
    ['E', '43', true, 'schematic_diagram'],
  ],
  [
    'Brunswick Square/Drawings/BSA-MEP-ZZ-01-DR-E-6401_Lighting Layout.pdf',
    A1,
    'Lighting Layout Level 01\nLED downlights\nEmergency lighting',
    ['E', '44', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-MEP-ZZ-00-DR-P-5501_Below Ground Drainage.pdf',
    A1,
    'Below ground drainage layout\nFoul water\nSurface water\nInspection chamber',
    ['P', '31', true, 'drawing'],
  ],
  [
    'Brunswick Square/Drawings/BSA-LAN-ZZ-00-DR-L-9001_Hard Landscape Plan.pdf',
    A1,
    'Hard landscape plan\nPaving\nKerbs\nPlanting beds',
    ['L', '70', true, 'drawing'],
  ],
  [
    'Brunswick Square/As Built/BSA-MEP-ZZ-01-DR-M-5701_AB_Ventilation Layout As Built.pdf',
    A1,
    'Ventilation Layout First Floor\nAS BUILT\nRev C05',
    ['M', '36', true, 'as_built_drawing'],
  ],
  [
    'Brunswick Square/As Built/BSA-ARC-ZZ-00-DR-A-2000_As Built.pdf',
    A1,
    'Ground Floor Plan\nAS-BUILT RECORD DRAWING',
    ['A', '20', true, 'as_built_drawing'],
  ],
  ['Brunswick Square/Models/BSA-ARC-ZZ-XX-M3-A-0001.ifc', null, 'IFC2X3 IfcProject', ['A', '20', false, 'model']],
  [
    'Brunswick Square/Specifications/BSA-MEP-ZZ-XX-SP-M-0001_Mechanical Specification.pdf',
    A4,
    'Mechanical Services Specification\nSection 1 General\nSection 5 Ventilation\nSection 6 Heating',
    ['M', '30', false, 'description'],
  ],
  [
    'Brunswick Square/Calculations/BSA-STR-ZZ-XX-CA-S-0002_Calculations.pdf',
    A4,
    'Structural calculations\nBeam design to Eurocode 3\nLoad take-down',
    ['S', '22', false, 'calculation'],
  ],
  [
    'Brunswick Square/Reports/BSA-MEP-ZZ-XX-RP-E-0003_Lighting Design Report.pdf',
    A4,
    'Lighting design report\nLux levels\nEmergency lighting to BS 5266',
    ['E', '44', false, 'report'],
  ],
  [
    'Kings Wharf/Drawings/KWF-BDP-ZZ-03-DR-A-1203 Level 03 GA Plan.pdf',
    A1,
    'Level 03 General Arrangement Plan\nKings Wharf, Bristol\nBDP',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Kings Wharf/Drawings/KWF-HDR-ZZ-XX-DR-M-5201 Heating Schematic.pdf',
    A3,
    'LTHW heating schematic\nBoilers\nPumps\nPlate heat exchanger',
    ['M', '32', true, 'schematic_diagram'],
  ],
  [
    'Kings Wharf/Drawings/KWF-HDR-ZZ-01-DR-E-6101 Fire Alarm Layout.pdf',
    A1,
    'Fire alarm layout level 01\nSmoke detector\nCall point\nSounder',
    ['E', '54', true, 'drawing'],
  ],
  [
    'Kings Wharf O&M/Section 05 Mechanical Services/05.3 Air Handling Units/Swegon GOLD RX O&M Manual.pdf',
    A4,
    'Swegon GOLD RX\nOperation and Maintenance Manual\nFilter replacement\nFan maintenance\nLimited warranty',
    ['M', '36', false, 'om_instructions'],
  ],
  [
    'Kings Wharf O&M/Section 05 Mechanical Services/05.3 Air Handling Units/Systemair Topvex Data Sheet.pdf',
    A4,
    'Systemair Topvex SR\nTechnical data sheet\nAirflow\nElectrical data',
    ['M', '36', false, 'product_data_sheet'],
  ],
  [
    'Kings Wharf O&M/Section 05 Mechanical Services/05.6 Plumbing/Legionella Risk Assessment.pdf',
    A4,
    'Legionella risk assessment\nL8 ACoP\nHot and cold water systems\nTemperature monitoring',
    ['P', '31', false, 'report'],
  ],
  [
    'Kings Wharf O&M/Section 05 Mechanical Services/05.9 Commissioning/Water Balancing Commissioning Certificate.pdf',
    A4,
    'Commissioning certificate\nLTHW water balancing\nFlow rates within tolerance\nCIBSE Code W',
    ['M', '32', false, 'commissioning_report'],
  ],
  [
    'Kings Wharf O&M/Section 06 Electrical Services/06.1 Certificates/EIC Main Switchboard.pdf',
    A4,
    'Electrical Installation Certificate\nBS 7671\nMain LV switchboard\nTest results',
    ['E', '43', false, 'declaration_of_conformity'],
  ],
  [
    'Kings Wharf O&M/Section 06 Electrical Services/06.2 Test Results/EICR 2023.pdf',
    A4,
    'Electrical Installation Condition Report\nPeriodic inspection and testing\nObservations C2 C3',
    ['E', '43', false, 'test_measurement_report'],
  ],
  [
    'Kings Wharf O&M/Section 06 Electrical Services/06.4 Lighting/Glamox C95 Datasheet.pdf',
    A4,
    'Glamox C95-R\nLED luminaire\nDatasheet\nLumen output',
    ['E', '44', false, 'product_data_sheet'],
  ],
  [
    'Kings Wharf O&M/Section 06 Electrical Services/06.5 Fire Alarm/Fire Alarm Commissioning Certificate BS 5839.pdf',
    A4,
    'Certificate of commissioning\nFire detection and fire alarm system\nBS 5839-1',
    ['E', '54', false, 'commissioning_report'],
  ],
  [
    'Kings Wharf O&M/Section 07 Lifts/KONE Lift 2 LOLER Report.pdf',
    A4,
    'Thorough examination report\nLOLER 1998\nPassenger lift 2',
    [null, '62', false, 'lift_documents'],
  ],
  [
    'Kings Wharf O&M/Section 04 Architectural/04.2 Doors/Dorma TS 92 Installation Instructions.pdf',
    A4,
    'Dorma TS 92\nInstallation instructions\nDoor closer\nFixing template',
    ['A', '24', false, 'installation_instructions'],
  ],
  [
    'Kings Wharf O&M/Section 04 Architectural/04.1 Roofing/Bauder Roof Guarantee.pdf',
    A4,
    'Bauder\nRoof guarantee\n20 year guarantee\nReinforced bitumen membrane',
    ['A', '26', false, 'warranty'],
  ],
  [
    'Kings Wharf O&M/Section 04 Architectural/04.3 Insulation/Rockwool RWA45 DoP.pdf',
    A4,
    'Declaration of Performance\nRockwool RWA45\nEN 13162\nReaction to fire A1',
    ['A', '23', false, 'declaration_of_performance'],
  ],
  [
    'Kings Wharf O&M/Section 04 Architectural/04.4 Partitions/Gyproc Habito Product Data.pdf',
    A4,
    'Gyproc Habito\nProduct data\nPlasterboard\nImpact resistance',
    ['A', '24', false, 'product_data_sheet'],
  ],
  [
    'Kings Wharf O&M/Section 01 General/Contractors Directory.pdf',
    A4,
    'Contractors directory\nMain contractor\nSubcontractors\nSuppliers',
    [null, 'MSC', false, 'supplier_list'],
  ],
  [
    'Kings Wharf O&M/Section 01 General/Training Attendance Record.pdf',
    A4,
    'Training attendance record\nBuilding user training\nFacilities team',
    [null, 'MSC', false, 'training_record'],
  ],
  [
    'Kings Wharf O&M/Section 05 Mechanical Services/05.4 Heating/Boiler User Guide.pdf',
    A4,
    'User guide\nCondensing boiler\nControls\nFrost protection',
    ['M', '32', false, 'user_manual'],
  ],
];
for (const [path, size, text, labels] of uk) {
  add(path, path.endsWith('.ifc') ? 'ifc' : 'pdf', size, text, labels);
}

// ============================================================================ Dutch handover package (sample-filenames.csv, CC BY 4.0)
interface SampleRow {
  path: string;
  filename: string;
  ext: string;
  category: string;
}
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}
const sampleRows: SampleRow[] = readFileSync(new URL('./data/sample-filenames.csv', import.meta.url), 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const [path = '', filename = '', ext = '', category = ''] = parseCsvLine(l);
    return { path, filename, ext, category };
  });

function dutchLabels(row: SampleRow): { labels: LabelTuple; text: string; size: [number, number] | null } | null {
  const f = row.filename;
  switch (row.category) {
    case 'handover/commissioning_report_ventilation':
      return {
        labels: ['RIV', '36', false, 'commissioning_report'],
        text: 'Inregelrapport mechanische ventilatie\nProject 18.0189 Blok S1 Strijp Eindhoven\nRuimte\tOntwerp m³/h\tGemeten m³/h\nKeuken\t75\t74\nBadkamer\t50\t52',
        size: A4,
      };
    case 'drawing/architect':
    case 'drawing/architect_dwg':
    case 'drawing/architect_detail_dwg': {
      let cat = '20';
      if (/wandafwerking/i.test(f)) cat = '24';
      if (/vloerafwerking|plafondafwerking/i.test(f)) cat = '25';
      if (/trap/i.test(f)) cat = '28';
      if (/situatie/i.test(f)) cat = '70';
      return {
        labels: ['ARK', cat, true, 'drawing'],
        text: `Diederendirrix architecten\nBlok S1 Strijp-S Eindhoven\n${f.replace(/\.(pdf|dwg)$/i, '')}\nSchaal 1:100\nGewijzigd`,
        size: row.ext === 'pdf' ? A1 : null,
      };
    }
    case 'drawing/structural':
      return {
        labels: ['RIB', '22', true, 'drawing'],
        text: 'Tielemans constructeurs\nConstructietekening\nWapening volgens staat\nStalen kolom\nPeil = 0',
        size: A1,
      };
    case 'drawing/as_built_electrical':
      return f.startsWith('E-VD')
        ? {
            labels: ['RIE', '43', true, 'as_built_drawing'],
            text: 'Revisietekening\nVerdeelinrichting\nGroepen\nHomij',
            size: A3,
          }
        : {
            labels: ['RIE', '40', true, 'as_built_drawing'],
            text: 'Revisietekening E-installatie\nPlattegrond\nWandcontactdoos\nSchakelaar\nHomij',
            size: A1,
          };
    case 'drawing/as_built_heating':
      return {
        labels: ['RIV', '32', true, 'as_built_drawing'],
        text: 'Thermal Control\nVloerverwarming\nVerdeler\nGroep 1-8\nRevisie',
        size: A1,
      };
    case 'handover/circuit_schedule':
      return {
        labels: ['RIE', '43', false, 'circuit_schedule'],
        text: 'Groepenverklaring\nGroep\tOmschrijving\n1\tVerlichting\n2\tWCD keuken\n3\tWasmachine',
        size: A4,
      };
    case 'handover/operation_maintenance_instructions':
      return {
        labels: ['RIE', '54', false, 'user_manual'],
        text: 'Verkorte handleiding\nRookmelder\nTesten\nBatterij vervangen',
        size: A4,
      };
    case 'handover/installation_manual':
      return {
        labels: ['RIV', '32', false, 'installation_instructions'],
        text: 'Montagehandleiding\nVerdeler vloerverwarming\nMontage\nAansluiten',
        size: A4,
      };
    case 'ifc_model/engineering':
    case 'ifc_model/design': {
      let l: LabelTuple | null = null;
      if (/beton|staalconstructie/i.test(f)) l = ['RIB', '22', false, 'model'];
      else if (/kanaalplaat/i.test(f)) l = ['RIB', '25', false, 'model'];
      else if (/kozijn|gevel|facade/i.test(f)) l = ['ARK', '23', false, 'model'];
      else if (/balustrade|trappen/i.test(f)) l = ['ARK', '28', false, 'model'];
      else if (/INS-E /.test(f)) l = ['RIE', '40', false, 'model'];
      else if (/INS-W /.test(f)) l = ['RIV', '30', false, 'model'];
      else if (/sanitair|plumbing/i.test(f)) l = ['RIV', '31', false, 'model'];
      else if (/architectural|bouwkundig/i.test(f)) l = ['ARK', '20', false, 'model'];
      return l ? { labels: l, text: 'ISO-10303-21 IFC2X3', size: null } : null;
    }
    case 'duplex/handover_document': {
      const table: [RegExp, LabelTuple, string][] = [
        [
          /SinglePoleSwitch|Receptacles/,
          ['RIE', '43', false, 'product_data_sheet'],
          'Product data\nWiring device\n15 A 120 V',
        ],
        [
          /Lavatory|Washbasin|Shower|Toilet/,
          ['RIV', '31', false, 'product_data_sheet'],
          'Product information\nVitreous china\nRough-in dimensions',
        ],
        [
          /HotWaterHeater/,
          ['RIV', '31', false, 'product_data_sheet'],
          'Product information\nWater heater 50 gallon\nRecovery rate',
        ],
        [/Radiator/, ['RIV', '32', false, 'product_data_sheet'], 'Product information\nPanel radiator\nHeat output'],
        [/Door/, ['ARK', '24', false, 'product_data_sheet'], 'Product data\nInterior door\nSolid core'],
        [/Windows/, ['ARK', '23', false, 'product_data_sheet'], 'Product data\nWindow unit\nU-factor'],
        [/Skylight/, ['ARK', '26', false, 'product_data_sheet'], 'Product information\nSkylight\nFlashing kit'],
        [/RoofDrain/, ['RIV', '31', false, 'product_data_sheet'], 'Product data\nSiphonic roof drain\nFlow capacity'],
        [/PhoneOutlet|PhoneLine/, ['RIE', '53', false, 'product_data_sheet'], 'Product data\nTelephone outlet\nRJ11'],
        [
          /FireAlramPanel/,
          ['RIE', '54', false, 'product_data_sheet'],
          'FTP 1000 fire alarm control panel\nSpecifications\nZones',
        ],
        [
          /KOHLER/,
          ['RIV', '31', false, 'warranty'],
          'Kohler warranty information\nPlumbing products\nLimited lifetime warranty',
        ],
      ];
      for (const [re, labels, text] of table) if (re.test(f)) return { labels, text, size: A4 };
      return null;
    }
    default:
      return null;
  }
}
const perCategory = new Map<string, number>();
const caps: Record<string, number> = {
  'handover/commissioning_report_ventilation': 8,
  'drawing/structural': 8,
  'drawing/as_built_electrical': 7,
  'drawing/as_built_heating': 6,
  'handover/circuit_schedule': 5,
};
for (const row of sampleRows) {
  const n = perCategory.get(row.category) ?? 0;
  if (n >= (caps[row.category] ?? 99)) continue;
  const result = dutchLabels(row);
  if (!result) continue;
  perCategory.set(row.category, n + 1);
  const kind: FileKind =
    row.ext === 'pdf' ? 'pdf' : row.ext === 'dwg' ? 'dwg' : row.ext.toLowerCase() === 'ifc' ? 'ifc' : 'unknown';
  add(row.path, kind, result.size, result.text, result.labels);
}

// ---- Issue 19's classes, in projects of their own (Fjordparken, Harbour Point): documents of the project's
// organisation with no discipline and no part, energy certificates, English material without ISO names, what a test,
// measurement or certificate is about, and the more specific information types.
const classExamples: [string, FileKind, [number, number] | null, string, LabelTuple][] = [
  [
    'Fjordparken/Møter/Byggemøtereferat nr 3.pdf',
    'pdf',
    A4,
    'BYGGEMØTE 3\nTilstede: byggherre, entreprenør, RIE\nSak 3.1 Tavlerom\nSak 3.2 Fremdrift råbygg',
    [null, 'MSC', false, 'meeting_minutes'],
  ],
  [
    'Harbour Point/Meetings/Site Meeting 12 - Minutes.docx',
    'docx',
    null,
    'SITE MEETING 12\nPresent: contractor, M&E subcontractor\nDrainage connections\nActions',
    [null, 'MSC', false, 'meeting_minutes'],
  ],
  [
    'Fjordparken/Tilbud/Tilbud elektroarbeider.pdf',
    'pdf',
    A4,
    'TILBUD\nElektroarbeider Fjordparken\nTilbudssum kr 1 900 000 eks. mva',
    ['RIE', '40', false, 'offer'],
  ],
  [
    'Harbour Point/Tenders/Fee proposal.pdf',
    'pdf',
    A4,
    'FEE PROPOSAL\nProject management services\nFee £48,000\nValidity 60 days',
    [null, 'MSC', false, 'offer'],
  ],
  [
    'Harbour Point/Energy/EPC Unit 4.pdf',
    'pdf',
    A4,
    'Energy performance certificate\nNon-domestic\nAsset rating C 62\nValid until 2035',
    [null, 'MSC', false, 'energy_certificate'],
  ],
  [
    'Fjordparken/Energimerking/Energiattest næringsbygg.pdf',
    'pdf',
    A4,
    'ENERGIATTEST\nNæringsbygg\nEnergikarakter D\nUtstedt av Enova',
    [null, 'MSC', false, 'energy_certificate'],
  ],
  [
    'Harbour Point/Drawings/Architectural/First Floor Plan.pdf',
    'pdf',
    A1,
    'FIRST FLOOR PLAN\nOffice\nMeeting room\nWC\nScale 1:100\nDrawing no. HP-201 Rev B',
    ['A', '20', true, 'drawing'],
  ],
  [
    'Harbour Point/Drawings/Public Health/Soil and Vent Layout.pdf',
    'pdf',
    A1,
    'SOIL AND VENT LAYOUT\n100 mm soil stack\nAir admittance valve\nScale 1:50\nDrawing no. HP-PH-301',
    ['P', '31', true, 'drawing'],
  ],
  [
    'Harbour Point/O&M/Mechanical/AHU maintenance schedule.pdf',
    'pdf',
    A4,
    'MAINTENANCE SCHEDULE\nAir handling unit AHU-1\nFilters: change every 3 months\nFan belts: inspect annually',
    ['M', '36', false, 'om_instructions'],
  ],
  [
    'Harbour Point/O&M/Electrical/Lighting controls user guide.pdf',
    'pdf',
    A4,
    'USER GUIDE\nLighting control system\nScene setting\nPresence detection\nDaylight dimming',
    ['E', '44', false, 'user_manual'],
  ],
  [
    'Harbour Point/Reports/Air Permeability Test Certificate.pdf',
    'pdf',
    A4,
    'AIR PERMEABILITY TEST\nATTMA TSL2\nResult 4.1 m3/(h.m2) at 50 Pa\nTarget 5.0: pass',
    ['Y', '20', false, 'test_measurement_report'],
  ],
  [
    'Harbour Point/Reports/Acoustic Test Report.pdf',
    'pdf',
    A4,
    'ACOUSTIC TEST REPORT\nSound insulation testing\nAirborne DnT,w 50 dB\nImpact 55 dB',
    ['Y', '20', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/HMS/SHA-plan rev 2.pdf',
    'pdf',
    A4,
    'SHA-PLAN\nByggherreforskriften\nArbeid i høyden\nKranløft',
    [null, 'MSC', false, 'report'],
  ],
  [
    'Harbour Point/H&S/Construction Phase Plan.pdf',
    'pdf',
    A4,
    'CONSTRUCTION PHASE PLAN\nCDM 2015\nSite rules\nEmergency procedures',
    [null, 'MSC', false, 'report'],
  ],
  [
    'Fjordparken/Fremdrift/Hovedfremdriftsplan.pdf',
    'pdf',
    A4,
    'HOVEDFREMDRIFTSPLAN\nRåbygg\nTett bygg\nInnredning\nOvertakelse',
    [null, 'MSC', false, 'description'],
  ],
  [
    'Harbour Point/Handover/Snag list level 2.xlsx',
    'xlsx',
    null,
    'SNAG LIST\nRoom 2.01 ceiling tile damaged\nRoom 2.04 socket faceplate missing',
    [null, 'MSC', false, 'self_inspection_checklist'],
  ],
  [
    'Fjordparken/Korrespondanse/SV Spørsmål om ventilasjon.msg',
    'msg',
    null,
    'Fra: RIV\nEmne: SV: Spørsmål om ventilasjon\nLuftmengden i møterom 3 er økt til 400 m3/h.',
    [null, 'MSC', false, null],
  ],
  [
    'Fjordparken/Tegninger/Fasade nord.pdf',
    'pdf',
    A1,
    'FASADE NORD\nTrekledning\nVinduer\nMålestokk 1:100',
    ['ARK', '20', true, 'drawing'],
  ],
  [
    'Fjordparken/Tegninger/Plan U1.pdf',
    'pdf',
    A1,
    'PLAN U1\nBoder\nTeknisk rom\nParkering\nMålestokk 1:100',
    ['ARK', '20', true, 'drawing'],
  ],
  [
    'Fjordparken/Rapporter/Fuktmåling gulv.pdf',
    'pdf',
    A4,
    'Fuktmåling\nRF i betonggulv 80 %\nKlar for belegg',
    ['RIByFy', '25', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/Rapporter/Termografi fasade.pdf',
    'pdf',
    A4,
    'Termografi\nYttervegger\nKuldebroer ved dekkeforkant',
    ['RIByFy', '23', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/Rapporter/Støyvurdering.pdf',
    'pdf',
    A4,
    'Støyvurdering\nVeitrafikk\nUtendørs støynivå Lden 58 dB',
    ['RIAku', '20', false, 'report'],
  ],
  [
    'Fjordparken/FDV/Brann/Brannalarmsentral brukerveiledning.pdf',
    'pdf',
    A4,
    'Brukerveiledning\nBrannalarmsentral\nKvittering av alarm\nUtkobling av sløyfe',
    ['RIE', '54', false, 'user_manual'],
  ],
  [
    'Fjordparken/FDV/Brann/Håndslokkeapparater service.pdf',
    'pdf',
    A4,
    'Service\nHåndslokkeapparater\n12 apparater kontrollert',
    ['RIV', '33', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/FDV/Bygg/Vindsperre produktdatablad.pdf',
    'pdf',
    A4,
    'Produktdatablad\nVindsperre\nDampåpen\nMontering på stendere',
    ['ARK', '23', false, 'product_data_sheet'],
  ],
  [
    'Fjordparken/FDV/Overflater/Veggmaling FDV.pdf',
    'pdf',
    A4,
    'FDV\nVeggmaling innendørs\nVask med mild såpe',
    ['ARK', '24', false, 'om_instructions'],
  ],
  [
    'Fjordparken/FDV/Våtrom/Smøremembran monteringsanvisning.pdf',
    'pdf',
    A4,
    'Monteringsanvisning\nSmøremembran for våtrom\nTo strøk\nOppkant mot vegg',
    ['ARK', '25', false, 'installation_instructions'],
  ],
  [
    'Harbour Point/O&M/Mechanical/Boiler installer manual.pdf',
    'pdf',
    A4,
    'INSTALLER MANUAL\nCondensing boiler\nFlue installation\nGas connection',
    ['M', '32', false, 'installation_instructions'],
  ],
  [
    'Harbour Point/O&M/Fire/Fire panel operating instructions.pdf',
    'pdf',
    A4,
    'OPERATING INSTRUCTIONS\nFire alarm panel\nSilence and reset',
    ['E', '54', false, 'user_manual'],
  ],
  [
    'Harbour Point/O&M/Mechanical/Air balance certificate.pdf',
    'pdf',
    A4,
    'AIR BALANCE\nSupply and extract grilles\nDesign and measured volumes',
    ['M', '36', false, 'commissioning_report'],
  ],
  [
    'Harbour Point/O&M/Water/Water temperature monitoring log.pdf',
    'pdf',
    A4,
    'TEMPERATURE MONITORING LOG\nHot water outlets\nMonthly readings',
    ['P', '31', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/Prosjektering/Tegningsliste RIV.xlsx',
    'xlsx',
    null,
    'TEGNINGSLISTE RIV\nRIV-301 Sanitær plan 1\nRIV-361 Ventilasjon plan 1',
    ['RIV', '30', false, 'description'],
  ],
  [
    'Fjordparken/FDV/Sprinklar/Sprinklaranlegg FDV.pdf',
    'pdf',
    A4,
    'FDV\nSprinklaranlegg\nVekentleg kontroll av alarmventil',
    ['RIV', '33', false, 'om_instructions'],
  ],
  [
    'Harbour Point/O&M/Electrical/Periodic test record emergency lighting.pdf',
    'pdf',
    A4,
    'EMERGENCY LIGHTING\nPeriodic inspection and test record\nMonthly flick test\nAnnual duration test',
    ['E', '44', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/Uavhengig kontroll/Kontrollrapport fuktsikring.pdf',
    'pdf',
    A4,
    'UAVHENGIG KONTROLL\nFuktsikring\nKontrollert: vindsperre, dampsperre\nIngen avvik',
    ['RIByFy', '20', false, 'independent_control_report'],
  ],
  [
    'Fjordparken/Rapporter/Inneklimamåling kontorer.pdf',
    'pdf',
    A4,
    'Inneklimamåling\nTemperatur og CO2 i kontorer\nMåleperiode én uke',
    ['RIV', '36', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/FDV/Elektro/Servicerapport UPS.pdf',
    'pdf',
    A4,
    'Servicerapport\nUPS 40 kVA\nBatteritest utført',
    ['RIE', '46', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/FDV/Utomhus/Skjøtselsplan grøntanlegg.pdf',
    'pdf',
    A4,
    'Skjøtselsplan\nPlen klippes ukentlig\nBusker beskjæres om våren',
    ['LARK', '77', false, 'om_instructions'],
  ],
  [
    'Harbour Point/Handover/Building Log Book TM31.pdf',
    'pdf',
    A4,
    'BUILDING LOG BOOK\nCIBSE TM31\nSystems overview\nMetering strategy',
    [null, 'MSC', false, 'om_instructions'],
  ],
  [
    'Harbour Point/Drawings/Architectural/Location Plan.pdf',
    'pdf',
    A3,
    'LOCATION PLAN\nScale 1:1250\nSite outlined in red',
    ['A', '70', true, 'drawing'],
  ],
  [
    'Fjordparken/Utomhus/Sertifisering lekeplass.pdf',
    'pdf',
    A4,
    'Sertifisering\nLekeplass\nNS-EN 1176 kontroll',
    ['LARK', '77', false, 'certificate'],
  ],
  [
    'Harbour Point/O&M/Architectural/Door schedule.xlsx',
    'xlsx',
    null,
    'DOOR SCHEDULE\nDoor ref\tType\tFire rating\nD01\tFD30S',
    ['A', '24', false, 'description'],
  ],
  [
    'Harbour Point/Handover/Asset register.xlsx',
    'xlsx',
    null,
    'ASSET REGISTER\nAsset\tLocation\nBoiler B1\tPlant room\nAHU-1\tRoof',
    [null, 'MSC', false, 'description'],
  ],
  [
    'Harbour Point/O&M/Electrical/Thermal imaging survey distribution boards.pdf',
    'pdf',
    A4,
    'THERMAL IMAGING SURVEY\nDistribution boards\nNo hot spots found',
    ['E', '43', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/Rapporter/Lekkasjesøk bad 3. etg.pdf',
    'pdf',
    A4,
    'Lekkasjesøk\nFuktmåling i vegg mot bad\nLekkasje ved sluk',
    ['ARK', '25', false, 'test_measurement_report'],
  ],
  [
    'Harbour Point/O&M/Mechanical/Kitchen extract system O&M.pdf',
    'pdf',
    A4,
    'O&M\nKitchen extract canopy and fan\nGrease filters cleaned weekly',
    ['M', '36', false, 'om_instructions'],
  ],
  [
    'Harbour Point/O&M/Architectural/Sports floor care guide.pdf',
    'pdf',
    A4,
    'CARE GUIDE\nSprung sports floor\nDaily cleaning',
    ['A', '25', false, 'om_instructions'],
  ],
  [
    'Fjordparken/HMS/Sikker jobbanalyse kranløft.pdf',
    'pdf',
    A4,
    'SIKKER JOBBANALYSE\nKranløft av betongelementer\nTiltak',
    [null, 'MSC', false, 'report'],
  ],
  [
    'Fjordparken/Tilbud/Tilbud snekkerarbeider.pdf',
    'pdf',
    A4,
    'TILBUD\nSnekkerarbeider\nInnvendige dører og lister\nTilbudssum kr 900 000',
    ['ARK', '24', false, 'offer'],
  ],
  ['Fjordparken/Skann/Doc 02-05-2025 14.10.pdf', 'pdf', A4, '', [null, 'MSC', false, null]],
  [
    'Harbour Point/O&M/Electrical/EU DoC LED driver.pdf',
    'pdf',
    A4,
    'EU declaration of conformity\nLED driver\nLVD and EMC directives',
    ['E', '44', false, 'declaration_of_conformity'],
  ],
  [
    'Harbour Point/Correspondence/FW Boiler warranty registration.eml',
    'eml',
    null,
    'Subject: FW: Boiler warranty registration\nPlease register the boiler warranty.',
    [null, 'MSC', false, null],
  ],
  [
    'Fjordparken/Rapporter/Brannrapport parkeringskjeller.pdf',
    'pdf',
    A4,
    'BRANNRAPPORT\nParkeringskjeller\nSeksjonering og røykventilasjon',
    ['RIBr', '20', false, 'fire_strategy'],
  ],
  [
    'Harbour Point/O&M/Architectural/Washroom cubicles O&M.pdf',
    'pdf',
    A4,
    'O&M\nWashroom cubicles\nHinges and locks\nCleaning',
    ['A', '27', false, 'om_instructions'],
  ],
  [
    'Harbour Point/Drawings/Civils/Surface Water Drainage Layout.pdf',
    'pdf',
    A1,
    'SURFACE WATER DRAINAGE LAYOUT\nPermeable paving\nAttenuation crates\nScale 1:250',
    ['C', '73', true, 'drawing'],
  ],
  [
    'Fjordparken/Uavhengig kontroll/Kontrollerklæring RIV.pdf',
    'pdf',
    A4,
    'KONTROLLERKLÆRING\nUavhengig kontroll av prosjektering VVS\nIngen åpne avvik',
    ['RIV', '20', false, 'independent_control_report'],
  ],
  [
    'Fjordparken/FDV/Utomhus/Kunstgressbane FDV.pdf',
    'pdf',
    A4,
    'FDV\nKunstgressbane\nBørsting og etterfylling av granulat',
    ['LARK', '77', false, 'om_instructions'],
  ],
  [
    'Harbour Point/O&M/Electrical/Carbon monoxide alarm user leaflet.pdf',
    'pdf',
    A4,
    'USER LEAFLET\nCarbon monoxide alarm\nTest weekly',
    ['E', '54', false, 'user_manual'],
  ],
  [
    'Harbour Point/O&M/Mechanical/Heat pump handover pack.pdf',
    'pdf',
    A4,
    'HANDOVER PACK\nAir source heat pump\nCommissioning checklist\nMaintenance',
    ['M', '32', false, 'om_instructions'],
  ],
  [
    'Fjordparken/FDV/Tele/Fiber sertifiseringsrapport.pdf',
    'pdf',
    A4,
    'Sertifiseringsrapport\nFiberkabling\nDemping målt på alle fibre',
    ['RIE', '52', false, 'test_measurement_report'],
  ],
  [
    'Fjordparken/FDV/Bygg/Reinhaldsinstruks golv.pdf',
    'pdf',
    A4,
    'Reinhaldsinstruks\nGolvbelegg\nDagleg reinhald',
    ['ARK', '25', false, 'cleaning_instructions'],
  ],
  [
    'Harbour Point/Handover/Homeowner manual Plot 12.pdf',
    'pdf',
    A4,
    'HOMEOWNER MANUAL\nYour heating, ventilation and electrics\nWho to call',
    [null, 'MSC', false, 'user_manual'],
  ],
];
for (const [path, kind, size, text, labels] of classExamples) add(path, kind, size, text, labels);

// ---- Issue 50's classes, in projects of their own (tuning-issue50.ts), with their language and class.
for (const e of ISSUE50_TUNING) {
  add(e.path, e.kind, e.size, e.text, e.labels);
  const item = items[items.length - 1]!;
  Object.assign(
    item,
    { language: e.language, classes: e.classes },
    e.category3 ? { buildingCategory3: e.category3 } : {},
  );
}

const body = items.map((item) => JSON.stringify(item)).join('\n') + '\n';
writeFileSync(new URL('./dataset.jsonl', import.meta.url), body);
const counts = new Map<string, number>();
for (const i of items)
  counts.set(String(i.labels.informationType), (counts.get(String(i.labels.informationType)) ?? 0) + 1);
console.log(`wrote ${items.length} items to eval/classify/dataset.jsonl`);
console.log([...counts.entries()].map(([k, v]) => `${k}=${v}`).join(' '));
