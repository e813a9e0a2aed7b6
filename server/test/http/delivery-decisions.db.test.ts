import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The history of decisions on a delivery, for the card where it is reviewed: who approved or declined which
 * information type, when, with what comment; read by the project's members, and by nobody else.
 */
describe.each(testEngines())('the decisions on a delivery, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let other: DeliveryWorld;
  let deliveryId: string;
  let otherDeliveryId: string;
  let readKey: string;
  let noAccessKey: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    other = await createDeliveryWorld(t, { projectName: 'Andres prosjekt' });
    deliveryId = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    otherDeliveryId = (await createDelivery(t, { world: other, subcontractorId: other.subcontractorId })).id;
    const review = (informationTypes: unknown[]) =>
      t.request({
        method: 'PUT',
        url: `/construction/deliveries/${deliveryId}`,
        key: w.adminKey,
        payload: { informationTypes },
      });
    expect(
      (await review([{ informationType: 'FDV-dokumentasjon', approvalStatus: 'DECLINED', comment: 'Mangler pumpe' }]))
        .status,
    ).toBe(200);
    expect(
      (await review([{ informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED', comment: null }])).status,
    ).toBe(200);
    const db = t.deps.database.db;
    const reader = await createTestUser(db);
    await giveCustomerRole(db, { customerId: w.customerId, userId: reader.userId, role: 'READ_ACCESS' });
    readKey = reader.key;
    const none = await createTestUser(db);
    await giveCustomerRole(db, { customerId: w.customerId, userId: none.userId, role: 'NO_ACCESS' });
    noAccessKey = none.key;
  });
  afterAll(() => t.close());

  const decisions = (id: string, credential: { key?: string; token?: string }) =>
    t.request({ method: 'GET', url: `/construction/deliveries/${id}/decisions`, ...credential });

  it('lists each approval and decline, newest first, with who, when and the comment', async () => {
    const response = await decisions(deliveryId, { key: w.adminKey });
    expect(response.status).toBe(200);
    expect(response.body.decisions).toHaveLength(2);
    const [approved, declined] = response.body.decisions;
    expect(approved).toMatchObject({ informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED', comment: null });
    expect(declined).toMatchObject({
      informationType: 'FDV-dokumentasjon',
      approvalStatus: 'DECLINED',
      comment: 'Mangler pumpe',
    });
    expect(declined.by).not.toBe('');
    expect(Date.parse(approved.at)).toBeGreaterThanOrEqual(Date.parse(declined.at));
  });

  it('lists a decision taken back to undecided, with who undid it, in the history and the audit log', async () => {
    const { id } = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    const review = (informationTypes: unknown[]) =>
      t.request({
        method: 'PUT',
        url: `/construction/deliveries/${id}`,
        key: w.adminKey,
        payload: { informationTypes },
      });
    expect(
      (await review([{ informationType: 'Produktdatablad', approvalStatus: 'DECLINED', comment: 'Feil pumpe' }]))
        .status,
    ).toBe(200);
    // the same decision sent again changes nothing; then it is undone, and undone again (nothing more to undo)
    expect((await review([{ informationType: 'Produktdatablad', approvalStatus: 'DECLINED' }])).status).toBe(200);
    const undone = await review([
      { informationType: 'Produktdatablad', approvalStatus: null, comment: 'Vurderes på nytt' },
    ]);
    expect(undone.status).toBe(200);
    expect(undone.body.informationTypes).toEqual([
      expect.objectContaining({ informationType: 'Produktdatablad', approvalStatus: null, verifiedBy: null }),
    ]);
    expect((await review([{ informationType: 'Produktdatablad' }])).status).toBe(200);
    const response = await decisions(id, { key: readKey });
    expect(
      response.body.decisions.map((d: { approvalStatus: string | null; comment: string | null }) => [
        d.approvalStatus,
        d.comment,
      ]),
    ).toEqual([
      [null, 'Vurderes på nytt'],
      ['DECLINED', 'Feil pumpe'],
    ]);
    expect(response.body.decisions[0].by).toBe(response.body.decisions[1].by);
    const audit = await t.request({
      method: 'GET',
      url: `/construction/customers/${w.customerId}/audit?action=delivery.approval_changed`,
      key: w.adminKey,
    });
    expect(audit.status).toBe(200);
    const mine = (audit.body.events as { target: { id: string } | null; details: unknown }[]).filter(
      (e) => e.target?.id === id,
    );
    expect(mine.map((e) => e.details)).toEqual([
      {
        informationType: 'Produktdatablad',
        approvalStatus: null,
        previousStatus: 'DECLINED',
        comment: 'Vurderes på nytt',
      },
      { informationType: 'Produktdatablad', approvalStatus: 'DECLINED', comment: 'Feil pumpe' },
    ]);
  });

  it('is read by a READ_ACCESS member too', async () => {
    const response = await decisions(deliveryId, { key: readKey });
    expect(response.status).toBe(200);
    expect(response.body.decisions).toHaveLength(2);
  });

  it('tells nothing to a weaker role, another customer, the portal token, or an id that is not there', async () => {
    const none = await decisions(deliveryId, { key: noAccessKey });
    expect([403, 404]).toContain(none.status);
    expect(JSON.stringify(none.body)).not.toContain('Mangler pumpe');
    // another customer's admin, with this customer's delivery id, and this customer's admin with theirs
    for (const [id, key] of [
      [deliveryId, other.adminKey],
      [otherDeliveryId, w.adminKey],
    ] as const) {
      const response = await decisions(id, { key });
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Mangler pumpe');
    }
    // the subcontractor's portal token opens the portal's routes, not the project's history
    const portal = await decisions(deliveryId, { token: w.token });
    expect(portal.status).toBe(401);
    expect(JSON.stringify(portal.body)).not.toContain('Mangler pumpe');
    expect((await decisions('01a2b3c4-0000-7000-8000-000000000000', { key: w.adminKey })).status).toBe(404);
  });
});
