import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql, type Kysely, type Transaction } from 'kysely';
import { BlobTooLargeError, type BlobStore } from '../../domain/documents/blob-store.js';
import type { JobQueue } from '../../domain/jobs/jobs.js';
import type { Database } from '../db/database.js';
import { appliedMigrations, migrateTo, migrateToLatest, migrationNames } from '../db/migrations/index.js';
import type { DB } from '../db/schema.js';
import { copiedColumns, quoteIdent, readCatalog, type CatalogColumn, type CatalogTable } from './catalog.js';
import { requeueInFlight, type InFlight } from './in-flight.js';
import {
  backupFileProblem,
  BLOB_INDEX_FILE,
  blobEntryProblem,
  blobFileOf,
  MANIFEST_FILE,
  namedFileProblem,
  readManifest,
  Sha256Meter,
  tableFileOf,
  type BackupManifest,
  type BackupTable,
  type BlobIndexEntry,
  type SignatureState,
} from './manifest.js';
import { pinTextForms } from './sql-session.js';
import { verifyFile } from './verify.js';

export type RestoreProgress =
  | { step: 'checked'; files: number }
  | { step: 'blobs'; restored: number; bytes: number }
  | { step: 'table'; table: string; rows: number };

export interface RestoreSummary {
  tables: { name: string; rows: number; keptFromTriggers: number }[];
  blobs: { restored: number; bytes: number; missing: number };
  /** migrations applied after the data was loaded (this version is newer than the backup's) */
  migratedAfterwards: string[];
  requeued: InFlight;
  /** the target had been started once: its first administrator and audit entry gave way to the backup's */
  replacedFirstStart: boolean;
  /** the manifest's signature checked against BYGGDOK_BACKUP_KEY (`valid`), or why not */
  signature: SignatureState;
  /**
   * when the backup was taken (its manifest's `createdAt`): a signature proves the backup whole, not that it is the
   * newest, so the operator sees the date of what was loaded
   */
  backupCreatedAt: string;
  durationMs: number;
}

/** The target is not a fresh installation, or the backup does not fit this version: nothing was changed. */
export class RestoreRefusedError extends Error {
  override readonly name = 'RestoreRefusedError';
}

