/**
 * Zip handling for uploaded archives and for the zip-based Office formats.
 *
 * `unpackZip` unpacks one level of an uploaded archive into a directory, guarding against zip bombs, path traversal,
 * symlinks and the usual desktop litter. `readZipEntries` reads a few named parts of an Office file (docx, pptx, xlsx)
 * into memory with the same size guards.
 *
 * Choice for unsafe entries: an entry whose name would escape the destination (`../x`, `/etc/x`, `C:\x`), a symlink,
 * an encrypted or undecodable entry is skipped and listed in `skipped`, and the rest of the archive is unpacked, so one
 * bad name does not cost the user the other 500 drawings. A zip bomb (limits below, or entries that share compressed
 * data) aborts the whole unpack and removes every file already written, because nothing in a hostile archive is worth
 * keeping half-unpacked.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { CorruptFileError } from '../../domain/pipeline/extraction.types.js';

export interface UnzipLimits {
  /** more central-directory entries than this aborts before anything is written */
  maxEntries: number;
  /** actual uncompressed bytes over all entries */
  maxTotalBytes: number;
  /** uncompressed:compressed ratio allowed for one entry once it reaches `ratioThresholdBytes` */
  maxRatio: number;
  ratioThresholdBytes: number;
}

const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 10 * 1024 ** 3,
  maxRatio: 200,
  // Small, so no entry size slips past the ratio check: below it an entry writes at most 64 KiB, whatever its ratio.
  ratioThresholdBytes: 64 * 1024,
};

export interface UnpackedEntry {
  /** decoded, NFC-normalized, '/'-separated path relative to destDir */
  path: string;
  /** bytes actually written */
  size: number;
  /** absolute path of the written file */
  filePath: string;
}

export type SkipReason =
  | 'unsafe_path'
  | 'symlink'
  | 'system_file'
  | 'encrypted'
  | 'unsupported_compression'
  | 'corrupt_entry'
  | 'duplicate'
  | 'write_failed';

export interface SkippedEntry {
  /** the decoded name as it appears in the archive (may be unsafe; for display only) */
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface UnpackResult {
  entries: UnpackedEntry[];
  skipped: SkippedEntry[];
}

export type ZipBombReason = 'too_many_entries' | 'too_large' | 'compression_ratio' | 'overlapping_entries';

/** The archive exceeds the unpack limits; nothing from it is kept. */
export class ZipBombError extends Error {
  override readonly name = 'ZipBombError';
  readonly reason: ZipBombReason;
  constructor(reason: ZipBombReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** An entry name that would land outside the destination directory or cannot be a file name at all. */
export class UnsafeZipEntryError extends Error {
  override readonly name = 'UnsafeZipEntryError';
  readonly entryPath: string;
  constructor(entryPath: string, message: string) {
    super(message);
    this.entryPath = entryPath;
  }
}

const UTF8_FLAG = 0x800;
const INFO_ZIP_UNICODE_PATH = 0x7075;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MSDOS_DIRECTORY_ATTRIBUTE = 0x10;
/** the fixed part of a local file header, before its name and extra field */
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;
const SYSTEM_FILE_NAMES = new Set(['.ds_store', 'thumbs.db']);

export async function unpackZip(input: {
  zipPath: string;
  destDir: string;
  limits?: Partial<UnzipLimits>;
  signal?: AbortSignal;
}): Promise<UnpackResult> {
  const limits: UnzipLimits = { ...DEFAULT_UNZIP_LIMITS, ...input.limits };
  const destDir = path.resolve(input.destDir);
  const zip = await openZip(input.zipPath, { decodeStrings: false });
  const result: UnpackResult = { entries: [], skipped: [] };
  let totalBytes = 0;

  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ZipBombError(
        'too_many_entries',
        `archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}`,
      );
    }
    const entries = await readCentralDirectory(zip);
    assertNoOverlappingEntries(entries);
    await mkdir(destDir, { recursive: true });

    for (const entry of entries) {
      input.signal?.throwIfAborted();
      const name = decodeZipEntryName({
        raw: entry.fileNameRaw,
        generalPurposeBitFlag: entry.generalPurposeBitFlag,
        extraFields: entry.extraFields,
      });
      const skip = (reason: SkipReason, detail?: string): void => {
        result.skipped.push(detail === undefined ? { path: name, reason } : { path: name, reason, detail });
      };

      if (isDirectoryEntry(entry, name)) continue;

      let relativePath: string;
      try {
        relativePath = normalizeZipEntryPath(name);
      } catch (error) {
        if (error instanceof UnsafeZipEntryError) {
          skip('unsafe_path', error.message);
          continue;
        }
        throw error;
      }
      if (isSymlink(entry)) {
        skip('symlink');
        continue;
      }
      if (isSystemFile(relativePath)) {
        skip('system_file');
        continue;
      }
      if (entry.isEncrypted()) {
        skip('encrypted');
        continue;
      }
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        skip('unsupported_compression', `compression method ${entry.compressionMethod}`);
        continue;
      }
      // The declared sizes are checked up front so an honest bomb is refused before a byte is written; the
      // streaming counter below still enforces the same limits on the bytes that actually come out.
      assertWithinLimits({
        limits,
        bytes: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        totalBefore: totalBytes,
      });

      const filePath = path.join(destDir, ...relativePath.split('/'));
      if (!isInside(destDir, filePath)) {
        skip('unsafe_path', 'resolves outside the destination');
        continue;
      }

      const written = await writeEntry({
        zip,
        entry,
        filePath,
        limits,
        totalBefore: totalBytes,
        signal: input.signal,
      });
      if (written.ok) {
        totalBytes += written.size;
        result.entries.push({ path: relativePath, size: written.size, filePath });
      } else {
        skip(written.reason, written.detail);
      }
    }
    return result;
  } catch (error) {
    await removeWritten(destDir, result.entries);
    if (error instanceof ZipBombError || error instanceof CorruptFileError || isAbortError(error)) throw error;
    throw new CorruptFileError(`zip archive cannot be read: ${errorMessage(error)}`, { cause: error });
  } finally {
    zip.close();
  }
}

