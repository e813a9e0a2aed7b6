import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

import type { FileTypeResult } from 'file-type';

import type { DetectedType, FileKind } from '../../domain/pipeline/extraction.types.js';

interface FormatInfo {
  kind: FileKind;
  mime: string;
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

/** What a file's extension claims. Used when the content has no signature of its own, and to spot mismatches. */
const EXTENSIONS: Readonly<Record<string, FormatInfo>> = {
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  docx: { kind: 'docx', mime: `${OOXML}.wordprocessingml.document` },
  docm: { kind: 'docx', mime: 'application/vnd.ms-word.document.macroenabled.12' },
  dotx: { kind: 'docx', mime: `${OOXML}.wordprocessingml.template` },
  xlsx: { kind: 'xlsx', mime: `${OOXML}.spreadsheetml.sheet` },
  xlsm: { kind: 'xlsx', mime: 'application/vnd.ms-excel.sheet.macroenabled.12' },
  pptx: { kind: 'pptx', mime: `${OOXML}.presentationml.presentation` },
  ppt: { kind: 'ppt', mime: 'application/vnd.ms-powerpoint' },
  pps: { kind: 'ppt', mime: 'application/vnd.ms-powerpoint' },
  rtf: { kind: 'rtf', mime: 'application/rtf' },
  vsdx: { kind: 'vsdx', mime: 'application/vnd.ms-visio.drawing.main+xml' },
  vsd: { kind: 'vsd', mime: 'application/vnd.visio' },
  odt: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.text' },
  ott: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.text-template' },
  ods: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  ots: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.spreadsheet-template' },
  odp: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.presentation' },
  otp: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.presentation-template' },
  odg: { kind: 'odf', mime: 'application/vnd.oasis.opendocument.graphics' },
  pptm: { kind: 'pptx', mime: 'application/vnd.ms-powerpoint.presentation.macroenabled.12' },
  ppsx: { kind: 'pptx', mime: `${OOXML}.presentationml.slideshow` },
  doc: { kind: 'doc', mime: 'application/msword' },
  dot: { kind: 'doc', mime: 'application/msword' },
  xls: { kind: 'xls', mime: 'application/vnd.ms-excel' },
  xlt: { kind: 'xls', mime: 'application/vnd.ms-excel' },
  msg: { kind: 'msg', mime: 'application/vnd.ms-outlook' },
  eml: { kind: 'eml', mime: 'message/rfc822' },
  csv: { kind: 'csv', mime: 'text/csv' },
  tsv: { kind: 'csv', mime: 'text/tab-separated-values' },
  txt: { kind: 'text', mime: 'text/plain' },
  text: { kind: 'text', mime: 'text/plain' },
  log: { kind: 'text', mime: 'text/plain' },
  md: { kind: 'text', mime: 'text/markdown' },
  markdown: { kind: 'text', mime: 'text/markdown' },
  json: { kind: 'text', mime: 'application/json' },
  html: { kind: 'html', mime: 'text/html' },
  htm: { kind: 'html', mime: 'text/html' },
  xhtml: { kind: 'html', mime: 'application/xhtml+xml' },
  xml: { kind: 'xml', mime: 'application/xml' },
  svg: { kind: 'xml', mime: 'image/svg+xml' },
  dwg: { kind: 'dwg', mime: 'image/vnd.dwg' },
  dxf: { kind: 'dxf', mime: 'image/vnd.dxf' },
  ifc: { kind: 'ifc', mime: 'application/x-step' },
  zip: { kind: 'zip', mime: 'application/zip' },
  epub: { kind: 'epub', mime: 'application/epub+zip' },
  png: { kind: 'image', mime: 'image/png' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  jpe: { kind: 'image', mime: 'image/jpeg' },
  tif: { kind: 'image', mime: 'image/tiff' },
  tiff: { kind: 'image', mime: 'image/tiff' },
  gif: { kind: 'image', mime: 'image/gif' },
  webp: { kind: 'image', mime: 'image/webp' },
  bmp: { kind: 'image', mime: 'image/bmp' },
  heic: { kind: 'image', mime: 'image/heic' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  m4v: { kind: 'video', mime: 'video/x-m4v' },
  mov: { kind: 'video', mime: 'video/quicktime' },
  avi: { kind: 'video', mime: 'video/x-msvideo' },
  mkv: { kind: 'video', mime: 'video/x-matroska' },
  webm: { kind: 'video', mime: 'video/webm' },
  mpg: { kind: 'video', mime: 'video/mpeg' },
  mpeg: { kind: 'video', mime: 'video/mpeg' },
  wmv: { kind: 'video', mime: 'video/x-ms-wmv' },
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  oga: { kind: 'audio', mime: 'audio/ogg' },
  opus: { kind: 'audio', mime: 'audio/opus' },
  flac: { kind: 'audio', mime: 'audio/flac' },
  aac: { kind: 'audio', mime: 'audio/aac' },
  wma: { kind: 'audio', mime: 'audio/x-ms-wma' },
};

/** Macro-enabled files, templates and slide shows are read like the plain document of their family. */
const OOXML_VARIANTS: Readonly<Record<string, FileKind>> = {
  docm: 'docx',
  dotx: 'docx',
  dotm: 'docx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  xltm: 'xlsx',
  pptm: 'pptx',
  ppsx: 'pptx',
  ppsm: 'pptx',
  potx: 'pptx',
  potm: 'pptx',
};

/** file-type names one format by one extension; these are the other spellings people use. */
const IMAGE_FORMAT_ALIASES: Readonly<Record<string, string>> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif' };

/** Text kinds whose extension is trusted when the content is text without a stronger signature. */
const WEAK_TEXT_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['text', 'csv', 'html', 'xml', 'eml']);

const OCTET_STREAM = 'application/octet-stream';
/** the version signature of a DWG from R1.2 to R12: `AC1.2`, `AC1.40`, `AC2.10`, `AC1001` ... `AC1009` */
const OLD_DWG_SIGNATURE = /^AC(?:\d\.\d{1,2}|100\d)/;
const HEAD_BYTES = 8192;

export async function detectFileType(input: { path: string; filename: string }): Promise<DetectedType> {
  const extension = extensionOf(input.filename);
  const claimed = EXTENSIONS[extension];
  const handle = await open(input.path, 'r');
  try {
    const { size } = await handle.stat();
    const head = await readAt({ handle, position: 0, length: Math.min(HEAD_BYTES, size) });
    const content = await detectContent({ handle, head, size, extension, filePath: input.path });
    const kind = content?.kind ?? 'unknown';
    return {
      kind,
      mime: content?.mime ?? claimed?.mime ?? OCTET_STREAM,
      extension,
      extensionMismatch: isMismatch({ claimed, kind, imageFormat: content?.imageFormat, extension }),
      ...(content?.encrypted ? { encrypted: true } : {}),
    };
  } finally {
    await handle.close();
  }
}

interface ContentFormat extends FormatInfo {
  /** file-type's extension for images, to tell a PNG named .jpg */
  imageFormat?: string;
  encrypted?: boolean;
}

async function detectContent(params: {
  handle: FileHandle;
  head: Buffer;
  size: number;
  extension: string;
  filePath: string;
}): Promise<ContentFormat | undefined> {
  const { head, size, extension } = params;
  const claimed = EXTENSIONS[extension];
  if (size === 0) {
    // An empty .txt is a valid, empty text file; an empty .pdf is not a PDF.
    return claimed && WEAK_TEXT_KINDS.has(claimed.kind) ? claimed : undefined;
  }

  let signature: FileTypeResult | undefined;
  try {
    const { fileTypeFromFile } = await import('file-type');
    signature = await fileTypeFromFile(params.filePath);
  } catch {
    // file-type throws on some truncated containers; fall through to our own checks
    signature = undefined;
  }
  if (signature) {
    const fromSignature = await kindFromSignature({ signature, head, handle: params.handle, size, extension });
    if (fromSignature) return fromSignature;
  }

  // DWG from before R13 (AC1.2 ... AC1009), which file-type does not know: read as far as it goes, and said so
  if (OLD_DWG_SIGNATURE.test(head.subarray(0, 6).toString('latin1'))) return { kind: 'dwg', mime: 'image/vnd.dwg' };
  if (head.subarray(0, 22).toString('latin1') === 'AutoCAD Binary DXF\r\n\x1a\0') {
    return { kind: 'dxf', mime: 'image/vnd.dxf' };
  }
  if (startsWithMp3Frames(head)) return { kind: 'audio', mime: 'audio/mpeg' };
  if (!looksLikeText(head)) return signature ? { kind: 'unknown', mime: signature.mime } : undefined;
  return kindFromText({ text: decodeHead(head), extension });
}

async function kindFromSignature(params: {
  signature: FileTypeResult;
  head: Buffer;
  handle: FileHandle;
  size: number;
  extension: string;
}): Promise<ContentFormat | undefined> {
  const { signature } = params;
  const { ext, mime } = signature;
  switch (ext) {
    case 'pdf':
    case 'docx':
    case 'xlsx':
    case 'pptx':
    case 'dwg':
      return { kind: ext, mime };
    case 'zip':
      return (await kindFromZipEntries(params.handle, params.size)) ?? { kind: 'zip', mime };
    case 'rtf':
    case 'epub':
    case 'vsdx':
      return EXTENSIONS[ext]!;
    case 'odt':
    case 'ott':
    case 'ods':
    case 'ots':
    case 'odp':
    case 'otp':
    case 'odg':
      return { kind: 'odf', mime };
    case 'cfb':
      return kindFromCompoundFile({ handle: params.handle, size: params.size, extension: params.extension });
    case 'xml':
      // file-type only sees `<?xml`; XHTML and IFC-XML need a look at the text
      return kindFromText({ text: decodeHead(params.head), extension: params.extension });
    default:
      break;
  }
  const officeKind = OOXML_VARIANTS[ext];
  if (officeKind) return { kind: officeKind, mime };
  if (mime.startsWith('image/')) return { kind: 'image', mime, imageFormat: ext };
  if (mime.startsWith('video/')) return { kind: 'video', mime };
  if (mime.startsWith('audio/')) return { kind: 'audio', mime };
  // file-type calls any text starting with "solid " an STL model; trust that only when the name agrees.
  if (mime.startsWith('text/') || (ext === 'stl' && params.extension !== 'stl')) return undefined;
  // a zip file-type names by a format we have no case for (a Visio stencil or template): its parts decide
  if (params.head[0] === 0x50 && params.head[1] === 0x4b) {
    const fromParts = await kindFromZipEntries(params.handle, params.size);
    if (fromParts) return fromParts;
  }
  // Other zip-based formats (JAR, APK) land here: they are not archives of the user's files.
  return { kind: 'unknown', mime };
}

function kindFromText(params: { text: string; extension: string }): ContentFormat {
  const { text, extension } = params;
  const claimed = EXTENSIONS[extension];
  const start = text.replace(/^\uFEFF/, '').trimStart();

  if (/^ISO-10303-21;/.test(start)) {
    return /FILE_SCHEMA\s*\(\s*\(\s*'IFC/i.test(text)
      ? { kind: 'ifc', mime: 'application/x-step' }
      : { kind: 'unknown', mime: 'model/step' };
  }
  if (isDxf(start)) return { kind: 'dxf', mime: 'image/vnd.dxf' };
  if (start.startsWith('{\\rtf')) return EXTENSIONS.rtf!;
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>])/i.test(start)) {
    return { kind: 'html', mime: claimed?.kind === 'html' ? claimed.mime : 'text/html' };
  }
  if (start.startsWith('<?xml') || (start.startsWith('<') && claimed?.kind === 'xml')) {
    const mime = /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(start)
      ? 'image/svg+xml'
      : 'application/xml';
    return { kind: 'xml', mime };
  }
  if (isEmailHeader(text) || (claimed?.kind === 'eml' && /^[\w-]+:/.test(start))) {
    return { kind: 'eml', mime: 'message/rfc822' };
  }
  if (claimed && WEAK_TEXT_KINDS.has(claimed.kind) && claimed.kind !== 'eml') {
    // An .html file of fragments without <html> is still meant as HTML.
    return claimed;
  }
  return { kind: 'text', mime: 'text/plain' };
}

/** ASCII DXF: group code 0 `SECTION`, group code 2 and a section name, optionally after 999 comment groups. */
function isDxf(start: string): boolean {
  return /^(?:\s*999\r?\n[^\n]*\n)*\s*0\r?\n\s*SECTION\r?\n\s*2\r?\n\s*(?:HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS|THUMBNAILIMAGE)\s*\r?\n/.test(
    start,
  );
}

const MAIL_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'received',
  'message-id',
  'mime-version',
  'return-path',
  'delivered-to',
  'reply-to',
  'content-type',
  'x-mailer',
  'in-reply-to',
  'references',
]);
/** Only mail has these; `From:` and `Subject:` alone also start many memos. */
const MAIL_ONLY_HEADERS = new Set(['received', 'message-id', 'mime-version', 'return-path', 'delivered-to']);

