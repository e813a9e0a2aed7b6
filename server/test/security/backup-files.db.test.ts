import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/storage/backup/backup.js';
import { PRIVATE_UMASK } from '../../src/storage/private-folder.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/** every folder and file under `root` (itself included) whose mode lets anyone but the owner in */
async function openToOthers(root: string): Promise<string[]> {
  const open: string[] = [];
  const entries = [root, ...(await readdir(root, { recursive: true })).map((entry) => path.join(root, entry))];
  for (const entry of entries) {
    const stats = await lstat(entry);
    if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) {
      open.push(`${path.relative(root, entry) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    }
  }
  return open;
}

/**
 * A backup holds every row (password hashes, the secret that signs download links and paging tokens) and every stored
 * document. `byggdok backup` took an existing folder as it found it: one made by hand with `mkdir` under a shared
 * `/backups` (0755), or open to everyone (0777, where another account could swap the backup's files or `tables/`
 * folder before a restore), stayed so; and what it wrote was owner-only only because the CLI sets a umask of 077.
 */
describe.each(testEngines())('backup files on disk, from %s', (engine) => {
  let t: TestApp;
  let folder: string;
  let umask: number;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const seed = await t.seed();
    await t.upload({ seed, filename: 'FDV/Brannplan.txt', bytes: Buffer.from('Brannplan for Hus A') });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'byggdok-backup-files-'));
    umask = process.umask();
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(folder, { recursive: true, force: true });
  });

  const backUp = (dir: string) =>
    createBackup({
      database: t.deps.database,
      blobs: t.deps.blobs,
      dir,
      blobStoreKind: 'memory',
      version: 'test',
    });

  it.each([
    ['0755', 0o755],
    ['0777', 0o777],
  ])('makes an empty folder it was given (mode %s) owner-only, as the CLI runs it', async (_label, mode) => {
    process.umask(PRIVATE_UMASK);
    const dir = path.join(folder, 'backup');
    await mkdir(dir);
    await chmod(dir, mode);
    const summary = await backUp(dir);
    expect(summary.manifest.blobs.files).toBe(1);
    expect(await openToOthers(dir)).toEqual([]);
  });

  it('writes every folder and file owner-only whatever the umask', async () => {
    process.umask(0o022);
    const dir = path.join(folder, 'new', 'backup');
    const summary = await backUp(dir);
    expect(summary.manifest.tables.length).toBeGreaterThan(10);
    const files = await readdir(dir, { recursive: true });
    expect(files).toEqual(expect.arrayContaining(['manifest.json', 'blobs.jsonl.gz', 'tables']));
    expect(await openToOthers(dir)).toEqual([]);
  });
});
