import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRevisionChains } from '../../../src/storage/db/repositories/revisions.repository.js';
import { makePdf } from '../../helpers/document-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/** an A1 sheet in points: read as a drawing, its number and revision from name and title block */
const A1: [number, number] = [2384, 1684];
const sheet = (lines: string[]) => makePdf([lines.join('\n')], { size: A1 });

describe.each(testEngines())('revision chains of drawings and versions of files, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let otherBuilding: string;
  const ids: Record<string, string> = {};
  const url = (buildingId = seed.buildingId) => `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}`;
  const get = async (id: string, buildingId = seed.buildingId) =>
    (await t.request({ method: 'GET', url: `${url(buildingId)}/documents/${id}`, key: seed.key })).body;
  const superseded = async (names: string[], buildingId = seed.buildingId) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (n) => {
          const d = await get(ids[n]!, buildingId);
          const next = Object.entries(ids).find(([, id]) => id === d.supersededBy)?.[0] ?? d.supersededBy;
          expect(d.isLatestRevision).toBe(d.supersededBy === null);
          return [n, next];
        }),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    otherBuilding = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Bygg B' },
      })
    ).body as string;
    // revisions of one plan arriving out of order (D, then B, then C), another drawing, and the same number elsewhere
    const files: [string, string, string[], string?][] = [
      [
        'D',
        'ARK/A-10-103 Plan 3. etasje rev D.pdf',
        ['Plan 3. etasje', 'Tegningsnr: A-10-103', 'Rev: D', 'Dato: 12.03.2025'],
      ],
      [
        'B',
        'ARK/A-10-103 Plan 3. etasje rev B.pdf',
        ['Plan 3. etasje', 'Tegningsnr: A-10-103', 'Rev: B', 'Dato: 02.09.2024'],
      ],
      [
        'C',
        'ARK/A_10_103 plan 3 etasje rev C.pdf',
        ['Plan 3. etasje', 'Tegningsnr: A-10-103', 'Rev: C', 'Dato: 20.11.2024'],
      ],
      ['plan4', 'ARK/A-10-104 Plan 4. etasje rev E.pdf', ['Plan 4. etasje', 'Tegningsnr: A-10-104', 'Rev: E']],
      [
        'p02',
        'RQC-ARQ-C1-03-DR-A-1003-S2-P02.pdf',
        ['General arrangement level 03', 'Drawing no: RQC-ARQ-C1-03-DR-A-1003', 'Rev: P02'],
      ],
      [
        'c01',
        'RQC-ARQ-C1-03-DR-A-1003-C01.pdf',
        ['General arrangement level 03', 'Drawing no: RQC-ARQ-C1-03-DR-A-1003', 'Rev: C01'],
      ],
      [
        'elsewhere',
        'ARK/A-10-103 Plan 3. etasje rev E.pdf',
        ['Plan 3. etasje', 'Tegningsnr: A-10-103', 'Rev: E'],
        'other',
      ],
    ];
    for (const [name, filename, lines, where] of files) {
      ids[name] = await t.upload({
        seed: where === 'other' ? { ...seed, buildingId: otherBuilding } : seed,
        filename,
        bytes: await sheet(lines),
      });
      await t.waitForProcessing([ids[name]], 60_000);
    }
  }, 180_000);
  afterAll(() => t?.close());

  it('links each revision to the next newer one whatever order they arrived in, within the building only', async () => {
    expect(await get(ids.C!)).toMatchObject({ drawingNumber: 'A-10-103', drawingRevision: 'C' });
    expect(await superseded(['B', 'C', 'D', 'plan4', 'p02', 'c01'])).toEqual({
      B: 'C',
      C: 'D',
      D: null,
      plan4: null,
      p02: 'c01',
      c01: null,
    });
    // rev E of the same number in another building supersedes nothing here
    expect(await superseded(['elsewhere'], otherBuilding)).toEqual({ elsewhere: null });
  });

  it('answers the whole chain newest first from any member, and a lone document as itself', async () => {
    for (const from of ['B', 'C', 'D']) {
      const response = await t.request({
        method: 'GET',
        url: `${url()}/documents/${ids[from]}/versions`,
        key: seed.key,
      });
      expect(response.status).toBe(200);
      expect(response.body.versions.map((v: { id: string }) => v.id)).toEqual([ids.D, ids.C, ids.B]);
    }
    const lone = await t.request({ method: 'GET', url: `${url()}/documents/${ids.plan4}/versions`, key: seed.key });
    expect(lone.body.versions.map((v: { id: string }) => v.id)).toEqual([ids.plan4]);
  });

  it('leaves superseded revisions out of lists, categories and search with latest_revisions=true', async () => {
    const list = async (query: string) =>
      (
        await t.request({ method: 'GET', url: `${url()}/documents?limit=100${query}`, key: seed.key })
      ).body.documents.map((d: { id: string }) => d.id);
    const all = await list('');
    const latest = await list('&latest_revisions=true');
    expect(all).toEqual(expect.arrayContaining([ids.B, ids.C, ids.D]));
    expect(latest).toEqual(expect.arrayContaining([ids.D, ids.plan4, ids.c01]));
    expect(latest).not.toContain(ids.B);
    expect(latest).not.toContain(ids.C);
    expect(latest).not.toContain(ids.p02);
    expect(await list('&latest_revisions=false')).toEqual(all);

    const search = async (query: string) =>
      (await t.request({ method: 'GET', url: `${url()}/search?query=A-10-103${query}`, key: seed.key })).body;
    const everything = await search('');
    const current = await search('&latest_revisions=true');
    expect(everything.hits.map((h: { id: string }) => h.id)).toEqual(expect.arrayContaining([ids.B, ids.C, ids.D]));
    expect(current.hits.map((h: { id: string }) => h.id)).toContain(ids.D);
    expect(current.hits.map((h: { id: string }) => h.id)).not.toContain(ids.C);
    expect(current.numberOfHits).toBe(everything.numberOfHits - 2);
    expect(everything.hits.find((h: { id: string }) => h.id === ids.C)).toMatchObject({
      supersededBy: ids.D,
      isLatestRevision: false,
    });

    const owner = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/search?query=A-10-103&latest_revisions=true`,
      key: seed.key,
    });
    expect(owner.body.hits.map((h: { id: string }) => h.id)).toEqual(expect.arrayContaining([ids.D, ids.elsewhere]));
    expect(owner.body.hits.map((h: { id: string }) => h.id)).not.toContain(ids.B);
  });

  it('refuses a latest_revisions value other than true or false, naming it', async () => {
    for (const path of ['/documents', '/search?query=plan', '/building_category/2']) {
      const sep = path.includes('?') ? '&' : '?';
      const response = await t.request({
        method: 'GET',
        url: `${url()}${path}${sep}latest_revisions=yes`,
        key: seed.key,
      });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(response.body)).toContain('latest_revisions');
    }
  });

  it("follows a person's correction of drawing number and revision, and reprocessing keeps it", async () => {
    // a plan whose title block was misread as another drawing: alone in its chain
    const misread = await t.upload({
      seed,
      filename: 'ARK/Plan 3 etasje revidert.pdf',
      bytes: await sheet(['Plan 3. etasje', 'Tegningsnr: A-10-130', 'Rev: F']),
    });
    await t.waitForProcessing([misread]);
    expect(await get(misread)).toMatchObject({ drawingNumber: 'A-10-130', supersededBy: null });
    expect((await get(ids.D!)).supersededBy).toBeNull();
    const patched = await t.request({
      method: 'PATCH',
      url: `${url()}/documents/${misread}`,
      key: seed.key,
      payload: { drawingNumber: 'a 10 103' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ drawingNumber: 'a 10 103', drawingRevision: 'F', isLatestRevision: true });
    expect((await get(ids.D!)).supersededBy).toBe(misread);

    // processed again (the building reprocessed): the person's number stands, the chain is rebuilt the same
    await t.deps.database.db.updateTable('documents').set({ processed_at: null }).where('id', '=', misread).execute();
    const reprocess = await t.request({
      method: 'POST',
      url: '/admin/reprocess',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { buildingId: seed.buildingId },
    });
    expect(reprocess.status).toBe(202);
    await t.waitForProcessing([misread]);
    expect(await get(misread)).toMatchObject({ drawingNumber: 'a 10 103', drawingRevision: 'F' });
    expect((await get(ids.D!)).supersededBy).toBe(misread);

    // corrected back: D is the current revision again
    await t.request({
      method: 'PATCH',
      url: `${url()}/documents/${misread}`,
      key: seed.key,
      payload: { drawingNumber: 'A-10-130' },
    });
    expect((await get(ids.D!)).supersededBy).toBeNull();
  });

  it('makes the previous revision current when the latest is deleted, and links again on restore', async () => {
    const deleted = await t.request({ method: 'DELETE', url: `${url()}/documents/${ids.D}`, key: seed.key });
    expect(deleted.status).toBeLessThan(300);
    expect(await superseded(['B', 'C'])).toEqual({ B: 'C', C: null });
    const restored = await t.request({
      method: 'POST',
      url: `/admin/documents/${ids.D}/restore`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(restored.status).toBe(200);
    expect(await superseded(['B', 'C', 'D'])).toEqual({ B: 'C', C: 'D', D: null });
  });

  it('lets an upload name the document it replaces: a new version supersedes it whatever its drawing number', async () => {
    const first = await t.upload({
      seed,
      filename: 'FDV/Drift og vedlikehold varmepumpe.pdf',
      bytes: await makePdf(['FDV-dokumentasjon varmepumpe. Filter byttes hver 3. måned.']),
    });
    await t.waitForProcessing([first]);
    const register = (payload: Record<string, unknown>, buildingId = seed.buildingId, key = seed.key) =>
      t.request({ method: 'PUT', url: `${url(buildingId)}/documents`, key, payload });
    const second = await register({
      filename: 'FDV/Drift og vedlikehold varmepumpe rev 2.pdf',
      replacesDocumentId: first,
    });
    expect(second.status).toBe(200);
    // registered but not uploaded: the first is still the latest
    expect((await get(first)).supersededBy).toBeNull();
    const uploadUrl = new URL(second.body.uploadUrl as string);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: await makePdf(['FDV-dokumentasjon varmepumpe, korrigert utgave. Filter byttes hver 6. måned.']),
    });
    expect(put.statusCode).toBe(200);
    expect((await get(first)).supersededBy).toBe(second.body.documentId);
    await t.waitForProcessing([second.body.documentId]);
    expect((await get(first)).supersededBy).toBe(second.body.documentId);
    const versions = await t.request({ method: 'GET', url: `${url()}/documents/${first}/versions`, key: seed.key });
    expect(versions.body.versions.map((v: { id: string }) => v.id)).toEqual([second.body.documentId, first]);

    // the replaced one again: 409; an unknown id, another building's document: 404 as for an unknown id
    const again = await register({ filename: 'FDV/Annen utgave.pdf', replacesDocumentId: first });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('document.superseded');
    const unknown = await register({ filename: 'x.pdf', replacesDocumentId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const swapped = await register({ filename: 'x.pdf', replacesDocumentId: ids.elsewhere });
    expect(swapped.status).toBe(404);
    const notAnId = await register({ filename: 'x.pdf', replacesDocumentId: 'not-a-document' });
    expect(notAnId.status).toBe(404);
  });

  it("refuses another tenant's key, a key for another building and a document id swapped between buildings", async () => {
    const stranger = await t.seed();
    const path = `/documents/${ids.C}/versions`;
    const foreign = await t.request({ method: 'GET', url: `${url()}${path}`, key: stranger.key });
    expect([403, 404]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain(ids.D!);
    // the stranger's own building with our document id: not theirs
    const theirs = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${stranger.ownerId}/buildings/${stranger.buildingId}${path}`,
      key: stranger.key,
    });
    expect(theirs.status).toBe(404);
    // a key that reaches only the other building of the same owner
    const narrow = await t.createKey({ partnerId: seed.partnerId, buildingIds: [otherBuilding] });
    const weaker = await t.request({ method: 'GET', url: `${url()}${path}`, key: narrow.key });
    expect([403, 404]).toContain(weaker.status);
    // our document named under our other building: 404
    const swapped = await t.request({ method: 'GET', url: `${url(otherBuilding)}${path}`, key: seed.key });
    expect(swapped.status).toBe(404);
    // a stranger cannot name our document as the one their upload replaces
    const replace = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${stranger.ownerId}/buildings/${stranger.buildingId}/documents`,
      key: stranger.key,
      payload: { filename: 'x.pdf', replacesDocumentId: ids.D },
    });
    expect(replace.status).toBe(404);
    expect((await get(ids.D!)).supersededBy).toBeNull();
  });

  it('answers from the current revision, and from a superseded one only when no later revision holds it, saying so', async () => {
    const owner = await t.seed();
    const at = `/v1/building_owners/${owner.ownerId}/buildings/${owner.buildingId}`;
    const v1 = await t.upload({
      seed: owner,
      filename: 'FDV/Ventilasjonsaggregat LB01 FDV.pdf',
      bytes: await makePdf([
        'FDV-dokumentasjon for ventilasjonsaggregat LB01.\nFilteret i ventilasjonsaggregatet skal byttes hver 3. måned.\n' +
          'Reimen på viftemotoren kontrolleres ved hvert filterbytte.',
      ]),
    });
    await t.waitForProcessing([v1]);
    const registered = await t.request({
      method: 'PUT',
      url: `${at}/documents`,
      key: owner.key,
      payload: { filename: 'FDV/Ventilasjonsaggregat LB01 FDV korrigert.pdf', replacesDocumentId: v1 },
    });
    const target = new URL(registered.body.uploadUrl as string);
    await t.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: await makePdf([
        'FDV-dokumentasjon for ventilasjonsaggregat LB01, korrigert utgave.\n' +
          'Filteret i ventilasjonsaggregatet skal byttes hver 6. måned.',
      ]),
    });
    const v2 = registered.body.documentId as string;
    await t.waitForProcessing([v2]);
    const ask = async (query: string) =>
      (await t.request({ method: 'POST', url: `${at}/ask`, key: owner.key, payload: { query, language: 'no' } })).body;

    const current = await ask('Hvor ofte skal filteret i ventilasjonsaggregatet byttes?');
    const cited = Object.values<{ document_id: string; superseded_by: string | null }>(current.citations);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((c) => c.document_id === v2 && c.superseded_by === null)).toBe(true);
    expect(current.answer).toContain('6. måned');
    expect(current.answer).not.toContain('Merk:');

    // only the first edition says how the belt is checked: cited, marked, and the answer says so
    const older = await ask('Når kontrolleres reimen på viftemotoren?');
    const olderCited = Object.values<{ document_id: string; superseded_by: string | null }>(older.citations);
    expect(olderCited).toContainEqual(expect.objectContaining({ document_id: v1, superseded_by: v2 }));
    expect(older.answer).toContain('Merk:');
    expect(older.answer).toContain('eldre revisjon');
  });

  it('builds the chains of documents stored before chains existed (the migration)', async () => {
    const { db } = t.deps.database;
    await db.updateTable('documents').set({ superseded_by: null, drawing_key: null }).execute();
    expect((await get(ids.B!)).supersededBy).toBeNull();
    await buildRevisionChains(db);
    expect(await superseded(['B', 'C', 'D', 'p02', 'c01'])).toEqual({ B: 'C', C: 'D', D: null, p02: 'c01', c01: null });
  });
});
