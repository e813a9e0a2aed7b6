/**
 * Word 97-2003 `.doc` (the binary compound-file format), read with word-extractor: the body, then text boxes,
 * footnotes, endnotes, headers and footers. Page breaks in the text (form feeds) start a new page; a document
 * without any is one page, as the binary format keeps no page layout.
 */
import WordExtractor from 'word-extractor';
import { CorruptFileError, type Extraction, type ExtractorInput } from '../../domain/pipeline/extraction.types.js';
import { compoundFileNames } from './detect-type.js';
import { tidyText } from './tidy-text.js';

export async function extractDoc(input: ExtractorInput): Promise<Extraction> {
  // word-extractor never settles on a compound file whose header is not sound: such a file is turned away first
  if (!(await compoundFileNames(input.path)).includes('WordDocument')) {
    throw new CorruptFileError('The file is not a readable Word 97-2003 document (no WordDocument stream)');
  }
  let document: Awaited<ReturnType<WordExtractor['extract']>>;
  try {
    document = await new WordExtractor().extract(input.path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CorruptFileError(`The Word 97-2003 document cannot be read (${reason})`, { cause: error });
  }
  const body = document.getBody();
  const extras = [
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
    document.getFootnotes(),
    document.getEndnotes(),
    document.getHeaders({ includeFooters: true }),
  ]
    .map(tidy)
    .filter((text) => text !== '');
  const pages = body.split('\f').map(tidy);
  if (extras.length) pages[pages.length - 1] = [pages.at(-1), ...extras].filter(Boolean).join('\n\n');
  return { pages: pages.map((text, index) => ({ pageNumber: index + 1, text })), metadata: {} };
}

/** Word's cell and field marks out, then tidied as every reader's text is */
function tidy(text: string): string {
  // eslint-disable-next-line no-control-regex -- Word's marks are exactly these control characters
  return tidyText(text.replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, ' '));
}
