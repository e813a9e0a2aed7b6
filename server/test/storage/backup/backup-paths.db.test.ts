import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore, PutBlobOptions } from '../../../src/domain/documents/blob-store.js';
import type { JobQueue } from '../../../src/domain/jobs/jobs.js';
import { createBackup } from '../../../src/storage/backup/backup.js';
import {
  BLOB_INDEX_FILE,
  blobFileOf,
  hashFile,
  MANIFEST_FILE,
  readManifest,
  type BackupManifest,
  type BlobIndexEntry,
} from '../../../src/storage/backup/manifest.js';
import { BackupIntegrityError, restoreBackup } from '../../../src/storage/backup/restore.js';
import { verifyBackup } from '../../../src/storage/backup/verify.js';
import { createMemoryBlobStore } from '../../../src/storage/blobs/memory.blob-store.js';
import { createUrlSigner } from '../../../src/storage/blobs/url-signer.js';
import { openDatabase, type Database, type Engine } from '../../../src/storage/db/database.js';
import { appliedMigrations } from '../../../src/storage/db/migrations/index.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';
import { asAdmin } from '../../helpers/test-templates.js';

/**
 * Security audit: restore and verify trusted the paths a backup folder names. A crafted manifest or blob index could
 * name `../../dev/zero` as a table file or as a blob's SHA-256, or the folder could hold a symbolic link, and restore
 * streamed endless bytes into the blob store. Such a backup is refused, naming the file, before anything is written.
 */

let work: string;
let backupDir: string;
let source: TestApp;
let index: BlobIndexEntry[];
const TEXT = Buffer.from('Filteret byttes hver sjette måned.');

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'byggdok-backup-paths-'));
  backupDir = path.join(work, 'backup');
  source = await createTestApp({ engine: 'pglite' });
  const seed = await source.seed();
  await source.upload({ seed, filename: 'FDV/Ventilasjon.txt', bytes: TEXT });
  await createBackup({
    database: source.deps.database,
    blobs: source.deps.blobs,
    dir: backupDir,
    blobStoreKind: 'memory',
    version: 'test',
  });
  index = await readIndex(backupDir);
  expect(index).toEqual([{ key: expect.any(String), sha256: expect.any(String), size: TEXT.length }]);
}, 120_000);

afterAll(async () => {
  await source?.close();
  await rm(work, { recursive: true, force: true });
});

async function readIndex(dir: string): Promise<BlobIndexEntry[]> {
  const lines = gunzipSync(await readFile(path.join(dir, BLOB_INDEX_FILE)))
    .toString('utf8')
    .split('\n');
  return lines.filter((line) => line !== '').map((line) => JSON.parse(line) as BlobIndexEntry);
}

async function writeManifestOf(dir: string, change: (manifest: BackupManifest) => void): Promise<void> {
  const manifest = await readManifest(dir);
  change(manifest);
  await writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
}

/** an index that passes its own check: the crafted backup lists it in the manifest with its true size and SHA-256 */
async function writeIndex(dir: string, entries: BlobIndexEntry[]): Promise<void> {
  const file = path.join(dir, BLOB_INDEX_FILE);
  await writeFile(file, gzipSync(entries.map((entry) => `${JSON.stringify(entry)}\n`).join('')));
  const { bytes, sha256 } = await hashFile(file);
  await writeManifestOf(dir, (manifest) => {
    manifest.blobs.index = { file: BLOB_INDEX_FILE, bytes, sha256 };
  });
}

/** a copy of the real backup, altered by `craft` */
async function craftedCopy(name: string, craft: (dir: string) => Promise<void>): Promise<string> {
  const copy = path.join(work, `crafted-${name}`);
  await cp(backupDir, copy, { recursive: true, verbatimSymlinks: true });
  await craft(copy);
  return copy;
}

/** a store that records what is put in it; `refuse`: one a refused restore must never write to */
function recordingStore(): BlobStore & { puts: { key: string; options?: PutBlobOptions }[]; refuse: boolean } {
  const inner = createMemoryBlobStore({
    signer: createUrlSigner({ secret: 'a-test-secret-of-32-characters-or-more', publicUrl: 'https://byggdok.test' }),
  });
  const store = {
    ...inner,
    puts: [] as { key: string; options?: PutBlobOptions }[],
    refuse: true,
    async put(key: string, body: Parameters<BlobStore['put']>[1], options?: PutBlobOptions) {
      store.puts.push(options === undefined ? { key } : { key, options });
      // the body is not read: a link to /dev/zero would never end
      if (store.refuse) throw new Error('the restore wrote to the store before refusing the backup');
      return inner.put(key, body, options);
    },
  };
  return store;
}

const queue: JobQueue = { enqueue: async () => undefined, enqueueMany: async () => undefined };

