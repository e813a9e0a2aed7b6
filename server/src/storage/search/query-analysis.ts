import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ParsedQuery, QueryTerm } from '../../domain/search/search.types.js';
import { editDistance } from '../../domain/search/edit-distance.js';
import { executePrepared } from '../db/prepared.js';
import { languageEvidence, type TextLanguage } from '../../domain/shared/text-language.js';
import type { DB } from '../db/schema.js';
import type { SearchScope } from '../../domain/search/search.types.js';
import { plannerSettings, type SettingsWere } from './search-sql.js';
import { beginsWith } from './prefix-range.js';

/** One term of a query, as tsquery texts over the index's lexemes. */
export interface AnalysedTerm {
  /** the term itself: its lexeme (or a phrase, or the joined form of a code) */
  exact: string;
  /** typo corrections and compounds ending in the term, weighted lower in ranking; null when there are none */
  alternatives: string | null;
  /** exact | alternatives */
  match: string;
  /** the term in both languages' analyses, without typo or compound alternatives: what word-weight retrieval uses */
  both: string;
}

export interface AnalysedQuery {
  include: AnalysedTerm[];
  /** documents matching this are left out; null when nothing is excluded */
  exclude: string | null;
  /**
   * the live buildings of plannerSettings' scope, looked up in the same statement; undefined when not asked for (or
   * when no statement ran)
   */
  live?: string[];
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
  /** the token's lexemes in the query's language, and in the other one */
  own: string[];
  other: string[];
  /**
   * the word's typo candidates and compounds, looked up in the same statement (expansionOf): true when they were, null
   * when the statement did not take the word for a candidate
   */
  expanded: boolean | null;
  /** the owner's lexemes near the word's first and last pieces (not yet checked for edit distance); null: no typos */
  typos: string[] | null;
  /** the owner's compounds ending in the word, in their order; null: no compounds asked for */
  compounds: string[] | null;
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function orOf(parts: readonly string[]): string {
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
}

/**
 * The combining marks of the Basic Multilingual Plane as ranges of a regular-expression bracket (`\u0300-\u036f`...):
 * Devanagari, Bengali and Tamil vowel signs and viramas, Thai vowels and tone marks. The index's parser keeps them
 * inside the word they sit on; the query must too, or `हिन्दी` is looked for as `हिन` and `दी`.
 */
function combiningMarkRanges(): string {
  const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
  let ranges = '';
  let start = -1;
  for (let code = 0; code <= 0x10000; code += 1) {
    const mark = code < 0x10000 && /\p{M}/u.test(String.fromCharCode(code));
    if (mark && start < 0) start = code;
    if (!mark && start >= 0) {
      ranges += start === code - 1 ? hex(start) : `${hex(start)}-${hex(code - 1)}`;
      start = -1;
    }
  }
  return ranges;
}

const WORD_CHARACTER = `[[:alnum:]${combiningMarkRanges()}]`;
/** a word, or a code whose parts are joined by `-.:_+` (`ARK-A-20-001`), as PostgreSQL's regular expressions spell it */
const QUERY_WORD = `${WORD_CHARACTER}+(?:[-.:_+]${WORD_CHARACTER}+)*`;

const DIGIT = /\d/;
/** shorter stems would match half the language as prefixes */
const MIN_PREFIX_STEM = 4;
const LETTERS = /^\p{L}+$/u;

/**
 * Turns parsed terms into tsquery texts with the same analyses the index used (search_text + the Norwegian `byggdok`
 * and the English `byggdok_en` configurations, see migration 0018: the query's own language's analysis is its exact
 * form, the other's an alternative), then adds typo corrections (trigram candidates within the allowed edit distance, from the owner's
 * vocabulary) and compounds that end in a word (`dør` -> `branndør`, `slukker` -> `brannslukker`).
 */
export async function analyseQuery(params: {
  db: Kysely<DB>;
  ownerId: string;
  /**
   * the buildings the search reads (already authorised; null: every live building of the owner): a word counts as
   * spelled, and as a correction or compound, only where a document of theirs the caller may read holds it
   */
  buildingIds: readonly string[] | null;
  query: ParsedQuery;
  /** compounds widen recall for keyword searches; passage retrieval for questions leaves them out */
  compounds: boolean;
  /**
   * a word's stem also matches as a prefix, so it finds its inflections and the compounds it starts (`sving` finds
   * `svingkurv`); stems shorter than MIN_PREFIX_STEM match whole (`tak` finds `taket`, not `takst`)
   */
  prefixStems?: boolean;
  /** the query's language (an ask's); when absent it is told from the query's words */
  language?: TextLanguage | null;
  /**
   * where the typo candidates and compounds are looked up: in the analysis statement (expansionOf, the default), or in
   * a statement of their own after it (expand), which tests hold the first to
   */
  expansion?: 'in-analysis' | 'own-statement';
  /**
   * the analysis's first statement also sets the search's planner settings (plannerSettings) for the rest of the
   * transaction: inside inSearchTransaction, instead of a statement of their own
   */
  plannerSettings?:
    | boolean
    | {
        scope: SearchScope;
        /** on the PostgreSQL server: a big scan may be shared with a parallel worker (plannerSettings) */
        parallel?: boolean;
        /**
         * set them for the session instead of the transaction (inSearchSession), and hand over the settings as they
         * were, to be put back, as soon as the statement that changed them has run (before any later statement can fail)
         */
        session?: (was: SettingsWere) => void;
      };
}): Promise<AnalysedQuery> {
  const { db, ownerId, query } = params;
  const seen = seenInScope(ownerId, params.buildingIds);
  const all: QueryTerm[] = [...query.include, ...query.exclude];
  if (all.length === 0) return { include: [], exclude: null };

  const words = all.map((term, index) => ({ term, index })).filter(({ term }) => !term.phrase);
  const phrases = all.map((term, index) => ({ term, index })).filter(({ term }) => term.phrase);

  const configs = analysisOrder(params.language ?? queryLanguage(query));
  // the planner settings ride on whichever of the two statements comes first (a query has words or phrases)
  // and the scope's live buildings with them, when a scope is given
  const settings = params.plannerSettings;
  const settingsOn = (first: boolean) =>
    settings !== undefined && settings !== false && first
      ? settings === true
        ? plannerSettings()
        : plannerSettings(settings.scope, {
            session: settings.session !== undefined,
            parallel: settings.parallel === true,
          })
      : sql`(select null::text[] as live, null::json as settings_was)`;
  let live: string[] | undefined;
  type PlannerColumns = { live?: string[] | null; settings_was?: SettingsWere | string | null };
  const liveOf = (rows: readonly PlannerColumns[]) => {
    const found = rows[0]?.live;
    if (found !== undefined && found !== null) live = found;
    const was = rows[0]?.settings_was;
    if (was !== undefined && was !== null && settings !== undefined && typeof settings !== 'boolean') {
      settings.session?.(typeof was === 'string' ? (JSON.parse(was) as SettingsWere) : was);
    }
  };
  // Both statements run on a generic plan once a connection has planned five (prepared.ts): the words come through a
  // subquery, whose array the planner does not count (an array literal's it does, and a plan for fewer words costs
  // less), and the languages as literals of the text (a parameter keeps search_vector's choice of language in the plan).
  // A word's typo candidates and compounds come in the same statement (expansionOf): in one of their own they were a
  // round trip more for every word's search.
  const edits = words.map(({ term, index }) =>
    // exclusions stay exact: `-brann` should not also drop every document that mentions `bran`
    index < query.include.length ? term.maxEdits : -1,
  );
  // only where a word may be a candidate: a code or a number never is, and the lookups' part of the plan cost a code's
  // analysis 0.2 ms when it was only set up (its indexes opened), never run
  const expansion =
    params.expansion !== 'own-statement' &&
    words.some(
      ({ term, index }) => index < query.include.length && !DIGIT.test(term.text) && [...term.text].length >= 3,
    )
      ? expansionOf({ ownerId, seen, compounds: params.compounds, alwaysFuzzy: query.alwaysFuzzy })
      : sql`(select null::boolean as expanded, null::text[] as typos, null::text[] as compounds)`;
  const tokenRows =
    words.length === 0
      ? []
      : (
          await executePrepared(
            db,
            sql<(TokenRow | { i: null }) & PlannerColumns>`
            select q.i, q.token, q.own, q.other, e.expanded, e.typos, e.compounds, planner.live, planner.settings_was
            from ${settingsOn(true)} as planner
            left join lateral (
              select t.i::int as i, x.n, x.match[1] as token, t.edits,
                     count(*) over (partition by t.i) as tokens,
                     tsvector_to_array(search_vector(w.word, ${sql.lit(configs.own)})) as own,
                     tsvector_to_array(search_vector(w.word, ${sql.lit(configs.other)})) as other
              from unnest((select ${words.map((w) => w.term.text)}::text[]), (select ${edits}::int[]))
                with ordinality as t(text, edits, i)
              cross join lateral regexp_matches(search_fold(t.text), ${QUERY_WORD}, 'g')
                with ordinality as x(match, n)
              cross join lateral (select regexp_replace(x.match[1], '[-.:_+]', '', 'g') as word) w
            ) q on true
            left join lateral ${expansion} e on true
            order by q.i, q.n`,
          )
        ).rows;
  liveOf(tokenRows);

  const phraseRows =
    phrases.length === 0
      ? []
      : (
          await executePrepared(
            db,
            sql<({ i: number; own: string; other: string } | { i: null }) & PlannerColumns>`
            select q.i, q.own, q.other, planner.live, planner.settings_was
            from ${settingsOn(words.length === 0)} as planner
            left join lateral (
              select t.i::int as i,
                     phraseto_tsquery(${sql.lit(configName(configs.own))}::regconfig, search_phrase_text(t.text))::text as own,
                     phraseto_tsquery(${sql.lit(configName(configs.other))}::regconfig, search_phrase_text(t.text))::text as other
              from unnest((select ${phrases.map((p) => p.term.text)}::text[])) with ordinality as t(text, i)
            ) q on true
            order by q.i`,
          )
        ).rows;
  if (words.length === 0) liveOf(phraseRows);

  /** per term: its own language's analysis, and the other language's where it differs */
  const exact = new Map<number, { own: string; other: string | null }>();
  /** word terms that are a single letters-only lexeme: candidates for corrections and compounds */
  const expandable: ExpansionCandidate[] = [];

  words.forEach(({ term, index }, position) => {
    const rows = tokenRows.filter((row): row is TokenRow & PlannerColumns => row.i === position + 1);
    const own: string[] = [];
    const other: string[] = [];
    for (const row of rows) {
      const lexeme = row.own[0];
      // a stop word of the query's language is no term
      if (lexeme === undefined) continue;
      // Norwegian stems match as prefixes, for compounds; English has few, and its stems are short enough
      // ("organ" for "organization") that a prefix would find unrelated words
      const prefixStems = (config: 'nb' | 'en') => params.prefixStems === true && config === 'nb';
      own.push(lexemeQuery({ lexeme, token: row.token, term, prefixStems: prefixStems(configs.own) }));
      const otherLexeme = row.other[0] ?? lexeme;
      other.push(lexemeQuery({ lexeme: otherLexeme, token: row.token, term, prefixStems: prefixStems(configs.other) }));
    }
    if (own.length === 0) return;
    const ownQuery = andOf(own);
    const otherQuery = andOf(other);
    exact.set(index, { own: ownQuery, other: otherQuery === ownQuery ? null : otherQuery });
    const only = rows.length === 1 ? rows[0]?.own[0] : undefined;
    const [row] = rows;
    if (row !== undefined && only !== undefined && LETTERS.test(only) && [...only].length >= 3) {
      const otherOnly = row.other[0];
      expandable.push({
        index,
        lexeme: only,
        other: otherOnly !== only ? (otherOnly ?? null) : null,
        edits: term.maxEdits,
        found: row.expanded === true ? { typos: row.typos ?? [], compounds: row.compounds ?? [] } : null,
      });
    }
  });
  phrases.forEach(({ index }, position) => {
    const row = phraseRows.find(
      (r): r is { i: number; own: string; other: string } & PlannerColumns => r.i === position + 1,
    );
    if (!row || row.own === '') return;
    exact.set(index, { own: row.own, other: row.other !== '' && row.other !== row.own ? row.other : null });
  });

  // the candidates' typos and compounds came with their words (expansionOf), but for a word the statement did not take
  // for one (a letter it does not count as one, say): those are looked up by a statement of their own, as before
  const alternatives = new Map<number, string[]>();
  const separately: ExpansionCandidate[] = [];
  for (const candidate of expandable.filter((e) => e.index < query.include.length)) {
    if (candidate.found === null) {
      separately.push(candidate);
      continue;
    }
    const found = alternativesOf(candidate, candidate.found);
    if (found.length > 0) alternatives.set(candidate.index, found);
  }
  for (const [index, found] of await expand({
    db,
    ownerId,
    seen,
    candidates: separately,
    compounds: params.compounds,
    alwaysFuzzy: query.alwaysFuzzy,
  }))
    alternatives.set(index, found);

  const include: AnalysedTerm[] = [];
  query.include.forEach((_, index) => {
    const term = exact.get(index);
    if (term === undefined) return;
    const both = term.other ? `(${term.own} | ${term.other})` : term.own;
    // the other language's analysis only widens: an English word in a Norwegian question finds English documents,
    // ranked lower
    const extra = [...(term.other ? [term.other] : []), ...(alternatives.get(index) ?? []).map(quoteLexeme)];
    const alt = extra.length > 0 ? orOf(extra) : null;
    include.push({ exact: term.own, alternatives: alt, match: alt ? `(${term.own} | ${alt})` : term.own, both });
  });
  const excluded = query.exclude
    .map((_, position) => exact.get(query.include.length + position))
    .filter((t): t is { own: string; other: string | null } => t !== undefined)
    .map((t) => (t.other ? `(${t.own} | ${t.other})` : t.own));
  return {
    include,
    exclude: excluded.length > 0 ? orOf(excluded) : null,
    ...(live !== undefined ? { live } : {}),
  };
}

/** `lexeme`, or `lexeme:*` where it also matches as a prefix (see analyseQuery's prefixStems) */
function lexemeQuery(params: { lexeme: string; token: string; term: QueryTerm; prefixStems: boolean }): string {
  const { lexeme, token, term } = params;
  // the index holds a code's heads at each separator, so `360.001` finds `=360.001-RB01` exactly; `on` also
  // lets a code find longer ones (`ARK-A-20-00` -> `ARK-A-20-001`)
  const prefixStem = params.prefixStems && LETTERS.test(lexeme) && [...lexeme].length >= MIN_PREFIX_STEM;
  const prefix = (DIGIT.test(token) && term.maxEdits > 0) || prefixStem;
  return `${quoteLexeme(prefixStem ? latinStem(lexeme) : lexeme)}${prefix ? ':*' : ''}`;
}

/**
 * Latin loans in -ium and -eum inflect without the "um" ("kuldemedium, kuldemediet, kuldemedier"; "museum, museet"),
 * and Snowball stems the indefinite singular alone apart: as a prefix, its stem without "um" finds every form. The
 * built-in answerer's stemmer does the same (text-analysis.ts).
 */
function latinStem(lexeme: string): string {
  return /[ie]um$/.test(lexeme) && [...lexeme].length >= 6 ? lexeme.slice(0, -2) : lexeme;
}

function andOf(parts: readonly string[]): string {
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' & ')})`;
}

/** The analysis a query's words get first (its own language's, the exact form) and second (an alternative). */
function analysisOrder(language: TextLanguage): { own: 'nb' | 'en'; other: 'nb' | 'en' } {
  return language === 'en' ? { own: 'en', other: 'nb' } : { own: 'nb', other: 'en' };
}

function configName(language: 'nb' | 'en'): string {
  return language === 'en' ? 'byggdok_en' : 'byggdok';
}

/**
 * The language a query's own words show. Words too few to tell (keywords, codes) count as Bokmål, the language most
 * documents of a Norwegian building are written in: taking both analyses alike for them cost NorQuAD's questions
 * without function words 3 points of recall@1 (eval:search), while an English word still finds English text through
 * its alternative.
 */
function queryLanguage(query: ParsedQuery): TextLanguage {
  const evidence = languageEvidence(query.include.map((t) => t.text).join(' '));
  return evidence.markers >= 2 ? evidence.language : 'nb';
}

/** a condition: `bl.lexeme = <lexeme>` (a word, or `any(array)`) holds for a word the search's reader may see */
type SeenInScope = (lexeme: RawBuilder<unknown>) => RawBuilder<boolean>;

/** scopes of at most this many buildings probe each building's vocabulary; larger ones read the owner's rows of a word */
const PROBED_BUILDINGS = 16;

/**
 * Whether a word is one the search's reader may see: held by a live document outside the private folders of a live
 * building in scope (`building_lexemes`, migration 0057). The owner's vocabulary (`search_lexemes`) only proposes
 * candidates: it holds the words of every building, private folder and archived document of the owner, and deciding
 * by it told a reader of one building whether a word occurs in another (a word known anywhere was taken as spelled).
 * A building a change may have taken words from (marked in `building_lexemes_stale` by that change's own transaction)
 * is asked about the word by its live documents until the workers have read it again (migration 0066), so a deleted,
 * renamed or hidden document's words count nowhere from the moment the change is committed.
 */
function seenInScope(ownerId: string, buildingIds: readonly string[] | null): SeenInScope {
  // which buildings count is read once per lookup (an InitPlan), so each word costs one probe of building_lexemes;
  // the arrays come through subqueries, which the planner does not count, so that a generic plan costs what a custom
  // one does and a connection plans the statement once (a counted array kept it planning anew)
  // a row of a building marked stale counts only if a live document still holds the word (there are seldom any: the
  // workers read a marked building within seconds to a minute); the marks are read once per lookup, as the buildings
  const current = sql`(bl.building_id <> all((select coalesce(array_agg(st.building_id), '{}')
      from building_lexemes_stale st)::text[]) or building_lexemes_live(bl.building_id, bl.lexeme))`;
  if (buildingIds === null) {
    // owner-wide: a word's first row outside the owner's archived buildings (there are seldom any)
    const archived = sql`(select coalesce(array_agg(ab.id), '{}') from buildings ab
      where ab.building_owner_id = ${ownerId} and ab.archived_at is not null)::text[]`;
    return (lexeme) => sql<boolean>`exists (select 1 from building_lexemes bl
      where bl.building_owner_id = ${ownerId} and bl.lexeme = ${lexeme} and bl.building_id <> all(${archived})
        and ${current})`;
  }
  const live = sql`(select coalesce(array_agg(lb.id), '{}') from buildings lb
    where lb.id = any((select ${[...buildingIds]}::text[])::text[]) and lb.building_owner_id = ${ownerId}
      and lb.archived_at is null)::text[]`;
  return buildingIds.length <= PROBED_BUILDINGS
    ? (lexeme) => sql<boolean>`exists (select 1 from building_lexemes bl
        where bl.building_id = any(${live}) and bl.lexeme = ${lexeme} and ${current})`
    : (lexeme) => sql<boolean>`exists (select 1 from building_lexemes bl
        where bl.building_owner_id = ${ownerId} and bl.lexeme = ${lexeme} and bl.building_id = any(${live})
          and ${current})`;
}

/** how many prefix and suffix neighbours are checked for edit distance per word */
const TYPO_CANDIDATES = 400;
/** corrections kept per word */
const TYPO_LIMIT = 5;
/** compounds kept per word */
const COMPOUND_LIMIT = 12;

/** a query word whose single lexeme may have typo corrections and compounds (a letters-only lexeme of 3 or more) */
interface ExpansionCandidate {
  /** the term's place in the query (include, then exclude) */
  index: number;
  lexeme: string;
  /** the other language's lexeme where it differs */
  other: string | null;
  edits: number;
  /**
   * its typo candidates and compounds as the analysis statement found them (expansionOf: none where the term has no
   * edits or compounds are not asked for); null when the statement did not look them up
   */
  found: { typos: string[]; compounds: string[] } | null;
}

/**
 * `prefix`'s end for a range (prefix-range.ts's prefixEnd), in SQL: its last character the next code point, which
 * exists for every prefix expansionOf reads (it takes no word with U+D7FF or U+10FFFF)
 */
function prefixEndOf(prefix: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`(left(${prefix}, -1) || chr(ascii(right(${prefix}, 1)) + 1))`;
}

/**
 * The typo candidates and compounds of an analysed word, inside the analysis statement: a lateral subquery over its
 * row `q` (own, other: the lexemes; tokens: how many tokens the word has; edits: the term's edits, -1 for an
 * exclusion), with the same conditions as expand's statement. Here the pieces and their ranges are computed from the
 * server's lexeme, so the owner's lexemes are read by the same indexes with the ranges as runtime keys.
 *
 * It takes any single-token word of 3 or more characters with no ASCII digit, none of LIKE's `%`, `_` and `\`, and
 * neither U+D7FF nor U+10FFFF (whose next code point no range can end on): every word analyseQuery expands (a lexeme
 * of letters, LETTERS) among them. A word it takes that analyseQuery does not expand is looked up for nothing; one it
 * does not take would be expanded by expand's statement (none is known).
 */
function expansionOf(params: {
  ownerId: string;
  seen: SeenInScope;
  compounds: boolean;
  alwaysFuzzy: boolean;
}): RawBuilder<unknown> {
  const { seen } = params;
  const { ownerId } = params;
  const band = sql`length(l.lexeme) between c.n - q.edits and c.n + q.edits`;
  const range = (expression: RawBuilder<unknown>, prefix: RawBuilder<string>) =>
    sql`${expression} ~>=~ ${prefix} and ${expression} ~<~ ${prefixEndOf(prefix)} and ${expression} like (${prefix} || '%')`;
  const reversed = sql`reverse(l.lexeme)`;
  return sql`(
    select true as expanded,
      case when q.edits > 0 then array(
        (select l.lexeme from search_lexemes l
          where l.building_owner_id = ${ownerId} and ${range(sql`l.lexeme`, sql<string>`c.head`)} and ${band} and c.unknown
            and ${seen(sql`l.lexeme`)}
          limit ${TYPO_CANDIDATES})
        union all
        (select l.lexeme from search_lexemes l
          where l.building_owner_id = ${ownerId} and ${range(reversed, sql<string>`c.tail`)} and ${band} and c.unknown
            and ${seen(sql`l.lexeme`)}
          limit ${TYPO_CANDIDATES})
      ) end as typos,
      case when ${params.compounds}::boolean then array(
        select l.lexeme from search_lexemes l
        where l.building_owner_id = ${ownerId}
          and ${range(reversed, sql<string>`c.reversed`)}
          and length(l.lexeme) >= c.n + 3
          and ${seen(sql`l.lexeme`)}
          and (
            left(l.lexeme, -c.n) = any(${BOUND_MODIFIERS}::text[])
            or exists (
              select 1
              from unnest(array[left(l.lexeme, -c.n), regexp_replace(left(l.lexeme, -c.n), '[se]$', '')]
                          || tsvector_to_array(search_vector(left(l.lexeme, -c.n)))) as v(modifier)
              where ${seen(sql`v.modifier`)}
            )
          )
        order by length(l.lexeme), l.lexeme
        limit ${COMPOUND_LIMIT}
      ) end as compounds
    from (
      select b.n, left(b.lexeme, b.piece) as head, reverse(right(b.lexeme, b.piece)) as tail,
        reverse(b.lexeme) as reversed,
        -- a word the scope's documents use is taken as spelled: only unknown words get corrections, in either
        -- language's analysis
        (${params.alwaysFuzzy}::boolean or not ${seen(sql`any(array[b.lexeme, q.other[1]])`)}) as unknown
      from (
        select q.own[1] as lexeme, char_length(q.own[1]) as n,
          -- with k edits, a word cut into k + 1 pieces keeps at least one piece intact (expand)
          greatest(2, char_length(q.own[1]) / (greatest(q.edits, 0) + 1)) as piece
      ) b
    ) c
    where q.tokens = 1 and q.edits >= 0 and char_length(q.own[1]) >= 3 and q.own[1] !~ ${EXPANSION_EXCLUDED}
    -- a subquery of its own: pulled up, its condition became the join's filter, tested after the lookups had run
    offset 0
  )`;
}

/** what expansionOf does not take: see there */
const EXPANSION_EXCLUDED = String.raw`[0-9%_\\\uD7FF\U0010FFFF]`;

/** Corrections and compounds for each candidate lexeme, from the owner's vocabulary. */
async function expand(params: {
  db: Kysely<DB>;
  ownerId: string;
  seen: SeenInScope;
  candidates: ExpansionCandidate[];
  compounds: boolean;
  alwaysFuzzy: boolean;
}): Promise<Map<number, string[]>> {
  const { db, ownerId, seen } = params;
  const candidates = params.candidates;
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
      // a word the scope's documents use is taken as spelled: only unknown words get corrections, in either
      // language's analysis (checked once, inside this statement, not by a round trip of its own)
      const spelled = candidate.other ? [candidate.lexeme, candidate.other] : [candidate.lexeme];
      const unknown = params.alwaysFuzzy ? sql`` : sql`and not ${seen(sql`any(${spelled}::text[])`)}`;
      const inScope = seen(sql`l.lexeme`);
      parts.push(sql`(select ${n}::int as n, 'typo' as kind, l.lexeme from search_lexemes l
        where l.building_owner_id = ${ownerId} and ${beginsWith(sql`l.lexeme`, head, 'pattern')} and ${band} ${unknown}
          and ${inScope}
        limit ${TYPO_CANDIDATES})`);
      parts.push(sql`(select ${n}::int as n, 'typo' as kind, l.lexeme from search_lexemes l
        where l.building_owner_id = ${ownerId} and ${endsWith(tail)} and ${band} ${unknown} and ${inScope}
        limit ${TYPO_CANDIDATES})`);
    }
    if (params.compounds) {
      // the index holds reversed lexemes, so compounds ending in the word are one range scan; the part before the
      // word must be a word of its own (possibly with a linking s or e), so `leverandør` is not a kind of `dør`
      parts.push(sql`(select ${n}::int as n, 'compound' as kind, l.lexeme
        from search_lexemes l
        where l.building_owner_id = ${ownerId}
          and ${endsWith(candidate.lexeme)}
          and length(l.lexeme) >= ${length + 3}::int
          and ${seen(sql`l.lexeme`)}
          and (
            left(l.lexeme, ${-length}::int) = any(${BOUND_MODIFIERS}::text[])
            or exists (
              select 1
              from unnest(array[left(l.lexeme, ${-length}::int),
                                regexp_replace(left(l.lexeme, ${-length}::int), '[se]$', '')]
                          || tsvector_to_array(search_vector(left(l.lexeme, ${-length}::int)))) as v(modifier)
              where ${seen(sql`v.modifier`)}
            )
          )
        order by length(l.lexeme), l.lexeme
        limit ${COMPOUND_LIMIT})`);
    }
  });
  if (parts.length === 0) return result;
  // named (prepared.ts), so that a connection plans it once (issue 48: planning took 0.7 ms of the statement's 1.0-1.8
  // as sent at 100,000 documents, running it 0.13); its prefixes are ranges (beginsWith), which a generic plan reads
  const rows = (await executePrepared(db, sql<ExpansionRow>`${sql.join(parts, sql` union all `)}`)).rows;
  candidates.forEach((candidate, n) => {
    const of = (kind: ExpansionRow['kind']) => rows.filter((r) => r.n === n && r.kind === kind).map((r) => r.lexeme);
    const all = alternativesOf(candidate, { typos: of('typo'), compounds: of('compound') });
    if (all.length > 0) result.set(candidate.index, all);
  });
  return result;
}

/**
 * A candidate's alternatives from what the owner's vocabulary gave for it: the typo candidates within its edit
 * distance (nearest first, then in code-unit order, at most TYPO_LIMIT), then its compounds in their order
 */
function alternativesOf(
  candidate: ExpansionCandidate,
  found: { typos: readonly string[]; compounds: readonly string[] },
): string[] {
  const typos = found.typos
    .filter((lexeme) => lexeme !== candidate.lexeme)
    .map((lexeme) => ({ lexeme, distance: editDistance({ a: lexeme, b: candidate.lexeme, max: candidate.edits }) }))
    .filter((row) => row.distance <= candidate.edits)
    .sort((x, y) => x.distance - y.distance || (x.lexeme < y.lexeme ? -1 : x.lexeme > y.lexeme ? 1 : 0))
    .slice(0, TYPO_LIMIT)
    .map((row) => row.lexeme);
  return [...new Set([...typos, ...found.compounds])];
}

interface ExpansionRow {
  n: number;
  kind: 'typo' | 'compound';
  lexeme: string;
}

/** a lexeme that ends in `suffix`: its reversed form begins with the suffix reversed (`dør` -> `rød`) */
function endsWith(suffix: string): RawBuilder<boolean> {
  return beginsWith(sql`reverse(l.lexeme)`, [...suffix].reverse().join(''), 'pattern');
}
