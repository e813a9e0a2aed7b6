/**
 * The built-in maintenance extractor: reads a document's page text (spreadsheet rows too, which arrive as tab-separated
 * lines) and finds every stated task: an action done to a component at an interval, by whom, with the verbatim
 * sentence, list item or table row that says so and its page. Needs no model. Text that mentions time but asks for
 * nothing to be done (warranty periods, delivery times, payment terms, test results, fire ratings) yields nothing:
 * a task needs both an action and a frequency, and durations ("5 år", "60 minutter", "30 dager netto") are no
 * frequency.
 */
import { nsCodeFromDigits } from '../classification/filename-conventions.js';
import { isValidBuildingCategory } from '../classification/reference-data.js';
import { vocabularyMatchers } from '../classification/vocabulary.js';
import { findIntervals, mayStateInterval, parseIntervalCell, type IntervalMatch } from './intervals.js';
import type { ExtractedTask, PerformedBy } from './maintenance.types.js';

export interface ExtractionPage {
  pageNumber: number;
  text: string;
}

// ------------------------------------------------------------------------------------------------ actions

/** canonical action -> word forms (bokmål, nynorsk, English); `*` lets a Norwegian compound or inflection go on */
const ACTIONS: readonly [action: string, forms: string][] = [
  [
    'replace',
    'bytt* skift* utskift* erstatt* replace* replacing change changed changes changing renew* fornye* fornya*',
  ],
  [
    'clean',
    'rengjør* rengjer* reingjer* reingjør* rens* reins* vask* spyl* støvsug* avkalk* feie* feiast clean* wash* flush* vacuum* rinse* descal* sweep* fjern_støv fjern_løv fjern_smuss fjern_rusk remove_dust remove_debris remove_leaves',
  ],
  [
    'inspect',
    'kontroller* kontrollér* kontroll kontrollen sjekk* inspiser* inspeksjon* ettersyn* etterse* ettersjå* ettersjåast undersøk* gjennomgang* tilsyn check* inspect* examin* verify* verifi* survey*',
  ],
  ['test', 'test* funksjonstest* funksjonsprøv* prøvekjør* prøves prøvast prøving'],
  ['lubricate', 'smør* innsmør* lubricat* grease* greasing oil oiled oiling'],
  ['service', 'service servicen serviceres serviceras servic* vedlikehold* vedlikehald* overhal* overhaul* maintain*'],
  ['adjust', 'juster* innreguler* kalibrer* etterstram* stram* adjust* calibrat* tighten* re-tension*'],
  ['refill', 'etterfyll* påfyll* refill* top_up topped_up'],
  ['drain', 'tøm* tømm* drener* avluft* luftes luftast lufting drain* empty* emptied bleed* purge*'],
  ['paint', 'males malast maling beis* overflatebehandl* paint* repaint* varnish*'],
  ['measure', 'avles* les_av måles målast measure* read_off'],
];

/** words that begin like an action but are none (a "testament", "serviceavtale" is a contract, not a service) */
const NOT_ACTIONS =
  /^(?:serviceavtale\w*|servicebil\w*|serviceperson\w*|servicetekniker\w*|servicefirma\w*|serviceforetak\w*|servicepartner\w*|skifer\w*|skifte(?:r|ne)?\s*$|kontrollør\w*|kontrollfirma\w*|kontrollerklæring\w*|testament\w*|testresultat\w*|tester(?:e|en|ne)\b|vaskerom\w*|vaskeri\w*|vaskemaskin\w*|vaskeservant\w*|vaskekum\w*|vedlikeholdsfri\w*|vedlikehaldsfri\w*|maintenance-free|checklist\w*|inspeksjonsorgan\w*|smørbrød|byttehandel|rensanlegg|renseanlegg\w*|changelog|drainage|drainpipe|oilfired|oil-fired|emptying)$/iu;

interface ActionMatch {
  action: string;
  start: number;
  end: number;
  word: string;
  /** a verb form (passive, imperative, after "be"/"to") says more than a noun that mentions the action */
  strength: number;
}

interface ActionForm {
  action: string;
  stem: string;
  open: boolean;
}

const ACTION_FORMS: readonly ActionForm[] = ACTIONS.flatMap(([action, forms]) =>
  forms
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({
      action,
      stem: word.replace(/\*$/, '').replace(/_/g, ' ').toLowerCase(),
      open: word.endsWith('*'),
    })),
);

