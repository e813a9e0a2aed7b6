import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAi, startFakeModelServer, writeEvents, type FakeModelServer } from '../ask/fake-llm-servers.js';
import { insertDocument, readAskStream } from '../helpers/ask-fixtures.js';
import { createTestCustomer, createTestSession, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const ASKS = 2;
const ZIPS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** a promise a test lets go of when it wants */
function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * Costly work a credential could start without end, each request within the rate limit: asks (a model's `deep`
 * answer makes up to 8 calls) and zip downloads of up to 5,000 files. A credential (a partner key with its session
 * tokens, a person with all their credentials) has a few of each at once, counted in the database for every API
 * process; one more is refused before any work starts, and a slot comes back however the work ends.
 */
describe.each(testEngines())('costly work at once per credential, on %s', (engine) => {
  let t: TestApp;
  let model: FakeModelServer;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let stranger: Awaited<ReturnType<TestApp['seed']>>;
  /** a second key of the seed's partner, and one whose id the test knows */
  let sibling: { id: string; key: string };
  let base: string;
  let modelGate = gate();

  beforeAll(async () => {
    model = await startFakeModelServer();
    t = await createTestApp({
      engine,
      settings: {
        llm: {
          provider: 'openai',
          baseUrl: `${model.url}/v1`,
          apiKey: 'sk-test',
          model: 'gpt-test',
          timeoutMs: 30_000,
        },
        concurrency: { asks: ASKS, zipStreams: ZIPS },
      },
    });
    seed = await t.seed();
    stranger = await t.seed();
    sibling = await t.createKey({ partnerId: seed.partnerId });
    for (const world of [seed, stranger]) {
      await insertDocument({
        db: t.deps.database.db,
        ownerId: world.ownerId,
        buildingId: world.buildingId,
        path: 'Rapporter/Brann.pdf',
        pages: ['Sprinkleranlegget ble levert av Firesafe AS i 2019.'],
      });
    }
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // the model holds a question with HOLD until the test lets go, fails one with FAIL, takes ten seconds over an
    // answer to DRIP, and answers anything else at once
    model.handle(async (request, response) => {
      const asked = JSON.stringify(request.body.messages);
      if (asked.includes('HOLD')) await modelGate.promise;
      if (asked.includes('FAIL')) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'the model is down' } }));
        return;
      }
      if (asked.includes('DRIP')) {
        // an answer that takes its time: the client hangs up long before its end
        await writeEvents(
          response,
          Array.from({ length: 500 }, (_, i) => openAi.text(`ord${i} `)),
          { delayMs: 20 },
        );
        return;
      }
      await writeEvents(response, [openAi.text('Firesafe AS leverte det.'), openAi.finish('stop'), openAi.done]);
    });
  }, 60_000);
  afterAll(async () => {
    modelGate.open();
    await t?.close();
    await model?.close();
  });

  const askPath = (world = seed) => `/v1/building_owners/${world.ownerId}/buildings/${world.buildingId}/ask`;
  const ask = (params: {
    query: string;
    key?: string;
    token?: string;
    headers?: Record<string, string>;
    world?: typeof seed;
    stream?: boolean;
    url?: string;
  }) =>
    t.request({
      method: 'POST',
      url: params.url ?? askPath(params.world),
      ...(params.key ? { key: params.key } : {}),
      ...(params.token ? { token: params.token } : {}),
      ...(params.headers ? { headers: params.headers } : {}),
      payload: { query: params.query, ...(params.stream ? { stream: true } : {}) },
    });
  const modelCalls = (marker: string) =>
    model.requests.filter((r) => JSON.stringify(r.body.messages).includes(marker)).length;
  const slotRows = (kind: 'ask' | 'zip') =>
    t.deps.database.db.selectFrom('busy_slots').select(['holder', 'slot']).where('kind', '=', kind).execute();

  describe('asks', () => {
    it("refuses a key's ask past its cap before the model is called, whatever the route or its session tokens, and still answers other keys", async () => {
      modelGate = gate();
      const held = [ask({ query: 'HOLD en', key: seed.key }), ask({ query: 'HOLD to', key: seed.key })];
      await until(() => modelCalls('HOLD') === ASKS, 'the held asks to reach the model');
      const calls = model.requests.length;

      const refused = await ask({ query: 'Hvem leverte sprinkleranlegget?', key: seed.key });
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe('ask.busy');
      expect(refused.headers['retry-after']).toBe('5');
      // streamed, owner-wide, or by a session token made from the key: the same key's slots
      const token = (
        await t.request({ method: 'POST', url: `/v1/building_owners/${seed.ownerId}/sessions`, key: seed.key })
      ).body.token as string;
      for (const busy of [
        await ask({ query: 'Hvem leverte sprinkleranlegget?', key: seed.key, stream: true }),
        await ask({ query: 'Hvem?', key: seed.key, url: `/v1/building_owners/${seed.ownerId}/ask` }),
        await ask({ query: 'Hvem?', key: seed.key, url: `/building_owners/${seed.ownerId}/ask` }),
        await ask({ query: 'Hvem leverte sprinkleranlegget?', token }),
      ]) {
        expect(busy.status).toBe(429);
        expect(busy.body.code).toBe('ask.busy');
      }
      expect(model.requests.length).toBe(calls);

      // the partner's other key, and another partner's key, are answered meanwhile
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: sibling.key })).status).toBe(200);
      expect((await ask({ query: 'Hvem leverte?', key: stranger.key, world: stranger })).status).toBe(200);

      modelGate.open();
      const answered = await Promise.all(held);
      expect(answered.map((r) => r.status)).toEqual([200, 200]);
      expect(answered[0]!.body.answer).toContain('Firesafe AS');
      // a normal answer gives its slot back
      expect(await slotRows('ask')).toEqual([]);
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: seed.key })).status).toBe(200);
    });

    it("counts a person's asks by any of their credentials together, and another person's apart", async () => {
      const db = t.deps.database.db;
      const { customerId } = await createTestCustomer(db, { name: 'Eiendom AS', buildingOwnerId: seed.ownerId });
      const person = await createTestUser(db);
      const other = await createTestUser(db);
      for (const user of [person, other])
        await giveCustomerRole(db, { customerId, userId: user.userId, role: 'READ_ACCESS' });
      const cookie = await createTestSession(db, person.userId);

      modelGate = gate();
      const held = [ask({ query: 'HOLD tre', key: person.key }), ask({ query: 'HOLD fire', key: person.key })];
      await until(() => modelCalls('HOLD') >= 2 * ASKS, 'the held asks to reach the model');
      const bySession = await ask({
        query: 'Hvem leverte sprinkleranlegget?',
        headers: { cookie: `byggdok_session=${cookie}`, origin: PUBLIC_URL },
      });
      expect(bySession.status).toBe(429);
      expect(bySession.body.code).toBe('ask.busy');
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: other.key })).status).toBe(200);
      modelGate.open();
      expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
      expect(await slotRows('ask')).toEqual([]);
    });

    it('gives the slot back after a streamed answer', async () => {
      modelGate = gate();
      const before = modelCalls('HOLD');
      const streams = [1, 2].map((n) =>
        readAskStream({ url: `${base}${askPath()}`, key: seed.key, body: { query: `HOLD strøm ${n}`, stream: true } }),
      );
      await until(() => modelCalls('HOLD') === before + ASKS, 'the streamed asks to reach the model');
      expect((await ask({ query: 'Hvem?', key: seed.key })).body.code).toBe('ask.busy');
      modelGate.open();
      for (const { events } of await Promise.all(streams)) expect(events.at(-1)!.type).toBe('finish');
      await until(async () => (await slotRows('ask')).length === 0, 'the slots to come back');
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: seed.key })).status).toBe(200);
    });

    it('gives the slot back after a failing answer, streamed or not', async () => {
      for (let i = 0; i <= ASKS; i++) {
        const failed = await ask({ query: `FAIL ${i}`, key: seed.key });
        expect(failed.status).toBe(502);
        expect(failed.body.code).toBe('ask.model_unavailable');
      }
      for (let i = 0; i <= ASKS; i++) {
        const { events } = await readAskStream({
          url: `${base}${askPath()}`,
          key: seed.key,
          body: { query: `FAIL strøm ${i}`, stream: true },
        });
        expect(events.at(-1)!.type).toBe('error');
      }
      await until(async () => (await slotRows('ask')).length === 0, 'the slots to come back');
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: seed.key })).status).toBe(200);
    });

    it('gives the slot back when the client hangs up in the middle of a streamed answer', async () => {
      for (let i = 0; i <= ASKS; i++) {
        const { events } = await readAskStream({
          url: `${base}${askPath()}`,
          key: seed.key,
          body: { query: `DRIP ${i}`, stream: true },
          stopAfter: (event) => event.type === 'text',
        });
        expect(events.at(-1)!.type).toBe('text');
        await model.requests.at(-1)!.aborted;
        await until(async () => (await slotRows('ask')).length === 0, 'the slot to come back');
      }
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: seed.key })).status).toBe(200);
    });

    it('is not blocked by the slots of a process that died, but counts those of a live one', async () => {
      const holder = `key:${sibling.id}`;
      const rows = (expiresAt: Date) =>
        Array.from({ length: ASKS }, (_, slot) => ({
          kind: 'ask',
          holder,
          slot,
          token: `crashed-${slot}`,
          expires_at: expiresAt,
        }));
      const db = t.deps.database.db;
      await db
        .insertInto('busy_slots')
        .values(rows(new Date(Date.now() - 60_000)))
        .execute();
      expect((await ask({ query: 'Hvem leverte sprinkleranlegget?', key: sibling.key })).status).toBe(200);
      await db.deleteFrom('busy_slots').where('holder', '=', holder).execute();
      await db
        .insertInto('busy_slots')
        .values(rows(new Date(Date.now() + 60_000)))
        .execute();
      const busy = await ask({ query: 'Hvem leverte sprinkleranlegget?', key: sibling.key });
      expect(busy.status).toBe(429);
      expect(busy.body.code).toBe('ask.busy');
      await db.deleteFrom('busy_slots').where('holder', '=', holder).execute();
    });
  });

  describe('zip downloads', () => {
    const ids: Record<string, string> = {};
    /** how often each document's file was opened for a zip */
    const opens: Record<string, number> = {};
    let zipGate = gate();

    beforeAll(async () => {
      ids.held = await t.upload({ seed, filename: 'Tegninger/held.pdf', bytes: Buffer.from('a file read slowly') });
      ids.free = await t.upload({ seed, filename: 'Tegninger/free.pdf', bytes: Buffer.from('a file read at once') });
      ids.foreign = await t.upload({ seed: stranger, filename: 'plan.pdf', bytes: Buffer.from('their plan') });
      const rows = await t.deps.database.db.selectFrom('documents').select(['id', 'blob_key']).execute();
      const documentOf = new Map(rows.map((row) => [row.blob_key, row.id]));
      // the held document's file opens only when the test lets go, so its downloads stay open
      const blobs = t.deps.blobs;
      const get = blobs.get.bind(blobs);
      blobs.get = async (key) => {
        const id = documentOf.get(key);
        if (id !== undefined) opens[id] = (opens[id] ?? 0) + 1;
        if (id === ids.held) await zipGate.promise;
        return get(key);
      };
    });
    afterAll(() => zipGate.open());

    const zipPath = (world = seed) =>
      `/v1/building_owners/${world.ownerId}/buildings/${world.buildingId}/documents/zip`;
    const zip = (params: { ids: string[]; key?: string; token?: string; world?: typeof seed; check?: boolean }) =>
      t.request({
        method: 'POST',
        url: `${zipPath(params.world)}${params.check ? '?check=true' : ''}`,
        ...(params.key ? { key: params.key } : {}),
        ...(params.token ? { token: params.token } : {}),
        payload: { documentIds: params.ids },
      });
    const opened = (id: string) => opens[id] ?? 0;

    it("refuses a key's download past its cap before any file is read, and still serves checks and other keys", async () => {
      zipGate = gate();
      const before = opened(ids.held!);
      const held = [zip({ ids: [ids.held!], key: seed.key }), zip({ ids: [ids.held!], key: seed.key })];
      await until(() => opened(ids.held!) === before + ZIPS, 'the held downloads to open their file');
      const freeOpens = opened(ids.free!);

      const refused = await zip({ ids: [ids.free!], key: seed.key });
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe('zip.busy');
      expect(refused.headers['retry-after']).toBe('5');
      // a session token made from the key draws on the key's downloads
      const token = (
        await t.request({ method: 'POST', url: `/v1/building_owners/${seed.ownerId}/sessions`, key: seed.key })
      ).body.token as string;
      const byToken = await zip({ ids: [ids.free!], token });
      expect(byToken.status).toBe(429);
      expect(byToken.body.code).toBe('zip.busy');
      expect(opened(ids.free!)).toBe(freeOpens);
      // a check sends no zip, holds no slot, and reads no file
      const check = await zip({ ids: [ids.free!], key: seed.key, check: true });
      expect(check.status).toBe(200);
      expect(check.body.count).toBe(1);
      await sleep(200);
      expect(opened(ids.free!)).toBe(freeOpens);

      // the partner's other key, and another partner's key, download meanwhile
      const bySibling = await zip({ ids: [ids.free!], key: sibling.key });
      expect(bySibling.status).toBe(200);
      expect(bySibling.headers['content-type']).toBe('application/zip');
      expect((await zip({ ids: [ids.foreign!], key: stranger.key, world: stranger })).status).toBe(200);

      zipGate.open();
      expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
      // a download sent to its end gives its slot back
      await until(async () => (await slotRows('zip')).length === 0, 'the slots to come back');
      expect((await zip({ ids: [ids.free!], key: seed.key })).status).toBe(200);
    });

    it('gives the slot back after a refused download', async () => {
      for (let i = 0; i <= ZIPS; i++) {
        const refused = await zip({ ids: [ids.free!, ids.foreign!], key: seed.key });
        expect(refused.status).toBe(404);
      }
      expect(await slotRows('zip')).toEqual([]);
      expect((await zip({ ids: [ids.free!], key: seed.key })).status).toBe(200);
    });

    it('gives the slot back when the client hangs up before the download ends', async () => {
      zipGate = gate();
      for (let i = 0; i <= ZIPS; i++) {
        const before = opened(ids.held!);
        const request = http.request(`${base}${zipPath()}`, {
          method: 'POST',
          headers: { 'x-api-key': seed.key, 'content-type': 'application/json' },
        });
        const status = new Promise<number>((resolve) => {
          request.on('response', (response) => resolve(response.statusCode ?? 0));
          request.on('error', () => resolve(0));
        });
        request.end(JSON.stringify({ documentIds: [ids.held!] }));
        // a download over the cap is answered 429 at once, and never opens the file
        await Promise.race([until(() => opened(ids.held!) === before + 1, 'the download to open its file'), status]);
        expect(opened(ids.held!)).toBe(before + 1);
        request.destroy();
        await until(async () => (await slotRows('zip')).length === 0, 'the slot to come back');
      }
      zipGate.open();
      expect((await zip({ ids: [ids.held!], key: seed.key })).status).toBe(200);
    });

    it('is not blocked by the slots of a process that died, but counts those of a live one', async () => {
      const holder = `key:${sibling.id}`;
      const db = t.deps.database.db;
      const rows = (expiresAt: Date) =>
        Array.from({ length: ZIPS }, (_, slot) => ({
          kind: 'zip',
          holder,
          slot,
          token: `crashed-${slot}`,
          expires_at: expiresAt,
        }));
      await db
        .insertInto('busy_slots')
        .values(rows(new Date(Date.now() - 60_000)))
        .execute();
      expect((await zip({ ids: [ids.free!], key: sibling.key })).status).toBe(200);
      await db.deleteFrom('busy_slots').where('holder', '=', holder).execute();
      await db
        .insertInto('busy_slots')
        .values(rows(new Date(Date.now() + 60_000)))
        .execute();
      const busy = await zip({ ids: [ids.free!], key: sibling.key });
      expect(busy.status).toBe(429);
      expect(busy.body.code).toBe('zip.busy');
      await db.deleteFrom('busy_slots').where('holder', '=', holder).execute();
    });
  });
});
