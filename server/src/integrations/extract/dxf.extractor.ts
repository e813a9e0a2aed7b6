/**
 * DXF drawings: the words on the drawing (TEXT, MTEXT) and the title block (block attributes: drawing number,
 * revision, date, title, scale ...). Attributes go into `attributes` so classification can read the drawing number
 * without guessing, and into the text so search finds them.
 *
 * dxf-parser does not know ATTRIB entities; we register a small handler for them through its extension point.
 * The CAD text helpers at the bottom are shared with the DWG extractor.
 */
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { BINARY_DXF_SENTINEL, binaryDxfToText } from './binary-dxf.js';
import dxfParserModule, { type IEntity } from 'dxf-parser';
import { CorruptFileError, type Extraction, type ExtractorInput } from '../../domain/pipeline/extraction.types.js';

export async function extractDxf(input: ExtractorInput): Promise<Extraction> {
  const data = await readFile(input.path);
  const binary = data.subarray(0, BINARY_DXF_SENTINEL.length).toString('latin1') === BINARY_DXF_SENTINEL;
  const text = binary ? binaryDxfToText(data, (bytes) => iconv.decode(bytes, binaryCodePage(data))) : decodeDxf(data);
  input.signal?.throwIfAborted();

  let parsed: ParsedDxf | null;
  try {
    parsed = createParser().parseSync(text) as ParsedDxf | null;
  } catch (error) {
    // AutoCAD's RECOVER reads what it can of a damaged file: so do we, pair by pair, past the damage
    const recovered = recoverDxfText(text);
    if (recovered.length === 0) throw new CorruptFileError('DXF drawing cannot be parsed', { cause: error });
    return {
      ...buildCadExtraction({ texts: recovered, attributes: [], metadata: {} }),
      note: 'The DXF file is damaged; its text was recovered as far as it could be read',
    };
  }
  if (!parsed || (!parsed.entities && !parsed.blocks && !parsed.header)) {
    throw new CorruptFileError('not a DXF drawing');
  }

  const collected = collectDxfText(parsed);
  return buildCadExtraction({
    texts: collected.texts,
    attributes: collected.attributes,
    metadata: readDxfHeader(parsed.header ?? {}),
  });
}

/** entities whose group code 1 (and 3, MTEXT's leading chunks; 304, a multileader's text) is words on the drawing */
const TEXT_ENTITIES = new Set(['TEXT', 'MTEXT', 'ATTRIB', 'ATTDEF', 'DIMENSION', 'MULTILEADER', 'MLEADER']);

/**
 * The words of a DXF that does not parse (cut short, a line lost, garbage in the middle): group-code/value pairs are
 * read as far as they make sense; where a code is not a number the reading moves on a line at a time until pairs line
 * up again, so one damaged spot costs only the entity it is in.
 */
export function recoverDxfText(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const texts: string[] = [];
  let entity = '';
  let pending = '';
  const flush = () => {
    if (pending.trim())
      texts.push(entity === 'MTEXT' || entity.endsWith('LEADER') ? cleanMText(pending) : cleanCadText(pending));
    pending = '';
  };
  for (let index = 0; index + 1 < lines.length;) {
    const code = lines[index]!.trim();
    if (!/^-?\d{1,4}$/.test(code)) {
      index += 1;
      continue;
    }
    const value = lines[index + 1]!;
    index += 2;
    switch (Number(code)) {
      case 0:
        flush();
        entity = value.trim().toUpperCase();
        break;
      case 1:
      case 304:
        if (TEXT_ENTITIES.has(entity)) pending += value;
        break;
      case 3:
        if (entity === 'MTEXT' || entity.endsWith('LEADER')) pending += value;
        break;
      default:
        break;
    }
  }
  flush();
  return texts.filter((line) => line !== '' && line !== '<>');
}

interface ParsedDxf {
  header?: Record<string, unknown>;
  entities?: DxfEntity[];
  blocks?: Record<string, { name?: string; entities?: DxfEntity[] }>;
}

