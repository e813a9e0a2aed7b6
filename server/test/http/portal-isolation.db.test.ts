import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDelivery,
  createDeliveryWorld,
  createSubcontractor,
  portalUpload,
  type DeliveryWorld,
} from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The portal's isolation: a subcontractor's token reaches its own deliveries and documents in its own project and
 * nothing else, cannot even tell whether another's exist, stops working when expired, revoked or its subcontractor
 * removed, and is no credential anywhere outside the public routes.
 */
describe.each(testEngines())('the subcontractor portal keeps each subcontractor to its own, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  /** a second subcontractor of the same project */
  let other: { subcontractorId: string; token: string };
  let ownDocument: string;
  let othersDocument: string;
  let ownDelivery: string;
  let othersDelivery: string;
  /** a subcontractor of another customer's project */
  let stranger: DeliveryWorld;
  const UNKNOWN = '01a20de0-2698-77ef-9bda-77a750724d95';

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    other = await createSubcontractor(t, { ...w, key: w.adminKey, companyName: 'Elektro Nord AS' });
    ownDelivery = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    othersDelivery = (
      await createDelivery(t, { world: w, subcontractorId: other.subcontractorId, description: 'Elkraft' })
    ).id;
    ownDocument = await portalUpload(t, {
      ...w,
      filename: 'egen.pdf',
      bytes: Buffer.from('%PDF-1.4 egen'),
      deliveryId: ownDelivery,
    });
    othersDocument = await portalUpload(t, {
      ...w,
      ...other,
      filename: 'andres.pdf',
      bytes: Buffer.from('%PDF-1.4 andres'),
      deliveryId: othersDelivery,
    });
    stranger = await createDeliveryWorld(t, { projectName: 'Annet prosjekt' });
  });
  afterAll(() => t.close());

  /** every public route, for a project, subcontractor and document */
  function routes(p: string, s: string, d: string, buildingId: string) {
    return [
      { method: 'GET' as const, url: `/construction/public/delivery/${p}/${s}` },
      { method: 'GET' as const, url: `/construction/public/project/${p}/${s}` },
      { method: 'GET' as const, url: `/construction/public/subcontractor/${p}/${s}` },
      {
        method: 'POST' as const,
        url: `/construction/public/upload/${p}/${s}`,
        payload: { buildingId, filename: 'ny.pdf' },
      },
      { method: 'GET' as const, url: `/construction/public/documents/${p}/${s}` },
      { method: 'GET' as const, url: `/construction/public/documents/${p}/${s}/${d}` },
      { method: 'PUT' as const, url: `/construction/public/documents/${p}/${s}/${d}`, payload: { floor: 'U1' } },
      {
        method: 'GET' as const,
        url: `/construction/public/documents/${p}/${s}/${d}/get-signed-url?useGeneratedFile=false`,
      },
      { method: 'DELETE' as const, url: `/construction/public/documents/${p}/${s}/${d}?updatedBy=x` },
    ];
  }

  const send = (route: ReturnType<typeof routes>[number], authorization?: string) =>
    t.request({ ...route, headers: authorization ? { authorization } : {} });

  it('lists a subcontractor’s own documents and none of another’s', async () => {
    const listed = async (who: { subcontractorId: string; token: string }) => {
      const response = await t.request({
        method: 'GET',
        url: `/construction/public/documents/${w.projectId}/${who.subcontractorId}`,
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(response.status).toBe(200);
      return (response.body.documents as { id: string; filename: string }[]).map((d) => [d.id, d.filename]);
    };
    expect(await listed(w)).toEqual([[ownDocument, 'egen.pdf']]);
    expect(await listed(other)).toEqual([[othersDocument, 'andres.pdf']]);
    // a page size out of bounds is named
    const tooMany = await t.request({
      method: 'GET',
      url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}?limit=5000`,
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('limit');
  });

  it('answers every public route with the token, raw or as a bearer, and 401 without one', async () => {
    for (const route of routes(w.projectId, w.subcontractorId, ownDocument, w.buildingId).filter(
      (r) => r.method !== 'DELETE',
    )) {
      expect((await send(route, w.token)).status, route.url).toBe(200);
      expect((await send(route, `Bearer ${w.token}`)).status, route.url).toBe(200);
      const none = await send(route);
      expect(none.status, route.url).toBe(401);
      expect(none.body.code).toBe('auth.missing_subcontractor_token');
      expect((await send(route, 'sct_not-a-real-token')).status, route.url).toBe(401);
    }
  });

  it("gives another subcontractor's ids the same 404 as ids that do not exist", async () => {
    // the other subcontractor's paths, and the other's document under one's own path (the routes naming a document)
    const probes = [
      ...routes(w.projectId, other.subcontractorId, othersDocument, w.buildingId),
      ...routes(w.projectId, w.subcontractorId, othersDocument, w.buildingId).slice(5),
    ];
    const unknown = [
      ...routes(w.projectId, UNKNOWN, UNKNOWN, w.buildingId),
      ...routes(w.projectId, w.subcontractorId, UNKNOWN, w.buildingId).slice(5),
    ];
    for (const [index, probe] of probes.entries()) {
      const answer = await send(probe, w.token);
      const nothing = await send(unknown[index]!, w.token);
      expect(answer.status, probe.url).toBe(404);
      expect({ code: answer.body.code, detail: answer.body.detail }).toEqual({
        code: nothing.body.code,
        detail: nothing.body.detail,
      });
    }
    // nothing changed: the other's document is live and as it was
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['floor', 'archived_at'])
      .where('id', '=', othersDocument)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ floor: null, archived_at: null });
  });

  it("lists only the subcontractor's own deliveries, and will not take an upload for another's", async () => {
    const listed = await send(routes(w.projectId, w.subcontractorId, ownDocument, w.buildingId)[0]!, w.token);
    expect(listed.body.deliveries.map((d: { id: string }) => d.id)).toEqual([ownDelivery]);
    const upload = (deliveryId: string) =>
      t.request({
        method: 'POST',
        url: `/construction/public/upload/${w.projectId}/${w.subcontractorId}`,
        token: w.token,
        payload: { buildingId: w.buildingId, filename: 'x.pdf', deliveryId },
      });
    const others = await upload(othersDelivery);
    const missing = await upload(UNKNOWN);
    expect(others.status).toBe(400);
    expect(others.body.errors).toEqual(missing.body.errors);
    // a building of another project is refused the same way
    const foreignBuilding = await t.request({
      method: 'POST',
      url: `/construction/public/upload/${w.projectId}/${w.subcontractorId}`,
      token: w.token,
      payload: { buildingId: stranger.buildingId, filename: 'x.pdf' },
    });
    expect(foreignBuilding.status).toBe(400);
    expect(foreignBuilding.body.errors).toEqual([
      { path: '/buildingId', message: 'is not a building of this project' },
    ]);
  });

  it("refuses another project's token on this project's routes (404), and this token on the other's", async () => {
    for (const route of routes(w.projectId, w.subcontractorId, ownDocument, w.buildingId)) {
      expect((await send(route, stranger.token)).status, route.url).toBe(404);
    }
    for (const route of routes(stranger.projectId, stranger.subcontractorId, ownDocument, stranger.buildingId)) {
      expect((await send(route, w.token)).status, route.url).toBe(404);
    }
  });

  it('is never a credential on a partner or member route', async () => {
    for (const url of [
      '/v1/building_owners',
      '/construction/customers/',
      `/construction/deliveries/project/${w.projectId}`,
    ]) {
      expect((await t.request({ method: 'GET', url, token: w.token })).status, url).toBe(401);
      expect((await t.request({ method: 'GET', url, headers: { 'x-api-key': w.token } })).status, url).toBe(401);
      expect((await t.request({ method: 'GET', url, headers: { authorization: w.token } })).status, url).toBe(401);
    }
    // and a member's key is no credential on the portal
    const member = await t.request({
      method: 'GET',
      url: `/construction/public/delivery/${w.projectId}/${w.subcontractorId}`,
      key: w.adminKey,
    });
    expect(member.status).toBe(401);
  });

  it('stops a token that expired, was revoked, or whose subcontractor was removed', async () => {
    const base = `/construction/customers/${w.customerId}/projects/${w.projectId}/subcontractors`;
    const delivery = routes(w.projectId, w.subcontractorId, ownDocument, w.buildingId)[0]!;
    const issue = async () =>
      (
        await t.request({
          method: 'POST',
          url: `${base}/${w.subcontractorId}/tokens`,
          key: w.adminKey,
          payload: { expiresInDays: 1 },
        })
      ).body as { id: string; token: string; expiresAt: string };

    const expiring = await issue();
    expect(Date.parse(expiring.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await send(delivery, expiring.token)).status).toBe(200);
    await t.deps.database.db
      .updateTable('subcontractor_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    const expired = await send(delivery, expiring.token);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('auth.invalid_subcontractor_token');

    const revoking = await issue();
    expect((await send(delivery, revoking.token)).status).toBe(200);
    const revoked = await t.request({
      method: 'DELETE',
      url: `${base}/${w.subcontractorId}/tokens/${revoking.id}`,
      key: w.adminKey,
    });
    expect(revoked.status).toBe(204);
    expect((await send(delivery, revoking.token)).status).toBe(401);
    // the list shows it revoked, with its last use, and never the secret
    const tokens = await t.request({ method: 'GET', url: `${base}/${w.subcontractorId}/tokens`, key: w.adminKey });
    const listed = (tokens.body.tokens as { id: string; revokedAt: string | null; lastUsedAt: string | null }[]).find(
      (token) => token.id === revoking.id,
    );
    expect(listed?.revokedAt).not.toBeNull();
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(tokens.body)).not.toContain(revoking.token);
    const stored = await t.deps.database.db.selectFrom('subcontractor_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(revoking.token);

    // removing the subcontractor ends every token it has at once; its documents stay
    const leaving = await createSubcontractor(t, { ...w, key: w.adminKey, companyName: 'Maler AS' });
    const leavingRoute = routes(w.projectId, leaving.subcontractorId, ownDocument, w.buildingId)[0]!;
    expect((await send(leavingRoute, leaving.token)).status).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `${base}/${leaving.subcontractorId}`, key: w.adminKey })).status,
    ).toBe(200);
    expect((await send(leavingRoute, leaving.token)).status).toBe(401);
  });

  it('stops the tokens sent to the old address when the subcontractor gets a new one, not on other changes', async () => {
    const base = `/construction/customers/${w.customerId}/projects/${w.projectId}/subcontractors`;
    const moving = await createSubcontractor(t, { ...w, key: w.adminKey, companyName: 'Ventilasjon Vest AS' });
    const route = routes(w.projectId, moving.subcontractorId, ownDocument, w.buildingId)[0]!;
    const change = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `${base}/${moving.subcontractorId}`, key: w.adminKey, payload });
    // a new phone number, or the same address in other letters: the link still works
    expect((await change({ phone: '+47 22 33 44 55' })).status).toBe(200);
    const current = (
      await t.deps.database.db
        .selectFrom('subcontractors')
        .select('email')
        .where('id', '=', moving.subcontractorId)
        .executeTakeFirstOrThrow()
    ).email;
    expect((await change({ email: current.toUpperCase() })).status).toBe(200);
    expect((await send(route, moving.token)).status).toBe(200);
    // a new contact: what went to the old one stops, and the log says so
    const changed = await change({ email: 'ny.kontakt@ventilasjon-vest.test' });
    expect(changed.status).toBe(200);
    expect((await send(route, moving.token)).status).toBe(401);
    const logged = await t.deps.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'subcontractor.updated')
      .where('target_id', '=', moving.subcontractorId)
      .orderBy('occurred_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({ fields: ['email'], revokedTokens: 1 });
  });

  /** the late PUT of an upload registered through the portal, and what became of its document */
  const late = {
    subcontractors: () => `/construction/customers/${w.customerId}/projects/${w.projectId}/subcontractors`,
    issue: async (subcontractorId: string) =>
      (
        await t.request({
          method: 'POST',
          url: `${late.subcontractors()}/${subcontractorId}/tokens`,
          key: w.adminKey,
          payload: {},
        })
      ).body as { id: string; token: string },
    register: async (who: { subcontractorId: string; token: string }, filename: string) => {
      const registered = await t.request({
        method: 'POST',
        url: `/construction/public/upload/${w.projectId}/${who.subcontractorId}`,
        token: who.token,
        payload: { buildingId: w.buildingId, filename },
      });
      expect(registered.status).toBe(200);
      return registered.body as { documentId: string; uploadUrl: string };
    },
    put: async (uploadUrl: string) => {
      const url = new URL(uploadUrl);
      const answer = await t.app.inject({
        method: 'PUT',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from('%PDF-1.4 sent late'),
      });
      return { status: answer.statusCode, code: answer.json<{ code?: string }>().code };
    },
    /** not uploaded, archived (so that no later PUT or arrival completes it), and in no list */
    expectRefused: async (documentId: string) => {
      const row = await t.deps.database.db
        .selectFrom('documents')
        .select(['upload_state', 'archived_at'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      expect(row.upload_state).toBe('pending');
      expect(row.archived_at).not.toBeNull();
      expect(await late.listed()).not.toContain(documentId);
    },
    /** the project's documents as the contractor sees them, and the subcontractor's in the portal */
    listed: async () => {
      const project = await t.request({
        method: 'GET',
        url: `/construction/documents/project/${w.projectId}?limit=1000`,
        key: w.adminKey,
      });
      const portal = await t.request({
        method: 'GET',
        url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}`,
        token: w.token,
      });
      return [...project.body.documents, ...portal.body.documents].map((d: { id: string }) => d.id);
    },
  };

  it('takes no bytes at a saved upload URL once the token that registered it is revoked or expired', async () => {
    // the control: a token that still works completes its upload, at a URL that lives an hour, not a day
    const working = await late.register({ ...w, token: (await late.issue(w.subcontractorId)).token }, 'i-tide.pdf');
    const expires = Number(new URL(working.uploadUrl).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(await late.put(working.uploadUrl)).toMatchObject({ status: 200 });
    expect(await late.listed()).toContain(working.documentId);

    const revoking = await late.issue(w.subcontractorId);
    const beforeRevoke = await late.register({ ...w, token: revoking.token }, 'for-sent-tilbakekalt.pdf');
    const revoked = await t.request({
      method: 'DELETE',
      url: `${late.subcontractors()}/${w.subcontractorId}/tokens/${revoking.id}`,
      key: w.adminKey,
    });
    expect(revoked.status).toBe(204);
    expect(await late.put(beforeRevoke.uploadUrl)).toEqual({ status: 410, code: 'upload.portal_token_revoked' });
    await late.expectRefused(beforeRevoke.documentId);
    expect((await late.put(beforeRevoke.uploadUrl)).status).toBe(404);

    const expiring = await late.issue(w.subcontractorId);
    const beforeExpiry = await late.register({ ...w, token: expiring.token }, 'for-sent-utlopt.pdf');
    await t.deps.database.db
      .updateTable('subcontractor_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect(await late.put(beforeExpiry.uploadUrl)).toEqual({ status: 410, code: 'upload.portal_token_expired' });
    await late.expectRefused(beforeExpiry.documentId);
  });

  it('takes no bytes at a saved upload URL once its subcontractor is removed', async () => {
    const leaving = await createSubcontractor(t, { ...w, key: w.adminKey, companyName: 'Tømrer AS' });
    const registered = await late.register(leaving, 'for-sent-fjernet.pdf');
    const removed = await t.request({
      method: 'DELETE',
      url: `${late.subcontractors()}/${leaving.subcontractorId}`,
      key: w.adminKey,
    });
    expect(removed.status).toBe(200);
    const put = await late.put(registered.uploadUrl);
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(put.status).toBeLessThan(500);
    await late.expectRefused(registered.documentId);
  });
});
