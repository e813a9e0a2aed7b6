import type { TFunction } from 'i18next';

/**
 * The classifier's signals in the person's words. The service sends each signal with a stable code and what it found
 * (`{ code: 'filename_token', params: { token: 'ARK' } }`); each code is said here from the translations, with ids,
 * NS 3451 parts and disciplines by name.
 */
export interface Names {
  type: (id: string) => string;
  category: (code: string) => string;
  discipline: (code: string) => string;
  isType: (id: string) => boolean;
}

/** one signal as the service sends it: a stable code, what it found, and its own English phrase */
export interface Signal {
  code: string;
  params: Record<string, string | number | boolean>;
  text: string;
}

type Params = Signal['params'];
type Say = (p: Params, t: TFunction, names: Names) => string | null;

const DRAWING_TYPES = new Set(['plan', 'section', 'elevation', 'detail', 'site', 'schematic', 'other']);
/** where the classifier saw a word: the file name, the title, the text, a folder, the title block */
const PLACES = new Set(['filename', 'title', 'text', 'folder', 'title_block']);

const str = (value: string | number | boolean | undefined) => (value === undefined ? '' : String(value));
const fixed =
  (key: string): Say =>
  (_p, t) =>
    t(`classification.signals.${key}`);
const word =
  (key: string, param = 'word'): Say =>
  (p, t) =>
    t(`classification.signals.${key}`, { word: str(p[param]) });

/** the codes the service sends (server/src/domain/classification/signal-codes.ts), each in the person's words */
const CODES: Record<string, Say> = {
  metadata_title: fixed('metadataTitle'),
  from_filename: fixed('fromFilename'),
  a_drawing: fixed('aDrawing'),
  image_file: fixed('imageFile'),
  schematic: fixed('schematic'),
  as_built_drawing: fixed('asBuiltDrawing'),
  no_evidence: fixed('none'),
  too_little_evidence: fixed('tooLittle'),
  no_drawing_cue: fixed('noDrawingCue'),
  room_schedule: fixed('roomSchedule'),
  room_schedule_architect: fixed('roomScheduleArchitect'),
  market_given: fixed('marketGiven'),
  email: fixed('email'),
  letter: fixed('letter'),
  mentions: (p, t) =>
    PLACES.has(str(p.place))
      ? t('classification.signals.mentions', {
          place: t(`classification.places.${str(p.place).replace('_', '')}`),
          word: str(p.word),
        })
      : null,
  building_category: (p, t, names) =>
    t('classification.signals.buildingCategory', { part: names.category(str(p.category)) }),
  page_size: (p, t) =>
    t('classification.signals.pageSize', { size: str(p.size), width: str(p.width), height: str(p.height) }),
  large_sheet: (p, t) => t('classification.signals.largeSheet', { width: str(p.width), height: str(p.height) }),
  scale: word('scale'),
  cad_file: (p, t) => t('classification.signals.cadFile', { kind: str(p.kind) }),
  model_file: (p, t) => t('classification.signals.modelFile', { kind: str(p.kind) }),
  file_kind: (p, t) => t('classification.signals.fileKind', { kind: str(p.kind).toUpperCase() }),
  iso19650: word('iso'),
  folder_holds: (p, t) =>
    t(p.holds === 'drawings' ? 'classification.signals.folderDrawings' : 'classification.signals.folderDocuments', {
      word: str(p.folder),
    }),
  name_drawing_number: word('drawingNumber'),
  as_built_token: word('asBuiltToken', 'token'),
  title_block_label: word('titleBlockLabel'),
  folder: word('folder', 'folder'),
  filename_token: word('filenameToken', 'token'),
  filename_part: word('filenamePart'),
  filename_date: word('filenameDate'),
  first_date: word('firstDate'),
  name_starts: word('nameStarts'),
  role_letter: word('roleLetter', 'letter'),
  title_block: word('titleBlock'),
  title_block_attribute: (p, t) =>
    t('classification.signals.titleBlockAttribute', { name: str(p.name), word: str(p.word) }).trim(),
  drawing_number_prefix: word('drawingNumber'),
  drawing_number: (p, t, names) => {
    const named =
      p.discipline !== undefined
        ? names.discipline(str(p.discipline))
        : p.category
          ? `NS 3451 ${names.category(str(p.category))}`
          : null;
    return named ? `${t('classification.signals.drawingNumber', { word: str(p.word) })}: ${named}` : null;
  },
  text_model: (p, t) =>
    // the model's telling words come from the name and the text alike ("ark, ark, drift"): each word once
    t('classification.signals.textModel', {
      score: Number(p.score).toFixed(2),
      words: [...new Set(str(p.words).split(', '))].join(', '),
    }) + (p.corrections ? ` · ${t('classification.signals.adapted', { count: Number(p.corrections) })}` : ''),
  text_density: (p, t) =>
    ['dense', 'much', 'little'].includes(str(p.density))
      ? t(`classification.signals.${str(p.density)}Text`, { count: Number(p.count) })
      : null,
  information_type: (p, t, names) => t('classification.signals.informationType', { type: names.type(str(p.type)) }),
  discipline_files_under: (p, t, names) =>
    t('classification.signals.disciplineFiles', {
      discipline: names.discipline(str(p.discipline)),
      part: names.category(str(p.category)),
    }),
  architect_drawing: (p, t) =>
    DRAWING_TYPES.has(str(p.drawingType))
      ? t('classification.signals.architectDrawing', { type: t(`classification.drawingTypes.${str(p.drawingType)}`) })
      : null,
  content_outweighs_folder: (p, t, names) =>
    t('classification.signals.contentOutweighs', {
      content: `NS 3451 ${names.category(str(p.category))}`,
      folder: str(p.folder),
      claim: p.claimCategory
        ? `NS 3451 ${names.category(str(p.claimCategory))}`
        : names.discipline(str(p.claimDiscipline)),
    }),
  evidence_spans: (p, t, names) =>
    t('classification.signals.spans', {
      first: names.category(str(p.first)),
      second: names.category(str(p.second)),
      part: names.category(str(p.category)),
    }),
};

