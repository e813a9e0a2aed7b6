import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runByggdok, startByggdok, stopProcess, waitForReady } from '../helpers/service-process.js';

describe('the service as a process on the embedded defaults', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('creates the operator token, serves the quick start, keeps data over a restart, and refuses a second process', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-process-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = { BYGGDOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const base = `http://127.0.0.1:${port}`;

    let service = startByggdok({ args: ['serve'], env });
    cleanups.push(() => stopProcess(service));
    await waitForReady(service, base);

    const tokenFile = path.join(dataDir, 'admin-token');
    expect((await fs.stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(service.output()).toContain(tokenFile);
    const adminToken = (await fs.readFile(tokenFile, 'utf8')).trim();
    expect(service.output()).not.toContain(adminToken);

    // the CLI reads the token from the data folder and calls the admin API
    const partner = await runByggdok({ args: ['admin', 'partner', 'create', '--name', 'Acme Proptech'], env });
    expect(partner.code, partner.stderr).toBe(0);
    const partnerId = (JSON.parse(partner.stdout) as { id: string }).id;
    const key = await runByggdok({ args: ['admin', 'key', 'create', '--partner', partnerId], env });
    expect(key.code, key.stderr).toBe(0);
    const apiKey = (JSON.parse(key.stdout) as { key: string }).key;
    expect(apiKey).toMatch(/^fk_live_/);

    const created = await fetch(`${base}/v1/building_owners`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: '{"name":"Barcode Properties AS"}',
    });
    expect(created.status).toBe(201);
    const ownerId = ((await created.json()) as { id: string }).id;

    // a second process on the same folder fails at once, clearly
    const second = await runByggdok({ args: ['serve'], env: { ...env, PORT: String(await freePort()) } });
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/already in use by another byggdok process/);

    await stopProcess(service);
    service = startByggdok({ args: ['serve'], env });
    await waitForReady(service, base);
    const owner = await fetch(`${base}/v1/building_owners/${ownerId}`, { headers: { 'x-api-key': apiKey } });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ id: ownerId, name: 'Barcode Properties AS' });
    await stopProcess(service);
  }, 90_000);

  it('refuses to start with a bad variable, naming it', async () => {
    const result = await runByggdok({ args: ['serve'], env: { PORT: 'eighty', DATABASE_URL: 'mysql://x' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL');
  });
});
