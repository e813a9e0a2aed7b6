/**
 * How often, as a maintenance text says it, normalised to "every N days, weeks, months or years". Bokmål, Nynorsk and
 * English: "hver 6. måned", "halvårlig", "2 ganger i året", "kvart år" (Nynorsk: every year), "quarterly", "vår og
 * høst", "before each heating season", "høyst 12 måneder", "should not exceed six months", "every 2,000 operating
 * hours or at least once a year" (the calendar part counts), and operating hours alone (kept as text, no interval).
 */
export type IntervalUnit = 'day' | 'week' | 'month' | 'year';

export interface Interval {
  every: number;
  unit: IntervalUnit;
}

/** One interval phrase found in a text: where it stands, its words, and what it comes to (null: operating hours). */
export interface IntervalMatch {
  start: number;
  end: number;
  text: string;
  interval: Interval | null;
}

const NUMBER_WORDS: Record<string, number> = {
  en: 1,
  ein: 1,
  ei: 1,
  ett: 1,
  eitt: 1,
  én: 1,
  one: 1,
  a: 1,
  an: 1,
  to: 2,
  two: 2,
  tre: 3,
  three: 3,
  fire: 4,
  four: 4,
  fem: 5,
  five: 5,
  seks: 6,
  six: 6,
  sju: 7,
  syv: 7,
  seven: 7,
  åtte: 8,
  eight: 8,
  ni: 9,
  nine: 9,
  ti: 10,
  ten: 10,
  elleve: 11,
  eleven: 11,
  tolv: 12,
  twelve: 12,
  fjorten: 14,
  fourteen: 14,
  femten: 15,
  fifteen: 15,
  atten: 18,
  eighteen: 18,
  tjue: 20,
  twenty: 20,
  tjuefire: 24,
  tretti: 30,
  thirty: 30,
  trettiseks: 36,
  førtiåtte: 48,
  sekstito: 62,
  // ordinals, as in "hver sjette måned", "every second year"
  annen: 2,
  annet: 2,
  andre: 2,
  anna: 2,
  second: 2,
  other: 2,
  tredje: 3,
  third: 3,
  fjerde: 4,
  fourth: 4,
  femte: 5,
  fifth: 5,
  sjette: 6,
  sixth: 6,
  sjuende: 7,
  syvende: 7,
  seventh: 7,
  åttende: 8,
  eighth: 8,
  niende: 9,
  ninth: 9,
  tiende: 10,
  tenth: 10,
  tolvte: 12,
  twelfth: 12,
  fjortende: 14,
  fourteenth: 14,
};

