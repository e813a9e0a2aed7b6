/**
 * The bulk path's vectors (see search-corpus.ts): search_vector(text, language) put together from per-token analyses
 * the database makes once per distinct token, at a cost per document the loader can afford a million times.
 *
 * Every lexeme the database returns is interned once (`Lexicon`: an id, its literal as a tsvector and as COPY carries
 * it, whether the vocabulary may keep it); a token's analysis is a flat list of (lexeme id, position) pairs; a text's
 * vector is collected in typed arrays indexed by lexeme id (`Positions`) and written straight into literals. Nothing
 * is analysed twice: a chunk's tokens are its document's tokens (when the chunk starts and ends on token boundaries,
 * as the chunker cuts this corpus), and a drawing number or a number is its class's analysis with its own digits.
 */
import { sql } from 'kysely';
import type { Database } from '../src/storage/db/database.js';

export type Language = 'nb' | 'en';

/** to_tsvector's limits: positions stop at 16383, a lexeme keeps at most 255 */
export const MAX_POSITION = 16383;
const MAX_POSITIONS = 255;
/** tsvector_concat keeps at most this many positions of a lexeme */
const MAX_CONCAT_POSITIONS = 256;
const MARKER = 'qqqzzzmarkør';
/** a number of digits alone, or at a sentence's end (same dictionary, `simple`, as a drawing number's numbers) */
const NUMBER = /^(\d{1,9})(\.?)$/;
/** a drawing number whose last two parts are numbers: discipline, floor, number, sequence */
const DRAWING_NUMBER = /^([A-Za-z]+)-([A-Za-z0-9]+)-(\d+)-(\d+)$/;

/** weights as tsvector stores them beside a position: D 0, C 1, B 2, A 3 */
export const WEIGHT = { A: 3, B: 2, D: 0 } as const;
const WEIGHT_LETTER = ['', 'C', 'B', 'A'] as const;
/** a position's text in a literal, with each weight's letter: POSITION_TEXT[weight][position] */
const POSITION_TEXT: string[][] = WEIGHT_LETTER.map((letter) =>
  Array.from({ length: MAX_POSITION + 1 }, (_, p) => `${p}${letter}`),
);

/** COPY's text format: backslash, newline, carriage return and tab escaped */
export function copyEscaped(value: string): string {
  return /[\\\n\r\t]/.test(value)
    ? value.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))
    : value;
}

