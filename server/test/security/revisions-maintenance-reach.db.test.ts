import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/shared/ids.js';
import { relinkRevisions } from '../../src/storage/db/repositories/revisions.repository.js';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { storeExtractedTask } from '../helpers/maintenance-fixtures.js';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The newer features attacked as a reader who should not get further: the maintenance plan, report evidence links,
 * ask threads and drawing revisions, with partner keys (whole and single-building), session tokens, people and a
 * former contractor. Each attack names what it tries; the ones that got through before this file are marked.
 */
describe.each(testEngines())('revisions, maintenance, reports and threads out of reach, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const owner = () => `/v1/building_owners/${seed.ownerId}`;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
  });
  afterAll(() => t?.close());

  async function newBuilding(name: string): Promise<string> {
    const made = await t.request({ method: 'PUT', url: `${owner()}/buildings`, key: seed.key, payload: { name } });
    expect(made.status).toBe(200);
    return made.body as string;
  }

  async function sessionToken(key: string): Promise<string> {
    const made = await t.request({ method: 'POST', url: `${owner()}/sessions`, key, payload: { expires_in: 600 } });
    expect(made.status).toBe(200);
    return made.body.token as string;
  }

  /** a task extracted from a document, as the maintenance job stores it */
  const extractedTask = (params: { buildingId: string; documentId: string; component: string }) =>
    storeExtractedTask(t.deps.database.db, { ownerId: seed.ownerId, ...params });

  describe('the maintenance plan', () => {
    it("shows no task of a deleted building: not owner-wide, not in the CSV or calendar, for no reader (was: a person's own tasks stayed)", async () => {
      const kept = await newBuilding('Bygg som blir');
      const gone = await newBuilding('Bygg som slettes');
      for (const [building, component] of [
        [kept, 'Sprinkleranlegg i bygget som blir'],
        [gone, 'Heis i det slettede bygget'],
      ] as const) {
        const made = await t.request({
          method: 'POST',
          url: `${owner()}/buildings/${building}/maintenance_tasks`,
          key: seed.key,
          payload: { component, action: 'inspect', interval: { every: 1, unit: 'year' } },
        });
        expect(made.status).toBe(201);
      }
      const token = await sessionToken(seed.key);
      const person = await createTestUser(t.deps.database.db);
      const { customerId } = await createTestCustomer(t.deps.database.db, { buildingOwnerId: seed.ownerId });
      await giveCustomerRole(t.deps.database.db, { customerId, userId: person.userId, role: 'READ_ACCESS' });
      const readers = [{ key: seed.key }, { token }, { key: person.key }];

      const plans = async () => {
        const seen: string[] = [];
        for (const reader of readers) {
          const json = await t.request({ method: 'GET', url: `${owner()}/maintenance_tasks?limit=1000`, ...reader });
          expect(json.status).toBe(200);
          seen.push(JSON.stringify(json.body));
          for (const format of ['csv', 'ics']) {
            const file = await t.request({
              method: 'GET',
              url: `${owner()}/maintenance_tasks?format=${format}`,
              ...reader,
            });
            expect(file.status).toBe(200);
            seen.push(String(file.body));
          }
        }
        return seen;
      };
      for (const text of await plans()) {
        expect(text).toContain('Sprinkleranlegg i bygget som blir');
        expect(text).toContain('Heis i det slettede bygget');
      }

      const deleted = await t.request({ method: 'DELETE', url: `${owner()}/buildings/${gone}`, key: seed.key });
      expect(deleted.status).toBe(200);
      for (const text of await plans()) {
        expect(text).toContain('Sprinkleranlegg i bygget som blir');
        expect(text).not.toContain('Heis i det slettede bygget');
      }
      // and the deleted building itself is not there to ask for
      const one = await t.request({
        method: 'GET',
        url: `${owner()}/maintenance_tasks?building_id=${gone}`,
        key: seed.key,
      });
      expect(one.status).toBe(404);
    });

    it('never shows a task cited from a private folder or a deleted document, nor lets it be changed', async () => {
      const building = await newBuilding('Bygg med privat FDV');
      const db = t.deps.database.db;
      const page = ['Ventilasjonsaggregat skal kontrolleres årlig.'];
      const open = await insertDocument({
        db,
        ownerId: seed.ownerId,
        buildingId: building,
        path: 'FDV/Aggregat.txt',
        pages: page,
      });
      const hidden = await insertDocument({
        db,
        ownerId: seed.ownerId,
        buildingId: building,
        path: 'Privat/Heis.txt',
        pages: page,
      });
      const deleted = await insertDocument({
        db,
        ownerId: seed.ownerId,
        buildingId: building,
        path: 'FDV/Gammel.txt',
        pages: page,
      });
      await extractedTask({ buildingId: building, documentId: open, component: 'Aggregat fra åpen mappe' });
      await extractedTask({ buildingId: building, documentId: hidden, component: 'Heis fra privat mappe' });
      await extractedTask({ buildingId: building, documentId: deleted, component: 'Pumpe fra slettet dokument' });
      await db.updateTable('documents').set({ archived_at: new Date() }).where('id', '=', deleted).execute();
      const hide = await t.request({
        method: 'PATCH',
        url: `${owner()}/buildings/${building}`,
        key: seed.key,
        payload: { privateFolders: ['Privat/'] },
      });
      expect(hide.status).toBe(200);

      const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [building] });
      const token = await sessionToken(scoped.key);
      for (const reader of [{ key: seed.key }, { key: scoped.key }, { token }]) {
        for (const url of [
          `${owner()}/buildings/${building}/maintenance_tasks`,
          `${owner()}/buildings/${building}/maintenance_tasks?format=csv`,
          `${owner()}/maintenance_tasks?building_id=${building}`,
          `${owner()}/maintenance_tasks`,
        ]) {
          const text = JSON.stringify((await t.request({ method: 'GET', url, ...reader })).body);
          expect(text, url).toContain(open);
          expect(text, url).not.toContain(hidden);
          expect(text, url).not.toContain(deleted);
          expect(text, url).not.toMatch(/privat mappe|slettet dokument/);
        }
      }
      const ids = await db
        .selectFrom('maintenance_tasks')
        .select(['id', 'document_id'])
        .where('document_id', 'in', [hidden, deleted])
        .execute();
      for (const { id } of ids) {
        const url = `${owner()}/buildings/${building}/maintenance_tasks/${id}`;
        const patched = await t.request({ method: 'PATCH', url, key: scoped.key, payload: { status: 'confirmed' } });
        expect(patched.status).toBe(404);
        expect((await t.request({ method: 'DELETE', url, key: scoped.key })).status).toBe(404);
      }
    });

    it("keeps a key of one building and its session tokens out of the other buildings' plans, whatever ids are swapped", async () => {
      const mine = await newBuilding('Min bygning');
      const theirs = await newBuilding('Annen bygning');
      const task = async (building: string, component: string) =>
        (
          await t.request({
            method: 'POST',
            url: `${owner()}/buildings/${building}/maintenance_tasks`,
            key: seed.key,
            payload: { component, action: 'clean' },
          })
        ).body.id as string;
      await task(mine, 'Takrenner i min bygning');
      const foreign = await task(theirs, 'Nødlys i annen bygning');
      const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [mine] });
      const token = await sessionToken(scoped.key);

      for (const reader of [{ key: scoped.key }, { token }]) {
        const wide = await t.request({ method: 'GET', url: `${owner()}/maintenance_tasks`, ...reader });
        expect(wide.status).toBe(200);
        expect(JSON.stringify(wide.body)).toContain('Takrenner i min bygning');
        expect(JSON.stringify(wide.body)).not.toContain('Nødlys');
        const csv = await t.request({ method: 'GET', url: `${owner()}/maintenance_tasks?format=csv`, ...reader });
        expect(String(csv.body)).not.toContain('Nødlys');
        expect(
          (await t.request({ method: 'GET', url: `${owner()}/maintenance_tasks?building_id=${theirs}`, ...reader }))
            .status,
        ).toBe(403);
        expect(
          (await t.request({ method: 'GET', url: `${owner()}/buildings/${theirs}/maintenance_tasks`, ...reader }))
            .status,
        ).toBe(403);
      }
      // the other building's task named under the key's own building: not there
      const swapped = `${owner()}/buildings/${mine}/maintenance_tasks/${foreign}`;
      expect(
        (await t.request({ method: 'PATCH', url: swapped, key: scoped.key, payload: { action: 'x' } })).status,
      ).toBe(404);
      expect((await t.request({ method: 'DELETE', url: swapped, key: scoped.key })).status).toBe(404);
      // a session token never writes, not even in its own building
      const write = await t.request({
        method: 'POST',
        url: `${owner()}/buildings/${mine}/maintenance_tasks`,
        token,
        payload: { component: 'x', action: 'clean' },
      });
      expect(write.status).toBe(403);
      // another owner's key reaches nothing of this owner
      const other = await t.seed();
      expect((await t.request({ method: 'GET', url: `${owner()}/maintenance_tasks`, key: other.key })).status).toBe(
        403,
      );
      // a page token of the key's own building, edited or taken to the other building or another owner: refused
      await task(mine, 'Sluk i min bygning');
      const page = await t.request({
        method: 'GET',
        url: `${owner()}/buildings/${mine}/maintenance_tasks?limit=1`,
        key: scoped.key,
      });
      const nextToken = page.body.nextToken as string;
      expect(nextToken).toEqual(expect.any(String));
      const [payload, signature] = nextToken.split('.');
      const forged = `${Buffer.from(JSON.stringify(['1970-01-01T00:00:00.000Z', ''])).toString('base64url')}.${signature}`;
      for (const [url, pageToken] of [
        [`${owner()}/buildings/${theirs}/maintenance_tasks`, nextToken],
        [`${owner()}/maintenance_tasks`, nextToken],
        [`/v1/building_owners/${other.ownerId}/buildings/${other.buildingId}/maintenance_tasks`, nextToken],
        [`${owner()}/buildings/${mine}/maintenance_tasks`, forged],
        [`${owner()}/buildings/${mine}/maintenance_tasks`, `${payload}.x${signature}`],
      ] as const) {
        const key = url.includes(other.ownerId) ? other.key : seed.key;
        const refused = await t.request({
          method: 'GET',
          url: `${url}?next_token=${encodeURIComponent(pageToken)}`,
          key,
        });
        expect(refused.status, url).toBe(400);
        expect(refused.body.errors).toEqual([{ path: '/next_token', message: 'is not valid for this list and sort' }]);
      }
    });
  });

  describe('report evidence links', () => {
    it('answers the unlinking of a document in a private folder as not linked, and leaves its link (was: 200, link removed)', async () => {
      const building = await newBuilding('Bygg med rapport');
      const url = `${owner()}/buildings/${building}`;
      const db = t.deps.database.db;
      const strategy = await insertDocument({
        db,
        ownerId: seed.ownerId,
        buildingId: building,
        path: 'Ledelse/Brannstrategi.txt',
        pages: ['Brannstrategi for bygget, risikoklasse 4.'],
      });
      const generated = await t.request({
        method: 'POST',
        url: `${url}/reports`,
        key: seed.key,
        payload: { country: 'NO', version: 'v1' },
      });
      expect(generated.status).toBe(200);
      const item = generated.body.themes.find((i: { nameId: string }) => i.nameId === 'fire_safety.design');
      const linkUrl = `${url}/reports/${item.id}/documents/${strategy}`;
      expect((await t.request({ method: 'PUT', url: linkUrl, key: seed.key })).status).toBe(200);
      // the owner's partner makes the folder private; a key of this one building then tries the link it cannot see
      expect(
        (await t.request({ method: 'PATCH', url, key: seed.key, payload: { privateFolders: ['Ledelse/'] } })).status,
      ).toBe(200);
      const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [building] });
      const unknown = await t.request({
        method: 'DELETE',
        url: `${url}/reports/${item.id}/documents/${newId.uuid()}`,
        key: scoped.key,
      });
      const hidden = await t.request({ method: 'DELETE', url: linkUrl, key: scoped.key });
      expect(hidden.status).toBe(404);
      expect(hidden.body.code).toBe(unknown.body.code);
      expect(hidden.body.detail).toBe(unknown.body.detail);
      const listed = await t.request({ method: 'GET', url: `${url}/reports/${item.id}/documents`, key: scoped.key });
      expect(listed.body.documents).toEqual([]);
      // the link is still there: once the folder is public again it counts as before
      await t.request({ method: 'PATCH', url, key: seed.key, payload: { privateFolders: [] } });
      const back = await t.request({ method: 'GET', url: `${url}/reports/${item.id}/documents`, key: seed.key });
      expect(back.body.documents.map((d: { id: string }) => d.id)).toEqual([strategy]);
    });
  });

  describe('ask threads', () => {
    it('never names, when a thread is read again, a newer revision since made private (was: the stored id)', async () => {
      const building = await newBuilding('Bygg med tegninger');
      const db = t.deps.database.db;
      const old = await insertDocument({
        db,
        ownerId: seed.ownerId,
        buildingId: building,
        path: 'ARK/A-101 Plan 1 rev A.txt',
        pages: ['Plan 1. etasje. Heissjakten ligger i akse C, ved trapperom 2.'],
      });
      const newer = await insertDocument({
        db,
        ownerId: seed.ownerId,
        buildingId: building,
        path: 'Utkast/A-101 Plan 1 rev B.txt',
        pages: ['Plan 1. etasje. Endret romfordeling mot nord.'],
      });
      for (const [id, revision] of [
        [old, 'A'],
        [newer, 'B'],
      ] as const) {
        await db
          .updateTable('documents')
          .set({ drawing_number: 'A-101', drawing_revision: revision, drawing_key: 'A-101' })
          .where('id', '=', id)
          .execute();
      }
      await relinkRevisions(db, { buildingId: building });
      const asked = await t.request({
        method: 'POST',
        url: `${owner()}/buildings/${building}/ask`,
        key: seed.key,
        payload: { query: 'Hvor ligger heissjakten?' },
      });
      expect(asked.status).toBe(200);
      expect(asked.body.citations['1']).toMatchObject({ document_id: old, superseded_by: newer });

      const hide = await t.request({
        method: 'PATCH',
        url: `${owner()}/buildings/${building}`,
        key: seed.key,
        payload: { privateFolders: ['Utkast/'] },
      });
      expect(hide.status).toBe(200);
      const document = await t.request({
        method: 'GET',
        url: `${owner()}/buildings/${building}/documents/${old}`,
        key: seed.key,
      });
      expect(document.body.supersededBy).toBeNull();
      const token = await sessionToken(seed.key);
      for (const reader of [{ key: seed.key }, { token }]) {
        const thread = await t.request({
          method: 'GET',
          url: `${owner()}/ask/threads/${asked.body.thread_id}`,
          ...reader,
        });
        expect(thread.status).toBe(200);
        expect(thread.body.turns[0].answer.citations['1']).toMatchObject({ document_id: old, superseded_by: null });
        expect(JSON.stringify(thread.body)).not.toContain(newer);
      }
    });

    it('names the attached document it cannot read as the field that failed, still a 404', async () => {
      const hidden = await insertDocument({
        db: t.deps.database.db,
        ownerId: seed.ownerId,
        buildingId: seed.buildingId,
        path: 'HR/Lønn.txt',
        pages: ['Lønn'],
      });
      await t.request({
        method: 'PATCH',
        url: `${owner()}/buildings/${seed.buildingId}`,
        key: seed.key,
        payload: { privateFolders: ['HR/'] },
      });
      const other = await t.seed();
      const readable = await insertDocument({
        db: t.deps.database.db,
        ownerId: seed.ownerId,
        buildingId: seed.buildingId,
        path: 'FDV/Drift.txt',
        pages: ['Drift'],
      });
      for (const [ids, index] of [
        [[readable, hidden], 1],
        [[other.buildingId], 0],
        [[readable, readable, 'nope'], 2],
      ] as const) {
        const refused = await t.request({
          method: 'POST',
          url: `${owner()}/buildings/${seed.buildingId}/ask`,
          key: seed.key,
          payload: { query: 'Hva står det?', attached_document_ids: ids },
        });
        expect(refused.status).toBe(404);
        expect(refused.headers['content-type']).toContain('application/problem+json');
        expect(refused.body.code).toBe('document.not_found');
        expect(refused.body.errors).toEqual([
          { path: `/attached_document_ids/${index}`, message: 'is not a document this caller can read here' },
        ]);
      }
    });
  });

  describe('a former contractor and the revisions the owner adds after the handover', () => {
    let a: DeliveryWorld;
    let delivered: string;
    let ownersRevision: string;

    beforeAll(async () => {
      const db = t.deps.database.db;
      a = await createDeliveryWorld(t, { projectName: 'Kanalbyen' });
      // the owner's own organisation; its platform administrator hands the contractor's project over to the owner
      await createTestCustomer(db, { name: 'Eiendom AS', buildingOwnerId: seed.ownerId });
      const operator = await createTestUser(db, { platformAdmin: true });
      delivered = await portalUpload(t, {
        ...a,
        filename: 'ARK/A-201 Plan 2 rev A.pdf',
        bytes: Buffer.from(`%PDF-1.4 delivered ${'x'.repeat(400)}`),
      });
      await t.waitForProcessing([delivered]);
      const handover = await t.request({
        method: 'POST',
        url: `/construction/customers/${a.customerId}/projects/${a.projectId}/handover`,
        key: operator.key,
        payload: { buildingOwnerId: seed.ownerId },
      });
      expect(handover.status).toBe(200);
      ownersRevision = await t.upload({
        seed: { ...seed, buildingId: a.buildingId },
        filename: 'Drift/A-201 Plan 2 rev B.pdf',
        bytes: Buffer.from(`%PDF-1.4 owner ${'y'.repeat(400)}`),
      });
      await t.waitForProcessing([ownersRevision]);
      // the owner's partner records both as revisions of one drawing: for the partner API the owner's is the latest
      for (const [id, revision] of [
        [delivered, 'A'],
        [ownersRevision, 'B'],
      ] as const) {
        const patched = await t.request({
          method: 'PATCH',
          url: `${owner()}/buildings/${a.buildingId}/documents/${id}`,
          key: seed.key,
          payload: { drawingNumber: 'A-201', drawingRevision: revision },
        });
        expect(patched.status).toBe(200);
      }
      const partnerView = await t.request({
        method: 'GET',
        url: `${owner()}/buildings/${a.buildingId}/documents/${delivered}`,
        key: seed.key,
      });
      expect(partnerView.body.supersededBy).toBe(ownersRevision);
    }, 120_000);

    it('shows the delivered revision as the latest, naming nothing the owner added (was: its id)', async () => {
      // the contractor is not linked to the owner: the partner routes are closed to it
      expect(
        (await t.request({ method: 'GET', url: `${owner()}/buildings/${a.buildingId}/documents`, key: a.adminKey }))
          .status,
      ).toBe(403);
      const one = await t.request({ method: 'GET', url: `/construction/documents/${delivered}`, key: a.adminKey });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: delivered, supersededBy: null, isLatestRevision: true });
      const listed = await t.request({
        method: 'GET',
        url: `/construction/documents/project/${a.projectId}`,
        key: a.adminKey,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.documents).toMatchObject([{ id: delivered, supersededBy: null, isLatestRevision: true }]);
      expect(JSON.stringify([one.body, listed.body])).not.toContain(ownersRevision);
    });

    it("zips the delivered revision as the project's latest (was: left out, telling that the owner added one)", async () => {
      const zipped = async (query: string) => {
        const asked = await t.request({
          method: 'POST',
          url: `/construction/zip/${a.buildingId}${query}`,
          key: a.adminKey,
        });
        expect(asked.status).toBe(202);
        for (let attempt = 0; attempt < 600; attempt += 1) {
          const state = await t.request({
            method: 'GET',
            url: `/construction/zip/${a.buildingId}/latest${query}`,
            key: a.adminKey,
          });
          if (state.body.id === asked.body.id && state.body.status === 'ready') return state.body.fileCount as number;
          if (state.body.status === 'failed') throw new Error(JSON.stringify(state.body));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('the zip was not built');
      };
      const every = await zipped('');
      expect(every).toBeGreaterThan(0);
      expect(await zipped('?latest_revisions=true')).toBe(every);
    });
  });
});
