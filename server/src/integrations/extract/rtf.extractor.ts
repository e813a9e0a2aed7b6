/**
 * RTF: the text a reader sees, read token by token (there is no well-kept RTF library for Node). Groups that hold no
 * visible text (font and colour tables, style sheets, pictures, embedded objects, `\*` destinations) are skipped;
 * `\'hh` bytes are decoded in the document's code page (`\ansicpgN`, windows-1252 by default), `\uN` characters taken
 * as they are (and their `\ucN` fallback characters dropped); `\par` and `\row` end lines, `\tab` and `\cell` separate,
 * and `\page` starts a new page.
 */
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { CorruptFileError, type Extraction, type ExtractorInput } from '../../domain/pipeline/extraction.types.js';
import { tidyText } from './tidy-text.js';

/** destinations whose content is never shown as text */
const HIDDEN = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'mmathPr',
  'filetbl',
  'revtbl',
  'fldinst',
]);

const BREAKS: Readonly<Record<string, string>> = {
  par: '\n',
  line: '\n',
  row: '\n',
  tab: '\t',
  cell: '\t',
  page: '\f',
};

export async function extractRtf(input: ExtractorInput): Promise<Extraction> {
  const source = (await readFile(input.path)).toString('latin1');
  if (!source.trimStart().startsWith('{\\rtf')) throw new CorruptFileError('not an RTF document: no {\\rtf header');
  const { text, title } = readRtf(source);
  return {
    pages: text.split('\f').map((page, index) => ({ pageNumber: index + 1, text: tidyText(page) })),
    ...(title ? { title } : {}),
    metadata: {},
  };
}

export function rtfToText(source: string): string {
  return readRtf(source).text;
}

/** the visible text, and the title of the document's information group (`{\info{\title ...}}`) */
function readRtf(source: string): { text: string; title: string | undefined } {
  let encoding = 'windows-1252';
  let out = '';
  let bytes: number[] = [];
  /** per group: hidden, and how many fallback characters follow a \u */
  const stack: { hidden: boolean; skipAfterUnicode: number; title: boolean }[] = [];
  let state = { hidden: false, skipAfterUnicode: 1, title: false };
  let title = '';
  let skip = 0;
  const flush = (): void => {
    if (bytes.length) out += iconv.decode(Buffer.from(bytes), encoding);
    bytes = [];
  };
  const emit = (text: string): void => {
    if (state.title) title += text;
    if (state.hidden) return;
    flush();
    out += text;
  };
  const token = /\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z'])|([{}])|([^\\{}\r\n]+)|[\r\n]+/g;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const [, word, parameter, hex, symbol, brace, plain] = match;
    if (brace === '{') {
      stack.push(state);
      state = { ...state };
    } else if (brace === '}') {
      state = stack.pop() ?? state;
    } else if (hex) {
      if (skip > 0) skip--;
      else if (state.title) title += iconv.decode(Buffer.from([parseInt(hex, 16)]), encoding);
      else if (!state.hidden) bytes.push(parseInt(hex, 16));
    } else if (symbol) {
      if (symbol === '*') state.hidden = true;
      else if (symbol === '~') emit('\u00a0');
      else if (symbol === '_') emit('\u2011');
      else if (symbol === '\\' || symbol === '{' || symbol === '}') emit(symbol);
    } else if (word) {
      if (word === 'ansicpg' && parameter && iconv.encodingExists(`cp${parameter}`)) encoding = `cp${parameter}`;
      else if (word === 'title') state = { ...state, hidden: true, title: true };
      else if (HIDDEN.has(word)) state.hidden = true;
      else if (word === 'uc') state.skipAfterUnicode = Number(parameter ?? 1);
      else if (word === 'u' && parameter) {
        const code = Number(parameter);
        emit(String.fromCharCode(code < 0 ? code + 65536 : code));
        skip = state.skipAfterUnicode;
      } else if (BREAKS[word]) emit(BREAKS[word]);
    } else if (plain) {
      const text = skip > 0 ? plain.slice(Math.min(skip, plain.length)) : plain;
      skip = Math.max(0, skip - plain.length);
      emit(text);
    }
  }
  flush();
  return { text: out, title: title.trim() || undefined };
}
