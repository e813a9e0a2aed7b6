import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * In the subcontractor portal a file that a newer version has replaced is final: renaming it, changing its metadata
 * or deleting it is refused with 409 `document.superseded` and changes nothing; the new version stays editable, and
 * once it is deleted the first is the newest again.
 */
describe.each(testEngines())('a replaced file in the subcontractor portal, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let original: string;
  let replacement: string;
  const url = (id: string) => `/construction/public/documents/${w.projectId}/${w.subcontractorId}/${id}`;
  const row = (id: string) =>
    t.deps.database.db
      .selectFrom('documents')
      .select(['filename', 'archived_at', 'superseded_by', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    original = await portalUpload(t, {
      ...w,
      filename: 'FDV varmepumpe.pdf',
      bytes: Buffer.from('%PDF-1.4 FDV varmepumpe, første utgave'),
    });
    const registered = await t.request({
      method: 'POST',
      url: `/construction/public/upload/${w.projectId}/${w.subcontractorId}`,
      token: w.token,
      payload: { buildingId: w.buildingId, filename: 'FDV varmepumpe rev B.pdf', replacesDocumentId: original },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const uploadUrl = new URL(registered.body.uploadUrl as string);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('%PDF-1.4 FDV varmepumpe, andre utgave'),
    });
    expect(put.statusCode).toBe(200);
    replacement = registered.body.documentId as string;
    expect((await row(original)).superseded_by).toBe(replacement);
  }, 180_000);
  afterAll(() => t?.close());

  it('refuses renaming, changing and deleting the replaced file with 409 document.superseded, changing nothing', async () => {
    const before = await row(original);
    for (const payload of [
      { filename: 'nytt navn.pdf' },
      { tags: ['endret'] },
      { progressStatus: 'READY_TO_REVIEW' },
    ]) {
      const refused = await t.request({ method: 'PUT', url: url(original), token: w.token, payload });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe('document.superseded');
    }
    const deleted = await t.request({ method: 'DELETE', url: url(original), token: w.token });
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('document.superseded');
    expect(await row(original)).toEqual(before);
    const seen = await t.request({ method: 'GET', url: url(original), token: w.token });
    expect(seen.body).toMatchObject({ filename: 'FDV varmepumpe.pdf', supersededBy: replacement });
  });

  it('still lets the subcontractor rename and delete the new version', async () => {
    const renamed = await t.request({
      method: 'PUT',
      url: url(replacement),
      token: w.token,
      payload: { filename: 'FDV varmepumpe endelig.pdf' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.filename).toBe('FDV varmepumpe endelig.pdf');
    const deleted = await t.request({ method: 'DELETE', url: url(replacement), token: w.token });
    expect(deleted.status).toBe(200);
    expect((await row(replacement)).archived_at).not.toBeNull();
    // with the new version deleted, the first is the newest again: open to changes, named superseded by nothing
    expect((await row(original)).superseded_by).toBeNull();
    const seen = await t.request({ method: 'GET', url: url(original), token: w.token });
    expect(seen.body).toMatchObject({ filename: 'FDV varmepumpe.pdf', supersededBy: null });
    const current = await t.request({
      method: 'PUT',
      url: url(original),
      token: w.token,
      payload: { filename: 'FDV varmepumpe gjeldende.pdf' },
    });
    expect(current.status, JSON.stringify(current.body)).toBe(200);
  });
});