function quoted(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Lexemes by id. Those of the database's analyses are kept for the whole load; those a derived analysis makes (a
 * drawing number's own code heads, a number) only until the next batch is prepared: a million drawings would
 * otherwise leave a million lexemes behind.
 */
export class Lexicon {
  readonly texts: string[] = [];
  /** the lexeme quoted as in a tsvector literal */
  readonly quoted: string[] = [];
  /** the lexeme in UTF-8, as COPY's binary format carries it */
  readonly utf8: Buffer[] = [];
  /** the vocabulary's candidates: words (no digit) of three characters or more; the database decides the rest */
  readonly word: boolean[] = [];
  private readonly ids = new Map<string, number>();
  private readonly batchIds = new Map<string, number>();
  private kept = 0;
  /** the kept lexemes' ids in byte order (`order`) */
  private keptOrder = new Int32Array(0);

  get size(): number {
    return this.texts.length;
  }

  /** a lexeme kept for the whole load (only while no batch lexeme is alive) */
  keep(lexeme: string): number {
    const known = this.ids.get(lexeme);
    if (known !== undefined) return known;
    if (this.batchIds.size > 0) throw new Error('a kept lexeme after a batch lexeme');
    const id = this.push(lexeme);
    this.ids.set(lexeme, id);
    this.kept = id + 1;
    return id;
  }

  /** a lexeme for this batch only (its id is given to another lexeme after `endBatch`) */
  forBatch(lexeme: string): number {
    const known = this.ids.get(lexeme) ?? this.batchIds.get(lexeme);
    if (known !== undefined) return known;
    const id = this.push(lexeme);
    this.batchIds.set(lexeme, id);
    return id;
  }

  /**
   * Each lexeme's place in the order a vector's lexemes are stored in (their UTF-8 bytes compared, shorter first where
   * one begins the other: tsCompareString). tsvectorrecv sorts a vector it receives in another order, and the bulk
   * path's vectors came in the order their lexemes first occur: sorting them was a fifth of the server's CPU while the
   * rows were written. The kept lexemes are sorted again when there are new ones, this batch's on every call.
   */
  order(): LexemeOrder {
    const bytes = this.utf8;
    const compare = (a: number, b: number) => Buffer.compare(bytes[a]!, bytes[b]!);
    if (this.keptOrder.length !== this.kept) {
      const ids = Array.from({ length: this.kept }, (_, i) => i);
      this.keptOrder = Int32Array.from(ids.sort(compare));
    }
    const kept = this.keptOrder;
    const batch = Array.from({ length: this.size - this.kept }, (_, i) => this.kept + i).sort(compare);
    const rank = new Int32Array(this.size);
    const byRank = new Int32Array(this.size);
    let i = 0;
    let j = 0;
    for (let r = 0; r < this.size; r++) {
      const id = j >= batch.length || (i < kept.length && compare(kept[i]!, batch[j]!) <= 0) ? kept[i++]! : batch[j++]!;
      rank[id] = r;
      byRank[r] = id;
    }
    return new LexemeOrder(bytes, rank, byRank);
  }

  endBatch(): void {
    if (this.batchIds.size === 0) return;
    this.batchIds.clear();
    for (const list of [this.texts, this.quoted, this.word, this.utf8]) list.length = this.kept;
  }

  private push(lexeme: string): number {
    const text = quoted(lexeme);
    this.texts.push(lexeme);
    this.quoted.push(text);
    this.utf8.push(Buffer.from(lexeme));
    this.word.push(!/[0-9]/.test(lexeme) && lexeme.length >= 3);
    return this.texts.length - 1;
  }
}

/** The lexicon's ids in byte order (Lexicon.order), as the writers below put a vector's lexemes. */
export class LexemeOrder {
  private keys = new Int32Array(1024);
  constructor(
    /** the lexemes in UTF-8, as COPY's binary format carries them */
    readonly utf8: readonly Uint8Array[],
    private readonly rank: Int32Array,
    private readonly byRank: Int32Array,
  ) {}

  /** ids[0...n) in byte order, in an array the next call reuses */
  sorted(ids: ArrayLike<number>, n: number): Int32Array {
    if (this.keys.length < n) this.keys = new Int32Array(Math.max(n, 2 * this.keys.length));
    const keys = this.keys.subarray(0, n);
    for (let i = 0; i < n; i++) keys[i] = this.rank[ids[i]!]!;
    keys.sort();
    for (let i = 0; i < n; i++) keys[i] = this.byRank[keys[i]!]!;
    return keys;
  }
}

/** A token's analysis: (lexeme id, position from 1) pairs, flat; positions counted as to_tsvector counts them. */
export interface TokenAnalysis {
  /** lexemes of the token's own text */
  phrase: number[];
  /** positions the token's text takes (stop words take one, punctuation none) */
  phraseWidth: number;
  /** lexemes of the code heads search_text appends after the whole text (`ARK-01-20` -> `ark0120`, `ark01`) */
  heads: number[];
  headsWidth: number;
}

/** the database's analysis of a token, before its lexemes are interned */
interface RawAnalysis {
  phrase: [string, number[]][];
  phraseWidth: number;
  heads: [string, number[]][];
  headsWidth: number;
}

type DrawingClass = { first: number; second: number; head: string; headId: number } | 'none';

/** A text's tokens, split on white space as search_text splits it, with where each starts and ends. */
export interface TextTokens {
  tokens: string[];
  starts: number[];
  ends: number[];
}

export function tokensOf(text: string): TextTokens {
  const tokens: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) {
      if (++i >= n) return { tokens, starts, ends };
      c = text.charCodeAt(i);
    }
    const start = i;
    do {
      i++;
      c = i < n ? text.charCodeAt(i) : 32;
    } while (c !== 32 && c !== 10 && c !== 13 && c !== 9);
    tokens.push(text.slice(start, i));
    starts.push(start);
    ends.push(i);
  }
  return { tokens, starts, ends };
}

/**
 * Vectors as search_vector(text, language) computes them, put together from per-token analyses the database makes
 * once per distinct token. The parser never joins across white space, so a token's lexemes and the positions it takes
 * do not depend on its neighbours.
 */
export class TokenVectors {
  readonly lexicon = new Lexicon();
  private readonly cache = { nb: new Map<string, TokenAnalysis>(), en: new Map<string, TokenAnalysis>() };
  /** derived analyses of this batch (numbers recur; their lexemes are the batch's) */
  private readonly derived = { nb: new Map<string, TokenAnalysis>(), en: new Map<string, TokenAnalysis>() };
  /** per language, per drawing-number class (`ARK-01`), what its analysis has apart from the two numbers */
  private readonly drawingClasses = { nb: new Map<string, DrawingClass>(), en: new Map<string, DrawingClass>() };
  /** tokens analysed by the database so far (the rest came from the cache or a drawing-number class) */
  analysed = 0;
  private readonly scratch = new Positions();
  constructor(private readonly database: Database) {}

