import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { holdLocks, someoneWaitsForALock } from '../helpers/row-locks.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * Two members deciding on one delivery at the same moment. Each decision is made on the delivery as it is when it is
 * written (the row locked), so the webhook events, the audit and the documents moved are what really changed; and a
 * member whose page is out of date (If-Match with the ETag it read) is told so (412 `delivery.changed`) instead of
 * having the list it sends undo the other member's decision.
 */

const FDV = 'FDV-dokumentasjon';
const DATASHEET = 'Produktdatablad';
const CONFORMITY = 'Samsvarserklæring';

interface Member {
  key: string;
  label: string;
}

/** the whole list, as the web app sends it: the types as this member's page shows them, one of them decided */
function decision(seen: any, informationType: string, approvalStatus: 'APPROVED' | 'DECLINED', comment?: string) {
  const types: string[] = [...seen.informationTypesExpected];
  return {
    informationTypes: types.map((name) => {
      const shown = (seen.informationTypes as any[]).find((item) => item.informationType === name);
      return name === informationType
        ? { informationType: name, approvalStatus, comment: comment ?? null }
        : { informationType: name, approvalStatus: shown?.approvalStatus ?? null, comment: shown?.comment ?? null };
    }),
  };
}

async function twoMembers(t: TestApp, w: DeliveryWorld): Promise<[Member, Member]> {
  const db = t.deps.database.db;
  const members: Member[] = [];
  for (const name of ['anne', 'bjorn']) {
    const user = await createTestUser(db, { email: `${name}-${w.customerId.slice(-6)}@entreprenor.test` });
    await giveCustomerRole(db, { customerId: w.customerId, userId: user.userId, role: 'WRITE_ACCESS' });
    members.push({ key: user.key, label: user.email });
  }
  return [members[0]!, members[1]!];
}

/**
 * A receiver of the customer's delivery decisions: the outbox keeps an event only when some endpoint receives it
 */
async function listening(t: TestApp, w: DeliveryWorld): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver();
  const created = await t.request({
    method: 'POST',
    url: `/construction/customers/${w.customerId}/webhooks`,
    key: w.adminKey,
    payload: { url: receiver.url('/decisions'), events: ['delivery.approved', 'delivery.declined'] },
  });
  if (created.status !== 201) throw new Error(`webhook: ${created.status} ${JSON.stringify(created.body)}`);
  return receiver;
}

/** the delivery's approval and decline events in the webhook outbox, in the order they were written */
async function decisionEvents(t: TestApp, deliveryId: string) {
  const rows = await t.deps.database.db
    .selectFrom('webhook_events')
    .select(['type', 'body'])
    .where('type', 'in', ['delivery.approved', 'delivery.declined'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({ type: row.type, data: (JSON.parse(row.body) as { data: Record<string, unknown> }).data }))
    .filter((event) => event.data.delivery_id === deliveryId)
    .map((event) => ({ type: event.type, informationType: event.data.information_type }));
}

async function approvalAudit(t: TestApp, deliveryId: string) {
  const rows = await t.deps.database.db
    .selectFrom('audit_events')
    .select(['actor_label', 'details'])
    .where('target_id', '=', deliveryId)
    .where('action', '=', 'delivery.approval_changed')
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
      string,
      unknown
    >;
    return { by: row.actor_label, informationType: details.informationType, approvalStatus: details.approvalStatus };
  });
}

function approvals(delivery: any): Record<string, string | null> {
  return Object.fromEntries(
    (delivery.informationTypes as any[]).map((item) => [item.informationType, item.approvalStatus]),
  );
}

