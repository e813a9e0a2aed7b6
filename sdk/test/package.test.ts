import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SDK = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SDK, '..');

/**
 * The package as a partner installs it: `npm pack`, unpacked into a project of its own beside nothing of this
 * repository but openapi-fetch, then imported by plain Node and type-checked by tsc against the shipped .d.ts files.
 */
describe('the @byggdok/sdk package', () => {
  let project: string;
  let files: string[];

  beforeAll(async () => {
    project = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-sdk-package-'));
    // the build is npm ci's (prepare); --ignore-scripts packs it as it is
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], {
      cwd: SDK,
    });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    files = packed!.files.map((f) => f.path).sort();
    const installed = path.join(project, 'node_modules/@byggdok/sdk');
    await fs.mkdir(installed, { recursive: true });
    await run('tar', ['-xzf', path.join(project, packed!.filename), '-C', installed, '--strip-components=1']);
    await fs.symlink(path.join(ROOT, 'node_modules/openapi-fetch'), path.join(project, 'node_modules/openapi-fetch'));
    await fs.writeFile(path.join(project, 'package.json'), '{ "type": "module" }\n');
  }, 60_000);
  afterAll(() => fs.rm(project, { recursive: true, force: true }));

  it('ships the built client, its types, the OpenAPI document, README and examples, and nothing else', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'dist/index.js', 'dist/index.d.ts', 'openapi.json']));
    expect(files.filter((f) => f.startsWith('examples/')).length).toBeGreaterThan(0);
    expect(
      files.filter((f) => /^(src|test|scripts)\//.test(f) || f.endsWith('.inputs') || f.includes('tsconfig')),
    ).toEqual([]);
  });

  it('runs in plain Node: a list call that meets a 429 waits and succeeds', async () => {
    let calls = 0;
    const server = http.createServer((request, response) => {
      calls += 1;
      if (calls === 1) {
        response.writeHead(429, { 'retry-after': '0', 'content-type': 'application/problem+json' });
        return response.end('{"status":429,"code":"rate_limited","title":"Too Many Requests","detail":"slow down"}');
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ buildingOwners: [{ id: 'own_1', name: request.headers['x-api-key'] }], nextToken: null }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const script = path.join(project, 'list.mjs');
      await fs.writeFile(
        script,
        [
          "import { createByggdokClient } from '@byggdok/sdk';",
          `const client = createByggdokClient({ baseUrl: 'http://127.0.0.1:${(server.address() as AddressInfo).port}', apiKey: 'fk_test_x' });`,
          'const page = await client.owners.list();',
          'console.log(JSON.stringify(page));',
        ].join('\n'),
      );
      const { stdout } = await run(process.execPath, [script], { cwd: project });
      expect(JSON.parse(stdout)).toEqual({ items: [{ id: 'own_1', name: 'fk_test_x' }], nextToken: null });
      expect(calls).toBe(2);
    } finally {
      server.close();
    }
  });

  it('type-checks a program against the shipped declarations, and refuses a wrong one', async () => {
    const program = (body: string): string =>
      [
        "import { createByggdokClient, isProblem } from '@byggdok/sdk';",
        "const client = createByggdokClient({ baseUrl: 'http://localhost:8080', apiKey: 'k' });",
        'export async function main(): Promise<void> {',
        body,
        '}',
      ].join('\n');
    await fs.writeFile(
      path.join(project, 'good.ts'),
      program(
        [
          "  for await (const d of client.documents.iterate({ buildingOwnerId: 'o', buildingId: 'b' })) console.log(d.filename);",
          "  const hits = await client.search.building({ buildingOwnerId: 'o', buildingId: 'b' }, { query: 'brann' });",
          '  console.log(hits.numberOfHits);',
          "  try { await client.owners.get({ buildingOwnerId: 'o' }); } catch (e) { if (isProblem(e)) console.log(e.problem?.detail); }",
        ].join('\n'),
      ),
    );
    await fs.writeFile(
      path.join(project, 'bad.ts'),
      program(
        "  const d = await client.documents.get({ buildingOwnerId: 'o', buildingId: 'b' });\n  console.log(d.nope);",
      ),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom'];
    await run(process.execPath, [tsc, ...flags, 'good.ts'], { cwd: project });
    const refused = await run(process.execPath, [tsc, ...flags, 'bad.ts'], { cwd: project }).then(
      () => ({ stdout: 'compiled' }),
      (error: { stdout: string }) => error,
    );
    expect(refused.stdout).toContain("'documentId' is missing");
    expect(refused.stdout).toContain("Property 'nope' does not exist");
  }, 60_000);
});
