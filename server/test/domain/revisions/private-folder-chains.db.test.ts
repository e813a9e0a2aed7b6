import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

const A1: [number, number] = [2384, 1684];
const sheet = (lines: string[]) => makePdf([lines.join('\n')], { size: A1 });

/**
 * A private folder hides its documents from every reader, so the revision chains follow the folders: no reader is
 * shown a "superseded" state that points at a document it cannot open, and the latest revision it can see is the
 * latest for it. Making the folder public again restores the whole chain.
 */
describe.each(testEngines())('revision chains when a folder turns private or public, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const ids: Record<string, string> = {};
  const url = () => `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;
  const get = async (id: string) => await t.request({ method: 'GET', url: `${url()}/documents/${id}`, key: seed.key });
  const nameOf = (id: string | null) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
  const supersededBy = async (name: string) => {
    const d = (await get(ids[name]!)).body;
    expect(d.isLatestRevision).toBe(d.supersededBy === null);
    return nameOf(d.supersededBy);
  };
  const versions = async (name: string) =>
    (
      await t.request({ method: 'GET', url: `${url()}/documents/${ids[name]}/versions`, key: seed.key })
    ).body.versions.map((v: { id: string }) => nameOf(v.id));
  const latestList = async () =>
    (
      await t.request({ method: 'GET', url: `${url()}/documents?limit=100&latest_revisions=true`, key: seed.key })
    ).body.documents.map((d: { id: string }) => nameOf(d.id));
  const setPrivate = async (privateFolders: string[]) => {
    const response = await t.request({ method: 'PATCH', url: url(), key: seed.key, payload: { privateFolders } });
    expect(response.status).toBe(200);
  };
  /** registers a new version of `replaces` and PUTs its bytes */
  const uploadVersion = async (filename: string, replaces: string, text: string) => {
    const registered = await t.request({
      method: 'PUT',
      url: `${url()}/documents`,
      key: seed.key,
      payload: { filename, replacesDocumentId: replaces },
    });
    expect(registered.status).toBe(200);
    const uploadUrl = new URL(registered.body.uploadUrl as string);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: await makePdf([text]),
    });
    expect(put.statusCode).toBe(200);
    await t.waitForProcessing([registered.body.documentId as string]);
    return registered.body.documentId as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    // a plan's rev B in the open, its rev C in the contracts folder
    ids.B = await t.upload({
      seed,
      filename: 'ARK/A-20-201 Plan 1. etasje rev B.pdf',
      bytes: await sheet(['Plan 1. etasje', 'Tegningsnr: A-20-201', 'Rev: B']),
    });
    ids.C = await t.upload({
      seed,
      filename: 'Kontrakt/A-20-201 Plan 1. etasje rev C.pdf',
      bytes: await sheet(['Plan 1. etasje', 'Tegningsnr: A-20-201', 'Rev: C']),
    });
    // an O&M manual replaced by a version in the contracts folder, itself replaced by a version in the open
    ids.X = await t.upload({
      seed,
      filename: 'FDV/Drift og vedlikehold aggregat.pdf',
      bytes: await makePdf(['FDV aggregat. Filter byttes hver 6. måned.']),
    });
    await t.waitForProcessing([ids.B, ids.C, ids.X], 60_000);
    ids.V = await uploadVersion('Kontrakt/FDV aggregat avtaleversjon.pdf', ids.X, 'FDV aggregat, avtaleversjon.');
    ids.W = await uploadVersion('FDV/FDV aggregat korrigert.pdf', ids.V, 'FDV aggregat, korrigert utgave.');
  }, 180_000);
  afterAll(() => t?.close());

  it('links everything while the folder is open', async () => {
    expect(await supersededBy('B')).toBe('C');
    expect(await supersededBy('X')).toBe('V');
    expect(await supersededBy('V')).toBe('W');
    expect(await versions('X')).toEqual(['W', 'V', 'X']);
  });

  it('makes the latest revision a reader can see the latest, and points nowhere it cannot open, once private', async () => {
    await setPrivate(['Kontrakt/']);
    // rev C is hidden: rev B is the current plan for every reader, not "superseded by" a document that answers 404
    expect((await get(ids.C!)).status).toBe(404);
    expect(await supersededBy('B')).toBe(null);
    // the hidden middle version is bridged: the manual's first edition is superseded by the corrected one
    expect(await supersededBy('X')).toBe('W');
    expect(await supersededBy('W')).toBe(null);
    expect(await versions('W')).toEqual(['W', 'X']);
    expect(await versions('X')).toEqual(['W', 'X']);
    const latest = await latestList();
    expect(latest).toEqual(expect.arrayContaining(['B', 'W']));
    expect(latest).not.toContain('X');
    // nothing served names a hidden document
    const all = (
      await t.request({ method: 'GET', url: `${url()}/documents?limit=100`, key: seed.key })
    ).body.documents.map((d: { supersededBy: string | null }) => d.supersededBy);
    expect(all).not.toContain(ids.C);
    expect(all).not.toContain(ids.V);
    const search = (await t.request({ method: 'GET', url: `${url()}/search?query=A-20-201`, key: seed.key })).body;
    expect(search.hits.find((h: { id: string }) => h.id === ids.B)).toMatchObject({
      supersededBy: null,
      isLatestRevision: true,
    });
  });

  it('restores the whole chain when the folder is public again', async () => {
    await setPrivate([]);
    expect(await supersededBy('B')).toBe('C');
    expect(await supersededBy('C')).toBe(null);
    expect(await supersededBy('X')).toBe('V');
    expect(await supersededBy('V')).toBe('W');
    expect(await versions('V')).toEqual(['W', 'V', 'X']);
    const latest = await latestList();
    expect(latest).toEqual(expect.arrayContaining(['C', 'W']));
    expect(latest).not.toContain('B');
  });

  it('shows a changed chain to clients syncing by updated_since', async () => {
    const before = new Date().toISOString();
    await setPrivate(['Kontrakt/']);
    const changed = (
      await t.request({
        method: 'GET',
        url: `${url()}/documents?limit=100&sort_by=updatedAt&updated_since=${encodeURIComponent(before)}`,
        key: seed.key,
      })
    ).body.documents.map((d: { id: string }) => nameOf(d.id));
    expect(changed).toEqual(expect.arrayContaining(['B', 'X']));
  });
});
