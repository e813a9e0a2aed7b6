/**
 * DWG drawings: text, MTEXT, multileader notes, dimension text and block attributes (title block) via libredwg
 * compiled to WebAssembly (@mlightcad/libredwg-web, loaded from node_modules, no network), plus the embedded thumbnail as the preview image.
 *
 * libredwg runs in a worker thread that is thrown away after each file: a malformed drawing can make the C code loop
 * or abort, and a WASM abort leaves the module unusable, so each file gets a fresh instance, a time limit and a
 * memory limit, and the worker process carries on whatever happens.
 *
 * When libredwg cannot read a file, a best-effort fallback keeps the document useful: the thumbnail is read straight
 * from the file header (it does not depend on the object data), and readable UTF-16/ASCII strings are scanned from
 * the raw bytes. That text is noisy and, for compressed R2004+ files, sparse; it is only used when libredwg fails.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  CorruptFileError,
  UnsupportedVersionError,
  type Extraction,
  type Extractor,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';
import {
  type AttributeCandidate,
  buildCadExtraction,
  cleanCadText,
  cleanMText,
  julianDayToIso,
} from './dxf.extractor.js';

export interface DwgExtractorOptions {
  /** wall-clock limit for libredwg on one file */
  timeoutMs: number;
  /** files larger than this skip libredwg (it holds the whole drawing in WASM memory) and use the fallback */
  maxLibreDwgBytes: number;
  /** JS heap for the worker that converts the drawing */
  workerHeapMb: number;
}

const DEFAULT_DWG_OPTIONS: DwgExtractorOptions = {
  timeoutMs: 120_000,
  maxLibreDwgBytes: 300 * 1024 * 1024,
  workerHeapMb: 2048,
};

function createDwgExtractor(options: Partial<DwgExtractorOptions> = {}): Extractor {
  const settings: DwgExtractorOptions = { ...DEFAULT_DWG_OPTIONS, ...options };
  return async (input) => extractDwgWith(input, settings);
}

export const extractDwg: Extractor = createDwgExtractor();

async function extractDwgWith(input: ExtractorInput, options: DwgExtractorOptions): Promise<Extraction> {
  const data = await readFile(input.path);
  const version = readDwgVersion(data);
  if (!version) throw new CorruptFileError('not a DWG drawing: no AutoCAD version signature');

  const attempt =
    data.length <= options.maxLibreDwgBytes
      ? await readWithLibreDwg({ filePath: input.path, options, signal: input.signal })
      : ({ status: 'failed', reason: 'file too large for libredwg' } as const);
  input.signal?.throwIfAborted();
  const parsed = attempt.status === 'ok' ? attempt.result : undefined;

  const thumbnail = parsed?.thumbnail ? toPreviewImage(parsed.thumbnail.type, parsed.thumbnail.data) : undefined;
  const previewImage = thumbnail ?? extractDwgPreview(data);

  const release = OLD_RELEASES[version];
  if (parsed) {
    const extraction = buildCadExtraction({
      texts: parsed.texts.map((text) => (text.kind === 'mtext' ? cleanMText(text.value) : cleanCadText(text.value))),
      attributes: parsed.attributes.map((attribute) => ({ ...attribute, value: cleanCadText(attribute.value) })),
      metadata: creationMetadata(parsed.created),
      ...(previewImage ? { previewImage } : {}),
    });
    return release
      ? {
          ...extraction,
          note: `DWG ${release} (${version}) is from before R13: the DWG reader reads such drawings only in part`,
        }
      : extraction;
  }

  const strings = extractReadableStrings(data);
  if (strings.length === 0 && !previewImage) {
    if (release) {
      throw new UnsupportedVersionError(
        `DWG ${release} (${version}) is older than the DWG reader supports (R13 and newer); its text cannot be read`,
      );
    }
    throw new CorruptFileError(`DWG drawing (${version}) cannot be read`);
  }
  const extraction = buildCadExtraction({
    texts: strings,
    attributes: [],
    metadata: {},
    ...(previewImage ? { previewImage } : {}),
  });
  return release
    ? {
        ...extraction,
        note: `DWG ${release} (${version}) is older than the DWG reader supports (R13 and newer); the words were read straight from the file and may be incomplete`,
      }
    : extraction;
}

