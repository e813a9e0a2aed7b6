import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, PUBLIC_URL, type TestApp } from '../../../../helpers/test-app.js';
import { makePdf } from '../../../../helpers/document-fixtures.js';
import { testEngines } from '../../../../helpers/test-database.js';

describe.each(testEngines())('document operations on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-22T10:00:00.000Z');
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let base: string;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  beforeAll(async () => {
    t = await createTestApp({
      engine,
      // a clock that moves on by a millisecond each read, so documents get distinct timestamps
      clock: { now: () => (now = new Date(now.getTime() + 1)) },
      settings: { uploads: { maxBytes: 64 * 1024 } },
    });
    seed = await t.seed();
    base = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`;
  });
  afterAll(() => t.close());

  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('registers an upload, keeps the folder path, and takes the bytes once', async () => {
    const registered = await t.request({
      method: 'PUT',
      url: base,
      key: seed.key,
      payload: { filename: 'VVS/Ventilasjon/FDV aggregat 1.pdf', serialNumber: 'SN-1' },
    });
    expect(registered.status).toBe(200);
    expect(registered.body.documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(registered.body.uploadUrl.startsWith(`${PUBLIC_URL}/blobs/`)).toBe(true);

    const bytes = await makePdf(['Brannteknisk rapport']);
    const put = await t.app.inject({
      method: 'PUT',
      url: pathOf(registered.body.uploadUrl),
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: pathOf(registered.body.uploadUrl),
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('upload.already_completed');

    const document = await t.request({ method: 'GET', url: `${base}/${registered.body.documentId}`, key: seed.key });
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({
      id: registered.body.documentId,
      filename: 'FDV aggregat 1.pdf',
      originalPath: 'VVS/Ventilasjon/FDV aggregat 1.pdf',
      serialNumber: 'SN-1',
      size: bytes.length,
      corrupt: false,
    });
    expect(document.body.md5Checksum).toMatch(/^[0-9a-f]{32}$/);
    // the signed download URL gives back the same bytes, named as uploaded
    const download = await t.app.inject({ method: 'GET', url: pathOf(document.body.url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain("filename*=UTF-8''FDV%20aggregat%201.pdf");
  });

  it('refuses tampered and expired upload and download URLs with 403', async () => {
    const registered = await t.request({ method: 'PUT', url: base, key: seed.key, payload: { filename: 'a.pdf' } });
    const url = new URL(registered.body.uploadUrl);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const tampered = await t.app.inject({ method: 'PUT', url: pathOf(url.toString()), payload: Buffer.from('x') });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe('url.invalid_signature');
    const otherKey = registered.body.uploadUrl.replace(
      registered.body.documentId,
      '00000000-0000-4000-8000-000000000000',
    );
    expect((await t.app.inject({ method: 'PUT', url: pathOf(otherKey), payload: Buffer.from('x') })).statusCode).toBe(
      403,
    );
    // a download URL cannot be used to upload
    const uploaded = await t.upload({ seed, filename: 'b.pdf', bytes: await makePdf(['b']) });
    const document = await t.request({ method: 'GET', url: `${base}/${uploaded}`, key: seed.key });
    expect(
      (await t.app.inject({ method: 'PUT', url: pathOf(document.body.url), payload: Buffer.from('x') })).statusCode,
    ).toBe(403);
    // a correctly signed link whose hour is over
    const key = decodeURIComponent(new URL(document.body.url).pathname.replace(/^\/blobs\//, ''));
    const expiredUrl = t.deps.localUrlSigner!.sign({ method: 'GET', key, expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({ method: 'GET', url: pathOf(expiredUrl) });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('url.expired');
    // the same link, still valid, works
    const valid = t.deps.localUrlSigner!.sign({ method: 'GET', key, expiresAt: new Date(Date.now() + 60_000) });
    expect((await t.app.inject({ method: 'GET', url: pathOf(valid) })).statusCode).toBe(200);
    // a mangled escape in the path is a bad request, not a server error
    const mangled = await t.app.inject({ method: 'GET', url: '/blobs/documents/%E0%A4%A/original?signature=x' });
    expect(mangled.statusCode).toBe(400);
    expect(mangled.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a file over the size limit with 413', async () => {
    const registered = await t.request({ method: 'PUT', url: base, key: seed.key, payload: { filename: 'big.bin' } });
    const put = await t.app.inject({
      method: 'PUT',
      url: pathOf(registered.body.uploadUrl),
      payload: Buffer.alloc(65 * 1024, 1),
    });
    expect(put.statusCode).toBe(413);
    expect(put.json().code).toBe('upload.too_large');
    // nothing was accepted: a correct upload still goes through afterwards
    const retry = await t.app.inject({
      method: 'PUT',
      url: pathOf(registered.body.uploadUrl),
      payload: Buffer.alloc(1024, 1),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('validates the upload request', async () => {
    const missing = await t.request({ method: 'PUT', url: base, key: seed.key, payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: '/filename', message: 'is required' }]);
    expect((await t.request({ method: 'PUT', url: base, key: seed.key, payload: { filename: '../../' } })).status).toBe(
      400,
    );
    expect(
      (
        await t.request({
          method: 'PUT',
          url: base,
          key: seed.key,
          payload: { filename: 'a.pdf', originalCreatedAt: 'yesterday' },
        })
      ).status,
    ).toBe(400);
    const unknown = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings/bld_nope/documents`,
      key: seed.key,
      payload: { filename: 'a.pdf' },
    });
    expect(unknown.status).toBe(404);
  });

  it('updates metadata and validates it', async () => {
    const id = await t.upload({ seed, filename: 'Tegninger/plan.pdf', bytes: await makePdf(['Plan 1. etasje']) });
    const patched = await t.request({
      method: 'PATCH',
      url: `${base}/${id}`,
      key: seed.key,
      payload: {
        filename: 'Plan 1 etg.pdf',
        buildingCategory: '36',
        originalCreatedAt: '2020-05-01T00:00:00Z',
        serialNumber: 'X-9',
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      filename: 'Plan 1 etg.pdf',
      buildingCategory: '36',
      originalCreatedAt: '2020-05-01T00:00:00.000Z',
      serialNumber: 'X-9',
    });
    for (const payload of [
      { buildingCategory: '99' },
      { buildingCategory: 'abc' },
      { filename: '' },
      { colour: 'red' },
      { serialNumber: 5 },
    ]) {
      const response = await t.request({ method: 'PATCH', url: `${base}/${id}`, key: seed.key, payload });
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.errors.length).toBeGreaterThan(0);
    }
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select('building_category_source')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.building_category_source).toBe('person');
  });

  it('lists with every paging rule of the spec', async () => {
    const bld = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Listing' },
      })
    ).body;
    const listBase = `/v1/building_owners/${seed.ownerId}/buildings/${bld}/documents`;
    const target = { ...seed, buildingId: bld };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await t.upload({ seed: target, filename: `doc-${i}.txt`, bytes: Buffer.from(`text ${i}`) }));
    const first = await t.request({ method: 'GET', url: `${listBase}?limit=2`, key: seed.key });
    expect(first.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[4], ids[3]]);
    const second = await t.request({
      method: 'GET',
      url: `${listBase}?limit=2&next_token=${encodeURIComponent(first.body.nextToken)}`,
      key: seed.key,
    });
    expect(second.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const asc = await t.request({ method: 'GET', url: `${listBase}?limit=10&sort_order=asc`, key: seed.key });
    expect(asc.body.documents.map((d: { id: string }) => d.id)).toEqual(ids);
    expect(asc.body.nextToken).toBeNull();
    expect((await t.request({ method: 'GET', url: `${listBase}`, key: seed.key })).body.documents).toHaveLength(5);

    const mixed = await t.request({
      method: 'GET',
      url: `${listBase}?limit=2&sort_order=asc&next_token=${encodeURIComponent(first.body.nextToken)}`,
      key: seed.key,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('request.invalid_next_token');
    const since = await t.request({
      method: 'GET',
      url: `${listBase}?updated_since=2020-01-01T00:00:00Z`,
      key: seed.key,
    });
    expect(since.status).toBe(400);
    expect(since.body.errors[0].path).toBe('/updated_since');

    const cutoff = new Date(now.getTime() + 1).toISOString();
    await t.request({
      method: 'PATCH',
      url: `${listBase}/${ids[1]}`,
      key: seed.key,
      payload: { serialNumber: 'changed' },
    });
    const updated = await t.request({
      method: 'GET',
      url: `${listBase}?sort_by=updatedAt&updated_since=${encodeURIComponent(cutoff)}`,
      key: seed.key,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect((await t.request({ method: 'GET', url: `${listBase}?limit=1001`, key: seed.key })).status).toBe(400);
    expect((await t.request({ method: 'GET', url: `${listBase}?sort_by=filename`, key: seed.key })).status).toBe(400);
  });

  it('archives on delete: gone from list, get, status and counts; the operator restores it', async () => {
    const bld = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Archive' },
      })
    ).body;
    const target = { ...seed, buildingId: bld };
    const docBase = `/v1/building_owners/${seed.ownerId}/buildings/${bld}/documents`;
    const id = await t.upload({ seed: target, filename: 'x.txt', bytes: Buffer.from('hello') });
    await t.request({ method: 'PATCH', url: `${docBase}/${id}`, key: seed.key, payload: { buildingCategory: '43' } });
    const counts = `/v1/building_owners/${seed.ownerId}/buildings/${bld}/building_category`;
    expect((await t.request({ method: 'GET', url: counts, key: seed.key })).body).toEqual({
      categoryCount: { '43': 1 },
    });
    const byCategory = await t.request({ method: 'GET', url: `${counts}/43`, key: seed.key });
    expect(byCategory.body.documents.map((d: { id: string }) => d.id)).toEqual([id]);

    expect((await t.request({ method: 'DELETE', url: `${docBase}/${id}`, key: seed.key })).body).toEqual({
      success: true,
    });
    expect((await t.request({ method: 'GET', url: `${docBase}/${id}`, key: seed.key })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: `${docBase}/${id}/status`, key: seed.key })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: docBase, key: seed.key })).body.documents).toEqual([]);
    expect((await t.request({ method: 'GET', url: counts, key: seed.key })).body).toEqual({ categoryCount: {} });
    expect(
      (await t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}/buildings/${bld}`, key: seed.key }))
        .body.numberOfFiles,
    ).toBe(0);
    // the file and rows are kept
    expect(
      await t.deps.blobs.head(
        (
          await t.deps.database.db
            .selectFrom('documents')
            .select('blob_key')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).blob_key,
      ),
    ).not.toBeNull();

    const restored = await t.request({ method: 'POST', url: `/admin/documents/${id}/restore`, headers: admin });
    expect(restored.status).toBe(200);
    expect((await t.request({ method: 'GET', url: `${docBase}/${id}`, key: seed.key })).status).toBe(200);
    expect((await t.request({ method: 'POST', url: `/admin/documents/${id}/restore`, headers: admin })).status).toBe(
      404,
    );
  });

  it('never returns documents in private folders', async () => {
    const bld = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Private' },
      })
    ).body;
    const target = { ...seed, buildingId: bld };
    const hidden = await t.upload({ seed: target, filename: 'HR/Lønn/lønnsliste.txt', bytes: Buffer.from('lønn') });
    const shown = await t.upload({ seed: target, filename: 'FDV/manual.txt', bytes: Buffer.from('manual') });
    await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${bld}`,
      key: seed.key,
      payload: { privateFolders: ['HR'] },
    });
    const docBase = `/v1/building_owners/${seed.ownerId}/buildings/${bld}/documents`;
    expect(
      (await t.request({ method: 'GET', url: docBase, key: seed.key })).body.documents.map((d: { id: string }) => d.id),
    ).toEqual([shown]);
    expect((await t.request({ method: 'GET', url: `${docBase}/${hidden}`, key: seed.key })).status).toBe(404);
  });

  it('reports the document status record with every field of the spec', async () => {
    const id = await t.upload({ seed, filename: 'status.txt', bytes: Buffer.from('status') });
    const status = await t.request({ method: 'GET', url: `${base}/${id}/status`, key: seed.key });
    expect(status.body).toEqual({
      document_id: id,
      filename: 'status.txt',
      building_id: seed.buildingId,
      building_category: null,
      corrupt: false,
      size: 6,
      extracted_text: false,
      extracted_file: false,
      uncompressed_package: false,
      valid_file: false,
      invalid_file: false,
      categorised: false,
      skip_extract_file: false,
      text_extraction_error: false,
      // beyond the spec: what became of it, in a word and (when a person should know) a sentence
      outcome: expect.stringMatching(/^(processing|read)$/),
      reason: null,
    });
  });

  it('lets a session token read documents but never write them', async () => {
    const { token } = (
      await t.request({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/sessions`,
        key: seed.key,
        payload: {},
      })
    ).body;
    expect((await t.request({ method: 'GET', url: base, token })).status).toBe(200);
    expect((await t.request({ method: 'PUT', url: base, token, payload: { filename: 'x.pdf' } })).status).toBe(403);
    const id = await t.upload({ seed, filename: 'y.txt', bytes: Buffer.from('y') });
    expect(
      (await t.request({ method: 'PATCH', url: `${base}/${id}`, token, payload: { serialNumber: 'x' } })).status,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${base}/${id}`, token })).status).toBe(403);
  });
});