/** RFC 5322: a block of `Name: value` fields (with folded continuation lines) up to the first empty line. */
function isEmailHeader(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let known = 0;
  let mailOnly = false;
  let fields = 0;
  for (const [index, line] of lines.entries()) {
    if (line === '') break;
    if (index === 0 && line.startsWith('From ')) continue; // mbox separator line
    if (/^[ \t]/.test(line)) {
      if (fields === 0) return false;
      continue;
    }
    const match = /^([!-9;-~]+):/.exec(line);
    if (!match?.[1]) return false;
    fields += 1;
    const name = match[1].toLowerCase();
    if (MAIL_HEADERS.has(name)) known += 1;
    if (MAIL_ONLY_HEADERS.has(name)) mailOnly = true;
    if (fields > 200) break;
  }
  return known >= 3 || (known >= 2 && mailOnly);
}

const OOXML_MAIN_PARTS: readonly [string, FormatInfo][] = [
  ['word/document.xml', { kind: 'docx', mime: `${OOXML}.wordprocessingml.document` }],
  ['xl/workbook.xml', { kind: 'xlsx', mime: `${OOXML}.spreadsheetml.sheet` }],
  ['ppt/presentation.xml', { kind: 'pptx', mime: `${OOXML}.presentationml.presentation` }],
  ['visio/document.xml', EXTENSIONS.vsdx!],
];

