import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/people/roles.js';
import { newId } from '../../src/domain/shared/ids.js';
import {
  createTestCustomer,
  createTestUser,
  giveCustomerRole,
  roleCallers,
  ROLE_RANK,
  type RoleCaller,
} from '../helpers/people-fixtures.js';
import { createDelivery, createSubcontractor, portalUpload } from '../helpers/delivery-fixtures.js';
import { dxfDrawing } from '../helpers/document-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Every role on every route of the application for people, as one table: what each route needs, and what each kind
 * of caller gets. A route the service documents under /construction/ (the subcontractor portal aside) or
 * /auth/api-keys without a row here fails the first test, so a new route cannot skip the table.
 */
type Need = 'person' | 'read' | 'write' | 'manage_members' | 'administer' | 'platform';

const NEEDED: Record<Exclude<Need, 'person' | 'platform'>, Role> = {
  read: 'READ_ACCESS',
  write: 'WRITE_ACCESS',
  manage_members: 'OWNER',
  administer: 'ADMIN',
};

interface World {
  customerId: string;
  projectId: string;
  /** an ADMIN who makes what a row needs fresh each time (a subcontractor, a token, a delivery, a document) */
  setupKey: string;
  buildingId: string;
  subcontractorId: string;
  deliveryId: string;
  documentId: string;
  /** a member every role change and invitation is about */
  targetUserId: string;
  targetEmail: string;
}

interface Row {
  need: Need;
  /** what callers who do not see the project get, when not 404 (a batch names its unseen items: 400) */
  unseen?: 400;
  request(w: World, t: TestApp): Promise<{ url: string; payload?: unknown }>;
}

