/**
 * What names and folders say by convention: discipline codes (RIV, ARK ...), Norwegian drawing numbers (ARK-A-20-001,
 * E-433-001, RIV_36_U1_...), ISO 19650 names (BSA-ARC-ZZ-02-DR-A-2001), TFM tags (+360.001-KA001) and numbered
 * FDV folders ("36 Ventilasjon").
 */
import { isValidBuildingCategory, nearestKnownCode, ns3451Entry, tfmComponent } from './reference-data.js';
import { normalizeForMatching, rawTokens } from './tokens.js';
import { vocabularyMatchers } from './vocabulary.js';

export interface Signal {
  value: string;
  weight: number;
  evidence: string;
}

/** Upper-cased spellings seen in practice -> the discipline code as stored. */
const DISCIPLINE_ALIASES: Record<string, string> = {
  ARK: 'ARK',
  IARK: 'IARK',
  LARK: 'LARK',
  RIB: 'RIB',
  RIG: 'RIG',
  RIGEO: 'RIG',
  RIV: 'RIV',
  RIVV: 'RIV',
  RIVR: 'RIV',
  RIVS: 'RIV',
  RIVA: 'RIVA',
  RIE: 'RIE',
  RIEL: 'RIE',
  RIT: 'RIT',
  RIEKOM: 'RIT',
  RIAUT: 'RIAut',
  RIBR: 'RIBr',
  RIAKU: 'RIAku',
  RIBYFY: 'RIByFy',
  RIBFY: 'RIByFy',
  RIM: 'RIM',
  RIEN: 'RIEn',
  RIVEI: 'RIVei',
  RIBYG: 'RIByg',
};

function disciplineAlias(token: string): string | null {
  return DISCIPLINE_ALIASES[token.toUpperCase()] ?? null;
}

/** Letters that open Norwegian drawing numbers (A-20-001, K-22-101, V-360-01, E-433-001 ...). */
const DRAWING_LETTERS: Record<string, string> = {
  A: 'ARK',
  K: 'RIB',
  V: 'RIV',
  R: 'RIV',
  VVS: 'RIV',
  E: 'RIE',
  EL: 'RIE',
  L: 'LARK',
  G: 'RIG',
  I: 'IARK',
  VA: 'RIVA',
  W: 'RIV',
};

/** Which NS 3451 main parts a discipline's number groups can plausibly be; "A40" is a drawing group, not Elkraft. */
const PLAUSIBLE_MAIN_PARTS: Record<string, string> = {
  ARK: '27',
  IARK: '2',
  LARK: '7',
  RIB: '2',
  RIG: '27',
  RIV: '37',
  RIVA: '37',
  RIE: '4567',
  RIT: '5',
  RIAut: '5',
  RIBr: '2345',
  RIAku: '23',
  RIByFy: '2',
};

/** ISO 19650 (UK NA) role letter -> the Norwegian discipline it corresponds to, for voting. */
const ISO_ROLE_TO_NO: Record<string, string> = {
  A: 'ARK',
  C: 'RIB',
  D: 'RIVA',
  E: 'RIE',
  H: 'RIV',
  I: 'IARK',
  L: 'LARK',
  M: 'RIV',
  P: 'RIV',
  S: 'RIB',
};

export interface Iso19650Name {
  project: string;
  originator: string;
  volume: string;
  level: string;
  type: string;
  role: string;
  number: string;
  /** the name without what follows the number */
  code: string;
}

/** PROJ-ORIG-VOL-LEV-TYPE-ROLE-NUMBER, e.g. BSA-ARC-ZZ-02-DR-A-2001 (anything may follow the number). */
export function parseIso19650(stem: string): Iso19650Name | null {
  const m =
    /^([A-Z0-9]{2,8})-([A-Z0-9]{2,6})-([A-Z0-9]{1,4})-([A-Z0-9]{2,4})-([A-Z]{2}|M[23]|[A-Z][0-9])-([A-Z]{1,2})-(\d{3,6})(?=$|[\s_.-])/.exec(
      stem.trim(),
    );
  if (!m) return null;
  const [code, project, originator, volume, level, type, role, number] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { project, originator, volume, level, type, role, number, code };
}

