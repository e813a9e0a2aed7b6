import fs from 'node:fs/promises';
import path from 'node:path';
import { randomSecret } from '../domain/shared/ids.js';

const ADMIN_TOKEN_FILE = 'admin-token';

/**
 * The operator token: BYGGDOK_ADMIN_TOKEN when set; otherwise the one in the data folder, created on first start with
 * mode 0600. Several API processes on several machines must set the variable so they agree.
 */
export async function resolveAdminToken(params: {
  configured: string | null;
  dataDir: string;
  /** reads left of a file another process is still writing (it made it empty a moment ago) */
  readsLeft?: number;
}): Promise<{ token: string; source: 'environment' | 'file'; path?: string; created?: boolean }> {
  if (params.configured) return { token: params.configured, source: 'environment' };
  const file = path.join(params.dataDir, ADMIN_TOKEN_FILE);
  await fs.mkdir(params.dataDir, { recursive: true });
  try {
    const token = (await fs.readFile(file, 'utf8')).trim();
    if (token.length >= 24) return { token, source: 'file', path: file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = `adm_${randomSecret()}`;
  // 'wx': never overwrite a token another process wrote a moment ago
  try {
    await fs.writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // another process made it and is writing it: read it again shortly; a file that stays short is not a token
    const readsLeft = params.readsLeft ?? 40;
    if (readsLeft <= 0) {
      throw new Error(
        `${file} holds no admin token (under 24 characters): delete it to have a new one made, or set BYGGDOK_ADMIN_TOKEN`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    return resolveAdminToken({ ...params, readsLeft: readsLeft - 1 });
  }
  return { token, source: 'file', path: file, created: true };
}

/**
 * For the CLI, one rule: the --token flag, then BYGGDOK_ADMIN_TOKEN, then the file admin-token in the data folder
 * (BYGGDOK_DATA_DIR, or ./data); never creates one. The source is named so a refusal can say which token was used.
 */
export async function readAdminToken(params: {
  flag?: string | undefined;
  configured: string | null;
  dataDir: string;
  dataDirFromEnvironment: boolean;
}): Promise<{ token: string; source: string } | { token: null; looked: string }> {
  if (params.flag) return { token: params.flag, source: 'the --token flag' };
  if (params.configured) return { token: params.configured, source: 'BYGGDOK_ADMIN_TOKEN' };
  const file = path.join(params.dataDir, ADMIN_TOKEN_FILE);
  const folder = params.dataDirFromEnvironment
    ? 'BYGGDOK_DATA_DIR'
    : 'the default data folder; is BYGGDOK_DATA_DIR set where the service runs?';
  try {
    const token = (await fs.readFile(file, 'utf8')).trim();
    if (token) return { token, source: `the file ${file} (${folder})` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { token: null, looked: `--token, BYGGDOK_ADMIN_TOKEN and ${file} (${folder})` };
}
