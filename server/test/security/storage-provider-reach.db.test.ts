import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { startStorageProviderServer, type StorageProviderServer } from '../helpers/storage-provider-server.js';
import { connectStorageProvider, storageProviderSettings } from '../helpers/storage-provider-service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const CALLBACK = 'http://byggdok.test/integrations/storage-provider/oauth/callback';
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const MAX_UPLOAD_BYTES = 256 * 1024;

/** a service inside the network (the cloud metadata address, an admin page): records whatever reaches it */
async function startInsideServer() {
  const requests: { url: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    response.writeHead(200, { 'content-type': 'application/pdf' }).end('INSIDE-ONLY: instance credentials');
  });
  server.on('clientError', (_error, socket) => {
    requests.push({ url: '(not http)', authorization: undefined });
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a storage provider's answers can make the import do beyond bringing the person's files in: a listing's next
 * page or a file's redirect that points into the service's own network (and would carry the person's access token
 * there), a file past BYGGDOK_MAX_UPLOAD_BYTES, names with hidden characters or a path that climbs, and another
 * customer's people on the import's routes.
 */
describe.each(testEngines())('storage-provider import reach on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let provider: StorageProviderServer;
  let inside: Awaited<ReturnType<typeof startInsideServer>>;
  const files: { path: string; bytes: Buffer }[] = [];
  const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(MAX_UPLOAD_BYTES + 1024)]);

  beforeAll(async () => {
    for (const path of [
      'Mange/FDV 1.pdf',
      'Mange/FDV 2.pdf',
      'Mange/FDV 3.pdf',
      'Utenfor/Pumpe.pdf',
      'Utenfor/Vifte.pdf',
      'Intern/Ventil.pdf',
      'Navn/Pumpe\u202Efdp.exe',
      'Navn/..\\..\\Privat\\Lønn.pdf',
    ]) {
      files.push({ path, bytes: await makePdf([`${path.replace(/[^ -~ø]/g, '_')}\nDrift og vedlikehold.`]) });
    }
    files.push({ path: 'Navn/Stor.pdf', bytes: big });
    inside = await startInsideServer();
    provider = await startStorageProviderServer({ redirectUri: CALLBACK, files });
    t = await createTestApp({
      engine,
      workers: true,
      settings: {
        uploads: { maxBytes: MAX_UPLOAD_BYTES },
        storageProvider: storageProviderSettings(provider),
      },
    });
    w = await createDeliveryWorld(t, { projectName: 'Leverandørens svar' });
    await connect(w.adminKey);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await provider.close();
    await inside.close();
  });

  const connect = (key: string) => connectStorageProvider(t, provider, key);

  /** an import of `folderPath` into the world's building, once its job has ended (done, failed, out of retries) */
  async function importFolder(folderPath: string) {
    const asked = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: w.adminKey,
      payload: { buildingId: w.buildingId, folderPath },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const importId = asked.body.id as string;
    for (let i = 0; i < 600; i += 1) {
      const { rows } = await sql<{ state: string }>`
        select state::text from pgboss.job where name = 'storage_provider.import' and singleton_key = ${importId}
      `.execute(t.deps.database.db);
      if (rows.length > 0 && rows.every((row) => ['completed', 'cancelled', 'failed'].includes(row.state))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const state = await t.request({
      method: 'GET',
      url: `/integrations/storage-provider/import/${importId}`,
      key: w.adminKey,
    });
    return state.body as {
      id: string;
      status: string;
      imported: number;
      skipped: { path: string; reason: string }[];
      documentIds: string[];
      error: string | null;
    };
  }

  const documentsOf = () =>
    t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'filename', 'original_path', 'md5', 'archived_at'])
      .where('building_id', '=', w.buildingId)
      .execute();

  it("never follows a listing's next page out of the provider's API, nor sends the access token there", async () => {
    provider.rewriteNextLink = (next) => `http://127.0.0.1:${inside.port}/v1.0/me/drive${new URL(next).search}`;
    try {
      const ended = await importFolder('/Mange');
      expect(ended.status).toBe('failed');
      expect(ended.error).toContain('next page');
      expect(ended.imported).toBe(0);
    } finally {
      provider.rewriteNextLink = null;
    }
    expect(inside.requests).toEqual([]);
  });

  it('ends an import whose provider sends a page of the listing it sent before, instead of going round for ever', async () => {
    // the next page of /Mange made its first page again: was a job that never ended, its listing growing in memory
    provider.rewriteNextLink = (next) => next.replace(/\?skip=\d+$/, '');
    try {
      const ended = await importFolder('/Mange');
      expect(ended.status).toBe('failed');
      expect(ended.error).toContain('same page again');
      expect(ended.imported).toBe(0);
      // the same answer would come again: ended at once, not retried
      const { rows } = await sql<{ retries: number }>`
        select retry_count as retries from pgboss.job
         where name = 'storage_provider.import' and singleton_key = ${ended.id}
      `.execute(t.deps.database.db);
      expect(rows.map((row) => Number(row.retries))).toEqual([0]);
    } finally {
      provider.rewriteNextLink = null;
    }
  });

  it("fetches no file from an address inside the service's network, whatever the provider redirects to", async () => {
    const targets = new Map<string, string>();
    provider.redirectContent = (itemId) => targets.get(itemId) ?? null;
    const ids = await t.deps.database.db.selectFrom('documents').select('id').execute();
    try {
      // the provider's items are numbered in the order given: Utenfor/Pumpe.pdf is item-3, Utenfor/Vifte.pdf item-4
      targets.set('item-3', `http://127.0.0.1:${inside.port}/latest/meta-data/iam/security-credentials/`);
      targets.set('item-4', `https://localhost:${inside.port}/admin`);
      const ended = await importFolder('/Utenfor');
      expect(ended).toMatchObject({ status: 'done', imported: 0 });
      expect(ended.skipped.map((s) => s.path).sort()).toEqual(['Pumpe.pdf', 'Vifte.pdf']);
      expect(ended.skipped.find((s) => s.path === 'Vifte.pdf')?.reason).toContain('inside');
    } finally {
      provider.redirectContent = null;
    }
    expect(inside.requests).toEqual([]);
    const added = (await documentsOf()).filter((d) => !ids.some((before) => before.id === d.id));
    expect(added.filter((d) => d.archived_at === null && d.md5 !== null)).toEqual([]);
  });

  it("still follows the provider's redirect within its own API, with the same bytes", async () => {
    provider.redirectContent = (itemId) => `${provider.apiUrl}/me/drive/items/${itemId}/content?direct=1`;
    try {
      const ended = await importFolder('/Intern');
      expect(ended).toMatchObject({ status: 'done', imported: 1, skipped: [] });
      const [document] = (await documentsOf()).filter((d) => d.id === ended.documentIds[0]);
      expect(document?.md5).toBe(md5(files.find((f) => f.path === 'Intern/Ventil.pdf')!.bytes));
    } finally {
      provider.redirectContent = null;
    }
  });

  it('takes no file past the upload limit, and stores names without hidden characters or a climbing path', async () => {
    const ended = await importFolder('/Navn');
    expect(ended.status).toBe('done');
    expect(ended.skipped.map((s) => s.path)).toEqual(['Stor.pdf']);
    const documents = await documentsOf();
    expect(documents.some((d) => d.md5 === md5(big))).toBe(false);
    // the skipped file leaves nothing behind: no pending document in the building, waiting hours for the sweep
    expect(documents.filter((d) => d.filename === 'Stor.pdf' && d.archived_at === null)).toEqual([]);
    const imported = documents.filter((d) => ended.documentIds.includes(d.id));
    expect(imported).toHaveLength(2);
    for (const document of imported) {
      expect(document.filename).not.toContain('\u202E');
      expect(document.original_path).not.toContain('\u202E');
      expect(document.original_path.split('/')).not.toContain('..');
      expect(document.original_path).not.toContain('\\');
    }
  });

  it("lets another customer's people neither import into the building nor read the import", async () => {
    const other = await createDeliveryWorld(t, { projectName: 'Naboen' });
    await connect(other.adminKey);
    const into = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: other.adminKey,
      payload: { buildingId: w.buildingId, folderPath: '/Intern' },
    });
    expect(into.status).toBe(404);
    const mine = await importFolder('/Intern');
    const read = await t.request({
      method: 'GET',
      url: `/integrations/storage-provider/import/${mine.id}`,
      key: other.adminKey,
    });
    expect(read.status).toBe(404);
  });
});