  /**
   * A drawing number `ARK-01-20-0417` is a new token in almost every drawing. Its analysis is the same for every number
   * of its class (`ARK-01`) but for the two numbers, which every configuration maps with the `simple` dictionary (uint
   * and numword: the text lower-cased, never a stop word): phrase `ark` `01` `20` `0417` at 1-4, code heads
   * `ark01200417` `ark0120` `ark01` at 1-3. So the database analyses one drawing number of each class; the others are
   * that analysis with their own numbers, if the analysis has exactly that shape (otherwise every number of the class
   * goes to the database as before). Numbers alone are a class of their own, and one with a full stop after them.
   */
  private byClass(token: string, language: Language): TokenAnalysis | undefined {
    const first = token.charCodeAt(0);
    const digit = first >= 48 && first <= 57;
    const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
    if (!digit && !letter) return undefined;
    const derived = this.derived[language];
    const known = derived.get(token);
    if (known !== undefined) return known;
    let analysis: TokenAnalysis | undefined;
    if (digit) {
      const number = NUMBER.exec(token);
      if (number === null) return undefined;
      const shape = this.drawingClasses[language].get(number[2] === '.' ? '#.' : '#');
      if (shape === undefined || shape === 'none') return undefined;
      analysis = { phrase: [this.lexicon.forBatch(number[1]!), 1], phraseWidth: 1, heads: [], headsWidth: 0 };
    } else {
      const match = DRAWING_NUMBER.exec(token);
      if (match === null) return undefined;
      const shape = this.drawingClasses[language].get(`${match[1]}-${match[2]}`);
      if (shape === undefined || shape === 'none') return undefined;
      const [, , , middle, sequence] = match as unknown as [string, string, string, string, string];
      const lexicon = this.lexicon;
      analysis = {
        phrase: [shape.first, 1, shape.second, 2, lexicon.forBatch(middle), 3, lexicon.forBatch(sequence), 4],
        phraseWidth: 4,
        heads: [
          lexicon.forBatch(shape.head + middle + sequence),
          1,
          lexicon.forBatch(shape.head + middle),
          2,
          shape.headId,
          3,
        ],
        headsWidth: 3,
      };
      // a drawing number recurs in its document's head only: not worth keeping
      return analysis;
    }
    derived.set(token, analysis);
    return analysis;
  }

  /** learns a drawing-number class from the database's analysis of one of its numbers */
  private learnClass(token: string, language: Language, analysis: RawAnalysis): void {
    const number = NUMBER.exec(token);
    if (number !== null) {
      // a number alone (`4711`, or `4711.` at a sentence's end): the number itself at position 1, no code heads
      const key = number[2] === '.' ? '#.' : '#';
      if (this.drawingClasses[language].has(key)) return;
      const shaped =
        analysis.phrase.length === 1 &&
        analysis.phrase[0]![0] === number[1] &&
        analysis.phrase[0]![1].length === 1 &&
        analysis.phrase[0]![1][0] === 1 &&
        analysis.phraseWidth === 1 &&
        analysis.heads.length === 0 &&
        analysis.headsWidth === 0;
      this.drawingClasses[language].set(key, shaped ? { first: -1, second: -1, head: '', headId: -1 } : 'none');
      return;
    }
    const match = DRAWING_NUMBER.exec(token);
    if (match === null) return;
    const key = `${match[1]}-${match[2]}`;
    const classes = this.drawingClasses[language];
    if (classes.has(key)) return;
    const [, , , middle, sequence] = match as unknown as [string, string, string, string, string];
    const at = (list: [string, number[]][], position: number) => {
      const found = list.filter(([, positions]) => positions.includes(position));
      return found.length === 1 && found[0]![1].length === 1 ? found[0]![0] : undefined;
    };
    const first = at(analysis.phrase, 1);
    const second = at(analysis.phrase, 2);
    const head = at(analysis.heads, 3);
    const shaped =
      first !== undefined &&
      second !== undefined &&
      head !== undefined &&
      analysis.phrase.length === 4 &&
      analysis.heads.length === 3 &&
      analysis.phraseWidth === 4 &&
      analysis.headsWidth === 3 &&
      at(analysis.phrase, 3) === middle &&
      at(analysis.phrase, 4) === sequence &&
      at(analysis.heads, 2) === head + middle &&
      at(analysis.heads, 1) === head + middle + sequence;
    classes.set(
      key,
      shaped
        ? { first: this.lexicon.keep(first), second: this.lexicon.keep(second), head, headId: this.lexicon.keep(head) }
        : 'none',
    );
  }

