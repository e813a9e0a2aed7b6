import type { TFunction } from 'i18next';

/**
 * The classifier's signals in the person's words. The service writes each signal as a short English phrase with the
 * words it found in quotes ('filename mentions "FDV"', 'folder "RIV"', 'information type om_instructions'); the phrases
 * it uses are read here and said again from the translations, with ids, NS 3451 parts and disciplines by name. A
 * phrase not known here is null: the caller shows it apart, marked as the classifier's own words.
 */
export interface Names {
  type: (id: string) => string;
  category: (code: string) => string;
  discipline: (code: string) => string;
  isType: (id: string) => boolean;
}

type Rule = [RegExp, (m: RegExpExecArray, t: TFunction, names: Names) => string | null];

/** where the classifier saw a word: the file name, the title, the text, a folder, the title block */
const PLACES = new Set(['filename', 'title', 'text', 'folder', 'title block']);
const place = (t: TFunction, where: string) => t(`classification.places.${where.replace(' ', '')}`);

/** "NS 3451 36 Luftbehandling" (the service's label of a part) as the part's name in the person's language */
const part = (label: string, names: Names) => {
  const code = /NS 3451 (\w+)/.exec(label)?.[1];
  return code ? `NS 3451 ${names.category(code)}` : null;
};

const DRAWING_TYPES = new Set(['plan', 'section', 'elevation', 'detail', 'site', 'schematic', 'other']);

/** phrases that are the whole signal */
const FIXED: Record<string, string> = {
  'document metadata title': 'classification.signals.metadataTitle',
  'derived from the filename': 'classification.signals.fromFilename',
  'a drawing': 'classification.signals.aDrawing',
  'image file': 'classification.signals.imageFile',
  'schematic diagram': 'classification.signals.schematic',
  'as-built drawing': 'classification.signals.asBuiltDrawing',
  'no information type evidence': 'classification.signals.none',
  'no discipline evidence': 'classification.signals.none',
  'no NS 3451 evidence': 'classification.signals.none',
  'too little evidence for any NS 3451 part': 'classification.signals.tooLittle',
  'no plan/section/elevation/detail cue': 'classification.signals.noDrawingCue',
  'a room schedule (every room)': 'classification.signals.roomSchedule',
  "a room schedule (the architect's)": 'classification.signals.roomScheduleArchitect',
  'market given by the caller': 'classification.signals.marketGiven',
  'an e-mail: correspondence, of no information type': 'classification.signals.email',
  'a letter by its name: correspondence, of no information type': 'classification.signals.letter',
};

/** what may follow a phrase: why it counted for or against */
const SUFFIXES: Rule[] = [
  [/^ \(a document, not a drawing\)$/, (_m, t) => ` (${t('classification.signals.notDrawing')})`],
  [/^ \(where the system is\)$/, (_m, t) => ` (${t('classification.signals.whereSystemIs')})`],
  [/^ \((NS 3451 [^)]*)\)$/, (m, _t, names) => (part(m[1]!, names) ? ` (${part(m[1]!, names)})` : null)],
  [
    /^, outdoors \("([^"]*)"\): (NS 3451 .*)$/,
    (m, t, names) => `, ${t('classification.signals.outdoors', { word: m[1] })}: ${part(m[2]!, names)}`,
  ],
  [/^$/, () => ''],
];

