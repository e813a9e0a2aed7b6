/**
 * Word 97-2003 `.doc` (the binary compound-file format), read with word-extractor: the body, then text boxes,
 * footnotes, endnotes, headers and footers. Page breaks in the text (form feeds) start a new page; a document
 * without any is one page, as the binary format keeps no page layout. Word 6.0 and Word 95 documents, which
 * word-extractor turns away, are read by word6.ts.
 */
import { readFile } from 'node:fs/promises';
import WordExtractor from 'word-extractor';
import { openCompoundFile, summaryInformation, type CompoundFile } from './compound-file.js';
import { isWord6, readWord6Text } from './word6.js';
import { CorruptFileError, type Extraction, type ExtractorInput } from '../../domain/pipeline/extraction.types.js';
import { compoundFileNames } from './detect-type.js';
import { tidyText } from './tidy-text.js';

export async function extractDoc(input: ExtractorInput): Promise<Extraction> {
  // word-extractor never settles on a compound file whose header is not sound: such a file is turned away first
  if (!(await compoundFileNames(input.path)).includes('WordDocument')) {
    throw new CorruptFileError('The file is not a readable Word 97-2003 document (no WordDocument stream)');
  }
  const file = openCompoundFile(await readFile(input.path), 'Word document');
  const wordDocument = file.stream('WordDocument');
  if (wordDocument && isWord6(wordDocument)) return extractWord6(file, wordDocument);
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

function extractWord6(file: CompoundFile, wordDocument: Buffer): Extraction {
  const { text, partial } = readWord6Text(wordDocument);
  const pages = text.split('\f').map(tidy);
  const { title, ...metadata } = summaryInformation(file);
  return {
    pages: pages.map((page, index) => ({ pageNumber: index + 1, text: page })),
    ...(title ? { title } : {}),
    metadata,
    ...(partial
      ? {
          note: 'Word 6/95 document saved incrementally: its text was read in the order it is stored, which may differ',
        }
      : {}),
  };
}

/** Word's cell and field marks out, then tidied as every reader's text is */
function tidy(text: string): string {
  // eslint-disable-next-line no-control-regex -- Word's marks are exactly these control characters
  return tidyText(text.replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, ' '));
}
