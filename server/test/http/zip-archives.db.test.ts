import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDelivery,
  createDeliveryWorld,
  createSubcontractor,
  portalUpload,
  type DeliveryWorld,
} from '../helpers/delivery-fixtures.js';
import { relinkRevisions } from '../../src/storage/db/repositories/revisions.repository.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { readZip } from '../helpers/zip-reader.js';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/**
 * Zip archives of a building: built by a job, downloaded by a signed URL, holding every live file in its upload
 * folder and a manifest that matches the content byte for byte.
 */
describe.each(testEngines())('zip archives of a building, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let other: { subcontractorId: string; token: string };
  const ids: Record<string, string> = {};
  const bytes: Record<string, Buffer> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    w = await createDeliveryWorld(t);
    other = await createSubcontractor(t, { ...w, key: w.adminKey, companyName: 'Elektro AS' });
    const delivery = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    const files: [string, string, typeof w | (typeof w & typeof other), string?][] = [
      ['fdv', 'VVS/FDV/FDV pumpe.pdf', w, 'FDV-dokumentasjon'],
      ['sheet', 'VVS/Produktdatablad: pumpe?.pdf', w, 'Produktdatablad'],
      ['twin', 'VVS/FDV/FDV pumpe.pdf', w],
      ['electric', 'EL/Koblingsskjema.pdf', { ...w, ...other }],
    ];
    for (const [name, filename, who, informationType] of files) {
      bytes[name] = Buffer.from(`%PDF-1.4 ${name} ${'x'.repeat(1000 + filename.length)}`);
      ids[name] = await portalUpload(t, {
        ...who,
        filename,
        bytes: bytes[name],
        ...(informationType ? { deliveryId: delivery, informationType } : {}),
      });
    }
    await t.request({
      method: 'PUT',
      url: `/construction/deliveries/${delivery}`,
      key: w.adminKey,
      payload: { informationTypes: [{ informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED' }] },
    });
  });
  afterAll(() => t.close());

  async function built(path: string, query = '') {
    const asked = await t.request({ method: 'POST', url: `${path}${query}`, key: w.adminKey });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'queued' });
    const subcontractor = /subcontractor\/([^/?]+)/.exec(path)?.[1];
    const latestUrl = `/construction/zip/${w.buildingId}/latest${subcontractor ? `?subcontractorId=${subcontractor}` : ''}`;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const latest = await t.request({ method: 'GET', url: latestUrl, key: w.adminKey });
      if (latest.body.status === 'ready' || latest.body.status === 'failed') {
        expect(latest.body.id).toBe(asked.body.id);
        return latest.body;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the zip was not built');
  }

  async function download(url: string) {
    const link = new URL(url);
    const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(200);
    return readZip(response.rawPayload);
  }

  it('holds every live file in its folder, with a manifest matching the content byte for byte', async () => {
    const latest = await built(`/construction/zip/${w.buildingId}`);
    expect(latest).toMatchObject({ status: 'ready', fileCount: 4 });
    expect(Date.parse(latest.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const files = await download(latest.url);
    expect([...files.keys()].sort()).toEqual(
      [
        'EL/Koblingsskjema.pdf',
        'VVS/FDV/FDV pumpe.pdf',
        'VVS/FDV/FDV pumpe (2).pdf',
        'VVS/Produktdatablad_ pumpe_.pdf',
        'manifest.csv',
        'manifest.json',
      ].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      files: {
        path: string;
        size: number;
        md5: string;
        documentId: string;
        informationType: string | null;
        approval: string | null;
      }[];
    };
    expect(manifest.files).toHaveLength(4);
    for (const entry of manifest.files) {
      const content = files.get(entry.path)!;
      expect(entry.size).toBe(content.length);
      expect(entry.md5).toBe(md5(content));
    }
    const byDocument = new Map(manifest.files.map((entry) => [entry.documentId, entry]));
    for (const [name, id] of Object.entries(ids)) expect(files.get(byDocument.get(id)!.path)).toEqual(bytes[name]);
    expect(byDocument.get(ids.fdv!)).toMatchObject({ informationType: 'FDV-dokumentasjon', approval: 'APPROVED' });
    expect(byDocument.get(ids.sheet!)).toMatchObject({ informationType: 'Produktdatablad', approval: null });
    // the CSV says the same as the JSON
    const csv = files.get('manifest.csv')!.toString('utf8').trim().split('\r\n');
    expect(csv[0]).toBe('path,size,md5,documentId,category,informationType,deliveryId,delivery,approval');
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual(manifest.files.map((e) => e.md5).sort());
    // and the uploads' own checksums agree
    const stored = await t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'md5'])
      .where('id', 'in', Object.values(ids))
      .execute();
    for (const row of stored) expect(byDocument.get(row.id)!.md5).toBe(row.md5);
  });

  it("zips one subcontractor's files, and leaves out files uploaded before a date", async () => {
    const mine = await built(`/construction/zip/${w.buildingId}/subcontractor/${other.subcontractorId}`);
    expect([...(await download(mine.url)).keys()].sort()).toEqual([
      'EL/Koblingsskjema.pdf',
      'manifest.csv',
      'manifest.json',
    ]);

    await t.deps.database.db
      .updateTable('documents')
      .set({ created_at: new Date('2026-01-10T12:00:00Z') })
      .where('id', '=', ids.twin!)
      .execute();
    const recent = await built(`/construction/zip/${w.buildingId}`, '?excludeFilesBeforeDate=2026-02-01');
    expect(recent.fileCount).toBe(3);
    expect([...(await download(recent.url)).keys()]).not.toContain('VVS/FDV/FDV pumpe (2).pdf');
    const bad = await t.request({
      method: 'POST',
      url: `/construction/zip/${w.buildingId}?excludeFilesBeforeDate=last-week`,
      key: w.adminKey,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/excludeFilesBeforeDate');
  });

  it('holds only the current version of each file with latest_revisions=true', async () => {
    // the second "FDV pumpe.pdf" was uploaded as the new version of the first
    const { db } = t.deps.database;
    await db.updateTable('documents').set({ replaces_document_id: ids.fdv! }).where('id', '=', ids.twin!).execute();
    await relinkRevisions(db, { buildingId: w.buildingId });
    const latest = await built(`/construction/zip/${w.buildingId}`, '?latest_revisions=true');
    expect(latest).toMatchObject({ status: 'ready', fileCount: 3 });
    const files = await download(latest.url);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as { files: { documentId: string }[] };
    expect(manifest.files.map((f) => f.documentId).sort()).toEqual([ids.twin, ids.sheet, ids.electric].sort());
    expect(files.get('VVS/FDV/FDV pumpe.pdf')).toEqual(bytes.twin);
    // without it, every file as before
    expect(await built(`/construction/zip/${w.buildingId}`)).toMatchObject({ status: 'ready', fileCount: 4 });
    const bad = await t.request({
      method: 'POST',
      url: `/construction/zip/${w.buildingId}?latest_revisions=maybe`,
      key: w.adminKey,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('latest_revisions');
  });

  it('leaves out a file missing from storage and lists it in the archive, and 404s what is out of reach', async () => {
    const blob = await t.deps.database.db
      .selectFrom('documents')
      .select('blob_key')
      .where('id', '=', ids.sheet!)
      .executeTakeFirstOrThrow();
    await t.deps.blobs.delete(blob.blob_key);
    const latest = await built(`/construction/zip/${w.buildingId}`);
    expect(latest).toMatchObject({ status: 'ready', fileCount: 3 });
    const files = await download(latest.url);
    expect(files.has('VVS/Produktdatablad_ pumpe_.pdf')).toBe(false);
    expect(files.get('EL/Koblingsskjema.pdf')).toEqual(bytes.electric);
    const missing = files.get('MANGLER-MISSING.txt')!.toString('utf8');
    expect(missing).toContain(`VVS/Produktdatablad_ pumpe_.pdf (dokument/document ${ids.sheet})`);
    expect(missing).toContain('the file is missing from storage');
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as { files: { documentId: string }[] };
    expect(manifest.files.map((f) => f.documentId)).not.toContain(ids.sheet);
    expect(manifest.files).toHaveLength(3);

    const stranger = await createDeliveryWorld(t, { projectName: 'Fremmed' });
    const foreign = await t.request({
      method: 'POST',
      url: `/construction/zip/${w.buildingId}`,
      key: stranger.adminKey,
    });
    expect(foreign.status).toBe(404);
    const none = await t.request({
      method: 'GET',
      url: `/construction/zip/${stranger.buildingId}/latest`,
      key: stranger.adminKey,
    });
    expect(none.status).toBe(404);
  });
  it('answers "none yet" as 204 with orNone=true, and still refuses what is out of reach', async () => {
    const empty = await createDeliveryWorld(t, { projectName: 'Tom' });
    const url = `/construction/zip/${empty.buildingId}/latest?orNone=true`;
    const none = await t.request({ method: 'GET', url, key: empty.adminKey });
    expect(none.status).toBe(204);
    expect(none.body === '' || none.body === null || none.body === undefined).toBe(true);
    // another customer's building is no "none yet": it stays a 404, orNone or not
    const foreign = await t.request({ method: 'GET', url, key: w.adminKey });
    expect(foreign.status).toBe(404);
    const invalid = await t.request({ method: 'GET', url: `${url.replace('true', 'maybe')}`, key: empty.adminKey });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('orNone');
  });
});

/**
 * Asking again and again: each archive copies the building's files, so the same archive asked while it is queued or
 * being built is that one, and a building has at most three being built at once (429 past that).
 */
describe.each(testEngines())('zip archives asked for again and again, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;

  // no workers: what is asked for stays queued
  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
  });
  afterAll(() => t.close());

  const ask = (query = '') =>
    t.request({ method: 'POST', url: `/construction/zip/${w.buildingId}${query}`, key: w.adminKey });

  it('answers the archive already queued, and refuses a fourth at once with 429 and Retry-After', async () => {
    const first = await ask();
    expect(first.status).toBe(202);
    const again = await ask();
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    const others = [await ask('?latest_revisions=true'), await ask('?excludeFilesBeforeDate=2026-02-01')];
    expect(others.map((o) => o.status)).toEqual([202, 202]);
    expect(new Set([first.body.id, ...others.map((o) => o.body.id)]).size).toBe(3);
    const fourth = await ask('?excludeFilesBeforeDate=2026-03-01');
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('zip.busy');
    expect(fourth.headers['retry-after']).toBe('30');
    const db = t.deps.database.db;
    const rows = await db.selectFrom('zip_archives').select('id').where('building_id', '=', w.buildingId).execute();
    expect(rows).toHaveLength(3);
    // one whose job was lost (asked for more than an hour ago) no longer holds a turn
    await db
      .updateTable('zip_archives')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
      .where('id', '=', first.body.id)
      .execute();
    expect((await ask('?excludeFilesBeforeDate=2026-03-01')).status).toBe(202);
  });

  it('asks anew when the archive already queued was asked for before one of its files was archived', async () => {
    const v = await createDeliveryWorld(t, { projectName: 'Ny runde' });
    const id = await portalUpload(t, { ...v, filename: 'VVS/FDV pumpe.pdf', bytes: Buffer.from('%PDF-1.4 fdv') });
    const again = () => t.request({ method: 'POST', url: `/construction/zip/${v.buildingId}`, key: v.adminKey });
    const first = await again();
    expect((await again()).body.id).toBe(first.body.id);
    const removed = await t.request({ method: 'DELETE', url: `/construction/documents/${id}`, key: v.adminKey });
    expect(removed.status).toBe(200);
    const next = await again();
    expect(next.status).toBe(202);
    expect(next.body.id).not.toBe(first.body.id);
    expect((await again()).body.id).toBe(next.body.id);
  });
});