/** The fields we read, across dxf-parser's entity interfaces and our ATTRIB handler. */
type DxfEntity = IEntity & {
  text?: string;
  tag?: string;
  name?: string;
  constant?: boolean;
};

interface CollectedText {
  texts: string[];
  attributes: AttributeCandidate[];
}

function collectDxfText(dxf: ParsedDxf): CollectedText {
  const texts: string[] = [];
  const attributes: AttributeCandidate[] = [];
  const visit = (entities: readonly DxfEntity[], inBlock: string | undefined): void => {
    let insert: { name: string; paperSpace: boolean } | undefined;
    for (const entity of entities) {
      switch (entity.type) {
        case 'TEXT':
          if (entity.text) texts.push(cleanCadText(entity.text));
          break;
        case 'MTEXT':
          if (entity.text) texts.push(cleanMText(entity.text));
          break;
        case 'INSERT':
          insert = { name: entity.name ?? '', paperSpace: entity.inPaperSpace === true };
          break;
        case 'ATTRIB':
          if (entity.tag) {
            attributes.push({
              tag: entity.tag,
              value: cleanCadText(entity.text ?? ''),
              blockName: insert?.name ?? inBlock ?? '',
              paperSpace: insert?.paperSpace === true || isPaperSpaceBlock(inBlock),
            });
          }
          break;
        case 'ATTDEF':
          // A constant attribute has no ATTRIB in the inserts: its value lives only here, in the block definition.
          if (entity.constant && entity.tag && entity.text) {
            attributes.push({
              tag: entity.tag,
              value: cleanCadText(entity.text),
              blockName: inBlock ?? '',
              paperSpace: false,
              fallback: true,
            });
          }
          break;
        default:
          break;
      }
      if (entity.type !== 'INSERT' && entity.type !== 'ATTRIB') insert = undefined;
    }
  };
  visit(dxf.entities ?? [], undefined);
  for (const [name, block] of Object.entries(dxf.blocks ?? {})) visit(block.entities ?? [], block.name ?? name);
  return { texts, attributes };
}

function readDxfHeader(header: Record<string, unknown>): Extraction['metadata'] {
  const created = header.$TDCREATE;
  const author = header.$LASTSAVEDBY;
  const createdAt = typeof created === 'number' ? julianDayToIso(created) : undefined;
  return {
    ...(typeof author === 'string' && author.trim() ? { author: author.trim() } : {}),
    ...(createdAt ? { createdAt } : {}),
  };
}

