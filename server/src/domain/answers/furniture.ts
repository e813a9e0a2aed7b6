import type { Passage } from './ports.js';

/**
 * Text that frames a document instead of saying something: a table-of-contents line, a page number, a heading, a
 * title block's bare label, or a running header or footer. Such text is never quoted as an answer, though its words
 * still tell which document and which part of it a question is about.
 */
export type FurnitureKind = 'contents line' | 'page number' | 'heading' | 'label' | 'running header';

/** "2.3 Ventilation ........ 14", "Brannsikring … 7", and the same line cut before its page number */
const CONTENTS_LINE = /(?:\.{4,}|…{2,}|\s(?:\.\s){3,})\s*\d{0,4}\s*$/u;
/** "3.1 Ventilasjon 12": a numbered section title ending in its page number */
const NUMBERED_CONTENTS_LINE = /^\d{1,2}(?:\.\d{1,2})*\.?\s+[^.!?:;]{2,80}?\s+\d{1,4}$/u;
const PAGE_NUMBER = /^(?:(?:page|side|s\.|p\.|pg\.?)\s*)?\d{1,4}(?:\s*(?:of|av|\/|-)\s*\d{1,4})?$/iu;
const TITLE_BLOCK_LABEL =
  /^(?:tegnings?\s?nr|tegning nr|drawing (?:no|number)|dwg no|målestokk|scale|dato|date|rev|revisjon|revision|tegnet av|drawn by|kontrollert(?: av)?|checked(?: by)?|godkjent(?: av)?|approved(?: by)?|prosjekt\s?nr|project (?:no|number)|fag|discipline|status|sign|signatur|signature|side|page|sheet|ark)\.?\s*:?$/iu;
/** a heading: a short line without sentence punctuation, optionally numbered, with no figures in it */
const HEADING_WORDS = 8;

/**
 * What framing a sentence is, judged on its line: a sentence is furniture when its line is a contents line or a page
 * number, or when it is the whole line and that line is a heading or a bare label.
 */
export function furnitureOf(params: { passage: string; start: number; end: number }): FurnitureKind | null {
  const { passage, start, end } = params;
  const lineStart = passage.lastIndexOf('\n', start - 1) + 1;
  const next = passage.indexOf('\n', end);
  const lineEnd = next < 0 ? passage.length : next;
  const sentence = passage.slice(start, end).replace(/\s+/g, ' ').trim();
  const line = passage.slice(lineStart, lineEnd).replace(/\s+/g, ' ').trim();
  if (passage.slice(start, end).includes('\n')) return lineFurniture(sentence, true);
  return lineFurniture(line, line === sentence);
}

function lineFurniture(line: string, wholeLine: boolean): FurnitureKind | null {
  if (line === '') return 'heading';
  if (CONTENTS_LINE.test(line)) return 'contents line';
  if (PAGE_NUMBER.test(line)) return 'page number';
  if (!wholeLine) return null;
  if (TITLE_BLOCK_LABEL.test(line)) return 'label';
  if (NUMBERED_CONTENTS_LINE.test(line)) return 'contents line';
  const withoutNumber = line.replace(/^\d{1,2}(?:\.\d{1,2})*\.?\s+/u, '');
  const words = withoutNumber.split(' ').filter((w) => /\p{L}/u.test(w));
  const heading =
    words.length > 0 &&
    words.length <= HEADING_WORDS &&
    !/[.!?:;,]$/u.test(withoutNumber) &&
    !/\p{N}/u.test(withoutNumber) &&
    /^\p{Lu}/u.test(withoutNumber);
  return heading ? 'heading' : null;
}

/**
 * Lines that stand on two or more pages of the same document: running headers and footers ("Byggdok AS – FDV-
 * dokumentasjon", "Confidential"). Keyed by document, then the line as it reads with its white space collapsed.
 */
export function runningLines(passages: readonly Passage[]): Map<string, Set<string>> {
  const pagesOf = new Map<string, Map<string, Set<number>>>();
  for (const passage of passages) {
    if (passage.pageNumber <= 0) continue;
    const lines = pagesOf.get(passage.documentId) ?? new Map<string, Set<number>>();
    for (const raw of passage.text.split('\n')) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (line.length < 4 || line.length > 120) continue;
      const pages = lines.get(line) ?? new Set<number>();
      pages.add(passage.pageNumber);
      lines.set(line, pages);
    }
    pagesOf.set(passage.documentId, lines);
  }
  const running = new Map<string, Set<string>>();
  for (const [documentId, lines] of pagesOf) {
    const repeated = [...lines].filter(([, pages]) => pages.size >= 2).map(([line]) => line);
    if (repeated.length > 0) running.set(documentId, new Set(repeated));
  }
  return running;
}
