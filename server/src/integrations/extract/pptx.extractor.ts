/**
 * PowerPoint (.pptx): one page per slide, in the order of ppt/presentation.xml (slide file numbers are not the
 * presentation order once slides have been moved). The slide's title placeholder becomes the page label, and speaker
 * notes are appended to the slide text because they often carry the substance of a site-meeting deck.
 */
import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import {
  type XmlNode,
  childrenOf,
  findAll,
  findMainPart,
  localName,
  optional,
  parseOrderedXml,
  prefixedAttrOf,
  readCoreProperties,
  readRelationships,
  relsPathFor,
  tagOf,
  textOf,
  attrOf,
} from './docx.extractor.js';
import { readZipEntries } from './unzip.js';

const SLIDE_REL = /\/slide$/;
const NOTES_REL = /\/notesSlide$/;
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);

export async function extractPptx(input: ExtractorInput): Promise<Extraction> {
  const parts = await readZipEntries({
    zipPath: input.path,
    wanted: (name) =>
      name === '_rels/.rels' ||
      name.startsWith('docProps/') ||
      (name.startsWith('ppt/') && (name.endsWith('.xml') || name.endsWith('.rels')) && !name.startsWith('ppt/media/')),
  });
  input.signal?.throwIfAborted();

  const presentationPart = findMainPart(parts, 'ppt/presentation.xml');
  const presentationXml = parts.get(presentationPart);
  if (!presentationXml) throw new CorruptFileError('not a PowerPoint file: ppt/presentation.xml is missing');

  const slideTargets = new Map(
    readRelationships(parts.get(relsPathFor(presentationPart)), presentationPart)
      .filter((rel) => SLIDE_REL.test(rel.type))
      .map((rel) => [rel.id, rel.target]),
  );
  const slidePaths = findAll(parseOrderedXml(presentationXml), 'sldId')
    .map((node) => slideTargets.get(prefixedAttrOf(node, 'id') ?? ''))
    .filter((target): target is string => target !== undefined && parts.has(target));

  const pages: ExtractedPage[] = slidePaths.map((slidePath, index) => {
    const slide = readSlide(parts.get(slidePath));
    const notesPath = readRelationships(parts.get(relsPathFor(slidePath)), slidePath).find((rel) =>
      NOTES_REL.test(rel.type),
    )?.target;
    const notes = notesPath ? readNotes(parts.get(notesPath)) : '';
    const text = notes ? `${slide.text}\n\nNotes:\n${notes}`.trim() : slide.text;
    return { pageNumber: index + 1, text, ...optional('label', slide.title) };
  });

  const core = readCoreProperties(parts);
  const firstTitle = pages.find((page) => page.label !== undefined)?.label;
  return {
    pages: pages.length > 0 ? pages : [{ pageNumber: 1, text: '' }],
    ...optional('title', core.title ?? firstTitle),
    metadata: core.metadata,
  };
}

interface SlideText {
  text: string;
  title: string | undefined;
}

function readSlide(xml: Buffer | undefined): SlideText {
  if (!xml) return { text: '', title: undefined };
  let title: string | undefined;
  const blocks: string[] = [];
  for (const shape of shapesOf(parseOrderedXml(xml))) {
    const text = shapeText(shape);
    if (!text) continue;
    if (title === undefined && TITLE_PLACEHOLDERS.has(placeholderType(shape) ?? '')) {
      title = text.replace(/\s+/g, ' ').trim();
    }
    blocks.push(text);
  }
  return { text: blocks.join('\n'), title };
}

/** Only the notes body placeholder: a notes page also holds the slide image and a slide-number field. */
function readNotes(xml: Buffer | undefined): string {
  if (!xml) return '';
  return shapesOf(parseOrderedXml(xml))
    .filter((shape) => placeholderType(shape) === 'body')
    .map(shapeText)
    .filter(Boolean)
    .join('\n');
}

/** Shapes with text (p:sp) and table frames (p:graphicFrame), in drawing order, including inside groups. */
function shapesOf(root: XmlNode[]): XmlNode[] {
  const shapes: XmlNode[] = [];
  const walk = (nodes: XmlNode[]): void => {
    for (const node of nodes) {
      const tag = localName(tagOf(node));
      if (tag === 'Fallback') continue;
      if (tag === 'sp' || tag === 'graphicFrame') shapes.push(node);
      else walk(childrenOf(node));
    }
  };
  walk(root);
  return shapes;
}

function placeholderType(shape: XmlNode): string | undefined {
  const placeholder = findAll([shape], 'ph')[0];
  if (!placeholder) return undefined;
  // A placeholder without a type is a body placeholder (ECMA-376 19.3.1.36).
  return attrOf(placeholder, 'type') ?? 'body';
}

/** Paragraphs (a:p) as lines; table cells separated by tabs, rows by newlines. */
function shapeText(shape: XmlNode): string {
  const tables = findAll([shape], 'tbl');
  if (tables.length > 0) {
    return tables
      .flatMap((table) => findAll([table], 'tr'))
      .map((row) =>
        findAll([row], 'tc')
          .map((cell) => paragraphsOf(cell).join(' '))
          .join('\t'),
      )
      .join('\n')
      .trim();
  }
  return paragraphsOf(shape).join('\n').trim();
}

function paragraphsOf(node: XmlNode): string[] {
  return findAll([node], 'p').map((paragraph) => {
    let line = '';
    for (const child of childrenOf(paragraph)) {
      const tag = localName(tagOf(child));
      if (tag === 'r' || tag === 'fld') line += findAll([child], 't').map(textOf).join('');
      else if (tag === 'br') line += '\n';
    }
    return line.trimEnd();
  });
}