  /** whether the token's analysis is derived from its class (a number, a drawing number of a class learnt) */
  private derivable(token: string, language: Language): boolean {
    const first = token.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      const number = NUMBER.exec(token);
      if (number === null) return false;
      const shape = this.drawingClasses[language].get(number[2] === '.' ? '#.' : '#');
      return shape !== undefined && shape !== 'none';
    }
    if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return false;
    const match = DRAWING_NUMBER.exec(token);
    if (match === null) return false;
    const shape = this.drawingClasses[language].get(`${match[1]}-${match[2]}`);
    return shape !== undefined && shape !== 'none';
  }

  /** the token's analysis, if it is known or derived from its class */
  find(token: string, language: Language): TokenAnalysis | undefined {
    return this.cache[language].get(token) ?? this.byClass(token, language);
  }

  analysisOf(token: string, language: Language): TokenAnalysis {
    const analysis = this.find(token, language);
    if (analysis === undefined) throw new Error(`token not prepared: ${token}`);
    return analysis;
  }

  /**
   * Starts a batch: the lexemes and analyses derived for the last one are given up (nothing built from them may be
   * used afterwards but the literals).
   */
  startBatch(): void {
    this.lexicon.endBatch();
    this.derived.nb.clear();
    this.derived.en.clear();
  }

  /** analyses the tokens of these texts that are not known yet, in one query per language */
  async prepare(texts: readonly { text: string; language: Language }[]): Promise<void> {
    this.startBatch();
    for (const language of ['nb', 'en'] as const) {
      const missing = new Set<string>();
      for (const t of texts) {
        if (t.language !== language) continue;
        for (const token of tokensOf(t.text).tokens) if (this.find(token, language) === undefined) missing.add(token);
      }
      await this.analyse(missing, language);
    }
  }

  /**
   * The database's analyses of these tokens, in one query. Call it at the start of a batch (before any analysis of
   * the batch is derived: the lexemes it keeps take ids the batch's would).
   */
  async analyse(missing: ReadonlySet<string>, language: Language): Promise<void> {
    if (missing.size === 0) return;
    this.startBatch();
    const tokens = [...missing];
    const config = language === 'en' ? 'byggdok_en' : 'byggdok';
    const rows = (
      await sql<{ i: number; part: 'p' | 'h'; lexeme: string; positions: number[] }>`
        with t as (select tok, i from unnest(${tokens}::text[]) with ordinality as t(tok, i)),
        x as (select t.i, search_phrase_text(t.tok) as p, search_text(t.tok) as s from t)
        select x.i::int as i, 'p' as part, u.lexeme, u.positions::int[] as positions
        from x, unnest(to_tsvector(${config}::regconfig, x.p || ' ' || ${MARKER})) u
        union all
        select x.i::int, 'h', u.lexeme, u.positions::int[]
        from x, unnest(to_tsvector(${config}::regconfig,
          case when length(x.s) > length(x.p) then substr(x.s, length(x.p) + 2) else '' end || ' ' || ${MARKER})) u`.execute(
        this.database.db,
      )
    ).rows;
    const marker = (
      await sql<{
        lexeme: string;
      }>`select u.lexeme from unnest(to_tsvector(${config}::regconfig, ${MARKER})) u`.execute(this.database.db)
    ).rows[0]?.lexeme;
    if (marker === undefined) throw new Error('the marker word is a stop word');
    const analyses = tokens.map((): RawAnalysis => ({ phrase: [], phraseWidth: 0, heads: [], headsWidth: 0 }));
    for (const row of rows) {
      const analysis = analyses[row.i - 1]!;
      const positions = row.positions.map(Number);
      if (row.lexeme === marker) {
        if (row.part === 'p') analysis.phraseWidth = positions[0]! - 1;
        else analysis.headsWidth = positions[0]! - 1;
      } else if (row.part === 'p') analysis.phrase.push([row.lexeme, positions]);
      else analysis.heads.push([row.lexeme, positions]);
    }
    this.analysed += tokens.length;
    const cache = this.cache[language];
    const flat = (list: [string, number[]][]) =>
      list.flatMap(([lexeme, positions]) => {
        const id = this.lexicon.keep(lexeme);
        return positions.flatMap((p) => [id, p]);
      });
    tokens.forEach((token, i) => this.learnClass(token, language, analyses[i]!));
    tokens.forEach((token, i) => {
      // drawing numbers and numbers of a learnt class are not kept: a million of them would be
      if (this.derivable(token, language)) return;
      const raw = analyses[i]!;
      cache.set(token, {
        phrase: flat(raw.phrase),
        phraseWidth: raw.phraseWidth,
        heads: flat(raw.heads),
        headsWidth: raw.headsWidth,
      });
    });
  }

  /**
   * The analyses of these tokens the database made; a derived one's place is left undefined (fillIn derives it, after
   * `analyse`), and so is an unknown one's, collected in `missing`.
   */
  lookUp(tokens: readonly string[], language: Language, missing: Set<string>): (TokenAnalysis | undefined)[] {
    const cache = this.cache[language];
    const result = new Array<TokenAnalysis | undefined>(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const analysis = cache.get(token);
      if (analysis === undefined && !this.derivable(token, language)) missing.add(token);
      result[i] = analysis;
    }
    return result;
  }

  /** fills the places lookUp left undefined, after the missing tokens were analysed */
  fillIn(tokens: readonly string[], analyses: (TokenAnalysis | undefined)[], language: Language): TokenAnalysis[] {
    for (let i = 0; i < analyses.length; i++) analyses[i] ??= this.analysisOf(tokens[i]!, language);
    return analyses as TokenAnalysis[];
  }

  /** search_vector(text, language) as a tsvector literal, every position of the given weight (prepare() first) */
  literal(text: string, language: Language, weight: 'A' | 'B' | 'D'): string {
    const tokens = tokensOf(text).tokens;
    const analyses = tokens.map((token) => this.analysisOf(token, language));
    this.scratch.collect(analyses, 0, analyses.length, this.lexicon.size);
    return this.scratch.literal(this.lexicon.quoted, WEIGHT[weight]);
  }
}

