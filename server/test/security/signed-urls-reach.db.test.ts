import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A signed download URL of the embedded file storage saved while its file could be read (a partner's `url` and
 * `previewUrl`, live an hour; a person's `get-signed-url` and a zip's `latest` link, 15 minutes) and used again after
 * the file left what anyone may read: its document archived, its building archived, a private folder over it, its zip
 * outdated. The service serves these URLs itself, so it asks each time whether the file is still served.
 */
describe.each(testEngines())('signed download URLs after their file left reach, on %s', (engine) => {
  let t: TestApp;
  let seed: { partnerId: string; key: string; ownerId: string; buildingId: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
  });
  afterAll(() => t.close());

  const buildingUrl = (buildingId = seed.buildingId) => `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}`;

  async function fetchSigned(url: string): Promise<{ status: number; body: string }> {
    const link = new URL(url);
    const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    return { status: response.statusCode, body: response.body };
  }

  async function urlsOf(documentId: string, buildingId = seed.buildingId) {
    const document = await t.request({
      method: 'GET',
      url: `${buildingUrl(buildingId)}/documents/${documentId}`,
      key: seed.key,
    });
    expect(document.status).toBe(200);
    return document.body as { url: string; previewUrl: string | null };
  }

  async function newBuilding(name: string): Promise<string> {
    const created = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name },
    });
    expect(created.status).toBe(200);
    return created.body as string;
  }

  async function setPrivateFolders(buildingId: string, privateFolders: string[]) {
    const changed = await t.request({
      method: 'PATCH',
      url: buildingUrl(buildingId),
      key: seed.key,
      payload: { privateFolders },
    });
    expect(changed.status).toBe(200);
  }

  it('no longer serves a saved download URL once its document is deleted', async () => {
    const documentId = await t.upload({ seed, filename: 'Notat/Befaring.txt', bytes: Buffer.from('befaring 12. mai') });
    const { url } = await urlsOf(documentId);
    expect(await fetchSigned(url)).toEqual({ status: 200, body: 'befaring 12. mai' });

    const deleted = await t.request({
      method: 'DELETE',
      url: `${buildingUrl()}/documents/${documentId}`,
      key: seed.key,
    });
    expect(deleted.status).toBe(200);
    const after = await fetchSigned(url);
    expect(after.status).toBe(404);
    expect(after.body).not.toContain('befaring');
  });

  it('no longer serves a saved download URL, nor its preview, while a private folder covers its document', async () => {
    const buildingId = await newBuilding('Bygg med kontrakter');
    const documentId = await t.upload({
      seed: { ...seed, buildingId },
      filename: 'Kontrakter/Avtale rørlegger.txt',
      bytes: Buffer.from('kontraktssum 4 200 000'),
    });
    // the document as processing leaves it: a generated PDF preview beside the original
    const { blob_key: blobKey } = await t.deps.database.db
      .selectFrom('documents')
      .select('blob_key')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const previewKey = blobKey.replace(/\/original$/, '/preview.pdf');
    await t.deps.blobs.put(previewKey, Buffer.from('%PDF-1.4 kontraktssum'), { contentType: 'application/pdf' });
    await t.deps.database.db
      .updateTable('documents')
      .set({ preview_key: previewKey })
      .where('id', '=', documentId)
      .execute();
    const { url, previewUrl } = await urlsOf(documentId, buildingId);
    expect(previewUrl).not.toBeNull();
    expect((await fetchSigned(url)).status).toBe(200);
    expect((await fetchSigned(previewUrl!)).status).toBe(200);

    await setPrivateFolders(buildingId, ['Kontrakter/']);
    for (const saved of [url, previewUrl!]) {
      const refused = await fetchSigned(saved);
      expect(refused.status).toBe(404);
      expect(refused.body).not.toContain('kontraktssum');
    }

    // the folder's state decides, not the URL: made public again, the same URL serves the file
    await setPrivateFolders(buildingId, []);
    expect((await fetchSigned(url)).status).toBe(200);
  });

  it('no longer serves a saved download URL once its building is archived', async () => {
    const buildingId = await newBuilding('Bygg som selges');
    const documentId = await t.upload({
      seed: { ...seed, buildingId },
      filename: 'Salg/Takst.txt',
      bytes: Buffer.from('takst 31 mill'),
    });
    const { url } = await urlsOf(documentId, buildingId);
    expect((await fetchSigned(url)).status).toBe(200);

    const archived = await t.request({ method: 'DELETE', url: buildingUrl(buildingId), key: seed.key });
    expect(archived.status).toBe(200);
    expect((await fetchSigned(url)).status).toBe(404);
  });
});

/**
 * A zip's signed link (`latest`, 15 minutes) saved and used again once the archive is outdated: a file of it archived
 * or a folder of it made private. `latest` no longer hands such an archive out; its saved link served it still.
 */
describe.each(testEngines())('saved zip links after their archive is outdated, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    w = await createDeliveryWorld(t);
    for (const [name, filename] of [
      ['letter', 'Korrespondanse/Reklamasjon.pdf'],
      ['fdv', 'VVS/FDV pumpe.pdf'],
    ] as const) {
      ids[name] = await portalUpload(t, { ...w, filename, bytes: Buffer.from(`%PDF-1.4 ${name}`) });
    }
  });
  afterAll(() => t.close());

  async function built(): Promise<{ id: string; url: string }> {
    const asked = await t.request({ method: 'POST', url: `/construction/zip/${w.buildingId}`, key: w.adminKey });
    expect(asked.status).toBe(202);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const latest = await t.request({
        method: 'GET',
        url: `/construction/zip/${w.buildingId}/latest`,
        key: w.adminKey,
      });
      if (latest.body.status === 'ready' || latest.body.status === 'failed') {
        expect(latest.body).toMatchObject({ id: asked.body.id, status: 'ready' });
        return latest.body;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the zip was not built');
  }

  const fetchSigned = async (url: string) => {
    const link = new URL(url);
    return (await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode;
  };

  it('no longer serves a saved zip link once a file of the archive is deleted', async () => {
    const zip = await built();
    expect(await fetchSigned(zip.url)).toBe(200);

    const removed = await t.request({
      method: 'DELETE',
      url: `/construction/documents/${ids.letter}`,
      key: w.adminKey,
    });
    expect(removed.status).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/construction/zip/${w.buildingId}/latest`, key: w.adminKey })).status,
    ).toBe(404);
    // the link saved before is refused too, though no newer archive has replaced it yet
    expect(await fetchSigned(zip.url)).toBe(404);

    // a new archive, without the deleted file, is served by its own link
    const next = await built();
    expect(await fetchSigned(next.url)).toBe(200);
  });
});
