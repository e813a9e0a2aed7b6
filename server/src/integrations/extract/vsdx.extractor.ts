/**
 * Visio drawings (.vsdx): a page per drawing page, with the text of its shapes (the labels of a schematic, a
 * principle diagram's boxes) in the order they are stored; the page names of visio/pages/pages.xml as labels.
 */
import { SaxesParser } from 'saxes';
import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { readZipEntries } from './unzip.js';

const PAGE_PART = /^visio\/pages\/page(\d+)\.xml$/;

export async function extractVsdx(input: ExtractorInput): Promise<Extraction> {
  const parts = await readZipEntries({
    zipPath: input.path,
    wanted: (name) => name === 'visio/pages/pages.xml' || PAGE_PART.test(name),
  });
  input.signal?.throwIfAborted();
  const pageParts = [...parts.keys()]
    .filter((name) => PAGE_PART.test(name))
    .sort((a, b) => Number(PAGE_PART.exec(a)![1]) - Number(PAGE_PART.exec(b)![1]));
  if (pageParts.length === 0) throw new CorruptFileError('not a Visio drawing: visio/pages has no page');
  const names = pageNames(parts.get('visio/pages/pages.xml'));
  const pages: ExtractedPage[] = pageParts.map((part, index) => {
    const label = names[index];
    return { pageNumber: index + 1, text: shapeTexts(parts.get(part)!), ...(label ? { label } : {}) };
  });
  return { pages, metadata: {} };
}

/** runs `onOpen`, `onText` and `onClose` over an XML part; a broken part is a corrupt file */
function walk(
  xml: Buffer,
  handlers: {
    open?: (name: string, attributes: Record<string, string>) => void;
    text?: (text: string) => void;
    close?: (name: string) => void;
  },
): void {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw new CorruptFileError(`Visio XML cannot be read: ${error.message}`, { cause: error });
  });
  if (handlers.open) parser.on('opentag', (tag) => handlers.open!(tag.name, tag.attributes as Record<string, string>));
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(tag.name));
  parser.write(xml.toString('utf8')).close();
}

function pageNames(xml: Buffer | undefined): (string | undefined)[] {
  if (!xml) return [];
  const names: (string | undefined)[] = [];
  walk(xml, { open: (name, attributes) => void (name === 'Page' && names.push(attributes.NameU ?? attributes.Name)) });
  return names;
}

/** the text of every shape, a line each */
function shapeTexts(xml: Buffer): string {
  const lines: string[] = [];
  let depth = 0;
  let current = '';
  walk(xml, {
    open: (name) => {
      if (name === 'Text') depth += 1;
    },
    text: (text) => {
      if (depth > 0) current += text;
    },
    close: (name) => {
      if (name !== 'Text') return;
      depth -= 1;
      if (depth === 0) {
        const line = current.replace(/\s+/g, ' ').trim();
        if (line) lines.push(line);
        current = '';
      }
    },
  });
  return lines.join('\n');
}
