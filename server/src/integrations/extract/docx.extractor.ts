/**
 * Word (.docx) text per page.
 *
 * Word files do not store pages, only hints of where Word last broke them: `<w:lastRenderedPageBreak/>` and explicit
 * `<w:br w:type="page"/>` (plus section breaks). We walk word/document.xml ourselves to split on those hints, so a
 * search hit can say "page 7" for documents saved by Word. mammoth is the fallback when our walk finds nothing (odd
 * producers), giving one page of plain text.
 *
 * The small OOXML helpers at the bottom (ordered XML walking, core properties) are shared with the pptx extractor.
 */
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import mammoth from 'mammoth';
import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { readZipEntries } from './unzip.js';
import { tidyText } from './tidy-text.js';

const OFFICE_DOCUMENT_REL = /\/officeDocument$/;

export async function extractDocx(input: ExtractorInput): Promise<Extraction> {
  const parts = await readZipEntries({
    zipPath: input.path,
    wanted: (name) =>
      name === '_rels/.rels' || name.startsWith('docProps/') || (name.startsWith('word/') && name.endsWith('.xml')),
  });
  input.signal?.throwIfAborted();

  const mainPartName = findMainPart(parts, 'word/document.xml');
  const documentXml = parts.get(mainPartName);
  if (!documentXml) throw new CorruptFileError('not a Word document: word/document.xml is missing');

  const headingStyles = readHeadingStyles(parts.get(path.posix.join(path.posix.dirname(mainPartName), 'styles.xml')));
  const core = readCoreProperties(parts);

  let walked: WalkResult = { pages: [], firstHeading: undefined };
  try {
    walked = walkDocument(parseOrderedXml(documentXml), headingStyles);
  } catch {
    // Our walk could not make sense of this XML; mammoth's own reader below may still get the text out.
  }

  let pages = walked.pages;
  if (pages.every((page) => page.trim() === '')) {
    const fallback = await mammothText(input.path);
    pages = [fallback];
  }

  return {
    pages: toPages(pages),
    ...optional('title', core.title ?? walked.firstHeading),
    metadata: core.metadata,
  };
}

async function mammothText(filePath: string): Promise<string> {
  try {
    const result = await mammoth.extractRawText({ path: filePath });
    return result.value.replace(/\n{3,}/g, '\n\n').trim();
  } catch (error) {
    throw new CorruptFileError('Word document cannot be read', { cause: error });
  }
}

interface WalkResult {
  pages: string[];
  firstHeading: string | undefined;
}

/**
 * Elements whose content is never document text: run/paragraph formatting, field instructions (`PAGE \* MERGEFORMAT`),
 * deleted and moved-away text, and the VML copy that mc:Fallback repeats after the drawing in mc:Choice.
 */
const SKIPPED_WORD_ELEMENTS = new Set([
  'rPr',
  'instrText',
  'delText',
  'delInstrText',
  'moveFrom',
  'Fallback',
  'footnoteReference',
  'endnoteReference',
  'commentReference',
]);

function walkDocument(root: XmlNode[], headingStyles: ReadonlySet<string>): WalkResult {
  const pages: string[] = [];
  let current = '';
  let firstHeading: string | undefined;
  let cellDepth = 0;

  const breakPage = (): void => {
    // Word writes lastRenderedPageBreak right after an explicit page break too; collapsing empty pages keeps one break.
    if (current.trim() === '') return;
    pages.push(current);
    current = '';
  };

  const visitChildren = (nodes: XmlNode[]): void => {
    for (const node of nodes) visit(node);
  };

  const visit = (node: XmlNode): void => {
    const tag = localName(tagOf(node));
    // Text directly between elements is indentation, not content (content lives in <w:t>).
    if (tag === undefined || SKIPPED_WORD_ELEMENTS.has(tag)) return;
    switch (tag) {
      case 't':
        current += textOf(node);
        return;
      case 'tab':
        current += '\t';
        return;
      case 'br': {
        const type = attrOf(node, 'type');
        if (type === 'page') breakPage();
        else current += '\n';
        return;
      }
      case 'cr':
        current += '\n';
        return;
      case 'noBreakHyphen':
        current += '-';
        return;
      case 'lastRenderedPageBreak':
        breakPage();
        return;
      case 'p': {
        const properties = childrenOf(node).find((child) => localName(tagOf(child)) === 'pPr');
        const paragraph = readParagraphProperties(properties);
        if (paragraph.pageBreakBefore) breakPage();
        const start = current.length;
        visitChildren(childrenOf(node).filter((child) => child !== properties));
        if (firstHeading === undefined && paragraph.styleId && headingStyles.has(paragraph.styleId)) {
          const heading = current.slice(start).replace(/\s+/g, ' ').trim();
          if (heading) firstHeading = heading;
        }
        current += cellDepth > 0 ? ' ' : '\n';
        if (paragraph.endsSection) breakPage();
        return;
      }
      case 'tc':
        cellDepth += 1;
        visitChildren(childrenOf(node));
        cellDepth -= 1;
        current = current.replace(/ +$/, '') + '\t';
        return;
      case 'tr':
        visitChildren(childrenOf(node));
        current = current.replace(/\t$/, '') + '\n';
        return;
      case 'sectPr':
        return;
      default:
        visitChildren(childrenOf(node));
    }
  };

  visitChildren(root);
  if (current.trim() !== '') pages.push(current);
  return { pages: pages.map(tidyText), firstHeading };
}

