import { readFile } from 'node:fs/promises';

import { deriveTitle } from '../../domain/pipeline/chunking.js';
import type { Extraction, ExtractorInput } from '../../domain/pipeline/extraction.types.js';

/**
 * Plain text, Markdown, CSV (as text, when no table extractor takes it), HTML and XML. One page each; the text is
 * what a reader would see, so citations quote readable words rather than markup.
 */
export async function extractText(input: ExtractorInput): Promise<Extraction> {
  input.signal?.throwIfAborted();
  const bytes = await readFile(input.path, { signal: input.signal });
  const { kind, extension, mime } = input.detected;

  if (kind === 'html') {
    const declared = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
    const html = htmlToText(decodeText(bytes, declared).text);
    const pages = [{ pageNumber: 1, text: html.text }];
    return { pages, title: html.title ?? deriveTitle({ pages, filename: input.filename }), metadata: {} };
  }
  if (kind === 'xml') {
    const declared = /^\s*<\?xml[^>]+encoding\s*=\s*["']([\w-]+)/i.exec(bytes.subarray(0, 512).toString('latin1'))?.[1];
    return { pages: [{ pageNumber: 1, text: xmlToText(decodeText(bytes, declared).text) }], metadata: {} };
  }

  const text = normalizeLineEnds(decodeText(bytes).text);
  const pages = [{ pageNumber: 1, text }];
  if (kind === 'csv') return { pages, metadata: {} };
  const isMarkdown = mime === 'text/markdown' || extension === 'md' || extension === 'markdown';
  if (!isMarkdown) return { pages, title: deriveTitle({ pages, filename: input.filename }), metadata: {} };
  // front matter is settings (`layout: page`), never a heading: its `title:` is the title, the rest is skipped
  const front = frontMatterOf(text);
  const title =
    front.title ??
    markdownHeading(front.body) ??
    deriveTitle({ pages: [{ pageNumber: 1, text: front.body }], filename: input.filename });
  return { pages, title, metadata: {} };
}

/** YAML front matter (`---` ... `---` or `...` at the very start): its `title:`, and the Markdown after it */
function frontMatterOf(markdown: string): { title: string | undefined; body: string } {
  const block = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(markdown);
  if (!block) return { title: undefined, body: markdown };
  const raw = /^title:[ \t]*(.*?)[ \t]*$/m.exec(block[1]!)?.[1] ?? '';
  const title = raw.replace(/^(["'])(.*)\1$/, '$2').trim();
  return { title: title ? clampTitle(title) : undefined, body: markdown.slice(block[0].length) };
}

/**
 * Bytes to text. Files from Norwegian Windows machines are often windows-1252, not UTF-8: bytes that are not valid
 * UTF-8 are read as the declared charset when there is one, else windows-1252 (a superset of latin1's letters).
 */
export function decodeText(bytes: Uint8Array, declaredCharset?: string): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // not UTF-8: fall through to a single-byte charset
  }
  if (
    declaredCharset &&
    !/^(?:utf-?8|iso-8859-1|latin-?1|windows-1252|cp1252|us-ascii|ascii)$/i.test(declaredCharset)
  ) {
    try {
      const decoder = new TextDecoder(declaredCharset);
      return { text: decoder.decode(bytes), encoding: decoder.encoding };
    } catch {
      // unknown label: windows-1252 below
    }
  }
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/** Windows-1252's printable characters in 0x80-0x9f (undefined positions keep their C1 code). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Node's TextDecoder treats windows-1252 as ISO-8859-1 and turns the en dash, curly quotes and euro sign into
 * control characters, so those 32 positions are mapped by hand.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH.charAt(c.charCodeAt(0) - 0x80));
}

function normalizeLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** First ATX (`# Title`) or setext (`Title` over `=====`) heading, outside code fences. */
function markdownHeading(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  let inFence = false;
  for (const [index, line] of lines.entries()) {
    if (/^\s{0,3}(?:```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const atx = /^\s{0,3}#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
    if (atx?.[1]) return clampTitle(atx[1]);
    const next = lines[index + 1];
    if (line.trim() !== '' && next !== undefined && /^\s{0,3}(?:=+|-{2,})\s*$/.test(next)) {
      return clampTitle(line.trim());
    }
  }
  return undefined;
}

/** Elements whose content is never shown as text. */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'math']);
/** Elements that start a new paragraph. */
const PARAGRAPH_ELEMENTS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'ul',
  'ol',
  'dl',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'form',
  'fieldset',
  'address',
  'hr',
]);
/** Elements that start a new line. */
const LINE_ELEMENTS = new Set(['br', 'div', 'li', 'tr', 'dt', 'dd', 'figcaption', 'caption', 'option', 'legend']);
const CELL_ELEMENTS = new Set(['td', 'th']);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<![^>]*>|<\?[\s\S]*?(?:\?>|$)|<(\/?)([a-zA-Z][\w:.-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;

/**
 * Readable text of an HTML page: headings and paragraphs on their own lines, tables one row per line, scripts and
 * styles dropped, entities decoded. A hand-written scanner rather than a DOM: pages here are simple, and it keeps
 * the dependency list short.
 */
export function htmlToText(html: string): { text: string; title?: string } {
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  const headTitle = titleMatch?.[1] ? collapse(decodeEntities(stripTags(titleMatch[1]))) : '';
  let firstHeading: string | undefined;
  let headingStart: number | undefined;

  const out: string[] = [];
  // Breaks are held back until the next visible text, so nested blocks give one break rather than a stack of them.
  let pendingBreak = 0;
  let pendingCell = false;
  let lineHasText = false;
  const emitText = (raw: string): void => {
    const text = collapse(raw, { keepEdges: true });
    if (text.trim() === '') {
      if (text !== '' && lineHasText && pendingBreak === 0 && !pendingCell) out.push(' ');
      return;
    }
    if (pendingBreak > 0 && out.length > 0) {
      out.push('\n'.repeat(pendingBreak));
      lineHasText = false;
    } else if (pendingCell && lineHasText) {
      out.push('\t');
    }
    pendingBreak = 0;
    pendingCell = false;
    out.push(text);
    lineHasText = true;
  };

  const unclosed = new Set<string>();
  const tokens = new RegExp(TOKEN.source, 'g');
  for (let match = tokens.exec(html); match; match = tokens.exec(html)) {
    const token = match[0];
    const name = match[3]?.toLowerCase();
    if (match[1] !== undefined) {
      emitText(match[1]);
      continue;
    }
    if (name === undefined) {
      if (!token.startsWith('<!') && !token.startsWith('<?')) emitText(decodeEntities(token));
      continue;
    }
    const closing = match[2] === '/';
    if (!closing && HIDDEN_ELEMENTS.has(name) && !token.endsWith('/>')) {
      // an element whose closing tag was not found further on has none after any later opening either: looking again
      // for each of thousands of unclosed <script>s read the rest of the file each time
      if (unclosed.has(name)) continue;
      const close = new RegExp(`</${name}\\s*>`, 'gi');
      close.lastIndex = tokens.lastIndex;
      // An unclosed <head> is legal HTML: then only the tag itself is skipped.
      if (close.exec(html)) tokens.lastIndex = close.lastIndex;
      else unclosed.add(name);
      continue;
    }
    if (/^h[1-6]$/.test(name)) {
      if (!closing) headingStart = out.length;
      else if (headingStart !== undefined && firstHeading === undefined) {
        const heading = collapse(out.slice(headingStart).join(''));
        if (heading !== '') firstHeading = heading;
        headingStart = undefined;
      }
    }
    if (PARAGRAPH_ELEMENTS.has(name)) pendingBreak = 2;
    else if (LINE_ELEMENTS.has(name)) pendingBreak = Math.max(pendingBreak, 1);
    else if (CELL_ELEMENTS.has(name) && !closing) pendingCell = true;
  }
  const text = tidyLines(out.join(''));
  const title = headTitle !== '' ? clampTitle(headTitle) : firstHeading ? clampTitle(firstHeading) : undefined;
  return title ? { text, title } : { text };
}

/** Text nodes of an XML document, one per line; markup, comments and processing instructions dropped. */
function xmlToText(xml: string): string {
  const lines: string[] = [];
  const tokens = new RegExp(TOKEN.source, 'g');
  for (let match = tokens.exec(xml); match; match = tokens.exec(xml)) {
    const token = match[0];
    let text: string;
    if (match[1] !== undefined) text = match[1];
    else if (token.startsWith('<')) continue;
    else text = decodeEntities(token);
    const line = collapse(text);
    if (line !== '') lines.push(line);
  }
  return lines.join('\n');
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/** HTML whitespace rules: any run of spaces, tabs and newlines shows as one space. */
function collapse(text: string, options: { keepEdges?: boolean } = {}): string {
  const collapsed = text.replace(/[ \t\n\r\f]+/g, ' ');
  return options.keepEdges ? collapsed : collapsed.trim();
}

function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/ *\t */g, '\t')
        .replace(/^[ \t]+|[ \t]+$/g, '')
        .replace(/ {2,}/g, ' '),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const MAX_TITLE_CHARS = 200;

function clampTitle(title: string): string {
  const clean = collapse(title);
  return clean.length <= MAX_TITLE_CHARS ? clean : clean.slice(0, MAX_TITLE_CHARS).replace(/\s+\S*$/, '');
}

/** The named entities that occur in real pages (Latin-1 letters and common punctuation), plus numeric ones. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  bull: '•',
  middot: '·',
  euro: '€',
  pound: '£',
  cent: '¢',
  yen: '¥',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  micro: 'µ',
  para: '¶',
  sect: '§',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  iexcl: '¡',
  iquest: '¿',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
};
// The Latin-1 letters: &AElig; &aring; &oslash; &eacute; ... in code point order from U+00C0.
const LATIN1_LETTERS =
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml _ Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml _ oslash ugrave uacute ucirc uuml yacute thorn yuml'.split(
    ' ',
  );

function namedEntity(name: string): string | undefined {
  const known = NAMED_ENTITIES[name];
  if (known !== undefined) return known;
  const index = LATIN1_LETTERS.indexOf(name);
  return index >= 0 && name !== '_' ? String.fromCodePoint(0xc0 + index) : undefined;
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g,
    (entity, dec, hex, name) => {
      if (typeof dec === 'string' || typeof hex === 'string') {
        const codePoint = typeof dec === 'string' ? Number.parseInt(dec, 10) : Number.parseInt(String(hex), 16);
        return codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff)
          ? String.fromCodePoint(codePoint)
          : '\ufffd';
      }
      return namedEntity(String(name)) ?? entity;
    },
  );
}
