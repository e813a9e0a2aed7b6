import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { BlobNotFoundError, type BlobStore } from '../../domain/documents/blob-store.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { copiedColumns, isBlobKeyColumn, quoteIdent, readCatalog, type CatalogTable } from './catalog.js';
import { countInFlight } from './in-flight.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BLOB_INDEX_FILE,
  blobFileOf,
  Sha256Meter,
  tableFileOf,
  writeManifest,
  type BackupFile,
  type BackupManifest,
  type BackupTable,
  type BlobIndexEntry,
} from './manifest.js';
import { cursorRows, pinTextForms } from './sql-session.js';

export type BackupProgress =
  { step: 'table'; table: string; rows: number } | { step: 'blobs'; copied: number; bytes: number; missing: number };

export interface BackupSummary {
  dir: string;
  manifest: BackupManifest;
  /** up to 20 keys the database names but the store lacks */
  missingKeys: string[];
  durationMs: number;
}

export interface BackupParams {
  database: Database;
  blobs: BlobStore;
  dir: string;
  /** recorded in the manifest: `fs` or `s3` */
  blobStoreKind: string;
  version: string;
  /** BYGGDOK_BACKUP_KEY: the manifest is signed with it (manifest.sig); null or absent: unsigned */
  signingKey?: string | null;
  /** blobs copied at once */
  concurrency?: number;
  onProgress?: (progress: BackupProgress) => void;
}

export class BackupTargetError extends Error {
  override readonly name = 'BackupTargetError';
}

/** rows per cursor fetch: pages of extracted text can be long */
const FETCH_ROWS = 200;
/** blobs copied at once: object storage answers each request slowly but many in parallel */
const DEFAULT_CONCURRENCY = 4;
const KEYS_FILE = '.blob-keys.tmp';
/** a backup holds every row and stored file: its owner's only, whatever the umask (the CLI also sets 077) */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Writes a backup of the database and of every blob it references into `dir` (which must be empty or absent).
 *
 * The database is read in one read-only REPEATABLE READ transaction: every table comes from the same snapshot, so the
 * backup is consistent while the service keeps running (on a PostgreSQL server; PGlite's folder is locked by a running
 * service, so it is backed up stopped). The blob keys are listed in that snapshot and the blobs copied after it ends:
 * blobs are written once under a new key and never deleted, so every key in the snapshot is still there (a preview
 * regenerated meanwhile is copied in its newer form). Blobs no row references (abandoned temporary files) are left out.
 */
export async function createBackup(params: BackupParams): Promise<BackupSummary> {
  const started = Date.now();
  const dir = path.resolve(params.dir);
  await prepareEmptyDir(dir);
  try {
    return await writeBackup({ ...params, dir, started });
  } catch (error) {
    // the folder was empty: leave it so, rather than a half backup that blocks the next attempt
    for (const entry of await readdir(dir).catch(() => [])) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
    }
    throw error;
  }
}

async function writeBackup(params: BackupParams & { started: number }): Promise<BackupSummary> {
  const { dir, started } = params;
  await mkdir(path.join(dir, 'tables'), { mode: FOLDER_MODE });
  await mkdir(path.join(dir, 'blobs'), { mode: FOLDER_MODE });
  const keysFile = path.join(dir, KEYS_FILE);

  const snapshot = await params.database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await pinTextForms(trx);
      const serverVersion = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(trx))
        .rows[0]!.v;
      const migrations = await readAppliedMigrations(trx);
      const catalog = await readCatalog(trx);
      const tables: BackupTable[] = [];
      for (const table of catalog) {
        const file = tableFileOf(table.name);
        const written = await dumpTable({ trx, table, file: path.join(dir, file) });
        tables.push({
          name: table.name,
          file,
          columns: copiedColumns(table).map((c) => ({ name: c.name, type: c.type })),
          ...written,
        });
        params.onProgress?.({ step: 'table', table: table.name, rows: written.rows });
      }
      const keyColumns = catalog.flatMap((t) => t.columns.filter(isBlobKeyColumn).map((c) => ({ table: t.name, c })));
      const keys = await dumpBlobKeys({
        trx,
        columns: keyColumns.map(({ table, c }) => ({ table, column: c.name })),
        file: keysFile,
      });
      const inFlight = await countInFlight(trx);
      return {
        serverVersion,
        migrations,
        tables,
        keys,
        keyColumns: keyColumns.map(({ table, c }) => `${table}.${c.name}`),
        inFlight,
      };
    });

  const blobs = await copyBlobs({
    blobs: params.blobs,
    dir,
    keysFile,
    concurrency: params.concurrency ?? DEFAULT_CONCURRENCY,
    ...(params.onProgress ? { onProgress: params.onProgress } : {}),
  });
  await rm(keysFile);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    byggdokVersion: params.version,
    source: {
      engine: params.database.engine,
      serverVersion: snapshot.serverVersion,
      blobStore: params.blobStoreKind,
    },
    migrations: snapshot.migrations,
    tables: snapshot.tables,
    blobs: {
      index: blobs.index,
      keyColumns: snapshot.keyColumns,
      keys: snapshot.keys,
      files: blobs.files,
      bytes: blobs.bytes,
      missing: blobs.missing.count,
    },
    inFlight: snapshot.inFlight,
  };
  await writeManifest(dir, manifest, params.signingKey ?? null);
  return { dir, manifest, missingKeys: blobs.missing.sample, durationMs: Date.now() - started };
}

