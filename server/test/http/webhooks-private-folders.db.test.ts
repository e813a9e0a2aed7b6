import { verifyWebhook } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentsRepository } from '../../src/storage/db/repositories/documents.repository.js';
import { createWebhookOutbox } from '../../src/storage/db/repositories/webhooks.repository.js';
import { createDeliveryWorld, portalUpload } from '../helpers/delivery-fixtures.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const DOCUMENT_EVENTS = ['document.processed', 'document.failed', 'document.deleted'];

/** registers an endpoint for the document events with the key, as a partner would */
async function registerWebhook(t: TestApp, key: string, url: string): Promise<{ id: string; secret: string }> {
  const made = await t.request({ method: 'POST', url: '/v1/webhooks', key, payload: { url, events: DOCUMENT_EVENTS } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; secret: string };
}

/**
 * Private folders and webhooks: a document under one of its building's private folders is never shown by the partner
 * API (nor by the construction reads), so no endpoint hears of it, not its id and not its name: not the partner's
 * (whole-partner key or a key scoped to the building), not the customer's. Its neighbours outside the folder are
 * told as always.
 */
describe.each(testEngines())('webhooks and private folders on %s', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { webhooks: testWebhookSettings({ timeoutMs: 4000 }) },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** every delivery chosen for an event naming the document (chosen when the change commits) */
  const deliveriesAbout = async (documentId: string) =>
    t.deps.database.db
      .selectFrom('webhook_deliveries as wd')
      .innerJoin('webhook_events as we', 'we.id', 'wd.event_id')
      .select(['we.type', 'wd.webhook_id'])
      .where('we.body', 'like', `%${documentId}%`)
      .execute();

  it(
    "tells a partner's endpoints nothing of a document in a private folder, and all of one outside it",
    { timeout: 180_000 },
    async () => {
      const a = await t.seed();
      const building = `/v1/building_owners/${a.ownerId}/buildings/${a.buildingId}`;
      const made = await t.request({
        method: 'PATCH',
        url: building,
        key: a.key,
        payload: { privateFolders: ['HR/'] },
      });
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
      const wholeSecret = (await registerWebhook(t, a.key, receiver.url('/partner'))).secret;
      const scopedKey = await t.createKey({ partnerId: a.partnerId, buildingIds: [a.buildingId] });
      const scopedSecret = (await registerWebhook(t, scopedKey.key, receiver.url('/scoped'))).secret;

      const readable = (text: string) => makePdf([text]);
      const broken = Buffer.from('%PDF-1.4 this file ends here');
      const privateRead = await t.upload({
        seed: a,
        filename: 'HR/Oppsigelse-Hansen.pdf',
        bytes: await readable('Oppsigelse av arbeidsforhold.'),
      });
      const privateBroken = await t.upload({ seed: a, filename: 'HR/Lønnsslipp-Hansen.pdf', bytes: broken });
      const publicRead = await t.upload({
        seed: a,
        filename: 'FDV/FDV varmepumpe.pdf',
        bytes: await readable('Drift og vedlikehold av varmepumpe.'),
      });
      const publicBroken = await t.upload({ seed: a, filename: 'FDV/Ødelagt.pdf', bytes: broken });
      await t.waitForProcessing([privateRead, privateBroken, publicRead, publicBroken]);

      // the partner API cannot delete a private document (it does not see it); an archiving elsewhere tells no one
      const refused = await t.request({ method: 'DELETE', url: `${building}/documents/${privateRead}`, key: a.key });
      expect(refused.status).toBe(404);
      const documents = createDocumentsRepository({
        db: t.deps.database.db,
        outbox: createWebhookOutbox({ queue: t.deps.queue }),
      });
      expect(await documents.setArchived({ documentId: privateRead, archived: true, at: new Date() })).toBe(true);
      const deleted = await t.request({ method: 'DELETE', url: `${building}/documents/${publicRead}`, key: a.key });
      expect(deleted.status).toBe(200);

      const wanted = [
        ['document.processed', publicRead],
        ['document.failed', publicBroken],
        ['document.deleted', publicRead],
      ];
      for (const [path, hookSecret] of [
        ['/partner', wholeSecret],
        ['/scoped', scopedSecret],
      ] as const) {
        const events = await until(
          async () => Promise.all(receiver.at(path).map((r) => verifyWebhook(hookSecret, r.headers as never, r.body))),
          (parsed) =>
            wanted.every(([type, id]) =>
              parsed.some((e) => e.type === type && (e.data as { document_id: string }).document_id === id),
            ),
          `the public document's events at ${path}`,
        );
        const told = events.map((e) => [e.type, (e.data as { document_id: string }).document_id]);
        expect(told.sort()).toEqual([...wanted].sort());
        const bodies = receiver.at(path).map((r) => r.body);
        for (const secret of [privateRead, privateBroken, 'Oppsigelse', 'Hansen', 'HR/']) {
          expect(
            bodies.some((body) => body.includes(secret)),
            `${secret} at ${path}`,
          ).toBe(false);
        }
      }
      // none was chosen for any endpoint, not only none arrived yet
      expect(await deliveriesAbout(privateRead)).toEqual([]);
      expect(await deliveriesAbout(privateBroken)).toEqual([]);
      expect((await deliveriesAbout(publicRead)).length).toBe(4);
      // nor is an event nobody receives kept, with the private document's name in it, for every dump and backup
      for (const secret of [privateRead, privateBroken, 'Hansen']) {
        const kept = await t.deps.database.db
          .selectFrom('webhook_events')
          .select('type')
          .where('body', 'like', `%${secret}%`)
          .execute();
        expect(kept, secret).toEqual([]);
      }
    },
  );

  it("tells a customer's endpoints nothing of a subcontractor's upload into a private folder", async () => {
    const world = await createDeliveryWorld(t, { projectName: 'Privat-prosjektet' });
    // the building's private folders (set by the owner's partner; here directly)
    await t.deps.database.db
      .updateTable('buildings')
      .set({ private_folders: ['HR/'] })
      .where('id', '=', world.buildingId)
      .execute();
    const hook = await t.request({
      method: 'POST',
      url: `/construction/customers/${world.customerId}/webhooks`,
      key: world.adminKey,
      payload: { url: receiver.url('/customer'), events: ['subcontractor.uploaded'] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const hidden = await portalUpload(t, {
      ...world,
      filename: 'HR/Timelister-Hansen.pdf',
      bytes: await makePdf(['Timelister.']),
    });
    const shown = await portalUpload(t, {
      ...world,
      filename: 'FDV/Produktdatablad pumpe.pdf',
      bytes: await makePdf(['Produktdatablad.']),
    });
    const events = await until(
      async () =>
        Promise.all(receiver.at('/customer').map((r) => verifyWebhook(hook.body.secret, r.headers as never, r.body))),
      (parsed) => parsed.length >= 1,
      'the subcontractor upload outside the private folder',
    );
    expect(events.map((e) => e.data)).toEqual([
      { project_id: world.projectId, subcontractor_id: world.subcontractorId, document_id: shown },
    ]);
    expect(await deliveriesAbout(hidden)).toEqual([]);
  });
});

/**
 * Receivers are chosen when the change commits, and checked again at every attempt: a document moved into a private
 * folder, or a key revoked, before its delivery went (a queue behind, a retry waiting) is not told of after all.
 * Here no workers run: the test runs the `webhook.deliver` job itself once the world has changed.
 */
describe.each(testEngines())('webhooks checked again when they go, on %s', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ engine, settings: { webhooks: testWebhookSettings() } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const deliver = (deliveryId: string) => t.deps.jobHandlers['webhook.deliver']({ deliveryId }, {} as never);
  const deliveryAbout = async (documentId: string, webhookId: string) =>
    t.deps.database.db
      .selectFrom('webhook_deliveries as wd')
      .innerJoin('webhook_events as we', 'we.id', 'wd.event_id')
      .select(['wd.id', 'wd.status', 'wd.error'])
      .where('we.body', 'like', `%${documentId}%`)
      .where('wd.webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow();

  it('sends nothing of a document made private, nor to a revoked key, after the event was recorded', async () => {
    const a = await t.seed();
    const building = `/v1/building_owners/${a.ownerId}/buildings/${a.buildingId}`;
    const whole = (await registerWebhook(t, a.key, receiver.url('/later-partner'))).id;
    const scopedKey = await t.createKey({ partnerId: a.partnerId, buildingIds: [a.buildingId] });
    const scoped = (await registerWebhook(t, scopedKey.key, receiver.url('/later-scoped'))).id;
    const upload = (filename: string) =>
      t.upload({ seed: a, filename, bytes: Buffer.from(`${filename}: innhold`), contentType: 'text/plain' });
    const soonPrivate = await upload('Personal/Advarsel-Hansen.txt');
    const stillPublic = await upload('FDV/Brannslukker.txt');
    for (const id of [soonPrivate, stillPublic]) {
      const deleted = await t.request({ method: 'DELETE', url: `${building}/documents/${id}`, key: a.key });
      expect(deleted.status).toBe(200);
    }

    // recorded while public: a delivery for each endpoint; then the folder turns private and the scoped key is revoked
    const made = await t.request({
      method: 'PATCH',
      url: building,
      key: a.key,
      payload: { privateFolders: ['Personal/'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const revoked = await t.request({
      method: 'DELETE',
      url: `/admin/keys/${scopedKey.id}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(revoked.status).toBe(204);

    for (const [documentId, webhookId] of [
      [soonPrivate, whole],
      [soonPrivate, scoped],
      [stillPublic, whole],
      [stillPublic, scoped],
    ] as const) {
      await deliver((await deliveryAbout(documentId, webhookId)).id);
    }
    expect(receiver.at('/later-scoped')).toEqual([]);
    const told = receiver.at('/later-partner').map((r) => r.body);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(stillPublic);
    expect(told.join()).not.toContain(soonPrivate);
    // the log says why the others did not go
    expect(await deliveryAbout(stillPublic, whole)).toMatchObject({ status: 'succeeded' });
    for (const [documentId, webhookId] of [
      [soonPrivate, whole],
      [soonPrivate, scoped],
      [stillPublic, scoped],
    ] as const) {
      expect(await deliveryAbout(documentId, webhookId)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('may no longer be told'),
      });
    }
  });
});
