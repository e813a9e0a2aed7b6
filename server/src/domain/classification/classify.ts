/**
 * Classifies one extracted document: NS 3451 building category, discipline, information types, drawing facts, each
 * with the signals that decided it. Rules first (names, folders, title blocks, page size, vocabulary), then the owner's
 * own corrections on top (owner-model.ts).
 */
import { decideBuildingCategory } from './building-category.js';
import type { Classification, ClassificationInput, CorrectableField, FieldEvidence } from './classification.types.js';
import { decideDiscipline, disciplineForCategory, nameRoleLetter } from './discipline.js';
import {
  decideAsBuilt,
  decideDrawingType,
  decideIsDrawing,
  drawingDateOf,
  drawingNumberOf,
  drawingRevisionOf,
  floorOf,
  schemaScore,
  titleOf,
} from './drawing.js';
import {
  codeWithNameSignals,
  nameConventionSignals,
  nsLabel,
  tfmSignals,
  titleBlockSignals,
  type Signal,
} from './filename-conventions.js';
import { decideInformationTypes } from './information-types.js';
import { correctionCount, correctionFeatures, suggestFromOwnerModel, type OwnerModel } from './owner-model.js';
import { inferMarket, vocabularySignals, type TextSource } from './text-signals.js';
import { TEXT_MODEL } from './data/text-model.generated.js';
import { modelFeatures, ownerAdaptation, predictField, type Adaptation, type ModelField } from './text-model.js';
import { normalizeForMatching, splitPath } from './tokens.js';

export interface ClassifyOptions {
  /** the building owner's learned model; its corrections win over the rules for similar documents */
  ownerModel?: OwnerModel | null;
}

/** Page text beyond this is not read: a manual's genre and subject are clear from its first pages, and time is capped. */
const MAX_TEXT_CHARS = 40_000;

/** What a discipline says about the building category when nothing more specific does. */
const DISCIPLINE_PRIOR: Record<string, [code: string, weight: number][]> = {
  ARK: [['20', 1.5]],
  IARK: [['2', 1.5]],
  LARK: [['7', 2]],
  RIB: [['22', 1.5]],
  RIByg: [['20', 1.5]],
  RIG: [['21', 1.5]],
  RIV: [['3', 2]],
  RIVA: [['3', 1.5]],
  RIE: [
    ['4', 2],
    ['5', 1],
  ],
  RIT: [['5', 2]],
  RIAut: [['56', 1.5]],
  // Their reports concern the whole building; the parts they mention in passing are not what the report is filed under.
  RIBr: [['20', 3.5]],
  RIAku: [['20', 3.5]],
  RIByFy: [['20', 3.5]],
  RIEn: [['20', 3.5]],
};

/**
 * Documents about the project's organisation mention systems and trades in passing (a supplier list names the
 * ventilation contractor); their page text says little about where they belong.
 */
const TEXT_DAMPING: Record<string, number> = {
  // minutes and offers name every trade and system the project discusses
  meeting_minutes: 0.1,
  offer: 0.3,
  supplier_list: 0.2,
  training_record: 0.4,
  photo_documentation: 0.4,
  // a permit form lists the works it covers; its area of responsibility, where it has one, is read on its own
  permit_documents: 0.2,
  contract: 0.6,
  // whole-building reports name every system they discuss
  fire_strategy: 0.5,
  energy_certificate: 0.5,
  evacuation_plan: 0.5,
};

/** Document genres that imply a category or a discipline when nothing more specific is known. */
const TYPE_CATEGORY_HINTS: Record<string, [code: string, weight: number]> = {
  fire_strategy: ['20', 1.5],
  // independent control of a design discipline concerns the whole building unless it names a part
  independent_control_report: ['20', 2.5],
  evacuation_plan: ['20', 1.5],
  energy_certificate: ['20', 1.5],
  permit_documents: ['20', 2.5],
  lift_documents: ['62', 2],
  circuit_schedule: ['43', 2],
};
const TYPE_DISCIPLINE_HINTS: Record<string, [code: string, weight: number]> = {
  fire_strategy: ['RIBr', 2],
  evacuation_plan: ['RIBr', 2],
  energy_certificate: ['RIEn', 2.5],
  circuit_schedule: ['RIE', 1.5],
  permit_documents: ['ARK', 1.5],
};

/**
 * An energy certificate proper (energiattest, EPC, DEC) is issued to the owner for the property as a whole: no
 * design discipline and no building part. An energy calculation is the energy consultant's, for the whole building.
 */
const ENERGY_CERTIFICATE_PROPER =
  /\b(?:energiattest\w*|energimerk\w*|energy performance certificate|epc|display energy certificate|dec)\b/i;
const ENERGY_CALCULATION = /beregning|berekning|calculation|\bsap\b|\bsbem\b|simien|utredning|utgreiing/i;

/** Genres that belong to no discipline and no building part unless their name says which trade they concern. */
const NO_PART_GENRES = new Set(['meeting_minutes', 'supplier_list', 'training_record', 'contract', 'offer']);
/** Genres that take the trade their name names, and otherwise none: a contract or offer for plumbing is RIV's. */
const TRADE_BY_NAME = new Set(['contract', 'offer']);

/**
 * The project's management documents: health and safety plans, risk analyses of the site, schedules, snagging lists
 * and correspondence concern the works, not a building part or a designer.
 */
