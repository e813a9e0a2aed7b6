import fs from 'node:fs/promises';
import path from 'node:path';

/** a command given wrong, or refused by the service: said in one line, exit code 2 */
export class UsageError extends Error {}

/** exit code of a command whose service could not be reached (`cannot reach http://...: connection refused`) */
export const EXIT_UNREACHABLE = 3;

/** the files to send: a file as itself, a folder as every file under it (path relative to the folder, / separated) */
export async function filesOf(target: string): Promise<{ full: string; name: string }[]> {
  const stat = await fs.stat(target);
  if (stat.isFile()) return [{ full: target, name: path.basename(target) }];
  const entries = await fs.readdir(target, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { full, name: path.relative(target, full).split(path.sep).join('/') };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function ok<T>(
  what: string,
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const detail = (error as { detail?: string } | undefined)?.detail ?? response.statusText;
  throw new UsageError(`${what}: ${response.status} ${detail}`);
}
