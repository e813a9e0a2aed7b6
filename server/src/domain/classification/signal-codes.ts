/**
 * The classifier's signals as stable codes with parameters, for clients that say them in a person's language. The
 * classifier writes each signal as a short English phrase (the phrases stay its evidence and the wire's `evidence`
 * text); this catalogue, next to the code that writes them, is the one place that knows those phrases: a phrase the
 * classifier changes without changing its entry here fails the classifier's signal-code test instead of silently
 * turning into English on a Norwegian page. Clients never read the phrase again: they read `code` and `params`.
 */
import { isKnownInformationType } from './reference-data.js';

export type SignalParams = Record<string, string | number | boolean>;

export interface CodedSignal {
  /** stable code ('filename_token', 'mentions' ...); 'unknown' for a phrase this catalogue does not know */
  code: string;
  params: SignalParams;
  /** the classifier's own phrase, in English */
  text: string;
}

interface Entry {
  code: string;
  pattern: RegExp;
  params?: (m: RegExpExecArray) => SignalParams;
  /** a phrase the classifier writes for this code (the catalogue's test reads each back) */
  example: string;
}

/** the NS 3451 code in a label such as "NS 3451 36 Luftbehandling" */
const nsCode = (label: string | undefined): string | undefined => /NS 3451 (\w+)/.exec(label ?? '')?.[1];