async function prepareEmptyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  const entries = await readdir(dir);
  if (entries.length > 0) {
    throw new BackupTargetError(`${dir} is not empty: a backup is written into a new or empty folder`);
  }
  // an empty folder made by hand (0755 under a shared /backups, or 0777) becomes the owner's only: nobody else lists,
  // reads or swaps what goes into it before a restore
  await chmod(dir, FOLDER_MODE).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPERM') throw error;
    throw new BackupTargetError(`${dir} belongs to another account: a backup is written into a folder of its own`);
  });
}

async function readAppliedMigrations(trx: Kysely<DB>): Promise<string[]> {
  const exists = await sql<{ found: boolean }>`
    select to_regclass('schema_migrations') is not null as found`.execute(trx);
  if (!exists.rows[0]?.found) throw new BackupTargetError('the database has never been migrated: nothing to back up');
  const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(trx);
  return rows.rows.map((r) => r.name);
}

/** One table to gzipped JSON lines: each row an array of its columns' text forms, in primary-key order. */
async function dumpTable(params: {
  trx: Kysely<DB>;
  table: CatalogTable;
  file: string;
}): Promise<{ rows: number; bytes: number; sha256: string }> {
  const { trx, table } = params;
  const columns = copiedColumns(table);
  const values = columns.length > 0 ? columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ') : '';
  const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoteIdent).join(', ')}` : '';
  const query = `select to_json(array[${values}]::text[])::text as line from ${quoteIdent(table.name)}${order}`;
  let rows = 0;
  const meter = new Sha256Meter();
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const batch of cursorRows<{ line: string }>({
          trx,
          name: 'backup_rows',
          query,
          batch: FETCH_ROWS,
        })) {
          rows += batch.length;
          yield Buffer.from(batch.map((r) => `${r.line}\n`).join(''), 'utf8');
        }
      })(),
    ),
    createGzip(),
    meter,
    createWriteStream(params.file, { flags: 'wx', mode: FILE_MODE }),
  );
  return { rows, ...meter.result() };
}

/** Every distinct blob key the snapshot's rows name, one a line (sorted by the database, so nothing is held here). */
async function dumpBlobKeys(params: {
  trx: Kysely<DB>;
  columns: { table: string; column: string }[];
  file: string;
}): Promise<number> {
  let count = 0;
  const out = createWriteStream(params.file, { flags: 'wx', mode: FILE_MODE });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  try {
    if (params.columns.length > 0) {
      const union = params.columns
        .map(({ table, column }) => `select ${quoteIdent(column)} as key from ${quoteIdent(table)}`)
        .join(' union ');
      const query = `select key from (${union}) k where key is not null order by key`;
      for await (const batch of cursorRows<{ key: string }>({
        trx: params.trx,
        name: 'backup_keys',
        query,
        batch: 1000,
      })) {
        count += batch.length;
        // JSON per line: keys may hold any character but a control character, and stay one line each
        if (!out.write(batch.map((r) => `${JSON.stringify(r.key)}\n`).join(''))) {
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      }
    }
  } finally {
    out.end();
    await done;
  }
  return count;
}

async function copyBlobs(params: {
  blobs: BlobStore;
  dir: string;
  keysFile: string;
  concurrency: number;
  onProgress?: (progress: BackupProgress) => void;
}): Promise<{ index: BackupFile; files: number; bytes: number; missing: { count: number; sample: string[] } }> {
  const { dir } = params;
  const indexMeter = new Sha256Meter();
  const gzip = createGzip();
  const written = pipeline(
    gzip,
    indexMeter,
    createWriteStream(path.join(dir, BLOB_INDEX_FILE), { flags: 'wx', mode: FILE_MODE }),
  );
  // awaited at the end; until then a write failure must not surface as an unhandled rejection
  written.catch(() => undefined);
  let files = 0;
  let bytes = 0;
  let copied = 0;
  const missing = { count: 0, sample: [] as string[] };

  const copyOne = async (key: string): Promise<BlobIndexEntry> => {
    let source: Readable;
    try {
      source = await params.blobs.get(key);
    } catch (error) {
      if (error instanceof BlobNotFoundError) return { key, missing: true };
      throw error;
    }
    const meter = new Sha256Meter();
    const temp = path.join(dir, 'blobs', `.tmp-${randomUUID()}`);
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx', mode: FILE_MODE }));
      const { sha256, bytes: size } = meter.result();
      const file = path.join(dir, blobFileOf(sha256));
      await mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
      // link fails when the content is already there (the same file under another key): it is kept once
      const isNew = await link(temp, file).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST') return false;
          throw error;
        },
      );
      if (isNew) {
        files += 1;
        bytes += size;
      }
      return { key, sha256, size };
    } finally {
      await rm(temp, { force: true });
    }
  };

  const flush = async (keys: string[]): Promise<void> => {
    const entries = await Promise.all(keys.map(copyOne));
    for (const entry of entries) {
      if (entry.missing) {
        missing.count += 1;
        if (missing.sample.length < 20) missing.sample.push(entry.key);
      } else copied += 1;
    }
    const chunk = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    if (!gzip.write(chunk)) await new Promise<void>((resolve) => gzip.once('drain', () => resolve()));
    params.onProgress?.({ step: 'blobs', copied, bytes, missing: missing.count });
  };

  try {
    let batch: string[] = [];
    const lines = createInterface({ input: createReadStream(params.keysFile), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      batch.push(JSON.parse(line) as string);
      if (batch.length >= params.concurrency) {
        await flush(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await flush(batch);
  } finally {
    gzip.end();
    await written;
  }
  return { index: { file: BLOB_INDEX_FILE, ...indexMeter.result() }, files, bytes, missing };
}