/** ISO 19650 document type -> information type it implies. */
const ISO_TYPE_INFORMATION: Record<string, string> = {
  DR: 'drawing',
  M2: 'model',
  M3: 'model',
  CM: 'model',
  SP: 'description',
  RP: 'report',
  CA: 'calculation',
  SU: 'report',
  HS: 'report',
  MS: 'description',
  MI: 'meeting_minutes',
  SH: 'description',
  RD: 'description',
  SA: 'description',
  SN: 'self_inspection_checklist',
  PR: 'description',
  FN: 'report',
};

/**
 * An NS 3451 code from a number found in a name: '360' (TFM system, "general") -> '36', '3647' -> '364',
 * null when it cannot be a code.
 */
export function nsCodeFromDigits(digits: string): string | null {
  if (!/^[2-7]\d{1,3}$/.test(digits)) return null;
  let code = digits;
  while (code.length > 2 && code.endsWith('0') && !ns3451Entry(code)) code = code.slice(0, -1);
  if (!isValidBuildingCategory(code)) return null;
  const known = nearestKnownCode(code);
  return known !== null && known.length >= 2 ? known : null;
}

export function nsLabel(code: string): string {
  const entry = ns3451Entry(code);
  return entry ? `NS 3451 ${code} ${entry.nameNo}` : `NS 3451 ${code}`;
}

function plausibleFor(discipline: string, code: string): boolean {
  const parts = PLAUSIBLE_MAIN_PARTS[discipline];
  return parts === undefined || parts.includes(code[0] ?? '');
}

export interface NameConventionSignals {
  discipline: Signal[];
  category: Signal[];
  informationTypes: Signal[];
  iso: Iso19650Name | null;
}

