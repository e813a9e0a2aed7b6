import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FIRST_ADMIN_FILE } from '../app/first-admin.js';
import { VERSION } from '../app/version.js';
import type { Config } from '../config/config.js';
import type { BlobStore } from '../domain/documents/blob-store.js';
import { BackupTargetError, createBackup } from '../storage/backup/backup.js';
import { BackupFormatError, readManifest, type SignatureState } from '../storage/backup/manifest.js';
import { BackupIntegrityError, RestoreRefusedError, restoreBackup } from '../storage/backup/restore.js';
import { verifyBackup } from '../storage/backup/verify.js';
import { createBlobStore, createUrlSigner, type BlobStoreConfig } from '../storage/blobs/index.js';
import { databaseTargetOf, openDatabase } from '../storage/db/database.js';
import { createPgBossQueue } from '../storage/queue/pg-boss.queue.js';

const USAGE = `byggdok backup <dir>          back up the database and every stored file into <dir> (new or empty)
byggdok backup --verify <dir> check every file of a backup against its checksums (also: byggdok verify-backup <dir>)
byggdok restore <dir>         restore a backup into this installation, which must be empty

The installation is the one the environment configures, as for serve: DATABASE_URL or the PGlite folder in
BYGGDOK_DATA_DIR, and S3_BUCKET (S3_ENDPOINT, S3_REGION ...) or the files folder in BYGGDOK_DATA_DIR. The engine and the
store of a restore may differ from those the backup was taken from (PGlite -> PostgreSQL, disk -> S3).
With BYGGDOK_BACKUP_KEY set, backup signs the backup (manifest.sig), and restore and verify-backup refuse one that is
unsigned, altered or signed with another key.
Progress goes to stderr; a summary in JSON to stdout.
`;

export type BackupMode = 'backup' | 'restore' | 'verify-backup';