/** A file of the backup does not match its manifest entry. */
export class BackupIntegrityError extends Error {
  override readonly name = 'BackupIntegrityError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/** rows per INSERT, and the most JSON text one INSERT carries */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;
const DEFAULT_CONCURRENCY = 4;
/** Holds generated secrets only (signing_secret): a started-once installation still counts as empty. */
const REPLACED_TABLES = new Set(['settings']);

/**
 * Restores a backup into an empty installation: a new PGlite folder or an empty PostgreSQL database (never migrated,
 * or migrated and started once without data), and any blob store, whatever engine and store the backup came from.
 *
 * Order: check every table file against the manifest, and that every file the manifest and the blob index name is a
 * regular file inside the backup folder; migrate the target to the backup's migration; upload the blobs (each checked
 * against its SHA-256 as it streams, and cut off past its size); load every table in one transaction; migrate to the
 * latest version; enqueue the work that was under way. The database is written last and all at once, so a failure
 * anywhere leaves it empty and the restore can simply be run again (blobs already uploaded are overwritten with the
 * same bytes).
 *
 * The target's own triggers run while rows are loaded, so the search tables (`search_documents`, kept by triggers on
 * documents and pages) are rebuilt by the target's text analysis, the one its queries are parsed with, just as
 * generated and derived columns (`document_chunks.tsv`, by its trigger) are recomputed. A backup row the triggers
 * have already written is skipped (ON CONFLICT DO NOTHING); the rest are kept, so insert-only history such as an
 * owner's vocabulary (`search_lexemes`, which also holds words of archived documents) is carried over whole.
 */
export async function restoreBackup(params: {
  dir: string;
  database: Database;
  blobs: BlobStore;
  /** the target's queue: work that was under way is enqueued there */
  queue: JobQueue;
  /** BYGGDOK_BACKUP_KEY: only a backup signed with it is restored */
  signingKey?: string | null;
  concurrency?: number;
  onProgress?: (progress: RestoreProgress) => void;
}): Promise<RestoreSummary> {
  const started = Date.now();
  const dir = path.resolve(params.dir);
  const manifest = await readManifest(dir, { signingKey: params.signingKey ?? null });
  const { db } = params.database;

  const lastMigration = checkMigrations(manifest, await appliedMigrations(db));
  await refuseNonEmpty(db);

  // every table file first: a damaged backup is refused before anything is written
  for (const [file, expected] of [
    ...manifest.tables.map((table) => [table, tableFileOf(table.name)] as const),
    [manifest.blobs.index, BLOB_INDEX_FILE] as const,
  ]) {
    const named = namedFileProblem(file, expected);
    if (named) throw new BackupIntegrityError(MANIFEST_FILE, named);
  }
  for (const file of [...manifest.tables, manifest.blobs.index]) {
    const problem = await verifyFile(dir, file);
    if (problem) throw new BackupIntegrityError(file.file, problem);
  }
  // and every blob file the index names: a crafted index naming a path outside the folder, a link or a device (whose
  // bytes may never end) is refused here too, not halfway through the upload
  const concurrency = params.concurrency ?? DEFAULT_CONCURRENCY;
  await forEachBlobEntry(dir, concurrency, async (entry) => {
    await blobFileToRead(dir, entry);
  });
  params.onProgress?.({ step: 'checked', files: manifest.tables.length + 1 });

  await migrateTo(db, lastMigration);
  const catalog = new Map((await readCatalog(db)).map((t) => [t.name, t]));
  const plans = manifest.tables.map((table) => planTable(table, catalog.get(table.name)));

  const blobs = await restoreBlobs({
    dir,
    blobs: params.blobs,
    concurrency,
    ...(params.onProgress ? { onProgress: params.onProgress } : {}),
  });

  let replacedFirstStart = false;
  const tables = await db.transaction().execute(async (trx) => {
    await pinTextForms(trx);
    // checked empty above; a row here now means another process is using the target
    const firstStart = await refuseNonEmpty(trx);
    for (const name of REPLACED_TABLES)
      if (catalog.has(name)) await sql.raw(`delete from ${quoteIdent(name)}`).execute(trx);
    // the backup's people and log replace what a first start made
    if (firstStart) {
      await trx.deleteFrom('audit_events').where('id', '=', firstStart.auditEventId).execute();
      await trx.deleteFrom('users').where('id', '=', firstStart.userId).execute();
      replacedFirstStart = true;
    }
    const loaded: RestoreSummary['tables'] = [];
    for (const plan of plans) {
      const result = await loadTable({ trx, dir, plan });
      loaded.push({ name: plan.backup.name, ...result });
      params.onProgress?.({ step: 'table', table: plan.backup.name, rows: result.rows });
    }
    for (const plan of plans) await resetSequences(trx, plan.target);
    return loaded;
  });

  const { applied } = await migrateToLatest(db);
  const requeued = await requeueInFlight(db, params.queue);
  // planner statistics for the freshly loaded tables (autovacuum would get there, later)
  for (const plan of plans) await sql.raw(`analyze ${quoteIdent(plan.backup.name)}`).execute(db);
  return {
    tables,
    blobs,
    migratedAfterwards: applied,
    requeued,
    replacedFirstStart,
    signature: manifest.signature,
    backupCreatedAt: manifest.createdAt,
    durationMs: Date.now() - started,
  };
}

/** The migration to load the backup at; refuses a backup from a newer version or a target ahead of the backup. */
function checkMigrations(manifest: BackupManifest, applied: string[]): string {
  const known = migrationNames();
  const unknown = manifest.migrations.filter((m) => !known.includes(m));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `the backup was made by a newer byggdok (migration ${unknown.join(', ')} is unknown here): upgrade byggdok first`,
    );
  }
  const last = manifest.migrations.at(-1);
  if (!last || manifest.migrations.some((m, i) => m !== known[i])) {
    throw new RestoreRefusedError('the backup lists migrations this version does not apply in that order');
  }
  if (applied.some((m, i) => m !== manifest.migrations[i])) {
    throw new RestoreRefusedError(
      `the target database is migrated to ${applied.at(-1) ?? '?'}, newer than the backup (${last}): ` +
        'restore into a new, empty database (or data folder), then start byggdok to migrate it',
    );
  }
  return last;
}

/**
 * Refuses a target that holds data. An installation started once counts as empty: the only rows it has (besides the
 * generated secrets of {@link REPLACED_TABLES}) are the first platform administrator the start created, never signed
 * in with, and that start's one audit entry. Answers those rows, which the backup's users and log replace.
 */