function readParagraphProperties(properties: XmlNode | undefined): {
  styleId: string | undefined;
  pageBreakBefore: boolean;
  endsSection: boolean;
} {
  let styleId: string | undefined;
  let pageBreakBefore = false;
  let endsSection = false;
  for (const child of properties ? childrenOf(properties) : []) {
    const tag = localName(tagOf(child));
    if (tag === 'pStyle') styleId = attrOf(child, 'val');
    if (tag === 'pageBreakBefore') pageBreakBefore = attrOf(child, 'val') !== '0' && attrOf(child, 'val') !== 'false';
    if (tag === 'sectPr') {
      const type = childrenOf(child).find((grandchild) => localName(tagOf(grandchild)) === 'type');
      endsSection = attrOf(type, 'val') !== 'continuous';
    }
  }
  return { styleId, pageBreakBefore, endsSection };
}

/** Style ids whose style name is a built-in heading or title: ids are localised ("Overskrift1"), names are not. */
function readHeadingStyles(stylesXml: Buffer | undefined): Set<string> {
  const headings = new Set<string>();
  if (!stylesXml) return headings;
  for (const style of findAll(parseOrderedXml(stylesXml), 'style')) {
    const id = attrOf(style, 'styleId');
    const nameNode = childrenOf(style).find((child) => localName(tagOf(child)) === 'name');
    const name = attrOf(nameNode, 'val')?.toLowerCase();
    if (id && name && (/^heading [1-9]$/.test(name) || name === 'title')) headings.add(id);
  }
  return headings;
}

function toPages(texts: string[]): ExtractedPage[] {
  if (texts.length === 0) return [{ pageNumber: 1, text: '' }];
  return texts.map((text, index) => ({ pageNumber: index + 1, text }));
}

// ---------------------------------------------------------------------------------------------------------------
// OOXML helpers shared with the pptx extractor.

/** A node of fast-xml-parser's `preserveOrder` output: `{ [tag]: children, ':@'?: attributes }` or `{ '#text': s }`. */
export type XmlNode = Record<string, unknown>;

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
});

export function parseOrderedXml(xml: Buffer | string): XmlNode[] {
  const parsed: unknown = orderedParser.parse(typeof xml === 'string' ? xml : xml.toString('utf8'));
  return Array.isArray(parsed) ? parsed.filter(isXmlNode) : [];
}

function isXmlNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function tagOf(node: XmlNode): string | undefined {
  for (const key of Object.keys(node)) if (key !== ':@' && key !== '#text') return key;
  return undefined;
}

/** `w:p` -> `p`: producers may pick other prefixes, the local names are what the schema fixes. */
export function localName(tag: string | undefined): string | undefined {
  if (tag === undefined) return undefined;
  const colon = tag.indexOf(':');
  return colon === -1 ? tag : tag.slice(colon + 1);
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const children = tag === undefined ? undefined : node[tag];
  return Array.isArray(children) ? children.filter(isXmlNode) : [];
}

