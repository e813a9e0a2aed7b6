import { sql, type RawBuilder } from 'kysely';
import type { AnalysedTerm } from './query-analysis.js';

/**
 * Ranking, one formula for both engines. Per term: BM25's idf times ts_rank over the document vector with field
 * weights ({D, C, B, A}: body, -, folders and classification, filename/title/drawing number/category), so a match in
 * the title weighs more than one in the body, and a term repeated in the body saturates as in BM25. The weights were
 * tuned on the NorQuAD tuning split: heavier titles (A = 1.0 against a body of 0.2) lost a tenth of the first places.
 * Typo corrections and compounds count at ALTERNATIVE_WEIGHT. The sum is divided by a length norm, so a 300-page
 * manual does not win every query because it mentions everything.
 */
export const FIELD_WEIGHT_VALUES = { D: 0.5, C: 0.5, B: 0.6, A: 0.8 } as const;
const FIELD_WEIGHTS = `{${[FIELD_WEIGHT_VALUES.D, FIELD_WEIGHT_VALUES.C, FIELD_WEIGHT_VALUES.B, FIELD_WEIGHT_VALUES.A].join(', ')}}`;
const ALTERNATIVE_WEIGHT = 0.4;
/** body words at which the length norm starts to bite */
const LENGTH_PIVOT = 400;
const LENGTH_SLOPE = 0.5;

export interface WeightedTerm extends AnalysedTerm {
  idf: number;
}

/** BM25's idf: rare terms count more; never negative. */
export function inverseDocumentFrequency(params: { documents: number; containing: number }): number {
  const { documents, containing } = params;
  return Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
}

/** 1 for short documents, slowly smaller for long ones. */
export function lengthNorm(length: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(1.0 / (1.0 + ${LENGTH_SLOPE}::float8 * ln(1.0 + ${length}::float8 / ${LENGTH_PIVOT}::float8)))`;
}

/** lengthNorm's value in this process (the segments' floor candidates: see segments.ts) */
export function lengthNormOf(length: number): number {
  return 1.0 / (1.0 + LENGTH_SLOPE * Math.log(1.0 + length / LENGTH_PIVOT));
}

function rank(vector: RawBuilder<unknown>, query: string): RawBuilder<number> {
  return sql<number>`ts_rank(${FIELD_WEIGHTS}::float4[], ${vector}, ${query}::tsquery)`;
}

/** The rank of each term (exact, then its alternatives), as an array the score and coverage are computed from. */
export function termRanks(params: {
  vector: RawBuilder<unknown>;
  terms: readonly WeightedTerm[];
}): RawBuilder<number[]> {
  const parts: RawBuilder<number>[] = [];
  for (const term of params.terms) {
    parts.push(rank(params.vector, term.exact));
    parts.push(term.alternatives ? rank(params.vector, term.alternatives) : sql<number>`0`);
  }
  return sql<number[]>`array[${sql.join(parts)}]::float8[]`;
}

/**
 * A vector kept out of line, read once: every rank of termRanks would otherwise fetch it again. An array holds its
 * elements in full, and its first element is read in place. For a subquery of its own (`offset 0`), whose column
 * the ranks then share.
 */
export function detoasted(vector: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(array[${vector}])[1]`;
}

/** how many ranks termRanks computes: with one, reading the vector once needs nothing more */
export function rankCount(terms: readonly WeightedTerm[]): number {
  return terms.reduce((n, term) => n + (term.alternatives ? 2 : 1), 0);
}

/** Σ idf × (exact + ALTERNATIVE_WEIGHT × alternatives), from the array built by termRanks. */
export function scoreFromRanks(params: {
  ranks: RawBuilder<unknown>;
  terms: readonly WeightedTerm[];
}): RawBuilder<number> {
  const parts = params.terms.map(
    (term, i) =>
      sql<number>`${term.idf}::float8 * (${params.ranks}[${2 * i + 1}] + ${ALTERNATIVE_WEIGHT}::float8 * ${params.ranks}[${2 * i + 2}])`,
  );
  return parts.length === 0 ? sql<number>`0` : sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** How many terms a document contains (exactly or through an alternative). */
export function coverageFromRanks(params: {
  ranks: RawBuilder<unknown>;
  terms: readonly WeightedTerm[];
}): RawBuilder<number> {
  const parts = params.terms.map(
    (_, i) => sql<number>`(${params.ranks}[${2 * i + 1}] + ${params.ranks}[${2 * i + 2}] > 0)::int`,
  );
  return parts.length === 0 ? sql<number>`0` : sql<number>`(${sql.join(parts, sql` + `)})`;
}

/**
 * The terms (exact or alternatives) in `head` or `top`: a hit that fails this scores its floor in the first pass
 * (roughScore with `presence: false`); the index `search_documents_boost` finds those that pass.
 */
export function inHeadOrTop(params: { alias: string; terms: readonly WeightedTerm[] }): RawBuilder<boolean> {
  const s = sql.ref(params.alias);
  const any = params.terms.map((t) => t.match).join(' | ');
  return sql<boolean>`(${s}.head @@ ${any}::tsquery or ${s}.top @@ ${any}::tsquery)`;
}

/** `'lex'` -> `'lex':A`, `'lex':*` -> `'lex':*A`: the same query, matching only positions of that weight */
function restrictToWeight(query: string, weight: 'A' | 'B'): string {
  return query.replace(
    /('(?:[^']|'')*')(:\*)?/g,
    (_, lexeme: string, star: string | undefined) => `${lexeme}:${star ? '*' : ''}${weight}`,
  );
}

