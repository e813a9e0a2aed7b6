import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A project's documents for its members: the batch is all or nothing and names every failing item, each change is in
 * the document's history and the audit log, lists filter and page, progress follows its rules, files are served by
 * signed URL.
 */
describe.each(testEngines())('construction documents for project members, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let deliveryId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    deliveryId = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    for (const [index, type] of ['FDV-dokumentasjon', 'Produktdatablad', 'Produktdatablad', null].entries()) {
      ids.push(
        await portalUpload(t, {
          ...w,
          filename: `dokument-${index}.pdf`,
          bytes: Buffer.from(`%PDF-1.4 dokument ${index}`),
          ...(type ? { deliveryId, informationType: type } : {}),
        }),
      );
    }
  });
  afterAll(() => t.close());

  const batch = (documents: Record<string, unknown>[]) =>
    t.request({ method: 'PUT', url: '/construction/documents/batch', key: w.adminKey, payload: { documents } });
  const historyRows = () => t.deps.database.db.selectFrom('document_history').selectAll().execute();
  const get = async (id: string) =>
    (await t.request({ method: 'GET', url: `/construction/documents/${id}`, key: w.adminKey })).body;

  it('changes nothing when one item fails, and lists every failing item by index and field', async () => {
    const before = await Promise.all(ids.map(get));
    const historyBefore = (await historyRows()).length;
    const refused = await batch([
      { id: ids[0], floor: 'U1', tags: ['kjeller'] },
      { id: ids[1], progressStatus: 'CORRUPT' },
      { id: ids[2], filenameDescriptive: 'Pumpe' },
      { id: '01a20de0-2698-77ef-9bda-77a750724d95', floor: '2' },
      { id: ids[0], floor: '3' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      '/documents/1/progressStatus',
      '/documents/3/id',
      '/documents/4/id',
    ]);
    expect(await Promise.all(ids.map(get))).toEqual(before);
    expect((await historyRows()).length).toBe(historyBefore);

    // a schema failure names its item too
    const invalid = await batch([
      { id: ids[0], floor: 'U1' },
      { id: ids[1], filename: '' },
    ]);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toEqual(['/documents/1/filename']);
    expect(await get(ids[0]!)).toEqual(before[0]);
    expect((await batch([])).status).toBe(400);
  });

  it('applies a good batch to every item, with a history row per changed field and an audit entry per document', async () => {
    const historyBefore = (await historyRows()).length;
    const done = await batch([
      { id: ids[0], floor: 'U1', tags: ['kjeller'] },
      { id: ids[1], filenameDescriptive: 'Sirkulasjonspumpe', progressStatus: 'IN_REVIEW' },
    ]);
    expect(done.status).toBe(200);
    expect(done.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[0], ids[1]]);
    expect(done.body.documents[0]).toMatchObject({ floor: 'U1', tags: ['kjeller'] });
    expect(done.body.documents[1]).toMatchObject({
      filenameDescriptive: 'Sirkulasjonspumpe',
      progressStatus: 'IN_REVIEW',
    });
    expect((await historyRows()).length).toBe(historyBefore + 4);
    const history = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[1]}/history`,
      key: w.adminKey,
    });
    expect(history.body.history).toEqual([
      expect.objectContaining({
        field: 'filenameDescriptive',
        oldValue: null,
        newValue: 'Sirkulasjonspumpe',
        actor: expect.objectContaining({ kind: 'user', label: w.adminEmail }),
      }),
      expect.objectContaining({ field: 'progressStatus', oldValue: 'IN_PROGRESS', newValue: 'IN_REVIEW' }),
    ]);
    const audit = await t.deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'target_id'])
      .where('action', '=', 'document.updated')
      .execute();
    expect(audit.map((row) => row.target_id)).toEqual(expect.arrayContaining([ids[0], ids[1]]));

    // a subcontractor's change is in the history under its name
    await t.request({
      method: 'PUT',
      url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}/${ids[2]}`,
      token: w.token,
      payload: { serialNumber: 'SN-77' },
    });
    const subHistory = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[2]}/history`,
      key: w.adminKey,
    });
    expect(subHistory.body.history).toEqual([
      expect.objectContaining({
        field: 'serialNumber',
        newValue: 'SN-77',
        actor: expect.objectContaining({ kind: 'subcontractor' }),
      }),
    ]);
  });

  it("records each document of a batch spanning two customers in its own customer's audit log", async () => {
    // a person who is ADMIN of this customer and of another one changes a document of each in one batch
    const other = await createDeliveryWorld(t, { projectName: 'Andre Prosjekt' });
    const theirs = await portalUpload(t, { ...other, filename: 'annet.pdf', bytes: Buffer.from('%PDF-1.4 annet') });
    const db = t.deps.database.db;
    const person = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', w.adminEmail)
      .executeTakeFirstOrThrow();
    await giveCustomerRole(db, { customerId: other.customerId, userId: person.id, role: 'ADMIN' });
    const done = await batch([
      { id: ids[3], floor: 'H01' },
      { id: theirs, floor: 'H02' },
    ]);
    expect(done.status).toBe(200);
    const logged = await db
      .selectFrom('audit_events')
      .select(['customer_id', 'target_id'])
      .where('action', '=', 'document.updated')
      .where('target_id', 'in', [ids[3]!, theirs])
      .execute();
    expect(logged).toHaveLength(2);
    expect(logged.find((row) => row.target_id === ids[3])?.customer_id).toBe(w.customerId);
    expect(logged.find((row) => row.target_id === theirs)?.customer_id).toBe(other.customerId);
  });

  it('moves progress by its rules: members review, a subcontractor only between IN_PROGRESS and READY_TO_REVIEW', async () => {
    const member = (id: string, progressStatus: string) =>
      t.request({ method: 'PUT', url: `/construction/documents/${id}`, key: w.adminKey, payload: { progressStatus } });
    const portal = (id: string, progressStatus: string) =>
      t.request({
        method: 'PUT',
        url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}/${id}`,
        token: w.token,
        payload: { progressStatus },
      });
    expect((await portal(ids[3]!, 'READY_TO_REVIEW')).status).toBe(200);
    expect((await portal(ids[3]!, 'IN_PROGRESS')).status).toBe(200);
    expect((await portal(ids[3]!, 'IN_REVIEW')).status).toBe(403);
    expect((await member(ids[3]!, 'IN_REVIEW')).status).toBe(200);
    // under review it is the contractor's
    const held = await portal(ids[3]!, 'READY_TO_REVIEW');
    expect(held.status).toBe(403);
    expect(held.body.detail).toContain('IN_REVIEW');
    expect((await member(ids[3]!, 'DONE')).status).toBe(200);
    expect((await member(ids[3]!, 'IN_PROGRESS')).status).toBe(200);

    // a corrupt file shows CORRUPT with the reason, and only a new upload leaves it
    await t.deps.database.db
      .updateTable('documents')
      .set({ corrupt: true, processing_error: 'The PDF has no readable pages' })
      .where('id', '=', ids[3]!)
      .execute();
    expect(await get(ids[3]!)).toMatchObject({
      progressStatus: 'CORRUPT',
      progressReason: 'The PDF has no readable pages',
    });
    const stuck = await member(ids[3]!, 'DONE');
    expect(stuck.status).toBe(400);
    expect(stuck.body.errors).toEqual([
      { path: '/progressStatus', message: 'the file is corrupt: upload it again instead' },
    ]);
  });

  it('lists the project documents by filter, in pages', async () => {
    const list = async (query: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/construction/documents/project/${w.projectId}${query}`,
          key: w.adminKey,
        })
      ).body as { documents: { id: string }[]; nextToken: string | null };
    expect((await list('')).documents.map((d) => d.id)).toEqual(ids);
    expect((await list(`?deliveryId=${deliveryId}`)).documents.map((d) => d.id)).toEqual(ids.slice(0, 3));
    expect((await list('?informationType=Produktdatablad')).documents.map((d) => d.id)).toEqual([ids[1], ids[2]]);
    expect((await list('?progressStatus=CORRUPT')).documents.map((d) => d.id)).toEqual([ids[3]]);
    expect((await list('?progressStatus=IN_REVIEW')).documents.map((d) => d.id)).toEqual([ids[1]]);
    expect((await list(`?subcontractorId=${w.subcontractorId}`)).documents).toHaveLength(4);
    const first = await list('?limit=3');
    expect(first.documents.map((d) => d.id)).toEqual(ids.slice(0, 3));
    const second = await list(`?limit=3&next_token=${encodeURIComponent(first.nextToken!)}`);
    expect(second).toEqual({ documents: [expect.objectContaining({ id: ids[3] })], nextToken: null });
    // a token is good for its own filters only
    const mixed = await t.request({
      method: 'GET',
      url: `/construction/documents/project/${w.projectId}?limit=3&deliveryId=${deliveryId}&next_token=${encodeURIComponent(first.nextToken!)}`,
      key: w.adminKey,
    });
    expect(mixed.status).toBe(400);
  });

  it("serves a document's file by a signed URL, and archives it on delete", async () => {
    const signed = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[0]}/get-signed-url`,
      key: w.adminKey,
    });
    expect(signed.status).toBe(200);
    const url = new URL(signed.body.url as string);
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.body).toBe('%PDF-1.4 dokument 0');
    const noPreview = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[0]}/get-signed-url?useGeneratedFile=true`,
      key: w.adminKey,
    });
    expect(noPreview.status).toBe(400);
    expect(noPreview.body.errors[0].path).toBe('/useGeneratedFile');

    const removed = await t.request({ method: 'DELETE', url: `/construction/documents/${ids[0]}`, key: w.adminKey });
    expect(removed.body).toEqual({ success: true });
    expect((await t.request({ method: 'GET', url: `/construction/documents/${ids[0]}`, key: w.adminKey })).status).toBe(
      404,
    );
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select('archived_at')
      .where('id', '=', ids[0]!)
      .executeTakeFirst();
    expect(row?.archived_at).not.toBeNull();
    const history = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[0]}/history`,
      key: w.adminKey,
    });
    expect(history.body.history.at(-1)).toMatchObject({ field: 'archived', oldValue: false, newValue: true });
  });
});