/** TDCREATE arrives as a Julian day number or as libredwg's { days, ms } pair, depending on the version. */
function creationMetadata(created: unknown): Extraction['metadata'] {
  let julianDay: number | undefined;
  if (typeof created === 'number') julianDay = created;
  else if (created instanceof Date) return { createdAt: created.toISOString() };
  else if (typeof created === 'object' && created !== null) {
    const { days, ms, value } = created as { days?: unknown; ms?: unknown; value?: unknown };
    if (typeof value === 'number') julianDay = value;
    else if (typeof days === 'number' && typeof ms === 'number') julianDay = days + ms / 86_400_000;
  }
  const createdAt = julianDay === undefined ? undefined : julianDayToIso(julianDay);
  return createdAt ? { createdAt } : {};
}

/** `AC1015` (R2000), `AC1032` (R2018), `AC2.10` (R2.10) ...; undefined when the file does not start like a DWG. */
function readDwgVersion(data: Buffer): string | undefined {
  const signature = data.subarray(0, 6).toString('latin1').replace(/\0+$/, '');
  return /^AC\d{4}$/.test(signature) || /^MC0\.0$/.test(signature) || /^AC\d\.\d{1,2}$/.test(signature)
    ? signature
    : undefined;
}

/** the AutoCAD releases that wrote the DWG versions before R13, which libredwg does not read (or only in part) */
const OLD_RELEASES: Readonly<Record<string, string>> = {
  'AC1.2': 'R1.2',
  'AC1.40': 'R1.40',
  'AC1.50': 'R2.05',
  'AC2.10': 'R2.10',
  AC1001: 'R2.22',
  AC1002: 'R2.5',
  AC1003: 'R2.6',
  AC1004: 'R9',
  AC1006: 'R10',
  AC1009: 'R11/R12',
};

// ---------------------------------------------------------------------------------------------------------------
// libredwg in a worker

interface LibreDwgResult {
  texts: { kind: 'text' | 'mtext'; value: string }[];
  attributes: AttributeCandidate[];
  thumbnail?: { type: number; data: Uint8Array };
  /** header variable TDCREATE as libredwg hands it over (a Julian day, or { days, ms }) */
  created?: unknown;
}

type WorkerMessage = ({ ok: true } & LibreDwgResult) | { ok: false; error: string };

export type LibreDwgAttempt = { status: 'ok'; result: LibreDwgResult } | { status: 'failed'; reason: string };

/**
 * Runs in the worker (plain JavaScript: eval'd workers cannot load TypeScript). It returns only what we use, so a
 * huge converted drawing never has to be cloned back to the main thread.
 */
/**
 * A worker's start: libredwg loaded, the file read into `read` (a failure below the critical level is a warning),
 * then `body` (which posts one message), all inside one async function whose failure is posted too.
 */
export function libreDwgWorkerSource(body: string): string {
  return `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const CRITICAL_ERROR = 128; // libredwg: DWG_ERR_CRITICAL, errors below it are warnings
(async () => {
  const { LibreDwg } = await import(workerData.moduleUrl);
  const lib = await LibreDwg.create();
  lib.FS.writeFile('input.dwg', new Uint8Array(fs.readFileSync(workerData.filePath)));
  const read = lib.dwg_read_file('input.dwg');
  lib.FS.unlink('input.dwg');
  if (!read || !read.data || read.error >= CRITICAL_ERROR) {
    parentPort.postMessage({ ok: false, error: 'libredwg error code ' + (read ? read.error : 'none') });
    return;
  }
${body}
})().catch((error) => {
  parentPort.postMessage({ ok: false, error: String((error && error.message) || error) });
});
`;
}

