import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATIONS_PER_ADDRESS } from '../../src/domain/signin/assistant-registrations.js';
import { createOidcAdapterFactory } from '../../src/storage/db/repositories/oidc-records.adapter.js';
import type { DB } from '../../src/storage/db/schema.js';
import { freePort } from '../helpers/service-process.js';
import {
  asBrowser,
  connectAssistant,
  mcpStatus,
  refreshAssistant,
  signInWithPassword,
} from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';
const EMAIL = 'kari@example.test';
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';
const CLIENT = {
  client_name: 'Assistant',
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

/**
 * Open client registration at the embedded provider (RFC 7591: anyone may register an assistant, no credential),
 * attacked as a way to fill the database: one address registering without end, many registrations at once, and
 * clients registered and never used. Each failed before its fix.
 */
describe.each(testEngines())('Open registration of assistants on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const db = (): Kysely<DB> => t.deps.database.db;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, name: 'Kari', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
  }, 90_000);
  afterAll(() => t?.close());

  /** a registration from a client address (the service sees the address of the connection) */
  const registerFrom = async (remoteAddress: string, url = '/oidc/reg') => {
    const answer = await t.app.inject({ method: 'POST', url, remoteAddress, payload: CLIENT });
    return {
      status: answer.statusCode,
      headers: answer.headers,
      body: JSON.parse(answer.body) as Record<string, unknown>,
    };
  };
  const clientCount = async () =>
    Number(
      (
        await db()
          .selectFrom('oidc_records')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('model', '=', 'Client')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const clientExists = async (clientId: string) =>
    (await db()
      .selectFrom('oidc_records')
      .select('id')
      .where('model', '=', 'Client')
      .where('id', '=', clientId)
      .executeTakeFirst()) !== undefined;

  it('refuses the 21st registration from one address within the hour with 429, Retry-After and an RFC 7591 error body; other addresses still register', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS; i++) {
      const answer = await registerFrom('198.51.100.7');
      expect(answer.status, `registration ${i + 1}`).toBe(201);
    }
    const before = await clientCount();
    const refused = await registerFrom('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
    const retryAfter = Number(refused.headers['retry-after']);
    // the oldest of the 20 leaves the window an hour after it was made, a few seconds ago
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await clientCount()).toBe(before);
    // the same address written as IPv4 inside IPv6, or the path in other letters or with a slash: the same count
    expect((await registerFrom('::ffff:198.51.100.7')).status).toBe(429);
    expect((await registerFrom('198.51.100.7', '/oidc/REG/')).status).toBe(429);
    expect(await clientCount()).toBe(before);

    // someone else is not held up
    const other = await registerFrom('198.51.100.8');
    expect(other.status).toBe(201);
    expect(other.body.client_id).toEqual(expect.any(String));
    // what the service notes on a client (where it was registered from) is not part of the client's metadata
    const readBack = await t.app.inject({
      method: 'GET',
      url: `/oidc/reg/${String(other.body.client_id)}`,
      remoteAddress: '198.51.100.8',
      headers: { authorization: `Bearer ${String(other.body.registration_access_token)}` },
    });
    expect(readBack.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(readBack.body) as object).filter((key) => key.startsWith('byggdok'))).toEqual([]);

    // an IPv6 holder has the whole /64: its addresses share one count; the next /64 has its own
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS; i++) {
      expect((await registerFrom(`2001:db8:1:2::${i + 1}`)).status).toBe(201);
    }
    expect((await registerFrom('2001:db8:1:2:ffff:ffff:ffff:fffe')).status).toBe(429);
    expect((await registerFrom('2001:0db8:0001:0002:0:0:0:abcd')).status).toBe(429);
    expect((await registerFrom('2001:db8:1:3::1')).status).toBe(201);
  });

  it('keeps no more than 20 clients of one address when it sends 30 registrations at once', async () => {
    const before = await clientCount();
    const answers = await Promise.all(Array.from({ length: 30 }, () => registerFrom('203.0.113.30')));
    const created = answers.filter((answer) => answer.status === 201);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 429)).toBe(true);
    // the first 20 counted are kept, the others refused: neither more, nor all refused for the crowd
    expect(created.length).toBe(REGISTRATIONS_PER_ADDRESS);
    // every 429 left nothing behind: exactly the clients answered 201 are there
    expect(await clientCount()).toBe(before + created.length);
    for (const answer of created) expect(await clientExists(String(answer.body.client_id))).toBe(true);
  });

  /** makes these clients look registered a day and an hour ago */
  const age = async (clientIds: string[]) => {
    const then = Math.floor(Date.now() / 1000) - 25 * 3600;
    await db()
      .updateTable('oidc_records')
      .set({ payload: sql<string>`jsonb_set(payload, '{client_id_issued_at}', to_jsonb(${then}::bigint))` })
      .where('model', '=', 'Client')
      .where('id', 'in', clientIds)
      .execute();
  };

  /** an authorization request of a client, as a person's browser makes it: the status and the page */
  const authorize = async (clientId: string) => {
    const url = new URL(`${base}/oidc/auth`);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'mcp',
      resource: `${base}/mcp`,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(name, value);
    const answer = await fetch(url, { redirect: 'manual' });
    return { status: answer.status, location: answer.headers.get('location'), html: await answer.text() };
  };

  it('deletes a client no one allowed a day after it registered; keeps those a person allowed, and their assistants keep working', async () => {
    // connected: consent given, tokens issued
    const connected = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    // connected once, then disconnected on the account page: it may be connected again without registering
    const disconnected = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    const account = await signInWithPassword({ base, email: EMAIL, password: PASSWORD });
    const listed = (await (await asBrowser(account.browser, base, '/auth/me/assistants')).json()) as {
      assistants: { id: string }[];
    };
    const grantOf = async (clientId: string) =>
      (
        await db()
          .selectFrom('oidc_records')
          .select('id')
          .where('model', '=', 'Grant')
          .where(sql<string>`payload->>'clientId'`, '=', clientId)
          .executeTakeFirstOrThrow()
      ).id;
    const disconnectedGrant = await grantOf(disconnected.clientId);
    expect(listed.assistants.map((assistant) => assistant.id)).toContain(disconnectedGrant);
    const ended = await asBrowser(account.browser, base, `/auth/me/assistants/${disconnectedGrant}`, {
      method: 'DELETE',
    });
    expect(ended.status).toBe(204);
    // registered and never used: by the attacker, or an assistant given up on before the consent
    const unused = (await (
      await fetch(`${base}/oidc/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CLIENT),
      })
    ).json()) as { client_id: string; registration_access_token: string };
    const recent = await registerFrom('192.0.2.44');
    expect(recent.status).toBe(201);
    const recentId = String(recent.body.client_id);
    expect((await authorize(unused.client_id)).status).toBe(303);

    await age([connected.clientId, disconnected.clientId, unused.client_id]);
    // the workers' hourly sweep (the provider's writes also sweep, every 200th)
    expect(await t.deps.jobHandlers['signin.sweep']({}, {} as never)).toEqual({ status: 'done' });

    // the unused client is gone, with its registration access token
    expect(await clientExists(unused.client_id)).toBe(false);
    const refused = await authorize(unused.client_id);
    expect(refused.status).toBe(400);
    expect(refused.location).toBeNull();
    expect(refused.html).toContain('client is invalid');
    const read = await fetch(`${base}/oidc/reg/${unused.client_id}`, {
      headers: { authorization: `Bearer ${unused.registration_access_token}` },
    });
    expect(read.status).toBe(401);
    // one registered within the day stays
    expect(await clientExists(recentId)).toBe(true);

    // the connected assistant works as before: its token, its refresh, the new token
    expect(await clientExists(connected.clientId)).toBe(true);
    expect(await mcpStatus(base, connected.accessToken)).toBe(200);
    const refreshed = await refreshAssistant(base, connected);
    expect(refreshed.status).toBe(200);
    expect(await mcpStatus(base, refreshed.body.access_token!)).toBe(200);
    // the disconnected one may ask the person again: its client is still known (the login page, not an error)
    expect(await clientExists(disconnected.clientId)).toBe(true);
    const again = await authorize(disconnected.clientId);
    expect(again.status).toBe(303);
    expect(again.location).toMatch(/\/oidc\/interaction\//);
  });

  it('runs that upkeep as the provider writes, without anyone calling it', async () => {
    const registered = await registerFrom('192.0.2.45');
    const clientId = String(registered.body.client_id);
    await age([clientId]);
    // a process sweeps on every 200th of its writes (sessions, interactions, codes, tokens, clients)
    const interactions = createOidcAdapterFactory(db())('Interaction');
    for (let i = 0; i < 200; i++) {
      await interactions.upsert(`upkeep-${i}`, { uid: `upkeep-${i}` }, 60);
    }
    expect(await clientExists(clientId)).toBe(false);
  });
});
