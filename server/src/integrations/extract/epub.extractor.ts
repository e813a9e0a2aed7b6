/**
 * EPUB e-books (a ZIP of XHTML chapters, as manuals and handbooks are sometimes published): a page per chapter in the
 * reading order of the package's spine, each chapter's text read as HTML is. The navigation document (the table of
 * contents) is left out: its lines are headings of pages that are read anyway. The title is the package's `dc:title`.
 */
import path from 'node:path/posix';
import {
  CorruptFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { decodeText, htmlToText } from './text.extractor.js';
import { tidyText } from './tidy-text.js';
import { readZipEntries } from './unzip.js';

const CONTAINER = 'META-INF/container.xml';
/** chapters read at most; an e-book with more is named in a note */
const MAX_CHAPTERS = 2_000;

/** the attributes of every `<tag ...>` in the XML, in order */
function elements(xml: string, tag: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of xml.matchAll(new RegExp(`<(?:[\\w-]+:)?${tag}\\b([^>]*)>`, 'g'))) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[attribute[1]!] = attribute[2] ?? attribute[3] ?? '';
    }
    found.push(attributes);
  }
  return found;
}

function decodeXmlText(text: string): string {
  return htmlToText(`<p>${text}</p>`).text.trim();
}

export async function extractEpub(input: ExtractorInput): Promise<Extraction> {
  // the container and the package documents it may name in one pass; the chapters it lists in a second
  const head = await readZipEntries({
    zipPath: input.path,
    wanted: (name) => name === CONTAINER || name.endsWith('.opf'),
  });
  const container = head.get(CONTAINER);
  const packagePath = container ? elements(container.toString('utf8'), 'rootfile')[0]?.['full-path'] : undefined;
  if (!packagePath) throw new CorruptFileError('The EPUB names no package document (META-INF/container.xml)');
  input.signal?.throwIfAborted();
  // a package document not named .opf (allowed, rare) is read on its own
  const packageXml = (
    head.get(packagePath) ??
    (await readZipEntries({ zipPath: input.path, wanted: (name) => name === packagePath })).get(packagePath)
  )?.toString('utf8');
  if (!packageXml) throw new CorruptFileError(`The EPUB's package document ${packagePath} is missing`);

  const base = path.dirname(packagePath);
  const manifest = new Map(
    elements(packageXml, 'item')
      .filter((item) => item.id && item.href)
      .map((item) => [item.id!, item]),
  );
  const chapters = elements(packageXml, 'itemref')
    .map((ref) => manifest.get(ref.idref ?? ''))
    .filter((item): item is Record<string, string> => item !== undefined)
    .filter((item) => /html/.test(item['media-type'] ?? '') && !/\bnav\b/.test(item.properties ?? ''))
    .map((item) => path.normalize(path.join(base, decodeURIComponent(item.href!.replace(/#.*$/, '')))));
  const read = chapters.slice(0, MAX_CHAPTERS);
  const wanted = new Set(read);
  const files = await readZipEntries({ zipPath: input.path, wanted: (name) => wanted.has(name) });
  input.signal?.throwIfAborted();

  const pages: ExtractedPage[] = read.map((chapter, index) => {
    const bytes = files.get(chapter);
    const page = bytes ? htmlToText(decodeText(bytes, 'utf-8').text) : { text: '' };
    return { pageNumber: index + 1, text: tidyText(page.text), ...(page.title ? { label: page.title } : {}) };
  });
  const title = decodeXmlText(/<dc:title[^>]*>([\s\S]*?)<\/dc:title>/.exec(packageXml)?.[1] ?? '');
  const author = decodeXmlText(/<dc:creator[^>]*>([\s\S]*?)<\/dc:creator>/.exec(packageXml)?.[1] ?? '');
  return {
    pages,
    metadata: author ? { author } : {},
    ...(title ? { title } : {}),
    ...(chapters.length > MAX_CHAPTERS
      ? { note: `Only the first ${MAX_CHAPTERS} of the e-book's ${chapters.length} chapters were read` }
      : {}),
  };
}
