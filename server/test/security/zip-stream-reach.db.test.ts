import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { readZip } from '../helpers/zip-reader.js';

/**
 * A streamed zip (`POST .../documents/zip`) is read as slowly as its reader likes: its files are chosen and authorised
 * when the request starts, but each is opened only when the stream reaches it. A file deleted, or put under a private
 * folder, while a slow download is under way must not be sent after that; it is named in the missing list instead.
 * Nor any file once the download's own key is revoked.
 */
describe.each(testEngines())('a streamed zip whose files leave reach during the download, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let base: string;
  let folder: string;
  const ids: Record<string, string> = {};
  // large enough that the stream waits for its reader inside the first file
  const bytes: Record<string, Buffer> = { first: randomBytes(16 << 20), deleted: randomBytes(64 << 10) };
  bytes.hidden = randomBytes(64 << 10);
  bytes.kept = randomBytes(64 << 10);
  const paths: Record<string, string> = {
    first: 'ARK/Plan 1.pdf',
    deleted: 'VVS/Produktdatablad.pdf',
    hidden: 'HR/Lønn 2026.pdf',
    kept: 'VVS/FDV pumpe.pdf',
  };

  beforeAll(async () => {
    // files on disk, as the default install keeps them: read in chunks, so the stream waits for its reader
    folder = await mkdtemp(path.join(tmpdir(), 'byggdok-zip-stream-'));
    t = await createTestApp({ engine, settings: { storage: { kind: 'fs', root: folder } } });
    seed = await t.seed();
    for (const name of ['first', 'deleted', 'hidden', 'kept']) {
      ids[name] = await insertDocument({
        db: t.deps.database.db,
        ownerId: seed.ownerId,
        buildingId: seed.buildingId,
        path: paths[name]!,
        pages: ['x'],
      });
      await t.deps.blobs.put(`test/${ids[name]}`, bytes[name]!, { contentType: 'application/pdf' });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  /**
   * The zip of `documentIds` read by a reader that pauses inside the first file, runs `meanwhile`, then reads on: the
   * archive's entries as they arrived
   */
  async function slowDownload(params: { key: string; documentIds: string[]; meanwhile: () => Promise<void> }) {
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        `${base}/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/zip`,
        { method: 'POST', headers: { 'x-api-key': params.key, 'content-type': 'application/json' } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', (chunk: Buffer) => {
            chunks.push(chunk);
            response.pause();
            void params
              .meanwhile()
              .then(() => {
                response.on('data', (more: Buffer) => chunks.push(more));
                response.resume();
              })
              .catch(reject);
          });
          response.on('end', resolve);
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ documentIds: params.documentIds }));
    });
    return readZip(Buffer.concat(chunks));
  }

  it('sends no more files once the key of a slow download is revoked, and names them as out of reach', async () => {
    const { id, key } = await t.createKey({ partnerId: seed.partnerId });
    const files = await slowDownload({
      key,
      documentIds: [ids.first!, ids.kept!],
      // the reader pauses inside the first file; meanwhile the operator revokes the key
      meanwhile: async () => {
        const revoked = await t.request({
          method: 'DELETE',
          url: `/admin/keys/${id}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        expect(revoked.status).toBe(204);
      },
    });
    // was: the whole zip, every file chosen at the start, to a key revoked half-way
    expect([...files.keys()].sort()).toEqual([paths.first, 'manifest.csv', 'MANGLER-MISSING.txt'].sort());
    const missing = files.get('MANGLER-MISSING.txt')!.toString('utf8');
    expect(missing).toContain(`${paths.kept} (dokument/document ${ids.kept})`);
    expect(missing).toContain('the key or sign-in of the download lost its access after the download began');
  });

  it('leaves out a file deleted or made private after the download began, and names it as no longer there', async () => {
    const files = await slowDownload({
      key: seed.key,
      documentIds: [ids.first!, ids.deleted!, ids.hidden!, ids.kept!],
      // the reader pauses inside the first file; meanwhile one file is deleted and one made private
      meanwhile: async () => {
        const deleted = await t.request({
          method: 'DELETE',
          url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.deleted}`,
          key: seed.key,
        });
        expect(deleted.status).toBe(200);
        await sql`update buildings set private_folders = ${['HR/']}::text[] where id = ${seed.buildingId}`.execute(
          t.deps.database.db,
        );
      },
    });
    // was: every file chosen at the start, the deleted one and the private one among them
    expect([...files.keys()].sort()).toEqual([paths.first, paths.kept, 'manifest.csv', 'MANGLER-MISSING.txt'].sort());
    expect(files.get(paths.first!)!.equals(bytes.first!)).toBe(true);
    expect(files.get(paths.kept!)!.equals(bytes.kept!)).toBe(true);
    const missing = files.get('MANGLER-MISSING.txt')!.toString('utf8');
    expect(missing).toContain(`${paths.deleted} (dokument/document ${ids.deleted})`);
    expect(missing).toContain(`${paths.hidden} (dokument/document ${ids.hidden})`);
    expect(missing).toContain('the document was deleted, replaced or went out of reach after the download began');
    const manifest = files.get('manifest.csv')!.toString('utf8');
    expect(manifest).not.toContain(ids.deleted!);
    expect(manifest).not.toContain(ids.hidden!);
  });
});