/** Attribute by local name, preferring an unprefixed match (so `id` and `r:id` on the same element stay apart). */
export function attrOf(node: XmlNode | undefined, name: string): string | undefined {
  const attributes = node?.[':@'];
  if (!isXmlNode(attributes)) return undefined;
  const exact = attributes[name];
  if (typeof exact === 'string') return exact;
  for (const [key, value] of Object.entries(attributes)) {
    if (localName(key) === name && typeof value === 'string') return value;
  }
  return undefined;
}

/** The value of a namespaced attribute such as `r:id`, whatever the prefix. */
export function prefixedAttrOf(node: XmlNode | undefined, name: string): string | undefined {
  const attributes = node?.[':@'];
  if (!isXmlNode(attributes)) return undefined;
  for (const [key, value] of Object.entries(attributes)) {
    if (key.includes(':') && localName(key) === name && typeof value === 'string') return value;
  }
  return undefined;
}

/** Concatenated text inside a node, in document order. */
export function textOf(node: XmlNode): string {
  const parts: string[] = [];
  const walk = (current: XmlNode): void => {
    const raw = current['#text'];
    if (typeof raw === 'string' || typeof raw === 'number') parts.push(String(raw));
    for (const child of childrenOf(current)) walk(child);
  };
  walk(node);
  return parts.join('');
}

/** Every element with the given local name, depth-first in document order. */
export function findAll(nodes: XmlNode[], name: string): XmlNode[] {
  const found: XmlNode[] = [];
  const walk = (list: XmlNode[]): void => {
    for (const node of list) {
      if (localName(tagOf(node)) === name) found.push(node);
      walk(childrenOf(node));
    }
  };
  walk(nodes);
  return found;
}

export interface OfficeRelationship {
  id: string;
  type: string;
  target: string;
}

/** Relationships of a part; targets resolved to zip paths. */
export function readRelationships(relsXml: Buffer | undefined, sourcePart: string): OfficeRelationship[] {
  if (!relsXml) return [];
  const baseDir = path.posix.dirname(sourcePart);
  return findAll(parseOrderedXml(relsXml), 'Relationship').flatMap((node) => {
    const id = attrOf(node, 'Id');
    const type = attrOf(node, 'Type');
    const target = attrOf(node, 'Target');
    if (!id || !type || !target || attrOf(node, 'TargetMode') === 'External') return [];
    const resolved = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(baseDir, target));
    return [{ id, type, target: resolved }];
  });
}

export function relsPathFor(part: string): string {
  return path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
}

/** The main document part from the package relationships (`word/document.xml` unless a producer named it otherwise). */
export function findMainPart(parts: ReadonlyMap<string, Buffer>, fallback: string): string {
  const rel = readRelationships(parts.get('_rels/.rels'), '').find((r) => OFFICE_DOCUMENT_REL.test(r.type));
  return rel && parts.has(rel.target) ? rel.target : fallback;
}

export interface CoreProperties {
  title: string | undefined;
  metadata: Extraction['metadata'];
}

/** docProps/core.xml (title, author, dates, subject, keywords) and docProps/app.xml (producing application). */
export function readCoreProperties(parts: ReadonlyMap<string, Buffer>): CoreProperties {
  const values = new Map<string, string>();
  const core = parts.get('docProps/core.xml');
  if (core) {
    for (const node of findAll(parseOrderedXml(core), 'coreProperties').flatMap(childrenOf)) {
      const name = localName(tagOf(node));
      const text = textOf(node).trim();
      if (name && text) values.set(name, text);
    }
  }
  const app = parts.get('docProps/app.xml');
  const application = app ? findAll(parseOrderedXml(app), 'Application')[0] : undefined;
  const producer = application ? textOf(application).trim() : '';

  const created = values.get('created');
  const createdAt = created && !Number.isNaN(Date.parse(created)) ? new Date(created).toISOString() : undefined;
  return {
    title: values.get('title'),
    metadata: {
      ...optional('author', values.get('creator')),
      ...optional('createdAt', createdAt),
      ...optional('subject', values.get('subject')),
      ...optional('keywords', values.get('keywords')),
      ...optional('producer', producer || undefined),
    },
  };
}

/** `{ key: value }` when the value is there, `{}` otherwise: keeps absent optional fields absent, not `undefined`. */
export function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