/** a new, empty database (never migrated), as a restore finds it */
async function emptyDatabase(engine: Engine): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `byggdok_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  await asAdmin(url, (admin) => admin.query(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolMax: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      await asAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

describe.each(testEngines())('a backup naming files it must not, restored on %s', (engine) => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  const store = recordingStore();

  beforeAll(async () => {
    target = await emptyDatabase(engine);
  }, 120_000);

  afterAll(async () => {
    await target?.drop();
  });

  /** verify reports the file, restore refuses it with the same words, and neither the store nor the database changed */
  async function expectRefused(dir: string, file: string, message: RegExp): Promise<void> {
    const verified = await verifyBackup({ dir });
    expect(verified.ok).toBe(false);
    expect(verified.problems).toContainEqual({ file, message: expect.stringMatching(message) });
    const problem = verified.problems.find((p) => p.file === file)!;

    const restoring = restoreBackup({ dir, database: target.database, blobs: store, queue });
    await expect(restoring).rejects.toBeInstanceOf(BackupIntegrityError);
    await expect(restoring).rejects.toMatchObject({ file, message: `${file}: ${problem.message}` });
    expect(store.puts).toEqual([]);
    expect(await appliedMigrations(target.database.db)).toEqual([]);
  }

  it('refuses a blob index that gives a path as a blob’s SHA-256, before anything is written', async () => {
    const dir = await craftedCopy(`sha256-${engine}`, async (d) => {
      await writeIndex(d, [{ ...index[0]!, sha256: '../../../etc/passwd' }]);
    });
    await expectRefused(dir, BLOB_INDEX_FILE, /names "\.\.\/\.\.\/\.\.\/etc\/passwd" as the SHA-256 of blob key/);
  });

  it('refuses a blob file that is a symbolic link to a device whose bytes never end', async () => {
    const file = blobFileOf(index[0]!.sha256!);
    const dir = await craftedCopy(`dev-zero-${engine}`, async (d) => {
      await rm(path.join(d, file));
      await symlink('/dev/zero', path.join(d, file));
    });
    await expectRefused(dir, file, /^a symbolic link, not a file of the backup \(blob key /);
  });

  it('refuses a blob folder that is a link to a folder outside the backup', async () => {
    const file = blobFileOf(index[0]!.sha256!);
    const dir = await craftedCopy(`linked-folder-${engine}`, async (d) => {
      // the same bytes, so only where they are tells them apart
      const outside = path.join(work, `outside-${engine}`);
      await mkdir(outside);
      await rename(path.join(d, path.dirname(file)), path.join(outside, 'blobs'));
      await symlink(path.join(outside, 'blobs'), path.join(d, path.dirname(file)));
    });
    await expectRefused(dir, file, /^outside the backup folder \(blob key /);
  });

  it('refuses a manifest that names a table file outside the backup folder', async () => {
    const dir = await craftedCopy(`table-${engine}`, async (d) => {
      // the table's true bytes, moved next to the backup: a manifest may name any path, and it would be read
      await mkdir(path.join(d, '..', `elsewhere-${engine}`));
      await rename(
        path.join(d, 'tables', 'documents.jsonl.gz'),
        path.join(d, '..', `elsewhere-${engine}`, 'documents.jsonl.gz'),
      );
      await writeManifestOf(d, (manifest) => {
        manifest.tables.find((t) => t.name === 'documents')!.file = `../elsewhere-${engine}/documents.jsonl.gz`;
      });
    });
    await expectRefused(
      dir,
      MANIFEST_FILE,
      new RegExp(
        `^names "\\.\\./elsewhere-${engine}/documents\\.jsonl\\.gz" where a backup has tables/documents\\.jsonl\\.gz$`,
      ),
    );
  });

  it('stops reading a blob file past the size the index gives, and keeps none of it', async () => {
    const file = blobFileOf(index[0]!.sha256!);
    const dir = await craftedCopy(`grown-${engine}`, async (d) => {
      // a regular file in its place, so only its size gives it away (a file could also grow after the check)
      await writeFile(path.join(d, file), Buffer.alloc(4 * 1024 * 1024, 'x'));
    });
    store.refuse = false;
    try {
      const restoring = restoreBackup({ dir, database: target.database, blobs: store, queue });
      await expect(restoring).rejects.toBeInstanceOf(BackupIntegrityError);
      await expect(restoring).rejects.toMatchObject({
        file,
        message: `${file}: larger than the ${TEXT.length} bytes the blob index says (key ${index[0]!.key})`,
      });
      expect(await store.head(index[0]!.key)).toBeNull();
    } finally {
      store.refuse = true;
      store.puts.length = 0;
    }
  }, 120_000);

  it('restores the real backup, the store told to stop reading each blob past the size the index gives', async () => {
    expect(await verifyBackup({ dir: backupDir })).toMatchObject({ ok: true, problems: [] });
    store.refuse = false;
    const summary = await restoreBackup({ dir: backupDir, database: target.database, blobs: store, queue });
    expect(summary.blobs).toEqual({ restored: 1, bytes: TEXT.length, missing: 0 });
    expect(store.puts).toEqual([{ key: index[0]!.key, options: { maxBytes: TEXT.length } }]);
  }, 120_000);
});