/** AutoCAD stores dates as Julian day numbers with the time of day as the fraction. */
export function julianDayToIso(julianDay: number): string | undefined {
  if (!Number.isFinite(julianDay) || julianDay < 2_400_000) return undefined;
  const date = new Date(Math.round((julianDay - 2_440_587.5) * 86_400_000));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * DXF from AutoCAD 2007 on is UTF-8; older files are in the ANSI code page named by $DWGCODEPAGE (ANSI_1252 for
 * Norwegian drawings), with characters outside it written as \U+XXXX escapes that cleanCadText decodes later.
 */
/** strings of a binary DXF: UTF-8 from AutoCAD 2007 on ($ACADVER AC1021+), else the $DWGCODEPAGE (windows-1252) */
function binaryCodePage(data: Buffer): string {
  const head = data.subarray(0, 64 * 1024).toString('latin1');
  const version = /\$ACADVER\0[\s\S]{1,3}?(AC\d{4})/.exec(head)?.[1];
  if (version && version >= 'AC1021') return 'utf-8';
  const codePage = /ANSI_(\d+)/.exec(head)?.[1];
  return codePage && iconv.encodingExists(`windows-${codePage}`) ? `windows-${codePage}` : 'windows-1252';
}

function decodeDxf(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    const head = data.subarray(0, 64 * 1024).toString('latin1');
    const codePage = /\$DWGCODEPAGE\s*\r?\n\s*3\s*\r?\n\s*ANSI_(\d+)/i.exec(head)?.[1];
    const encoding = codePage && iconv.encodingExists(`windows-${codePage}`) ? `windows-${codePage}` : 'windows-1252';
    return iconv.decode(data, encoding);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// dxf-parser wiring

interface DxfGroup {
  code: number;
  value: unknown;
}
interface DxfScanner {
  next(): DxfGroup;
  isEOF(): boolean;
}
interface DxfParserInstance {
  parseSync(source: string): unknown;
  registerEntityHandler(handler: new () => unknown): void;
}
type DxfParserConstructor = new () => DxfParserInstance;

/** Reads an ATTRIB (tag in group 2, value in group 1) and leaves the scanner on the next entity, as dxf-parser expects. */
class AttribHandler {
  readonly ForEntityName = 'ATTRIB';
  parseEntity(scanner: DxfScanner): DxfEntity {
    const entity = { type: 'ATTRIB' } as DxfEntity;
    let group = scanner.next();
    let embeddedObject = false;
    while (!scanner.isEOF() && group.code !== 0) {
      // Group 101 starts an embedded MTEXT object (multi-line attributes) whose groups reuse codes 1 and 2.
      if (group.code === 101) embeddedObject = true;
      if (!embeddedObject) {
        if (group.code === 1) entity.text = String(group.value);
        else if (group.code === 2) entity.tag = String(group.value);
        else if (group.code === 8) entity.layer = String(group.value);
        else if (group.code === 67) entity.inPaperSpace = group.value !== 0;
      }
      group = scanner.next();
    }
    return entity;
  }
}

/** Ignores SEQEND (which ends an INSERT's attributes) quietly instead of logging it as unknown. */
class SeqEndHandler {
  readonly ForEntityName = 'SEQEND';
  parseEntity(scanner: DxfScanner): DxfEntity {
    let group = scanner.next();
    while (!scanner.isEOF() && group.code !== 0) group = scanner.next();
    return { type: 'SEQEND' } as DxfEntity;
  }
}

/**
 * dxf-parser ships a UMD bundle whose `module.exports` is the class, while its typings describe an ES module with a
 * default export; accept either shape.
 */
export function createParser(): DxfParserInstance {
  const candidate: unknown = dxfParserModule;
  const Parser = (
    typeof candidate === 'function' ? candidate : (candidate as { default?: unknown }).default
  ) as DxfParserConstructor;
  const parser = new Parser();
  parser.registerEntityHandler(AttribHandler);
  parser.registerEntityHandler(SeqEndHandler);
  return parser;
}

// ---------------------------------------------------------------------------------------------------------------
// CAD text helpers, shared with the DWG extractor.

export interface AttributeCandidate {
  tag: string;
  value: string;
  blockName: string;
  paperSpace: boolean;
  /** a default from a block definition: used only when no inserted attribute has the tag */
  fallback?: boolean;
}

const TITLE_BLOCK_NAME = /title|tittel|stempel|ramme|tegn|border|frame|a[0-4]|sheet|ark/i;
const TITLE_TAG = /^(?:drawing[_ ]?|dwg[_ ]?|tegnings?)?(?:title|tittel)[_ ]?\d*$/i;

/**
 * Attributes as one tag -> value record. Title blocks win over other inserts (a hundred door tags must not overwrite
 * the drawing number): paper-space inserts and blocks with title-block-like names come first.
 */
function pickAttributes(candidates: readonly AttributeCandidate[]): Record<string, string> {
  const rank = (candidate: AttributeCandidate): number =>
    (candidate.fallback ? 4 : 0) +
    (candidate.paperSpace ? 0 : 1) +
    (TITLE_BLOCK_NAME.test(candidate.blockName) ? 0 : 2);
  const ordered = candidates
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => rank(a.candidate) - rank(b.candidate) || a.index - b.index);
  const attributes: Record<string, string> = {};
  for (const { candidate } of ordered) {
    const tag = candidate.tag.trim().toUpperCase();
    const value = candidate.value.trim();
    if (tag && value && !(tag in attributes)) attributes[tag] = value;
  }
  return attributes;
}

export function buildCadExtraction(input: {
  texts: readonly string[];
  attributes: readonly AttributeCandidate[];
  metadata: Extraction['metadata'];
  previewImage?: Extraction['previewImage'];
}): Extraction {
  const attributes = pickAttributes(input.attributes);
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const raw of input.texts) {
    const text = raw.trim();
    if (text && !seen.has(text)) {
      seen.add(text);
      lines.push(text);
    }
  }
  const attributeLines = Object.entries(attributes).map(([tag, value]) => `${tag}: ${value}`);
  const title = Object.entries(attributes)
    .filter(([tag]) => TITLE_TAG.test(tag))
    .map(([, value]) => value)
    .join(' – ');
  const text = [attributeLines.join('\n'), lines.join('\n')].filter(Boolean).join('\n\n');
  return {
    pages: [{ pageNumber: 1, text }],
    ...(title ? { title } : {}),
    metadata: input.metadata,
    ...(attributeLines.length > 0 ? { attributes } : {}),
    ...(input.previewImage ? { previewImage: input.previewImage } : {}),
  };
}

