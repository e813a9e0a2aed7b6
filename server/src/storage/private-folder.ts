import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything this process creates is its owner's only: the data folder holds the database, every stored document, the
 * operator token and the signing secret, and on a shared host no other account may read or change them. A umask of
 * 077 covers what any library writes (PGlite's files, the file store, the outbox, backups), not only our own calls.
 */
export const PRIVATE_UMASK = 0o077;

export function useOwnerOnlyFiles(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates a folder (the data folder) owner-only, or makes an existing one so: every folder and file in it that others could read,
 * write or enter loses those bits (an installation made before this rule, or files copied in by hand). Symbolic links
 * are neither followed nor changed. Answers how many entries were changed, so that the start can say it did.
 */
export async function makeFolderPrivate(dataDir: string): Promise<{ fixed: number }> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let fixed = 0;
  const pending = [dataDir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stats = await lstat(current).catch(() => null);
    // gone meanwhile (a lock file), or a link: left alone
    if (stats === null || stats.isSymbolicLink()) continue;
    if ((stats.mode & 0o077) !== 0) {
      await chmod(current, stats.mode & 0o700);
      fixed++;
    }
    if (stats.isDirectory()) {
      const entries = await readdir(current).catch(() => []);
      for (const entry of entries) pending.push(path.join(current, entry));
    }
  }
  return { fixed };
}
