/**
 * Classifies one extracted document: NS 3451 building category, discipline, information types, drawing facts, each
 * with the signals that decided it. Rules first (names, folders, title blocks, page size, vocabulary), then the owner's
 * own corrections on top (owner-model.ts).
 */
import { decideBuildingCategory } from './building-category.js';
import type { Classification, ClassificationInput, CorrectableField, FieldEvidence } from './classification.types.js';
import { decideDiscipline } from './discipline.js';
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
  tfmSignals,
  titleBlockSignals,
  type Signal,
} from './filename-conventions.js';
import { decideInformationTypes } from './information-types.js';
import { correctionCount, correctionFeatures, suggestFromOwnerModel, type OwnerModel } from './owner-model.js';
import { inferMarket, vocabularySignals, type TextSource } from './text-signals.js';
import { TEXT_MODEL } from './data/text-model.generated.js';
import { modelFeatures, ownerAdaptation, predictField, type Adaptation, type ModelField } from './text-model.js';
import { splitPath } from './tokens.js';

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
  RIBr: [['20', 2.5]],
  RIAku: [['20', 2.5]],
  RIByFy: [['20', 2.5]],
  RIEn: [['20', 2.5]],
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
  permit_documents: 0.5,
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
  independent_control_report: ['20', 1.5],
  evacuation_plan: ['20', 1.5],
  energy_certificate: ['20', 1.5],
  permit_documents: ['20', 1.5],
  lift_documents: ['62', 2],
  circuit_schedule: ['43', 2],
};
const TYPE_DISCIPLINE_HINTS: Record<string, [code: string, weight: number]> = {
  fire_strategy: ['RIBr', 2],
  evacuation_plan: ['RIBr', 2],
  energy_certificate: ['RIEn', 2.5],
  circuit_schedule: ['RIE', 1.5],
  lift_documents: ['RIE', 1],
  permit_documents: ['ARK', 1.5],
};

/**
 * An energy certificate proper (energiattest, EPC, DEC) is issued to the owner for the property as a whole: no
 * design discipline and no building part. An energy calculation is the energy consultant's, for the whole building.
 */
const ENERGY_CERTIFICATE_PROPER =
  /\b(?:energiattest\w*|energimerk\w*|energy performance certificate|epc|display energy certificate|dec)\b/i;
const ENERGY_CALCULATION = /beregning|calculation|\bsap\b|\bsbem\b|simien|utredning/i;

/** Genres that belong to no discipline and no building part unless their name says which trade they concern. */
const NO_PART_GENRES = new Set(['meeting_minutes', 'supplier_list', 'training_record']);

/**
 * The project's management documents: health and safety plans, risk analyses of the site, schedules, snagging lists
 * and correspondence concern the works, not a building part or a designer.
 */
const PROJECT_MANAGEMENT =
  /\b(?:sha-?plan\w*|ros-analyse\w*|risiko- og sårbarhetsanalyse\w*|construction phase plan|health and safety plan|(?:hoved)?fremdriftsplan\w*|programme|snag(?:ging)? list\w*|snagging|mangelliste\w*|faktura\w*|invoice\w*|residual risks? register|risk register|building log ?book|tm31|asset register|anleggsregister|home user guide|home ?owner'?s? manual|beboerhåndbok\w*|boligmappe\w*)\b/i;
/** Norwegian folders for the works' health and safety (not the UK health and safety file, which holds the building's) */
const WORKS_SAFETY_FOLDER = /^(?:hms|sha|hms og sha|hms-sha)$/i;
const CORRESPONDENCE_KINDS = new Set(['msg', 'eml']);

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
  const correspondence = CORRESPONDENCE_KINDS.has(input.fileKind);
  const management =
    PROJECT_MANAGEMENT.test(nameLine) ||
    correspondence ||
    parts.folders.some((folder) => WORKS_SAFETY_FOLDER.test(folder.trim()));
  const noPart = energyCertificate || management || (types.primary !== null && NO_PART_GENRES.has(types.primary));
  const damping = energyCertificate ? 0 : types.primary ? (TEXT_DAMPING[types.primary] ?? 1) : 1;
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
  const disciplineTotals = [...sumBy(disciplineSignals).entries()].sort((a, b) => b[1] - a[1]);

  // ---- category evidence, plus the leading discipline's usual part as a weak prior
  const categorySignals: Signal[] = [
    ...names.category,
    ...titleBlock.category,
    ...nameVocabulary.ns,
    ...textNs,
    ...scaled(tfmSignals(text, { inName: false, weight: isDrawing.value ? 1.5 : 2 }), damping),
    ...scaled(codeWithNameSignals(text, { weight: 2.5, where: 'text' }), damping),
    ...modelSignal('category', features, adaptations).filter((s) => s.value !== 'MSC'),
  ];
  // An explicit code in the name ("RIV-7370", "36 Ventilasjon") makes the discipline's usual part a side issue.
  const explicitName = [...names.category, ...nameVocabulary.ns].some((s) => s.weight >= 3);
  const [leadDiscipline, runnerUp] = disciplineTotals;
  if (leadDiscipline && leadDiscipline[1] >= 2) {
    const share = leadDiscipline[1] / (leadDiscipline[1] + (runnerUp?.[1] ?? 0));
    const factor = share * (explicitName ? 0.5 : 1);
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
  // A plan, section or elevation that names no trade at all is the architect's general arrangement.
  if (
    (!leadDiscipline || leadDiscipline[1] < 2) &&
    drawingType &&
    ['plan', 'section', 'elevation'].includes(drawingType.value)
  ) {
    const evidence = `a ${drawingType.value} drawing that names no trade (the architect's general arrangement)`;
    disciplineSignals.push({ value: 'ARK', weight: 2, evidence });
    categorySignals.push({ value: '20', weight: 2, evidence });
  }
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
            : `${(types.primary ?? '').replace(/_/g, ' ')} concerns no building part`,
      )
    : decideBuildingCategory(categorySignals);

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
        : disciplineSignals,
    category,
    market: market.market,
    marketGiven: Boolean(input.market),
    iso: names.iso,
  });

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
    const detail = `similar corrected documents: ${suggestion.similarTo.map((s) => `"${s}"`).join(', ')} (${total} ${name} corrections in this owner)`;

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
