/**
 * OpenDocument (.odt, .ods, .odp, .odg and their templates): the text of content.xml, read with saxes as it is
 * written. A text document is split into pages where the writer marked its layout's page breaks
 * (`text:soft-page-break`, which LibreOffice writes on save); a spreadsheet gives a page per sheet (rows as
 * tab-separated lines, labelled with the sheet's name); a presentation or drawing a page per slide. The title is
 * meta.xml's `dc:title`.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { readZipEntries } from './unzip.js';
import { tidyText } from './tidy-text.js';

/** a run of empty cells longer than this ends the row's text (sheets repeat empty cells to the last column) */
const MAX_REPEATED_CELLS = 64;

interface PageBuilder {
  label?: string;
  text: string;
}

export async function extractOdf(input: ExtractorInput): Promise<Extraction> {
  const parts = await readZipEntries({
    zipPath: input.path,
    wanted: (name) => name === 'content.xml' || name === 'meta.xml',
  });
  input.signal?.throwIfAborted();
  const content = parts.get('content.xml');
  if (!content) throw new CorruptFileError('not an OpenDocument file: content.xml is missing');
  const pages = readContent(content.toString('utf8'));
  const title = readTitle(parts.get('meta.xml'));
  return {
    pages: pages.map((page, index) => ({
      pageNumber: index + 1,
      text: tidyText(page.text),
      ...(page.label ? { label: page.label } : {}),
    })) satisfies ExtractedPage[],
    ...(title ? { title } : {}),
    metadata: {},
  };
}

function parse(
  xml: string,
  handlers: Partial<Record<'open' | 'close', (tag: SaxesTagPlain) => void>> & {
    text?: (text: string) => void;
  },
): void {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw new CorruptFileError(`OpenDocument XML cannot be read: ${error.message}`, { cause: error });
  });
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', handlers.close);
  if (handlers.text) parser.on('text', handlers.text);
  parser.write(xml).close();
}

function readContent(xml: string): PageBuilder[] {
  const pages: PageBuilder[] = [];
  let page: PageBuilder = { text: '' };
  let inBody = false;
  /** the document's kind, from office:body's child: text, spreadsheet, presentation or drawing */
  let kind = '';
  let row: string[] | null = null;
  let cell: string | null = null;
  let repeated = 1;
  const startPage = (label?: string): void => {
    if (page.text.trim() !== '' || page.label !== undefined || pages.length > 0) pages.push(page);
    page = { text: '', ...(label ? { label } : {}) };
  };
  const append = (text: string): void => {
    if (cell !== null) cell += text;
    else page.text += text;
  };

  parse(xml, {
    open(tag) {
      if (tag.name === 'office:body') inBody = true;
      if (!inBody) return;
      const attribute = (name: string): string | undefined => tag.attributes[name];
      switch (tag.name) {
        case 'office:text':
        case 'office:spreadsheet':
        case 'office:presentation':
        case 'office:drawing':
          kind = tag.name.slice('office:'.length);
          break;
        case 'table:table':
          if (kind === 'spreadsheet') startPage(attribute('table:name'));
          break;
        case 'draw:page':
          startPage(attribute('draw:name'));
          break;
        case 'text:soft-page-break':
          if (kind === 'text') startPage();
          break;
        case 'table:table-row':
          if (kind === 'spreadsheet') row = [];
          break;
        case 'table:table-cell':
        case 'table:covered-table-cell':
          if (row !== null) {
            cell = '';
            repeated = Number(attribute('table:number-columns-repeated') ?? 1);
          }
          break;
        case 'text:s':
          append(' '.repeat(Math.min(Number(attribute('text:c') ?? 1), 100)));
          break;
        case 'text:tab':
          append('\t');
          break;
        case 'text:line-break':
          append('\n');
          break;
        default:
          break;
      }
    },
    text(text) {
      if (inBody) append(text);
    },
    close(tag) {
      if (tag.name === 'office:body') inBody = false;
      if (!inBody) return;
      switch (tag.name) {
        case 'text:p':
        case 'text:h':
          // paragraphs inside a cell share its line
          append(cell !== null ? ' ' : '\n');
          break;
        case 'table:table-cell':
        case 'table:covered-table-cell':
          if (row !== null && cell !== null) {
            const value = cell.trim();
            const times = value === '' ? Math.min(repeated, MAX_REPEATED_CELLS) : Math.min(repeated, 1000);
            for (let i = 0; i < times; i++) row.push(value);
            cell = null;
          } else if (cell === null) {
            // a table in a text document: cells as words on one line
            append(' ');
          }
          break;
        case 'table:table-row':
          if (row !== null) {
            while (row.length > 0 && row.at(-1) === '') row.pop();
            if (row.length > 0) page.text += `${row.join('\t')}\n`;
            row = null;
          } else {
            append('\n');
          }
          break;
        default:
          break;
      }
    },
  });
  startPage();
  return pages.length > 0 ? pages : [{ text: '' }];
}

/** meta.xml's dc:title, when it has one */
function readTitle(meta: Buffer | undefined): string | undefined {
  if (!meta) return undefined;
  let inTitle = false;
  let title = '';
  try {
    parse(meta.toString('utf8'), {
      open: (tag) => void (inTitle = tag.name === 'dc:title'),
      close: () => void (inTitle = false),
      text: (text) => void (inTitle && (title += text)),
    });
  } catch {
    // a broken meta.xml costs the title, never the text
    return undefined;
  }
  return title.trim() || undefined;
}
