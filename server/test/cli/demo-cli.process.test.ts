import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runByggdok, startEmbeddedService } from '../helpers/service-process.js';

/**
 * `byggdok demo` against a running service on embedded defaults: a building with the example documents (their
 * folders kept), readable with the key it prints, shown to the first administrator through a linked customer; run
 * again, the same building, nothing uploaded twice.
 */
describe('byggdok demo', () => {
  let running: Awaited<ReturnType<typeof startEmbeddedService>>;
  let base: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    running = await startEmbeddedService('byggdok-demo-');
    ({ base, env } = running);
  }, 90_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('makes one demo building with every example document, however often it runs', { timeout: 120_000 }, async () => {
    // the first start suggests it
    expect(running.service.output()).toContain('npx byggdok demo');
    const examples = (
      await fs.readdir(path.resolve(import.meta.dirname, '../../../examples/demo'), {
        recursive: true,
        withFileTypes: true,
      })
    )
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(
          path.resolve(import.meta.dirname, '../../../examples/demo'),
          path.join(entry.parentPath, entry.name),
        ),
      )
      .sort();
    const first = await runByggdok({ args: ['demo', '--json'], env, timeoutMs: 60_000 });
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout) as {
      key: string;
      buildingOwnerId: string;
      buildingId: string;
      documents: { uploaded: number; alreadyThere: number };
    };
    expect(made.documents).toEqual({ uploaded: examples.length, alreadyThere: 0 });

    const again = await runByggdok({ args: ['demo', '--json'], env, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout) as typeof made;
    expect(second).toMatchObject({ buildingOwnerId: made.buildingOwnerId, buildingId: made.buildingId });
    expect(second.documents).toEqual({ uploaded: 0, alreadyThere: examples.length });
    // a token the service refuses is said in one line, naming the call
    const refused = await runByggdok({
      args: ['demo'],
      env: { ...env, BYGGDOK_ADMIN_TOKEN: 'adm_not-the-operator-token-at-all' },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^byggdok demo: listing partners: 401 /m);

    // both keys read the building: every example once, with its folder
    for (const key of [made.key, second.key]) {
      const listed = await fetch(
        `${base}/v1/building_owners/${made.buildingOwnerId}/buildings/${made.buildingId}/documents?limit=100`,
        { headers: { 'x-api-key': key } },
      ).then((r) => r.json() as Promise<{ documents: { originalPath: string }[] }>);
      expect(listed.documents.map((d) => d.originalPath).sort()).toEqual(examples);
    }
    // one customer linked to the owner, so the first administrator sees the building in the web app
    const adminToken = (await fs.readFile(path.join(running.dataDir, 'admin-token'), 'utf8')).trim();
    const customers = await fetch(`${base}/admin/customers`, {
      headers: { authorization: `Bearer ${adminToken}` },
    }).then((r) => r.json() as Promise<{ customers: { buildingOwnerId: string | null }[] }>);
    expect(customers.customers.filter((c) => c.buildingOwnerId === made.buildingOwnerId)).toHaveLength(1);
  });

  it('uploads a folder, searches and asks, one command each, with the partner key', { timeout: 120_000 }, async () => {
    const made = JSON.parse((await runByggdok({ args: ['demo', '--json'], env, timeoutMs: 60_000 })).stdout) as {
      key: string;
      buildingOwnerId: string;
    };
    const partner = { ...env, BYGGDOK_API_KEY: made.key };
    const buildingId = await fetch(`${base}/v1/building_owners/${made.buildingOwnerId}/buildings`, {
      method: 'PUT',
      headers: { 'x-api-key': made.key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lastet opp fra kommandolinjen' }),
    }).then((r) => r.json() as Promise<string>);
    const where = ['--owner', made.buildingOwnerId, '--building', buildingId];
    const folder = path.resolve(import.meta.dirname, '../../../examples/demo/RIV');

    // one file first, as if an upload of the folder had been interrupted after it
    const first = await runByggdok({
      args: ['upload', path.join(folder, 'FDV ventilasjonsaggregat.pdf'), ...where],
      env: partner,
      timeoutMs: 90_000,
    });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('uploaded FDV ventilasjonsaggregat.pdf\n1 uploaded and processed\n');
    // the folder then sends only what is missing (files go four at a time, so their lines come in any order)
    const upload = await runByggdok({ args: ['upload', folder, ...where], env: partner, timeoutMs: 90_000 });
    expect(upload.code, upload.stderr).toBe(0);
    const lines = upload.stdout.trimEnd().split('\n');
    expect(lines.slice(0, -1).sort()).toEqual([
      'already there FDV ventilasjonsaggregat.pdf',
      'uploaded Produktdatablad blandebatteri.pdf',
    ]);
    expect(lines.at(-1)).toBe('1 uploaded and processed; 1 already there (the same MD5)');
    const again = await runByggdok({ args: ['upload', folder, ...where], env: partner, timeoutMs: 90_000 });
    expect(again.stdout.trimEnd().split('\n').at(-1)).toBe('0 uploaded and processed; 2 already there (the same MD5)');
    const listed = await fetch(`${base}/v1/building_owners/${made.buildingOwnerId}/buildings/${buildingId}/documents`, {
      headers: { 'x-api-key': made.key },
    }).then((r) => r.json() as Promise<{ documents: { filename: string }[] }>);
    expect(listed.documents.map((d) => d.filename).sort()).toEqual([
      'FDV ventilasjonsaggregat.pdf',
      'Produktdatablad blandebatteri.pdf',
    ]);
    const search = await runByggdok({ args: ['search', 'kalkfilteret', ...where], env: partner });
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).toMatch(/^Produktdatablad blandebatteri\.pdf {2}Produktdatablad blandebatteri\.pdf {2}/);
    const ask = await runByggdok({ args: ['ask', 'Hvor ofte skal filteret byttes?', ...where], env: partner });
    expect(ask.code, ask.stderr).toBe(0);
    expect(ask.stdout).toMatch(/\[1\] FDV ventilasjonsaggregat\.pdf, page 1: “[^”]*hver sjette måned/);

    // export: every document back at its original path, byte for byte, with its metadata; again, nothing fetched
    const out = await fs.mkdtemp(path.join(running.dataDir, 'export-'));
    const exported = await runByggdok({ args: ['export', out, ...where], env: partner, timeoutMs: 60_000 });
    expect(exported.code, exported.stderr).toBe(0);
    for (const name of ['FDV ventilasjonsaggregat.pdf', 'Produktdatablad blandebatteri.pdf'])
      expect(await fs.readFile(path.join(out, name))).toEqual(await fs.readFile(path.join(folder, name)));
    const manifest = JSON.parse(await fs.readFile(path.join(out, 'byggdok-export.json'), 'utf8')) as {
      buildingId: string;
      documents: { exportedAs: string; md5Checksum: string; classification: unknown; url?: string }[];
    };
    expect(manifest.buildingId).toBe(buildingId);
    expect(manifest.documents.map((d) => d.exportedAs)).toEqual([
      'FDV ventilasjonsaggregat.pdf',
      'Produktdatablad blandebatteri.pdf',
    ]);
    for (const document of manifest.documents) {
      expect(document.md5Checksum).toMatch(/^[0-9a-f]{32}$/);
      expect(document.classification).toBeDefined();
      expect(document.url).toBeUndefined(); // a signed link expires; the manifest keeps what lasts
    }
    const exportedAgain = await runByggdok({ args: ['export', out, ...where], env: partner, timeoutMs: 60_000 });
    expect(exportedAgain.stdout.trimEnd()).toBe(
      `2 documents in ${out} (0 fetched, 2 already there with the same MD5); metadata in byggdok-export.json`,
    );

    // a missing key or folder is said in one line
    const noKey = await runByggdok({ args: ['search', 'filter', ...where], env });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/^byggdok search: no API key: pass --key-file \(or --key\) or set BYGGDOK_API_KEY$/m);
    const noFolder = await runByggdok({ args: ['upload', '/nowhere/at-all', ...where], env: partner });
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toMatch(/^byggdok upload: no such file or folder: \/nowhere\/at-all$/m);
  });

  it(
    'uploads a corrected edition as a new version of a document: upload --replaces',
    { timeout: 120_000 },
    async () => {
      const made = JSON.parse((await runByggdok({ args: ['demo', '--json'], env, timeoutMs: 60_000 })).stdout) as {
        key: string;
        buildingOwnerId: string;
        buildingId: string;
      };
      const partner = { ...env, BYGGDOK_API_KEY: made.key };
      const documents = `${base}/v1/building_owners/${made.buildingOwnerId}/buildings/${made.buildingId}/documents`;
      const read = (url: string) =>
        fetch(url, { headers: { 'x-api-key': made.key } }).then((r) => r.json() as Promise<Record<string, unknown>>);
      const listed = (await read(`${documents}?limit=100`)) as { documents: { id: string; filename: string }[] };
      const original = listed.documents.find((d) => d.filename === 'FDV ventilasjonsaggregat.pdf')!;
      const where = ['--owner', made.buildingOwnerId, '--building', made.buildingId];
      // the supplier's corrected edition: other bytes under another name
      const folder = await fs.mkdtemp(path.join(running.dataDir, 'corrected-'));
      const corrected = path.join(folder, 'FDV ventilasjonsaggregat korrigert.pdf');
      const bytes = await fs.readFile(
        path.resolve(import.meta.dirname, '../../../examples/demo/RIV/FDV ventilasjonsaggregat.pdf'),
      );
      await fs.writeFile(corrected, Buffer.concat([bytes, Buffer.from('\n% korrigert utgave\n')]));

      const replaced = await runByggdok({
        args: ['upload', corrected, ...where, '--replaces', original.id, '--json'],
        env: partner,
        timeoutMs: 90_000,
      });
      expect(replaced.code, replaced.stderr).toBe(0);
      const [newVersion] = (JSON.parse(replaced.stdout) as { documents: { document_id: string; filename: string }[] })
        .documents;
      const newId = newVersion!.document_id;
      expect(newVersion!.filename).toBe('FDV ventilasjonsaggregat korrigert.pdf');
      expect(await read(`${documents}/${original.id}`)).toMatchObject({ supersededBy: newId, isLatestRevision: false });
      const versions = (await read(`${documents}/${newId}/versions`)) as { versions: { id: string }[] };
      expect(versions.versions.map((v) => v.id)).toEqual([newId, original.id]);

      // run again: the document it names is superseded by then, and the service says so; nothing more is uploaded
      const again = await runByggdok({
        args: ['upload', corrected, ...where, '--replaces', original.id],
        env: partner,
      });
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/^byggdok upload: the service refused: 409 .*already superseded/m);
      // a folder of several files cannot all be one document's new version; another owner's document is unknown here
      const several = await runByggdok({
        args: [
          'upload',
          path.resolve(import.meta.dirname, '../../../examples/demo/RIV'),
          ...where,
          '--replaces',
          newId,
        ],
        env: partner,
      });
      expect(several.code).toBe(2);
      expect(several.stderr).toMatch(/^byggdok upload: --replaces names one document: give one file, not 2$/m);
      const unknown = await runByggdok({
        args: ['upload', corrected, ...where, '--replaces', '00000000-0000-4000-8000-000000000000'],
        env: partner,
      });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^byggdok upload: the service refused: 404 /m);
      const after = (await read(`${documents}?limit=100`)) as { documents: unknown[] };
      expect(after.documents).toHaveLength(listed.documents.length + 1);
    },
  );

  it('serves the building to a desktop assistant over stdio: byggdok mcp', { timeout: 120_000 }, async () => {
    const made = JSON.parse((await runByggdok({ args: ['demo', '--json'], env, timeoutMs: 60_000 })).stdout) as {
      key: string;
      buildingOwnerId: string;
      buildingId: string;
    };
    // as an assistant's configuration starts it: the command, the service's URL and the key
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.resolve(import.meta.dirname, '../../dist/main.js'), 'mcp', '--url', base],
      env: { PATH: process.env.PATH ?? '', BYGGDOK_API_KEY: made.key },
      cwd: path.resolve(import.meta.dirname, '../..'),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'desktop-assistant', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('ask_building');
      const where = { building_owner_id: made.buildingOwnerId, building_id: made.buildingId };
      const result = (await client.callTool({
        name: 'ask_building',
        arguments: { ...where, query: 'Hvor ofte skal filteret byttes?' },
      })) as { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
      expect(result.isError).toBeFalsy();
      const answer = result.structuredContent as {
        answer: string;
        citations: Record<string, { cited_text: string }>;
      };
      expect(answer.answer).toMatch(/\[1\]/);
      expect(Object.values(answer.citations).map((citation) => citation.cited_text)).toContainEqual(
        expect.stringContaining('hver sjette måned'),
      );
      // a building of another owner id is refused by the service, and said so to the assistant
      const refused = (await client.callTool({
        name: 'list_documents',
        arguments: { ...where, building_owner_id: '00000000-0000-4000-8000-000000000000' },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toMatch(/^40[34] /);
    } finally {
      await client.close();
    }
  });
});