const TABLE: Record<string, Row> = {
  'GET /auth/api-keys': { need: 'person', request: async () => ({ url: '/auth/api-keys' }) },
  'POST /auth/api-keys': { need: 'person', request: async () => ({ url: '/auth/api-keys', payload: { name: 'k' } }) },
  'DELETE /auth/api-keys/{id}': {
    need: 'person',
    // someone else's key, or none: 404 for everybody who is signed in
    request: async () => ({ url: '/auth/api-keys/ukey_nothing' }),
  },
  'GET /construction/customers/': { need: 'person', request: async () => ({ url: '/construction/customers/' }) },
  'GET /construction/customers/{customerId}': {
    need: 'read',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}` }),
  },
  'GET /construction/customers/{customerId}/audit': {
    need: 'administer',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/audit` }),
  },
  ...webhookRows(),
  'GET /construction/customers/{customerId}/projects': {
    need: 'read',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/projects` }),
  },
  'POST /construction/customers/{customerId}/projects': {
    need: 'write',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/projects`, payload: { name: 'Ny' } }),
  },
  'GET /construction/customers/{customerId}/projects/migration-target': {
    need: 'read',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/projects/migration-target` }),
  },
  'GET /construction/customers/{customerId}/projects/{projectId}': {
    need: 'read',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/projects/${w.projectId}` }),
  },
  'PUT /construction/customers/{customerId}/projects/{projectId}': {
    need: 'write',
    request: async (w) => ({
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}`,
      payload: { description: 'endret' },
    }),
  },
  'POST /construction/customers/{customerId}/projects/{projectId}/buildings': {
    need: 'write',
    request: async (w) => ({
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}/buildings`,
      payload: { name: 'Bygg' },
    }),
  },
  'GET /construction/buildings/projects/{projectId}': {
    need: 'read',
    request: async (w) => ({ url: `/construction/buildings/projects/${w.projectId}` }),
  },
  'GET /construction/buildings/customer/{customerId}': {
    need: 'read',
    request: async (w) => ({ url: `/construction/buildings/customer/${w.customerId}` }),
  },
  'GET /construction/customers/{customerId}/idp/users': {
    need: 'manage_members',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/idp/users` }),
  },
  'POST /construction/customers/{customerId}/idp/users': {
    need: 'manage_members',
    request: async (w) => ({
      url: `/construction/customers/${w.customerId}/idp/users`,
      payload: { email: w.targetEmail, role: 'READ_ACCESS' },
    }),
  },
  'GET /construction/customers/{customerId}/projects/{projectId}/idp/users': {
    need: 'manage_members',
    request: async (w) => ({ url: `/construction/customers/${w.customerId}/projects/${w.projectId}/idp/users` }),
  },
  'PUT /construction/customers/{customerId}/projects/{projectId}/idp/users/{userId}/role': {
    need: 'manage_members',
    request: async (w) => ({
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}/idp/users/${w.targetUserId}/role`,
      payload: { role: 'READ_ACCESS' },
    }),
  },
  'PUT /construction/customers/{customerId}/idp/users/{userId}/projects/roles': {
    need: 'administer',
    request: async (w) => ({
      url: `/construction/customers/${w.customerId}/idp/users/${w.targetUserId}/projects/roles`,
      payload: { roles: [{ projectId: w.projectId, role: 'READ_ACCESS' }] },
    }),
  },
  'PUT /construction/customers/{customerId}/idp/users/{userId}/role': {
    need: 'manage_members',
    // the role the person has: every caller the table lets in may give it, and it stays as the other rows expect
    request: async (w) => ({
      url: `/construction/customers/${w.customerId}/idp/users/${w.targetUserId}/role`,
      payload: { role: 'READ_ACCESS' },
    }),
  },
  'DELETE /construction/customers/{customerId}/idp/users/{userId}': {
    need: 'administer',
    // someone of its own each time, so every caller the table allows has someone to remove
    request: async (w, t) => {
      const db = t.deps.database.db;
      const leaving = await createTestUser(db);
      await giveCustomerRole(db, { customerId: w.customerId, userId: leaving.userId, role: 'READ_ACCESS' });
      return { url: `/construction/customers/${w.customerId}/idp/users/${leaving.userId}` };
    },
  },
  'POST /construction/admin/email': {
    need: 'platform',
    request: async (w) => ({
      url: '/construction/admin/email',
      payload: { customerId: w.customerId, subject: 'S', text: 'T' },
    }),
  },
  'DELETE /construction/admin/projects/{id}': {
    need: 'platform',
    // a project of its own each time: the one the others use stays
    request: async (w, t) => {
      const id = newId.uuid();
      await t.deps.database.db
        .insertInto('projects')
        .values({ id, customer_id: w.customerId, name: 'Slettes' })
        .execute();
      return { url: `/construction/admin/projects/${id}` };
    },
  },
  ...subcontractorRows(),
  ...deliveryRows(),
  ...documentRows(),
  ...filenameRows(),
  ...handoverRows(),
  'POST /construction/zip/{buildingId}': {
    need: 'read',
    request: async (w) => ({ url: `/construction/zip/${w.buildingId}?excludeFilesBeforeDate=2026-01-01` }),
  },
  'POST /construction/zip/{buildingId}/subcontractor/{subcontractorId}': {
    need: 'read',
    request: async (w) => ({ url: `/construction/zip/${w.buildingId}/subcontractor/${w.subcontractorId}` }),
  },
  // after the two above: there is a zip (queued; no worker runs here) for every caller the table lets in
  'GET /construction/zip/{buildingId}/latest': {
    need: 'read',
    request: async (w) => ({ url: `/construction/zip/${w.buildingId}/latest` }),
  },
};

/** the customer linked to a building owner of the platform, the one handovers go to */
async function linkedOwner(w: World, t: TestApp): Promise<string> {
  const db = t.deps.database.db;
  const linked = await db
    .selectFrom('customers')
    .select('building_owner_id')
    .where('id', '=', w.customerId)
    .executeTakeFirstOrThrow();
  if (linked.building_owner_id) return linked.building_owner_id;
  const ownerId = newId.uuid();
  await db.insertInto('building_owners').values({ id: ownerId, name: 'Byggeier AS' }).execute();
  await db.updateTable('customers').set({ building_owner_id: ownerId }).where('id', '=', w.customerId).execute();
  return ownerId;
}

