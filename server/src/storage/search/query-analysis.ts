import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ParsedQuery, QueryTerm } from '../../domain/search/search.types.js';
import { editDistance } from '../../domain/search/edit-distance.js';
import type { DB } from '../db/schema.js';

/** One term of a query, as tsquery texts over the index's lexemes. */
export interface AnalysedTerm {
  /** the term itself: its lexeme (or a phrase, or the joined form of a code) */
  exact: string;
  /** typo corrections and compounds ending in the term, weighted lower in ranking; null when there are none */
  alternatives: string | null;
  /** exact | alternatives */
  match: string;
}

export interface AnalysedQuery {
  include: AnalysedTerm[];
  /** documents matching this are left out; null when nothing is excluded */
  exclude: string | null;
}

/**
 * Modifiers that start many compounds but are never indexed on their own (stop words, or bound forms):
 * `yttervegg`, `innerdør`, `overlys`, `hovedtavle`.
 */
const BOUND_MODIFIERS = [
  'ytter',
  'inner',
  'over',
  'under',
  'mellom',
  'etter',
  'for',
  'bak',
  'hoved',
  'side',
  'topp',
  'bunn',
  'midt',
  'front',
  'til',
  'fra',
  'inn',
  'ut',
  'opp',
  'ned',
];

interface TokenRow {
  i: number;
  token: string;
  lexemes: string[];
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function orOf(parts: readonly string[]): string {
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
}

const DIGIT = /\d/;
/** shorter stems would match half the language as prefixes */
const MIN_PREFIX_STEM = 4;
const LETTERS = /^\p{L}+$/u;

/**
 * Turns parsed terms into tsquery texts with the same analysis the index used (search_text + the byggdok
 * configuration), then adds typo corrections (trigram candidates within the allowed edit distance, from the owner's
 * vocabulary) and compounds that end in a word (`dør` -> `branndør`, `slukker` -> `brannslukker`).
 */
export async function analyseQuery(params: {
  db: Kysely<DB>;
  ownerId: string;
  query: ParsedQuery;
  /** compounds widen recall for keyword searches; passage retrieval for questions leaves them out */
  compounds: boolean;
  /**
   * a word's stem also matches as a prefix, so it finds its inflections and the compounds it starts (`sving` finds
   * `svingkurv`); stems shorter than MIN_PREFIX_STEM match whole (`tak` finds `taket`, not `takst`)
   */
  prefixStems?: boolean;
}): Promise<AnalysedQuery> {
  const { db, ownerId, query } = params;
  const all: QueryTerm[] = [...query.include, ...query.exclude];
  if (all.length === 0) return { include: [], exclude: null };

  const words = all.map((term, index) => ({ term, index })).filter(({ term }) => !term.phrase);
  const phrases = all.map((term, index) => ({ term, index })).filter(({ term }) => term.phrase);

  const tokenRows =
    words.length === 0
      ? []
      : (
          await sql<TokenRow>`
            select t.i::int as i, x.match[1] as token,
                   tsvector_to_array(search_vector(regexp_replace(x.match[1], '[-.:_+]', '', 'g'))) as lexemes
            from unnest(${words.map((w) => w.term.text)}::text[]) with ordinality as t(text, i)
            cross join lateral regexp_matches(search_fold(t.text), '[[:alnum:]]+(?:[-.:_+][[:alnum:]]+)*', 'g')
              with ordinality as x(match, n)
            order by t.i, x.n`.execute(db)
        ).rows;

  const phraseRows =
    phrases.length === 0
      ? []
      : (
          await sql<{ i: number; query: string }>`
            select t.i::int as i, phraseto_tsquery('byggdok', search_phrase_text(t.text))::text as query
            from unnest(${phrases.map((p) => p.term.text)}::text[]) with ordinality as t(text, i)`.execute(db)
        ).rows;

  const exact = new Map<number, string>();
  /** word terms that are a single letters-only lexeme: candidates for corrections and compounds */
  const expandable: { index: number; lexeme: string; edits: number }[] = [];

  words.forEach(({ term, index }, position) => {
    const rows = tokenRows.filter((row) => row.i === position + 1);
    const parts: string[] = [];
    for (const row of rows) {
      const lexeme = row.lexemes[0];
      if (lexeme === undefined) continue;
      // the index holds a code's heads at each separator, so `360.001` finds `=360.001-RB01` exactly; `on` also
      // lets a code find longer ones (`ARK-A-20-00` -> `ARK-A-20-001`)
      const prefix =
        (DIGIT.test(row.token) && term.maxEdits > 0) ||
        (params.prefixStems === true && LETTERS.test(lexeme) && [...lexeme].length >= MIN_PREFIX_STEM);
      parts.push(`${quoteLexeme(lexeme)}${prefix ? ':*' : ''}`);
    }
    if (parts.length === 0) return;
    exact.set(index, parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' & ')})`);
    const only = rows.length === 1 ? rows[0]?.lexemes[0] : undefined;
    if (only !== undefined && LETTERS.test(only) && [...only].length >= 3) {
      expandable.push({ index, lexeme: only, edits: term.maxEdits });
    }
  });
  phrases.forEach(({ index }, position) => {
    const row = phraseRows.find((r) => r.i === position + 1);
    if (row && row.query !== '') exact.set(index, row.query);
  });

  const alternatives = await expand({
    db,
    ownerId,
    // exclusions stay exact: `-brann` should not also drop every document that mentions `bran`
    candidates: expandable.filter((e) => e.index < query.include.length),
    compounds: params.compounds,
    alwaysFuzzy: query.alwaysFuzzy,
  });

  const include: AnalysedTerm[] = [];
  query.include.forEach((_, index) => {
    const term = exact.get(index);
    if (term === undefined) return;
    const extra = alternatives.get(index) ?? [];
    const alt = extra.length > 0 ? orOf(extra.map(quoteLexeme)) : null;
    include.push({ exact: term, alternatives: alt, match: alt ? `(${term} | ${alt})` : term });
  });
  const excluded = query.exclude
    .map((_, position) => exact.get(query.include.length + position))
    .filter((q): q is string => q !== undefined);
  return { include, exclude: excluded.length > 0 ? orOf(excluded) : null };
}

/** how many prefix and suffix neighbours are checked for edit distance per word */
const TYPO_CANDIDATES = 400;
/** corrections kept per word */
const TYPO_LIMIT = 5;
/** compounds kept per word */
const COMPOUND_LIMIT = 12;

/** Corrections and compounds for each candidate lexeme, from the owner's vocabulary. */
async function expand(params: {
  db: Kysely<DB>;
  ownerId: string;
  candidates: { index: number; lexeme: string; edits: number }[];
  compounds: boolean;
  alwaysFuzzy: boolean;
}): Promise<Map<number, string[]>> {
  const { db, ownerId } = params;
  let candidates = params.candidates;
  if (!params.alwaysFuzzy && candidates.some((c) => c.edits > 0)) {
    // a word the owner's documents use is taken as spelled; only unknown words get corrections
    const known = new Set(
      (
        await sql<{ lexeme: string }>`select lexeme from search_lexemes
          where building_owner_id = ${ownerId} and lexeme = any(${candidates.map((c) => c.lexeme)}::text[])`.execute(db)
      ).rows.map((r) => r.lexeme),
    );
    candidates = candidates.map((c) => (known.has(c.lexeme) ? { ...c, edits: 0 } : c));
  }
  const result = new Map<number, string[]>();
  const parts: RawBuilder<ExpansionRow>[] = [];
  candidates.forEach((candidate, n) => {
    const length = [...candidate.lexeme].length;
    if (candidate.edits > 0) {
      // Typo candidates: with k edits, a word cut into k + 1 pieces keeps at least one piece intact; the first and
      // the last piece are range scans on the prefix and reversed-lexeme indexes. (pg_trgm's operators are not
      // usable on every engine we run on; the edit distance is checked below.)
      const piece = Math.max(2, Math.floor(length / (candidate.edits + 1)));
      const head = [...candidate.lexeme].slice(0, piece).join('');
      const tail = [...candidate.lexeme].slice(-piece).join('');
      const band = sql`length(l.lexeme) between ${length - candidate.edits}::int and ${length + candidate.edits}::int`;
      parts.push(sql`(select ${n}::int as n, 'typo' as kind, l.lexeme from search_lexemes l
        where l.building_owner_id = ${ownerId} and l.lexeme like ${likePrefix(head)} and ${band}
        limit ${TYPO_CANDIDATES})`);
      parts.push(sql`(select ${n}::int as n, 'typo' as kind, l.lexeme from search_lexemes l
        where l.building_owner_id = ${ownerId} and reverse(l.lexeme) like ${reverseLike(tail)} and ${band}
        limit ${TYPO_CANDIDATES})`);
    }
    if (params.compounds) {
      // the index holds reversed lexemes, so compounds ending in the word are one range scan; the part before the
      // word must be a word of its own (possibly with a linking s or e), so `leverandør` is not a kind of `dør`
      parts.push(sql`(select ${n}::int as n, 'compound' as kind, l.lexeme
        from search_lexemes l
        where l.building_owner_id = ${ownerId}
          and reverse(l.lexeme) like ${reverseLike(candidate.lexeme)}
          and length(l.lexeme) >= ${length + 3}::int
          and (
            left(l.lexeme, ${-length}::int) = any(${BOUND_MODIFIERS}::text[])
            or exists (
              select 1
              from unnest(array[left(l.lexeme, ${-length}::int),
                                regexp_replace(left(l.lexeme, ${-length}::int), '[se]$', '')]
                          || tsvector_to_array(search_vector(left(l.lexeme, ${-length}::int)))) as v(modifier)
              join search_lexemes m on m.building_owner_id = ${ownerId} and m.lexeme = v.modifier
            )
          )
        order by length(l.lexeme), l.lexeme
        limit ${COMPOUND_LIMIT})`);
    }
  });
  if (parts.length === 0) return result;
  const rows = (await sql<ExpansionRow>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
  candidates.forEach((candidate, n) => {
    const typos = rows
      .filter((row) => row.n === n && row.kind === 'typo')
      .filter((row) => row.lexeme !== candidate.lexeme)
      .map((row) => ({
        lexeme: row.lexeme,
        distance: editDistance({ a: row.lexeme, b: candidate.lexeme, max: candidate.edits }),
      }))
      .filter((row) => row.distance <= candidate.edits)
      .sort((x, y) => x.distance - y.distance || (x.lexeme < y.lexeme ? -1 : x.lexeme > y.lexeme ? 1 : 0))
      .slice(0, TYPO_LIMIT)
      .map((row) => row.lexeme);
    const compounds = rows.filter((row) => row.n === n && row.kind === 'compound').map((row) => row.lexeme);
    const all = [...new Set([...typos, ...compounds])];
    if (all.length > 0) result.set(candidate.index, all);
  });
  return result;
}

interface ExpansionRow {
  n: number;
  kind: 'typo' | 'compound';
  lexeme: string;
}

/** `dør` -> `rød%`, with LIKE's wildcards escaped (lexemes are letters, but stay safe) */
function reverseLike(lexeme: string): string {
  return likePrefix([...lexeme].reverse().join(''));
}

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