/**
 * One text's vector: the positions of each lexeme, collected in arrays indexed by lexeme id and reused from one text
 * to the next. After `collect`, lexeme `lexemes[k]` has `count[id]` positions at `grouped[start[id]...]`, in order.
 */
export class Positions {
  count = new Int32Array(4096);
  private last = new Int32Array(4096);
  start = new Int32Array(4096);
  private cursor = new Int32Array(4096);
  /** the lexemes in the order they first occur */
  lexemes = new Int32Array(1024);
  size = 0;
  private entryLexeme = new Int32Array(4096);
  private entryPosition = new Int32Array(4096);
  private entries = 0;
  grouped = new Int32Array(4096);
  /** the largest position (tsvector_concat shifts the right-hand vector by it) */
  maxPosition = 0;
  /** every position (body_length) */
  get total(): number {
    return this.entries;
  }

  private clear(lexemes: number): void {
    for (let k = 0; k < this.size; k++) this.count[this.lexemes[k]!] = 0;
    this.size = 0;
    this.entries = 0;
    this.maxPosition = 0;
    if (lexemes > this.count.length) {
      const length = Math.max(lexemes, this.count.length * 2);
      this.count = new Int32Array(length);
      this.last = new Int32Array(length);
      this.start = new Int32Array(length);
      this.cursor = new Int32Array(length);
    }
  }

  private add(lexeme: number, position: number): void {
    const p = position < MAX_POSITION ? position : MAX_POSITION;
    const count = this.count[lexeme]!;
    if (count === 0) {
      if (this.size === this.lexemes.length) this.lexemes = grown(this.lexemes);
      this.lexemes[this.size++] = lexeme;
    } else {
      const last = this.last[lexeme]!;
      if (count >= MAX_POSITIONS || last === MAX_POSITION || last === p) return;
    }
    this.count[lexeme] = count + 1;
    this.last[lexeme] = p;
    if (this.entries === this.entryLexeme.length) {
      this.entryLexeme = grown(this.entryLexeme);
      this.entryPosition = grown(this.entryPosition);
    }
    this.entryLexeme[this.entries] = lexeme;
    this.entryPosition[this.entries++] = p;
    if (p > this.maxPosition) this.maxPosition = p;
  }

  /** the vector of tokens `from` to `to` (their phrases, then their code heads, as search_text appends them) */
  collect(analyses: readonly TokenAnalysis[], from: number, to: number, lexemes: number): void {
    this.clear(lexemes);
    let offset = 0;
    for (let t = from; t < to; t++) {
      const a = analyses[t]!;
      const phrase = a.phrase;
      for (let j = 0; j < phrase.length; j += 2) this.add(phrase[j]!, offset + phrase[j + 1]!);
      offset += a.phraseWidth;
    }
    for (let t = from; t < to; t++) {
      const a = analyses[t]!;
      const heads = a.heads;
      for (let j = 0; j < heads.length; j += 2) this.add(heads[j]!, offset + heads[j + 1]!);
      offset += a.headsWidth;
    }
    // group the positions by lexeme (a token's positions come sorted, and every token's after the one's before it)
    if (this.grouped.length < this.entries) this.grouped = new Int32Array(this.entryLexeme.length);
    let at = 0;
    for (let k = 0; k < this.size; k++) {
      const id = this.lexemes[k]!;
      this.start[id] = at;
      this.cursor[id] = at;
      at += this.count[id]!;
    }
    for (let e = 0; e < this.entries; e++) this.grouped[this.cursor[this.entryLexeme[e]!]!++] = this.entryPosition[e]!;
  }

