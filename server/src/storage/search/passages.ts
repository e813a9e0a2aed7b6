import { sql } from 'kysely';
import type { SearchPassage } from '../../domain/search/search.types.js';
import { lengthNorm, rounded, scoreFromRanks, termRanks, type WeightedTerm } from './ranking.js';
import type { Executor } from './search-sql.js';

/** passages per hit (decisions.md, "Search passages") */
export const MAX_PASSAGES = 3;
/** characters of page text a passage holds at most */
export const MAX_PASSAGE_CHARS = 400;
/** chunks read per document: more than MAX_PASSAGES, since overlapping chunks give the same excerpt */
const CHUNKS_PER_DOCUMENT = 8;
/** characters of context kept before the first matched word of an excerpt */
const LEAD_CHARS = 80;

/**
 * A word as the search index reads it: letters, digits and combining marks, or a code whose parts are joined by
 * `-.:_+` (`ARK-A-20-001`, `=360.001-RB01` without its `=`). A highlight covers one of these whole.
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:[-.:_+][\p{L}\p{M}\p{N}]+)*/gu;

interface Word {
  start: number;
  end: number;
}

interface ChunkCandidate {
  document_id: string;
  page_number: number;
  char_start: number;
  text: string;
  score: number | string;
}

/**
 * The best passages of each hit: the chunks of its pages that match the query, best first by the search's own
 * ranking (ts_rank per term times idf, typo corrections and compounds weighted lower), each cut to an excerpt of at
 * most MAX_PASSAGE_CHARS around its matched words. A highlight is a word whose analysis (either language's, as the
 * index holds the page) matches one of the query's lexemes, typo corrections and compounds included. A document that
 * matched on its name or title only has no matching chunk, and so no passage.
 */
export async function findPassages(params: {
  trx: Executor;
  terms: readonly WeightedTerm[];
  documentIds: readonly string[];
}): Promise<Map<string, SearchPassage[]>> {
  const { trx, terms } = params;
  const result = new Map<string, SearchPassage[]>();
  for (const id of params.documentIds) result.set(id, []);
  if (terms.length === 0 || params.documentIds.length === 0) return result;
  const any = terms.map((t) => t.match).join(' | ');
  const score = rounded(sql<number>`${scoreFromRanks({ ranks: sql`k.r`, terms })} * ${lengthNorm(sql`k.words`)}`);
  const rows = (
    await sql<ChunkCandidate>`
      with k as materialized (
        select c.id, c.document_id, c.page_number, c.char_start, c.text, length(c.tsv) as words,
               ${termRanks({ vector: sql`c.tsv`, terms })} as r
        from document_chunks c
        where c.document_id = any(${[...params.documentIds]}::uuid[]) and c.tsv @@ ${any}::tsquery
      ),
      s as (
        select k.id, k.document_id, k.page_number, k.char_start, k.text, ${score} as score from k
      ),
      n as (
        select s.*, row_number() over (partition by s.document_id order by s.score desc, s.id) as n from s
      )
      select n.document_id::text as document_id, n.page_number, n.char_start, n.text, n.score
      from n where n.n <= ${CHUNKS_PER_DOCUMENT}
      order by n.document_id, n.score desc, n.id`.execute(trx)
  ).rows;
  if (rows.length === 0) return result;

  // which words of these chunks match: each distinct word analysed once, as the index analyses it
  const words = rows.map((row) => wordsOf(row.text));
  const distinct = [...new Set(rows.flatMap((row, i) => (words[i] ?? []).map((w) => row.text.slice(w.start, w.end))))];
  const lexemes = lexemeQuery(terms);
  const matched = new Set<string>();
  if (lexemes !== null && distinct.length > 0) {
    const found = (
      await sql<{ word: string }>`
        select u.word from unnest(${distinct}::text[]) as u(word)
        where (search_vector(u.word, 'nb') || search_vector(u.word, 'en')) @@ ${lexemes}::tsquery`.execute(trx)
    ).rows;
    for (const row of found) matched.add(row.word);
  }

  const placed = new Map<string, { page: number; start: number; end: number }[]>();
  rows.forEach((row, i) => {
    const list = result.get(row.document_id);
    if (!list || list.length >= MAX_PASSAGES) return;
    const chunkWords = words[i] ?? [];
    const hits = chunkWords.filter((w) => matched.has(row.text.slice(w.start, w.end)));
    const excerpt = excerptOf({ text: row.text, words: chunkWords, hits });
    if (excerpt === null) return;
    // overlapping chunks of one page give overlapping excerpts: keep the better one only
    const start = row.char_start + excerpt.start;
    const end = row.char_start + excerpt.end;
    const taken = placed.get(row.document_id) ?? [];
    if (taken.some((p) => p.page === row.page_number && p.start < end && start < p.end)) return;
    taken.push({ page: row.page_number, start, end });
    placed.set(row.document_id, taken);
    list.push({
      pageNumber: row.page_number,
      text: row.text.slice(excerpt.start, excerpt.end),
      highlights: excerpt.highlights,
    });
  });
  return result;
}

export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    words.push({ start, end: start + match[0].length });
  }
  return words;
}

/**
 * Every lexeme of the query's terms (exact forms, the other language's, typo corrections, compounds, a phrase's
 * words), as one `|` query a single word can match. Null when there is none.
 */
export function lexemeQuery(terms: readonly WeightedTerm[]): string | null {
  const lexemes = new Set<string>();
  for (const term of terms) {
    for (const match of term.match.matchAll(/'(?:[^']|'')*'(?::\*)?/g)) lexemes.add(match[0]);
  }
  return lexemes.size === 0 ? null : [...lexemes].join(' | ');
}

/**
 * The window of a chunk, at most MAX_PASSAGE_CHARS long, starting and ending at word boundaries, that holds the most
 * matched words (the earliest such window; a little context before its first matched word), with the matched words'
 * ranges relative to it.
 */
export function excerptOf(params: {
  text: string;
  words: readonly Word[];
  hits: readonly Word[];
}): { start: number; end: number; highlights: [number, number][] } | null {
  const { words, hits } = params;
  if (words.length === 0) return null;
  const windowFrom = (first: number): { start: number; end: number; count: number } | null => {
    const start = words[first]?.start ?? 0;
    let last = -1;
    for (let j = first; j < words.length; j += 1) {
      const word = words[j];
      if (!word || word.end - start > MAX_PASSAGE_CHARS) break;
      last = j;
    }
    if (last < 0) return null;
    const end = words[last]?.end ?? start;
    return { start, end, count: hits.filter((h) => h.start >= start && h.end <= end).length };
  };
  let best: { start: number; end: number; count: number } | null = null;
  const anchors = hits.length > 0 ? hits : [words[0] as Word];
  for (const anchor of anchors) {
    // start up to LEAD_CHARS before the anchor, at a word's start
    let first = words.findIndex((w) => w.start >= anchor.start - LEAD_CHARS);
    if (first < 0) first = 0;
    let window = windowFrom(first);
    // a lead so long that the anchor falls outside: start at the anchor itself
    if (window && window.end < anchor.end) window = windowFrom(words.indexOf(anchor));
    if (window && (best === null || window.count > best.count)) best = window;
  }
  if (best === null) return null;
  const { start, end } = best;
  return {
    start,
    end,
    highlights: hits
      .filter((h) => h.start >= start && h.end <= end)
      .map((h): [number, number] => [h.start - start, h.end - start]),
  };
}