export async function runBackupCli(params: { mode: BackupMode; argv: string[]; config: Config }): Promise<number> {
  let parsed: { values: { verify?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: params.argv,
      allowPositionals: true,
      options: { verify: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`byggdok ${params.mode}: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [dir, ...extra] = positionals;
  if (!dir || extra.length > 0) {
    process.stderr.write(`byggdok ${params.mode}: give exactly one backup folder\n\n${USAGE}`);
    return 2;
  }
  if (values.verify && params.mode === 'restore') {
    process.stderr.write(`byggdok restore: --verify goes with backup (byggdok backup --verify <dir>)\n`);
    return 2;
  }
  const mode = values.verify ? 'verify-backup' : params.mode;
  try {
    if (mode === 'verify-backup') return await verify(dir, params.config);
    return mode === 'backup' ? await backup(dir, params.config) : await restore(dir, params.config);
  } catch (error) {
    if (
      error instanceof BackupTargetError ||
      error instanceof BackupFormatError ||
      error instanceof BackupIntegrityError ||
      error instanceof RestoreRefusedError
    ) {
      process.stderr.write(`byggdok ${mode}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** at most one progress line every two seconds for the blob phases */
function throttled(): (line: string) => void {
  let last = 0;
  return (line) => {
    if (Date.now() - last < 2000) return;
    last = Date.now();
    progress(line);
  };
}

/** says on stderr what a signature that was not checked means */
function signatureNote(signature: SignatureState | null): void {
  if (signature === 'unsigned') progress('the backup is not signed (set BYGGDOK_BACKUP_KEY to sign backups)');
  if (signature === 'not checked') {
    progress('the backup is signed, but BYGGDOK_BACKUP_KEY is not set here: its signature was not checked');
  }
}

async function verify(dir: string, config: Config): Promise<number> {
  const result = await verifyBackup({ dir, signingKey: config.backup.signingKey });
  for (const problem of result.problems) progress(`${problem.file}: ${problem.message}`);
  signatureNote(result.signature);
  process.stdout.write(
    `${JSON.stringify(
      {
        ok: result.ok,
        // a signature proves the backup whole, not that it is the newest: the operator sees when it was taken
        createdAt: result.manifest?.createdAt ?? null,
        files: result.checked.files,
        bytes: result.checked.bytes,
        signature: result.signature,
        problems: result.problems,
      },
      null,
      2,
    )}\n`,
  );
  return result.ok ? 0 : 1;
}

async function backup(dir: string, config: Config): Promise<number> {
  const target = databaseTargetOf(config);
  // opening a PGlite folder that is not there would create an empty database in the wrong place
  if (target.kind === 'pglite' && target.dataDir !== null && !existsSync(target.dataDir)) {
    throw new BackupTargetError(`there is no embedded database in ${target.dataDir}: check BYGGDOK_DATA_DIR`);
  }
  const database = await openDatabase(target);
  const store = await openBlobStore(config);
  try {
    const blobLine = throttled();
    const summary = await createBackup({
      database,
      blobs: store.blobs,
      dir,
      blobStoreKind: config.storage.kind,
      version: VERSION,
      signingKey: config.backup.signingKey,
      onProgress: (p) =>
        p.step === 'table'
          ? progress(`table ${p.table}: ${p.rows} rows`)
          : blobLine(`blobs: ${p.copied} copied, ${p.bytes} bytes, ${p.missing} missing`),
    });
    const { manifest } = summary;
    if (summary.missingKeys.length > 0) {
      progress(
        `${manifest.blobs.missing} blob keys have no blob (pending uploads have none yet): ${summary.missingKeys.join(', ')}`,
      );
    }
    process.stdout.write(
      `${JSON.stringify(
        {
          dir: summary.dir,
          engine: manifest.source.engine,
          blobStore: manifest.source.blobStore,
          migration: manifest.migrations.at(-1),
          rows: Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])),
          blobs: manifest.blobs,
          inFlight: manifest.inFlight,
          signed: config.backup.signingKey !== null,
          durationMs: summary.durationMs,
        },
        null,
        2,
      )}\n`,
    );
    return 0;
  } finally {
    store.close();
    await database.close();
  }
}

async function restore(dir: string, config: Config): Promise<number> {
  // a folder that is not a backup, or not signed with the key, is refused before the target is opened (which would
  // create a PGlite folder)
  await readManifest(dir, { signingKey: config.backup.signingKey });
  const database = await openDatabase(databaseTargetOf(config));
  const store = await openBlobStore(config);
  const queue = createPgBossQueue({ executor: database });
  try {
    const blobLine = throttled();
    const summary = await restoreBackup({
      dir,
      database,
      blobs: store.blobs,
      signingKey: config.backup.signingKey,
      queue: {
        // the queue's schema is made only when there is work to enqueue, after the data is in
        enqueue: async (name, payload, options) => {
          await queue.start();
          await queue.enqueue(name, payload, options);
        },
        enqueueMany: async (jobs) => {
          await queue.start();
          await queue.enqueueMany(jobs);
        },
      },
      onProgress: (p) =>
        p.step === 'checked'
          ? progress(`checked ${p.files} table and index files`)
          : p.step === 'table'
            ? progress(`table ${p.table}: ${p.rows} rows`)
            : blobLine(`blobs: ${p.restored} restored, ${p.bytes} bytes`),
    });
    if (summary.replacedFirstStart) {
      // its password belongs to an administrator who is no longer there: the backup's people sign in
      await rm(path.join(config.dataDir, FIRST_ADMIN_FILE), { force: true });
      progress("the target's first administrator was replaced by the backup's users (first-admin.txt removed)");
    }
    signatureNote(summary.signature);
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  } finally {
    await queue.stop();
    store.close();
    await database.close();
  }
}

/**
 * The configured blob store. Backup and restore hand out no URLs, so the local store's URL signer gets a throwaway
 * secret (the real one lives in the database and travels with the backup).
 */
async function openBlobStore(config: Config): Promise<{ blobs: BlobStore; close(): void }> {
  const storage = config.storage;
  const storeConfig: BlobStoreConfig =
    storage.kind === 's3'
      ? {
          kind: 's3',
          bucket: storage.bucket,
          ...(storage.region ? { region: storage.region } : {}),
          ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
          forcePathStyle: storage.forcePathStyle,
        }
      : {
          kind: 'fs',
          root: storage.root,
          signer: createUrlSigner({ secret: randomBytes(32).toString('hex'), publicUrl: config.http.publicUrl }),
        };
  const blobs = await createBlobStore(storeConfig);
  return {
    blobs,
    close: () => {
      if ('destroy' in blobs && typeof blobs.destroy === 'function') (blobs as { destroy(): void }).destroy();
    },
  };
}