  /** the vector as a literal, every position of one weight */
  literal(quoted: readonly string[], weight: number): string {
    const text = POSITION_TEXT[weight]!;
    let result = '';
    for (let k = 0; k < this.size; k++) {
      const id = this.lexemes[k]!;
      if (k > 0) result += ' ';
      result += quoted[id]! + ':';
      const start = this.start[id]!;
      const end = start + this.count[id]!;
      result += text[this.grouped[start]!]!;
      for (let i = start + 1; i < end; i++) result += ',' + text[this.grouped[i]!]!;
    }
    return result;
  }

  /** the positions of one lexeme, weighted (position * 4 + weight) */
  weighted(id: number, weight: number): number[] {
    const start = this.start[id]!;
    const end = start + this.count[id]!;
    const result = new Array<number>(end - start);
    for (let i = start; i < end; i++) result[i - start] = this.grouped[i]! * 4 + weight;
    return result;
  }

  /** search_top's candidates: lexemes of at least two positions, the most first, ties in code unit order; 16 */
  top(texts: readonly string[]): number[] {
    const repeated: number[] = [];
    for (let k = 0; k < this.size; k++) {
      const id = this.lexemes[k]!;
      if (this.count[id]! >= 2) repeated.push(id);
    }
    const count = this.count;
    repeated.sort((x, y) => {
      const d = count[y]! - count[x]!;
      if (d !== 0) return d;
      const a = texts[x]!;
      const b = texts[y]!;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    if (repeated.length > 16) repeated.length = 16;
    return repeated;
  }

  /** The lexemes search_top can choose (repeated, and as repeated as its 16th), with how often each occurs. */
  topCandidates(texts: readonly string[]): [string, number][] {
    const repeated: [string, number][] = [];
    for (let k = 0; k < this.size; k++) {
      const id = this.lexemes[k]!;
      if (this.count[id]! >= 2) repeated.push([texts[id]!, this.count[id]!]);
    }
    if (repeated.length <= 16) return repeated;
    repeated.sort((x, y) => y[1] - x[1]);
    const edge = repeated[15]![1];
    return repeated.filter(([, n]) => n >= edge);
  }
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const result = new Int32Array(array.length * 2);
  result.set(array);
  return result;
}

/** A vector of weighted positions (position * 4 + weight) by lexeme id, in the order its lexemes first occur. */
export type WeightedVector = Map<number, number[]>;

/**
 * `left || right` as tsvector_concat computes it, for a right-hand vector: its positions move on by `shift` (the left
 * one's largest); a lexeme in both keeps the left positions (`kept` of them), then the right ones, up to 256 positions
 * and no further after the last position (16383). Appends to `target`.
 */
function appendShifted(target: number[], kept: number, positions: readonly number[], shift: number): void {
  let length = kept;
  for (const p of positions) {
    if (length >= MAX_CONCAT_POSITIONS) break;
    if (length > 0) {
      const last = target.length > 0 ? target[target.length - 1]! : -1;
      if (last >> 2 === MAX_POSITION) break;
    }
    target.push(Math.min((p >> 2) + shift, MAX_POSITION) * 4 + (p & 3));
    length++;
  }
}

/** head = setweight(a, 'A') || setweight(b, 'B') */
export function headVector(a: Positions, b: Positions): WeightedVector {
  const result: WeightedVector = new Map();
  for (let k = 0; k < a.size; k++) {
    const id = a.lexemes[k]!;
    result.set(id, a.weighted(id, WEIGHT.A));
  }
  const shift = a.maxPosition;
  for (let k = 0; k < b.size; k++) {
    const id = b.lexemes[k]!;
    let target = result.get(id);
    if (target === undefined) result.set(id, (target = []));
    const right = b.weighted(id, WEIGHT.B);
    // the kept ones' last position is target's last (weighted): tracked by appendShifted through target itself
    appendShiftedWeighted(target, right, shift);
  }
  return result;
}

/** appends `right`'s weighted positions, shifted, to the weighted positions `target` (tsvector_concat's limits) */
function appendShiftedWeighted(target: number[], right: readonly number[], shift: number): void {
  for (const p of right) {
    if (
      target.length >= MAX_CONCAT_POSITIONS ||
      (target.length > 0 && target[target.length - 1]! >> 2 === MAX_POSITION)
    )
      break;
    target.push(Math.min((p >> 2) + shift, MAX_POSITION) * 4 + (p & 3));
  }
}

/** bytes written one after the other into a buffer that doubles when full (a COPY batch's) */
class GrowingBytes {
  bytes: Buffer;
  length = 0;
  constructor(size: number) {
    this.bytes = Buffer.allocUnsafe(size);
  }

  /** room for `n` bytes more */
  protected room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + n));
    this.bytes.copy(next, 0, 0, this.length);
    this.bytes = next;
  }
}

