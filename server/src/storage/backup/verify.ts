import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  BackupFormatError,
  backupFileProblem,
  BackupSignatureError,
  BLOB_INDEX_FILE,
  blobEntryProblem,
  blobFileOf,
  drain,
  hashFile,
  MANIFEST_FILE,
  namedFileProblem,
  readManifest,
  Sha256Meter,
  tableFileOf,
  type BackupFile,
  type BackupManifest,
  type BlobIndexEntry,
  type SignatureState,
} from './manifest.js';

export interface VerifyProblem {
  /** the file, relative to the backup folder */
  file: string;
  message: string;
}

export interface VerifyResult {
  ok: boolean;
  problems: VerifyProblem[];
  /** files read and their bytes */
  checked: { files: number; bytes: number };
  manifest: BackupManifest | null;
  /** the signature checked (`valid`), or why not; null when the manifest could not be read */
  signature: SignatureState | null;
}

const CONCURRENCY = 4;
const NEWLINE = 0x0a;

/**
 * Checks one file against its manifest entry: a regular file inside the backup folder, its size, SHA-256 and, for the
 * gzipped line files, that they unpack whole to `lines` lines. Returns what is wrong, in words, or null.
 */
export async function verifyFile(dir: string, entry: BackupFile, lines?: number): Promise<string | null> {
  const unsafe = await backupFileProblem(dir, entry.file);
  if (unsafe) return unsafe;
  const meter = new Sha256Meter();
  let counted = 0;
  try {
    if (lines === undefined) {
      await pipeline(createReadStream(path.join(dir, entry.file)), meter, drain);
    } else {
      await pipeline(createReadStream(path.join(dir, entry.file)), meter, createGunzip(), async (source) => {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          for (let i = chunk.indexOf(NEWLINE); i >= 0; i = chunk.indexOf(NEWLINE, i + 1)) counted += 1;
        }
      });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    if (code?.startsWith('Z_')) {
      // unpacking stopped before the end: the checksum of the whole file says more than the inflater's complaint
      const { bytes, sha256 } = await hashFile(path.join(dir, entry.file));
      if (bytes !== entry.bytes || sha256 !== entry.sha256) return 'SHA-256 does not match the manifest';
      return `damaged: does not unpack (${(error as Error).message})`;
    }
    return (error as Error).message;
  }
  const { bytes, sha256 } = meter.result();
  if (bytes !== entry.bytes) return `size ${bytes} bytes, the manifest says ${entry.bytes}`;
  if (sha256 !== entry.sha256) return 'SHA-256 does not match the manifest';
  if (lines !== undefined && counted !== lines) return `holds ${counted} rows, the manifest says ${lines}`;
  return null;
}

/** Reads every file of a backup and checks it against the manifest and the blob index; lists every problem found. */
export async function verifyBackup(params: {
  dir: string;
  /** BYGGDOK_BACKUP_KEY: the backup must be signed with it */
  signingKey?: string | null;
  onProgress?: (checked: { files: number; bytes: number }) => void;
}): Promise<VerifyResult> {
  const dir = path.resolve(params.dir);
  const problems: VerifyProblem[] = [];
  const checked = { files: 0, bytes: 0 };
  let manifest: BackupManifest & { signature: SignatureState };
  try {
    manifest = await readManifest(dir, { signingKey: params.signingKey ?? null });
  } catch (error) {
    if (error instanceof BackupSignatureError) {
      return {
        ok: false,
        problems: [{ file: error.file, message: error.detail }],
        checked,
        manifest: null,
        signature: null,
      };
    }
    if (error instanceof BackupFormatError) {
      return {
        ok: false,
        problems: [{ file: MANIFEST_FILE, message: error.message }],
        checked,
        manifest: null,
        signature: null,
      };
    }
    throw error;
  }
  const check = async (entry: BackupFile, lines?: number, key?: string): Promise<boolean> => {
    const problem = await verifyFile(dir, entry, lines);
    checked.files += 1;
    checked.bytes += entry.bytes;
    if (problem) problems.push({ file: entry.file, message: key ? `${problem} (blob key ${key})` : problem });
    return problem === null;
  };

  // a file the manifest names where a backup has another is not read: it may be anything, anywhere
  const named = async (entry: BackupFile, expected: string, lines: number): Promise<boolean> => {
    const problem = namedFileProblem(entry, expected);
    if (problem) problems.push({ file: MANIFEST_FILE, message: problem });
    return problem === null && (await check(entry, lines));
  };
  for (const table of manifest.tables) await named(table, tableFileOf(table.name), table.rows);
  if (await named(manifest.blobs.index, BLOB_INDEX_FILE, manifest.blobs.keys)) {
    const input = createReadStream(path.join(dir, BLOB_INDEX_FILE)).pipe(createGunzip());
    let batch: BlobIndexEntry[] = [];
    const flush = async () => {
      await Promise.all(
        batch.map((entry) => {
          const problem = blobEntryProblem(entry);
          if (problem) problems.push({ file: BLOB_INDEX_FILE, message: problem });
          if (problem || entry.missing === true) return Promise.resolve(true);
          const sha256 = entry.sha256!;
          return check({ file: blobFileOf(sha256), bytes: entry.size!, sha256 }, undefined, entry.key);
        }),
      );
      batch = [];
      params.onProgress?.(checked);
    };
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (line === '') continue;
      batch.push(JSON.parse(line) as BlobIndexEntry);
      if (batch.length >= CONCURRENCY) await flush();
    }
    await flush();
  }
  return { ok: problems.length === 0, problems, checked, manifest, signature: manifest.signature };
}
