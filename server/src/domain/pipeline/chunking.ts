import { documentLanguages, type TextLanguage } from '../shared/text-language.js';
import type { ExtractedPage } from './extraction.types.js';

/**
 * A piece of one page, sized for embedding and retrieval. `text` is exactly `page.text.slice(charStart, charEnd)`,
 * so an answer can quote it verbatim and cite the page.
 */
export interface Chunk {
  /** 0-based position across the whole document */
  index: number;
  pageNumber: number;
  text: string;
  charStart: number;
  charEnd: number;
}

export interface ChunkOptions {
  /** preferred chunk length in characters; a chunk may end earlier at a paragraph or sentence */
  targetChars?: number;
  /** characters the next chunk repeats from the end of the previous one, so a fact on the seam is found whole */
  overlapChars?: number;
}

const DEFAULT_TARGET_CHARS = 1000;
const DEFAULT_OVERLAP_CHARS = 150;
/** a page's last piece is absorbed into the chunk before it rather than stored as a sliver */
const TAIL_ALLOWANCE = 1.15;
const UPPER = 'A-ZÆØÅÄÖÜÉ';
/** room after a window for a boundary pattern's lookahead (the capital that starts the next sentence) */
const LOOKAHEAD_CHARS = 64;

/** Chunks never span pages: a citation names one page, and the quoted text must be on it. */
export function chunkPages(pages: readonly ExtractedPage[], options: ChunkOptions = {}): Chunk[] {
  const targetChars = Math.max(50, Math.floor(options.targetChars ?? DEFAULT_TARGET_CHARS));
  const overlapChars = Math.min(
    Math.max(0, Math.floor(options.overlapChars ?? DEFAULT_OVERLAP_CHARS)),
    targetChars >> 1,
  );
  const chunks: Chunk[] = [];
  for (const page of pages) {
    for (const span of splitPage({ text: page.text, targetChars, overlapChars })) {
      chunks.push({
        index: chunks.length,
        pageNumber: page.pageNumber,
        text: page.text.slice(span.start, span.end),
        charStart: span.start,
        charEnd: span.end,
      });
    }
  }
  return chunks;
}

/**
 * A document's pages and chunks with the language each is written in, and the document's (see text-language.ts):
 * what the pipeline stores, so search and answers analyse each passage in its own language.
 */
export function chunkWithLanguages<P extends ExtractedPage>(
  pages: readonly P[],
): {
  pages: (P & { language: TextLanguage | null })[];
  chunks: (Chunk & { language: TextLanguage | null })[];
  language: TextLanguage | null;
} {
  const chunks = chunkPages(pages);
  const pageIndex = new Map(pages.map((page, index) => [page.pageNumber, index]));
  const languages = documentLanguages({
    pages: pages.map((page) => page.text),
    pieces: chunks.map((chunk) => ({ page: pageIndex.get(chunk.pageNumber) ?? -1, text: chunk.text })),
  });
  return {
    language: languages.document,
    pages: pages.map((page, index) => ({ ...page, language: languages.pages[index] ?? null })),
    chunks: chunks.map((chunk, index) => ({ ...chunk, language: languages.pieces[index] ?? null })),
  };
}

interface Span {
  start: number;
  end: number;
}

function splitPage(params: { text: string; targetChars: number; overlapChars: number }): Span[] {
  const { text, targetChars, overlapChars } = params;
  const spans: Span[] = [];
  let start = skipWhitespace(text, 0);
  while (start < text.length) {
    const end =
      text.length - start <= targetChars * TAIL_ALLOWANCE ? text.length : findBreak({ text, start, targetChars });
    const trimmedEnd = trimWhitespaceEnd(text, start, end);
    if (trimmedEnd > start) spans.push({ start, end: trimmedEnd });
    if (end >= text.length) break;
    let next = overlapChars > 0 ? findOverlapStart({ text, start, end, overlapChars }) : end;
    next = skipWhitespace(text, next);
    if (next <= start) next = skipWhitespace(text, end);
    start = next;
  }
  return spans;
}

