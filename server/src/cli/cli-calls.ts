import fs from 'node:fs/promises';
import path from 'node:path';
import { isPlainHttpElsewhere } from '@byggdok/sdk';
import type { Config } from '../config/config.js';

/** a command given wrong, or refused by the service: said in one line, exit code 2 */
export class UsageError extends Error {}

/** exit code of a command whose service could not be reached (`cannot reach http://...: connection refused`) */
export const EXIT_UNREACHABLE = 3;

/**
 * The service URL a command sends its key or token to, checked first: fetch would refuse one with a user name or
 * password in an error that repeats it, and plain http to another host hands the credential to anyone on the way
 * (unless BYGGDOK_ALLOW_HTTP says the network is trusted). Trailing slashes dropped.
 */
export function serviceUrl(raw: string, config: Pick<Config, 'allowPlainHttp'>): string {
  const base = raw.trim().replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(base)) {
    throw new UsageError('the service URL must not carry a user name or password: give the key with --key');
  }
  if (!config.allowPlainHttp && isPlainHttpElsewhere(base)) {
    throw new UsageError(
      `${new URL(base).origin} is plain http: the key would cross the network readable to anyone on the way. ` +
        'Use https, or set BYGGDOK_ALLOW_HTTP=true for a network you trust',
    );
  }
  return base;
}

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