describe.each(testEngines())('bulk metadata updates, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    const delivery = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    for (const index of [0, 1, 2]) {
      ids.push(
        await portalUpload(t, {
          ...w,
          filename: `bulk-${index}.pdf`,
          bytes: Buffer.from(`%PDF-1.4 bulk ${index}`),
          ...(index < 2 ? { deliveryId: delivery, informationType: 'Produktdatablad' } : {}),
        }),
      );
    }
  });
  afterAll(() => t.close());

  const bulk = (payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}/bulk-update-metadata`,
      key: w.adminKey,
      payload,
    });

  it('reports per document what changed and what was refused, keeps history, and teaches the classifier', async () => {
    const foreign = '01a20de0-2698-77ef-9bda-77a750724d95';
    const done = await bulk({
      documentIds: [ids[0], ids[1], foreign],
      buildingCategory: '3201',
      informationTypes: ['FDV'],
    });
    expect(done.status).toBe(200);
    expect(done.body.documents).toEqual([
      { id: ids[0], changed: ['buildingCategory', 'informationTypes'], error: null },
      { id: ids[1], changed: ['buildingCategory', 'informationTypes'], error: null },
      { id: foreign, changed: [], error: 'not a live document of this project' },
    ]);
    // the same again changes nothing
    const again = await bulk({ documentIds: [ids[0]], buildingCategory: '3201' });
    expect(again.body.documents).toEqual([{ id: ids[0], changed: [], error: null }]);

    const history = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids[0]}/history`,
      key: w.adminKey,
    });
    expect(history.body.history.map((h: { field: string; newValue: unknown }) => [h.field, h.newValue])).toEqual([
      ['buildingCategory', '3201'],
      ['informationTypes', ['FDV']],
    ]);
    const corrections = await t.deps.database.db
      .selectFrom('classification_corrections')
      .select(['document_id', 'field'])
      .where('document_id', 'in', ids)
      .execute();
    expect(corrections.map((row) => row.document_id).sort()).toEqual([ids[0], ids[1]].sort());
    // "FDV" is the project's own name, not a catalogue type: only a catalogue id teaches the classifier
    expect(corrections.every((row) => row.field === 'buildingCategory')).toBe(true);
    await bulk({ documentIds: [ids[0]], informationTypes: ['om_instructions', 'FDV'] });
    const typed = await t.deps.database.db
      .selectFrom('classification_corrections')
      .select(['document_id', 'value'])
      .where('document_id', 'in', ids)
      .where('field', '=', 'informationTypes')
      .execute();
    expect(typed.map((row) => [row.document_id, row.value])).toEqual([[ids[0], ['om_instructions']]]);
    const audit = await t.deps.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'documents.bulk_updated')
      .execute();
    expect(audit[0]!.details).toMatchObject({ requested: 3, changed: 2, refused: 1 });
  });

  it('takes a filter instead of ids, and refuses both, neither, or nothing to set', async () => {
    const byFilter = await bulk({
      filter: { informationType: 'Produktdatablad' },
      informationTypes: ['Produktdatablad', 'FDV'],
    });
    expect(byFilter.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[0], ids[1]]);
    expect((await bulk({ informationTypes: ['x'] })).body.errors[0].path).toBe('/documentIds');
    expect((await bulk({ documentIds: [ids[0]], filter: {}, informationTypes: ['x'] })).body.errors[0].path).toBe(
      '/documentIds',
    );
    expect((await bulk({ documentIds: [ids[0]] })).body.errors[0].path).toBe('/buildingCategory');
    expect((await bulk({ documentIds: [ids[0]], buildingCategory: 'x'.repeat(1001) })).body.errors[0].path).toBe(
      '/buildingCategory',
    );
    expect((await bulk({ documentIds: [], informationTypes: ['x'] })).body.errors[0].path).toBe('/documentIds');
  });
});