/** Discipline and category signals from the filename (stem) and folders. */
export function nameConventionSignals(args: { stem: string; folders: readonly string[] }): NameConventionSignals {
  const out: NameConventionSignals = { discipline: [], category: [], informationTypes: [], iso: null };
  const { stem, folders } = args;

  const iso = parseIso19650(stem);
  out.iso = iso;
  if (iso) {
    const no = ISO_ROLE_TO_NO[iso.role];
    if (no) out.discipline.push({ value: no, weight: 5, evidence: `ISO 19650 name: role "${iso.role}"` });
    const info = ISO_TYPE_INFORMATION[iso.type];
    if (info) out.informationTypes.push({ value: info, weight: 4, evidence: `ISO 19650 name: type "${iso.type}"` });
  }

  // "DoC" written so is a declaration of conformity; "Doc", "doc" and "DOC" are a scanner's "document"
  if (/(?:^|[^A-Za-z])(?:EU[-_ ]?)?DoC(?![A-Za-z])/.test(stem))
    out.informationTypes.push({ value: 'declaration_of_conformity', weight: 4, evidence: 'filename says "DoC"' });

  // Discipline codes as tokens of the filename.
  const seen = new Set<string>();
  for (const token of rawTokens(stem)) {
    const code = disciplineAlias(token);
    // "ark" in lower case is also the Norwegian word for a sheet; only the code-like spelling counts.
    if (
      !code ||
      (token === token.toLowerCase() && token.length <= 3 && token !== 'rib' && token !== 'riv' && token !== 'rie')
    )
      continue;
    if (seen.has(code)) continue;
    seen.add(code);
    out.discipline.push({ value: code, weight: 5, evidence: `filename token "${token}"` });
  }

  // Discipline token (+ optional letter) followed by a number group: RIV_36_..., ARK-A-20-001, K7-RIV-V36-2101.
  const disciplineNumber =
    /(?:^|[^A-Za-z0-9])(ARK|LARK|IARK|RIB|RIBR|RIBr|RIG|RIV|RIVA|RIE|RIT|RIAKU|RIAku|RIBYFY|RIByFy|RIEN|RIEn|RIAUT|RIAut)[-_ ]?(?:[A-Z][-_ ]?)?(\d{2,4})(?![0-9])/g;
  for (const m of stem.matchAll(disciplineNumber)) {
    const discipline = disciplineAlias(m[1]!);
    const code = nsCodeFromDigits(m[2]!);
    if (!discipline || !code) continue;
    if (!plausibleFor(discipline, code)) continue;
    out.category.push({
      value: code,
      weight: 3.5,
      evidence: `drawing number "${m[0].replace(/^[^A-Za-z]/, '')}": ${nsLabel(code)}`,
    });
  }

  // Letter-prefixed Norwegian drawing numbers: E-433-001, V-360-02, SVS-A-20-02-010, A21-0101.
  const letterNumber = /(?:^|[-_ ])(VVS|EL|VA|[AKVRELGIW])([-_ ]?)(\d{2,4})(?=[-_ .]|$)/g;
  for (const m of stem.matchAll(letterNumber)) {
    const letter = m[1]!;
    const discipline = DRAWING_LETTERS[letter];
    const code = nsCodeFromDigits(m[3]!);
    const separated = m[2] !== '';
    if (!discipline) continue;
    if (code && plausibleFor(discipline, code)) {
      out.discipline.push({
        value: discipline,
        weight: 3,
        evidence: `drawing number "${letter}${m[2]}${m[3]}": ${letter} = ${discipline}`,
      });
      out.category.push({
        value: code,
        weight: 3,
        evidence: `drawing number "${letter}${m[2]}${m[3]}": ${nsLabel(code)}`,
      });
    } else if (separated && /^\d{3,4}$/.test(m[3]!) && m.index === 0) {
      out.discipline.push({
        value: discipline,
        weight: 2,
        evidence: `drawing number "${letter}${m[2]}${m[3]}": ${letter} = ${discipline}`,
      });
    }
  }
  // E-PL-03-15 (E installation plan), W-PL-02: a letter, then a drawing-type abbreviation.
  const letterPrefix = /^(VVS|EL|[AKVEWL])[-_](PL|PLAN|SN|FA|DE|DET|VD|SK|SCH|SC|TG|PS)(?=[-_ ]|$)/.exec(stem);
  if (letterPrefix) {
    const discipline = DRAWING_LETTERS[letterPrefix[1]!];
    if (discipline)
      out.discipline.push({ value: discipline, weight: 3, evidence: `drawing number prefix "${letterPrefix[0]}"` });
  }

  // Overlapping patterns ("ARK-A21" and "A21") read the same number twice; one drawing number is one vote per code.
  out.category = strongestPerValue(out.category);
  out.discipline = strongestPerValue(out.discipline);

  // TFM system numbers in the name: +360.001-KA001, 433.01, =320.002.
  out.category.push(...tfmSignals(stem, { inName: true, weight: 3.5 }));

  // Code + NS name in the name ("36 Luftbehandling - driftsinstruks").
  out.category.push(...codeWithNameSignals(stem, { weight: 3, where: 'filename' }));

  // Folders: nearer folders say more about the file than the project root.
  folders.forEach((folder, index) => {
    const depth = folders.length - 1 - index;
    const scale = depth === 0 ? 1 : depth === 1 ? 0.8 : 0.6;
    for (const token of rawTokens(folder)) {
      const code = disciplineAlias(token);
      if (!code || (token === token.toLowerCase() && token.length <= 3)) continue;
      out.discipline.push({ value: code, weight: 4 * scale, evidence: `folder "${folder}"` });
    }
    const folderCode = numberedFolderCode(folder);
    if (folderCode)
      out.category.push({ value: folderCode.code, weight: folderCode.weight * scale, evidence: `folder "${folder}"` });
  });

  return out;
}