/** what a signal says besides its code: why it counted for or against, whose signal it is */
function qualified(said: string, p: Params, t: TFunction, names: Names): string {
  let out = said;
  if (p.note === 'not_a_drawing') out += ` (${t('classification.signals.notDrawing')})`;
  if (p.note === 'where_the_system_is') out += ` (${t('classification.signals.whereSystemIs')})`;
  if (p.part) out += ` (NS 3451 ${names.category(str(p.part))})`;
  if (p.outdoors !== undefined)
    out += `, ${t('classification.signals.outdoors', { word: str(p.outdoors) })}: NS 3451 ${names.category(str(p.outdoorsCategory))}`;
  if (p.ukStyle) out = `${t('classification.signals.ukStyle')}: ${out}`;
  if (p.forType && names.isType(str(p.forType))) out = `${names.type(str(p.forType))}: ${out}`;
  return out;
}

/**
 * The classifier's signals in the person's words, read by code (never by the English phrase, which the service may
 * change). A code not known here is null: the caller shows the signal's text apart, marked as the classifier's own
 * words.
 */
export function signalInWords(signal: Signal, t: TFunction, names: Names): string | null {
  const say = Object.hasOwn(CODES, signal.code) ? CODES[signal.code] : undefined;
  const said = say?.(signal.params, t, names) ?? null;
  return said === null ? null : qualified(said, signal.params, t, names);
}

/**
 * A field's signals in words, each sentence once: the classifier can see the same thing in two places that read the
 * same to a person (the file name's "plan" as a drawing word and as a drawing type), and a repeated sentence reads as
 * a fault. Signals the app has no words for come back apart, as the classifier wrote them, also once each.
 */
export function signalsInWords(signals: Signal[], t: TFunction, names: Names): { known: string[]; unknown: string[] } {
  const known = new Set<string>();
  const unknown = new Set<string>();
  for (const signal of signals) {
    const said = signalInWords(signal, t, names);
    if (said === null) unknown.add(signal.text);
    else known.add(said);
  }
  return { known: [...known], unknown: [...unknown] };
}

/** the codes this app words (for the test that every code the service can send has words in every language) */
export const SIGNAL_CODES: readonly string[] = Object.keys(CODES);

/** a drawing type's name (plan, section, ...), or the value as is */
export const drawingTypeName = (t: TFunction, value: string) =>
  DRAWING_TYPES.has(value) ? t(`classification.drawingTypes.${value}`) : value;