const RULES: Rule[] = [
  [
    /^(filename|title|text|folder|title block) (?:mentions|says) "([^"]*)"(.*)$/,
    (m, t, names) => {
      const rest = suffix(m[3]!, t, names);
      return rest === null ? null : t('classification.signals.mentions', { place: place(t, m[1]!), word: m[2] }) + rest;
    },
  ],
  [
    /^building category (\S+)$/,
    (m, t, names) => t('classification.signals.buildingCategory', { part: names.category(m[1]!) }),
  ],
  [
    /^page size (\w+) \((\d+)x(\d+) mm\)$/,
    (m, t) => t('classification.signals.pageSize', { size: m[1], width: m[2], height: m[3] }),
  ],
  [/^large sheet \((\d+)x(\d+) mm\)$/, (m, t) => t('classification.signals.largeSheet', { width: m[1], height: m[2] })],
  [/^text has a scale "([^"]*)"$/, (m, t) => t('classification.signals.scale', { word: m[1] })],
  [/^(DWG|DXF) file \(CAD drawing\)$/, (m, t) => t('classification.signals.cadFile', { kind: m[1] })],
  [/^IFC file \(a model, not a drawing\)$/, (_m, t) => t('classification.signals.modelFile', { kind: 'IFC' })],
  [/^\.(\w+) file \(a model, not a drawing\)$/, (m, t) => t('classification.signals.modelFile', { kind: m[1] })],
  [/^image file \(photo\)$/, (_m, t) => t('classification.signals.imageFile')],
  [/^(\w+) file$/, (m, t) => t('classification.signals.fileKind', { kind: m[1]!.toUpperCase() })],
  [/^ISO 19650 type "DR" \(drawing\)$/, (_m, t) => t('classification.signals.iso', { word: 'DR' })],
  [/^ISO 19650 type "([^"]*)" \(not a drawing\)$/, (m, t) => t('classification.signals.iso', { word: m[1] })],
  [
    /^folder "([^"]*)" holds (drawings|documents)$/,
    (m, t) =>
      t(m[2] === 'drawings' ? 'classification.signals.folderDrawings' : 'classification.signals.folderDocuments', {
        word: m[1],
      }),
  ],
  [
    /^name starts with a drawing number "([^"]*)"$/,
    (m, t) => t('classification.signals.drawingNumber', { word: m[1] }),
  ],
  [
    /^filename token "(SB|AB)" \((?:som bygget|as built)\)$/,
    (m, t) => t('classification.signals.asBuiltToken', { word: m[1] }),
  ],
  [/^title block label "([^"]*)"$/, (m, t) => t('classification.signals.titleBlockLabel', { word: m[1] })],
  [/^folder "([^"]*)"$/, (m, t) => t('classification.signals.folder', { word: m[1] })],
  [/^filename token "([^"]*)"$/, (m, t) => t('classification.signals.filenameToken', { word: m[1] })],
  [/^filename "([^"]*)"$/, (m, t) => t('classification.signals.filenamePart', { word: m[1] })],
  [/^filename date "([^"]*)"$/, (m, t) => t('classification.signals.filenameDate', { word: m[1] })],
  [/^first date in the text "([^"]*)"$/, (m, t) => t('classification.signals.firstDate', { word: m[1] })],
  [/^name starts with "([^"]*)"$/, (m, t) => t('classification.signals.nameStarts', { word: m[1] })],
  [/^name opens with the role letter "([^"]*)"$/, (m, t) => t('classification.signals.roleLetter', { word: m[1] })],
  [/^title block "([^"]*)"$/, (m, t) => t('classification.signals.titleBlock', { word: m[1] })],
  [
    /^title block attribute (\S+)(?: = "([^"]*)")?$/,
    (m, t) => t('classification.signals.titleBlockAttribute', { name: m[1], word: m[2] ?? '' }).trim(),
  ],
  [
    /^ISO 19650 (?:name: )?(role|type|level|name|name revision) "([^"]*)"$/,
    (m, t) => t('classification.signals.iso', { word: m[2] }),
  ],
  [/^drawing number prefix "([^"]*)"$/, (m, t) => t('classification.signals.drawingNumber', { word: m[1] })],
  [
    /^drawing number "([^"]*)": (.*)$/,
    (m, t, names) => {
      const discipline = /^\w+ = (\w+)$/.exec(m[2]!)?.[1];
      const named = discipline ? names.discipline(discipline) : part(m[2]!, names);
      return named ? `${t('classification.signals.drawingNumber', { word: m[1] })}: ${named}` : null;
    },
  ],
  [
    /^text model (\d+\.\d+) \((.*?)(?:, adapted by (\d+) corrections in this owner)?\)$/,
    (m, t) =>
      t('classification.signals.textModel', { score: m[1], words: m[2]!.replace(/"([^"]*)"/g, '$1') }) +
      (m[3] ? ` · ${t('classification.signals.adapted', { count: Number(m[3]) })}` : ''),
  ],
  [
    /^(dense|much|little) text \((\d+) characters per page\)$/,
    (m, t) => t(`classification.signals.${m[1]}Text`, { count: Number(m[2]) }),
  ],
  [
    /^information type ([a-z_]+)$/,
    (m, t, names) => t('classification.signals.informationType', { type: names.type(m[1]!) }),
  ],
  [
    /^discipline (\S+) usually files under (\S+)$/,
    (m, t, names) =>
      t('classification.signals.disciplineFiles', {
        discipline: names.discipline(m[1]!),
        part: names.category(m[2]!),
      }),
  ],
  [
    /^architect's (\w+) drawing \(general arrangement\)$/,
    (m, t) =>
      DRAWING_TYPES.has(m[1]!)
        ? t('classification.signals.architectDrawing', { type: t(`classification.drawingTypes.${m[1]}`) })
        : null,
  ],
  [
    /^the content \((NS 3451 [^)]*)\) outweighs folder "([^"]*)" \(([^)]*)\)$/,
    (m, t, names) =>
      t('classification.signals.contentOutweighs', {
        content: part(m[1]!, names),
        folder: m[2],
        claim: part(m[3]!, names) ?? names.discipline(m[3]!),
      }),
  ],
  [
    /^evidence spans (\S+) and (\S+): filed under the general (\S+)$/,
    (m, t, names) =>
      t('classification.signals.spans', {
        first: names.category(m[1]!),
        second: names.category(m[2]!),
        part: names.category(m[3]!),
      }),
  ],
  [
    /^UK-style: (.+)$/,
    (m, t, names) => {
      const inner = signalInWords(m[1]!, t, names);
      return inner === null ? null : `${t('classification.signals.ukStyle')}: ${inner}`;
    },
  ],
  // the information types' signals, each behind the type it speaks for: "om_instructions: filename mentions "FDV""
  [
    /^([a-z_]+): (.+)$/,
    (m, t, names) => {
      if (!names.isType(m[1]!)) return null;
      const inner = signalInWords(m[2]!, t, names);
      return inner === null ? null : `${names.type(m[1]!)}: ${inner}`;
    },
  ],
];

function suffix(rest: string, t: TFunction, names: Names): string | null {
  for (const [pattern, say] of SUFFIXES) {
    const m = pattern.exec(rest);
    if (m) return say(m, t, names);
  }
  return null;
}

/** one signal in the person's words, or null when its phrase is not known here */
export function signalInWords(signal: string, t: TFunction, names: Names): string | null {
  const fixed = FIXED[signal];
  if (fixed) return t(fixed);
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(signal);
    if (m) {
      if (pattern === RULES[0]![0] && !PLACES.has(m[1]!)) continue;
      return say(m, t, names);
    }
  }
  return null;
}

/** a drawing type's name (plan, section, ...), or the value as is */
export const drawingTypeName = (t: TFunction, value: string) =>
  DRAWING_TYPES.has(value) ? t(`classification.drawingTypes.${value}`) : value;