const NUMBER = `(?:\\d{1,3}(?:[ ,.\u00a0]\\d{3})+|\\d{1,4}(?:[.,]5)?\\.?|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

/** unit words and what one of them is */
const UNITS: readonly [pattern: string, interval: Interval][] = [
  ['kvartal(?:et|er)?|quarters?', { every: 3, unit: 'month' }],
  ['halvår(?:et)?|half[- ]years?', { every: 6, unit: 'month' }],
  ['tertial(?:et)?', { every: 4, unit: 'month' }],
  ['døgn(?:et)?|dag(?:en|er|ar|ane)?|days?', { every: 1, unit: 'day' }],
  // Nynorsk "veka" is the week and the weeks ("kvar tredje veka"), "vika" a dialect spelling of it
  ['uke(?:n|r|ne)?|veke(?:r|ne)?|veka|vika|weeks?|wks?', { every: 1, unit: 'week' }],
  ['fortnights?', { every: 2, unit: 'week' }],
  [
    'måned(?:en|er|ene)?|månad(?:en|er|ene)?|månadar|mnd\\.?|mndr\\.?|md\\.|months?|mths?\\.?|mo\\.',
    { every: 1, unit: 'month' },
  ],
  ['år(?:et|a)?|years?|yrs?\\.?', { every: 1, unit: 'year' }],
];
const UNIT = `(?:${UNITS.map(([p]) => p).join('|')})`;

/** each unit's pattern as a whole word, compiled once */
const UNIT_WORD_RES: readonly [RegExp, Interval][] = UNITS.map(([pattern, interval]) => [
  new RegExp(`^(?:${pattern})$`, 'u'),
  interval,
]);

function unitOf(word: string): Interval | null {
  const lower = word.toLowerCase();
  for (const [re, interval] of UNIT_WORD_RES) if (re.test(lower)) return interval;
  return null;
}

function numberOf(raw: string): number | null {
  const word = raw.toLowerCase().replace(/\.$/, '');
  if (word in NUMBER_WORDS) return NUMBER_WORDS[word]!;
  const digits = word.replace(/[ ,.\u00a0](?=\d{3}\b)/g, '').replace(',', '.');
  const value = Number(digits);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** every N of a unit, in the largest unit that keeps N whole (12 months -> 1 year, 14 days -> 2 weeks) */
export function normaliseInterval(interval: Interval): Interval {
  const { every, unit } = interval;
  if (unit === 'month' && every % 12 === 0) return { every: every / 12, unit: 'year' };
  if (unit === 'day' && every % 7 === 0) return { every: every / 7, unit: 'week' };
  return { every, unit };
}

function times(count: number, base: Interval): Interval {
  return normaliseInterval({ every: base.every * count, unit: base.unit });
}

/**
 * "N times per period" as every so-many of a unit; null for more than once a day ("2 gonger i døgnet"), which no
 * interval of whole days says: it is kept as the document's words, as operating hours are, not misread as daily
 */
function perPeriod(count: number, period: Interval): Interval | null {
  if (count <= 1) return normaliseInterval(period);
  if (period.unit === 'day' && period.every === 1) return null;
  const days = { day: 1, week: 7, month: 30.4375, year: 365.25 }[period.unit] * period.every;
  if (period.unit === 'year' && (12 * period.every) % count === 0) {
    return normaliseInterval({ every: (12 * period.every) / count, unit: 'month' });
  }
  if (period.unit === 'year' && (52 * period.every) % count === 0) {
    return normaliseInterval({ every: (52 * period.every) / count, unit: 'week' });
  }
  if (period.unit === 'month' && count === 2 && period.every === 1) return { every: 2, unit: 'week' };
  if (period.unit === 'month' && count === 4 && period.every === 1) return { every: 1, unit: 'week' };
  if (period.unit === 'week' && 7 % count === 0) return normaliseInterval({ every: 7 / count, unit: 'day' });
  return normaliseInterval({ every: Math.max(1, Math.round(days / count)), unit: 'day' });
}

interface Rule {
  pattern: RegExp;
  /** the interval of a match; null: operating hours, kept as text */
  read: (match: RegExpExecArray) => Interval | null | undefined;
}

const W = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const EVERY = '(?:hver|hvert|kvar|kvart|each|every)';

function rule(source: string, read: Rule['read']): Rule {
  return { pattern: new RegExp(`${W}(?:${source})${E}`, 'giu'), read };
}

const YEAR: Interval = { every: 1, unit: 'year' };
const HALF_YEAR: Interval = { every: 6, unit: 'month' };

/**
 * The phrases, most specific first: where two overlap the earlier rule's match is kept (so "hvert kvart år" is a
 * quarter, not Nynorsk's "kvart år").
 */
const RULES: readonly Rule[] = [
  // bokmål "hvert kvart år" / "et kvart år": a quarter of a year
  rule('(?:hvert|hver|et|eit|ett)\\s+kvart\\s+år', () => ({ every: 3, unit: 'month' })),
  // limits: "høyst 12 måneder", "should not exceed six months", "intervals not exceeding 12 months"
  rule(
    `(?:høyst|maks(?:imalt|imum)?\\.?|ikke\\s+(?:mer|lenger)\\s+enn|ikkje\\s+(?:meir|lenger)\\s+enn|(?:should\\s+|shall\\s+|must\\s+)?not\\s+(?:to\\s+)?exceed(?:ing)?|no\\s+(?:more|longer)\\s+than|not\\s+more\\s+than|at\\s+most|up\\s+to)\\s+(${NUMBER})\\s*(${UNIT})`,
    (m) => scaled(m[1], m[2]),
  ),
  // "at intervals of 6 months", "intervall(er) på 6 måneder", "intervall: 6 mnd"
  rule(
    `(?:(?:at|with)\\s+)?intervals?\\s+(?:of\\s+)?(${NUMBER})\\s*(${UNIT})|intervall(?:et|er)?(?:\\s+på|\\s*:)?\\s*(${NUMBER})\\s*(${UNIT})`,
    (m) => scaled(m[1] ?? m[3], m[2] ?? m[4]),
  ),
  // "6-monthly", "6-month intervals", "12 month service", "6 måneders intervall" (a bare "6 months" is a duration)
  rule(
    `(${NUMBER})[- ](monthly|yearly|weekly|daily)|(${NUMBER})[- ](months?|years?|weeks?|days?)\\s+(?:intervals?|service|servicing|inspections?|checks?|maintenance)|(${NUMBER})\\s*(måneders|månaders|mnd\\.?|års|ukers|vekers|dagers)\\s+(?:intervall(?:er)?|mellomrom)`,
    (m) => {
      const unit = (m[2] ?? m[4] ?? m[6] ?? '').toLowerCase();
      const base = /^(month|mnd|måne|måna)/.test(unit)
        ? 'month'
        : /^(year|år)/.test(unit)
          ? 'year'
          : /^(week|uke|veke)/.test(unit)
            ? 'week'
            : 'day';
      const count = numberOf(m[1] ?? m[3] ?? m[5] ?? '');
      return count !== null && Number.isInteger(count) ? times(count, { every: 1, unit: base }) : undefined;
    },
  ),
  // counts per period: "2 ganger i året", "6 gonger i året", "twice a year", "three times per month", "2 x årlig"
  rule(
    `(?:(${NUMBER})\\s*(?:ganger|gonger|gang|gong|times|x|×)|(twice|thrice|once))\\s*(?:i|per|pr\\.?|a|an|om|each|every|hvert|kvart)?\\s*(halvår(?:et)?|kvartal(?:et)?|år(?:et)?|years?|måned(?:en)?|månad(?:en)?|months?|uke(?:n)?|veke|veka|weeks?|dag(?:en)?|døgn(?:et)?|days?|årlig|årleg|annually|yearly|månedlig|månadleg|monthly|ukentlig|vekentleg|weekly|daglig|dagleg|daily)`,
    (m) => {
      const raw = (m[1] ?? m[2] ?? '').toLowerCase();
      const count = raw === 'twice' ? 2 : raw === 'thrice' ? 3 : raw === 'once' ? 1 : numberOf(raw);
      const periodWord = (m[3] ?? '').toLowerCase();
      const period = /^halvår/.test(periodWord)
        ? HALF_YEAR
        : /^kvartal/.test(periodWord)
          ? { every: 3, unit: 'month' as const }
          : /^(år|year|annual|årl|årleg)/.test(periodWord)
            ? YEAR
            : /^(måne|måna|month)/.test(periodWord)
              ? { every: 1, unit: 'month' as const }
              : /^(uke|veke|veka|week|ukent|vekent)/.test(periodWord)
                ? { every: 1, unit: 'week' as const }
                : { every: 1, unit: 'day' as const };
      return count !== null && Number.isInteger(count) ? perPeriod(count, period) : undefined;
    },
  ),
  // "hver 6. måned", "hvert 2. år", "hver sjette måned", "every six months", "every other year", "kvar månad",
  // "every 2 weeks", "each year", "hver 14. dag", "annenhver uke", "annethvert år"
  rule(
    `(?:${EVERY}\\s+(?:(${NUMBER})\\s*)?|annen\\s*hver\\s+|annet\\s*hvert\\s+|anna\\s*kvar(?:t)?\\s+|annakvar(?:t)?\\s+|annenhver\\s+|annethvert\\s+|every\\s+(?:other|second)\\s+)(${UNIT})`,
    (m) => {
      const unit = unitOf(m[2] ?? '');
      if (!unit) return undefined;
      const head = m[0].toLowerCase();
      // Nynorsk "kvart år" is every year; bokmål "hvert kvart år" was taken by the first rule
      if (/^(?:annen|annet|anna|every\s+(?:other|second))/.test(head)) return times(2, unit);
      const count = m[1] ? numberOf(m[1]) : 1;
      if (count === null || !Number.isInteger(count)) return undefined;
      return times(count, unit);
    },
  ),
  // one word: "halvårlig", "quarterly", "årlig", "daglig", "annually", "semi-annually", "biennially"
  rule(
    '(?:halvårlig|halvårleg|halvårsvis|semi[- ]?annual(?:ly)?|half[- ]yearly|bi[- ]?annual(?:ly)?|six[- ]monthly)',
    () => HALF_YEAR,
  ),
  rule('(?:kvartalsvis|quarterly)', () => ({ every: 3, unit: 'month' })),
  rule('(?:tertialvis)', () => ({ every: 4, unit: 'month' })),
  rule('(?:månedlig|månadleg|månedsvis|månadsvis|monthly)', () => ({ every: 1, unit: 'month' })),
  rule('(?:ukentlig|vekentleg|ukesvis|vekevis|weekly)', () => ({ every: 1, unit: 'week' })),
  rule('(?:fortnightly|biweekly|bi-weekly)', () => ({ every: 2, unit: 'week' })),
  rule('(?:daglig|dagleg|daily)', () => ({ every: 1, unit: 'day' })),
  rule('(?:biennial(?:ly)?|toårlig|toårleg)', () => ({ every: 2, unit: 'year' })),
  rule('(?:(\\d{1,2})-?årlig|(\\d{1,2})-?årleg)', (m) => times(numberOf(m[1] ?? m[2] ?? '1') ?? 1, YEAR)),
  rule('(?:årlig|årleg|årvisst|annual(?:ly)?|yearly|every\\s+year)', () => YEAR),
  // seasons: twice a year, or once a year before a season
  rule(
    '(?:vår\\s+og\\s+høst|høst\\s+og\\s+vår|vår\\s+og\\s+haust|haust\\s+og\\s+vår|våren\\s+og\\s+høsten|høsten\\s+og\\s+våren|spring\\s+and\\s+(?:autumn|fall)|(?:autumn|fall)\\s+and\\s+spring)',
    () => HALF_YEAR,
  ),
  rule(
    '(?:(?:hver|hvert|kvar|kvart|each|every)\\s+(?:vår|høst|haust|spring|autumn|fall|winter|vinter|summer|sommer|sommar)|(?:før|ved\\s+starten\\s+av|foran|before|at\\s+the\\s+start\\s+of)\\s+(?:hver|hvert|kvar|kvart|each|every|the)?\\s*(?:fyringssesong(?:en)?|fyringssesong|varmesesong(?:en)?|heating\\s+season|fyringsperiode(?:n)?|vinteren|vinter|winter|frostperioden)|(?:om|på)\\s+(?:høsten|hausten|våren)\\s+(?:hvert|kvart)\\s+år)',
    () => YEAR,
  ),
];

const scaled = (rawCount: string | undefined, rawUnit: string | undefined): Interval | undefined => {
  const count = numberOf(rawCount ?? '');
  const unit = unitOf(rawUnit ?? '');
  if (count === null || !unit || !Number.isInteger(count)) return undefined;
  return times(count, unit);
};

/** operating hours: "every 2,000 operating hours", "hver 500. driftstime", "etter 1000 driftstimer" */
const HOURS = new RegExp(
  `${W}(?:(?:every|each|after|hver|hvert|etter|kvar)\\s+)?(${NUMBER})\\s*(?:operating\\s+hours?|running\\s+hours?|hours?\\s+of\\s+operation|driftstimer|driftstime|driftstimar|gangtimer|driftstimers?|brennertimer|service\\s+hours|h\\s+drift)${E}`,
  'giu',
);

/** words that join an hours phrase to a calendar one it stands beside: the calendar part then counts */
const JOINS_HOURS =
  /^[\s,;(]*(?:or|eller|alternatively|alternativt|og\s+minst|but\s+at\s+least|–|-|\/)?[\s,;(]*(?:at\s+least|minst|minimum|no\s+less\s+than|however|whichever\s+comes\s+first[,]?)?\s*$/iu;

/**
 * Words one of which every phrase above holds (its unit, period, season or hours word), with the rules' own flags so
 * case folds alike: a text with none of them holds no interval, and the rules need not read it. Most sentences of a
 * manual state no frequency; this one cheap test spares them the rules (about half the extractor's time).
 */
const CUE =
  /kvart|quarter|halv|half|tertial|døgn|dag|day|dail|uke|vek|vika|week|wk|fortnight|måne|måna|mnd|md\.|month|mth|mo\.|år|year|yr|interval|annual|ennial|vår|høst|haust|spring|autumn|fall|winter|vinter|summer|sommer|sommar|sesong|season|fyring|frost|hour|tim|h\s+drift/iu;

/** Whether a text may state an interval at all: false says for certain that findIntervals finds nothing in it. */
export function mayStateInterval(text: string): boolean {
  return CUE.test(text);
}

/** Every interval phrase in a text, left to right, without overlaps. */
export function findIntervals(text: string): IntervalMatch[] {
  if (!CUE.test(text)) return [];
  const found: IntervalMatch[] = [];
  const taken = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  for (const { pattern, read } of RULES) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0].length === 0) {
        pattern.lastIndex += 1;
        continue;
      }
      if (taken(start, end)) continue;
      const interval = read(m);
      if (interval === undefined) continue;
      found.push({ start, end, text: m[0], interval });
    }
  }
  HOURS.lastIndex = 0;
  const hours: IntervalMatch[] = [];
  for (let m = HOURS.exec(text); m; m = HOURS.exec(text)) {
    if (!taken(m.index, m.index + m[0].length))
      hours.push({ start: m.index, end: m.index + m[0].length, text: m[0], interval: null });
  }
  found.sort((a, b) => a.start - b.start);
  // "every 2,000 operating hours or at least once a year": one phrase, its calendar part the interval
  for (const h of hours) {
    const next = found.find((f) => f.start >= h.end && f.start - h.end <= 40);
    const between = next ? text.slice(h.end, next.start) : '';
    const before = [...found].reverse().find((f) => f.end <= h.start && h.start - f.end <= 40);
    const betweenBefore = before ? text.slice(before.end, h.start) : '';
    if (next && JOINS_HOURS.test(between)) {
      next.start = h.start;
      next.text = text.slice(h.start, next.end);
    } else if (before && JOINS_HOURS.test(betweenBefore)) {
      before.end = h.end;
      before.text = text.slice(before.start, h.end);
    } else {
      found.push(h);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const BARE_CELL = new RegExp(`^(?:ca\\.?\\s*)?(${NUMBER})\\s*(${UNIT})\\.?$`, 'iu');

/**
 * A table cell that is only an interval: "6 months", "1 år", "12 mnd", "Årlig", "3 md.", "2 x per år". Such cells say
 * "every" by standing in an interval column, so a bare "6 months" counts here and nowhere else.
 */
export function parseIntervalCell(cell: string): IntervalMatch | null {
  const text = cell.trim();
  if (!text) return null;
  const bare = BARE_CELL.exec(text);
  if (bare) {
    const interval = scaled(bare[1], bare[2]);
    if (interval) return { start: 0, end: text.length, text, interval };
  }
  const found = findIntervals(text);
  if (found.length >= 1 && found[0]!.text.length >= text.replace(/[.:;]+$/, '').length * 0.6) return found[0]!;
  return null;
}

const UNIT_WORDS: Record<IntervalUnit, { en: [string, string]; nb: [string, string] }> = {
  day: { en: ['day', 'days'], nb: ['dag', 'dager'] },
  week: { en: ['week', 'weeks'], nb: ['uke', 'uker'] },
  month: { en: ['month', 'months'], nb: ['måned', 'måneder'] },
  year: { en: ['year', 'years'], nb: ['år', 'år'] },
};

/** "every 6 months" / "hver 6. måned": how an interval a person set is written when nobody wrote it otherwise */
export function describeInterval(interval: Interval | null, locale: 'en' | 'nb' = 'en'): string {
  if (!interval) return locale === 'nb' ? 'ved behov' : 'as needed';
  const words = UNIT_WORDS[interval.unit][locale];
  if (locale === 'nb') {
    if (interval.every === 1) return `${interval.unit === 'year' ? 'hvert' : 'hver'} ${words[0]}`;
    return `${interval.unit === 'year' ? 'hvert' : 'hver'} ${interval.every}. ${words[0]}`;
  }
  return interval.every === 1 ? `every ${words[0]}` : `every ${interval.every} ${words[1]}`;
}

/** The interval in days, for comparing and sorting (a month 30.44 days, a year 365.25). */
export function intervalDays(interval: Interval): number {
  return interval.every * { day: 1, week: 7, month: 30.4375, year: 365.25 }[interval.unit];
}

export function sameInterval(a: Interval | null, b: Interval | null): boolean {
  if (a === null || b === null) return a === b;
  const x = normaliseInterval(a);
  const y = normaliseInterval(b);
  return x.every === y.every && x.unit === y.unit;
}