const fixed = (code: string, phrase: string): Entry => ({
  code,
  pattern: new RegExp(`^${phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
  example: phrase,
});

const ENTRIES: Entry[] = [
  fixed('metadata_title', 'document metadata title'),
  fixed('from_filename', 'derived from the filename'),
  fixed('a_drawing', 'a drawing'),
  fixed('image_file', 'image file'),
  { code: 'image_file', pattern: /^image file \(photo\)$/, example: 'image file (photo)' },
  fixed('schematic', 'schematic diagram'),
  fixed('as_built_drawing', 'as-built drawing'),
  {
    code: 'no_evidence',
    pattern: /^no (?:information type|discipline|NS 3451) evidence$/,
    example: 'no discipline evidence',
  },
  fixed('too_little_evidence', 'too little evidence for any NS 3451 part'),
  fixed('no_drawing_cue', 'no plan/section/elevation/detail cue'),
  fixed('room_schedule', 'a room schedule (every room)'),
  fixed('room_schedule_architect', "a room schedule (the architect's)"),
  fixed('market_given', 'market given by the caller'),
  fixed('email', 'an e-mail: correspondence, of no information type'),
  fixed('letter', 'a letter by its name: correspondence, of no information type'),
  {
    code: 'mentions',
    pattern: /^(filename|title|text|folder|title block) (?:mentions|says) "([^"]*)"$/,
    params: (m) => ({ place: m[1]!.replace(' ', '_'), word: m[2]! }),
    example: 'filename mentions "FDV"',
  },
  {
    code: 'building_category',
    pattern: /^building category (\S+)$/,
    params: (m) => ({ category: m[1]! }),
    example: 'building category 36',
  },
  {
    code: 'page_size',
    pattern: /^page size (\w+) \((\d+)x(\d+) mm\)$/,
    params: (m) => ({ size: m[1]!, width: Number(m[2]), height: Number(m[3]) }),
    example: 'page size A1 (841x594 mm)',
  },
  {
    code: 'large_sheet',
    pattern: /^large sheet \((\d+)x(\d+) mm\)$/,
    params: (m) => ({ width: Number(m[1]), height: Number(m[2]) }),
    example: 'large sheet (900x600 mm)',
  },
  {
    code: 'scale',
    pattern: /^text has a scale "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'text has a scale "1:100"',
  },
  {
    code: 'cad_file',
    pattern: /^(DWG|DXF) file \(CAD drawing\)$/,
    params: (m) => ({ kind: m[1]! }),
    example: 'DWG file (CAD drawing)',
  },
  {
    code: 'model_file',
    pattern: /^(?:IFC|\.(\w+)) file \((?:a model, not a drawing|BIM model)\)$/,
    params: (m) => ({ kind: m[1] ?? 'IFC' }),
    example: 'IFC file (a model, not a drawing)',
  },
  { code: 'file_kind', pattern: /^(\w+) file$/, params: (m) => ({ kind: m[1]! }), example: 'docx file' },
  {
    code: 'iso19650',
    pattern: /^ISO 19650 type "(DR)" \(drawing\)$/,
    params: (m) => ({ part: 'type', word: m[1]!, drawing: true }),
    example: 'ISO 19650 type "DR" (drawing)',
  },
  {
    code: 'iso19650',
    pattern: /^ISO 19650 type "([^"]*)" \(not a drawing\)$/,
    params: (m) => ({ part: 'type', word: m[1]!, drawing: false }),
    example: 'ISO 19650 type "SP" (not a drawing)',
  },
  {
    code: 'iso19650',
    pattern: /^ISO 19650 (?:name: )?(role|type|level|name|name revision) "([^"]*)"$/,
    params: (m) => ({ part: m[1]!.replace(' ', '_'), word: m[2]! }),
    example: 'ISO 19650 name: role "M"',
  },
  {
    code: 'folder_holds',
    pattern: /^folder "([^"]*)" holds (drawings|documents)$/,
    params: (m) => ({ folder: m[1]!, holds: m[2]! }),
    example: 'folder "ARK/Tegninger" holds drawings',
  },
  {
    code: 'name_drawing_number',
    pattern: /^name starts with a drawing number "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'name starts with a drawing number "A-10-101"',
  },
  {
    code: 'as_built_token',
    pattern: /^filename token "(SB|AB)" \((?:som bygget|as built)\)$/,
    params: (m) => ({ token: m[1]! }),
    example: 'filename token "SB" (som bygget)',
  },
  {
    code: 'title_block_label',
    pattern: /^title block label "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'title block label "Tegningsnr"',
  },
  { code: 'folder', pattern: /^folder "([^"]*)"$/, params: (m) => ({ folder: m[1]! }), example: 'folder "RIV"' },
  {
    code: 'filename_token',
    pattern: /^filename token "([^"]*)"$/,
    params: (m) => ({ token: m[1]! }),
    example: 'filename token "ARK"',
  },
  {
    code: 'filename_part',
    pattern: /^filename "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'filename "rev C"',
  },
  {
    code: 'filename_date',
    pattern: /^filename date "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'filename date "2024-03-01"',
  },
  {
    code: 'first_date',
    pattern: /^first date in the text "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'first date in the text "01.03.2024"',
  },
  {
    code: 'name_starts',
    pattern: /^name starts with "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'name starts with "A-10-101"',
  },
  {
    code: 'role_letter',
    pattern: /^name opens with the role letter "([^"]*)"$/,
    params: (m) => ({ letter: m[1]! }),
    example: 'name opens with the role letter "M"',
  },
  {
    code: 'title_block',
    pattern: /^title block "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'title block "Tegningsnr: A-10-101"',
  },
  {
    code: 'title_block_attribute',
    pattern: /^title block attribute (\S+)(?: = "([^"]*)")?$/,
    params: (m) => ({ name: m[1]!, ...(m[2] !== undefined ? { word: m[2] } : {}) }),
    example: 'title block attribute DWGNO = "A-10-101"',
  },
  {
    code: 'drawing_number_prefix',
    pattern: /^drawing number prefix "([^"]*)"$/,
    params: (m) => ({ word: m[1]! }),
    example: 'drawing number prefix "E"',
  },
  {
    code: 'drawing_number',
    pattern: /^drawing number "([^"]*)": \w+ = (\w+)$/,
    params: (m) => ({ word: m[1]!, discipline: m[2]! }),
    example: 'drawing number "E-433-001": E = RIE',
  },
  {
    code: 'drawing_number',
    pattern: /^drawing number "([^"]*)": (NS 3451 .*)$/,
    params: (m) => ({ word: m[1]!, category: nsCode(m[2]) ?? '' }),
    example: 'drawing number "RIV-36-001": NS 3451 36 Luftbehandling',
  },
  {
    code: 'text_model',
    pattern: /^text model (\d+\.\d+) \((.*?)(?:, adapted by (\d+) corrections in this owner)?\)$/,
    params: (m) => ({
      score: Number(m[1]),
      words: m[2]!.replace(/"([^"]*)"/g, '$1'),
      ...(m[3] ? { corrections: Number(m[3]) } : {}),
    }),
    example: 'text model 0.81 ("vedlikehold", "filter")',
  },
  {
    code: 'text_density',
    pattern: /^(dense|much|little) text \((\d+) characters per page\)$/,
    params: (m) => ({ density: m[1]!, count: Number(m[2]) }),
    example: 'little text (120 characters per page)',
  },
  {
    code: 'information_type',
    pattern: /^information type ([a-z_]+)$/,
    params: (m) => ({ type: m[1]! }),
    example: 'information type om_instructions',
  },
  {
    code: 'discipline_files_under',
    pattern: /^discipline (\S+) usually files under (\S+)$/,
    params: (m) => ({ discipline: m[1]!, category: m[2]! }),
    example: 'discipline RIV usually files under 36',
  },
  {
    code: 'architect_drawing',
    pattern: /^architect's (plan|section|elevation|detail|site|schematic|other) drawing \(general arrangement\)$/,
    params: (m) => ({ drawingType: m[1]! }),
    example: "architect's plan drawing (general arrangement)",
  },
  {
    code: 'content_outweighs_folder',
    pattern: /^the content \((NS 3451 [^)]*)\) outweighs folder "([^"]*)" \(([^)]*)\)$/,
    params: (m) => {
      const claim = nsCode(m[3]);
      return {
        category: nsCode(m[1]) ?? '',
        folder: m[2]!,
        ...(claim ? { claimCategory: claim } : { claimDiscipline: m[3]! }),
      };
    },
    example: 'the content (NS 3451 36 Luftbehandling) outweighs folder "RIV" (NS 3451 31 Sanitær)',
  },
  {
    code: 'evidence_spans',
    pattern: /^evidence spans (\S+) and (\S+): filed under the general (\S+)$/,
    params: (m) => ({ first: m[1]!, second: m[2]!, category: m[3]! }),
    example: 'evidence spans 361 and 362: filed under the general 36',
  },
];

/** What may follow a phrase: why it counted for or against; each becomes parameters of the phrase's code. */
const SUFFIXES: { pattern: RegExp; params: (m: RegExpExecArray) => SignalParams }[] = [
  { pattern: / \(a document, not a drawing\)$/, params: () => ({ note: 'not_a_drawing' }) },
  { pattern: / \(where the system is\)$/, params: () => ({ note: 'where_the_system_is' }) },
  {
    pattern: /, outdoors \("([^"]*)"\): (NS 3451 .*)$/,
    params: (m) => ({ outdoors: m[1]!, outdoorsCategory: nsCode(m[2]) ?? '' }),
  },
  { pattern: / \((NS 3451 [^)]*)\)$/, params: (m) => ({ part: nsCode(m[1]) ?? '' }) },
];

/** Phrases that stand before another signal: whose signal it is. */
const PREFIXES: { pattern: RegExp; params: (m: RegExpExecArray) => SignalParams | null }[] = [
  { pattern: /^UK-style: (.+)$/s, params: () => ({ ukStyle: true }) },
  { pattern: /^([a-z_]+): (.+)$/s, params: (m) => (isKnownInformationType(m[1]!) ? { forType: m[1]! } : null) },
];

function codeOf(text: string, extra: SignalParams): { code: string; params: SignalParams } | null {
  for (const entry of ENTRIES) {
    const m = entry.pattern.exec(text);
    if (m) return { code: entry.code, params: { ...(entry.params?.(m) ?? {}), ...extra } };
  }
  for (const suffix of SUFFIXES) {
    const m = suffix.pattern.exec(text);
    if (m) {
      const found = codeOf(text.slice(0, m.index), { ...suffix.params(m), ...extra });
      if (found) return found;
    }
  }
  return null;
}

/** One of the classifier's phrases as a code with its parameters ('unknown' when the phrase is not catalogued). */
export function codeSignal(text: string): CodedSignal {
  const direct = codeOf(text, {});
  if (direct) return { ...direct, text };
  for (const prefix of PREFIXES) {
    const m = prefix.pattern.exec(text);
    const params = m ? prefix.params(m) : null;
    if (!m || !params) continue;
    const inner = codeSignal(m[m.length - 1]!);
    if (inner.code !== 'unknown') return { code: inner.code, params: { ...inner.params, ...params }, text };
  }
  return { code: 'unknown', params: {}, text };
}

/** Every code the classifier's signals can have, with a phrase of each (for the clients' wording tests). */
export function signalCodeExamples(): { code: string; example: string }[] {
  return ENTRIES.map((e) => ({ code: e.code, example: e.example }));
}