/**
 * Reads the entries whose names `wanted` accepts into memory (for the XML parts of Office files). Names are decoded
 * by yauzl (Office writes UTF-8/ASCII part names). A part larger than `maxEntryBytes` means the file is not a
 * document we should hold in memory: CorruptFileError.
 */
export async function readZipEntries(input: {
  zipPath: string;
  wanted: (name: string) => boolean;
  maxEntryBytes?: number;
  maxTotalBytes?: number;
}): Promise<Map<string, Buffer>> {
  const maxEntryBytes = input.maxEntryBytes ?? 256 * 1024 ** 2;
  const maxTotalBytes = input.maxTotalBytes ?? 512 * 1024 ** 2;
  const zip = await openZip(input.zipPath, { decodeStrings: true });
  const parts = new Map<string, Buffer>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !input.wanted(entry.fileName)) continue;
      if (entry.uncompressedSize > maxEntryBytes || total + entry.uncompressedSize > maxTotalBytes) {
        throw new CorruptFileError(`zip part ${entry.fileName} is too large (${entry.uncompressedSize} bytes)`);
      }
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxEntryBytes) {
          stream.destroy();
          throw new CorruptFileError(`zip part ${entry.fileName} is too large`);
        }
        chunks.push(chunk);
      }
      total += size;
      parts.set(entry.fileName, Buffer.concat(chunks));
    }
    return parts;
  } catch (error) {
    if (error instanceof CorruptFileError) throw error;
    throw new CorruptFileError(`zip archive cannot be read: ${errorMessage(error)}`, { cause: error });
  } finally {
    zip.close();
  }
}

/**
 * A package's parts by name, in any order: the central directory is read once, and any part can then be read whole or
 * streamed (a worksheet of a million rows is never held in memory). Office writers put parts in any order; readers
 * that take them as they come (a worksheet before the shared strings it refers to) lose text.
 */
export interface ZipParts {
  /** every part's name, as stored */
  readonly names: readonly string[];
  /** the stored name of a part, matched without regard to case (some writers capitalise `SharedStrings.xml`) */
  find(name: string): string | undefined;
  read(name: string): Promise<Buffer | undefined>;
  stream(name: string): Promise<Readable | undefined>;
  close(): void;
}