/** a project of its own, handed over by the operator, so that the shared one stays ACTIVE */
async function handedOverProject(w: World, t: TestApp): Promise<string> {
  const projectId = newId.uuid();
  await t.deps.database.db
    .insertInto('projects')
    .values({ id: projectId, customer_id: w.customerId, name: 'Overlevert' })
    .execute();
  const done = await t.request({
    method: 'POST',
    url: `/admin/projects/${projectId}/handover`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { buildingOwnerId: await linkedOwner(w, t) },
  });
  expect(done.status).toBe(200);
  return projectId;
}

function handoverRows(): Record<string, Row> {
  const base = '/construction/customers/{customerId}/projects/{projectId}/handover';
  const url = (w: World, projectId: string) => `/construction/customers/${w.customerId}/projects/${projectId}/handover`;
  return {
    [`POST ${base}`]: {
      // OWNER and above; a dry run, so that the project stays the others'
      need: 'manage_members',
      request: async (w, t) => ({
        url: url(w, w.projectId),
        payload: { buildingOwnerId: await linkedOwner(w, t), dryRun: true },
      }),
    },
    [`GET ${base}`]: {
      need: 'read',
      request: async (w, t) => ({ url: url(w, await handedOverProject(w, t)) }),
    },
    [`GET ${base}/report.pdf`]: {
      need: 'read',
      request: async (w, t) => ({ url: `${url(w, await handedOverProject(w, t))}/report.pdf` }),
    },
  };
}

function filenameRows(): Record<string, Row> {
  const base = '/construction/customers/{customerId}/projects/{projectId}';
  const url = (w: World) => `/construction/customers/${w.customerId}/projects/${w.projectId}`;
  return {
    [`GET ${base}/preview-filenames`]: {
      need: 'read',
      request: async (w) => ({ url: `${url(w)}/preview-filenames?useInformationType=true` }),
    },
    [`POST ${base}/update-filenames`]: {
      need: 'write',
      request: async (w) => ({ url: `${url(w)}/update-filenames`, payload: {} }),
    },
    [`POST ${base}/bulk-update-metadata`]: {
      need: 'write',
      request: async (w) => ({
        url: `${url(w)}/bulk-update-metadata`,
        payload: { documentIds: [w.documentId], informationTypes: ['FDV'] },
      }),
    },
    [`POST ${base}/update-filenames/{changeSetId}/undo`]: {
      need: 'write',
      // a rename of its own each time: the document gets another name, then the ADMIN renames it by the convention
      request: async (w, t) => {
        await t.deps.database.db
          .updateTable('documents')
          .set({ filename: `ny-${Math.random()}.pdf` })
          .where('id', '=', w.documentId)
          .execute();
        const renamed = await t.request({
          method: 'POST',
          url: `${url(w)}/update-filenames`,
          key: w.setupKey,
          payload: {},
        });
        return { url: `${url(w)}/update-filenames/${renamed.body.changeSetId}/undo` };
      },
    },
  };
}

/** the customer's webhooks: ADMIN only; a public address literal, so no name is resolved */
function webhookRows(): Record<string, Row> {
  const base = '/construction/customers/{customerId}/webhooks';
  const url = (w: World) => `/construction/customers/${w.customerId}/webhooks`;
  const fresh = async (w: World, t: TestApp) => {
    const created = await t.request({
      method: 'POST',
      url: url(w),
      key: w.setupKey,
      payload: { url: 'https://203.0.113.10/hook', events: ['delivery.updated'] },
    });
    return `${url(w)}/${created.body.id}`;
  };
  /** one webhook for the rows that leave it in place (each DELETE gets a fresh one) */
  const kept = new Map<string, Promise<string>>();
  const existing = (w: World, t: TestApp) => {
    if (!kept.has(w.customerId)) kept.set(w.customerId, fresh(w, t));
    return kept.get(w.customerId)!;
  };
  return {
    [`POST ${base}`]: {
      need: 'administer',
      request: async (w) => ({
        url: url(w),
        payload: { url: 'https://203.0.113.10/hook', events: ['delivery.approved'] },
      }),
    },
    [`GET ${base}`]: { need: 'administer', request: async (w) => ({ url: url(w) }) },
    [`GET ${base}/{webhookId}`]: { need: 'administer', request: async (w, t) => ({ url: await existing(w, t) }) },
    [`PATCH ${base}/{webhookId}`]: {
      need: 'administer',
      request: async (w, t) => ({ url: await existing(w, t), payload: { description: 'ERP' } }),
    },
    [`DELETE ${base}/{webhookId}`]: { need: 'administer', request: async (w, t) => ({ url: await fresh(w, t) }) },
    [`POST ${base}/{webhookId}/test`]: {
      need: 'administer',
      request: async (w, t) => ({ url: `${await existing(w, t)}/test`, payload: {} }),
    },
    [`GET ${base}/{webhookId}/deliveries`]: {
      need: 'administer',
      request: async (w, t) => ({ url: `${await existing(w, t)}/deliveries` }),
    },
  };
}