async function refuseNonEmpty(db: Kysely<DB>): Promise<FirstStart | null> {
  const catalog = await readCatalog(db);
  const filled: { name: string; rows: number }[] = [];
  for (const table of catalog) {
    if (REPLACED_TABLES.has(table.name)) continue;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from ${sql.table(table.name)} limit 1000) t`.execute(db);
    const n = rows[0]?.n ?? 0;
    if (n > 0) filled.push({ name: table.name, rows: n });
  }
  if (filled.length === 0) return null;
  const firstStart = await firstStartOf(db, filled);
  if (firstStart) return firstStart;
  throw new RestoreRefusedError(
    `the target installation is not empty: ${filled.map((t) => `${t.name} (${t.rows === 1000 ? '1000+' : t.rows} rows)`).join(', ')}. ` +
      'A backup is restored only into a new installation (a new data folder, or an empty PostgreSQL database, ' +
      'migrated and started once at most), so nothing there is overwritten.',
  );
}

/** what the first start of an installation that signs people in itself writes, and nothing else */
interface FirstStart {
  userId: string;
  auditEventId: string;
}

async function firstStartOf(db: Kysely<DB>, filled: { name: string; rows: number }[]): Promise<FirstStart | null> {
  const only = new Map(filled.map((t) => [t.name, t.rows]));
  if (only.size !== 2 || only.get('users') !== 1 || only.get('audit_events') !== 1) return null;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('platform_admin', '=', true)
    .where('must_change_password', '=', true)
    .where('last_sign_in_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  const event = await db
    .selectFrom('audit_events')
    .select('id')
    .where('action', '=', 'user.created')
    .where('actor_kind', '=', 'system')
    .where('target_type', '=', 'user')
    .where('target_id', '=', user.id)
    .executeTakeFirst();
  return event ? { userId: user.id, auditEventId: event.id } : null;
}

interface TablePlan {
  backup: BackupTable;
  target: CatalogTable;
  /** per backup column: its target column, or null-on-first-pass for references to the same table */
  columns: { column: CatalogColumn; index: number; deferred: boolean }[];
  identity: boolean;
}

function planTable(backup: BackupTable, target: CatalogTable | undefined): TablePlan {
  if (!target) {
    throw new RestoreRefusedError(`table ${backup.name} of the backup does not exist after migrating the target`);
  }
  const targetColumns = new Map(copiedColumns(target).map((c) => [c.name, c]));
  const columns = backup.columns.map(({ name }, index) => {
    const column = targetColumns.get(name);
    if (!column) throw new RestoreRefusedError(`column ${backup.name}.${name} of the backup is not in the target`);
    return { column, index, deferred: target.selfReferences.includes(name) };
  });
  const missing = [...targetColumns.keys()].filter((name) => !backup.columns.some((c) => c.name === name));
  if (missing.length > 0) {
    throw new RestoreRefusedError(`the backup has no ${missing.map((m) => `${backup.name}.${m}`).join(', ')}`);
  }
  return { backup, target, columns, identity: columns.some((c) => c.column.identity) };
}

function castOf(index: number, column: CatalogColumn): string {
  return `cast(r->>${index} as ${column.type})`;
}

/** Streams one table file into batched INSERTs, checking its SHA-256 and row count as it goes. */
async function loadTable(params: {
  trx: Transaction<DB>;
  dir: string;
  plan: TablePlan;
}): Promise<{ rows: number; keptFromTriggers: number }> {
  const { trx, plan } = params;
  const table = quoteIdent(plan.backup.name);
  const names = plan.columns.map((c) => quoteIdent(c.column.name)).join(', ');
  const values = plan.columns
    .map((c) => (c.deferred ? `null::${c.column.type}` : castOf(c.index, c.column)))
    .join(', ');
  const insert = `insert into ${table} (${names})${plan.identity ? ' overriding system value' : ''} select ${values} from json_array_elements(`;
  const onConflict = '::json) r on conflict do nothing';
  let rows = 0;
  let inserted = 0;
  await forEachBatch(params.dir, plan.backup, async (json, count) => {
    const result = await sql`${sql.raw(insert)}${json}${sql.raw(onConflict)}`.execute(trx);
    rows += count;
    inserted += Number(result.numAffectedRows ?? 0);
  });

  const deferred = plan.columns.filter((c) => c.deferred);
  if (deferred.length > 0) {
    const key = plan.target.primaryKey.map((name) => {
      const column = plan.columns.find((c) => c.column.name === name);
      if (!column) throw new RestoreRefusedError(`${plan.backup.name} refers to itself and has no primary key`);
      return column;
    });
    const picked = [...key, ...deferred].map((c) => `${castOf(c.index, c.column)} as ${quoteIdent(c.column.name)}`);
    const update =
      `update ${table} set ${deferred.map((c) => `${quoteIdent(c.column.name)} = x.${quoteIdent(c.column.name)}`).join(', ')} ` +
      `from (select ${picked.join(', ')} from json_array_elements(`;
    const where =
      `::json) r) x where ${key.map((c) => `${table}.${quoteIdent(c.column.name)} = x.${quoteIdent(c.column.name)}`).join(' and ')}` +
      ` and (${deferred.map((c) => `x.${quoteIdent(c.column.name)} is not null`).join(' or ')})`;
    await forEachBatch(params.dir, plan.backup, async (json) => {
      await sql`${sql.raw(update)}${json}${sql.raw(where)}`.execute(trx);
    });
  }
  return { rows, keptFromTriggers: rows - inserted };
}

/** Reads a table file as JSON arrays of up to BATCH_ROWS rows, failing on a checksum or row count that differs. */
async function forEachBatch(
  dir: string,
  table: BackupTable,
  handle: (json: string, count: number) => Promise<void>,
): Promise<void> {
  const meter = new Sha256Meter();
  const input = createReadStream(path.join(dir, table.file)).pipe(meter).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  let batch: string[] = [];
  let chars = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await handle(`[${batch.join(',')}]`, batch.length);
    rows += batch.length;
    batch = [];
    chars = 0;
  };
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  const { sha256 } = meter.result();
  if (sha256 !== table.sha256) throw new BackupIntegrityError(table.file, 'SHA-256 does not match the manifest');
  if (rows !== table.rows) {
    throw new BackupIntegrityError(table.file, `holds ${rows} rows, the manifest says ${table.rows}`);
  }
}

/** Identity and serial columns continue after the highest value restored. */
async function resetSequences(trx: Transaction<DB>, table: CatalogTable): Promise<void> {
  for (const column of table.columns) {
    if (!column.identity && !column.serial) continue;
    await sql`
      select setval(pg_get_serial_sequence(${quoteIdent(table.name)}, ${column.name}),
                    coalesce((select max(${sql.ref(column.name)}) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}

/** Reads the blob index (checked against the manifest first), `concurrency` entries at a time. */
async function forEachBlobEntry(
  dir: string,
  concurrency: number,
  handle: (entry: BlobIndexEntry) => Promise<void>,
  afterEach?: () => void,
): Promise<void> {
  const input = createReadStream(path.join(dir, BLOB_INDEX_FILE)).pipe(createGunzip());
  let batch: BlobIndexEntry[] = [];
  const flush = async () => {
    await Promise.all(batch.map(handle));
    batch = [];
    afterEach?.();
  };
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(JSON.parse(line) as BlobIndexEntry);
    if (batch.length >= concurrency) await flush();
  }
  await flush();
}

/**
 * The file, relative to the backup folder, that holds an index entry's bytes; null for a key the source store lacked.
 * Refuses an entry that is not a SHA-256 and a size, and a file that is not a regular file inside the folder.
 */
async function blobFileToRead(dir: string, entry: BlobIndexEntry): Promise<string | null> {
  const named = blobEntryProblem(entry);
  if (named) throw new BackupIntegrityError(BLOB_INDEX_FILE, named);
  if (entry.missing === true) return null;
  const file = blobFileOf(entry.sha256!);
  const problem = await backupFileProblem(dir, file);
  if (problem) throw new BackupIntegrityError(file, `${problem} (blob key ${entry.key})`);
  return file;
}

async function restoreBlobs(params: {
  dir: string;
  blobs: BlobStore;
  concurrency: number;
  onProgress?: (progress: RestoreProgress) => void;
}): Promise<RestoreSummary['blobs']> {
  const summary = { restored: 0, bytes: 0, missing: 0 };
  const restoreOne = async (entry: BlobIndexEntry): Promise<void> => {
    const file = await blobFileToRead(params.dir, entry);
    if (file === null) {
      summary.missing += 1;
      return;
    }
    const size = entry.size!;
    const meter = new Sha256Meter();
    const source = createReadStream(path.join(params.dir, file));
    const opened = new Promise<void>((resolve, reject) => {
      source.once('open', () => resolve());
      source.once('error', reject);
    });
    await opened.catch((error: NodeJS.ErrnoException) => {
      throw new BackupIntegrityError(file, error.code === 'ENOENT' ? 'missing' : error.message);
    });
    source.once('error', (error) => meter.destroy(error));
    // never more than the index says: the store stops reading there, whatever the file has become since the check
    await params.blobs.put(entry.key, source.pipe(meter), { maxBytes: size }).catch((error: unknown) => {
      source.destroy();
      if (error instanceof BlobTooLargeError) {
        throw new BackupIntegrityError(file, `larger than the ${size} bytes the blob index says (key ${entry.key})`);
      }
      throw error;
    });
    const { sha256, bytes } = meter.result();
    if (sha256 !== entry.sha256 || bytes !== entry.size) {
      // never leave bytes in the store that the backup did not vouch for
      await params.blobs.delete(entry.key);
      throw new BackupIntegrityError(file, `SHA-256 or size does not match the blob index (key ${entry.key})`);
    }
    summary.restored += 1;
    summary.bytes += bytes;
  };

  await forEachBlobEntry(params.dir, params.concurrency, restoreOne, () =>
    params.onProgress?.({ step: 'blobs', restored: summary.restored, bytes: summary.bytes }),
  );
  return summary;
}
