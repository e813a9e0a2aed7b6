import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readFile, realpath, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A backup folder:
 *
 *   manifest.json                  written last: a folder without it is an unfinished backup
 *   manifest.sig                   with BYGGDOK_BACKUP_KEY: `hmac-sha256:<hex>` of manifest.json's exact bytes
 *   tables/<table>.jsonl.gz        one JSON array per row, the columns' text forms (null for NULL), in primary-key order
 *   blobs.jsonl.gz                 one line per blob key: { key, sha256, size } or { key, missing: true }
 *   blobs/<aa>/<sha256>            each distinct blob content once, named by its SHA-256
 *
 * Every file is listed with its size and SHA-256 (the blob index by the manifest, each blob by the index), so
 * `verifyBackup` can tell a damaged or altered file by name.
 */
export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';
export const BLOB_INDEX_FILE = 'blobs.jsonl.gz';
export const BACKUP_FORMAT = 'byggdok-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  byggdokVersion: string;
  source: { engine: 'pglite' | 'postgres'; serverVersion: string; blobStore: string };
  /** the migrations the source had applied, in order; a restore migrates the target to the last of them first */
  migrations: string[];
  /** parents before children: the order a restore inserts them in */
  tables: BackupTable[];
  blobs: {
    index: BackupFile;
    /** the `<table>.<column>` columns whose values are blob keys */
    keyColumns: string[];
    /** distinct keys referenced by the database */
    keys: number;
    /** distinct contents stored (identical files are stored once) */
    files: number;
    bytes: number;
    /** keys the database names but the store does not have (an upload never finished, for one) */
    missing: number;
  };
  /** work that was under way: a restore enqueues it again (queue tables are not copied) */
  inFlight: { documentsToProcess: number; reportsPending: number; webhookDeliveriesPending?: number };
}

export interface BackupFile {
  file: string;
  bytes: number;
  sha256: string;
}

export interface BackupTable extends BackupFile {
  name: string;
  /** the copied columns (generated columns are left out), in the order of each row's values */
  columns: { name: string; type: string }[];
  rows: number;
}

export interface BlobIndexEntry {
  key: string;
  sha256?: string;
  size?: number;
  missing?: true;
}

export function blobFileOf(sha256: string): string {
  return `blobs/${sha256.slice(0, 2)}/${sha256}`;
}