/** one-word forms by their first two letters: a word is compared with the few forms it can be */
const FORMS_BY_START = new Map<string, ActionForm[]>();
for (const form of ACTION_FORMS) {
  if (form.stem.includes(' ')) continue;
  const start = form.stem.slice(0, 2);
  FORMS_BY_START.set(start, [...(FORMS_BY_START.get(start) ?? []), form]);
}

/** the endings that make a Norwegian compound an action ("filterbytte"), each with its form */
const COMPOUND_TAILS: readonly [tail: string, form: ActionForm | undefined][] = [
  'bytte',
  'byte',
  'skift',
  'skifte',
  'rengjøring',
  'reingjering',
  'vask',
  'kontroll',
  'test',
  'service',
  'ettersyn',
  'smøring',
].map((tail) => [tail, ACTION_FORMS.find((f) => f.stem === tail || (f.open && tail.startsWith(f.stem)))]);

const WORD_RE = /[\p{L}][\p{L}\p{M}'-]*/gu;

/** every action word in a text, with where it stands */
export function findActions(text: string): ActionMatch[] {
  const out: ActionMatch[] = [];
  const lower = text.toLowerCase();
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(lower); m; m = WORD_RE.exec(lower)) {
    const word = m[0];
    let found: ActionForm | undefined;
    for (const form of FORMS_BY_START.get(word.slice(0, 2)) ?? []) {
      if (form.open ? word.startsWith(form.stem) : word === form.stem) {
        if (!found || form.stem.length > found.stem.length) found = form;
      }
    }
    // Norwegian compounds: "filterbytte", "filterskift", "oljeskift", "batteribytte", "funksjonstest"
    let compoundAt = -1;
    if (!found && word.length > 6) {
      for (const [tail, form] of COMPOUND_TAILS) {
        const at = word.lastIndexOf(tail);
        if (at >= 3 && at + tail.length >= word.length - 2) {
          found = form;
          compoundAt = at;
          break;
        }
      }
    }
    // most words are no action at all: the exceptions are looked at only for those that look like one
    if (!found || NOT_ACTIONS.test(word)) continue;
    const start = m.index;
    const before = lower.slice(Math.max(0, start - 12), start);
    let strength = 1;
    if (/(?:es|as|ast|ast)$/.test(word) && !/^(?:press|glass|access|process|class|mass)/.test(word)) strength = 2;
    if (/(?:^|\s)(?:be|been|being|to|must|should|shall|skal|bør|må|will)\s+$/.test(before)) strength = 2;
    if (/(?:ed|en)$/.test(word) && /(?:be|been)\s+$/.test(before)) strength = 2;
    // "Få brannslokkeapparatet kontrollert", "Have the boiler serviced": a request in other words
    if (/^\s*(?:[-–•*·]\s*)?(?:få|have|get)\s/iu.test(lower) && /(?:ert|et|ed|t)$/.test(word)) strength = 2;
    out.push({
      action: found.action,
      start,
      end: start + word.length,
      word,
      strength: compoundAt > 0 ? 1.5 : strength,
    });
  }
  // "les av", "top up": two-word forms
  for (const form of ACTION_FORMS) {
    if (!form.stem.includes(' ')) continue;
    let at = lower.indexOf(form.stem);
    while (at >= 0) {
      if (!out.some((a) => a.start === at))
        out.push({ action: form.action, start: at, end: at + form.stem.length, word: form.stem, strength: 2 });
      at = lower.indexOf(form.stem, at + 1);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

// ------------------------------------------------------------------------------------------------ who

const PERFORMER_PATTERNS: readonly [PerformedBy, RegExp][] = [
  [
    'service_company',
    /servicefirma|serviceforetak|servicepartner|servicetekniker|fagfirma|fagfolk|fagperson|fagmann|autoriser|sertifiser|godkjent\s+(?:firma|foretak|installatør|kontrollør|virksomhet|servicefirma|rørlegger|elektriker)|fg-godkjent|kompetent\s+(?:firma|virksomhet|person|foretak)|installatør|rørlegger|elektriker|heisfirma|heisleverandør|leverandør|inspeksjonsorgan|kontrollfirma|service\s+company|service\s+engineer|service\s+technician|service\s+provider|qualified\s+(?:technician|engineer|person|personnel|service)|competent\s+person|authori[sz]ed\s+(?:service|engineer|technician|personnel|installer|company|dealer|person)|gas\s+safe|installer|specialist|contractor|certified\s+(?:technician|engineer|company)|licensed\s+(?:technician|engineer|contractor)|manufacturer'?s?\s+(?:service|technician|representative)/iu,
  ],
  [
    'operator',
    /driftspersonell|driftsansvarlig|driftsleder|driftstekniker|driftsoperatør|vaktmester|vaktmeister|teknisk\s+personell|byggdrifter|driftsavdeling|driftspersonale|operator|operating\s+staff|maintenance\s+(?:staff|personnel|team)|site\s+staff|facilit(?:y|ies)\s+(?:staff|team|manager)|caretaker|janitor|building\s+manager|premises\s+manager|estates?\s+team/iu,
  ],
  [
    'owner',
    /(?<![\p{L}])(?:eier(?:en|ne)?|byggeier(?:en)?|huseier(?:en)?|seksjonseier(?:en|ne)?|boligeier(?:en)?|beboer(?:en|ne)?|brukeren|sluttbruker(?:en)?|eigar(?:en)?|brukaren|bebuar(?:en|ane)?|owner|occupant|occupier|resident|householder|homeowner|tenant|leietaker(?:en)?|the\s+user|user)(?![\p{L}])/iu,
  ],
];

export function performerOf(text: string): PerformedBy | null {
  for (const [who, pattern] of PERFORMER_PATTERNS) if (pattern.test(text)) return who;
  return null;
}

// ------------------------------------------------------------------------------------------------ what it is done to

const TFM =
  /(?<![\p{L}\d.,])([+=%])?([2-7]\d{2,3})\.(\d{2,3})(?:[-:%]?([A-Z]{2})(\d{2,4}))?(?![\d,]|\.\d)|(?<![\p{L}\d])-([A-Z]{2}\d{2,4})(?![\p{L}\d])/u;

/** a TFM code in a text, as written: "=360.001-LB01", "360.001", "-JV01" */
export function tfmCodeOf(text: string): string | null {
  const m = TFM.exec(text);
  if (!m) return null;
  return m[0].trim();
}

/** the NS 3451 part a TFM system number gives ("=360.001-LB01" -> "36") */
function categoryOfCode(code: string | null): string | null {
  if (!code) return null;
  const m = /([2-7]\d{2,3})\./.exec(code);
  return m ? nsCodeFromDigits(m[1]!) : null;
}

/** the NS 3451 part the words of a component point at (the classification's vocabulary), or null */
export function categoryOfWords(text: string): string | null {
  const matches = vocabularyMatchers().ns.findAll(text.toLowerCase());
  let best: { code: string; weight: number } | null = null;
  for (const match of matches) {
    for (const wt of match.payload) {
      if (wt.target.kind !== 'ns') continue;
      const score = wt.weight + wt.target.code.length * 0.1;
      if (!best || score > best.weight) best = { code: wt.target.code, weight: score };
    }
  }
  return best && best.weight >= 1.8 && isValidBuildingCategory(best.code) ? best.code : null;
}

const LEADING =
  /^(?:[-–•*·▪◦o]\s+|\d{1,2}[.)]\s+|[a-z][.)]\s+|(?:og|and|samt|deretter|then|also|også|dessuten|i tillegg)\s+|(?:the|a|an|all|alle|den|det|de|disse|these|this|those|any|each|every|your|ditt|din|dine|hele|samtlige|eventuelle|evt\.?|kvar|hver|hvert)\s+)+/iu;
const STOP =
  /\s(?:med|with|using|ved|for\s+å|to\s+(?:ensure|make|keep|check|prevent)|if|hvis|dersom|når|when|og|and|or|eller|slik\s+at|so\s+that|i\s+henhold|according|iht\.?|etter\s+behov|as\s+required|as\s+necessary|if\s+required|ved\s+behov|minst|at\s+least|minimum|for\s+(?:to|å)|før|before|after|etter|by|av\s+(?:en|et|godkjent|autorisert|kompetent|fagfolk|servicefirma|installatør|eier|driftspersonell|vaktmester)|utføres|performed|carried)\b/iu;

function tidy(phrase: string): string {
  let text = phrase.replace(/\s+/g, ' ').trim();
  text = text.replace(LEADING, '').trim();
  text = text.replace(/^[,;:()\-–]+|[,;:(\-–.]+$/g, '').trim();
  text = text.replace(LEADING, '').trim();
  if (text.length > 90) text = `${text.slice(0, 87).replace(/\s+\S*$/, '')}…`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** text with the interval phrases cut out */
function withoutIntervals(text: string, intervals: readonly IntervalMatch[], offset = 0): string {
  let out = text;
  for (const interval of [...intervals].sort((a, b) => b.start - a.start)) {
    const start = interval.start - offset;
    const end = interval.end - offset;
    if (start < 0 || end > out.length) continue;
    out = `${out.slice(0, start)} ${out.slice(end)}`;
  }
  return out;
}

const MODAL =
  /\s(?:skal|skall|bør|må|kan|skulle|burde|should|must|shall|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|will|ought\s+to|is\s+recommended\s+to|requires?)\s/iu;
const NOMINAL =
  /(?:rengjøring|reingjering|rensing|reinsing|kontroll|service|inspeksjon|ettersyn|smøring|bytte|skifte|utskifting|utskifting|testing|test|vask|tømming|inspection|cleaning|replacement|servicing|lubrication|testing|check|examination|maintenance|vedlikehold)\s+(?:av|på|of|on|for|to)\s+(.+)/iu;

/** "Filter replacement intervals" -> "Filter": the words before an action noun inside a subject */
function subjectNoun(subject: string): string {
  const actions = findActions(subject);
  const first = actions[0];
  if (first && first.start >= 3) return subject.slice(0, first.start);
  return subject.replace(/\s+(?:intervals?|intervall(?:er|et)?)\s*$/iu, '');
}

/** what the action is done to, in the document's words; null when the text does not say */
function componentOf(segment: string, action: ActionMatch | null): string | null {
  const text = segment.replace(/\s+/g, ' ').trim();
  if (
    action &&
    /^\p{L}{3,}(?:bytte|byte|skift|skifte|rengjøring|vask|kontroll|test|service|ettersyn|smøring)$/u.test(action.word)
  ) {
    const prefix = action.word.replace(
      /(?:bytte|byte|skift|skifte|rengjøring|vask|kontroll|test|service|ettersyn|smøring)$/u,
      '',
    );
    if (prefix.length >= 3) return tidy(prefix.replace(/s$/, ''));
  }
  const nominal = NOMINAL.exec(text);
  if (nominal) {
    const object = nominal[1]!.split(STOP)[0]!;
    if (object.trim().length >= 3) return tidy(object);
  }
  // Norwegian passive without a modal: "Vifter og motorer kontrolleres halvårlig", "Takrenner reinsast kvart år"
  if (action && /(?:es|ast|as)$/.test(action.word)) {
    const at = text.toLowerCase().indexOf(action.word);
    const subject = (at > 0 ? text.slice(0, at) : '').split(/[,;:]\s/).at(-1) ?? '';
    if (subject.trim().length >= 3 && subject.trim().split(/\s+/).length <= 10 && !MODAL.test(` ${subject} `)) {
      return tidy(subjectNoun(subject));
    }
  }
  const modal = MODAL.exec(` ${text} `);
  if (modal && action) {
    const subject =
      ` ${text} `
        .slice(0, modal.index)
        .split(/[,;:]\s/)
        .at(-1) ?? '';
    const cleaned = subject.replace(/^.*\b(?:at|that)\s+/iu, '');
    if (
      cleaned.trim().split(/\s+/).length <= 12 &&
      cleaned.trim().length >= 3 &&
      !/^(?:du|you|det|it|man|vi|we|eier|owner)$/i.test(cleaned.trim())
    ) {
      return tidy(subjectNoun(cleaned));
    }
  }
  if (action && /(?:ment|ing|ering|tion|bytte|skift)$/.test(action.word)) {
    const at = text.toLowerCase().indexOf(action.word);
    const before =
      at > 0
        ? (text
            .slice(0, at)
            .split(/[,;:]\s/)
            .at(-1) ?? '')
        : '';
    if (before.trim().length >= 3 && before.trim().split(/\s+/).length <= 6) return tidy(before);
  }
  if (action) {
    const after = text.slice(text.toLowerCase().indexOf(action.word) + action.word.length);
    const object = after
      .replace(/^\s*(?:ut|opp|av|out|up|off)\b/iu, '')
      .replace(/^\s*(?:at|that|om|if|whether)\s+/iu, '')
      .split(STOP)[0]!
      .split(/[,.;:(]/)[0]!;
    const words = object.trim().split(/\s+/).filter(Boolean);
    if (object.trim().length >= 3) return tidy(words.slice(0, 6).join(' '));
  }
  return null;
}

// ------------------------------------------------------------------------------------------------ decoys

/** a result, a record of something done, a payment or delivery: time is mentioned, nothing is asked to be done */
const NOT_A_TASK =
  /(?<![\p{L}])(?:ble|blei|vart|was|were|har\s+blitt|has\s+been|have\s+been|er\s+blitt|ble\s+utført|completed\s+on|utført\s+den|utført\s+dato|performed\s+on|tested\s+on|testet\s+den|målt\s+til|measured\s+at|resultat(?:et)?:|results?:|faktur\w*|betal\w*|payment|invoice\w*|leveringstid|levertid|delivery\s+time|lead\s+time|forfall\w*|garantitid\w*|warranty\s+period|guarantee\s+period)(?![\p{L}])/iu;
const NEGATED = /(?:ikke|ikkje|no|not|never|aldri|without|uten|utan)\s+(?:\p{L}+\s+){0,1}$/iu;

// ------------------------------------------------------------------------------------------------ layout

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const part of text.split('\n')) {
    out.push({ start, end: start + part.length, text: part });
    start += part.length + 1;
  }
  return out;
}

const BULLET = /^\s*(?:[-–•*·▪◦]\s+|\d{1,2}[.)]\s+(?=\p{L})|[a-z][.)]\s+)/u;

