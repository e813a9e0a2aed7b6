import { ByggdokApiError, createByggdokClient, type AskEvent, type ByggdokClient } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

describe.each(testEngines())('the SDK against the service on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let operator: ByggdokClient;
  let client: ByggdokClient;
  let ownerId: string;
  let buildingId: string;
  let brann: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    operator = createByggdokClient({ baseUrl: base, adminToken: ADMIN_TOKEN });
    const partner = await operator.POST('/admin/partners', { body: { name: 'Acme Proptech' } });
    const key = await operator.POST('/admin/partners/{partnerId}/keys', {
      params: { path: { partnerId: partner.data!.id } },
      body: {},
    });
    client = createByggdokClient({ baseUrl: base, apiKey: key.data!.key });
    const owner = await client.POST('/v1/building_owners', { body: { name: 'Barcode Properties AS' } });
    ownerId = owner.data!.id;
    const building = await client.PUT('/v1/building_owners/{buildingOwnerId}/buildings', {
      params: { path: { buildingOwnerId: ownerId } },
      body: { name: 'Oslo Office Tower' },
    });
    buildingId = building.data!;
    brann = await insertDocument({
      db: t.deps.database.db,
      ownerId,
      buildingId,
      path: 'Rapporter/Brannteknisk rapport.pdf',
      fileKind: 'pdf',
      pages: [
        'Brannteknisk rapport for Oslo Office Tower. Bygget er i brannklasse 2.',
        'Dørene til trapperommene skal ha brannklasse EI2 30-Sa. Dørene mot kjelleren skal ha brannklasse EI2 60.',
        'Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.',
      ],
    });
  });
  afterAll(() => t.close());

  it('makes typed calls: the data is the response as the OpenAPI document describes it', async () => {
    const created = await client.POST('/v1/building_owners', { body: { name: 'Fjord Eiendom AS' } });
    expect(created.response.status).toBe(201);
    const fetched = await client.GET('/v1/building_owners/{buildingOwnerId}', {
      params: { path: { buildingOwnerId: created.data!.id } },
    });
    expect(fetched.data).toMatchObject({ id: created.data!.id, name: 'Fjord Eiendom AS' });

    // limit has a default on the service, but the document marks it required, so the types ask for it
    const buildings = await client.GET('/v1/building_owners/{buildingOwnerId}/buildings', {
      params: { path: { buildingOwnerId: ownerId }, query: { limit: 10 } },
    });
    expect(buildings.error).toBeUndefined();
    expect(JSON.stringify(buildings.data)).toContain(buildingId);

    const partners = await operator.GET('/admin/partners');
    expect(partners.data!.partners.map((p) => p.name)).toContain('Acme Proptech');
  });

  // checked by `npm run typecheck`, never run: the types know the routes and their parameters
  function _unknownRoutesDoNotCompile(): void {
    // @ts-expect-error no such route
    void client.GET('/v1/no_such_route');
    // @ts-expect-error the owner id is missing
    void client.GET('/v1/building_owners/{buildingOwnerId}', { params: { path: {} } });
    void client.PUT('/v1/building_owners/{buildingOwnerId}/buildings', {
      params: { path: { buildingOwnerId: 'x' } },
      // @ts-expect-error a building's name is a string
      body: { name: 1 },
    });
  }

  it('sends a session token as a bearer token, and each credential only where it belongs', async () => {
    const session = await client.POST('/v1/building_owners/{buildingOwnerId}/sessions', {
      params: { path: { buildingOwnerId: ownerId } },
      body: { expires_in: 600 },
    });
    expect(session.data!.token).toMatch(/^ft_/);
    const reader = createByggdokClient({ baseUrl: base, bearer: session.data!.token, adminToken: ADMIN_TOKEN });
    const owner = await reader.GET('/v1/building_owners/{buildingOwnerId}', {
      params: { path: { buildingOwnerId: ownerId } },
    });
    expect(owner.response.status).toBe(200);
    // the same client reaches the admin API with the operator token, not the session token
    const partners = await reader.GET('/admin/partners');
    expect(partners.response.status).toBe(200);
    // and a partner client has no operator token to send
    const refused = await client.GET('/admin/partners');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'auth.missing_admin_token' });
  });

  it('surfaces problem+json errors as typed error objects', async () => {
    const missing = await client.GET('/v1/building_owners/{buildingOwnerId}', {
      params: { path: { buildingOwnerId: 'own_does_not_exist' } },
    });
    expect(missing.data).toBeUndefined();
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('content-type')).toContain('application/problem+json');
    expect(missing.error).toMatchObject({ status: 404, code: expect.stringMatching(/not_found$/) });
    expect(missing.error!.detail).toEqual(expect.any(String));

    const invalid = await client.POST('/v1/building_owners', { body: { name: '' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error!.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/name' })]));

    const anonymous = createByggdokClient({ baseUrl: base });
    const unauthenticated = await anonymous.GET('/v1/building_owners', { params: { query: { limit: 10 } } });
    expect(unauthenticated.error).toMatchObject({ status: 401, code: 'auth.missing_key' });
  });

  async function collect(events: AsyncIterable<AskEvent>): Promise<AskEvent[]> {
    const seen: AskEvent[] = [];
    for await (const event of events) seen.push(event);
    return seen;
  }

  it('streams an ask as typed events in order, ending with a finish that is exactly the JSON answer', async () => {
    const query = 'Hvilken brannklasse skal dørene til trapperommene ha?';
    const events = await collect(client.ask.stream({ buildingOwnerId: ownerId, buildingId, input: { query } }));
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('finish');
    expect(types).toContain('action');
    expect(types).toContain('thinking');
    expect(types.indexOf('text')).toBeGreaterThan(types.lastIndexOf('action'));
    const start = events[0]!;
    const finish = events.at(-1)!;
    if (start.type !== 'start' || finish.type !== 'finish') throw new Error('unreachable');
    expect(start.data).toEqual({ thread_id: finish.data.thread_id });
    const text = events.flatMap((e) => (e.type === 'text' ? [e.data.text] : [])).join('');
    expect(text).toBe(finish.data.answer);
    expect(finish.data.citations['1']).toEqual({
      cited_text: 'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
      document_id: brann,
      page_number: 2,
      superseded_by: null,
    });

    const plain = await client.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask', {
      params: { path: { buildingOwnerId: ownerId, buildingId } },
      body: { query },
    });
    expect({ ...plain.data!, thread_id: finish.data.thread_id }).toEqual(finish.data);
  });

  it("streams an ask across the owner's buildings and continues its thread", async () => {
    const first = await collect(
      client.ask.stream({ buildingOwnerId: ownerId, input: { query: 'Hvem leverte sprinkleranlegget?' } }),
    );
    const finish = first.at(-1)!;
    if (finish.type !== 'finish') throw new Error(`expected finish, got ${finish.type}`);
    expect(finish.data.answer).toContain('Firesafe AS');
    const next = await collect(
      client.ask.stream({
        buildingOwnerId: ownerId,
        input: { query: 'Hvilke etasjer dekker det?', thread_id: finish.data.thread_id },
      }),
    );
    expect(next[0]).toEqual({ type: 'start', data: { thread_id: finish.data.thread_id } });
    const answer = next.at(-1)!;
    expect(answer.type === 'finish' && answer.data.answer).toContain('alle etasjer');
  });

  it('throws the problem of a refused ask before any event', async () => {
    const events: AskEvent[] = [];
    const refused = (async () => {
      for await (const event of client.ask.stream({
        buildingOwnerId: ownerId,
        buildingId: 'bld_does_not_exist',
        input: { query: 'Hei' },
      }))
        events.push(event);
    })();
    await expect(refused).rejects.toBeInstanceOf(ByggdokApiError);
    await refused.catch((error: ByggdokApiError) => {
      expect(error.status).toBe(404);
      expect(error.problem).toMatchObject({ status: 404, code: expect.stringMatching(/not_found$/) });
    });
    expect(events).toEqual([]);
  });

  it('stops a stream through an AbortSignal', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of client.ask.stream({
        buildingOwnerId: ownerId,
        buildingId,
        input: { query: 'Hvem leverte sprinkleranlegget?' },
        signal: controller.signal,
      })) {
        seen.push(event.type);
        if (event.type === 'start') controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['start']);
  });
});
