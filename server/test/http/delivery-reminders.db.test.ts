import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { mailsOfKind } from '../helpers/received-mail.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The daily reminder: a subcontractor that owes missing or declined documentation is mailed once per state of what
 * it owes (never twice for the same), not when everything is in, and not when its project has reminders off.
 */
describe.each(testEngines())('reminders to subcontractors, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let deliveryId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    deliveryId = (
      await createDelivery(t, {
        world: w,
        subcontractorId: w.subcontractorId,
        expected: ['FDV-dokumentasjon', 'Tegninger'],
      })
    ).id;
  });
  afterAll(() => t.close());

  const remind = async () => {
    const outcome = await t.deps.jobHandlers['deliveries.remind']({}, {
      signal: new AbortController().signal,
    } as never);
    return outcome;
  };
  // the reminders as the subcontractor got them (sent into the outbox and read from there)
  const reminders = () => mailsOfKind(t, 'subcontractor_request');

  it('mails what is missing once, again only when that changes, never when everything is in', async () => {
    await remind();
    let sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Sanitæranlegg: FDV-dokumentasjon');
    expect(sent[0]!.text).toContain('Sanitæranlegg: Tegninger');
    // the link in it works on the portal
    const link = new URL(/(http\S+\/portal\/\S+)/.exec(sent[0]!.text)![1]!);
    const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
    const portal = await t.request({
      method: 'GET',
      url: `/construction/public/delivery/${w.projectId}/${w.subcontractorId}`,
      headers: { authorization: token },
    });
    expect(portal.status).toBe(200);
    // the stored record of the sent reminder keeps the portal's page, not its key
    const stored = await t.deps.database.db.selectFrom('mail_messages').selectAll().execute();
    expect(JSON.stringify(stored)).toContain(`/portal/${w.projectId}/${w.subcontractorId}`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // the same state: nothing new
    expect(await remind()).toMatchObject({ status: 'skipped' });
    expect(await reminders()).toHaveLength(1);

    // one type delivered: the reminder lists only the other
    await portalUpload(t, {
      ...w,
      filename: 'fdv.pdf',
      bytes: Buffer.from('%PDF-1.4 fdv'),
      deliveryId,
      informationType: 'FDV-dokumentasjon',
    });
    await remind();
    sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).not.toContain('Sanitæranlegg: FDV-dokumentasjon');
    expect(sent[1]!.text).toContain('Sanitæranlegg: Tegninger');

    // a decline is a new state: reminded with the comment
    await t.request({
      method: 'PUT',
      url: `/construction/deliveries/${deliveryId}`,
      key: w.adminKey,
      payload: {
        informationTypes: [
          { informationType: 'FDV-dokumentasjon', approvalStatus: 'DECLINED', comment: 'Mangler side 3' },
        ],
      },
    });
    await remind();
    sent = await reminders();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.text).toContain('FDV-dokumentasjon (avvist: Mangler side 3)');

    // everything in: nothing to remind
    for (const type of ['FDV-dokumentasjon', 'Tegninger']) {
      await portalUpload(t, {
        ...w,
        filename: `${type}.pdf`,
        bytes: Buffer.from('%PDF-1.4 ny'),
        deliveryId,
        informationType: type,
      });
    }
    await remind();
    expect(await reminders()).toHaveLength(3);
  });

  it('sends nothing for a project with reminders off', async () => {
    const quiet = await createDeliveryWorld(t, { projectName: 'Stille prosjekt' });
    await createDelivery(t, { world: quiet, subcontractorId: quiet.subcontractorId });
    const off = await t.request({
      method: 'PUT',
      url: `/construction/customers/${quiet.customerId}/projects/${quiet.projectId}`,
      key: quiet.adminKey,
      payload: { remindersEnabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.remindersEnabled).toBe(false);
    const before = (await reminders()).length;
    await remind();
    expect((await reminders()).length).toBe(before);
    await t.request({
      method: 'PUT',
      url: `/construction/customers/${quiet.customerId}/projects/${quiet.projectId}`,
      key: quiet.adminKey,
      payload: { remindersEnabled: true },
    });
    await remind();
    const after = await reminders();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.text).toContain('Stille prosjekt');
  });
});