function cellsOf(line: string): string[] | null {
  if (line.includes('\t')) {
    const cells = line.split('\t').map((c) => c.trim());
    return cells.filter((c) => c !== '').length >= 2 ? cells : null;
  }
  if (line.includes(' | ')) {
    const cells = line.split(' | ').map((c) => c.trim());
    return cells.filter((c) => c !== '').length >= 2 ? cells : null;
  }
  return null;
}

function isHeading(line: string): boolean {
  const text = line.trim();
  if (!text || text.length > 70) return false;
  if (BULLET.test(text) && !/^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}/u.test(text)) return false;
  if (/:$/.test(text)) return text.split(/\s+/).length <= 8;
  if (/[.!?;,]$/.test(text)) return false;
  return text.split(/\s+/).length <= 7 && /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?\p{Lu}/u.test(text);
}

const ABBREVIATIONS =
  /(?:^|[\s(])(?:ca|f\.eks|pr|nr|mnd|md|bl\.a|evt|inkl|ref|jf|jfr|osv|e\.g|i\.e|approx|no|fig|kap|pkt|min|maks|max|stk|dvs|etc|vs|mr|dr|st|ds|iht|m\.m|o\.l|t\.o\.m|f\.o\.m|tlf|tel|art|avsn|vol|ed|kl|fabr|mod|type)$/iu;

/** sentence spans within [start, end) of the page text */
function sentencesOf(text: string, start: number, end: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = start;
  const re = /[.!?](?=\s+["«(]?[\p{Lu}\d•])/gu;
  re.lastIndex = start;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    const before = text.slice(Math.max(from, m.index - 12), m.index);
    if (ABBREVIATIONS.test(before) || /\d$/.test(before)) continue;
    out.push({ start: from, end: m.index + 1 });
    from = m.index + 1;
    while (from < end && /\s/.test(text[from]!)) from += 1;
  }
  if (from < end) out.push({ start: from, end });
  return out.filter((s) => text.slice(s.start, s.end).trim().length > 0).map((s) => trimSpan(text, s));
}

function trimSpan(text: string, span: { start: number; end: number }) {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

// ------------------------------------------------------------------------------------------------ extraction

interface Section {
  component: string | null;
  action: string | null;
  interval: IntervalMatch | null;
  performer: PerformedBy | null;
  code: string | null;
}

const EMPTY_SECTION: Section = { component: null, action: null, interval: null, performer: null, code: null };

const INTERVAL_HEADER =
  /intervall|interval|frekvens|frequency|hyppighet|hvor\s+ofte|how\s+often|periodicity|periodisitet|når|when|tidspunkt|schedule/iu;
const ACTION_HEADER =
  /oppgave|tiltak|arbeid|aktivitet|task|action|activity|work|handling|operasjon|operation|beskrivelse|description|vedlikehold|maintenance|kontroll|inspection/iu;
const COMPONENT_HEADER =
  /komponent|component|utstyr|equipment|del|part|item|objekt|object|system|produkt|product|enhet|unit|bygningsdel|element/iu;
const WHO_HEADER = /utføres\s+av|utført\s+av|ansvar|responsib|performed\s+by|who|hvem|utførende|by\s+whom/iu;
const PERFORMER_HEADERS: readonly [PerformedBy, RegExp][] = [
  ['owner', /^(?:eier|byggeier|bruker|brukar|beboer|bebuar|eigar|owner|user|occupant|resident|tenant)(?![\p{L}])/iu],
  [
    'operator',
    /^(?:drift|driftspersonell|driftspersonale|vaktmester|vaktmeister|operator|operating\s+staff|caretaker|maintenance\s+staff|facilities)(?![\p{L}])/iu,
  ],
  [
    'service_company',
    /^(?:installatør|installer|service(?:firma|foretak|partner)?|leverandør|fagfolk|fagperson|contractor|technician|specialist|servicetekniker|service\s+company|engineer|kompetent\s+firma)(?![\p{L}])/iu,
  ],
];

interface TableColumns {
  component: number | null;
  action: number | null;
  who: number | null;
  intervals: { index: number; performer: PerformedBy | null }[];
}

function headerOf(cells: readonly string[]): TableColumns | null {
  if (cells.some((c) => parseIntervalCell(c))) return null;
  const columns: TableColumns = { component: null, action: null, who: null, intervals: [] };
  cells.forEach((cell, index) => {
    const performer = PERFORMER_HEADERS.find(([, re]) => re.test(cell.trim()))?.[0] ?? null;
    if (performer) columns.intervals.push({ index, performer });
    else if (INTERVAL_HEADER.test(cell)) columns.intervals.push({ index, performer: null });
    else if (WHO_HEADER.test(cell)) columns.who = index;
    else if (columns.component === null && COMPONENT_HEADER.test(cell)) columns.component = index;
    else if (columns.action === null && ACTION_HEADER.test(cell)) columns.action = index;
  });
  return columns.intervals.length > 0 ? columns : null;
}

function strongest(actions: readonly ActionMatch[], text: string, near?: number): ActionMatch | null {
  // an alternative in parentheses ("replace disposable filters (or clean permanent ones)") is not the main action
  const open = (a: ActionMatch) =>
    (text.slice(0, a.start).match(/\(/g)?.length ?? 0) > (text.slice(0, a.start).match(/\)/g)?.length ?? 0);
  const outside = actions.filter((a) => !open(a));
  let best: ActionMatch | null = null;
  // the strongest form; among equals the one nearest before the interval ("maintained ... and checked annually")
  const distance = (a: ActionMatch) => (near === undefined ? 0 : a.end <= near ? near - a.end : 1000 + a.start - near);
  for (const a of outside.length ? outside : actions) {
    if (!best || a.strength > best.strength || (a.strength === best.strength && distance(a) < distance(best))) best = a;
  }
  return best;
}

function categoryFor(params: {
  code: string | null;
  component: string;
  sentence: string;
  section: Section;
  documentCategory: string | null;
  /** what categoryOfWords said of a text already, in this document: a sentence with two tasks is read once */
  categories: Map<string, string | null>;
}): string | null {
  const words = (text: string): string | null => {
    let category = params.categories.get(text);
    if (category === undefined) {
      category = categoryOfWords(text);
      params.categories.set(text, category);
    }
    return category;
  };
  return (
    categoryOfCode(params.code) ??
    words(params.component) ??
    words(params.sentence) ??
    (params.section.component ? words(params.section.component) : null) ??
    (params.documentCategory && params.documentCategory !== 'MSC' && isValidBuildingCategory(params.documentCategory)
      ? params.documentCategory
      : null)
  );
}

const JOINERS = /(?:,?\s+(?:og|and|samt|mens|while|men|but|whereas|medan)\s+|;\s*|,\s+(?=\p{Ll}))/giu;

/**
 * The tasks a document's pages state. `buildingCategory`: the document's classification, the NS 3451 part of a task
 * whose own words and codes do not say.
 */
export function extractMaintenanceTasks(input: {
  pages: readonly ExtractionPage[];
  buildingCategory?: string | null;
}): ExtractedTask[] {
  const tasks: ExtractedTask[] = [];
  const documentCategory = input.buildingCategory ?? null;
  const categories = new Map<string, string | null>();
  for (const page of input.pages) {
    const text = page.text;
    // a task needs an interval on its own page (in its sentence, its row, or a heading above it): a page with no
    // word of one (most pages of a long manual) states none
    if (!mayStateInterval(text)) continue;
    const lines = linesOf(text);
    let section: Section = { ...EMPTY_SECTION };
    let table: TableColumns | null = null;
    let index = 0;
    while (index < lines.length) {
      const line = lines[index]!;
      const cells = cellsOf(line.text);
      if (cells) {
        const header = headerOf(cells);
        if (header) {
          table = header;
          index += 1;
          continue;
        }
        tasks.push(...rowTasks({ cells, line, table, section, page, documentCategory, categories }));
        index += 1;
        continue;
      }
      table = null;
      if (!line.text.trim()) {
        index += 1;
        continue;
      }
      if (isHeading(line.text)) {
        section = headingSection(line.text, section);
        index += 1;
        continue;
      }
      // a block: this line and the lines that continue it (a wrapped sentence, a list item's next line)
      let end = index + 1;
      while (end < lines.length) {
        const next = lines[end]!.text;
        if (!next.trim() || cellsOf(next) || BULLET.test(next) || isHeading(next)) break;
        end += 1;
      }
      const blockStart = line.start;
      const blockEnd = lines[end - 1]!.end;
      for (const span of sentencesOf(text, blockStart, blockEnd)) {
        tasks.push(...sentenceTasks({ text, span, section, page, documentCategory, categories }));
      }
      index = end;
    }
  }
  return dedupe(tasks);
}

function headingSection(heading: string, previous: Section): Section {
  const intervals = findIntervals(heading);
  const actions = findActions(heading);
  const rest = withoutIntervals(heading, intervals)
    .replace(/^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+/u, '')
    .replace(/[:–-]\s*$/u, '')
    .trim();
  const interval = intervals.find((i) => i.interval !== null) ?? intervals[0] ?? null;
  // a heading's interval rules the list under it only when that is what the heading is about ("Hver måned:",
  // "Årlig kontroll"), not when it merely mentions a year ("Årlig energiforbruk")
  const restWords = rest.split(/\s+/).filter(Boolean);
  const governs = interval !== null && (restWords.length === 0 || actions.length > 0 || /:\s*$/.test(heading));
  const restWithoutActions = actions.length
    ? rest
        .split(/\s+/)
        .filter((w) => !findActions(w).length)
        .join(' ')
    : rest;
  const component = restWithoutActions.trim().length >= 3 ? tidy(restWithoutActions) : null;
  if (governs) {
    return {
      component: component ?? previous.component,
      action: actions[0]?.action ?? previous.action,
      interval,
      performer: performerOf(heading) ?? previous.performer,
      code: tfmCodeOf(heading) ?? previous.code,
    };
  }
  return {
    component: component ?? (actions.length ? previous.component : null),
    action: actions[0]?.action ?? null,
    interval: null,
    performer: performerOf(heading),
    // a TFM code in a title holds for what follows until another heading names one
    code: tfmCodeOf(heading) ?? previous.code,
  };
}

function rowTasks(params: {
  cells: readonly string[];
  line: Line;
  table: TableColumns | null;
  section: Section;
  page: ExtractionPage;
  documentCategory: string | null;
  categories: Map<string, string | null>;
}): ExtractedTask[] {
  const { cells, line, table, section, page } = params;
  const citedText = line.text.trim();
  const intervalCells: { match: IntervalMatch; performer: PerformedBy | null }[] = [];
  if (table) {
    for (const column of table.intervals) {
      const cell = cells[column.index];
      const match = cell ? parseIntervalCell(cell) : null;
      if (match) intervalCells.push({ match, performer: column.performer });
    }
  } else {
    cells.forEach((cell) => {
      const match = parseIntervalCell(cell);
      if (match) intervalCells.push({ match, performer: null });
    });
  }
  if (intervalCells.length === 0 && section.interval && section.interval.interval) {
    intervalCells.push({ match: section.interval, performer: null });
  }
  if (intervalCells.length === 0) return [];
  const isIntervalCell = (cell: string) => parseIntervalCell(cell) !== null;
  const textCells = cells.filter(
    (c) => c.trim() && !isIntervalCell(c) && !/^[-–—?]+$|^(?:ved behov|if required|as required|n\/a)$/iu.test(c.trim()),
  );
  if (NOT_A_TASK.test(textCells.join(' '))) return [];
  const actionCell = table?.action != null ? (cells[table.action] ?? '') : '';
  const actions = findActions(actionCell || textCells.join(' '));
  const action = actions[0]?.action ?? (/control|pollution/i.test(textCells.join(' ')) ? 'inspect' : section.action);
  if (!action) return [];
  const componentCell =
    table?.component != null
      ? (cells[table.component] ?? '')
      : (textCells.find((c) => findActions(c).length === 0 && !performerOf(c)) ?? '');
  let component = componentCell.trim() ? tidy(componentCell) : null;
  if (!component && actions[0]) component = componentOf(textCells.join(' '), actions[0]);
  component ??= section.component;
  if (!component) return [];
  const whoCell = table?.who != null ? (cells[table.who] ?? '') : '';
  const code = tfmCodeOf(line.text) ?? section.code;
  return intervalCells.map(({ match, performer }) => ({
    component: component,
    componentCode: code,
    buildingCategory: categoryFor({
      code,
      component: component,
      sentence: line.text,
      section,
      documentCategory: params.documentCategory,
      categories: params.categories,
    }),
    action,
    interval: match.interval,
    intervalText: match.text.trim(),
    performedBy:
      performer ?? (whoCell ? performerOf(whoCell) : null) ?? performerOf(textCells.join(' ')) ?? section.performer,
    pageNumber: page.pageNumber,
    citedText,
  }));
}

function sentenceTasks(params: {
  text: string;
  span: { start: number; end: number };
  section: Section;
  page: ExtractionPage;
  documentCategory: string | null;
  categories: Map<string, string | null>;
}): ExtractedTask[] {
  const { text, span, section, page } = params;
  const sentence = text.slice(span.start, span.end);
  const intervals = findIntervals(sentence);
  // most sentences of a manual state no frequency: nothing more to read in them unless a heading gives one
  if (intervals.length === 0 && !section.interval) return [];
  if (NOT_A_TASK.test(sentence)) return [];
  const actions = findActions(sentence).filter(
    (a) => !NEGATED.test(sentence.slice(Math.max(0, a.start - 20), a.start)),
  );
  if (actions.length === 0) return [];
  const citedText = sentence;
  const make = (
    segment: string,
    segmentStart: number,
    interval: IntervalMatch,
    fallback: string | null,
  ): ExtractedTask | null => {
    const local = actions.filter((a) => a.start >= segmentStart && a.end <= segmentStart + segment.length);
    const action = strongest(
      local.length ? local : actions,
      sentence,
      interval.start >= 0 ? interval.start : undefined,
    );
    if (!action) return null;
    const segmentIntervals = intervals.filter((i) => i.start >= segmentStart && i.end <= segmentStart + segment.length);
    const plain = withoutIntervals(segment, segmentIntervals, segmentStart);
    const localAction = local.length ? { ...action, word: action.word } : action;
    const component = componentOf(plain, localAction) ?? fallback ?? section.component;
    if (!component) return null;
    const code = tfmCodeOf(sentence) ?? section.code;
    return {
      component,
      componentCode: code,
      buildingCategory: categoryFor({
        code,
        component,
        sentence,
        section,
        documentCategory: params.documentCategory,
        categories: params.categories,
      }),
      action: action.action,
      interval: interval.interval,
      intervalText: interval.text.replace(/\s+/g, ' ').trim(),
      performedBy: performerOf(segment) ?? performerOf(sentence) ?? section.performer,
      pageNumber: page.pageNumber,
      citedText,
    };
  };
  if (intervals.length === 0) {
    // under a heading that gives the interval ("Hver måned:", "Every 6 months"): the item says what, the heading when
    const governing = section.interval;
    if (!governing || !actions.some((a) => a.strength >= 1.5 || a.start <= 3)) return [];
    const task = make(sentence, 0, { ...governing, start: -1, end: -1 }, null);
    return task ? [task] : [];
  }
  if (intervals.length === 1) {
    const task = make(sentence, 0, intervals[0]!, null);
    return task ? [task] : [];
  }
  // two or more intervals: each rules the clause it stands in ("X skiftes hver 6. måned, og Y kontrolleres årlig")
  const boundaries: number[] = [0];
  for (let i = 1; i < intervals.length; i++) {
    const from = intervals[i - 1]!.end;
    const to = intervals[i]!.start;
    const between = sentence.slice(from, to);
    let cut = -1;
    JOINERS.lastIndex = 0;
    for (let m = JOINERS.exec(between); m; m = JOINERS.exec(between)) cut = from + m.index;
    boundaries.push(cut >= 0 ? cut : from);
  }
  boundaries.push(sentence.length);
  const out: ExtractedTask[] = [];
  let previous: string | null = null;
  intervals.forEach((interval, i) => {
    const start = boundaries[i]!;
    const segment = sentence.slice(start, boundaries[i + 1]);
    const task = make(segment, start, interval, previous);
    if (task) {
      out.push(task);
      previous = task.component;
    }
  });
  return out;
}

/** the same task said twice on a page (a heading and its sentence) counts once */
function dedupe(tasks: ExtractedTask[]): ExtractedTask[] {
  const seen = new Set<string>();
  return tasks.filter((t) => {
    const key = `${t.pageNumber}\n${t.citedText}\n${t.action}\n${t.intervalText}\n${t.performedBy}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