/** the presence tests of one form of a term (a query), in PRESENCE_TESTS' order */
function formTests(s: RawBuilder<unknown>, query: string): RawBuilder<boolean>[] {
  return [
    sql<boolean>`${s}.head @@ ${restrictToWeight(query, 'A')}::tsquery`,
    sql<boolean>`${s}.head @@ ${restrictToWeight(query, 'B')}::tsquery`,
    sql<boolean>`${s}.top @@ ${query}::tsquery`,
  ];
}

/**
 * The first pass's presence tests of a term: PRESENCE_TESTS of its exact form, then of its alternatives (false when
 * it has none). What a segment holds postings of.
 */
export function presenceTests(params: { alias: string; term: AnalysedTerm }): RawBuilder<unknown>[] {
  const s = sql.ref(params.alias);
  const { exact, alternatives } = params.term;
  return [
    ...formTests(s, exact),
    ...(alternatives === null ? [sql`false`, sql`false`, sql`false`] : formTests(s, alternatives)),
  ];
}

/** the presence tests of one form of a term: `head` with weight A, with weight B, `top` */
export const PRESENCE_TESTS = ['head_a', 'head_b', 'top'] as const;

/**
 * roughScore's value in this process, times a million and not rounded (segments.ts picks the first pass's candidates
 * with it; the database then scores them): `presence(t, k)` is 1 when term t passes its k-th test of presenceTests.
 * The same steps in the same order, so it differs from the database's by no more than the last bits of `ln`.
 */
export function roughScoreOf(params: {
  terms: readonly { idf: number; alternatives: string | null }[];
  presence: (term: number, test: number) => number;
  length: number;
  /** lengthNorm's value for `length` as the database computed it (segments.ts): then the score is the database's */
  norm?: number;
}): number {
  const { terms, presence } = params;
  // 0.3 * a + 0.1 * b + 0.1 * c in numeric, then a float8: the double nearest to the decimal, as (3a + b + c) / 10
  const tests = (t: number, from: number) =>
    (3 * presence(t, from) + presence(t, from + 1) + presence(t, from + 2)) / 10;
  let sum = 0;
  terms.forEach((term, t) => {
    const part = 0.5 + 1 * tests(t, 0);
    sum += term.idf * (term.alternatives ? part + ALTERNATIVE_WEIGHT * tests(t, 3) : part);
  });
  return sum * (params.norm ?? lengthNormOf(params.length)) * 1_000_000;
}

/**
 * PostgreSQL's `round(float8)`, the C library's `rint`: to the nearest integer, a half to the even one (Math.round
 * takes a half up). roughScore's `round(... * 1000000)` is this.
 */
export function rint(x: number): number {
  const up = Math.round(x);
  return up - x === 0.5 && up % 2 !== 0 ? up - 1 : up;
}

/**
 * `rounded(score)` in this process, for a score of at least 0: `round(score::numeric, 6)::float8`. PostgreSQL turns a
 * float8 into a numeric through its 15 significant digits (float8_numeric: `%.15g`), rounds that half away from zero,
 * and reads the decimal back as the nearest double; each step is taken here on the decimal itself, so the value is
 * the database's to the last bit (segment-ranks.db.test.ts holds it to both engines). null for what it does not take:
 * a negative or infinite score, and a double that is exactly halfway between two 15-digit decimals, which `%.15g`
 * takes to the even one and toPrecision up.
 */
export function roundedScoreOf(score: number): number | null {
  if (!Number.isFinite(score) || score < 0) return null;
  if (score === 0) return 0;
  // a half at the 16th digit shows as "50" in the 16th and 17th; then the rest tells whether it is exactly one
  if (significant(score.toPrecision(17)).endsWith('50') && /^\d{15}50*$/.test(significant(score.toPrecision(60)))) {
    return null;
  }
  const [mantissa = '', power = '0'] = score.toPrecision(15).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  // the 15 significant digits as an integer (exact in a double), and the places to drop to keep millionths
  const digits = Number(`${whole}${fraction}`);
  const dropped = fraction.length - Number(power) - 6;
  if (dropped <= 0) return Number(score.toPrecision(15));
  // numeric's round(v, 6): to millionths, a half away from zero (integers under 2^53: every step exact)
  const unit = 10 ** dropped;
  const rest = digits % unit;
  const millionths = (digits - rest) / unit + (2 * rest >= unit ? 1 : 0);
  return Number(`${millionths}e-6`);
}

/** the significant digits of toPrecision's text, without its point, leading zeros and exponent */
function significant(text: string): string {
  const [mantissa = ''] = text.split('e');
  return mantissa.replace('.', '').replace(/^0+/, '');
}