export function tableFileOf(table: string): string {
  return `tables/${encodeURIComponent(table)}.jsonl.gz`;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Whether a manifest entry names the file a backup writes there (`expected`: {@link tableFileOf} the table, or
 * {@link BLOB_INDEX_FILE}); answers what is wrong, or null. A crafted manifest could otherwise name any path, such as
 * `../../dev/zero`, and restore would read it.
 */
export function namedFileProblem(entry: BackupFile, expected: string): string | null {
  if (entry.file === expected) return null;
  return `names ${JSON.stringify(entry.file)} where a backup has ${expected}`;
}

/**
 * Whether a blob index entry is one the backup writes: a key the store lacked, or a SHA-256 (64 lowercase hex digits,
 * the name of its file under blobs/) and a size. Answers what is wrong, or null. A crafted index could otherwise name
 * any path as a blob's SHA-256 (`../../../etc/passwd`), and restore would copy it into the store.
 */
export function blobEntryProblem(entry: BlobIndexEntry): string | null {
  if (entry.missing === true) return null;
  if (typeof entry.sha256 !== 'string' || !SHA256_HEX.test(entry.sha256)) {
    return `names ${JSON.stringify(entry.sha256 ?? null)} as the SHA-256 of blob key ${JSON.stringify(entry.key)}`;
  }
  if (typeof entry.size !== 'number' || !Number.isSafeInteger(entry.size) || entry.size < 0) {
    return `names ${JSON.stringify(entry.size ?? null)} as the size of blob key ${JSON.stringify(entry.key)}`;
  }
  return null;
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * Whether a file of the backup folder `dir` (relative to it) is safe to read: inside the folder, also once symbolic
 * links on the way are followed, and a regular file itself, neither a link nor a device such as /dev/zero, whose bytes
 * never end. Answers what is wrong, or null. Nothing of the backup is read before its files pass this.
 */
export async function backupFileProblem(dir: string, file: string): Promise<string | null> {
  const root = path.resolve(dir);
  const full = path.resolve(root, file);
  if (!isInside(root, full)) return 'outside the backup folder';
  let stats;
  try {
    stats = await lstat(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    return (error as Error).message;
  }
  if (stats.isSymbolicLink()) return 'a symbolic link, not a file of the backup';
  if (!stats.isFile()) return 'not a regular file';
  // a folder on the way (blobs/<aa>) may be a link to somewhere else
  if (!isInside(await realpath(root), await realpath(full))) return 'outside the backup folder';
  return null;
}

export class BackupFormatError extends Error {
  override readonly name: string = 'BackupFormatError';
}

/**
 * What became of a backup's signature: checked and matching the key (`valid`), or not checked because no key is set
 * (`not checked`: the folder has a signature; `unsigned`: it has none). A key that is set and not matched is an error.
 */
export type SignatureState = 'valid' | 'not checked' | 'unsigned';

/** The manifest is altered, unsigned or signed with another key than BYGGDOK_BACKUP_KEY. */
export class BackupSignatureError extends BackupFormatError {
  override readonly name = 'BackupSignatureError';
  constructor(
    /** the file at fault: the signature (missing, not a file) or the manifest (not matching it) */
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}

const SIGNATURE_PREFIX = 'hmac-sha256:';

/** the signature file's text for a manifest's exact bytes */
export function manifestSignature(manifestText: string | Buffer, key: string): string {
  return `${SIGNATURE_PREFIX}${createHmac('sha256', key).update(manifestText).digest('hex')}\n`;
}

/**
 * Checks manifest.json's bytes against manifest.sig under `key`. Every file of a backup is listed in the manifest
 * with its SHA-256 (each blob by the index, which the manifest lists), so a matching signature covers the whole
 * backup: whoever can write the folder but holds no key can change nothing a restore reads.
 */
async function checkSignature(dir: string, manifestText: Buffer, key: string | null): Promise<SignatureState> {
  const unsafe = await backupFileProblem(dir, SIGNATURE_FILE);
  if (unsafe === 'missing') {
    if (key === null) return 'unsigned';
    throw new BackupSignatureError(
      SIGNATURE_FILE,
      `missing; BYGGDOK_BACKUP_KEY is set, so only a backup signed with it is read (a backup taken without the key: check it another way, then run this without the key)`,
    );
  }
  if (unsafe) throw new BackupSignatureError(SIGNATURE_FILE, unsafe);
  if (key === null) return 'not checked';
  const stored = Buffer.from((await readFile(path.join(dir, SIGNATURE_FILE), 'utf8')).trim());
  const expected = Buffer.from(manifestSignature(manifestText, key).trim());
  if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) {
    throw new BackupSignatureError(
      MANIFEST_FILE,
      `does not match its signature under BYGGDOK_BACKUP_KEY: changed after the backup was taken, or signed with another key`,
    );
  }
  return 'valid';
}

/**
 * The manifest of the backup in `dir`, once its signature is checked when `signingKey` is given (a signature that
 * does not match, or none: BackupSignatureError, before anything of the backup is used).
 */
export async function readManifest(
  dir: string,
  options: { signingKey?: string | null } = {},
): Promise<BackupManifest & { signature: SignatureState }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(dir, MANIFEST_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupFormatError(`${dir} holds no ${MANIFEST_FILE}: not a backup, or one that never finished`);
    }
    throw error;
  }
  const signature = await checkSignature(dir, bytes, options.signingKey ?? null);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupFormatError(`${MANIFEST_FILE} is not valid JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupFormatError(`${MANIFEST_FILE} is not a byggdok backup`);
  const version: unknown = manifest.formatVersion;
  if (version !== BACKUP_FORMAT_VERSION) {
    throw new BackupFormatError(
      `backup format ${String(version)} is not supported by this version (it reads ${String(BACKUP_FORMAT_VERSION)})`,
    );
  }
  return { ...manifest, signature };
}

/**
 * Atomic: a crash leaves the previous state (no manifest), never half a manifest. With a key, the signature is written
 * first, so a manifest is never there without it.
 */
export async function writeManifest(dir: string, manifest: BackupManifest, signingKey: string | null): Promise<void> {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (signingKey !== null) await writeAtomically(dir, SIGNATURE_FILE, manifestSignature(text, signingKey));
  await writeAtomically(dir, MANIFEST_FILE, text);
}

async function writeAtomically(dir: string, file: string, text: string): Promise<void> {
  const temp = path.join(dir, `.${file}.tmp`);
  await writeFile(temp, text, { flag: 'wx', mode: 0o600 });
  await rename(temp, path.join(dir, file));
}

/** A pass-through stream that measures and hashes (SHA-256) what flows through it. */
export class Sha256Meter extends Transform {
  #bytes = 0;
  readonly #hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytes += chunk.length;
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** Only meaningful once the stream has ended. */
  result(): { bytes: number; sha256: string } {
    return { bytes: this.#bytes, sha256: this.#hash.copy().digest('hex') };
  }
}

export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const meter = new Sha256Meter();
  await pipeline(createReadStream(file), meter, drain);
  return meter.result();
}

/** The end of a pipeline whose figures are all that is wanted. */
export async function drain(source: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of source) {
    // nothing to keep
  }
}