export async function openZipParts(input: { zipPath: string; maxEntryBytes?: number }): Promise<ZipParts> {
  const maxEntryBytes = input.maxEntryBytes ?? 256 * 1024 ** 2;
  const zip = await openZip(input.zipPath, { decodeStrings: true });
  const entries = new Map<string, yauzl.Entry>();
  const byLowerCase = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      entries.set(entry.fileName, entry);
      byLowerCase.set(entry.fileName.toLowerCase(), entry.fileName);
    }
  } catch (error) {
    zip.close();
    throw new CorruptFileError(`zip archive cannot be read: ${errorMessage(error)}`, { cause: error });
  }
  const stream = async (name: string): Promise<Readable | undefined> => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    if (entry.uncompressedSize > maxEntryBytes) {
      throw new CorruptFileError(`zip part ${name} is too large (${entry.uncompressedSize} bytes)`);
    }
    try {
      return await zip.openReadStreamPromise(entry);
    } catch (error) {
      throw new CorruptFileError(`zip part ${name} cannot be read: ${errorMessage(error)}`, { cause: error });
    }
  };
  return {
    names: [...entries.keys()],
    find: (name) => (entries.has(name) ? name : byLowerCase.get(name.toLowerCase())),
    stream,
    async read(name) {
      const source = await stream(name);
      if (!source) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) chunks.push(chunk);
      } catch (error) {
        throw new CorruptFileError(`zip part ${name} cannot be read: ${errorMessage(error)}`, { cause: error });
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/**
 * The entry name as the user meant it. Order of trust: the Info-ZIP Unicode Path extra field (when its CRC matches
 * the raw name, as the spec requires), the UTF-8 flag, bytes that happen to be valid UTF-8 (many tools write UTF-8
 * without setting the flag), and finally the DOS code pages: Windows' built-in zip writes names in the OEM code page,
 * which for Norwegian users is CP850/CP865, where 0x9B is `ø`, not CP437's `¢`.
 */
function decodeZipEntryName(input: {
  raw: Buffer;
  generalPurposeBitFlag: number;
  extraFields: readonly { id: number; data: Buffer }[];
}): string {
  const unicodePath = input.extraFields.find((field) => field.id === INFO_ZIP_UNICODE_PATH);
  if (unicodePath && unicodePath.data.length >= 5 && unicodePath.data.readUInt8(0) === 1) {
    if (unicodePath.data.readUInt32LE(1) === crc32(input.raw)) {
      return unicodePath.data.subarray(5).toString('utf8').normalize('NFC');
    }
  }
  if ((input.generalPurposeBitFlag & UTF8_FLAG) !== 0) return input.raw.toString('utf8').normalize('NFC');
  const utf8 = decodeStrictUtf8(input.raw);
  if (utf8 !== undefined) return utf8.normalize('NFC');
  return decodeDosName(input.raw).normalize('NFC');
}

/**
 * Turns an archive name into a safe relative '/'-separated path, or throws UnsafeZipEntryError. Backslashes are
 * treated as separators (Windows tools write them), `.` and empty segments vanish, `..` is resolved, and anything
 * absolute, drive-lettered or climbing above the root is refused.
 */
export function normalizeZipEntryPath(name: string): string {
  // Control characters cannot be part of a name we are willing to write (NUL would even truncate it in C land).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) throw new UnsafeZipEntryError(name, 'name contains control characters');
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/')) throw new UnsafeZipEntryError(name, 'absolute path');
  if (/^[a-zA-Z]:/.test(slashed)) throw new UnsafeZipEntryError(name, 'drive letter path');
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw new UnsafeZipEntryError(name, 'path escapes the archive root');
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  if (segments.length === 0) throw new UnsafeZipEntryError(name, 'empty path');
  return segments.join('/');
}

function decodeStrictUtf8(raw: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return undefined;
  }
}

// CP865 first: it is CP437 with ø/Ø/¤ where CP437 has ¢/¥/», which is what Norwegian DOS-codepage zips mean.
// CP850 wins when it turns more bytes into letters (it has accented capitals where CP437/865 have box drawing).
const DOS_CODE_PAGES = ['cp865', 'cp850', 'cp437'] as const;

function decodeDosName(raw: Buffer): string {
  let best = { text: iconv.decode(raw, DOS_CODE_PAGES[0]), oddities: Number.POSITIVE_INFINITY };
  for (const codePage of DOS_CODE_PAGES) {
    const text = iconv.decode(raw, codePage);
    const oddities = countImplausibleNameCharacters(text);
    if (oddities < best.oddities) best = { text, oddities };
  }
  return best.text;
}