describe.each(testEngines())('a decision on a delivery someone has changed since, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let anne: Member;
  let bjorn: Member;

  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ engine, settings: { webhooks: testWebhookSettings() } });
    w = await createDeliveryWorld(t);
    [anne, bjorn] = await twoMembers(t, w);
    receiver = await listening(t, w);
  });
  afterAll(async () => {
    await t.close();
    await receiver?.close();
  });

  const read = (id: string, member: Member) =>
    t.request({ method: 'GET', url: `/construction/deliveries/${id}`, key: member.key });
  const change = (id: string, member: Member, payload: object, ifMatch?: string) =>
    t.request({
      method: 'PUT',
      url: `/construction/deliveries/${id}`,
      key: member.key,
      payload,
      ...(ifMatch !== undefined ? { headers: { 'if-match': ifMatch } } : {}),
    });

  it('answers the delivery as the list has it, with its version as an ETag', async () => {
    const { id } = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    const one = await read(id, anne);
    expect(one.status).toBe(200);
    expect(one.headers.etag).toBe(`"${one.body.updatedAt}"`);
    const listed = await t.request({
      method: 'GET',
      url: `/construction/deliveries/project/${w.projectId}`,
      key: anne.key,
    });
    expect(one.body).toEqual((listed.body.deliveries as any[]).find((d) => d.id === id));
    // the delivery object as the spec has it, nothing added
    expect(Object.keys(one.body).sort()).toEqual(
      [
        'id',
        'customerId',
        'projectId',
        'subContractorId',
        'buildingCategory',
        'fullCategory',
        'serialNumber',
        'description',
        'discipline',
        'comment',
        'secondaryComment',
        'contactPerson',
        'informationTypes',
        'informationTypesExpected',
        'progress',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    const other = await createDeliveryWorld(t, { projectName: 'Andres prosjekt' });
    expect(
      (await t.request({ method: 'GET', url: `/construction/deliveries/${id}`, key: other.adminKey })).status,
    ).toBe(404);
    // no credential but a person's reads it: not a partner's key or session token, not the subcontractor's portal token
    const partner = await t.seed();
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${partner.ownerId}/sessions`,
      key: partner.key,
      payload: {},
    });
    expect(session.status).toBe(200);
    for (const headers of [
      { 'x-api-key': partner.key },
      { authorization: `Bearer ${session.body.token as string}` },
      { authorization: w.token },
      { authorization: `Bearer ${w.token}` },
    ]) {
      const answer = await t.request({ method: 'GET', url: `/construction/deliveries/${id}`, headers });
      expect(answer.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(401);
      expect(answer.status, JSON.stringify(headers)).toBeLessThanOrEqual(404);
      expect(answer.body.id).toBeUndefined();
    }
    // an id that is no id is a 400 naming it
    const bad = await read('not-an-id', anne);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
  });

  it('refuses a decision made on a page someone else has changed since (412), changing nothing', async () => {
    const { id } = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    // both open the delivery
    const anneSees = await read(id, anne);
    const bjornSees = await read(id, bjorn);
    expect(bjornSees.headers.etag).toBe(anneSees.headers.etag);

    const approved = await change(id, anne, decision(anneSees.body, FDV, 'APPROVED'), anneSees.headers.etag as string);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.headers.etag).toBe(`"${approved.body.updatedAt}"`);
    expect(approved.headers.etag).not.toBe(anneSees.headers.etag);

    // Bjørn's page still shows FDV undecided: his list would put it back
    const refused = await change(
      id,
      bjorn,
      decision(bjornSees.body, DATASHEET, 'DECLINED', 'Mangler pumpe'),
      bjornSees.headers.etag as string,
    );
    expect(refused.status).toBe(412);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ status: 412, code: 'delivery.changed', title: 'Precondition Failed' });
    expect(refused.body.detail).toContain('changed by someone else since you loaded it');

    const now = await read(id, anne);
    expect(approvals(now.body)).toEqual({ [FDV]: 'APPROVED', [DATASHEET]: null, [CONFORMITY]: null });
    expect(now.headers.etag).toBe(approved.headers.etag);
    expect(await decisionEvents(t, id)).toEqual([{ type: 'delivery.approved', informationType: FDV }]);
    expect(await approvalAudit(t, id)).toEqual([{ by: anne.label, informationType: FDV, approvalStatus: 'APPROVED' }]);

    // with the page read again, his decision is made, and hers stays
    const again = await change(
      id,
      bjorn,
      decision(now.body, DATASHEET, 'DECLINED', 'Mangler pumpe'),
      now.headers.etag as string,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(approvals(again.body)).toEqual({ [FDV]: 'APPROVED', [DATASHEET]: 'DECLINED', [CONFORMITY]: null });
    expect(await decisionEvents(t, id)).toEqual([
      { type: 'delivery.approved', informationType: FDV },
      { type: 'delivery.declined', informationType: DATASHEET },
    ]);
  });

  it('takes If-Match: * and no If-Match as before, and refuses a weak or unquoted tag', async () => {
    const { id } = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    const seen = await read(id, anne);
    const version = seen.body.updatedAt as string;
    for (const stale of [`W/"${version}"`, version, '"1970-01-01T00:00:00.000Z"']) {
      const refused = await change(id, anne, { comment: 'refused' }, stale);
      expect(refused.status, stale).toBe(412);
      expect(refused.body.code).toBe('delivery.changed');
    }
    expect((await read(id, anne)).body.comment).toBeNull();
    expect((await change(id, anne, { comment: 'any' }, '*')).status).toBe(200);
    const plain = await change(id, bjorn, decision(seen.body, CONFORMITY, 'APPROVED'));
    expect(plain.status).toBe(200);
    expect(plain.body.comment).toBe('any');
    expect(approvals(plain.body)[CONFORMITY]).toBe('APPROVED');
    // a list of tags matches when one of them is the current version
    const listed = await change(id, anne, { comment: 'listed' }, `"stale", ${plain.headers.etag as string}`);
    expect(listed.status).toBe(200);
  });
});

/**
 * Two requests at the same moment: the PostgreSQL server only (PGlite runs one connection, so the race cannot happen
 * there). The test holds the delivery's row, sends both members' decisions, and lets go once both wait for it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two members deciding on one delivery at once, on postgres', () => {
  let t: TestApp;
  let w: DeliveryWorld;
  let anne: Member;
  let bjorn: Member;

  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres', settings: { webhooks: testWebhookSettings() } });
    w = await createDeliveryWorld(t, { projectName: 'Kappløpet' });
    [anne, bjorn] = await twoMembers(t, w);
    receiver = await listening(t, w);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver?.close();
  });

  const read = async (id: string) =>
    (await t.request({ method: 'GET', url: `/construction/deliveries/${id}`, key: anne.key })).body;

  /** both requests sent while the test holds the delivery's row, let go once both wait for it */
  async function atOnce(id: string, requests: (() => Promise<{ status: number; body: any }>)[]) {
    const holding = await holdLocks(t.deps.database.db, (trx) =>
      trx.selectFrom('deliveries').select('id').where('id', '=', id).forUpdate().execute(),
    );
    const answers: Promise<{ status: number; body: any }>[] = [];
    try {
      for (const [index, request] of requests.entries()) {
        answers.push(request());
        await someoneWaitsForALock(t, { waiting: index + 1, racing: answers[index] });
      }
    } finally {
      await holding.release();
    }
    return Promise.all(answers);
  }

  it('keeps both decisions made on the same page: the later one is refused, read again and made', async () => {
    const { id } = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    const seen = await t.request({ method: 'GET', url: `/construction/deliveries/${id}`, key: anne.key });
    const put = (member: Member, body: object, ifMatch: string) =>
      t.request({
        method: 'PUT',
        url: `/construction/deliveries/${id}`,
        key: member.key,
        payload: body,
        headers: { 'if-match': ifMatch },
      });
    const etag = seen.headers.etag as string;
    const answers = await atOnce(id, [
      () => put(anne, decision(seen.body, FDV, 'APPROVED'), etag),
      () => put(bjorn, decision(seen.body, DATASHEET, 'APPROVED'), etag),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const winner = answers[0]!.status === 200 ? 'anne' : 'bjorn';
    const [won, lost] = winner === 'anne' ? [FDV, DATASHEET] : [DATASHEET, FDV];
    expect(approvals(await read(id))).toEqual({ [won]: 'APPROVED', [lost]: null, [CONFORMITY]: null });
    expect(await decisionEvents(t, id)).toEqual([{ type: 'delivery.approved', informationType: won }]);

    // the refused member's page reads the delivery again (the web app does so on 412) and decides again
    const fresh = await t.request({ method: 'GET', url: `/construction/deliveries/${id}`, key: anne.key });
    const retried = await put(
      winner === 'anne' ? bjorn : anne,
      decision(fresh.body, lost, 'APPROVED'),
      fresh.headers.etag as string,
    );
    expect(retried.status).toBe(200);
    expect(approvals(await read(id))).toEqual({ [FDV]: 'APPROVED', [DATASHEET]: 'APPROVED', [CONFORMITY]: null });
    expect(await decisionEvents(t, id)).toEqual([
      { type: 'delivery.approved', informationType: won },
      { type: 'delivery.approved', informationType: lost },
    ]);
    expect((await approvalAudit(t, id)).map((row) => row.informationType)).toEqual([won, lost]);
  });

  it('records one approval when both approve the same type at once (no If-Match), by whoever was first', async () => {
    const { id } = await createDelivery(t, { world: w, subcontractorId: w.subcontractorId });
    const seen = await read(id);
    const put = (member: Member) =>
      t.request({
        method: 'PUT',
        url: `/construction/deliveries/${id}`,
        key: member.key,
        payload: decision(seen, FDV, 'APPROVED'),
      });
    const answers = await atOnce(id, [() => put(anne), () => put(bjorn)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const now = await read(id);
    expect(approvals(now)).toEqual({ [FDV]: 'APPROVED', [DATASHEET]: null, [CONFORMITY]: null });
    expect(await decisionEvents(t, id)).toEqual([{ type: 'delivery.approved', informationType: FDV }]);
    const audit = await approvalAudit(t, id);
    expect(audit).toHaveLength(1);
    // who the delivery says approved it is who the audit and the decisions list say did
    const approvedBy = (now.informationTypes as any[]).find((item) => item.informationType === FDV).verifiedBy;
    expect(audit[0]!.by).toBe(approvedBy);
  });
});