function strongestPerValue(signals: readonly Signal[]): Signal[] {
  const best = new Map<string, Signal>();
  for (const s of signals) {
    const current = best.get(s.value);
    if (!current || s.weight > current.weight) best.set(s.value, s);
  }
  return [...best.values()];
}

/**
 * "36 Ventilasjon", "310 Sanitæranlegg", "3 VVS": a numbered folder is an NS 3451 code when its name agrees with it.
 * "02 Prosjektering" (leading zero), "50-71 Installations" (a range), "2. Floor plans" (an ordinal) are not.
 */
export function numberedFolderCode(folder: string): { code: string; weight: number } | null {
  const m = /^([2-7]\d{0,3})\.?\s+(\p{L}.*)$/u.exec(folder.trim());
  if (!m) return null;
  const digits = m[1]!;
  const rest = normalizeForMatching(m[2]!);
  const mains = new Set<string>();
  for (const match of vocabularyMatchers().ns.findAll(rest))
    for (const wt of match.payload) if (wt.target.kind === 'ns') mains.add(wt.target.code[0]!);
  const agrees = mains.has(digits[0]!);
  const disagrees = mains.size > 0 && !agrees;
  if (digits.length === 1) return agrees ? { code: digits, weight: 2.5 } : null;
  const code = nsCodeFromDigits(digits);
  if (!code) return null;
  if (disagrees) return { code, weight: 1 };
  return { code, weight: agrees ? 4.5 : 3 };
}

/** TFM system codes: "+360.001-KA001", "=433.01", and in text "360.001" (three-digit serial to avoid prices). */
export function tfmSignals(text: string, options: { inName: boolean; weight: number }): Signal[] {
  const out: Signal[] = [];
  const re = options.inName
    ? /(?<![\d.,])([+=%])?([2-7]\d{2,3})\.(\d{2,3})(?:[-:%]([A-Z]{2})(\d{2,4}))?(?![\d,])/g
    : /(?<![\d.,])([+=%])?([2-7]\d{2,3})\.(\d{3})(?:[-:%]([A-Z]{2})(\d{2,4}))?(?![\d,]|\.\d)/g;
  const seen = new Set<string>();
  for (const m of text.matchAll(re)) {
    const code = nsCodeFromDigits(m[2]!);
    if (!code || seen.has(code)) continue;
    seen.add(code);
    const component = m[4] ? tfmComponent(m[4]) : undefined;
    const what = component ? `, component ${m[4]} ${component.name}` : '';
    out.push({
      value: code,
      weight: options.weight,
      evidence: `TFM tag "${m[0].trim()}" (system ${m[2]} -> ${nsLabel(code)}${what})`,
    });
  }
  return out;
}

/** "43 Lavspent forsyning", "NS 3451: 360", "bygningsdel 36": explicit codes in a name or text. */
export function codeWithNameSignals(text: string, options: { weight: number; where: string }): Signal[] {
  const out: Signal[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/(?:ns\s?3451|bygningsdel)[\s:.-]*([2-7]\d{1,3})\b/giu)) {
    const code = nsCodeFromDigits(m[1]!);
    if (!code || seen.has(code)) continue;
    seen.add(code);
    out.push({
      value: code,
      weight: options.weight + 0.5,
      evidence: `${options.where} says "${m[0].trim()}" (${nsLabel(code)})`,
    });
  }
  for (const m of text.matchAll(/(?:^|[\s(/])([2-7]\d{1,3})\s+(\p{L}[\p{L}-]{2,})/gu)) {
    const code = m[1]!;
    const entry = ns3451Entry(code);
    if (!entry || seen.has(code)) continue;
    const first = entry.nameNo.toLowerCase().split(/[\s,]+/)[0] ?? '';
    if (first.length < 3 || m[2]!.toLowerCase() !== first) continue;
    seen.add(code);
    out.push({
      value: code,
      weight: options.weight,
      evidence: `${options.where} says "${code} ${m[2]}" (${nsLabel(code)})`,
    });
  }
  return out;
}

