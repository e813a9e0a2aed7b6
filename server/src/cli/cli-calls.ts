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

/** the key options every partner command takes */
export const KEY_OPTIONS = { key: { type: 'string' }, 'key-file': { type: 'string' } } as const;

/**
 * The key a command sends: `--key`, else the first line of `--key-file` (which, unlike `--key`, other users of the
 * machine cannot read in the process list), else BYGGDOK_API_KEY. Neither the key nor the file's content is ever said
 * in an error.
 */
export async function keyOf(
  values: { key?: string; 'key-file'?: string },
  config: Pick<Config, 'partnerApiKey'>,
): Promise<string> {
  if (values.key !== undefined && values['key-file'] !== undefined) {
    throw new UsageError('give the key once: --key or --key-file');
  }
  const file = values['key-file'];
  if (file !== undefined) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read the key file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const key = text.split(/\r?\n/)[0]!.trim();
    if (!key) throw new UsageError(`the key file ${file} is empty: put the key on its first line`);
    return key;
  }
  if (values.key !== undefined) {
    // still taken (scripts use it), but said once per command: the key is in the process list meanwhile
    process.stderr.write(
      'byggdok: warning: a key given with --key can be read by other users of this machine (the process list); ' +
        'use --key-file <file> or BYGGDOK_API_KEY\n',
    );
  }
  const key = values.key ?? config.partnerApiKey;
  if (!key) throw new UsageError('no API key: pass --key-file (or --key) or set BYGGDOK_API_KEY');
  return key;
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
