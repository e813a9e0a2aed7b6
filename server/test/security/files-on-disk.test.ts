import { spawn } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFolderPrivate } from '../../src/storage/private-folder.js';
import { createFsBlobStore, createUrlSigner } from '../../src/storage/blobs/index.js';

/**
 * Attack class: files on disk (issue 41, item 6). On a shared host another account read and wrote the data folder:
 * `./data` was 0755, PGlite's files 0666, stored documents 0644.
 */

const SERVER = fileURLToPath(new URL('../..', import.meta.url));

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

/** this process's environment without a database URL (the embedded database), with `extra` */
function embeddedEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, ...extra };
}

let folder: string;
let umask: number;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'byggdok-files-on-disk-'));
  // the usual umask of a login shell: what the files were made with before the fix
  umask = process.umask(0o022);
});
afterEach(async () => {
  process.umask(umask);
  await rm(folder, { recursive: true, force: true });
});

describe('files on disk are the owner’s only', () => {
  it('makes a data folder that others can read and write owner-only, and says how much it changed', async () => {
    const data = path.join(folder, 'data');
    await mkdir(path.join(data, 'files', 'documents'), { recursive: true });
    await writeFile(path.join(data, 'files', 'documents', 'tegning.pdf'), 'pdf');
    await writeFile(path.join(data, 'admin-token'), 'token');
    await chmod(path.join(data, 'files', 'documents'), 0o777);
    await chmod(path.join(data, 'admin-token'), 0o666);
    expect((await openToOthers(data)).length).toBeGreaterThan(0);

    const first = await makeFolderPrivate(data);

    expect(first.fixed).toBe(5);
    expect(await openToOthers(data)).toEqual([]);
    // what the owner could do stays
    expect((await lstat(path.join(data, 'files', 'documents'))).mode & 0o777).toBe(0o700);
    expect((await lstat(path.join(data, 'admin-token'))).mode & 0o777).toBe(0o600);
    // a second start has nothing to fix and says nothing
    expect((await makeFolderPrivate(data)).fixed).toBe(0);
  });

  it('creates a missing data folder owner-only', async () => {
    const data = path.join(folder, 'new', 'data');
    expect((await makeFolderPrivate(data)).fixed).toBe(0);
    expect((await lstat(data)).mode & 0o777).toBe(0o700);
  });

  it('stores documents owner-only whatever the umask', async () => {
    const root = path.join(folder, 'files');
    const store = createFsBlobStore({
      root,
      signer: createUrlSigner({ secret: 'x'.repeat(32), publicUrl: 'http://byggdok.test' }),
    });
    await store.put('documents/o/b/d/original', Buffer.from('%PDF-1.4'));
    await store.copy('documents/o/b/d/original', 'documents/o/b/d/1/original');
    expect(await openToOthers(root)).toEqual([]);
  });

  it(
    'a start makes an existing installation’s folder owner-only, PGlite’s files included, and logs that it did',
    { timeout: 120_000 },
    async () => {
      const data = path.join(folder, 'data');
      await mkdir(data, { mode: 0o755 });
      await writeFile(path.join(data, 'first-admin.txt'), 'password', { mode: 0o644 });

      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER, 'src/main.ts'), 'migrate'], {
          cwd: SERVER,
          env: embeddedEnvironment({ BYGGDOK_DATA_DIR: data, LOG_LEVEL: 'info', LOG_FORMAT: 'json' }),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('close', (exitCode) => resolve({ code: exitCode, output }));
      });

      expect(code, output).toBe(0);
      expect(output).toContain('made owner-only');
      // the embedded database was created by the start: its folders and files too
      expect((await readdir(path.join(data, 'pglite'))).length).toBeGreaterThan(0);
      expect(await openToOthers(data)).toEqual([]);
    },
  );
});