function countImplausibleNameCharacters(text: string): number {
  let count = 0;
  for (const char of text) {
    if (/[\p{L}\p{N}\s\-_.,()[\]{}&+'!#$%@~=;^`/\\]/u.test(char)) continue;
    count += 1;
  }
  return count;
}

function isDirectoryEntry(entry: yauzl.Entry, name: string): boolean {
  if (name.endsWith('/') || name.endsWith('\\')) return true;
  const dosAttributes = entry.externalFileAttributes & 0xff;
  return (dosAttributes & MSDOS_DIRECTORY_ATTRIBUTE) !== 0 && entry.uncompressedSize === 0;
}

function isSymlink(entry: yauzl.Entry): boolean {
  const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff;
  return (unixMode & S_IFMT) === S_IFLNK;
}

function isSystemFile(relativePath: string): boolean {
  const segments = relativePath.split('/');
  if (segments.includes('__MACOSX')) return true;
  const base = segments[segments.length - 1] ?? '';
  return SYSTEM_FILE_NAMES.has(base.toLowerCase());
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function readCentralDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  for await (const entry of zip.eachEntry()) entries.push(entry);
  return entries;
}

/**
 * Refuses an archive whose entries share compressed bytes. yauzl accepts any number of central-directory entries
 * pointing into the same data, and each passes the ratio check on its own: 300 such entries in a 17 KB file unpacked
 * to 315 MB. An entry occupies at least its local header's fixed part and its compressed size from its offset; those
 * spans never meet in an honest archive, whatever its names and extra fields, so refusing when they do costs no
 * real upload. Sorted by offset, spans that are apart from their neighbours are apart from all.
 */
function assertNoOverlappingEntries(entries: readonly yauzl.Entry[]): void {
  const spans = entries
    .map((entry) => ({
      start: entry.relativeOffsetOfLocalHeader,
      end: entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + entry.compressedSize,
    }))
    .sort((a, b) => a.start - b.start);
  let previous: { start: number; end: number } | undefined;
  for (const span of spans) {
    if (previous && span.start < previous.end) {
      throw new ZipBombError(
        'overlapping_entries',
        `archive entries overlap: the entries at bytes ${previous.start} and ${span.start} share compressed data`,
      );
    }
    previous = span;
  }
}

function assertWithinLimits(input: {
  limits: UnzipLimits;
  bytes: number;
  compressedSize: number;
  totalBefore: number;
}): void {
  const { limits, bytes } = input;
  if (input.totalBefore + bytes > limits.maxTotalBytes) {
    throw new ZipBombError('too_large', `archive unpacks to more than ${limits.maxTotalBytes} bytes`);
  }
  if (bytes >= limits.ratioThresholdBytes && bytes / Math.max(input.compressedSize, 1) > limits.maxRatio) {
    throw new ZipBombError(
      'compression_ratio',
      `an entry expands more than ${limits.maxRatio}:1 (${bytes} bytes from ${input.compressedSize})`,
    );
  }
}

type WriteOutcome = { ok: true; size: number } | { ok: false; reason: SkipReason; detail: string };

async function writeEntry(input: {
  zip: yauzl.ZipFile;
  entry: yauzl.Entry;
  filePath: string;
  limits: UnzipLimits;
  totalBefore: number;
  signal: AbortSignal | undefined;
}): Promise<WriteOutcome> {
  const { entry, limits } = input;
  try {
    await mkdir(path.dirname(input.filePath), { recursive: true });
  } catch (error) {
    return { ok: false, reason: 'write_failed', detail: errorMessage(error) };
  }

  let source: Readable;
  try {
    source = await input.zip.openReadStreamPromise(entry);
  } catch (error) {
    return { ok: false, reason: 'corrupt_entry', detail: errorMessage(error) };
  }

  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
      size += chunk.length;
      try {
        assertWithinLimits({
          limits,
          bytes: size,
          compressedSize: entry.compressedSize,
          totalBefore: input.totalBefore,
        });
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(null, chunk);
    },
  });
  // 'wx' refuses to overwrite: a second entry with the same name must not silently replace the first.
  const sink = createWriteStream(input.filePath, { flags: 'wx' });
  try {
    await pipeline(source, counter, sink, input.signal ? { signal: input.signal } : {});
    return { ok: true, size };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') await rm(input.filePath, { force: true });
    if (error instanceof ZipBombError || isAbortError(error)) throw error;
    if (code === 'EEXIST') return { ok: false, reason: 'duplicate', detail: 'an earlier entry has the same path' };
    if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENAMETOOLONG' || code === 'EACCES') {
      return { ok: false, reason: 'write_failed', detail: errorMessage(error) };
    }
    return { ok: false, reason: 'corrupt_entry', detail: errorMessage(error) };
  }
}

async function removeWritten(destDir: string, entries: readonly UnpackedEntry[]): Promise<void> {
  const directories = new Set<string>();
  for (const entry of entries) {
    await rm(entry.filePath, { force: true });
    for (let dir = path.dirname(entry.filePath); isInside(destDir, dir); dir = path.dirname(dir)) directories.add(dir);
  }
  // Deepest first; a directory that still holds something that is not ours stays.
  const deepestFirst = [...directories].sort((a, b) => b.length - a.length);
  for (const dir of deepestFirst) await rmdir(dir).catch(() => undefined);
}

async function openZip(zipPath: string, options: { decodeStrings: boolean }): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: options.decodeStrings,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (error) {
    throw new CorruptFileError(`not a readable zip archive: ${errorMessage(error)}`, { cause: error });
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