function subcontractorRows(): Record<string, Row> {
  const base = '/construction/customers/{customerId}/projects/{projectId}/subcontractors';
  const url = (w: World) => `/construction/customers/${w.customerId}/projects/${w.projectId}/subcontractors`;
  const fresh = (w: World, t: TestApp) =>
    createSubcontractor(t, { ...w, key: w.setupKey, companyName: `Fersk ${Math.random()}` });
  return {
    [`GET ${base}`]: { need: 'read', request: async (w) => ({ url: url(w) }) },
    [`POST ${base}`]: {
      need: 'write',
      request: async (w) => ({ url: url(w), payload: { companyName: 'Elektro AS', email: 'post@elektro.test' } }),
    },
    [`PUT ${base}/{subcontractorId}`]: {
      need: 'write',
      request: async (w) => ({ url: `${url(w)}/${w.subcontractorId}`, payload: { phone: '+47 22 00 00 00' } }),
    },
    [`DELETE ${base}/{subcontractorId}`]: {
      need: 'write',
      request: async (w, t) => ({ url: `${url(w)}/${(await fresh(w, t)).subcontractorId}` }),
    },
    [`POST ${base}/{subcontractorId}/tokens`]: {
      need: 'write',
      request: async (w) => ({ url: `${url(w)}/${w.subcontractorId}/tokens`, payload: {} }),
    },
    [`GET ${base}/{subcontractorId}/tokens`]: {
      need: 'write',
      request: async (w) => ({ url: `${url(w)}/${w.subcontractorId}/tokens` }),
    },
    [`DELETE ${base}/{subcontractorId}/tokens/{tokenId}`]: {
      need: 'write',
      request: async (w, t) => {
        const issued = await t.request({
          method: 'POST',
          url: `${url(w)}/${w.subcontractorId}/tokens`,
          key: w.setupKey,
          payload: {},
        });
        return { url: `${url(w)}/${w.subcontractorId}/tokens/${issued.body.id}` };
      },
    },
  };
}

function deliveryRows(): Record<string, Row> {
  const mail = (w: World) => ({ projectId: w.projectId, subcontractorId: w.subcontractorId });
  return {
    'GET /construction/deliveries/project/{projectId}': {
      need: 'read',
      request: async (w) => ({ url: `/construction/deliveries/project/${w.projectId}` }),
    },
    'POST /construction/deliveries/': {
      need: 'write',
      request: async (w) => ({
        url: '/construction/deliveries/',
        payload: { customerId: w.customerId, projectId: w.projectId, buildingCategory: '360', fullCategory: '3601' },
      }),
    },
    'GET /construction/deliveries/{id}': {
      need: 'read',
      request: async (w) => ({ url: `/construction/deliveries/${w.deliveryId}` }),
    },
    'GET /construction/deliveries/{id}/decisions': {
      need: 'read',
      request: async (w) => ({ url: `/construction/deliveries/${w.deliveryId}/decisions` }),
    },
    'PUT /construction/deliveries/{id}': {
      need: 'write',
      request: async (w) => ({
        url: `/construction/deliveries/${w.deliveryId}`,
        payload: { description: 'Ventilasjon' },
      }),
    },
    'DELETE /construction/deliveries/{id}': {
      need: 'write',
      request: async (w, t) => {
        const delivery = await createDelivery(t, { world: { ...w, adminKey: w.setupKey } });
        return { url: `/construction/deliveries/${delivery.id}`, payload: { projectId: w.projectId } };
      },
    },
    'POST /construction/deliveries/copy-deliveries': {
      need: 'write',
      request: async (w) => ({
        url: '/construction/deliveries/copy-deliveries',
        payload: { fromProjectId: w.projectId, toProjectId: w.projectId, deliveryIds: [w.deliveryId] },
      }),
    },
    'POST /construction/deliveries/send-subcontractor-email': {
      need: 'write',
      request: async (w) => ({ url: '/construction/deliveries/send-subcontractor-email', payload: mail(w) }),
    },
    'POST /construction/deliveries/preview': {
      need: 'write',
      request: async (w) => ({ url: '/construction/deliveries/preview', payload: mail(w) }),
    },
  };
}