const WORKER_SOURCE = libreDwgWorkerSource(`
  let thumbnail;
  try {
    const bmp = lib.dwg_bmp(read.data);
    if (bmp && bmp.data && bmp.data.length > 0) thumbnail = { type: bmp.type, data: Uint8Array.from(bmp.data) };
  } catch {}
  const db = lib.convert(read.data);
  try { lib.dwg_free(read.data); } catch {}
  const texts = [];
  const attributes = [];
  const str = (value) => (typeof value === 'string' ? value : '');
  const visit = (entities, blockName) => {
    const space = /^\\*(model|paper)_space/i.test(blockName);
    const paperSpace = /^\\*paper_space/i.test(blockName);
    for (const entity of entities || []) {
      if (!entity) continue;
      if (entity.type === 'TEXT' && str(entity.text)) texts.push({ kind: 'text', value: entity.text });
      else if (entity.type === 'MTEXT' && str(entity.text)) texts.push({ kind: 'mtext', value: entity.text });
      // a multileader's note ("EPDM ROOF CONSTRUCTION ...") is MTEXT inside it
      else if (entity.type === 'MULTILEADER' && str(entity.textContent)) texts.push({ kind: 'mtext', value: entity.textContent });
      // a dimension's text is drawn in its block; text typed over the measurement (<> stands for it) is kept here too
      else if (entity.type === 'DIMENSION' && str(entity.text).trim() && entity.text.trim() !== '<>') {
        const measured = typeof entity.measurement === 'number' ? String(Math.round(entity.measurement * 1000) / 1000) : '';
        texts.push({ kind: 'mtext', value: entity.text.replace('<>', measured) });
      }
      else if (entity.type === 'INSERT') {
        for (const attrib of entity.attribs || []) {
          const value = str(attrib && attrib.text && attrib.text.text) || str(attrib && attrib.mtext && attrib.mtext.text);
          if (attrib && str(attrib.tag)) {
            attributes.push({ tag: attrib.tag, value, blockName: str(entity.name), paperSpace: paperSpace || Boolean(entity.isInPaperSpace) });
          }
        }
      } else if (entity.type === 'ATTDEF' && !space && (entity.flags & 2) && str(entity.tag)) {
        const value = str(entity.text && entity.text.text);
        if (value) attributes.push({ tag: entity.tag, value, blockName, paperSpace: false, fallback: true });
      }
    }
  };
  const records = (db.tables && db.tables.BLOCK_RECORD && db.tables.BLOCK_RECORD.entries) || [];
  let entityCount = (db.entities || []).length;
  for (const record of records) entityCount += (record.entities || []).length;
  // libredwg reports damage below the critical level as warnings; a "successful" read without a single entity
  // means it did not understand the file, and the caller's fallback does better.
  if (entityCount === 0) {
    parentPort.postMessage({ ok: false, error: 'libredwg read no entities (error code ' + read.error + ')' });
    return;
  }
  if (records.length > 0) for (const record of records) visit(record.entities, str(record.name));
  else visit(db.entities, '*Model_Space');
  const created = db.header ? db.header.TDCREATE : undefined;
  parentPort.postMessage({ ok: true, texts, attributes, thumbnail, created: typeof created === 'object' && created !== null && !(created instanceof Date) ? { ...created } : created });
`);

let libreDwgModuleUrl: string | undefined;

/**
 * The ESM entry of @mlightcad/libredwg-web as a file URL. Its "exports" map allows only the bare specifier, and
 * require.resolve gives the CommonJS build (which cannot load the top-level-await WASM glue), so we read the
 * "import" target from the package's own package.json next to it.
 */
async function resolveLibreDwgModule(): Promise<string> {
  if (libreDwgModuleUrl) return libreDwgModuleUrl;
  const require = createRequire(import.meta.url);
  const cjsEntry = require.resolve('@mlightcad/libredwg-web');
  let dir = path.dirname(cjsEntry);
  for (let depth = 0; depth < 4; depth += 1, dir = path.dirname(dir)) {
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (!manifest) continue;
    const parsed = JSON.parse(manifest) as { name?: string; module?: string; exports?: { import?: string } };
    if (parsed.name !== '@mlightcad/libredwg-web') continue;
    const entry = parsed.exports?.import ?? parsed.module;
    if (!entry) break;
    libreDwgModuleUrl = pathToFileURL(path.join(dir, entry)).href;
    return libreDwgModuleUrl;
  }
  throw new Error('cannot locate the ESM build of @mlightcad/libredwg-web');
}

/**
 * Reads a drawing with libredwg in a throw-away worker. Never throws for a bad drawing: the outcome says whether
 * libredwg read it and, if not, why (its error code, a time-out, a crashed worker), for the fallback and for logs.
 * Only an abort from the caller rejects.
 */