/**
 * The code-like head of a name, usually its drawing number: "ARK-A-20-001" from "ARK-A-20-001_Plan 1. etasje",
 * "RIV_36_U1" from "RIV_36_U1_Ventilasjon plan U1", "UO106" from "UO106 Plattegrond verdieping 6".
 */
export function leadingCode(stem: string): string | null {
  const first = stem.trim().split(/\s+/)[0] ?? '';
  const parts = first.split('_');
  const codeParts: string[] = [];
  for (const part of parts) {
    if (!/^[A-Z0-9][A-Za-z0-9.-]*$/.test(part) || /[a-z]{2,}/.test(part) || part.length > 20) break;
    codeParts.push(part);
  }
  // A trailing date is the issue date, not part of the number.
  while (codeParts.length > 1 && /^\d{4}-\d{2}-\d{2}$/.test(codeParts[codeParts.length - 1]!)) codeParts.pop();
  const code = codeParts.join('_');
  if (!/[A-Za-z]/.test(code) || !/\d/.test(code)) return null;
  if (/^(IMG|DSC|DSCN|SCAN|PXL|P)[-_]?\d+/i.test(code)) return null;
  if (/[-_.]/.test(code) || /^[A-Z]{1,3}\.?\d{2,4}[A-Z]?$/.test(code)) return code;
  return null;
}

/**
 * A title block's own statements: the drawing number printed on the sheet (parsed like a filename, because scanned
 * or renamed files often carry only that) and a "Fag:" / "Discipline:" line.
 */
export function titleBlockSignals(args: { drawingNumber: string | null; fromName: boolean; text: string }): {
  discipline: Signal[];
  category: Signal[];
} {
  const out: { discipline: Signal[]; category: Signal[] } = { discipline: [], category: [] };
  if (args.drawingNumber && !args.fromName) {
    const parsed = nameConventionSignals({ stem: args.drawingNumber, folders: [] });
    const relabel = (s: Signal): Signal => ({
      ...s,
      weight: s.weight * 0.8,
      evidence: `title block drawing number "${args.drawingNumber}": ${s.evidence}`,
    });
    out.discipline.push(...parsed.discipline.map(relabel));
    out.category.push(...parsed.category.map(relabel));
  }
  const fag = /\b(?:fag|discipline|fagområde)\s*[:.]\s*([\p{L}]{2,20})/iu.exec(args.text);
  if (fag) {
    const word = fag[1]!;
    const code = disciplineAlias(word) ?? DISCIPLINE_WORDS[word.toLowerCase()];
    if (code) out.discipline.push({ value: code, weight: 3.5, evidence: `title block "${fag[0].trim()}"` });
  }
  return out;
}

/** Words a title block uses after "Fag:" for the discipline. */
const DISCIPLINE_WORDS: Record<string, string> = {
  arkitekt: 'ARK',
  architect: 'ARK',
  architectural: 'ARK',
  landskap: 'LARK',
  landskapsarkitekt: 'LARK',
  landscape: 'LARK',
  interiør: 'IARK',
  interiørarkitekt: 'IARK',
  konstruksjon: 'RIB',
  structural: 'RIB',
  bygg: 'RIB',
  vvs: 'RIV',
  rør: 'RIV',
  røyr: 'RIV',
  elektrikar: 'RIE',
  landskapsarkitektur: 'LARK',
  bygningsfysikk: 'RIByFy',
  ventilasjon: 'RIV',
  mechanical: 'RIV',
  elektro: 'RIE',
  elektriker: 'RIE',
  electrical: 'RIE',
  brann: 'RIBr',
  fire: 'RIBr',
  akustikk: 'RIAku',
  acoustics: 'RIAku',
  geoteknikk: 'RIG',
  geotechnical: 'RIG',
};
