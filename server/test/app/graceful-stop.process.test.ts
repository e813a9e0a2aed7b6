import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/storage/db/database.js';
import { DEFAULT_SEGMENT_SETTINGS, maintainSegments } from '../../src/storage/search/segments.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { freePort, startByggdok, stopProcess, waitForExit, waitForReady } from '../helpers/service-process.js';
import { createTestDatabase } from '../helpers/test-database.js';

const ADMIN_TOKEN = 'graceful-stop-admin-token-0123456789';

/**
 * `byggdok api` and `byggdok worker` as separate processes told to stop (SIGTERM, what systemd and Kubernetes send).
 * Only on a PostgreSQL server: API and worker processes apart share one database, and embedded PGlite is one process
 * per data folder by design.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('api and worker processes stopped with SIGTERM, on postgres', () => {
  let database: Database & { url: string | null };
  let dataDir: string;
  let env: Record<string, string>;
  const started: ReturnType<typeof startByggdok>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-graceful-'));
    env = {
      DATABASE_URL: database.url ?? '',
      BYGGDOK_DATA_DIR: dataDir,
      BYGGDOK_ADMIN_TOKEN: ADMIN_TOKEN,
      HOST: '127.0.0.1',
      RATE_LIMIT_ENABLED: 'false',
    };
  }, 60_000);

  afterAll(async () => {
    for (const child of started) await stopProcess(child);
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function startApi(): Promise<{ child: ReturnType<typeof startByggdok>; base: string }> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = startByggdok({ args: ['api'], env: { ...env, PORT: String(port), BYGGDOK_PUBLIC_URL: base } });
    started.push(child);
    await waitForReady(child, base, 120_000);
    return { child, base };
  }

  async function partnerBuilding(base: string): Promise<{ key: string; documentsUrl: string }> {
    const call = async (method: string, url: string, body: unknown, key?: string) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(key ? { 'x-api-key': key } : { authorization: `Bearer ${ADMIN_TOKEN}` }),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      expect(response.ok).toBe(true);
      return response.json();
    };
    const partner = (await call('POST', '/admin/partners', { name: 'Stopp AS' })) as { id: string };
    const { key } = (await call('POST', `/admin/partners/${partner.id}/keys`, {})) as { key: string };
    const owner = (await call('POST', '/v1/building_owners', { name: 'Stopp Eiendom' }, key)) as { id: string };
    const building = (await call('PUT', `/v1/building_owners/${owner.id}/buildings`, { name: 'Bygg' }, key)) as string;
    return { key, documentsUrl: `${base}/v1/building_owners/${owner.id}/buildings/${building}/documents` };
  }

  async function register(target: { key: string; documentsUrl: string }, filename: string) {
    const response = await fetch(target.documentsUrl, {
      method: 'PUT',
      headers: { 'x-api-key': target.key, 'content-type': 'application/json' },
      body: JSON.stringify({ filename }),
    });
    return (await response.json()) as { documentId: string; uploadUrl: string };
  }

  const uploadState = async (documentId: string) =>
    (await database.executeSql('select upload_state from documents where id = $1', [documentId])).rows[0]?.upload_state;

  it('an API finishes the upload it is receiving, refuses new connections meanwhile, and exits 0', async () => {
    const api = await startApi();
    const target = await partnerBuilding(api.base);
    const { documentId, uploadUrl } = await register(target, 'FDV/Stoppet midt i.pdf');
    const bytes = await makePdf(['Ventilasjon\nFilterbytte to ganger i året']);

    // half the body sent, then the stop
    const url = new URL(uploadUrl);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: 'PUT',
      path: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/pdf', 'content-length': bytes.length },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(bytes.subarray(0, bytes.length >> 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = waitForExit(api.child, 30_000);
    api.child.kill('SIGTERM');
    // stopped listening: a load balancer's next try goes elsewhere
    let refused = false;
    for (let i = 0; i < 100 && !refused; i += 1) {
      refused = await fetch(`${api.base}/healthz`).then(
        (response) => response.status === 503,
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe(true);
    expect(await uploadState(documentId)).toBe('pending');

    request.end(bytes.subarray(bytes.length >> 1));

    expect((await answered).status).toBe(200);
    expect((await exited).code).toBe(0);
    expect(await uploadState(documentId)).toBe('uploaded');
  }, 180_000);

  it('a worker stopped mid-job hands the job back at once and exits 0; the next worker finishes the document', async () => {
    const api = await startApi();
    const target = await partnerBuilding(api.base);
    const { documentId, uploadUrl } = await register(target, 'FDV/Mange sider.pdf');
    // long enough that the stop comes while it is being read
    const pages = Array.from({ length: 400 }, (_, i) => `Side ${i + 1}\nSprinkleranlegg: hovedventil prøves månedlig.`);
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: await makePdf(pages),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);

    const worker = startByggdok({ args: ['worker'], env });
    started.push(worker);
    const activeJob = async () =>
      (
        await database.executeSql(
          `select state::text as state from pgboss.job where name = 'document.process' and data->>'documentId' = $1`,
          [documentId],
        )
      ).rows[0]?.state;
    for (let i = 0; i < 1200 && (await activeJob()) !== 'active'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await activeJob()).toBe('active');

    const exited = waitForExit(worker, 30_000);
    worker.kill('SIGTERM');
    const { code } = await exited;

    expect(code).toBe(0);
    // not left active until it expires (15 minutes by default): back in the queue, for whichever worker comes next
    expect(await activeJob()).toBe('retry');

    const next = startByggdok({ args: ['worker'], env });
    started.push(next);
    const categorised = async () =>
      (await database.executeSql('select categorised from documents where id = $1', [documentId])).rows[0]?.categorised;
    for (let i = 0; i < 1800 && (await categorised()) !== true; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await categorised()).toBe(true);
    await stopProcess(api.child);
  }, 360_000);

  it("an API loads the owners' search segments once it listens, so that their first searches need not wait", async () => {
    await database.executeSql(`insert into building_owners (id, name) values ('own_warm', 'Varm Eiendom')`);
    await database.executeSql(
      `insert into buildings (id, building_owner_id, name) values ('bld_warm', 'own_warm', 'B')`,
    );
    await database.executeSql(
      `insert into documents (id, building_id, building_owner_id, filename, original_path, blob_key, upload_state)
       select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'bld_warm', 'own_warm',
              'Rapport ' || g || '.pdf', 'FDV/' || g || '.pdf', 'warm/' || g, 'uploaded'
       from generate_series(1, 40) g`,
    );
    await database.executeSql(
      `insert into document_pages (document_id, page_number, text)
       select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 1, 'ventil kontroll ' || g
       from generate_series(1, 40) g`,
    );
    const { built } = await maintainSegments(database.db, { ...DEFAULT_SEGMENT_SETTINGS, minDocuments: 20 });
    expect(built).toEqual(['own_warm']);

    const api = await startApi();
    let loaded: { owners?: number } | undefined;
    for (let i = 0; i < 300 && !loaded; i += 1) {
      loaded = api.child
        .output()
        .split('\n')
        .filter((line) => line.includes('search segments loaded'))
        .map((line) => JSON.parse(line) as { owners?: number })[0];
      if (!loaded) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(loaded?.owners).toBe(1);
    await stopProcess(api.child);
  }, 180_000);
});
