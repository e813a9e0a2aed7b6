/**
 * The reference tables (NS 3451, disciplines, FDV information types, TFM component codes) as lookups. The tables are
 * generated TypeScript modules (data/*.generated.ts) so the compiled build needs no data-file copy step; the maps are
 * built once, on first use.
 */
import { DISCIPLINE_ROWS } from './data/disciplines.generated.js';
import { FDV_INFORMATION_TYPE_ROWS } from './data/fdv-information-types.generated.js';
import { NS3451_ROWS } from './data/ns3451.generated.js';
import { TFM_COMPONENT_ROWS } from './data/tfm-component-codes.generated.js';

export interface Ns3451Entry {
  code: string;
  level: number;
  parent: string | null;
  nameNo: string;
  nameEn: string;
}

/**
 * NS 3451:2022 additions the 2009 table lacks. The standard's names for these codes are not in the shared data, so the
 * labels say only where the code comes from rather than guessing a name.
 */
const NS3451_2022_ADDITIONS = ['47', '48', '68'] as const;

/**
 * The bSDD upload has a few broken labels (shifted English names, guidance text glued onto the Norwegian name,
 * misspelled English). These display overrides keep the copied CSV verbatim while users see sensible names.
 */
const NAME_OVERRIDES: Record<string, { no?: string; en?: string }> = {
  '36': { en: 'Air treatment' },
  '359': { en: 'Other parts of cooling systems' },
  '364': { no: 'Utstyr for luftfordeling', en: 'Equipment for air distribution' },
  '621': { no: 'Heiser', en: 'Lifts' },
  '623': { no: 'Rullebånd', en: 'Moving walkways' },
  '67': { en: 'Loose special equipment for activities' },
  '69': { en: 'Other technical installations' },
  '3242': { en: 'Fittings for heating system with high temperature water' },
  '3252': { en: 'Equipment for heating system with high temperature water' },
  '3262': { en: 'Insulation of heating system with high temperature water' },
  // misspelled English labels a person reading the English app would see ("Low voltage suppliance", "Heating panles")
  // an acronym written as a word ("3 Hvac")
  '3': { en: 'HVAC installations' },
  '224': { en: 'Bracing constructions' },
  '225': { en: 'Fire protection of load-bearing constructions' },
  '245': { en: 'Skirting' },
  '271': { en: 'Masonry chimneys and fireplaces' },
  '274': { en: 'Fittings and fixtures for wet rooms' },
  '285': { en: 'Stands and amphitheatres' },
  '286': { en: 'Canopies and shelter roofs' },
  '3113': { en: 'Underground pipes for domestic water' },
  '3153': { en: 'Equipment for domestic water' },
  '3163': { en: 'Insulation of installations for domestic water' },
  '3215': { en: 'Underground pipes for heating installations with high-temperature steam' },
  '355': { en: 'Cooling systems for indoor sports fields' },
  '42': { en: 'High voltage supply' },
  '429': { en: 'Other parts for high voltage supply' },
  '43': { en: 'Low voltage supply' },
  '434': { en: 'Electrical power distribution for technical installations' },
  '435': { en: 'Electrical power distribution for activities' },
  '439': { en: 'Other parts for low voltage supply' },
  '4434': { en: 'Fittings for emergency escape lighting' },
  '452': { en: 'Heating panels' },
  '454': { en: 'Water heaters and electric boilers' },
  '461': { en: 'Electrical power generators' },
  '462': { en: 'Uninterruptible power supply' },
  '535': { en: 'Systems for loudspeaking intercoms' },
  '5522': { en: 'Central equipment/amplifiers for communal antennas' },
  '5532': { en: 'Central equipment/amplifiers for closed-circuit television' },
  '627': { en: 'Facade and roof cleaning' },
  '629': { en: 'Other passenger and goods transport' },
  '652': { en: 'Central vacuum cleaner' },
  '6522': { en: 'Pipe network' },
  '659': { en: 'Other installations for waste and vacuum cleaning' },
  '71': { en: 'Landscaped terrain' },
  '711': { en: 'Rough-graded terrain' },
  '733': { en: 'Outdoor fire extinguishing' },
  '7332': { en: 'Pipe network above terrain for fire extinguishing' },
  '7334': { en: 'Fittings for fire extinguishing' },
  '7335': { en: 'Equipment for fire extinguishing' },
  '7336': { en: 'Insulation for fire extinguishing' },
  '7432': { en: 'Circuits for outdoor low voltage equipment' },
  '749': { en: 'Other outdoor electrical power installations' },
  '7535': { en: 'Outdoor loudspeaking intercoms' },
  '7542': { en: 'Outdoor fire alarm' },
  '7553': { en: 'Outdoor closed-circuit television' },
};

let nsTable: Map<string, Ns3451Entry> | null = null;

function ns3451Table(): Map<string, Ns3451Entry> {
  if (nsTable) return nsTable;
  const table = new Map<string, Ns3451Entry>();
  for (const [code, level, parent, nameNo, nameEn] of NS3451_ROWS) {
    const override = NAME_OVERRIDES[code];
    table.set(code, {
      code,
      level,
      parent: parent === '' ? null : parent,
      nameNo: override?.no ?? nameNo,
      nameEn: override?.en ?? nameEn,
    });
  }
  for (const code of NS3451_2022_ADDITIONS) {
    table.set(code, {
      code,
      level: 2,
      parent: code.slice(0, 1),
      nameNo: `Bygningsdel ${code} (NS 3451:2022)`,
      nameEn: `Building element ${code} (NS 3451:2022)`,
    });
  }
  nsTable = table;
  return table;
}

