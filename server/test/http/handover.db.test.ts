import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/**
 * Handover: a project's buildings and documents become a building owner's, served by that owner's partner API with
 * the same bytes and classification and nothing twice; the project is read-only for the contractor afterwards; the
 * report (JSON and PDF) says what was expected, delivered, approved, declined and missing.
 */
describe.each(testEngines())('handover of a project to its building owner, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let owner: { partnerId: string; key: string; ownerId: string; buildingId: string };
  let deliveryId: string;
  let writer: { key: string };
  const ids: Record<string, string> = {};
  const bytes: Record<string, Buffer> = {};
  const before = new Map<string, { buildingCategory: string | null; informationTypes: string[] }>();
  const handoverUrl = () => `/construction/customers/${w.customerId}/projects/${w.projectId}/handover`;
  const documentsOf = async (buildingId: string) => {
    const listed = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${owner.ownerId}/buildings/${buildingId}/documents`,
      key: owner.key,
    });
    return listed;
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    w = await createDeliveryWorld(t, { projectName: 'Nye Bryggen' });
    owner = await t.seed();
    // the operator linked the contractor's customer to the owner it builds for
    await t.deps.database.db
      .updateTable('customers')
      .set({ building_owner_id: owner.ownerId })
      .where('id', '=', w.customerId)
      .execute();
    const write = await createTestUser(t.deps.database.db, { email: 'prosjekt@entreprenor.test' });
    await giveCustomerRole(t.deps.database.db, {
      customerId: w.customerId,
      userId: write.userId,
      role: 'WRITE_ACCESS',
    });
    writer = write;

    deliveryId = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    const files: [string, string, string][] = [
      ['fdv', 'VVS/FDV/FDV varmepumpe.pdf', 'FDV-dokumentasjon'],
      ['sheet', 'VVS/Produkter/Produktdatablad sirkulasjonspumpe.pdf', 'Produktdatablad'],
      ['gone', 'VVS/Utkast/Gammel tegning.pdf', 'FDV-dokumentasjon'],
    ];
    for (const [name, filename, informationType] of files) {
      bytes[name] = await makePdf([
        `${filename}\nDrift og vedlikehold av varmepumpe og sirkulasjonspumpe.\nServiceintervall 12 måneder.\n` +
          'Filteret i varmepumpen skal byttes hver sjette måned.',
      ]);
      ids[name] = await portalUpload(t, { ...w, filename, bytes: bytes[name], deliveryId, informationType });
    }
    await t.waitForProcessing(Object.values(ids));
    const approved = await t.request({
      method: 'PUT',
      url: `/construction/deliveries/${deliveryId}`,
      key: w.adminKey,
      payload: {
        informationTypes: [
          { informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED' },
          { informationType: 'Produktdatablad', approvalStatus: 'DECLINED', comment: 'Mangler effektdata' },
        ],
      },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const deleted = await t.request({ method: 'DELETE', url: `/construction/documents/${ids.gone}`, key: w.adminKey });
    expect(deleted.status).toBe(200);
    for (const name of ['fdv', 'sheet']) {
      const document = await t.request({ method: 'GET', url: `/construction/documents/${ids[name]}`, key: w.adminKey });
      before.set(ids[name]!, {
        buildingCategory: document.body.buildingCategory,
        informationTypes: document.body.informationTypes,
      });
    }
  }, 120_000);
  afterAll(() => t.close());

  it('a dry run reports what would move and what is incomplete, and changes nothing', async () => {
    const dry = await t.request({
      method: 'POST',
      url: handoverUrl(),
      key: w.adminKey,
      payload: { buildingOwnerId: owner.ownerId, dryRun: true },
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const report = dry.body;
    expect(report).toMatchObject({
      id: null,
      dryRun: true,
      project: { id: w.projectId, name: 'Nye Bryggen', projectNumber: 'P-1042', customerId: w.customerId },
      buildingOwner: { id: owner.ownerId, name: 'Barcode Properties AS' },
      by: { name: expect.stringContaining(w.adminEmail) },
      summary: {
        buildings: 1,
        documents: 2,
        archivedDocuments: 1,
        deliveries: 1,
        informationTypesExpected: 3,
        informationTypesDelivered: 2,
        informationTypesApproved: 1,
        informationTypesDeclined: 1,
      },
    });
    // the manifest: every live file with the checksum of its bytes; the deleted one is not delivered
    expect(
      report.files.map((f: { documentId: string; md5: string; size: number; path: string }) => [
        f.documentId,
        f.md5,
        f.size,
        f.path,
      ]),
    ).toEqual(
      [
        [ids.fdv, md5(bytes.fdv!), bytes.fdv!.length, 'VVS/FDV/FDV varmepumpe.pdf'],
        [ids.sheet, md5(bytes.sheet!), bytes.sheet!.length, 'VVS/Produkter/Produktdatablad sirkulasjonspumpe.pdf'],
      ].sort((a, b) => String(a[3]).localeCompare(String(b[3]))),
    );
    const types = report.deliveries[0].informationTypes;
    expect(types).toEqual([
      expect.objectContaining({
        informationType: 'FDV-dokumentasjon',
        expected: true,
        documents: 1,
        approvalStatus: 'APPROVED',
        verifiedBy: w.adminEmail,
        verifiedAt: expect.any(String),
      }),
      expect.objectContaining({
        informationType: 'Produktdatablad',
        approvalStatus: 'DECLINED',
        comment: 'Mangler effektdata',
        verifiedBy: w.adminEmail,
      }),
      expect.objectContaining({ informationType: 'Samsvarserklæring', documents: 0, approvalStatus: null }),
    ]);
    expect(report.deliveries[0].subcontractor).toEqual({ id: w.subcontractorId, companyName: 'Rør & Varme AS' });
    expect(
      report.incomplete.map((i: { code: string; informationType?: string }) => [i.code, i.informationType]),
    ).toEqual([
      ['delivery.type_declined', 'Produktdatablad'],
      ['delivery.type_missing', 'Samsvarserklæring'],
    ]);
    // the TEK17 checklist run on the building: a two-document building lacks most of it
    const deficiencies = report.buildings[0].deficiencies;
    expect(deficiencies).toMatchObject({ country: 'NO', version: 'v2' });
    expect(deficiencies.missing).toBeGreaterThan(0);
    expect(deficiencies.items.length).toBe(deficiencies.missing + deficiencies.partial);

    // nothing moved
    expect((await documentsOf(w.buildingId)).status).toBe(404);
    const project = await t.request({
      method: 'GET',
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}`,
      key: w.adminKey,
    });
    expect(project.body.status).toBe('ACTIVE');
    expect((await t.request({ method: 'GET', url: handoverUrl(), key: w.adminKey })).status).toBe(404);
    const gb = await t.request({
      method: 'POST',
      url: handoverUrl(),
      key: w.adminKey,
      payload: { buildingOwnerId: owner.ownerId, dryRun: true, country: 'GB' },
    });
    expect(gb.body.buildings[0].deficiencies.country).toBe('GB');
  });

  /** as if another API process had the admin's credential run `count` dry runs or PDFs right now */
  async function busyElsewhere(count: number) {
    const { db } = t.deps.database;
    const admin = await db.selectFrom('users').select('id').where('email', '=', w.adminEmail).executeTakeFirstOrThrow();
    const holder = `person:${admin.id}`;
    await db.deleteFrom('busy_slots').where('kind', '=', 'handover').execute();
    for (let slot = 0; slot < count; slot += 1) {
      await db
        .insertInto('busy_slots')
        .values({
          kind: 'handover',
          holder,
          slot,
          token: `elsewhere-${slot}`,
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute();
    }
  }

  it('a credential runs two dry runs at once: a third is refused before the project is evaluated', async () => {
    const dryRun = () =>
      t.request({
        method: 'POST',
        url: handoverUrl(),
        key: w.adminKey,
        payload: { buildingOwnerId: owner.ownerId, dryRun: true },
      });
    await busyElsewhere(2);
    const refused = await dryRun();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('handover.busy');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await busyElsewhere(1);
    expect((await dryRun()).status).toBe(200);
    // its slot came back: only the other process's is held
    expect(await t.deps.database.db.selectFrom('busy_slots').select('token').execute()).toEqual([
      { token: 'elsewhere-0' },
    ]);
    await busyElsewhere(0);
  });

  it('refuses callers below OWNER, owners out of the caller’s reach, and bodies it does not know', async () => {
    const post = (key: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: handoverUrl(), key, payload });
    const below = await post(writer.key, { buildingOwnerId: owner.ownerId, dryRun: true });
    expect(below.status).toBe(403);
    expect(below.body.code).toBe('auth.role_required');

    const stranger = await t.seed();
    for (const buildingOwnerId of [stranger.ownerId, 'own_does_not_exist']) {
      const refused = await post(w.adminKey, { buildingOwnerId, dryRun: true });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/buildingOwnerId' })]);
    }
    const workspace = await t.deps.database.db
      .selectFrom('customers')
      .select('workspace_owner_id')
      .where('id', '=', w.customerId)
      .executeTakeFirstOrThrow();
    const own = await post(w.adminKey, { buildingOwnerId: workspace.workspace_owner_id });
    expect(own.status).toBe(400);
    expect(own.body.errors[0].path).toBe('/buildingOwnerId');

    const unknown = await post(w.adminKey, { buildingOwnerId: owner.ownerId, force: true });
    expect(unknown.status).toBe(400);
    const country = await post(w.adminKey, { buildingOwnerId: owner.ownerId, country: 'SE' });
    expect(country.status).toBe(400);
    expect(JSON.stringify(country.body.errors)).toContain('/country');
    const elsewhere = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects/01a20e45-dc00-70be-9553-5ccb0cb89e6e/handover`,
      key: w.adminKey,
      payload: { buildingOwnerId: owner.ownerId },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('hands over: the owner’s partner API serves every document once, with the same bytes and classification', async () => {
    const noTarget = await t.request({
      method: 'GET',
      url: `/construction/customers/${w.customerId}/projects/migration-target`,
      key: w.adminKey,
    });
    expect(noTarget.body).toBeNull();
    // the maintenance tasks the delivered FDV documentation states, in the contractor's workspace until the handover
    const tasksBefore = await t.deps.database.db
      .selectFrom('maintenance_tasks')
      .select('id')
      .where('building_id', '=', w.buildingId)
      .execute();
    expect(tasksBefore.length).toBeGreaterThan(0);

    const done = await t.request({
      method: 'POST',
      url: handoverUrl(),
      key: w.adminKey,
      payload: { buildingOwnerId: owner.ownerId },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: expect.any(String), dryRun: false, summary: { documents: 2 } });

    const listed = await documentsOf(w.buildingId);
    expect(listed.status).toBe(200);
    const listedIds = listed.body.documents.map((d: { id: string }) => d.id);
    expect(listedIds.sort()).toEqual([ids.fdv, ids.sheet].sort());
    for (const name of ['fdv', 'sheet']) {
      const one = await t.request({
        method: 'GET',
        url: `/v1/building_owners/${owner.ownerId}/buildings/${w.buildingId}/documents/${ids[name]}`,
        key: owner.key,
      });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ ...before.get(ids[name]!), md5Checksum: md5(bytes[name]!) });
      const link = new URL(one.body.url);
      const file = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, bytes[name]!)).toBe(0);
    }
    // no copy: one row per file, one blob per file
    const rows = await t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'blob_key', 'building_owner_id'])
      .where('building_id', '=', w.buildingId)
      .execute();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.blob_key)).size).toBe(3);
    expect(new Set(rows.map((r) => r.building_owner_id))).toEqual(new Set([owner.ownerId]));
    // the maintenance plan moves with them: the owner's plan of the building holds the delivered tasks
    const plan = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${owner.ownerId}/buildings/${w.buildingId}/maintenance_tasks`,
      key: owner.key,
    });
    expect(plan.status).toBe(200);
    const planned = (plan.body.tasks as { id: string }[]).map((task) => task.id);
    expect(planned).toEqual(expect.arrayContaining(tasksBefore.map((task) => task.id)));
    // the owner's search finds their text, owner-wide, and only once
    const search = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${owner.ownerId}/search?query=sirkulasjonspumpe`,
      key: owner.key,
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const hitIds = (search.body.hits as { id: string }[]).map((hit) => hit.id);
    expect(hitIds.filter((id) => id === ids.sheet)).toHaveLength(1);
    expect(hitIds).not.toContain(ids.gone);

    const target = await t.request({
      method: 'GET',
      url: `/construction/customers/${w.customerId}/projects/migration-target`,
      key: w.adminKey,
    });
    expect(target.body).toEqual({ buildingOwnerId: owner.ownerId, name: 'Barcode Properties AS' });
    const kept = await t.request({ method: 'GET', url: handoverUrl(), key: writer.key });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual(done.body);
  });

  it('leaves the project read-only for the contractor: reads work, every change is a 409, the portal is closed', async () => {
    const project = await t.request({
      method: 'GET',
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}`,
      key: w.adminKey,
    });
    expect(project.body.status).toBe('HANDED_OVER');
    const documents = await t.request({
      method: 'GET',
      url: `/construction/documents/project/${w.projectId}`,
      key: w.adminKey,
    });
    expect(documents.status).toBe(200);
    const history = await t.request({
      method: 'GET',
      url: `/construction/documents/${ids.gone}/history`,
      key: w.adminKey,
    });
    expect(history.status).toBe(200);

    const changes = [
      { method: 'POST' as const, url: handoverUrl(), payload: { buildingOwnerId: owner.ownerId } },
      {
        method: 'PUT' as const,
        url: `/construction/customers/${w.customerId}/projects/${w.projectId}`,
        payload: { name: 'Nytt navn' },
      },
      {
        method: 'PUT' as const,
        url: `/construction/customers/${w.customerId}/projects/${w.projectId}`,
        payload: { status: 'ARCHIVED' },
      },
      { method: 'PUT' as const, url: `/construction/documents/${ids.fdv}`, payload: { buildingCategory: '33' } },
      { method: 'PUT' as const, url: `/construction/deliveries/${deliveryId}`, payload: { description: 'Endret' } },
      {
        method: 'POST' as const,
        url: `/construction/customers/${w.customerId}/projects/${w.projectId}/buildings`,
        payload: { name: 'Hus B' },
      },
    ];
    for (const change of changes) {
      const refused = await t.request({ ...change, key: w.adminKey });
      expect(refused.status, `${change.method} ${change.url}`).toBe(409);
      expect(refused.body.code).toBe('project.handed_over');
    }
    const portal = await t.request({
      method: 'GET',
      url: `/construction/public/delivery/${w.projectId}/${w.subcontractorId}`,
      token: w.token,
    });
    expect(portal.status).toBe(401);
    // and the partner's own changes go on: the documents are the owner's now
    const renamed = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${owner.ownerId}/buildings/${w.buildingId}/documents/${ids.fdv}`,
      key: owner.key,
      payload: { buildingCategory: '32' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.buildingCategory).toBe('32');
  });

  it('prints the report as a PDF: files with their checksums, approvals, what is missing', async () => {
    const printed = new Map<string, Buffer>();
    await busyElsewhere(2);
    const busy = await t.app.inject({
      method: 'GET',
      url: `${handoverUrl()}/report.pdf`,
      headers: { 'x-api-key': w.adminKey },
    });
    expect(busy.statusCode).toBe(429);
    expect(JSON.parse(busy.body).code).toBe('handover.busy');
    await busyElsewhere(0);
    for (const [locale, title, declined] of [
      ['nb', 'Overleveringsrapport', 'Produktdatablad er avvist'],
      ['en', 'Handover report', 'Produktdatablad was declined'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${handoverUrl()}/report.pdf?locale=${locale}`,
        headers: { 'x-api-key': w.adminKey },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('handover-P-1042.pdf');
      const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const { text } = await extractText(pdf, { mergePages: true });
      for (const expected of [
        title,
        declined,
        'Nye Bryggen',
        'Barcode Properties AS',
        'Rør & Varme AS',
        'Samsvarserklæring',
        'Produktdatablad',
        'DECLINED',
        md5(bytes.fdv!),
        md5(bytes.sheet!),
        w.adminEmail,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain(md5(bytes.gone!));
      printed.set(locale, response.rawPayload);
    }
    // printed once per language and kept: read again while every printing slot is taken, the same bytes (was: 429)
    await busyElsewhere(2);
    for (const locale of ['nb', 'en'] as const) {
      const again = await t.app.inject({
        method: 'GET',
        url: `${handoverUrl()}/report.pdf?locale=${locale}`,
        headers: { 'x-api-key': w.adminKey },
      });
      expect(again.statusCode, again.body.slice(0, 200)).toBe(200);
      expect(again.headers['content-type']).toBe('application/pdf');
      expect(again.rawPayload.equals(printed.get(locale)!)).toBe(true);
    }
    await busyElsewhere(0);
    const bad = await t.request({ method: 'GET', url: `${handoverUrl()}/report.pdf?locale=de`, key: w.adminKey });
    expect(bad.status).toBe(400);
  });

  it('the operator hands over another project from the command line’s route; two owners make no migration target', async () => {
    const second = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects`,
      key: w.adminKey,
      payload: { name: 'Kaia', buildings: [{ name: 'Kaia hus 1' }] },
    });
    expect(second.status).toBe(201);
    const target = () =>
      t.request({
        method: 'GET',
        url: `/construction/customers/${w.customerId}/projects/migration-target`,
        key: w.adminKey,
      });
    expect((await target()).body).toBeNull();

    const other = await t.seed();
    const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const dry = await t.request({
      method: 'POST',
      url: `/admin/projects/${second.body.id}/handover`,
      headers: operator,
      payload: { buildingOwnerId: other.ownerId, dryRun: true },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, by: { userId: null, name: 'operator' } });
    expect(dry.body.incomplete).toEqual([expect.objectContaining({ code: 'building.empty' })]);
    const done = await t.request({
      method: 'POST',
      url: `/admin/projects/${second.body.id}/handover`,
      headers: operator,
      payload: { buildingOwnerId: other.ownerId },
    });
    expect(done.status).toBe(200);
    const buildings = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${other.ownerId}/buildings`,
      key: other.key,
    });
    expect(JSON.stringify(buildings.body)).toContain('Kaia hus 1');
    expect((await target()).body).toBeNull();
    const again = await t.request({
      method: 'POST',
      url: `/admin/projects/${second.body.id}/handover`,
      headers: operator,
      payload: { buildingOwnerId: other.ownerId },
    });
    expect(again.status).toBe(409);
    const noToken = await t.request({
      method: 'POST',
      url: `/admin/projects/${second.body.id}/handover`,
      payload: { buildingOwnerId: other.ownerId },
    });
    expect(noToken.status).toBe(401);
  });

  it('archives uploads pending at the handover: a URL saved before it adds nothing to the owner’s building', async () => {
    const project = await createDeliveryWorld(t, { projectName: 'Sjøsiden' });
    const receiver = await t.seed();
    const delivered = await portalUpload(t, {
      ...project,
      filename: 'Levert.pdf',
      bytes: await makePdf(['Levert før overleveringen']),
    });
    await t.waitForProcessing([delivered]);
    const registered = await t.request({
      method: 'POST',
      url: `/construction/public/upload/${project.projectId}/${project.subcontractorId}`,
      token: project.token,
      payload: { buildingId: project.buildingId, filename: 'Etter overlevering.pdf' },
    });
    expect(registered.status).toBe(200);
    const done = await t.request({
      method: 'POST',
      url: `/admin/projects/${project.projectId}/handover`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { buildingOwnerId: receiver.ownerId },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const uploadUrl = new URL(registered.body.uploadUrl as string);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: await makePdf(['Sendt etter overleveringen']),
    });
    expect(put.statusCode).toBeGreaterThanOrEqual(400);
    expect(put.statusCode).toBeLessThan(500);
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['upload_state', 'archived_at'])
      .where('id', '=', registered.body.documentId)
      .executeTakeFirstOrThrow();
    expect(row.upload_state).toBe('pending');
    expect(row.archived_at).not.toBeNull();
    const listed = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${receiver.ownerId}/buildings/${project.buildingId}/documents`,
      key: receiver.key,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.documents.map((d: { id: string }) => d.id)).toEqual([delivered]);
  });
});
