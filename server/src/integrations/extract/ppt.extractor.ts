/**
 * PowerPoint 97-2003 `.ppt`: a page per slide, in the presentation's order, with the text of its placeholders (title
 * as the page label) and of its text boxes. Our own reader of the record tree (MS-PPT), as no well-kept JavaScript
 * library reads the format: the current user's last edit leads through the persist directory to the document, whose
 * slide list holds the slides' placeholder text in order, and to each slide's own drawing with its text boxes. Older
 * edits a fast save left behind are never read. A file whose edit chain cannot be followed is read as one page of all
 * the text atoms in its stream.
 */
import { readFile } from 'node:fs/promises';
import {
  CorruptFileError,
  EncryptedFileError,
  type ExtractedPage,
  type Extraction,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import { openCompoundFile, readRecords, summaryInformation } from './compound-file.js';
import { tidyText } from './tidy-text.js';

const DOCUMENT = 0x03e8;
const SLIDE = 0x03ee;
const SLIDE_LIST_WITH_TEXT = 0x0ff0;
const SLIDE_PERSIST_ATOM = 0x03f3;
const SLIDE_ATOM = 0x03ef;
const NOTES = 0x03f0;
const TEXT_HEADER_ATOM = 0x0f9f;
const TEXT_CHARS_ATOM = 0x0fa0;
const TEXT_BYTES_ATOM = 0x0fa8;
const USER_EDIT_ATOM = 0x0ff5;
const PERSIST_DIRECTORY_ATOM = 0x1772;
const CRYPT_SESSION_CONTAINER = 0x2f14;
/** TextHeaderAtom types of a slide's title placeholder (Title, CenterTitle) */
const TITLE_TYPES = new Set([0, 6]);
/** the slide lists of slides and of notes pages (1 is masters) */
const SLIDES_INSTANCE = 0;
const NOTES_INSTANCE = 2;
const GENERIC_TITLE = /^(PowerPoint[ -](Presentation|presentasjon)|Slide \d+|Lysbilde \d+)$/i;
/** records nested deeper than this are not followed (a damaged length can make a tree of any depth) */
const MAX_DEPTH = 32;

interface PptRecord {
  type: number;
  instance: number;
  container: boolean;
  /** where the record's body starts and ends in the stream */
  start: number;
  end: number;
}

function recordAt(stream: Buffer, offset: number): PptRecord | null {
  if (offset < 0 || offset + 8 > stream.length) return null;
  const verInstance = stream.readUInt16LE(offset);
  const length = stream.readUInt32LE(offset + 4);
  const end = offset + 8 + length;
  if (end > stream.length) return null;
  return {
    type: stream.readUInt16LE(offset + 2),
    instance: verInstance >> 4,
    container: (verInstance & 0x0f) === 0x0f,
    start: offset + 8,
    end,
  };
}

/** the records directly inside a container's body */
function* children(stream: Buffer, parent: { start: number; end: number }): Generator<PptRecord> {
  for (let offset = parent.start; offset + 8 <= parent.end;) {
    const record = recordAt(stream, offset);
    if (!record || record.end > parent.end) return;
    yield record;
    offset = record.end;
  }
}

/** every record under a container, depth first, in stream order */
function* descendants(stream: Buffer, parent: { start: number; end: number }, depth = 0): Generator<PptRecord> {
  if (depth > MAX_DEPTH) return;
  for (const record of children(stream, parent)) {
    yield record;
    if (record.container) yield* descendants(stream, record, depth + 1);
  }
}

function textOf(stream: Buffer, record: PptRecord): string | null {
  const text = rawTextOf(stream, record);
  // a lone asterisk is the stand-in of a slide-number field, not text
  return text?.trim() === '*' ? null : text;
}

function rawTextOf(stream: Buffer, record: PptRecord): string | null {
  const body = stream.subarray(record.start, record.end);
  // paragraphs end in a carriage return, line breaks inside one are vertical tabs
  if (record.type === TEXT_CHARS_ATOM) return body.toString('utf16le').replace(/[\r\v]/g, '\n');
  if (record.type === TEXT_BYTES_ATOM) return body.toString('latin1').replace(/[\r\v]/g, '\n');
  return null;
}

/** stream offsets of persist objects, newest edit first wins, and the document's persist id */
function persistDirectory(
  stream: Buffer,
  currentUser: Buffer | null,
): { offsets: Map<number, number>; document: number } {
  if (!currentUser || currentUser.length < 20) throw new CorruptFileError('The presentation has no current user');
  const offsets = new Map<number, number>();
  let editOffset = currentUser.readUInt32LE(16);
  let document: number | undefined;
  for (let step = 0; step < 10_000 && editOffset > 0; step++) {
    const edit = recordAt(stream, editOffset);
    if (!edit || edit.type !== USER_EDIT_ATOM || edit.end - edit.start < 20) break;
    document ??= stream.readUInt32LE(edit.start + 16);
    const directory = recordAt(stream, stream.readUInt32LE(edit.start + 12));
    if (directory?.type === PERSIST_DIRECTORY_ATOM) {
      for (let at = directory.start; at + 4 <= directory.end;) {
        const entry = stream.readUInt32LE(at);
        const firstId = entry & 0xfffff;
        const count = entry >>> 20;
        at += 4;
        for (let i = 0; i < count && at + 4 <= directory.end; i++, at += 4) {
          if (!offsets.has(firstId + i)) offsets.set(firstId + i, stream.readUInt32LE(at));
        }
      }
    }
    editOffset = stream.readUInt32LE(edit.start + 8);
  }
  if (document === undefined) throw new CorruptFileError('The presentation has no edit to read');
  return { offsets, document };
}

interface SlideText {
  title?: string;
  texts: string[];
  persistId: number;
  /** the speaker notes' text boxes */
  notes: string[];
}

/** the text atoms under a record, trimmed, each once */
function textsUnder(stream: Buffer, parent: PptRecord): string[] {
  const texts: string[] = [];
  for (const record of descendants(stream, parent)) {
    const text = textOf(stream, record)?.trim();
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts;
}

function slidesOf(stream: Buffer, currentUser: Buffer | null): SlideText[] {
  const { offsets, document: documentId } = persistDirectory(stream, currentUser);
  const document = recordAt(stream, offsets.get(documentId) ?? -1);
  if (!document || document.type !== DOCUMENT) throw new CorruptFileError('The presentation has no document record');
  const slides: SlideText[] = [];
  /** notes pages by their slide id (SlidePersistAtom: persist id at 0, slide id at 12) */
  const notesPersist = new Map<number, number>();
  let textType = -1;
  for (const list of children(stream, document)) {
    if (list.type === SLIDE_LIST_WITH_TEXT && list.instance === NOTES_INSTANCE) {
      for (const record of children(stream, list)) {
        if (record.type === SLIDE_PERSIST_ATOM && record.end - record.start >= 16) {
          notesPersist.set(stream.readUInt32LE(record.start + 12), stream.readUInt32LE(record.start));
        }
      }
      continue;
    }
    if (list.type !== SLIDE_LIST_WITH_TEXT || list.instance !== SLIDES_INSTANCE) continue;
    for (const record of children(stream, list)) {
      if (record.type === SLIDE_PERSIST_ATOM) {
        slides.push({ texts: [], persistId: stream.readUInt32LE(record.start), notes: [] });
      } else if (record.type === TEXT_HEADER_ATOM) {
        textType = stream.readUInt32LE(record.start);
      } else {
        const text = textOf(stream, record)?.trim();
        const slide = slides.at(-1);
        if (!text || !slide) continue;
        if (TITLE_TYPES.has(textType) && slide.title === undefined) slide.title = text.replace(/\s+/g, ' ');
        slide.texts.push(text);
      }
    }
  }
  // text boxes that are no placeholder keep their text in the slide's own drawing
  for (const slide of slides) {
    const container = recordAt(stream, offsets.get(slide.persistId) ?? -1);
    if (container?.type !== SLIDE) continue;
    // the slide's notes page: its SlideAtom names it (notesIdRef at 16), the notes slide list finds it
    const slideAtom = [...children(stream, container)].find((record) => record.type === SLIDE_ATOM);
    const notesId = slideAtom && slideAtom.end - slideAtom.start >= 20 ? stream.readUInt32LE(slideAtom.start + 16) : 0;
    const notes = notesId ? recordAt(stream, offsets.get(notesPersist.get(notesId) ?? -1) ?? -1) : null;
    if (notes?.type === NOTES) slide.notes = textsUnder(stream, notes);
    let boxType = -1;
    for (const record of descendants(stream, container)) {
      if (record.type === TEXT_HEADER_ATOM) boxType = stream.readUInt32LE(record.start);
      const text = textOf(stream, record)?.trim();
      if (!text || slide.texts.includes(text)) continue;
      if (TITLE_TYPES.has(boxType) && slide.title === undefined) slide.title = text.replace(/\s+/g, ' ');
      slide.texts.push(text);
    }
  }
  return slides;
}

export async function extractPpt(input: ExtractorInput): Promise<Extraction> {
  const file = openCompoundFile(await readFile(input.path), 'PowerPoint 97-2003 presentation');
  const stream = file.stream('PowerPoint Document');
  if (!stream)
    throw new CorruptFileError('The file is not a PowerPoint presentation: it has no PowerPoint Document stream');
  // an encrypted presentation has an EncryptedSummary stream, and a CryptSession container at the top of its stream
  if (file.stream('EncryptedSummary') || hasCryptSession(stream)) {
    throw new EncryptedFileError(
      'PowerPoint 97-2003 presentation is encrypted with a password; its text cannot be read without it',
    );
  }
  input.signal?.throwIfAborted();
  let pages: ExtractedPage[];
  let note: string | undefined;
  try {
    pages = readRecords('PowerPoint 97-2003 presentation', () => slidesOf(stream, file.stream('Current User'))).map(
      (slide, index) => ({
        pageNumber: index + 1,
        // as for .pptx: the notes after the slide, as they often carry the substance of a meeting deck
        text: tidyText(
          slide.notes.length
            ? `${slide.texts.join('\n\n')}\n\nNotes:\n${slide.notes.join('\n\n')}`
            : slide.texts.join('\n\n'),
        ),
        ...(slide.title ? { label: slide.title } : {}),
      }),
    );
  } catch (error) {
    if (!(error instanceof CorruptFileError)) throw error;
    // no edit chain to follow: every text atom in the stream, in its order, as one page
    const texts = [...descendants(stream, { start: 0, end: stream.length })]
      .map((record) => textOf(stream, record)?.trim())
      .filter((text): text is string => Boolean(text));
    if (texts.length === 0) throw error;
    pages = [{ pageNumber: 1, text: tidyText([...new Set(texts)].join('\n\n')) }];
    note = `The slides could not be told apart (${error.message.replace(/^The presentation /, 'the presentation ')}); all their text is read as one page`;
  }
  const { title: summaryTitle, ...metadata } = summaryInformation(file);
  // PowerPoint fills the title property with "PowerPoint Presentation" or the first slide's name when none was given
  const title =
    summaryTitle && !GENERIC_TITLE.test(summaryTitle) ? summaryTitle : pages.find((page) => page.label)?.label;
  return { pages, metadata, ...(title ? { title } : {}), ...(note ? { note } : {}) };
}

function hasCryptSession(stream: Buffer): boolean {
  for (const record of children(stream, { start: 0, end: stream.length })) {
    if (record.type === CRYPT_SESSION_CONTAINER) return true;
  }
  return false;
}
