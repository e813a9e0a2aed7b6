/**
 * Vocabulary signals from names, folders, titles and page text, weighted by where they were found: a word in the
 * filename says more than the same word on page 3. Also decides whether the material is UK-style.
 */
import type { Market } from './classification.types.js';
import { nsLabel, type Signal } from './filename-conventions.js';
import { normalizeForMatching } from './tokens.js';
import { vocabularyMatchers, type VocabularyTarget } from './vocabulary.js';

export type SourceKind = 'filename' | 'folder' | 'title' | 'attribute' | 'field' | 'text';

export interface TextSource {
  kind: SourceKind;
  /** raw text; normalized here */
  text: string;
  /** what to call the source in evidence (a folder name, an attribute tag) */
  label?: string;
  multiplier: number;
  /** for page text: characters at the start that count as the heading zone */
  headLength?: number;
  /** for page text: multiplier outside the heading zone */
  bodyMultiplier?: number;
}

export interface VocabularySignals {
  ns: Signal[];
  discipline: Signal[];
  types: Signal[];
}

/** The most one pattern's repetitions in page text can add, so a 40-page manual does not drown its own filename. */
const TEXT_REPEAT_FACTORS = [1, 0.35, 0.2, 0.1];
const TEXT_TARGET_CAP = 6;
const PACKAGE_FOLDER_TERMS = new Set([
  'fdv',
  'fdv-dokumentasjon',
  'o&m',
  'drift og vedlikehold',
  'operation and maintenance',
]);

function describe(target: VocabularyTarget): string {
  if (target.kind === 'ns') return ` (${nsLabel(target.code)})`;
  return '';
}

function sourcePhrase(source: TextSource, word: string): string {
  switch (source.kind) {
    case 'filename':
      return `filename mentions "${word}"`;
    case 'folder':
      return `folder "${source.label ?? source.text}"`;
    case 'title':
      return `title mentions "${word}"`;
    case 'attribute':
      return `title block ${source.label ?? 'attribute'} mentions "${word}"`;
    case 'field':
      return `${source.label ?? 'a field'} mentions "${word}"`;
    case 'text':
      return `text mentions "${word}"`;
  }
}

export function vocabularySignals(sources: readonly TextSource[]): VocabularySignals {
  const out: VocabularySignals = { ns: [], discipline: [], types: [] };
  const matchers = vocabularyMatchers();
  for (const source of sources) {
    const normalized = normalizeForMatching(source.text, { splitCamelCase: source.kind !== 'text' });
    for (const matcher of [matchers.ns, matchers.discipline, matchers.type]) {
      const repeats = new Map<string, number>();
      const textTotals = new Map<string, number>();
      // "rapport*" and "*rapport" both fire on "rapport"; one word counts once per target.
      const counted = new Set<string>();
      for (const match of matcher.findAll(normalized)) {
        let multiplier = source.multiplier;
        if (source.kind === 'text') {
          const inHead = match.start < (source.headLength ?? 0);
          multiplier = inHead ? source.multiplier : (source.bodyMultiplier ?? source.multiplier);
          const seen = repeats.get(match.term) ?? 0;
          repeats.set(match.term, seen + 1);
          multiplier *= TEXT_REPEAT_FACTORS[seen] ?? 0;
          if (multiplier === 0) continue;
        }
        for (const { target, weight } of match.payload) {
          if (target.kind === 'none') continue;
          const key = JSON.stringify(target);
          const spanKey = `${match.start}:${match.end}:${key}`;
          if (counted.has(spanKey)) continue;
          counted.add(spanKey);
          let w = weight * multiplier;
          // "FDV", "O&M" folders hold the whole handover package; they do not make each file an O&M manual.
          // Alone they still say a document in them is most likely O&M material.
          if (source.kind === 'folder' && PACKAGE_FOLDER_TERMS.has(match.term)) w *= 0.5;
          if (source.kind === 'text') {
            const total = textTotals.get(key) ?? 0;
            w = Math.min(w, Math.max(0, TEXT_TARGET_CAP - total));
            textTotals.set(key, total + w);
          }
          if (w <= 0) continue;
          const evidence = sourcePhrase(source, match.word) + describe(target);
          if (target.kind === 'ns') out.ns.push({ value: target.code, weight: w, evidence });
          else if (target.kind === 'discipline') out.discipline.push({ value: target.code, weight: w, evidence });
          else out.types.push({ value: target.id, weight: w, evidence });
        }
      }
    }
  }
  return out;
}