const PROJECT_MANAGEMENT =
  /\b(?:building user guide|innholdsfortegnelse|innhaldsliste|table of contents|garantibefaring\w*|ettårsbefaring\w*|soft landings|aftercare plan|sha-?plan\w*|ros-analyse\w*|risiko- og sårbarhetsanalyse\w*|construction phase plan|health and safety plan|(?:hoved|hovud)?f(?:rem|ram)driftsplan\w*|programme|snag(?:ging)? list\w*|snagging|mangelliste\w*|faktura\w*|invoice\w*|residual risks? register|risk register|building log ?book|tm31|asset register|anleggsregister|home user guide|home ?owner'?s? manual|beboerhåndbok\w*|bebuarhandbok\w*|boligmappe\w*|bustadmappe\w*|residents'? (?:guide|handbook|information)|resident'?s'? guide|tenants'? handbook|welcome pack|beboerinformasjon\w*|informasjon til (?:beboere|bebuarar)|bebuarinformasjon\w*)\b/i;
/**
 * A greenhouse gas calculation or whole-life carbon assessment is the environmental consultant's, for the project as
 * a whole: no building part.
 */
const GREENHOUSE_GAS =
  /(?:klimagass\p{L}*|klimaregnskap\p{L}*|greenhouse gas|embodied carbon|whole[- ]life carbon|carbon assessment|co2-ekv\p{L}*)/iu;
/** Room schedules and room data sheets describe every room's finishes and services: the building as a whole. */
const ROOM_SCHEDULE =
  /(?:romskjema|romliste|romdatablad|romoversikt|rom- og utstyrsliste|room data sheet|room schedule)/i;
/** Page text of a permit form that names the one area of responsibility it concerns. */
const AREA_OF_RESPONSIBILITY = /(?:ansvarsområde|ansvarsområdet|area of responsibility)\s*[:.-]?\s*([^\n]{3,120})/i;
/** Words that put a system outdoors, in names, near folders and a document's heading (not "utvendig enhet") */
const OUTDOOR_CUE =
  /(?:^|[^\p{L}])(?:utvendig\p{L}*|utendørs\p{L}*|utandørs\p{L}*|utomhus\p{L}*|uteområde\p{L}*|uteanlegg\p{L}*|uteareal\p{L}*|external|outdoor|outside|snøsmelt\p{L}*|snow melt\p{L}*|kai|quay)(?![\p{L}])/iu;
const NOT_OUTDOOR =
  /utvendig enhet|utvendig del|utedel\p{L}*|outdoor unit\p{L}*|external wall\p{L}*|yttervegg\p{L}*|utvendig kledning|external door\p{L}*|ytterdør\p{L}*/giu;
/** Building systems and their outdoor counterparts in NS 3451 (73x outdoor pipework, 74x power, 75x tele). */
const OUTDOOR_PART: Record<string, string> = {
  '31': '731',
  '32': '732',
  '33': '733',
  '34': '734',
  '36': '736',
  '42': '742',
  '43': '743',
  '44': '744',
  '45': '745',
  '46': '746',
  '52': '752',
  '53': '753',
  '54': '754',
  '55': '755',
  '56': '756',
};
/** Genres a lift's documents take: its permit, EU declaration, inspection reports and log book are lift documents. */
const LIFT_COVERED = new Set([
  'declaration_of_conformity',
  'test_measurement_report',
  'permit_documents',
  'certificate',
  'report',
  'independent_control_report',
]);
/**
 * Verifications of an installation (its checklist, declaration, tests): of the electrical installation they concern its
 * low-voltage supply, 43, as the label conventions say, whatever else the text lists.
 */
const VERIFICATIONS = new Set([
  'self_inspection_checklist',
  'declaration_of_conformity',
  'test_measurement_report',
  'certificate',
  'commissioning_report',
]);
/** Specialists whose folder stands even where the content names a part: their reports are about parts. */
const SPECIALISTS = new Set(['RIBr', 'RIAku', 'RIByFy', 'RIG', 'RIEn', 'RIM']);
/**
 * The parts each designer draws (NS 3451 prefixes): a folder of that designer stands for a document about one of them
 * (a structural engineer's slab drawing stays RIB), and yields for a document about something the designer does not
 * draw (an oil separator in the landscape folder).
 */
const DESIGNS: Record<string, readonly string[]> = {
  ARK: ['2', '70', '71', '72', '76', '77', '79'],
  IARK: ['2'],
  LARK: ['70', '71', '72', '76', '77', '78', '79'],
  RIB: ['21', '22', '23', '24', '25', '26', '28', '72'],
  RIG: ['21', '71'],
  RIV: ['3', '73', '78'],
  RIVA: ['31', '73', '78'],
  RIE: ['4', '5', '74', '75', '78'],
  RIT: ['5', '75'],
  RIAut: ['56', '75'],
};

/** Norwegian folders for the works' health and safety (not the UK health and safety file, which holds the building's) */
const WORKS_SAFETY_FOLDER = /^(?:hms|sha|hms og sha|hms-sha)$/i;
const CORRESPONDENCE_KINDS = new Set(['msg', 'eml']);
/** A letter or an e-mail saved as a document, by its name */
const CORRESPONDENCE_NAME = /^(?:re|sv|fw|fwd|vs|aw)\s*:|^(?:brev|letter|e-?post|e-?mail)\s+(?:til|fra|frå|to|from)\b/i;

function joinedText(input: ClassificationInput): string {
  let text = '';
  for (const page of input.pages) {
    if (text.length >= MAX_TEXT_CHARS) break;
    text += (text ? '\n\f\n' : '') + page.text;
  }
  return text.slice(0, MAX_TEXT_CHARS);
}

function withReason<T extends { code: string; evidence: string[] }>(decision: T, reason: string): T {
  return decision.code === 'MSC' ? { ...decision, evidence: [reason, ...decision.evidence] } : decision;
}

function scaled(signals: readonly Signal[], factor: number): Signal[] {
  return signals.map((s) => ({ ...s, weight: s.weight * factor }));
}

function capPerValue(signals: readonly Signal[], cap: number): Signal[] {
  const used = new Map<string, number>();
  const out: Signal[] = [];
  for (const s of signals) {
    const room = cap - (used.get(s.value) ?? 0);
    if (room <= 0) continue;
    const weight = Math.min(room, s.weight);
    used.set(s.value, (used.get(s.value) ?? 0) + weight);
    out.push({ ...s, weight });
  }
  return out;
}

function sumBy(signals: readonly Signal[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of signals) m.set(s.value, (m.get(s.value) ?? 0) + s.weight);
  return m;
}

function field(value: unknown, confidence: number, evidence: string[]): FieldEvidence {
  return { value, confidence, evidence };
}

/** the extension of a document or drawing file at the end of a name; never evidence of what the document is */
const FILE_EXTENSION_AT_END =
  /\.(?:docx?|docm|xlsx?|xlsm|pptx?|pdf|rtf|odt|ods|odp|vsdx?|msg|eml|txt|md|csv|dwg|dxf|ifc|jpe?g|png|tiff?|zip)$/i;

/** The text model's vote weighs this much at certainty, nothing below MODEL_MIN_PROBABILITY: rules lead, it tips. */
const MODEL_WEIGHT = 1;
const MODEL_MIN_PROBABILITY = 0.6;

type Adaptations = Partial<Record<ModelField, Adaptation | null>>;

/** the text model's vote on one field as a signal, or none when it is unsure or votes for "no value" */
function modelSignal(field: ModelField, features: readonly string[], adaptations: Adaptations): Signal[] {
  const adaptation = adaptations[field] ?? null;
  const vote = predictField(TEXT_MODEL.fields[field], features, adaptation);
  if (!vote || vote.value === 'none' || vote.probability < MODEL_MIN_PROBABILITY) return [];
  const weight = (MODEL_WEIGHT * (vote.probability - MODEL_MIN_PROBABILITY)) / (1 - MODEL_MIN_PROBABILITY);
  const adapted = adaptation ? `, adapted by ${adaptation.corrections} corrections in this owner` : '';
  return [
    {
      value: vote.value,
      weight,
      evidence: `text model ${vote.probability.toFixed(2)} (${vote.because.map((w) => `"${w}"`).join(', ')}${adapted})`,
    },
  ];
}

const firstValue = (value: string | string[]): string => (Array.isArray(value) ? (value[0] ?? '') : value);

/** The owner's corrections, as counts the text model adds to its own for this owner's documents. */
function adaptationsOf(model: OwnerModel | null | undefined): Adaptations {
  if (!model) return {};
  const adapt = (
    field: ModelField,
    examples: OwnerModel['fields'][keyof OwnerModel['fields']],
    map: (v: string) => string = (v) => v,
  ) =>
    ownerAdaptation(
      TEXT_MODEL.fields[field],
      examples.map((e) => ({ value: map(firstValue(e.value)), tokens: e.tokens, count: e.count })),
    );
  return {
    category: adapt('category', model.fields.buildingCategory, (code) =>
      code === 'MSC' ? 'MSC' : code.slice(0, 2).padEnd(2, '0'),
    ),
    discipline: adapt('discipline', model.fields.discipline),
    informationType: adapt('informationType', model.fields.informationTypes),
  };
}

/** What a folder's vote is worth where the content says something else. */
const FOLDER_YIELD = 0.2;

const isFolderSignal = (s: Signal): boolean => s.evidence.startsWith('folder ');
const isTextSignal = (s: Signal): boolean => /^text (?:mentions|says)/.test(s.evidence);
const folderNameOf = (s: Signal): string => /^folder "([^"]*)"/.exec(s.evidence)?.[1] ?? '';
const total = (signals: readonly Signal[]): number => signals.reduce((sum, s) => sum + s.weight, 0);