/**
 * COPY's text format written straight into bytes: the rows of a batch never become one long JavaScript string (which
 * the collector would have to move and the writer to encode).
 */
export class CopyBytes extends GrowingBytes {
  byte(c: number): void {
    this.room(1);
    this.bytes[this.length++] = c;
  }

  /** a text field: escaped, in UTF-8 */
  text(value: string): void {
    const escaped = copyEscaped(value);
    this.room(escaped.length * 3);
    this.length += this.bytes.write(escaped, this.length, 'utf8');
  }

  /** a field and the tab after it; null as \N */
  field(value: string | number | boolean | null): void {
    if (value === null) {
      this.byte(92);
      this.byte(78);
    } else if (typeof value === 'boolean') this.byte(value ? 116 : 102);
    else if (typeof value === 'number') this.int(value);
    else this.text(value);
    this.byte(9);
  }

  /** a whole number not below 0 */
  int(n: number): void {
    if (n < 10) return this.byte(48 + n);
    this.room(16);
    const digits = n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : n < 100000 ? 5 : String(n).length;
    let at = this.length + digits;
    this.length = at;
    let rest = n;
    while (at > this.length - digits) {
      this.bytes[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
  }

  take(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

/** the signature, flags and header extension of COPY's binary format */
const BINARY_HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** 2000-01-01 (PostgreSQL's epoch) in Unix milliseconds */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

/**
 * COPY's binary format written straight into bytes, for the tables with vectors (search_documents, document_chunks,
 * document_lexemes): the server reads a binary vector's lexemes and positions as they are, where the text form is
 * parsed character by character (a third of the server's CPU while the bench's rows were written, stop 80's profile).
 */
export class BinaryCopy extends GrowingBytes {
  constructor(size: number) {
    super(Math.max(size, 64));
    this.raw(BINARY_HEADER);
  }

  // The writers below set bytes one by one: a lexeme is a few bytes and a position two, and Buffer's set and write
  // methods check their arguments on every call (writeUInt16BE alone was 2 % of the COPY thread's time in a profile of
  // the load; the whole load was not measurably faster for it)
  private raw(source: Uint8Array): void {
    const n = source.length;
    this.room(n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) bytes[at++] = source[i]!;
    this.length = at;
  }

  private int16(n: number): void {
    this.room(2);
    this.bytes[this.length++] = (n >> 8) & 0xff;
    this.bytes[this.length++] = n & 0xff;
  }

  private int32(n: number): void {
    this.room(4);
    const bytes = this.bytes;
    const at = this.length;
    bytes[at] = (n >>> 24) & 0xff;
    bytes[at + 1] = (n >>> 16) & 0xff;
    bytes[at + 2] = (n >>> 8) & 0xff;
    bytes[at + 3] = n & 0xff;
    this.length = at + 4;
  }

  /** a row of `fields` columns begins */
  row(fields: number): void {
    this.int16(fields);
  }

  text(value: string | null): void {
    if (value === null) return this.int32(-1);
    this.room(4 + 3 * value.length);
    const written = this.bytes.write(value, this.length + 4, 'utf8');
    this.bytes.writeInt32BE(written, this.length);
    this.length += 4 + written;
  }

  uuid(value: string): void {
    this.int32(16);
    this.room(16);
    this.length += this.bytes.write(value.replaceAll('-', ''), this.length, 'hex');
  }

  bool(value: boolean): void {
    this.int32(1);
    this.room(1);
    this.bytes[this.length++] = value ? 1 : 0;
  }

  int4(value: number): void {
    this.int32(4);
    this.int32(value);
  }

  /** a timestamptz, as microseconds since PostgreSQL's epoch */
  timestamp(value: Date): void {
    this.int32(8);
    this.room(8);
    this.length = this.bytes.writeBigInt64BE(BigInt(value.getTime() - POSTGRES_EPOCH_MS) * 1000n, this.length);
  }

  /** a tsvector begins (its length and lexeme count are filled in by `endVector`); returns where it starts */
  startVector(): number {
    const at = this.length;
    this.int32(0);
    this.int32(0);
    return at;
  }

  /** a lexeme of the vector begun at `at`, with `positions` positions to follow (`position`) */
  lexeme(bytes: Uint8Array, positions: number): void {
    this.raw(bytes);
    this.room(3);
    this.bytes[this.length++] = 0;
    this.bytes[this.length++] = (positions >> 8) & 0xff;
    this.bytes[this.length++] = positions & 0xff;
  }

  /** a weighted position (position * 4 + weight: 0 D ... 3 A), as WordEntryPos (weight in the two high bits) */
  position(p: number): void {
    this.room(2);
    // the weight's two bits, then the position's high six
    this.bytes[this.length++] = ((p & 3) << 6) | ((p >> 10) & 0x3f);
    this.bytes[this.length++] = (p >> 2) & 0xff;
  }

  endVector(at: number, lexemes: number): void {
    this.bytes.writeInt32BE(this.length - at - 4, at);
    this.bytes.writeInt32BE(lexemes, at + 4);
  }

  /** the batch's bytes, the trailer added */
  take(): Buffer {
    this.int16(-1);
    return this.bytes.subarray(0, this.length);
  }
}

/** a weighted vector, in COPY's binary format */
export function writeWeighted(out: BinaryCopy, vector: WeightedVector, order: LexemeOrder): void {
  const at = out.startVector();
  const ids = order.sorted([...vector.keys()], vector.size);
  for (const id of ids) {
    const positions = vector.get(id)!;
    out.lexeme(order.utf8[id]!, positions.length);
    for (const p of positions) out.position(p);
  }
  out.endVector(at, vector.size);
}

/** the vector collected last (a chunk's), every position of weight D, in COPY's binary format */
export function writeVector(out: BinaryCopy, vector: Positions, order: LexemeOrder): void {
  const at = out.startVector();
  for (const id of order.sorted(vector.lexemes, vector.size)) {
    const start = vector.start[id]!;
    const end = start + vector.count[id]!;
    out.lexeme(order.utf8[id]!, end - start);
    for (let i = start; i < end; i++) out.position(vector.grouped[i]! * 4 + WEIGHT.D);
  }
  out.endVector(at, vector.size);
}

/** lexemes without positions (search_top's, a document's distinct lexemes), in COPY's binary format */
export function writeLexemes(out: BinaryCopy, ids: readonly number[], order: LexemeOrder): void {
  const at = out.startVector();
  for (const id of order.sorted(ids, ids.length)) out.lexeme(order.utf8[id]!, 0);
  out.endVector(at, ids.length);
}

/** the body's lexemes and the head's others: `body || head`'s lexemes */
const joined: number[] = [];

/**
 * `body || head` as tsvector_concat computes it, in COPY's binary format: the body's positions (weight D), a lexeme in
 * both with the head's after them, shifted by the body's largest position; then the head's other lexemes' (all of
 * them in byte order).
 */
export function writeConcatenated(out: BinaryCopy, body: Positions, head: WeightedVector, order: LexemeOrder): void {
  const shift = body.maxPosition;
  const shifted: number[] = [];
  joined.length = 0;
  for (let k = 0; k < body.size; k++) joined.push(body.lexemes[k]!);
  for (const id of head.keys()) if (!(body.count[id]! > 0)) joined.push(id);
  const at = out.startVector();
  for (const id of order.sorted(joined, joined.length)) {
    const count = body.count[id] ?? 0;
    shifted.length = 0;
    const extra = head.get(id);
    if (count === 0) {
      // the head's alone
      appendShifted(shifted, 0, extra!, shift);
      out.lexeme(order.utf8[id]!, shifted.length);
      for (const p of shifted) out.position(p);
      continue;
    }
    const start = body.start[id]!;
    const end = start + count;
    if (extra !== undefined) {
      // the left positions' last decides whether any more fit
      shifted.push(body.grouped[end - 1]! * 4);
      appendShifted(shifted, count, extra, shift);
    }
    out.lexeme(order.utf8[id]!, count + Math.max(shifted.length - 1, 0));
    for (let i = start; i < end; i++) out.position(body.grouped[i]! * 4);
    for (let i = 1; i < shifted.length; i++) out.position(shifted[i]!);
  }
  out.endVector(at, joined.length);
}