/**
 * file-type needs `[Content_Types].xml` to call a zip an Office file. Some exporters leave it out; Office and our
 * extractors only need the package relationships and the main part, so those names decide.
 */
async function kindFromZipEntries(handle: FileHandle, size: number): Promise<FormatInfo | undefined> {
  const names = new Set(await readZipEntryNames(handle, size).catch(() => [] as string[]));
  // an OpenDocument package whose mimetype entry is not the stored first one file-type looks for
  if (names.has('content.xml') && names.has('META-INF/manifest.xml')) {
    return { kind: 'odf', mime: 'application/vnd.oasis.opendocument.text' };
  }
  if (!names.has('_rels/.rels')) return undefined;
  return OOXML_MAIN_PARTS.find(([part]) => names.has(part))?.[1];
}

const ZIP_MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;

/** Entry names from a zip's central directory (the end-of-directory record sits in the last 64 KiB). */
async function readZipEntryNames(handle: FileHandle, size: number): Promise<string[]> {
  const tailLength = Math.min(size, 65_557);
  const tail = await readAt({ handle, position: size - tailLength, length: tailLength });
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return [];
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // Zip64 archives keep the real values elsewhere; Office files are never that large.
  if (directoryOffset === 0xffffffff || directorySize > ZIP_MAX_DIRECTORY_BYTES) return [];
  const directory = await readAt({ handle, position: directoryOffset, length: directorySize });
  const names: string[] = [];
  let offset = 0;
  while (offset + 46 <= directory.length && directory.readUInt32LE(offset) === 0x02014b50) {
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    names.push(directory.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * Word, Excel, Outlook and PowerPoint 97-2003 all use the OLE compound file container; the stream names in its
 * directory say which one it is. The extension decides only when the directory is unreadable or unfamiliar.
 */
async function kindFromCompoundFile(params: {
  handle: FileHandle;
  size: number;
  extension: string;
}): Promise<ContentFormat> {
  const names = await readCompoundFileNames(params.handle, params.size).catch(() => [] as string[]);
  const has = (name: string): boolean => names.includes(name);
  // a password-protected .docx/.xlsx/.pptx: the OOXML package, encrypted, inside a compound file (MS-OFFCRYPTO)
  if (has('EncryptionInfo') && has('EncryptedPackage')) {
    const claimed = EXTENSIONS[params.extension];
    const office = claimed && ['docx', 'xlsx', 'pptx'].includes(claimed.kind) ? claimed : EXTENSIONS.docx!;
    return { ...office, encrypted: true };
  }
  if (has('WordDocument')) return { kind: 'doc', mime: 'application/msword' };
  if (has('Workbook') || has('Book')) return { kind: 'xls', mime: 'application/vnd.ms-excel' };
  if (has('__properties_version1.0') || names.some((name) => name.startsWith('__substg1.0_'))) {
    return { kind: 'msg', mime: 'application/vnd.ms-outlook' };
  }
  if (has('PowerPoint Document')) return EXTENSIONS.ppt!;
  if (has('VisioDocument')) return EXTENSIONS.vsd!;
  const claimed = EXTENSIONS[params.extension];
  if (claimed && (claimed.kind === 'doc' || claimed.kind === 'xls' || claimed.kind === 'msg')) return claimed;
  return { kind: 'unknown', mime: 'application/x-cfb' };
}

/** The stream and storage names of a compound file (a .doc, .xls, .msg ...); empty when its header is not sound. */
export async function compoundFileNames(filePath: string): Promise<string[]> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    return await readCompoundFileNames(handle, size).catch(() => []);
  } finally {
    await handle.close();
  }
}

const CFB_END_OF_CHAIN = 0xfffffffe;
const CFB_MAX_DIRECTORY_SECTORS = 256;

/** Directory entry names of a compound file (MS-CFB 2.2, 2.6), following the FAT chain a bounded number of steps. */
async function readCompoundFileNames(handle: FileHandle, size: number): Promise<string[]> {
  const header = await readAt({ handle, position: 0, length: 512 });
  const sectorSize = 1 << header.readUInt16LE(0x1e);
  if (sectorSize !== 512 && sectorSize !== 4096) return [];
  const entriesPerFatSector = sectorSize / 4;
  const fatSectorCache = new Map<number, Buffer>();

  const nextSector = async (sector: number): Promise<number> => {
    const fatIndex = Math.floor(sector / entriesPerFatSector);
    // The header lists the first 109 FAT sectors; a directory beyond them would need the DIFAT chain.
    if (fatIndex >= 109) return CFB_END_OF_CHAIN;
    const fatSector = header.readUInt32LE(0x4c + fatIndex * 4);
    let fat = fatSectorCache.get(fatSector);
    if (!fat) {
      fat = await readAt({ handle, position: (fatSector + 1) * sectorSize, length: sectorSize });
      fatSectorCache.set(fatSector, fat);
    }
    const offset = (sector % entriesPerFatSector) * 4;
    return offset + 4 <= fat.length ? fat.readUInt32LE(offset) : CFB_END_OF_CHAIN;
  };

  const names: string[] = [];
  let sector = header.readUInt32LE(0x30);
  for (let step = 0; step < CFB_MAX_DIRECTORY_SECTORS && sector < 0xfffffffa; step += 1) {
    const position = (sector + 1) * sectorSize;
    if (position >= size) break;
    const directory = await readAt({ handle, position, length: sectorSize });
    for (let offset = 0; offset + 128 <= directory.length; offset += 128) {
      const nameLength = directory.readUInt16LE(offset + 0x40);
      if (nameLength < 2 || nameLength > 64) continue;
      names.push(directory.toString('utf16le', offset, offset + nameLength - 2));
    }
    sector = await nextSector(sector);
  }
  return names;
}

function isMismatch(params: {
  claimed: FormatInfo | undefined;
  kind: FileKind;
  imageFormat: string | undefined;
  extension: string;
}): boolean {
  const { claimed, kind, imageFormat, extension } = params;
  if (!claimed) return false;
  if (claimed.kind !== kind) return true;
  if (kind === 'image' && imageFormat) return (IMAGE_FORMAT_ALIASES[extension] ?? extension) !== imageFormat;
  return false;
}

function extensionOf(filename: string): string {
  const extension = path.extname(filename.trim());
  return extension.length > 1 ? extension.slice(1).toLowerCase() : '';
}

async function readAt(params: { handle: FileHandle; position: number; length: number }): Promise<Buffer> {
  const buffer = Buffer.alloc(params.length);
  const { bytesRead } = await params.handle.read(buffer, 0, params.length, params.position);
  return buffer.subarray(0, bytesRead);
}

/** Text in any common encoding: no NUL bytes (unless UTF-16 with a BOM) and hardly any control characters. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (isUtf16Bom(head)) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    // tab, line feed, form feed, carriage return, escape and DOS end-of-file appear in real text files
    if (
      byte < 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0c &&
      byte !== 0x0d &&
      byte !== 0x1b &&
      byte !== 0x1a
    ) {
      control += 1;
    }
  }
  return control / head.length < 0.01;
}

function isUtf16Bom(head: Buffer): boolean {
  return (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
}

function decodeHead(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return head.subarray(2).toString('utf16le');
  if (head[0] === 0xfe && head[1] === 0xff) {
    const body = Buffer.from(head.subarray(2, 2 + ((head.length - 2) & ~1)));
    return body.swap16().toString('utf16le');
  }
  // latin1 keeps every byte as one character, enough to look for ASCII signatures
  return head.toString('latin1');
}

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

/** the length of the MPEG Layer III frame whose header starts at `at`, or null when none starts there */
function mp3FrameLength(bytes: Buffer, at: number): number | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1]! >> 3) & 3;
  const layer = (bytes[at + 1]! >> 1) & 3;
  const bitrate = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bytes[at + 2]! >> 4];
  const sampleRate = MP3_SAMPLE_RATES[version]?.[(bytes[at + 2]! >> 2) & 3];
  if (layer !== 1 || !bitrate || !sampleRate) return null;
  const padding = (bytes[at + 2]! >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding;
}

/**
 * MP3 audio after leading zero bytes (some encoders pad the start), which file-type does not look past: two Layer III
 * frames in a row, the second where the first one's header says it ends.
 */
function startsWithMp3Frames(head: Buffer): boolean {
  let start = 0;
  while (start < head.length && head[start] === 0) start += 1;
  if (start === 0) return false;
  const first = mp3FrameLength(head, start);
  return first !== null && mp3FrameLength(head, start + first) !== null;
}