function isPaperSpaceBlock(name: string | undefined): boolean {
  return name !== undefined && /^\*paper_space/i.test(name);
}

/** TEXT and attribute values: \U+XXXX escapes and %% control codes (%%c = Ø, %%d = °, %%p = ±). */
export function cleanCadText(text: string): string {
  return decodePercentCodes(decodeUnicodeEscapes(text)).trim();
}

function decodeUnicodeEscapes(text: string): string {
  return text.replace(/\\U\+([0-9a-fA-F]{4})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodePercentCodes(text: string): string {
  return text.replace(/%%(\d{3}|[cdpuokCDPUOK%])/g, (_match, code: string) => {
    switch (code.toLowerCase()) {
      case 'c':
        return 'Ø';
      case 'd':
        return '°';
      case 'p':
        return '±';
      case '%':
        return '%';
      case 'u':
      case 'o':
      case 'k':
        return '';
      default:
        return String.fromCharCode(parseInt(code, 10));
    }
  });
}

/** Formatting codes that take an argument up to the next `;` (font, height, width, colour, tracking ...). */
const MTEXT_ARGUMENT_CODES = new Set(['f', 'F', 'H', 'W', 'Q', 'T', 'C', 'c', 'A', 'p']);
/** Codes that toggle underline/overline/strike-through and take no argument. */
const MTEXT_TOGGLE_CODES = new Set(['L', 'l', 'O', 'o', 'K', 'k', 'N']);

/** MTEXT content without its inline formatting: `{\fArial|b1;Plan}\PEtasje 1` -> `Plan\nEtasje 1`. */
export function cleanMText(raw: string): string {
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const char = raw[i]!;
    if (char === '{' || char === '}') {
      i += 1;
      continue;
    }
    if (char !== '\\') {
      out += char;
      i += 1;
      continue;
    }
    const code = raw[i + 1] ?? '';
    if (code === 'P' || code === 'X') {
      out += '\n';
      i += 2;
    } else if (code === '~') {
      out += ' ';
      i += 2;
    } else if (code === '\\' || code === '{' || code === '}') {
      out += code;
      i += 2;
    } else if (code === 'U' && raw[i + 2] === '+') {
      out += String.fromCharCode(parseInt(raw.slice(i + 3, i + 7), 16) || 0xfffd);
      i += 7;
    } else if (code === 'M' && raw[i + 2] === '+') {
      // \M+nXXXX: a double-byte character in an Asian code page; not meaningful for our documents.
      i += 8;
    } else if (code === 'S') {
      // Stacked fraction \S1/2; or \S1^2; -> 1/2
      const end = raw.indexOf(';', i + 2);
      const stacked = raw.slice(i + 2, end === -1 ? raw.length : end);
      out += stacked.replace(/[#^]/g, '/');
      i = end === -1 ? raw.length : end + 1;
    } else if (MTEXT_ARGUMENT_CODES.has(code)) {
      const end = raw.indexOf(';', i + 2);
      i = end === -1 ? raw.length : end + 1;
    } else if (MTEXT_TOGGLE_CODES.has(code)) {
      i += 2;
    } else {
      out += code;
      i += 2;
    }
  }
  return decodePercentCodes(out)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}
