import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDelivery,
  createDeliveryWorld,
  createSubcontractor,
  portalUpload,
  type DeliveryWorld,
} from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A subcontractor sends a corrected file through the portal as a new version of one it delivered: the new one
 * supersedes it, answers the same delivery and information type, and the earlier one stays, marked as replaced. Only
 * the subcontractor's own live files of the same project and building can be replaced; anything else is refused with
 * a problem naming `replacesDocumentId`, and nothing is registered or linked.
 */
describe.each(testEngines())('a new version of a file through the subcontractor portal, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let delivery: string;
  let otherDelivery: string;
  let original: string;
  const FDV = 'FDV-dokumentasjon';

  const register = (payload: Record<string, unknown>, who: { subcontractorId: string; token: string } = w) =>
    t.request({
      method: 'POST',
      url: `/construction/public/upload/${w.projectId}/${who.subcontractorId}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload: { buildingId: w.buildingId, filename: 'FDV varmepumpe korrigert.pdf', ...payload },
    });
  const ownList = async () =>
    (
      await t.request({
        method: 'GET',
        url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}`,
        headers: { authorization: `Bearer ${w.token}` },
      })
    ).body.documents as {
      id: string;
      filename: string;
      supersededBy: string | null;
      isLatestRevision: boolean;
      deliveryId: string | null;
      deliveryInformationType: string | null;
    }[];
  const documentCount = async () =>
    Number(
      (
        await t.deps.database.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const supersededByOf = async (id: string) =>
    (
      await t.deps.database.db
        .selectFrom('documents')
        .select('superseded_by')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).superseded_by;
  /** refused, naming the field, with nothing registered and nothing linked */
  const refusedNamingTheField = async (payload: Record<string, unknown>, status = 400) => {
    const before = await documentCount();
    const response = await register(payload);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    if (status === 400) expect(JSON.stringify(response.body)).toContain('/replacesDocumentId');
    expect(await documentCount()).toBe(before);
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    delivery = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    otherDelivery = (
      await createDelivery(t, { world: w, subcontractorId: w.subcontractorId, description: 'Varmeanlegg' })
    ).id;
    original = await portalUpload(t, {
      ...w,
      filename: 'FDV varmepumpe.pdf',
      bytes: Buffer.from('%PDF-1.4 FDV varmepumpe, første utgave'),
      deliveryId: delivery,
      informationType: FDV,
    });
  });
  afterAll(() => t?.close());

  it("refuses another project's, another owner's and another subcontractor's documents, naming the field", async () => {
    // another project of the same customer, with the same subcontractor company and a file of its own
    const project = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects`,
      key: w.adminKey,
      payload: { name: 'Annet prosjekt', buildings: [{ name: 'Hus B' }] },
    });
    const elsewhere = await createSubcontractor(t, {
      customerId: w.customerId,
      projectId: project.body.id,
      key: w.adminKey,
      companyName: 'Rør & Varme AS',
    });
    const otherProjectDocument = await portalUpload(t, {
      projectId: project.body.id,
      buildingId: project.body.buildings[0].id,
      ...elsewhere,
      filename: 'annet.pdf',
      bytes: Buffer.from('%PDF-1.4 annet'),
    });
    // another customer's project (another owner)
    const stranger = await createDeliveryWorld(t, { projectName: 'Fremmed prosjekt' });
    const strangersDocument = await portalUpload(t, {
      ...stranger,
      filename: 'fremmed.pdf',
      bytes: Buffer.from('%PDF-1.4 fremmed'),
    });
    // another subcontractor of the same project
    const colleague = await createSubcontractor(t, { ...w, key: w.adminKey, companyName: 'Elektro Nord AS' });
    const colleaguesDocument = await portalUpload(t, {
      ...w,
      ...colleague,
      filename: 'elektro.pdf',
      bytes: Buffer.from('%PDF-1.4 elektro'),
    });

    for (const id of [
      otherProjectDocument,
      strangersDocument,
      colleaguesDocument,
      '01a20de0-2698-77ef-9bda-77a750724d95',
    ]) {
      await refusedNamingTheField({ replacesDocumentId: id });
      expect(await supersededByOf(original)).toBeNull();
    }
    for (const id of [otherProjectDocument, strangersDocument, colleaguesDocument])
      expect(await supersededByOf(id)).toBeNull();
    // and the other subcontractor cannot replace ours
    const before = await documentCount();
    const theirs = await register({ replacesDocumentId: original }, colleague);
    expect(theirs.status).toBe(400);
    expect(JSON.stringify(theirs.body)).toContain('/replacesDocumentId');
    expect(await documentCount()).toBe(before);
    // not an id at all: the schema names it
    await refusedNamingTheField({ replacesDocumentId: 'x'.repeat(101) });
  });

  it('refuses a document under a private folder of the building as if it were not there', async () => {
    const hidden = await portalUpload(t, {
      ...w,
      filename: 'Kontrakt/FDV varmepumpe avtale.pdf',
      bytes: Buffer.from('%PDF-1.4 avtale'),
      deliveryId: delivery,
      informationType: FDV,
    });
    await t.deps.database.db
      .updateTable('buildings')
      .set({ private_folders: ['Kontrakt/'] })
      .where('id', '=', w.buildingId)
      .execute();
    try {
      const refused = await refusedNamingTheField({ replacesDocumentId: hidden });
      expect(refused.body.detail ?? JSON.stringify(refused.body)).not.toContain('Kontrakt');
      expect(await supersededByOf(hidden)).toBeNull();
    } finally {
      await t.deps.database.db
        .updateTable('buildings')
        .set({ private_folders: [] })
        .where('id', '=', w.buildingId)
        .execute();
    }
  });

  it('refuses a file of another delivery than the upload answers, or of another building', async () => {
    await refusedNamingTheField({ replacesDocumentId: original, deliveryId: otherDelivery, informationType: FDV });
    const building = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}/buildings`,
      key: w.adminKey,
      payload: { name: 'Hus B' },
    });
    expect(building.status).toBe(201);
    await refusedNamingTheField({ replacesDocumentId: original, buildingId: building.body.id });
    expect(await supersededByOf(original)).toBeNull();
  });

  it('links the new version to the one it replaces, for the same delivery and information type', async () => {
    const registered = await register({ replacesDocumentId: original.toUpperCase() });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const uploadUrl = new URL(registered.body.uploadUrl as string);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4 FDV varmepumpe, korrigert utgave'),
    });
    expect(put.statusCode).toBe(200);
    const newVersion = registered.body.documentId as string;
    const listed = await ownList();
    expect(listed.find((d) => d.id === original)).toMatchObject({ supersededBy: newVersion, isLatestRevision: false });
    // without deliveryId and informationType, it answers what the file it replaces answered
    expect(listed.find((d) => d.id === newVersion)).toMatchObject({
      supersededBy: null,
      isLatestRevision: true,
      deliveryId: delivery,
      deliveryInformationType: FDV,
    });
    // the contractor sees the same chain
    const member = await t.request({
      method: 'GET',
      url: `/construction/documents/${original}`,
      key: w.adminKey,
    });
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ supersededBy: newVersion, isLatestRevision: false });

    // replayed, or naming the replaced one again: it is superseded by now (409), and nothing more is registered
    const replay = await refusedNamingTheField({ replacesDocumentId: original }, 409);
    expect(replay.body.code).toBe('document.superseded');
    // the new version can itself be replaced
    const next = await register({ replacesDocumentId: newVersion, deliveryId: delivery, informationType: FDV });
    expect(next.status).toBe(200);
  });
});
