import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up as migrate0027 } from '../../src/storage/db/migrations/0027-project-documents.js';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { freePort } from '../helpers/service-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { readZip } from '../helpers/zip-reader.js';

interface Answer {
  status: number;
  body: any;
}

/**
 * Tenancy after a handover (issue 41, item 1), attacked as a former contractor would, over real HTTP against a
 * listening service on both engines: a project is handed over to a building owner, the owner's partner then adds a
 * document in one of the building's private folders and a public one, and the contractor's people try every
 * construction read (the project's list, a document, its history, signed URLs, the drawing viewer, the rename preview,
 * zips) and every write (one document, a batch, bulk metadata, delete, renames). Nothing the owner added shows up; what
 * the project delivered stays readable and is no longer writable; what lies under a private folder is hidden from the
 * contractor like from the partner API. Another contractor's ids reach nothing either way.
 */
describe.each(testEngines())('a former contractor after the handover, on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let a: DeliveryWorld;
  let b: DeliveryWorld;
  let reader: { key: string };
  let owner: { partnerId: string; key: string; ownerId: string; buildingId: string };
  const ids: Record<string, string> = {};
  const bytes: Record<string, Buffer> = {};

  async function call(method: string, path: string, key: string | null, body?: unknown): Promise<Answer> {
    const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'x-api-key': key } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: json };
  }

  async function ok(answer: Promise<Answer>, status: number, what: string) {
    const got = await answer;
    if (got.status !== status) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
    return got.body;
  }

  /** the partner API's upload: register, then PUT the bytes to the URL it gives */
  async function ownerUpload(filename: string, content: Buffer) {
    const registered = await ok(
      call('PUT', `/v1/building_owners/${owner.ownerId}/buildings/${a.buildingId}/documents`, owner.key, {
        filename,
      }),
      200,
      'owner upload',
    );
    const put = await fetch(registered.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: content,
    });
    expect(put.status).toBe(200);
    return registered.documentId as string;
  }

  /** a zip of the building asked for, built and downloaded, as the contractor's web app does */
  async function zipOf(key: string, buildingId: string, subcontractorId?: string) {
    const path = `/construction/zip/${buildingId}${subcontractorId ? `/subcontractor/${subcontractorId}` : ''}`;
    const asked = await ok(call('POST', path, key), 202, 'zip request');
    const latest = `/construction/zip/${buildingId}/latest${subcontractorId ? `?subcontractorId=${subcontractorId}` : ''}`;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const state = await ok(call('GET', latest, key), 200, 'zip latest');
      if (state.id === asked.id && state.status === 'ready') {
        const file = await fetch(state.url);
        expect(file.status).toBe(200);
        return readZip(Buffer.from(await file.arrayBuffer()));
      }
      if (state.id === asked.id && state.status === 'failed') throw new Error(`zip failed: ${state.error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the zip was not built');
  }

  const pdf = (name: string) => Buffer.from(`%PDF-1.4 ${name} ${'x'.repeat(800)}`);

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      engine,
      workers: true,
      settings: { http: { publicUrl: base } },
      options: { publicUrl: base },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const db = t.deps.database.db;

    a = await createDeliveryWorld(t, { projectName: 'Nye Bryggen' });
    b = await createDeliveryWorld(t, { projectName: 'Andres prosjekt' });
    owner = await t.seed();
    // the operator linked the contractor to the owner it builds for (so its OWNER may hand over)
    await db
      .updateTable('customers')
      .set({ building_owner_id: owner.ownerId })
      .where('id', '=', a.customerId)
      .execute();
    const read = await createTestUser(db, { email: 'leser@entreprenor.test' });
    await giveCustomerRole(db, { customerId: a.customerId, userId: read.userId, role: 'READ_ACCESS' });
    reader = read;

    // what the project delivered: through a delivery, and a file in a folder the owner will make private
    const delivery = (await createDelivery(t, { world: a, subcontractorId: a.subcontractorId })).id;
    const delivered: [string, string, string?][] = [
      ['delivered', 'VVS/FDV/FDV varmepumpe.pdf', 'FDV-dokumentasjon'],
      ['deliveredPrivate', 'Privat/Garantibevis varmepumpe.pdf'],
    ];
    for (const [name, filename, informationType] of delivered) {
      bytes[name] = pdf(name);
      ids[name] = await portalUpload(t, {
        ...a,
        filename,
        bytes: bytes[name],
        ...(informationType ? { deliveryId: delivery, informationType } : {}),
      });
    }
    // the other contractor's own project and document
    bytes.otherTenant = pdf('otherTenant');
    ids.otherTenant = await portalUpload(t, { ...b, filename: 'EL/Koblingsskjema.pdf', bytes: bytes.otherTenant });

    await ok(
      call('POST', `/construction/customers/${a.customerId}/projects/${a.projectId}/handover`, a.adminKey, {
        buildingOwnerId: owner.ownerId,
      }),
      200,
      'handover',
    );

    // the owner's partner makes a folder private and adds a private and a public document
    await ok(
      call('PATCH', `/v1/building_owners/${owner.ownerId}/buildings/${a.buildingId}`, owner.key, {
        privateFolders: ['Privat'],
      }),
      200,
      'private folders',
    );
    bytes.ownerPrivate = pdf('ownerPrivate');
    ids.ownerPrivate = await ownerUpload('Privat/Leiekontrakt leietaker.pdf', bytes.ownerPrivate);
    bytes.ownerPublic = pdf('ownerPublic');
    ids.ownerPublic = await ownerUpload('Drift/Nytt adgangskort.pdf', bytes.ownerPublic);
  }, 120_000);
  afterAll(() => t?.close());

  /** what the contractor may no longer see: the owner's two documents and the delivered one in a private folder */
  const hidden = () => [ids.ownerPrivate!, ids.ownerPublic!, ids.deliveredPrivate!];

  it("lists only what the project delivered and can still see, for every one of the contractor's people", async () => {
    for (const key of [a.adminKey, reader.key]) {
      const listed = await ok(call('GET', `/construction/documents/project/${a.projectId}`, key), 200, 'list');
      expect(listed.documents.map((d: { id: string }) => d.id)).toEqual([ids.delivered]);
      for (const query of ['?progressStatus=IN_PROGRESS', `?subcontractorId=${a.subcontractorId}`, '?limit=1']) {
        const filtered = await ok(
          call('GET', `/construction/documents/project/${a.projectId}${query}`, key),
          200,
          query,
        );
        for (const id of hidden()) expect(filtered.documents.map((d: { id: string }) => d.id)).not.toContain(id);
      }
    }
  });

  it('reads a delivered document, its history and its file, and nothing the owner added or made private', async () => {
    for (const key of [a.adminKey, reader.key]) {
      const document = await ok(call('GET', `/construction/documents/${ids.delivered}`, key), 200, 'delivered');
      expect(document).toMatchObject({ id: ids.delivered, projectId: a.projectId });
      await ok(call('GET', `/construction/documents/${ids.delivered}/history`, key), 200, 'history');
      const signed = await ok(call('GET', `/construction/documents/${ids.delivered}/get-signed-url`, key), 200, 'url');
      const file = await fetch(signed.url);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes.delivered);

      for (const id of hidden()) {
        for (const suffix of [
          '',
          '/history',
          '/get-signed-url',
          '/get-signed-url?useGeneratedFile=true',
          '/dwg-viewer',
        ]) {
          const refused = await call('GET', `/construction/documents/${id}${suffix}`, key);
          expect(refused.status, `${suffix} of ${id}`).toBe(404);
          expect(refused.body.code).toBe('document.not_found');
          expect(JSON.stringify(refused.body)).not.toMatch(/Leiekontrakt|adgangskort|Garantibevis/);
        }
      }
    }
  });

  it('changes nothing: delivered documents are read-only, the others are not there', async () => {
    // what a person's change leaves behind (processing, still running, changes other columns meanwhile)
    const snapshot = async () => {
      const { db } = t.deps.database;
      const documents = await db
        .selectFrom('documents')
        .select(['id', 'filename', 'archived_at', 'building_category_source', 'information_types_source'])
        .where('building_id', '=', a.buildingId)
        .orderBy('id')
        .execute();
      const history = await db
        .selectFrom('document_history')
        .select(['document_id', 'field', 'new_value'])
        .where(
          'document_id',
          'in',
          documents.map((d) => d.id),
        )
        .orderBy('id')
        .execute();
      return {
        documents: documents.map((d) => ({
          id: d.id,
          filename: d.filename,
          archived: d.archived_at !== null,
          setByPerson: [d.building_category_source, d.information_types_source].includes('person'),
        })),
        history,
      };
    };
    const before = await snapshot();
    const key = a.adminKey;
    for (const id of hidden()) {
      const put = await call('PUT', `/construction/documents/${id}`, key, { buildingCategory: '33' });
      expect(put.status, `PUT ${id}`).toBe(404);
      const deleted = await call('DELETE', `/construction/documents/${id}`, key);
      expect(deleted.status, `DELETE ${id}`).toBe(404);
      const batch = await call('PUT', '/construction/documents/batch', key, {
        documents: [{ id, buildingCategory: '33' }],
      });
      expect(batch.status).toBe(400);
      expect(batch.body.errors).toEqual([
        { path: '/documents/0/id', message: 'is not a document this caller may change' },
      ]);
    }
    const put = await call('PUT', `/construction/documents/${ids.delivered}`, key, { buildingCategory: '33' });
    expect(put.status).toBe(409);
    expect(put.body.code).toBe('project.handed_over');
    expect((await call('DELETE', `/construction/documents/${ids.delivered}`, key)).status).toBe(409);
    const batch = await call('PUT', '/construction/documents/batch', key, {
      documents: [{ id: ids.delivered, buildingCategory: '33' }],
    });
    expect([400, 409]).toContain(batch.status);
    const project = `/construction/customers/${a.customerId}/projects/${a.projectId}`;
    const bulk = await call('POST', `${project}/bulk-update-metadata`, key, {
      documentIds: [ids.delivered, ...hidden()],
      buildingCategory: '33',
    });
    expect(bulk.status).toBe(409);
    expect((await call('POST', `${project}/update-filenames`, key, {})).status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('previews renames of delivered documents only', async () => {
    const project = `/construction/customers/${a.customerId}/projects/${a.projectId}`;
    for (const key of [a.adminKey, reader.key]) {
      const preview = await ok(call('GET', `${project}/preview-filenames`, key), 200, 'preview');
      expect(preview.documents.map((d: { id: string }) => d.id)).toEqual([ids.delivered]);
    }
  });

  it('zips only what the project delivered and can still see, per building and per subcontractor', async () => {
    for (const subcontractorId of [undefined, a.subcontractorId]) {
      const files = await zipOf(reader.key, a.buildingId, subcontractorId);
      expect([...files.keys()].sort()).toEqual(['VVS/FDV/FDV varmepumpe.pdf', 'manifest.csv', 'manifest.json']);
      expect(files.get('VVS/FDV/FDV varmepumpe.pdf')).toEqual(bytes.delivered);
      const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
      expect(manifest.files.map((f: { documentId: string }) => f.documentId)).toEqual([ids.delivered]);
    }
  });

  it("another contractor's ids reach nothing, either way", async () => {
    const mine = [ids.delivered!, ...hidden()];
    for (const id of mine) {
      for (const suffix of ['', '/history', '/get-signed-url']) {
        expect((await call('GET', `/construction/documents/${id}${suffix}`, b.adminKey)).status).toBe(404);
      }
      expect((await call('PUT', `/construction/documents/${id}`, b.adminKey, { floor: '2' })).status).toBe(404);
    }
    expect((await call('GET', `/construction/documents/project/${a.projectId}`, b.adminKey)).status).toBe(404);
    expect((await call('POST', `/construction/zip/${a.buildingId}`, b.adminKey)).status).toBe(404);
    expect((await call('GET', `/construction/zip/${a.buildingId}/latest`, b.adminKey)).status).toBe(404);
    const foreign = await call('PUT', '/construction/documents/batch', b.adminKey, {
      documents: mine.map((id) => ({ id, floor: '2' })),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveLength(mine.length);
    // their own project still works for them, and not for the first contractor
    const theirs = await ok(call('GET', `/construction/documents/project/${b.projectId}`, b.adminKey), 200, 'b list');
    expect(theirs.documents.map((d: { id: string }) => d.id)).toEqual([ids.otherTenant]);
    for (const key of [a.adminKey, reader.key]) {
      expect((await call('GET', `/construction/documents/project/${b.projectId}`, key)).status).toBe(404);
      expect((await call('GET', `/construction/documents/${ids.otherTenant}`, key)).status).toBe(404);
      expect((await call('GET', `/construction/documents/${ids.otherTenant}/get-signed-url`, key)).status).toBe(404);
      expect((await call('POST', `/construction/zip/${b.buildingId}`, key)).status).toBe(404);
    }
    // the owner's partner key is no construction credential
    expect([401, 403]).toContain((await call('GET', `/construction/documents/${ids.ownerPublic}`, owner.key)).status);
  });

  it('the migration gives earlier documents their project where it is certain, never the owner’s, and withdraws zips built after the handover', async () => {
    const db = t.deps.database.db;
    // as before the fix: the project's documents stored without their project
    await db
      .updateTable('documents')
      .set({ project_id: null })
      .where('id', 'in', [ids.delivered!, ids.deliveredPrivate!, ids.otherTenant!])
      .execute();
    const zipped = await ok(call('GET', `/construction/zip/${a.buildingId}/latest`, reader.key), 200, 'latest');
    expect(zipped.status).toBe('ready');
    await migrate0027(db as unknown as Kysely<unknown>);
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'project_id'])
      .where('id', 'in', Object.values(ids))
      .execute();
    const projectOf = new Map(rows.map((row) => [row.id, row.project_id]));
    expect(projectOf.get(ids.delivered!)).toBe(a.projectId);
    expect(projectOf.get(ids.deliveredPrivate!)).toBe(a.projectId);
    expect(projectOf.get(ids.otherTenant!)).toBe(b.projectId);
    expect(projectOf.get(ids.ownerPrivate!)).toBeNull();
    expect(projectOf.get(ids.ownerPublic!)).toBeNull();
    // a zip built after the handover may hold the owner's files (before the fix it did): no longer downloadable
    const withdrawn = await ok(call('GET', `/construction/zip/${a.buildingId}/latest`, reader.key), 200, 'latest');
    expect(withdrawn).toMatchObject({ id: zipped.id, status: 'failed', url: null });
    expect(withdrawn.error).toContain('withdrawn');
  });
});