const UK_CUES: readonly [RegExp, number, string][] = [
  [/\bbs(?: en)? \d{3,5}\b/i, 1.5, 'British Standard reference'],
  [/\bbuilding regulations\b/i, 1.5, '"Building Regulations"'],
  [/\bapproved document\b/i, 1.5, '"Approved Document"'],
  [/\b(?:loler|cibse|bsria|sfg20|niceic|nhbc|cdm 2015|eicr)\b/i, 1.5, 'UK industry reference'],
  [/\bpractical completion\b/i, 1.5, '"practical completion"'],
  [/\b(?:ltd|limited|plc)\b/i, 1, 'UK company suffix'],
  [
    /\b(?:united kingdom|england|scotland|wales|london|leeds|bristol|manchester|birmingham|glasgow|edinburgh|caerphilly)\b/i,
    1,
    'UK place name',
  ],
  [/£\s?\d/, 1, 'pounds sterling'],
  [/\b[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}\b/, 1.5, 'UK postcode'],
  [/\b(?:mechanical|electrical|architectural|public health) services\b/i, 1.5, 'UK services naming'],
  [/\bo&m\b/i, 1.5, '"O&M"'],
  [/(?:^|\/)(?:section|volume|vol\.?) \d+\b/im, 1, 'O&M volume/section folders'],
];

const NORWEGIAN_OR_DUTCH_PATH =
  /[æøå]|\b(?:fdv|tegninger|teikningar|prosjektering|overlevering|dokumentasjon|rapporter|rapportar|beskrivelser|skildringar|kontrakter|kontraktar|byggesak|byggjesak|tekeningen|opleverdossier|installaties|bouwkundig|revisietekeningen|plattegronden|opleveringsdocumenten)\b/i;
/** English function words and the words English building documents are named with */
const ENGLISH_WORDS = new Set(
  (
    'the and of for with from this that are has have been will shall to by on at is be ' +
    'drawing drawings floor ground level plan layout section elevation details report certificate test tested ' +
    'schedule manual maintenance minutes meeting survey assessment installation electrical mechanical structure ' +
    'structural drainage landscape landscaping architect architectural handover commercial client contractor ' +
    'works scale revision rev checked drawn approved issue building safety fire completion commissioning records ' +
    'user guide guides manual manuals tender return system systems appliances energy planning statement flats'
  ).split(' '),
);

// bokmål and nynorsk function words ("ikke"/"ikkje", "fra"/"frå" ...)
const NORWEGIAN_WORDS = new Set([
  'ikkje',
  'frå',
  'eit',
  'ein',
  'vert',
  'berre',
  'korleis',
  'og',
  'av',
  'til',
  'med',
  'ikke',
  'skal',
  'eller',
  'på',
  'fra',
  'ved',
  'etter',
  'iht',
  'hver',
  'som',
  'er',
]);
// 'en' is left out: "BS EN 806" is English.
const DUTCH_WORDS = new Set(['de', 'het', 'een', 'van', 'voor', 'met', 'naar', 'bij', 'wordt']);

/**
 * UK when the material clearly follows UK conventions (ISO 19650 names, British standards, UK place names, English
 * folder structures); Norwegian otherwise, since Norwegian projects are full of English manufacturer documents.
 */
export function inferMarket(args: { explicit?: Market | null; isoName: boolean; path: string; text: string }): {
  market: Market;
  evidence: string[];
} {
  if (args.explicit) return { market: args.explicit, evidence: ['market given by the caller'] };
  let uk = 0;
  let no = 0;
  const ukEvidence: string[] = [];
  if (args.isoName) {
    uk += 5;
    ukEvidence.push('ISO 19650 file name');
  }
  const sample = `${args.path}\n${args.text.slice(0, 4000)}`;
  for (const [re, weight, label] of UK_CUES) {
    if (re.test(sample)) {
      uk += weight;
      ukEvidence.push(label);
    }
  }
  // English names and text: the UK market unless Norwegian or Dutch words say otherwise (an English data sheet in a
  // Norwegian FDV folder stays Norwegian)
  const english = new Set(
    normalizeForMatching(sample)
      .match(/[\p{L}]+/gu)
      ?.filter((w) => ENGLISH_WORDS.has(w)),
  );
  if (NORWEGIAN_OR_DUTCH_PATH.test(args.path)) no += 3;
  else if (english.size >= 4) {
    uk += 2.5;
    ukEvidence.push('English names and text');
  } else if (english.size >= 2) uk += 1;
  const words = normalizeForMatching(args.text.slice(0, 4000)).match(/[\p{L}]+/gu) ?? [];
  let nor = 0;
  let dutch = 0;
  for (const w of words) {
    if (NORWEGIAN_WORDS.has(w)) nor++;
    if (DUTCH_WORDS.has(w)) dutch++;
  }
  if (nor >= 3) no += 2;
  if (dutch >= 3) no += 2;
  if (/[æøå]/i.test(args.text.slice(0, 4000))) no += 1.5;
  if (uk >= 2.5 && uk > no) return { market: 'UK', evidence: ukEvidence };
  return { market: 'NO', evidence: [] };
}