/**
 * The best place to end a chunk that starts at `start`: the last paragraph break in the second half of the window,
 * else the last sentence end, line break, clause break or space, else a hard cut.
 */
function findBreak(params: { text: string; start: number; targetChars: number }): number {
  const { text, start, targetChars } = params;
  const limit = start + targetChars;
  const from = start + (targetChars >> 1);
  const tiers: { pattern: RegExp; position: (match: RegExpExecArray) => number }[] = [
    { pattern: /\n[ \t\r]*\n/g, position: (m) => m.index },
    { pattern: new RegExp(`[.!?…]["'»”’)\\]]*(?=[ \\t]*\\r?\\n|\\s+[${UPPER}"«“(•–-])`, 'gu'), position: endOf },
    { pattern: /\r?\n/g, position: (m) => m.index },
    { pattern: /[,;:](?=\s)/g, position: endOf },
    { pattern: /\s/g, position: (m) => m.index },
  ];
  for (const tier of tiers) {
    const position = lastMatchPosition({ text, ...tier, from, to: limit });
    if (position !== undefined) return position;
  }
  return avoidSplittingSurrogate(text, limit);
}

/** Where the next chunk starts: the first sentence in the overlap window, else the first whole word in it. */
function findOverlapStart(params: { text: string; start: number; end: number; overlapChars: number }): number {
  const { text, start, end, overlapChars } = params;
  const from = Math.max(start + 1, end - overlapChars);
  const window = text.slice(from, end + LOOKAHEAD_CHARS);
  const tiers = [new RegExp(`[.!?…]["'»”’)\\]]*\\s+(?=[${UPPER}"«“(•–-])`, 'gu'), /\s+/g];
  for (const pattern of tiers) {
    const match = pattern.exec(window);
    if (match) {
      const position = from + endOf(match);
      if (position < end) return position;
    }
  }
  return end;
}

/**
 * Searches only a slice around the window: scanning from `from` to the end of a long page for a pattern that never
 * comes (no blank line in a 5 MB CSV) would make chunking quadratic.
 */
function lastMatchPosition(params: {
  text: string;
  pattern: RegExp;
  position: (match: RegExpExecArray) => number;
  from: number;
  to: number;
}): number | undefined {
  const { text, pattern, position, from, to } = params;
  const base = Math.max(0, from - 8);
  const window = text.slice(base, to + LOOKAHEAD_CHARS);
  pattern.lastIndex = 0;
  let best: number | undefined;
  for (let match = pattern.exec(window); match && base + match.index <= to; match = pattern.exec(window)) {
    const candidate = base + position(match);
    if (candidate >= from && candidate <= to) best = candidate;
    if (match[0].length === 0) pattern.lastIndex += 1;
  }
  return best;
}

function endOf(match: RegExpExecArray): number {
  return match.index + match[0].length;
}

function avoidSplittingSurrogate(text: string, position: number): number {
  const code = text.charCodeAt(position - 1);
  return code >= 0xd800 && code <= 0xdbff ? position - 1 : position;
}

function skipWhitespace(text: string, position: number): number {
  let index = position;
  while (index < text.length && /\s/.test(text.charAt(index))) index += 1;
  return index;
}

function trimWhitespaceEnd(text: string, start: number, end: number): number {
  let index = end;
  while (index > start && /\s/.test(text.charAt(index - 1))) index -= 1;
  return index;
}

const MAX_TITLE_CHARS = 200;

/** Names that authoring tools put in the title field when the author did not. */
const PLACEHOLDER_TITLE =
  /^(?:untitled|unbenannt|uten tittel|uten navn|no title|title|tittel|new document|nytt dokument|(?:document|dokument|presentation|presentasjon|book|bok|arbeidsbok|workbook|drawing|tegning|image|bilde|scan|skann)\s*\d*|(?:slide|lysbilde|page|side)\s*\d+|powerpoint[- ]?(?:presentation|presentasjon)|scanned document|skannet dokument|microsoft word|pdf)$/i;
