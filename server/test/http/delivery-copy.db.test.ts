import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/** Copying deliveries into another project: what is copied, what is not, and where they may go. */
describe.each(testEngines())('copying deliveries, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let target: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    const project = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects`,
      key: w.adminKey,
      payload: { name: 'Neste prosjekt' },
    });
    target = project.body.id;
  });
  afterAll(() => t.close());

  it('copies expectations, categories and contact; not approvals, documents or the subcontractor', async () => {
    const source = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    const reviewed = await t.request({
      method: 'PUT',
      url: `/construction/deliveries/${source.id}`,
      key: w.adminKey,
      payload: {
        contactPerson: { name: 'Ola Normann', email: 'ola@ror.test' },
        comment: 'Intern merknad',
        informationTypes: [{ informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED' }],
      },
    });
    expect(reviewed.status).toBe(200);
    const copied = await t.request({
      method: 'POST',
      url: '/construction/deliveries/copy-deliveries',
      key: w.adminKey,
      payload: { fromProjectId: w.projectId, toProjectId: target, deliveryIds: [source.id] },
    });
    expect(copied.status).toBe(201);
    expect(copied.body.deliveries).toHaveLength(1);
    const copy = copied.body.deliveries[0];
    expect(copy).toMatchObject({
      projectId: target,
      buildingCategory: '320',
      fullCategory: '3201',
      description: 'Sanitæranlegg',
      contactPerson: { name: 'Ola Normann', email: 'ola@ror.test' },
      informationTypesExpected: ['FDV-dokumentasjon', 'Produktdatablad', 'Samsvarserklæring'],
      subContractorId: null,
      comment: null,
      informationTypes: [],
      progress: { expected: 3, approved: 0, state: 'NO_DOCUMENTS' },
    });
    expect(copy.id).not.toBe(source.id);
    const listed = await t.request({
      method: 'GET',
      url: `/construction/deliveries/project/${target}`,
      key: w.adminKey,
    });
    expect(listed.body.deliveries.map((d: { id: string }) => d.id)).toEqual([copy.id]);
  });

  it("refuses another customer's project and deliveries not of the source project, naming the field", async () => {
    const source = await createDelivery(t, { world: w });
    const foreign = await createDeliveryWorld(t, { projectName: 'Annen kunde' });
    // the caller is no member of the other customer: its project is not found
    const elsewhere = await t.request({
      method: 'POST',
      url: '/construction/deliveries/copy-deliveries',
      key: w.adminKey,
      payload: { fromProjectId: w.projectId, toProjectId: foreign.projectId, deliveryIds: [source.id] },
    });
    expect(elsewhere.status).toBe(404);
    const stray = await t.request({
      method: 'POST',
      url: '/construction/deliveries/copy-deliveries',
      key: w.adminKey,
      payload: { fromProjectId: target, toProjectId: w.projectId, deliveryIds: [source.id] },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.errors).toEqual([{ path: '/deliveryIds/0', message: 'is not a delivery of the source project' }]);
    const empty = await t.request({
      method: 'POST',
      url: '/construction/deliveries/copy-deliveries',
      key: w.adminKey,
      payload: { fromProjectId: w.projectId, toProjectId: target, deliveryIds: [] },
    });
    expect(empty.status).toBe(400);
  });
});