function documentRows(): Record<string, Row> {
  const url = (w: World) => `/construction/documents/${w.documentId}`;
  return {
    'PUT /construction/documents/batch': {
      need: 'write',
      unseen: 400,
      request: async (w) => ({
        url: '/construction/documents/batch',
        payload: { documents: [{ id: w.documentId, tags: ['a'] }] },
      }),
    },
    'GET /construction/documents/project/{projectId}': {
      need: 'read',
      request: async (w) => ({ url: `/construction/documents/project/${w.projectId}` }),
    },
    'GET /construction/documents/{documentId}': { need: 'read', request: async (w) => ({ url: url(w) }) },
    'PUT /construction/documents/{documentId}': {
      need: 'write',
      request: async (w) => ({ url: url(w), payload: { tags: ['b'] } }),
    },
    'DELETE /construction/documents/{documentId}': {
      need: 'write',
      request: async (w, t) => ({ url: `/construction/documents/${await uploadedDocument(w, t)}` }),
    },
    'GET /construction/documents/{documentId}/get-signed-url': {
      need: 'read',
      request: async (w) => ({ url: `${url(w)}/get-signed-url` }),
    },
    'GET /construction/documents/{documentId}/history': {
      need: 'read',
      request: async (w) => ({ url: `${url(w)}/history` }),
    },
    'GET /construction/documents/{documentId}/dwg-viewer': {
      need: 'read',
      request: async (w, t) => {
        const id = await uploadedDocument(w, t, { filename: 'plan.dxf', bytes: Buffer.from(dxfDrawing()) });
        return { url: `/construction/documents/${id}/dwg-viewer` };
      },
    },
  };
}

/** a document the world's subcontractor uploaded through the portal */
async function uploadedDocument(
  w: World,
  t: TestApp,
  file: { filename: string; bytes: Buffer } = { filename: 'tegning.pdf', bytes: Buffer.from('%PDF-1.4 roles') },
): Promise<string> {
  const token = await t.request({
    method: 'POST',
    url: `/construction/customers/${w.customerId}/projects/${w.projectId}/subcontractors/${w.subcontractorId}/tokens`,
    key: w.setupKey,
    payload: {},
  });
  return portalUpload(t, {
    projectId: w.projectId,
    subcontractorId: w.subcontractorId,
    token: token.body.token,
    buildingId: w.buildingId,
    ...file,
  });
}

type Caller = RoleCaller;

const CALLERS = roleCallers();

const RANK = ROLE_RANK;

/** what a caller should get: 'ok' (2xx, or 404 for the key nobody has), 403, or 404 */
function expected(row: Row, caller: Caller, operation: string): 'ok' | 400 | 403 | 404 {
  const { need } = row;
  if (need === 'person') return operation.startsWith('DELETE /auth/api-keys') ? 404 : 'ok';
  if (need === 'platform') return caller.role === 'platform admin' ? 'ok' : 403;
  if (caller.role === 'platform admin') return 'ok';
  if (caller.role === 'stranger' || caller.role === 'NO_ACCESS') return row.unseen ?? 404;
  return RANK.indexOf(caller.role) >= RANK.indexOf(NEEDED[need]) ? 'ok' : 403;
}