/** The table row for an exact code, or undefined (2022 additions included). */
export function ns3451Entry(code: string): Ns3451Entry | undefined {
  return ns3451Table().get(code);
}

export function ns3451Entries(): Iterable<Ns3451Entry> {
  return ns3451Table().values();
}

/**
 * Whether a value may be stored as a document's buildingCategory: 'MSC', any code in the table, or any 2-4 digit code
 * whose 2-digit part exists (the 2009 upload misses codes such as 712, and NS 3451:2022 makes 4-digit codes normative,
 * so the table cannot be the whole truth below level 2).
 */
export function isValidBuildingCategory(code: string): boolean {
  if (code === 'MSC') return true;
  if (!/^[2-7]\d{0,3}$/.test(code)) return false;
  const table = ns3451Table();
  if (table.has(code)) return true;
  return code.length >= 2 && table.has(code.slice(0, 2));
}

/**
 * Human name of a building category in Norwegian or English. For a valid code missing from the table the nearest
 * named parent is used (e.g. 712 -> "Bearbeidet terreng (712)").
 */
export function buildingCategoryName(code: string, locale: 'nb' | 'en'): string | null {
  if (code === 'MSC') return locale === 'nb' ? 'Diverse' : 'Miscellaneous';
  if (!isValidBuildingCategory(code)) return null;
  const table = ns3451Table();
  for (let length = code.length; length >= 1; length--) {
    const entry = table.get(code.slice(0, length));
    if (!entry) continue;
    const name = locale === 'nb' ? entry.nameNo : entry.nameEn;
    return length === code.length ? name : `${name} (${code})`;
  }
  return null;
}

/** The longest prefix of `code` that the table knows, e.g. '3601' -> '36'; null when not even the main part exists. */
export function nearestKnownCode(code: string): string | null {
  const table = ns3451Table();
  for (let length = code.length; length >= 1; length--) {
    const prefix = code.slice(0, length);
    if (table.has(prefix)) return prefix;
  }
  return null;
}

export interface DisciplineEntry {
  code: string;
  market: 'NO' | 'UK';
  nameNo: string;
  nameEn: string;
  typicalParts: readonly string[];
}

let disciplineTable: Map<string, DisciplineEntry> | null = null;

export function disciplineEntries(): Map<string, DisciplineEntry> {
  if (disciplineTable) return disciplineTable;
  disciplineTable = new Map(
    DISCIPLINE_ROWS.map(([code, market, nameNo, nameEn, typicalParts]) => [
      code,
      { code, market: market === 'UK' ? 'UK' : 'NO', nameNo, nameEn, typicalParts },
    ]),
  );
  return disciplineTable;
}

export interface InformationTypeEntry {
  id: string;
  nameNo: string;
  nameEn: string;
  cues: readonly string[];
}

/** General document types the issue adds to the FDV list. */
const GENERAL_INFORMATION_TYPES: readonly InformationTypeEntry[] = [
  { id: 'drawing', nameNo: 'Tegning', nameEn: 'Drawing', cues: [] },
  { id: 'description', nameNo: 'Beskrivelse', nameEn: 'Description / specification', cues: [] },
  { id: 'calculation', nameNo: 'Beregning', nameEn: 'Calculation', cues: [] },
  { id: 'report', nameNo: 'Rapport', nameEn: 'Report', cues: [] },
  { id: 'certificate', nameNo: 'Sertifikat / attest', nameEn: 'Certificate', cues: [] },
  { id: 'contract', nameNo: 'Kontrakt / avtale', nameEn: 'Contract / agreement', cues: [] },
  { id: 'offer', nameNo: 'Tilbud', nameEn: 'Offer / quotation', cues: [] },
  { id: 'meeting_minutes', nameNo: 'Møtereferat', nameEn: 'Meeting minutes', cues: [] },
  { id: 'photo', nameNo: 'Foto', nameEn: 'Photo', cues: [] },
  { id: 'model', nameNo: 'Modell (BIM)', nameEn: 'Model (BIM)', cues: [] },
];

let informationTypeTable: Map<string, InformationTypeEntry> | null = null;

export function informationTypeEntries(): Map<string, InformationTypeEntry> {
  if (informationTypeTable) return informationTypeTable;
  const table = new Map<string, InformationTypeEntry>();
  for (const [id, nameNo, nameEn, cues] of FDV_INFORMATION_TYPE_ROWS) table.set(id, { id, nameNo, nameEn, cues });
  for (const entry of GENERAL_INFORMATION_TYPES) table.set(entry.id, entry);
  informationTypeTable = table;
  return table;
}

/**
 * An information type's name in Norwegian or English: by its id (om_instructions), or by either of its names as a
 * person may have written it in (a delivery's expected types); anything else as written.
 */
export function informationTypeName(value: string, locale: 'nb' | 'en'): string {
  const table = informationTypeEntries();
  const folded = value.trim().toLocaleLowerCase('nb');
  const entry =
    table.get(value) ??
    [...table.values()].find(
      (e) => e.nameEn.toLocaleLowerCase('nb') === folded || e.nameNo.toLocaleLowerCase('nb') === folded,
    );
  if (!entry) return value;
  return locale === 'nb' ? entry.nameNo : entry.nameEn;
}

export function isKnownInformationType(id: string): boolean {
  return informationTypeEntries().has(id);
}

let tfmTable: Map<string, { name: string; group: string }> | null = null;

/** TFM component code (two letters, e.g. 'JV' vifte) -> Norwegian name and group letter. */
export function tfmComponent(code: string): { name: string; group: string } | undefined {
  if (!tfmTable) tfmTable = new Map(TFM_COMPONENT_ROWS.map(([c, name, group]) => [c, { name, group }]));
  return tfmTable.get(code);
}