export async function readWithLibreDwg(input: {
  filePath: string;
  options?: Partial<DwgExtractorOptions>;
  signal?: AbortSignal | undefined;
}): Promise<LibreDwgAttempt> {
  const outcome = await runLibreDwgWorker<WorkerMessage>({ ...input, source: WORKER_SOURCE });
  if (outcome.status === 'failed') return outcome;
  const message = outcome.message;
  return message.ok
    ? {
        status: 'ok',
        result: {
          texts: message.texts,
          attributes: message.attributes,
          created: message.created,
          ...thumbnailOf(message),
        },
      }
    : { status: 'failed', reason: message.error };
}

/**
 * Runs `source` (plain JavaScript given `workerData.moduleUrl` and `workerData.filePath`, posting one message) in a
 * throw-away worker with the time and memory limits. Never throws for a bad drawing: a time-out, a crash or an exit
 * without a message is a failure with its reason. Only an abort from the caller rejects.
 */
export async function runLibreDwgWorker<M>(input: {
  source: string;
  filePath: string;
  options?: Partial<DwgExtractorOptions>;
  signal?: AbortSignal | undefined;
}): Promise<{ status: 'ok'; message: M } | { status: 'failed'; reason: string }> {
  const options: DwgExtractorOptions = { ...DEFAULT_DWG_OPTIONS, ...input.options };
  let moduleUrl: string;
  try {
    moduleUrl = await resolveLibreDwgModule();
  } catch (error) {
    return { status: 'failed', reason: `libredwg unavailable: ${String(error)}` };
  }
  input.signal?.throwIfAborted();

  const worker = new Worker(input.source, {
    eval: true,
    workerData: { moduleUrl, filePath: path.resolve(input.filePath) },
    resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb },
    // libredwg reports every oddity on stderr; the outcome reaches us as a message.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();

  type Outcome = { status: 'ok'; message: M } | { status: 'failed'; reason: string };
  return new Promise<Outcome>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: Outcome | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onAbort = (): void => {
      const reason: unknown = input.signal?.reason;
      finish(reason instanceof Error ? reason : new DOMException('extraction aborted', 'AbortError'));
    };
    const timer = setTimeout(
      () => finish({ status: 'failed', reason: `timed out after ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    input.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: M) => finish({ status: 'ok', message }));
    // A crash, an out-of-memory kill or an exit without a message all mean "libredwg could not read it".
    worker.on('error', (error) => finish({ status: 'failed', reason: `worker crashed: ${error.message}` }));
    worker.on('exit', (code) => finish({ status: 'failed', reason: `worker exited with code ${code}` }));
  });
}

function thumbnailOf(message: LibreDwgResult): Pick<LibreDwgResult, 'thumbnail'> {
  return message.thumbnail ? { thumbnail: message.thumbnail } : {};
}

// ---------------------------------------------------------------------------------------------------------------
// Best-effort fallback: preview from the header, strings from the bytes

const PREVIEW_SENTINEL = Buffer.from([
  0x1f, 0x25, 0x6d, 0x07, 0xd4, 0x36, 0x28, 0x28, 0x9d, 0x57, 0xca, 0x3f, 0x9d, 0x44, 0x10, 0x2b,
]);
const PREVIEW_SEEKER_OFFSET = 0x0d;
const PREVIEW_TYPE = { bmp: 2, wmf: 3, png: 6 } as const;

/**
 * The thumbnail from the preview section (R13 on): the header's image seeker (offset 0x0D) points at a sentinel,
 * followed by the overall size, the number of images, and per image a type code (1 header, 2 BMP, 3 WMF, 6 PNG),
 * absolute start and size. If the seeker is off we look for the sentinel itself.
 */
export function extractDwgPreview(data: Buffer): Extraction['previewImage'] {
  const candidates: number[] = [];
  if (data.length >= PREVIEW_SEEKER_OFFSET + 4) candidates.push(data.readUInt32LE(PREVIEW_SEEKER_OFFSET));
  const found = data.indexOf(PREVIEW_SENTINEL);
  if (found !== -1) candidates.push(found);

  for (const start of candidates) {
    if (start + 21 > data.length || !data.subarray(start, start + 16).equals(PREVIEW_SENTINEL)) continue;
    const count = data.readUInt8(start + 20);
    const images = new Map<number, { offset: number; size: number }>();
    for (let i = 0; i < count; i += 1) {
      const at = start + 21 + i * 9;
      if (at + 9 > data.length) break;
      const type = data.readUInt8(at);
      const offset = data.readUInt32LE(at + 1);
      const size = data.readUInt32LE(at + 5);
      if (size > 0 && offset + size <= data.length && !images.has(type)) images.set(type, { offset, size });
    }
    for (const type of [PREVIEW_TYPE.png, PREVIEW_TYPE.bmp, PREVIEW_TYPE.wmf]) {
      const image = images.get(type);
      if (!image) continue;
      const preview = toPreviewImage(type, data.subarray(image.offset, image.offset + image.size));
      if (preview) return preview;
    }
  }
  return undefined;
}

function toPreviewImage(type: number, bytes: Uint8Array): Extraction['previewImage'] {
  const data = Buffer.from(bytes);
  if (type === PREVIEW_TYPE.png) return { mime: 'image/png', data };
  if (type === PREVIEW_TYPE.wmf) return { mime: 'image/wmf', data };
  if (type === PREVIEW_TYPE.bmp) {
    const bmp = dibToBmp(data);
    return bmp ? { mime: 'image/bmp', data: bmp } : undefined;
  }
  return undefined;
}

/** DWG stores a bare DIB (BITMAPINFOHEADER + palette + pixels); a .bmp file needs the 14-byte file header in front. */
export function dibToBmp(dib: Buffer): Buffer | undefined {
  if (dib.length < 40) return undefined;
  const headerSize = dib.readUInt32LE(0);
  if (headerSize < 40 || headerSize > dib.length) return undefined;
  const bitCount = dib.readUInt16LE(14);
  const colorsUsed = dib.readUInt32LE(32);
  const paletteEntries = colorsUsed > 0 ? colorsUsed : bitCount <= 8 ? 1 << bitCount : 0;
  const fileHeader = Buffer.alloc(14);
  fileHeader.write('BM', 0, 'latin1');
  fileHeader.writeUInt32LE(14 + dib.length, 2);
  fileHeader.writeUInt32LE(14 + headerSize + paletteEntries * 4, 10);
  return Buffer.concat([fileHeader, dib]);
}

const MIN_STRING_LENGTH = 4;
const MAX_STRINGS = 5_000;
/** Text tables sit early in R2000 files; scanning a whole 300 MB drawing byte by byte would cost seconds for noise. */
const MAX_SCAN_BYTES = 64 * 1024 * 1024;
/** AutoCAD's own class, dictionary and style names: present in every drawing, never what a user searches for. */
const CAD_INTERNAL = /^(?:Ac[A-Z]|ACAD|ACDB|AcDb|ObjectDBX|Standard$|ByLayer$|ByBlock$|Continuous$|\*)/i;

/**
 * Readable runs of UTF-16LE (R2007+ strings) and of single-byte text, kept only when they look like words: mostly
 * letters, digits and spaces, with at least three letters.
 */
function extractReadableStrings(file: Buffer): string[] {
  const data = file.subarray(0, MAX_SCAN_BYTES);
  const found = new Set<string>();
  const keep = (candidate: string): void => {
    const text = candidate.replace(/\s+/g, ' ').trim();
    if (text.length < MIN_STRING_LENGTH || found.size >= MAX_STRINGS) return;
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    const wordish = text.match(/[\p{L}\p{N} ]/gu)?.length ?? 0;
    if (letters < 3 || wordish / text.length < 0.8 || CAD_INTERNAL.test(text)) return;
    if (/^(.)\1+$/u.test(text)) return;
    found.add(text);
  };

  // UTF-16LE, both byte alignments.
  for (const start of [0, 1]) {
    let run = '';
    for (let i = start; i + 1 < data.length; i += 2) {
      const code = data.readUInt16LE(i);
      if (isReadableCode(code)) run += String.fromCharCode(code);
      else {
        if (run.length >= MIN_STRING_LENGTH) keep(run);
        run = '';
      }
    }
    if (run.length >= MIN_STRING_LENGTH) keep(run);
  }

  // Single-byte (Windows-1252 for the Latin-1 range).
  let run = '';
  for (const byte of data) {
    if (isReadableCode(byte)) run += String.fromCharCode(byte);
    else {
      if (run.length >= MIN_STRING_LENGTH + 2) keep(run);
      run = '';
    }
  }
  if (run.length >= MIN_STRING_LENGTH + 2) keep(run);
  return [...found];
}

function isReadableCode(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7);
}