describe.each(testEngines())('every role on every route of the application, on %s', (engine) => {
  let t: TestApp;
  let world: World;
  const keys = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.deps.database.db;
    const { customerId } = await createTestCustomer(db, { name: 'Rolle AS' });
    const projectId = newId.uuid();
    await db.insertInto('projects').values({ id: projectId, customer_id: customerId, name: 'Rolleprosjekt' }).execute();
    const target = await createTestUser(db, { email: 'maal@rolle.test' });
    await giveCustomerRole(db, { customerId, userId: target.userId, role: 'READ_ACCESS' });
    const setup = await createTestUser(db, { email: 'oppsett@rolle.test' });
    await giveCustomerRole(db, { customerId, userId: setup.userId, role: 'ADMIN' });
    const building = await t.request({
      method: 'POST',
      url: `/construction/customers/${customerId}/projects/${projectId}/buildings`,
      key: setup.key,
      payload: { name: 'Rollebygg' },
    });
    const { subcontractorId } = await createSubcontractor(t, {
      customerId,
      projectId,
      key: setup.key,
      companyName: 'Rolle Rør AS',
    });
    const delivery = await createDelivery(t, {
      world: { customerId, projectId, adminKey: setup.key },
      subcontractorId,
    });
    world = {
      customerId,
      projectId,
      targetUserId: target.userId,
      targetEmail: target.email,
      setupKey: setup.key,
      buildingId: building.body.id,
      subcontractorId,
      deliveryId: delivery.id,
      documentId: '',
    };
    world.documentId = await uploadedDocument(world, t);
    // what the naming convention needs, so that renames rename
    await db.updateTable('projects').set({ project_number: 'R-1' }).where('id', '=', projectId).execute();
    await db
      .updateTable('documents')
      .set({ discipline: 'RIV', building_category: '320' })
      .where('id', '=', world.documentId)
      .execute();
    for (const caller of CALLERS) {
      const user = await createTestUser(db, { platformAdmin: caller.role === 'platform admin' });
      if (caller.role !== 'stranger' && caller.role !== 'platform admin') {
        await giveCustomerRole(db, { customerId, userId: user.userId, role: caller.role });
      }
      keys.set(caller.label, user.key);
    }
  });
  afterAll(() => t.close());

  it('has a row for every route the service documents for people', async () => {
    const document = await t.request({ method: 'GET', url: '/openapi.json' });
    const documented = Object.entries(document.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const people = documented.filter((o) => /^[A-Z]+ \/(construction\/(?!public\/)|auth\/api-keys)/.test(o));
    expect(people.filter((o) => !(o in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((o) => !people.includes(o))).toEqual([]);
  });

  // every route times every kind of caller: well over a minute on a loaded machine
  it(
    'gives each role exactly what the table says, and nobody without a credential anything',
    { timeout: 180_000 },
    async () => {
      const wrong: string[] = [];
      for (const [operation, row] of Object.entries(TABLE)) {
        const method = operation.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const anonymous = await row.request(world, t);
        const refused = await t.request({
          method,
          url: anonymous.url,
          ...(anonymous.payload ? { payload: anonymous.payload } : {}),
        });
        if (refused.status !== 401) wrong.push(`no credential: ${operation} -> ${refused.status}`);
        for (const caller of CALLERS) {
          const sent = await row.request(world, t);
          const response = await t.request({
            method,
            url: sent.url,
            key: keys.get(caller.label)!,
            ...(sent.payload ? { payload: sent.payload } : {}),
          });
          const want = expected(row, caller, operation);
          const ok = want === 'ok' ? response.status >= 200 && response.status < 300 : response.status === want;
          if (!ok)
            wrong.push(
              `${caller.label}: ${operation} -> ${response.status} (wanted ${want}) ${JSON.stringify(response.body).slice(0, 120)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