/**
 * What an archive may still be handed out as, and how long it is kept: one asked for before its building's private
 * folders changed, or before one of its files was archived, is no longer served (its files may not all be readable
 * any more); and a new ready archive of the same files replaces the older one, blob and row.
 */
describe.each(testEngines())('zip archives outdated and replaced, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    w = await createDeliveryWorld(t);
    for (const [name, filename] of [
      ['contract', 'Kontrakt/Avtale rørlegger.pdf'],
      ['fdv', 'VVS/FDV pumpe.pdf'],
      ['sheet', 'VVS/Produktdatablad pumpe.pdf'],
    ] as const) {
      ids[name] = await portalUpload(t, { ...w, filename, bytes: Buffer.from(`%PDF-1.4 ${name}`) });
    }
  });
  afterAll(() => t.close());

  const latestUrl = (query = '') => `/construction/zip/${w.buildingId}/latest${query}`;

  async function built(path = `/construction/zip/${w.buildingId}`) {
    const asked = await t.request({ method: 'POST', url: path, key: w.adminKey });
    expect(asked.status).toBe(202);
    const subcontractor = /subcontractor\/([^/?]+)/.exec(path)?.[1];
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const latest = await t.request({
        method: 'GET',
        url: latestUrl(subcontractor ? `?subcontractorId=${subcontractor}` : ''),
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

  async function fetchUrl(url: string) {
    const link = new URL(url);
    return t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  }

  async function names(url: string) {
    const response = await fetchUrl(url);
    expect(response.statusCode).toBe(200);
    return [...(await readZip(response.rawPayload)).keys()].filter((name) => !name.startsWith('manifest.')).sort();
  }

  it('no longer serves an archive once a folder of it turned private or a file of it was archived', async () => {
    const before = await built();
    expect(await names(before.url)).toEqual([
      'Kontrakt/Avtale rørlegger.pdf',
      'VVS/FDV pumpe.pdf',
      'VVS/Produktdatablad pumpe.pdf',
    ]);

    // the owner's partner makes the contracts folder private
    const ownerId = (
      await t.deps.database.db
        .selectFrom('buildings')
        .select('building_owner_id')
        .where('id', '=', w.buildingId)
        .executeTakeFirstOrThrow()
    ).building_owner_id;
    const partnerId = await t.createPartner();
    const granted = await t.request({
      method: 'PUT',
      url: `/admin/partners/${partnerId}/building_owners/${ownerId}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(granted.status).toBe(204);
    const { key } = await t.createKey({ partnerId });
    const hidden = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${ownerId}/buildings/${w.buildingId}`,
      key,
      payload: { privateFolders: ['Kontrakt/'] },
    });
    expect(hidden.status).toBe(200);

    // the archive holding the contract is no longer handed out: as if there were none
    const gone = await t.request({ method: 'GET', url: latestUrl(), key: w.adminKey });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('zip.not_found');
    expect((await t.request({ method: 'GET', url: latestUrl('?orNone=true'), key: w.adminKey })).status).toBe(204);

    // a new one holds what may be read now, and replaces the old one
    const after = await built();
    expect(after.id).not.toBe(before.id);
    expect(after.fileCount).toBe(2);
    expect(await names(after.url)).toEqual(['VVS/FDV pumpe.pdf', 'VVS/Produktdatablad pumpe.pdf']);
    expect((await fetchUrl(before.url)).statusCode).toBe(404);

    // a file of it archived: that archive is no longer handed out either
    const removed = await t.request({ method: 'DELETE', url: `/construction/documents/${ids.fdv}`, key: w.adminKey });
    expect(removed.status).toBe(200);
    expect((await t.request({ method: 'GET', url: latestUrl(), key: w.adminKey })).status).toBe(404);
    const last = await built();
    expect(await names(last.url)).toEqual(['VVS/Produktdatablad pumpe.pdf']);
  });

  it('keeps only the newest ready archive of the same files: the older one goes, blob and row', async () => {
    const db = t.deps.database.db;
    const archive = async (id: string) =>
      db.selectFrom('zip_archives').select(['id', 'blob_key']).where('id', '=', id).executeTakeFirst();
    const first = await built();
    const firstBlob = (await archive(first.id))!.blob_key!;
    expect(await t.deps.blobs.head(firstBlob)).not.toBeNull();
    // another subcontractor's archive is of other files: it stays
    const theirs = await built(`/construction/zip/${w.buildingId}/subcontractor/${w.subcontractorId}`);

    const second = await built();
    expect(second.id).not.toBe(first.id);
    // the job removes the older one right after it marked the new one ready, which `latest` may already have handed out
    await expect.poll(() => archive(first.id), { timeout: 10_000 }).toBeUndefined();
    expect(await t.deps.blobs.head(firstBlob)).toBeNull();
    // a link to the old one handed out before stops working; the new one's works
    expect((await fetchUrl(first.url)).statusCode).toBe(404);
    expect((await fetchUrl(second.url)).statusCode).toBe(200);
    expect(await archive(second.id)).toBeDefined();
    expect(await archive(theirs.id)).toBeDefined();
    const rows = await db.selectFrom('zip_archives').select('id').where('building_id', '=', w.buildingId).execute();
    expect(rows.map((row) => row.id).sort()).toEqual([second.id, theirs.id].sort());
  });
});
