import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopProcess, waitForExit, waitForHttp } from '../helpers/service-process.js';
import { spawn, type ChildProcess } from 'node:child_process';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * The service as someone outside the checkout gets it: the server workspace and the SDK it needs packed with `npm
 * pack` (the web app's built files bundled), installed from those tarballs into an empty folder, and run there:
 * `byggdok serve` (with /app/), `byggdok upload` and `byggdok mcp` as the README shows them.
 */
describe('the packed service, installed into an empty folder', () => {
  let folder: string;
  let service: ChildProcess | undefined;
  let base: string;
  let env: Record<string, string>;
  const bin = () => path.join(folder, 'node_modules', '.bin', 'byggdok');
  const byggdok = (args: string[]) => {
    const child = spawn(bin(), args, { cwd: folder, env: { PATH: process.env.PATH ?? '', ...env } });
    return waitForExit(child, 120_000);
  };

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-pack-'));
    const tarballs = path.join(folder, 'tarballs');
    const install = path.join(folder, 'app');
    await fs.mkdir(tarballs);
    await fs.mkdir(install);
    // what `npm pack` runs first (prepack), done here only where the sources changed
    await run(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: REPO });
    await run(process.execPath, ['scripts/bundle-web.mjs'], { cwd: path.join(REPO, 'server') });
    for (const workspace of ['sdk', 'server'])
      await run('npm', ['pack', '--ignore-scripts', '--pack-destination', tarballs], {
        cwd: path.join(REPO, workspace),
      });
    const packed = (await fs.readdir(tarballs)).map((name) => path.join(tarballs, name));
    expect(packed.map((p) => path.basename(p)).sort()).toEqual(['byggdok-sdk-0.1.0.tgz', 'byggdok-server-0.1.0.tgz']);
    await fs.writeFile(path.join(install, 'package.json'), JSON.stringify({ name: 'empty', private: true }));
    await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...packed],
      { cwd: install, maxBuffer: 1 << 24 },
    );
    folder = install;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      BYGGDOK_DATA_DIR: path.join(install, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      BYGGDOK_PUBLIC_URL: base,
    };
    service = spawn(bin(), ['serve'], { cwd: install, env: { PATH: process.env.PATH ?? '', ...env } });
    await waitForHttp(`${base}/readyz`, 90_000);
  }, 300_000);

  afterAll(async () => {
    if (service) await stopProcess(service);
    if (folder) await fs.rm(path.dirname(folder), { recursive: true, force: true });
  });

  it(
    'serves the API and the web app, and its CLI uploads and serves MCP over stdio',
    { timeout: 180_000 },
    async () => {
      // nothing of the checkout: the package and its dependencies only
      expect(await fs.realpath(bin())).toContain(path.join(folder, 'node_modules', '@byggdok', 'server'));
      const app = await fetch(`${base}/app/`);
      expect(app.status).toBe(200);
      expect(await app.text()).toContain('<div id="root">');

      const partner = await byggdok(['admin', 'partner', 'create', '--name', 'Pakket partner']);
      expect(partner.code, partner.stderr).toBe(0);
      const partnerId = (JSON.parse(partner.stdout) as { id: string }).id;
      const created = await byggdok(['admin', 'key', 'create', '--partner', partnerId]);
      expect(created.code, created.stderr).toBe(0);
      const key = (JSON.parse(created.stdout) as { key: string }).key;
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const owner = (await (
        await fetch(`${base}/v1/building_owners`, { method: 'POST', headers, body: JSON.stringify({ name: 'Eier' }) })
      ).json()) as { id: string };
      const buildingId = (await (
        await fetch(`${base}/v1/building_owners/${owner.id}/buildings`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ name: 'Bygg' }),
        })
      ).json()) as string;

      const files = path.join(folder, 'files');
      await fs.mkdir(path.join(files, 'FDV'), { recursive: true });
      await fs.writeFile(
        path.join(files, 'FDV', 'Ventilasjon.txt'),
        'Filteret i ventilasjonsaggregatet byttes hver sjette måned.',
      );
      const upload = await byggdok([
        'upload',
        files,
        '--owner',
        owner.id,
        '--building',
        buildingId,
        '--url',
        base,
        '--key',
        key,
      ]);
      expect(upload.code, upload.stderr).toBe(0);

      const client = new Client({ name: 'desktop-assistant', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: bin(),
          args: ['mcp', '--url', base, '--key', key],
          cwd: folder,
          env: { PATH: process.env.PATH ?? '' },
          stderr: 'pipe',
        }),
      );
      try {
        const result = (await client.callTool({
          name: 'search_building',
          arguments: { building_owner_id: owner.id, building_id: buildingId, query: 'ventilasjonsaggregatet' },
        })) as { isError?: boolean; structuredContent?: { hits: { originalPath: string; passages: unknown[] }[] } };
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent!.hits[0]).toMatchObject({ originalPath: 'FDV/Ventilasjon.txt' });
        expect(result.structuredContent!.hits[0]!.passages).toHaveLength(1);
      } finally {
        await client.close();
      }
    },
  );
});
