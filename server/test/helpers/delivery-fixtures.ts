import { createTestCustomer, createTestUser, giveCustomerRole } from './people-fixtures.js';
import type { TestApp } from './test-app.js';

export interface DeliveryWorld {
  customerId: string;
  projectId: string;
  buildingId: string;
  /** an ADMIN of the customer */
  adminKey: string;
  adminEmail: string;
  subcontractorId: string;
  /** a portal token of that subcontractor */
  token: string;
}

async function ok(response: Promise<{ status: number; body: any }>, want: number, what: string) {
  const answer = await response;
  if (answer.status !== want) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A customer with an ADMIN, a project with one building, and a subcontractor holding a portal token. */
export async function createDeliveryWorld(t: TestApp, params: { projectName?: string } = {}): Promise<DeliveryWorld> {
  const db = t.deps.database.db;
  const { customerId } = await createTestCustomer(db, { name: 'Totalentreprenør AS' });
  const admin = await createTestUser(db, { email: `leder-${customerId.slice(-6)}@entreprenor.test` });
  await giveCustomerRole(db, { customerId, userId: admin.userId, role: 'ADMIN' });
  const project = await ok(
    t.request({
      method: 'POST',
      url: `/construction/customers/${customerId}/projects`,
      key: admin.key,
      payload: { name: params.projectName ?? 'Nye Bryggen', projectNumber: 'P-1042', buildings: [{ name: 'Hus A' }] },
    }),
    201,
    'create project',
  );
  const world = { customerId, projectId: project.id as string, buildingId: project.buildings[0].id as string };
  const subcontractor = await createSubcontractor(t, { ...world, key: admin.key, companyName: 'Rør & Varme AS' });
  return { ...world, adminKey: admin.key, adminEmail: admin.email, ...subcontractor };
}

/** a subcontractor of the project and a fresh portal token for it */
export async function createSubcontractor(
  t: TestApp,
  params: { customerId: string; projectId: string; key: string; companyName: string; email?: string },
): Promise<{ subcontractorId: string; token: string }> {
  const base = `/construction/customers/${params.customerId}/projects/${params.projectId}/subcontractors`;
  const created = await ok(
    t.request({
      method: 'POST',
      url: base,
      key: params.key,
      payload: {
        companyName: params.companyName,
        email: params.email ?? `post@${params.companyName.toLowerCase().replace(/[^a-z]+/g, '')}.test`,
        disciplines: ['VVS'],
      },
    }),
    201,
    'create subcontractor',
  );
  const token = await ok(
    t.request({ method: 'POST', url: `${base}/${created.id}/tokens`, key: params.key, payload: {} }),
    201,
    'create token',
  );
  return { subcontractorId: created.id as string, token: token.token as string };
}

/** a delivery of the project, assigned to the subcontractor when one is named */
export async function createDelivery(
  t: TestApp,
  params: {
    world: Pick<DeliveryWorld, 'customerId' | 'projectId' | 'adminKey'>;
    subcontractorId?: string;
    expected?: string[];
    description?: string;
  },
): Promise<any> {
  const created = await ok(
    t.request({
      method: 'POST',
      url: '/construction/deliveries/',
      key: params.world.adminKey,
      payload: {
        customerId: params.world.customerId,
        projectId: params.world.projectId,
        buildingCategory: '320',
        fullCategory: '3201',
        description: params.description ?? 'Sanitæranlegg',
        informationTypesExpected: params.expected ?? ['FDV-dokumentasjon', 'Produktdatablad', 'Samsvarserklæring'],
      },
    }),
    201,
    'create delivery',
  );
  if (!params.subcontractorId) return created;
  return ok(
    t.request({
      method: 'PUT',
      url: `/construction/deliveries/${created.id}`,
      key: params.world.adminKey,
      payload: { subContractorId: params.subcontractorId },
    }),
    200,
    'assign delivery',
  );
}

/** registers an upload through the portal and PUTs its bytes, as the subcontractor's browser would */
export async function portalUpload(
  t: TestApp,
  params: {
    projectId: string;
    subcontractorId: string;
    token: string;
    buildingId: string;
    filename: string;
    bytes: Buffer;
    deliveryId?: string;
    informationType?: string;
  },
): Promise<string> {
  const registered = await ok(
    t.request({
      method: 'POST',
      url: `/construction/public/upload/${params.projectId}/${params.subcontractorId}`,
      token: params.token,
      payload: {
        buildingId: params.buildingId,
        filename: params.filename,
        uploadedBy: 'Kari Rørlegger',
        ...(params.deliveryId ? { deliveryId: params.deliveryId } : {}),
        ...(params.informationType ? { informationType: params.informationType } : {}),
      },
    }),
    200,
    'portal upload',
  );
  const uploadUrl = new URL(registered.uploadUrl as string);
  const put = await t.app.inject({
    method: 'PUT',
    url: `${uploadUrl.pathname}${uploadUrl.search}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: params.bytes,
  });
  if (put.statusCode !== 200) throw new Error(`upload PUT: ${put.statusCode} ${put.body}`);
  return registered.documentId as string;
}