const FILE_EXTENSION =
  /\.(?:docx?|xlsx?|pptx?|pdf|dwg|dxf|ifc|txt|rtf|odt|ods|tiff?|jpe?g|png|indd|ai|psd|msg|eml|html?|vsdx?|pub)$/i;

/**
 * The document's title: the metadata title when an author wrote it, else the first heading-like line near the start.
 * Never the body text, and at most about 200 characters.
 */
export function deriveTitle(input: {
  metadataTitle?: string;
  pages: readonly ExtractedPage[];
  filename?: string;
}): string | undefined {
  const fromMetadata = usableMetadataTitle(input.metadataTitle, input.filename);
  if (fromMetadata) return fromMetadata;
  return firstHeadingLine(input.pages);
}

function usableMetadataTitle(raw: string | undefined, filename: string | undefined): string | undefined {
  if (!raw) return undefined;
  const title = collapseWhitespace(raw.replace(/\0/g, ''));
  // Office's PDF printer writes "Microsoft Word - <file name>"; the rest is a file name, not a title.
  if (/^microsoft\s+\w+\s+-\s/i.test(title)) return undefined;
  if (PLACEHOLDER_TITLE.test(title) || FILE_EXTENSION.test(title)) return undefined;
  if (/[\\/]/.test(title) && /^(?:[a-z]:[\\/]|\/|\\\\)/i.test(title)) return undefined;
  if (countLetters(title) < 2) return undefined;
  if (filename) {
    const stem = filename.replace(/\.[^.]+$/, '');
    // A title that just repeats a machine-made file name ("TR_2019_v3", "scan0001") says less than the first heading.
    if (title.toLowerCase() === stem.toLowerCase() && !/\s/.test(title)) return undefined;
  }
  if (/^[\w-]*\d{4,}[\w-]*$/.test(title)) return undefined;
  return clampTitle(title);
}

const PAGE_MARKER = /^(?:side|page|s\.|p\.)?\s*\d+\s*(?:(?:av|of|\/)\s*\d+)?$/i;
const DATE_ONLY = /^[\d\s./:-]+$/;

function firstHeadingLine(pages: readonly ExtractedPage[]): string | undefined {
  // OCR guesses letters: a title read off a scan (or a photo) would be stored and then taken for the document's own
  // metadata; such a document is named by its file instead
  const ordered = pages.filter((page) => !page.ocr).sort((a, b) => a.pageNumber - b.pageNumber);
  // A cover page may be an image without text; the title is then on the next page.
  const page = ordered.slice(0, 2).find((candidate) => candidate.text.trim() !== '');
  if (!page) return undefined;
  let inspected = 0;
  for (const rawLine of page.text.split(/\r?\n/)) {
    const line = collapseWhitespace(rawLine.replace(/^\s*#{1,6}\s+/, '').replace(/\s+#+\s*$/, ''));
    if (line === '') continue;
    inspected += 1;
    if (inspected > 15) break;
    if (line.length < 3 || line.length > MAX_TITLE_CHARS) continue;
    if (PAGE_MARKER.test(line) || DATE_ONLY.test(line) || /^(?:https?:\/\/|www\.)|@/.test(line)) continue;
    const letters = countLetters(line);
    if (letters < 3 || letters / line.length < 0.4) continue;
    // a line ending in a comma or hyphen carries on into the next one: the start of a paragraph, not a heading
    if (/[,\-–]$/.test(line)) continue;
    return clampTitle(line);
  }
  return undefined;
}

function clampTitle(title: string): string {
  if (title.length <= MAX_TITLE_CHARS) return title;
  const cut = title.slice(0, MAX_TITLE_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > MAX_TITLE_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}