/**
 * The exact score (the provider's `exactScore`: scoreFromRanks × lengthNorm) in this process before it is rounded
 * (roundedScoreOf), from a hit's ranks in termRanks' order and the database's lengthNorm of its body: the same steps
 * in the same order.
 */
export function exactScoreOf(params: {
  terms: readonly { idf: number }[];
  ranks: readonly number[];
  norm: number;
}): number {
  let sum = 0;
  params.terms.forEach((term, t) => {
    sum += term.idf * (params.ranks[2 * t]! + ALTERNATIVE_WEIGHT * params.ranks[2 * t + 1]!);
  });
  return sum * params.norm;
}

/**
 * First-pass score from the small, uncompressed vectors only (head: filename, title, folders, classification; top:
 * the body's most repeated lexemes), so tens of thousands of hits are ordered without reading their bodies. Every hit
 * of an all-terms query contains every term, so what separates them is where and how often: exactly what these hold.
 * Presence tests, not ts_rank: they cost a third as much per row.
 */
export function roughScore(params: {
  alias: string;
  terms: readonly WeightedTerm[];
  /**
   * false: the score of a hit whose `head` and `top` hold none of the terms (its floor), from its body length alone.
   * The very same expression with every presence test a 0, so it equals, to the last bit, the full score of such a
   * hit, and is at most the full score of any other (every step is monotone).
   */
  presence?: boolean;
  /**
   * the presence tests' results as given (a segment's: 1 or 0, presenceTests' order per term), not tested on the row:
   * the very same expression, so the same score to the last bit
   */
  tests?: (term: number, test: number) => RawBuilder<number>;
}): RawBuilder<number> {
  const s = sql.ref(params.alias);
  const { tests } = params;
  const presence = (t: number, form: number, query: string, factor: number) => {
    const [a, b, c] = formTests(s, query).map((test, k) =>
      params.presence === false
        ? sql<number>`0`
        : sql<number>`(${tests === undefined ? test : tests(t, PRESENCE_TESTS.length * form + k)})::int`,
    );
    return sql<number>`${factor}::float8 * (0.3 * ${a} + 0.1 * ${b} + 0.1 * ${c})`;
  };
  const parts = params.terms.map(
    (term, t) =>
      sql<number>`${term.idf}::float8 * (0.5 + ${presence(t, 0, term.exact, 1)}${
        term.alternatives ? sql` + ${presence(t, 1, term.alternatives, ALTERNATIVE_WEIGHT)}` : sql``
      })`,
  );
  const sum = parts.length === 0 ? sql<number>`0` : sql<number>`(${sql.join(parts, sql` + `)})`;
  return sql<number>`(${sum} * ${lengthNorm(sql`${s}.body_length`)})`;
}

/**
 * A bound on the exact score (scoreFromRanks × lengthNorm) of a hit, from the presence tests alone, for terms whose
 * forms are ORs of whole lexemes (no prefix, no AND, no phrase). PostgreSQL's ts_rank of such a form (calc_rank_or)
 * adds, per lexeme found, (w_max + Σ w_j/(j+1)² - w_max/(j_max+1)²) / 1.64493406685, and divides by the number of
 * the form's lexemes; with every position weighing at most w_max that stays under w_max × (1 + 1/1.64493406685), and
 * under w_max itself when every position weighs the same. Body positions weigh D (0.5); only the head holds A (0.8)
 * and B (0.6) (migration 0018's search_sync_document). So per form: 0.8 × 1.608 when its head holds it with weight A,
 * 0.6 × 1.608 with weight B, else 0.5. `presence: false`: every form's 0.5 (a hit no presence test holds for).
 * Unrounded; the caller leaves a margin for float4 sums and the score's rounding.
 */
export function exactScoreBound(params: {
  alias: string;
  terms: readonly WeightedTerm[];
  presence: boolean;
}): RawBuilder<number> {
  const s = sql.ref(params.alias);
  const mixed = 1 + 1 / 1.64493406685;
  const form = (query: string) =>
    params.presence
      ? sql<number>`(case when ${s}.head @@ ${restrictToWeight(query, 'A')}::tsquery then ${0.8 * mixed}::float8
          when ${s}.head @@ ${restrictToWeight(query, 'B')}::tsquery then ${0.6 * mixed}::float8 else 0.5 end)`
      : sql<number>`0.5`;
  const parts = params.terms.map(
    (term) =>
      sql<number>`${term.idf}::float8 * (${form(term.exact)}${
        term.alternatives ? sql` + ${ALTERNATIVE_WEIGHT}::float8 * ${form(term.alternatives)}` : sql``
      })`,
  );
  const sum = parts.length === 0 ? sql<number>`0` : sql<number>`(${sql.join(parts, sql` + `)})`;
  return sql<number>`(${sum} * ${lengthNorm(sql`${s}.body_length`)})`;
}

/** First-pass scores only order candidates; rounding them in float arithmetic is cheaper than numeric. */
export function roundedRough(score: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`round((${score}) * 1000000)`;
}

/** Scores are rounded so that both engines (whose float arithmetic differs in the last bits) order ties alike. */
export function rounded(score: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`round((${score})::numeric, 6)::float8`;
}
