import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAdminToken } from '../../src/app/admin-token.js';

describe('the operator token in the data folder', () => {
  const folders: string[] = [];
  const dataDir = async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-admin-token-'));
    folders.push(folder);
    return folder;
  };
  afterEach(async () => {
    for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
  });

  it('is made once, 0600, and read back by the next start', async () => {
    const dir = await dataDir();
    const first = await resolveAdminToken({ configured: null, dataDir: dir });
    expect(first).toMatchObject({ source: 'file', created: true });
    expect((await fs.stat(path.join(dir, 'admin-token'))).mode & 0o777).toBe(0o600);
    expect(await resolveAdminToken({ configured: null, dataDir: dir })).toEqual({
      token: first.token,
      source: 'file',
      path: path.join(dir, 'admin-token'),
    });
  });

  it('waits for a token another process is writing, and names a file that stays too short instead of hanging', async () => {
    const dir = await dataDir();
    const file = path.join(dir, 'admin-token');
    await fs.writeFile(file, '', { mode: 0o600 });
    const waiting = resolveAdminToken({ configured: null, dataDir: dir });
    await new Promise((resolve) => setTimeout(resolve, 120));
    await fs.writeFile(file, 'adm_written-by-the-other-process-0123456789\n');
    expect((await waiting).token).toBe('adm_written-by-the-other-process-0123456789');

    await fs.writeFile(file, 'short\n');
    await expect(resolveAdminToken({ configured: null, dataDir: dir })).rejects.toThrow(
      `${file} holds no admin token (under 24 characters): delete it to have a new one made, or set BYGGDOK_ADMIN_TOKEN`,
    );
  });
});