/** An IFC file's entity names say which systems it holds, not how much of each: one vote per two-digit part. */
function capIfcEntities(signals: readonly Signal[]): Signal[] {
  const used = new Map<string, number>();
  return signals.map((s) => {
    if (!/^text mentions "ifc/.test(s.evidence)) return s;
    const key = s.value.slice(0, 2);
    const room = Math.max(0, 1.5 - (used.get(key) ?? 0));
    const weight = Math.min(room, s.weight);
    used.set(key, (used.get(key) ?? 0) + weight);
    return { ...s, weight };
  });
}

/**
 * Page text that states three or more NS 3451 parts ("23 Yttervegger", "26 Yttertak", "31 Sanitær") is a list (a
 * table of contents, a maintenance plan): it spans them, and no one of them is the document's.
 */
function listedCodes(signals: Signal[]): Signal[] {
  const parts = new Set(signals.map((s) => s.value.slice(0, 2)));
  return parts.size >= 3 ? scaled(signals, 0.3) : signals;
}

/** What a building part named beside a technical system is worth: it says where the system is. */
const PLACE_WEIGHT = 0.5;

function systemOverPlace(signals: readonly Signal[]): Signal[] {
  const named = (s: Signal) => /^(?:filename|title) mentions/.test(s.evidence);
  const system = signals.some((s) => named(s) && /^[345]\d/.test(s.value) && s.weight >= 2.5);
  const place = signals.some((s) => named(s) && /^2[1-9]/.test(s.value));
  if (!system || !place) return [...signals];
  return signals.map((s) =>
    /^2[1-9]/.test(s.value) && !isFolderSignal(s)
      ? { ...s, weight: s.weight * PLACE_WEIGHT, evidence: `${s.evidence} (where the system is)` }
      : s,
  );
}

/**
 * A name that says only the main part ("Teknisk beskrivelse elektro", "VVS-beskrivelse") over text that names several
 * of its parts is about the main part as a whole: a weaker runner-up already makes it general.
 */
function mainPartOnly(signals: readonly Signal[]): boolean {
  const named = signals.filter((s) => /^(?:filename|title) mentions/.test(s.evidence));
  return named.length > 0 && named.every((s) => s.value.length === 1);
}

/** A name that names two systems of one technical main part ("Small power and lighting layout") spans them. */
function namesTwoParts(signals: readonly Signal[]): boolean {
  const named = signals.filter((s) => /^(?:filename|title) mentions/.test(s.evidence) && s.weight >= 2.5);
  const parts = new Set(named.filter((s) => /^[345]\d/.test(s.value)).map((s) => s.value.slice(0, 2)));
  return [...parts].some((p) => [...parts].some((q) => q !== p && q[0] === p[0]));
}

/** The word that puts the document outdoors: in its name, title, nearest folders or the first lines of its text. */
function outdoorCueOf(parts: { stem: string; folders: readonly string[] }, title: string, text: string): string | null {
  const heading = text.split('\n').slice(0, 2).join(' ').slice(0, 160);
  for (const source of [parts.stem, title, ...parts.folders.slice(-2), heading]) {
    const cleaned = normalizeForMatching(source, { splitCamelCase: true }).replace(NOT_OUTDOOR, ' ');
    const m = OUTDOOR_CUE.exec(cleaned);
    if (m) return m[0].trim();
  }
  return null;
}

/** Category signals of building systems moved to their outdoor counterparts (a folder's keep what the folder says). */
function outdoors(signals: readonly Signal[], cue: string): Signal[] {
  return signals.map((s) => {
    const outdoor = /^[345]/.test(s.value) && !isFolderSignal(s) ? OUTDOOR_PART[s.value.slice(0, 2)] : undefined;
    return outdoor ? { ...s, value: outdoor, evidence: `${s.evidence}, outdoors ("${cue}"): ${nsLabel(outdoor)}` } : s;
  });
}

/**
 * Where the folders claim one part and the content (name, title, page text) another, with nothing in the content for
 * the folders' part, the content decides: the folders' votes shrink. The content's part and the reason, or null.
 */
function contentOverFolder(
  signals: readonly Signal[],
  /** the discipline the content (not the folders) names most, if any */
  contentDiscipline: string | null,
): { content: string; evidence: string } | null {
  const folder = signals.filter(isFolderSignal);
  if (folder.length === 0) return null;
  const content = signals.filter((s) => !isFolderSignal(s) && s.weight > 0);
  const byCode = (list: readonly Signal[]) => {
    const m = new Map<string, number>();
    for (const s of list) {
      const key = s.value.length === 1 ? s.value : s.value.slice(0, 2);
      m.set(key, (m.get(key) ?? 0) + s.weight);
    }
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };
  const [claim] = byCode(folder);
  // the content's strongest part, or its main part when it names no part ("elektrisk anlegg")
  const ranked = byCode(content);
  const top = ranked.find(([code]) => code.length === 2) ?? ranked[0];
  if (!claim || !top || top[0] === claim[0]) return null;
  // content in the name or title may outweigh a stronger folder; page text alone must outweigh it outright
  // content in the name or title, or page text whose trade agrees with its part, may outweigh a stronger folder; page
  // text alone must come close to it
  const named = content.some((s) => s.value.startsWith(top[0]) && !isTextSignal(s));
  const agreeing = contentDiscipline !== null && disciplineForCategory(`${top[0]}0`.slice(0, 2)) === contentDiscipline;
  const needed = named ? Math.max(3, 0.6 * claim[1]) : Math.max(1.5, (agreeing ? 0.5 : 0.75) * claim[1]);
  if (top[1] < needed) return null;
  const general = claim[0].length === 1 || claim[0].endsWith('0');
  // a general folder ("VVS", "Utomhus") and a more specific part of the same main part do not disagree
  if (general && claim[0][0] === top[0][0]) return null;
  const support = total(
    content.filter((s) =>
      general ? s.value[0] === claim[0][0] : s.value.startsWith(claim[0]) || s.value === claim[0][0],
    ),
  );
  if (support >= 1) return null;
  const where = folderNameOf(folder.find((s) => s.value.startsWith(claim[0])) ?? folder[0]!);
  return {
    content: top[0],
    evidence: `the content (${nsLabel(top[0])}) outweighs folder "${where}" (${nsLabel(claim[0])})`,
  };
}

/**
 * Where the folders name one discipline and the part the content decided belongs to another, with nothing but the
 * folders for theirs, the part's discipline decides: the discipline that does, and the reason, or null. A
 * specialist's own folder (RIBr, RIAku ...) stands: its reports are about parts.
 */
function folderDisciplineYields(
  disciplineSignals: readonly Signal[],
  category: { code: string },
  categorySignals: readonly Signal[],
  folders: readonly string[],
): { discipline: string; evidence: string } | null {
  if (category.code === 'MSC' || /^\d0$/.test(category.code)) return null;
  const implied = disciplineForCategory(category.code);
  const fromFolders = disciplineSignals.filter(isFolderSignal);
  if (!implied || fromFolders.length === 0) return null;
  const [lead] = [...sumBy(fromFolders).entries()].sort((a, b) => b[1] - a[1]);
  if (!lead || lead[0] === implied) return null;
  const code = lead[0];
  if (SPECIALISTS.has(code) && folders.some((f) => new RegExp(`(?:^|[^a-z])${code}(?:$|[^a-z])`, 'i').test(f)))
    return null;
  if ((DESIGNS[code] ?? []).some((prefix) => category.code.startsWith(prefix))) return null;
  const otherwise = disciplineSignals.filter(
    (s) => !isFolderSignal(s) && s.value === code && !s.evidence.startsWith('text model'),
  );
  if (total(otherwise) >= 1) return null;
  const prefix = category.code.slice(0, 2);
  const content = categorySignals.filter(
    (s) =>
      !isFolderSignal(s) &&
      s.value.startsWith(prefix) &&
      !/^(?:discipline |information type|text model|a room schedule)/.test(s.evidence),
  );
  if (total(content) < 1.5) return null;
  const where = folderNameOf(fromFolders.find((s) => s.value === code) ?? fromFolders[0]!);
  return {
    discipline: implied,
    evidence: `the content (${nsLabel(category.code)}) outweighs folder "${where}" (${code})`,
  };
}

export function classifyDocument(input: ClassificationInput, options?: ClassifyOptions): Classification {
  const parts = splitPath(input.filename, input.originalPath);
  const attributes = input.attributes ?? {};
  // a title that is a file name ("Dokument (3).doc") says nothing by its extension: "doc" is not a declaration
  const title = (input.title ?? '').replace(FILE_EXTENSION_AT_END, '');
  const text = joinedText(input);

  // ---- conventions in names and folders
  const names = nameConventionSignals({ stem: parts.stem, folders: parts.folders });

  // ---- drawing or not, schematic, as-built
  const blockTitle = Object.entries(attributes)
    .filter(([tag]) => /^(tittel|title|tegningstittel|drawing_?title|benevnelse)$/i.test(tag))
    .map(([, v]) => v)
    .join(' / ');
  const titles = [title, blockTitle].filter(Boolean).join(' / ');
  const schema = schemaScore({ stem: parts.stem, title: titles, text });
  const isDrawing = decideIsDrawing({ input, parts, iso: names.iso, schemaScore: schema.score, text });
  const isSchema = isDrawing.value && schema.score >= 3;
  const asBuilt = decideAsBuilt({ parts, title, text, iso: names.iso, attributes });
  const drawingType = isDrawing.value ? decideDrawingType({ stem: parts.stem, title: titles, text, isSchema }) : null;

  const drawingNumber = isDrawing.value
    ? drawingNumberOf({ attributes, text, iso: names.iso, stem: parts.stem })
    : null;
  // A number the name already carries has been read once; reading it again from the title block would count twice.
  const numberFromName =
    drawingNumber !== null &&
    (/^(name |ISO)/.test(drawingNumber.evidence[0] ?? '') ||
      (drawingNumber.value !== null && parts.stem.includes(drawingNumber.value)));
  const titleBlock = isDrawing.value
    ? titleBlockSignals({ drawingNumber: drawingNumber?.value ?? null, fromName: numberFromName, text })
    : { discipline: [], category: [] };

  // ---- vocabulary: names count more than page text; a drawing's text is mostly labels, so it counts less still
  const nameSources: TextSource[] = [{ kind: 'filename', text: parts.stem, multiplier: 1.6 }];
  const folderWeights = [1.2, 0.9, 0.6, 0.45];
  parts.folders
    .slice(-4)
    .reverse()
    .forEach((folder, i) =>
      nameSources.push({ kind: 'folder', text: folder, label: folder, multiplier: folderWeights[i] ?? 0.4 }),
    );
  if (title) nameSources.push({ kind: 'title', text: title, multiplier: 1.3 });
  for (const [tag, value] of Object.entries(attributes)) {
    if (/^(tittel|title|tegningstittel|drawing_?title|benevnelse|fag|discipline|status)$/i.test(tag))
      nameSources.push({ kind: 'attribute', text: value, label: tag, multiplier: 1.2 });
  }
  // A permit form for one area of responsibility says which in a field of its own; that field names its trade.
  const area = AREA_OF_RESPONSIBILITY.exec(text.slice(0, 3000));
  if (area?.[1]) nameSources.push({ kind: 'field', text: area[1], label: 'area of responsibility', multiplier: 1.3 });
  const nameVocabulary = vocabularySignals(nameSources);
  const textVocabulary = vocabularySignals([
    {
      kind: 'text',
      text,
      multiplier: isDrawing.value ? 0.5 : 0.9,
      bodyMultiplier: isDrawing.value ? 0.2 : 0.4,
      headLength: 500,
    },
  ]);

  // ---- the text model's votes (never for a model file's or a drawing's type: those are decided by what they are)
  const features = modelFeatures(input);
  const adaptations = adaptationsOf(options?.ownerModel);

  // ---- information types first: their genre hints feed category and discipline
  const typeSignals: Signal[] = [
    ...names.informationTypes,
    ...nameVocabulary.types,
    ...textVocabulary.types,
    ...modelSignal('informationType', features, adaptations),
  ];
  const types = decideInformationTypes({
    signals: typeSignals,
    fileKind: input.fileKind,
    extension: parts.extension,
    isDrawing: isDrawing.value,
    asBuilt: asBuilt.value,
    isSchema,
  });
  const typeScores = sumBy(typeSignals);
  const nameLine = [parts.stem, title].join(' ');
  const energyCertificate =
    types.primary === 'energy_certificate' &&
    ENERGY_CERTIFICATE_PROPER.test(`${nameLine}\n${text.slice(0, 300)}`) &&
    !ENERGY_CALCULATION.test(nameLine);
  // correspondence is about whatever its subject line says, and files under none of it
  const letter = CORRESPONDENCE_NAME.test(parts.stem.trim());
  const correspondence = CORRESPONDENCE_KINDS.has(input.fileKind) || letter;
  if (letter) {
    types.primary = null;
    types.all = [];
    types.evidence = ['a letter by its name: correspondence, of no information type'];
  }
  const management =
    PROJECT_MANAGEMENT.test(nameLine) ||
    correspondence ||
    parts.folders.some((folder) => WORKS_SAFETY_FOLDER.test(folder.trim()));
  const greenhouseGas = GREENHOUSE_GAS.test(nameLine);
  const roomSchedule = ROOM_SCHEDULE.test(nameLine);
  const tradeNamed =
    [...names.discipline, ...nameVocabulary.discipline].some(
      (s) => /^(?:filename|title)/.test(s.evidence) && s.weight >= 2,
    ) || [...names.category, ...nameVocabulary.ns].some((s) => !isFolderSignal(s) && s.weight >= 2.5);
  const noPart =
    energyCertificate ||
    management ||
    greenhouseGas ||
    (types.primary !== null && NO_PART_GENRES.has(types.primary) && !(TRADE_BY_NAME.has(types.primary) && tradeNamed));
  const damping = energyCertificate ? 0 : roomSchedule ? 0.3 : types.primary ? (TEXT_DAMPING[types.primary] ?? 1) : 1;
  const textNs = scaled(textVocabulary.ns, damping);
  // Trades named in running text are mostly boilerplate ("skal utføres av elektriker"): weak, and capped per trade.
  const textDiscipline = capPerValue(scaled(textVocabulary.discipline, 0.3 * damping), 2);

  // ---- discipline evidence without the category
  const disciplineSignals: Signal[] = [
    ...names.discipline,
    ...titleBlock.discipline,
    ...nameVocabulary.discipline,
    ...textDiscipline,
    ...modelSignal('discipline', features, adaptations),
  ];
  for (const [type, [code, weight]] of Object.entries(TYPE_DISCIPLINE_HINTS)) {
    if (energyCertificate && type === 'energy_certificate') continue;
    if ((typeScores.get(type) ?? 0) >= 3 && (types.all.includes(type) || types.primary === type))
      disciplineSignals.push({ value: code, weight, evidence: `information type ${type}` });
  }
  if (roomSchedule) disciplineSignals.push({ value: 'ARK', weight: 2, evidence: "a room schedule (the architect's)" });

  // ---- category evidence from the document itself and its folders
  let categorySignals: Signal[] = [
    ...names.category,
    ...titleBlock.category,
    ...nameVocabulary.ns,
    ...(input.fileKind === 'ifc' ? capIfcEntities(textNs) : textNs),
    ...scaled(tfmSignals(text, { inName: false, weight: isDrawing.value ? 1.5 : 2 }), damping),
    ...scaled(listedCodes(codeWithNameSignals(text, { weight: 2.5, where: 'text' })), damping),
  ];
  // A name that names a technical system and the building part it sits in ("Varmekabel rampe", "Lys trapperom") is
  // about the system: the part is where it is.
  categorySignals = systemOverPlace(categorySignals);
  // Outdoors, a building system is its outdoor counterpart: outdoor lighting 744, snow melting cables 745 ...
  const outdoorCue = outdoorCueOf(parts, title, text);
  if (outdoorCue) categorySignals = outdoors(categorySignals, outdoorCue);
  // Where the folder and the content disagree, the content decides.
  const [contentDiscipline] = [
    ...sumBy(
      [...names.discipline, ...nameVocabulary.discipline, ...textVocabulary.discipline].filter(
        (s) => !isFolderSignal(s),
      ),
    ).entries(),
  ]
    .filter(([, w]) => w >= 2)
    .sort((a, b) => b[1] - a[1]);
  const folderYields = contentOverFolder(categorySignals, contentDiscipline?.[0] ?? null);
  if (folderYields) {
    categorySignals = categorySignals.map((s) => (isFolderSignal(s) ? { ...s, weight: s.weight * FOLDER_YIELD } : s));
    for (const [i, s] of disciplineSignals.entries())
      if (isFolderSignal(s)) disciplineSignals[i] = { ...s, weight: s.weight * FOLDER_YIELD };
  }
  categorySignals.push(...modelSignal('category', features, adaptations).filter((s) => s.value !== 'MSC'));
  const disciplineTotals = [...sumBy(disciplineSignals).entries()].sort((a, b) => b[1] - a[1]);
  // An explicit code in the name ("RIV-7370", "36 Ventilasjon") makes the discipline's usual part a side issue.
  const explicitName = [...names.category, ...nameVocabulary.ns].some((s) => s.weight >= 3);
  const [leadDiscipline, runnerUp] = disciplineTotals;
  if (leadDiscipline && leadDiscipline[1] >= 2) {
    const share = leadDiscipline[1] / (leadDiscipline[1] + (runnerUp?.[1] ?? 0));
    // a model of one discipline holds that discipline's groups: its general part (20, 30, 40) unless it names one
    const factor = types.primary === 'model' ? 1.5 : share * (explicitName ? 0.5 : 1);
    for (const [code, weight] of DISCIPLINE_PRIOR[leadDiscipline[0]] ?? [])
      categorySignals.push({
        value: code,
        weight: weight * factor,
        evidence: `discipline ${leadDiscipline[0]} usually files under ${code}`,
      });
    // A plan, section or elevation by the architect is a general-arrangement drawing of the building.
    if (leadDiscipline[0] === 'ARK' && drawingType && ['plan', 'section', 'elevation'].includes(drawingType.value))
      categorySignals.push({
        value: '20',
        weight: 2,
        evidence: `architect's ${drawingType.value} drawing (general arrangement)`,
      });
  }
  // A plan, section or elevation that names no trade at all is the architect's general arrangement; so is a drawing
  // that names nothing (a scanned sheet).
  const namesNothing = categorySignals.every((s) => s.weight < 0.5) && !leadDiscipline;
  if (
    (!leadDiscipline || leadDiscipline[1] < 2) &&
    drawingType &&
    (['plan', 'section', 'elevation'].includes(drawingType.value) || namesNothing)
  ) {
    const evidence = namesNothing
      ? "a drawing that names nothing (the architect's general arrangement)"
      : `a ${drawingType.value} drawing that names no trade (the architect's general arrangement)`;
    disciplineSignals.push({ value: 'ARK', weight: 2, evidence });
    categorySignals.push({ value: '20', weight: 2, evidence });
  }
  if (roomSchedule) categorySignals.push({ value: '20', weight: 2.5, evidence: 'a room schedule (every room)' });
  const primaryHint = types.primary && !energyCertificate ? TYPE_CATEGORY_HINTS[types.primary] : undefined;
  if (primaryHint && types.primary)
    categorySignals.push({
      value: primaryHint[0],
      weight: primaryHint[1],
      evidence: `information type ${types.primary}`,
    });
  // A genre that belongs to no part keeps only what its name says (a "Serviceavtale ventilasjon" is about 36).
  const category = noPart
    ? withReason(
        decideBuildingCategory(
          correspondence ? [] : categorySignals.filter((s) => !s.evidence.startsWith('text') && s.weight >= 2.5),
        ),
        energyCertificate
          ? 'an energy certificate concerns no building part'
          : management
            ? "a document of the project's management concerns no building part"
            : greenhouseGas
              ? 'a greenhouse gas calculation concerns the project, no building part'
              : `${(types.primary ?? '').replace(/_/g, ' ')} concerns no building part`,
      )
    : decideBuildingCategory(categorySignals, {
        spanRatio: namesTwoParts(categorySignals)
          ? 0.3
          : mainPartOnly(categorySignals) && !VERIFICATIONS.has(types.primary ?? '')
            ? 0.4
            : undefined,
        preferSpecific: !isDrawing.value,
      });
  if (folderYields && !noPart) category.evidence.unshift(folderYields.evidence);
  // A verification of the electrical installation as a whole (its declaration, checklist, test) files under its
  // low-voltage supply, 43, as the label conventions say.
  if (category.code === '40' && types.primary !== null && VERIFICATIONS.has(types.primary)) {
    category.code = '43';
    category.evidence.unshift(`a ${types.primary.replace(/_/g, ' ')} of the electrical installation files under 43`);
  }

  // ---- the content's part decides the discipline over a folder that says otherwise
  const disciplineYields = folderDisciplineYields(disciplineSignals, category, categorySignals, parts.folders);
  if (disciplineYields) {
    for (const [i, s] of disciplineSignals.entries())
      if (isFolderSignal(s)) disciplineSignals[i] = { ...s, weight: s.weight * FOLDER_YIELD };
  }
  // Equipment no designer draws (lifts, dock levellers, book sorters: 6x) has no discipline unless its name states one.
  const noDesigner = category.code.startsWith('6');
  // A lift's permit, declaration, inspection reports and log book are its lift documents.
  if (
    category.code.startsWith('62') &&
    types.primary !== null &&
    LIFT_COVERED.has(types.primary) &&
    (typeScores.get('lift_documents') ?? 0) > 0
  ) {
    const was = types.primary;
    types.primary = 'lift_documents';
    types.all = ['lift_documents', ...types.all.filter((t) => t !== 'lift_documents')];
    types.evidence = [`a lift's ${was.replace(/_/g, ' ')} is a lift document`, ...types.evidence];
  }

  // ---- market and discipline
  const market = inferMarket({
    explicit: input.market ?? null,
    isoName: names.iso !== null,
    path: [...parts.folders, parts.filename].join('/'),
    text,
  });
  const discipline = decideDiscipline({
    signals: correspondence
      ? []
      : noPart
        ? disciplineSignals.filter((s) => /^(filename|title|ISO)/.test(s.evidence))
        : noDesigner
          ? disciplineSignals.filter((s) => /^(filename token|ISO)/.test(s.evidence))
          : disciplineSignals,
    category,
    market: market.market,
    marketGiven: Boolean(input.market),
    iso: names.iso,
    nameRole: nameRoleLetter(parts.stem),
  });
  // The fire engineer's drawings are fire drawings (the catalogue's fire_strategy holds "branntegninger").
  if (isDrawing.value && discipline.norwegian === 'RIBr' && types.primary === 'drawing') {
    types.primary = 'fire_strategy';
    types.all = ['fire_strategy', ...types.all];
    types.evidence = ["a fire engineer's drawing (branntegning)", ...types.evidence];
  }
  if (disciplineYields && discipline.norwegian === disciplineYields.discipline)
    discipline.evidence.unshift(disciplineYields.evidence);
  if (noDesigner && discipline.value === null)
    discipline.evidence = [`${nsLabel(category.code)}: equipment no designer draws`, ...discipline.evidence];

  // ---- drawing metadata (drawings only)
  const drawingRevision = isDrawing.value ? drawingRevisionOf({ attributes, text, stem: parts.stem }) : null;
  const drawingDate = isDrawing.value ? drawingDateOf({ attributes, text, stem: parts.stem }) : null;
  const floor = isDrawing.value ? floorOf({ iso: names.iso, stem: parts.stem, title, attributes, text }) : null;
  const docTitle = titleOf({ input, parts, attributes, text, isDrawing: isDrawing.value, iso: names.iso });

  const result: Classification = {
    buildingCategory: category.code,
    discipline: discipline.value,
    informationType: types.primary,
    informationTypes: types.all,
    isDrawing: isDrawing.value,
    isSchemaDrawing: isSchema,
    asBuilt: asBuilt.value,
    drawingNumber: drawingNumber?.value ?? null,
    drawingRevision: drawingRevision?.value ?? null,
    drawingType: drawingType?.value ?? null,
    drawingDate: drawingDate?.value ?? null,
    floor: floor?.value ?? null,
    title: docTitle.value,
    evidence: {
      buildingCategory: field(category.code, category.confidence, category.evidence),
      discipline: field(discipline.value, discipline.confidence, [
        ...discipline.evidence,
        ...(market.market === 'UK' ? market.evidence.map((e) => `UK-style: ${e}`) : []),
      ]),
      informationType: field(types.primary, types.confidence, types.evidence),
      informationTypes: field(
        types.all,
        types.confidence,
        types.allEvidence.length ? types.allEvidence : types.evidence,
      ),
      isDrawing: field(isDrawing.value, isDrawing.confidence, isDrawing.evidence),
      isSchemaDrawing: field(
        isSchema,
        isDrawing.value ? Math.min(0.95, 0.5 + Math.abs(schema.score) / 10) : isDrawing.confidence,
        isSchema ? schema.evidence : [],
      ),
      asBuilt: field(asBuilt.value, asBuilt.confidence, asBuilt.evidence),
      title: field(docTitle.value, docTitle.confidence, docTitle.evidence),
    },
  };
  if (drawingType) result.evidence.drawingType = field(drawingType.value, drawingType.confidence, drawingType.evidence);
  if (drawingNumber?.value)
    result.evidence.drawingNumber = field(drawingNumber.value, drawingNumber.confidence, drawingNumber.evidence);
  if (drawingRevision?.value)
    result.evidence.drawingRevision = field(
      drawingRevision.value,
      drawingRevision.confidence,
      drawingRevision.evidence,
    );
  if (drawingDate?.value)
    result.evidence.drawingDate = field(drawingDate.value, drawingDate.confidence, drawingDate.evidence);
  if (floor?.value) result.evidence.floor = field(floor.value, floor.confidence, floor.evidence);

  if (options?.ownerModel) applyOwnerModel(result, input, options.ownerModel);
  return result;
}

/**
 * Lets the owner's corrections decide where similar documents were corrected before. The rule evidence stays in the
 * list (after the learned line), so a person can always see what the rules thought.
 */
function applyOwnerModel(result: Classification, input: ClassificationInput, model: OwnerModel): void {
  const features = correctionFeatures(input);
  const fields: CorrectableField[] = ['buildingCategory', 'discipline', 'informationTypes'];
  for (const name of fields) {
    const suggestion = suggestFromOwnerModel(model, name, features);
    if (!suggestion) continue;
    const plural = suggestion.corrections === 1 ? 'correction' : 'corrections';
    const learned = `learned from ${suggestion.corrections} ${plural} in this owner`;
    const total = correctionCount(model, name);
    // the similar documents are not named: they may lie in a building or a private folder this document's readers
    // cannot see, and their names and folders would show through here
    const detail = `${total} ${name} corrections in this owner`;

    if (name === 'informationTypes') {
      const list = Array.isArray(suggestion.value) ? suggestion.value : [suggestion.value];
      const before = result.evidence.informationTypes;
      const beforePrimary = result.evidence.informationType;
      const agrees = JSON.stringify(list) === JSON.stringify(result.informationTypes);
      result.informationTypes = list;
      result.informationType = list[0] ?? null;
      result.evidence.informationTypes = field(
        list,
        Math.max(suggestion.confidence, agrees ? (before?.confidence ?? 0) : 0),
        [
          learned,
          detail,
          ...(agrees ? [] : [`rules said ${JSON.stringify(before?.value ?? null)}`]),
          ...(before?.evidence ?? []).map((e) => `rules: ${e}`),
        ],
      );
      result.evidence.informationType = field(result.informationType, suggestion.confidence, [
        learned,
        ...(beforePrimary?.evidence ?? []).map((e) => `rules: ${e}`),
      ]);
      continue;
    }

    const value = Array.isArray(suggestion.value) ? (suggestion.value[0] ?? null) : suggestion.value;
    if (value === null) continue;
    const before = result.evidence[name];
    const agrees = before?.value === value;
    if (name === 'buildingCategory') result.buildingCategory = value;
    else result.discipline = value;
    result.evidence[name] = field(
      value,
      agrees ? Math.max(suggestion.confidence, before?.confidence ?? 0) : suggestion.confidence,
      [
        learned,
        detail,
        ...(agrees ? [] : [`rules said ${JSON.stringify(before?.value ?? null)}`]),
        ...(before?.evidence ?? []).map((e) => `rules: ${e}`),
      ],
    );
  }
}
