import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ASSISTANT_GRANT_SECONDS,
  ASSISTANT_REFRESH_TOKEN_IDLE_SECONDS,
} from '../../src/integrations/oidc/embedded-provider-keys.js';
import type { DB } from '../../src/storage/db/schema.js';
import {
  asBrowser,
  connectAssistant,
  listeningWithAPerson,
  mcpStatus,
  refreshAssistant,
  signInWithPassword,
} from '../helpers/sign-in-flows.js';
import type { TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';
const EMAIL = 'kari@example.test';
const DAY = 24 * 3600 * 1000;
/** the revocation endpoint's answer, for a token revoked or unknown alike (RFC 7009, 2.2) */
const REVOKED = { status: 200, cacheControl: 'no-store', contentType: 'text/plain; charset=utf-8', body: '' };

/**
 * How long an assistant's tokens live, and how an assistant ends them itself (RFC 7009), attacked as a thief of a
 * refresh token would (keeping it fresh for ever), as another client would (revoking, or finding out about, a token
 * that is not its own) and as an assistant registering a redirect URI on the service's own pages would. Each failed
 * before its fix: refresh tokens had oidc-provider's default lifetime (14 days) and grants 365 days, the revocation
 * endpoint did not exist, and a redirect URI on the service's own origin was registered. Real HTTP against a listening
 * service, on both engines; the clock is moved by faking Date (the provider and the database adapter read it), never
 * by waiting. Each test registers a client or two from one address, which may register 20 an hour.
 */
describe.each(testEngines())("an assistant's token lifetimes and revocation on %s", (engine) => {
  let t: TestApp;
  let base: string;
  let logged: () => string;
  const db = (): Kysely<DB> => t.deps.database.db;

  beforeAll(async () => {
    ({ t, base, logged } = await listeningWithAPerson({
      engine,
      person: { email: EMAIL, name: 'Kari', password: PASSWORD },
    }));
  }, 90_000);
  afterEach(() => void vi.useRealTimers());
  afterAll(() => t?.close());

  /** the stored row of a refresh token (kept by its SHA-256) */
  const refreshRow = async (refreshToken: string) => {
    const row = await db()
      .selectFrom('oidc_records')
      .select(['expires_at', 'payload', 'grant_id'])
      .where('model', '=', 'RefreshToken')
      .where('id', '=', createHash('sha256').update(refreshToken).digest('hex'))
      .executeTakeFirstOrThrow();
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { exp: number };
    return { expiresAt: row.expires_at!.getTime(), exp: payload.exp * 1000, grantId: row.grant_id! };
  };
  const grantEnds = async (grantId: string) =>
    (
      await db()
        .selectFrom('oidc_records')
        .select('expires_at')
        .where('model', '=', 'Grant')
        .where('id', '=', grantId)
        .executeTakeFirstOrThrow()
    ).expires_at!.getTime();
  const listedAssistants = async () => {
    const account = await signInWithPassword({ base, email: EMAIL, password: PASSWORD });
    const answer = await asBrowser(account.browser, base, '/auth/me/assistants');
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { assistants: { id: string }[] }).assistants.map((assistant) => assistant.id);
  };
  const revoke = async (form: Record<string, string>, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${base}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
    return {
      status: answer.status,
      cacheControl: answer.headers.get('cache-control'),
      contentType: answer.headers.get('content-type'),
      body: await answer.text(),
    };
  };
  /** the person's history: each connection an assistant ended itself, with the assistant's id and name */
  const selfRevocations = async (clientId: string) =>
    (
      await db()
        .selectFrom('audit_events')
        .select(['customer_id', 'actor_kind', 'actor_label', 'details'])
        .where('action', '=', 'auth.assistant_revoked')
        .orderBy('occurred_at')
        .execute()
    ).filter((event) => event.details.clientId === clientId);
  const register = async (metadata: Record<string, unknown>) => {
    const answer = await fetch(`${base}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Another assistant',
        redirect_uris: ['https://other.example/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        ...metadata,
      }),
    });
    return {
      status: answer.status,
      body: (await answer.json()) as Record<string, string>,
    };
  };

  it('keeps a refresh token 30 days unused, renews it on each use, and ends everything 90 days after the consent', async () => {
    // a whole second, so that the provider's expiries (seconds) and the stored ones (milliseconds) are the same
    const start = Math.floor(Date.now() / 1000) * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const at = (days: number, seconds = 0) => vi.setSystemTime(start + days * DAY + seconds * 1000);

    const used = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    const unused = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    const first = await refreshRow(used.refreshToken);
    // as the provider issued it, and as the adapter stores it: 30 days
    expect(first.exp).toBe(start + ASSISTANT_REFRESH_TOKEN_IDLE_SECONDS * 1000);
    expect(first.expiresAt).toBe(first.exp);
    expect(ASSISTANT_REFRESH_TOKEN_IDLE_SECONDS).toBe(30 * 86_400);
    // the grant: 90 days from the consent, however it is used
    const grantEnd = start + ASSISTANT_GRANT_SECONDS * 1000;
    expect(await grantEnds(first.grantId)).toBe(grantEnd);
    expect(ASSISTANT_GRANT_SECONDS).toBe(90 * 86_400);

    // a refresh token used within its 30 days gives a new one, valid 30 days from then, never past the grant
    let current = { ...used };
    for (const [day, seconds, expected] of [
      [29, 0, start + 59 * DAY],
      [58, 0, start + 88 * DAY],
      [87, 0, grantEnd],
      [89, 86_400 - 600, grantEnd],
    ] as const) {
      at(day, seconds);
      const renewed = await refreshAssistant(base, current);
      expect(renewed.status, `day ${day}: ${JSON.stringify(renewed.body)}`).toBe(200);
      expect(renewed.body.refresh_token).not.toBe(current.refreshToken);
      const row = await refreshRow(renewed.body.refresh_token!);
      expect(row.exp, `day ${day}`).toBe(expected);
      expect(row.expiresAt, `day ${day}`).toBe(expected);
      current = { ...current, refreshToken: renewed.body.refresh_token!, accessToken: renewed.body.access_token! };
    }
    expect(await mcpStatus(base, current.accessToken)).toBe(200);
    expect(await listedAssistants()).toContain(first.grantId);

    // one unused for more than 30 days is refused (at day 89, long past its 30 days)
    const lapsed = await refreshAssistant(base, unused);
    expect(lapsed.status).toBe(400);
    expect(lapsed.body.error).toBe('invalid_grant');

    // past the 90 days: no refresh, the access token issued ten minutes before is refused, and the person's account
    // no longer lists the assistant; it must ask the person again
    at(90, 1);
    const ended = await refreshAssistant(base, current);
    expect(ended.status).toBe(400);
    expect(ended.body.error).toBe('invalid_grant');
    expect(await mcpStatus(base, current.accessToken)).toBe(401);
    expect(await listedAssistants()).not.toContain(first.grantId);
  });

  it("renews a confidential client's refresh token on every use too, so that a copy used after it ends the grant", async () => {
    // oidc-provider rotates a public client's refresh token on each use, a confidential one's only once 70% of its
    // life has passed: until then a stolen copy and the assistant would both keep using the same token unnoticed
    const assistant = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    const secret = 's'.repeat(43);
    await sql`update oidc_records set payload = payload || ${JSON.stringify({
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: secret,
    })}::jsonb where model = 'Client' and id = ${assistant.clientId}`.execute(db());
    const refresh = async (refreshToken: string) => {
      const answer = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${assistant.clientId}:${secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          resource: `${base}/mcp`,
        }).toString(),
      });
      return { status: answer.status, body: (await answer.json()) as { refresh_token?: string; error?: string } };
    };
    const renewed = await refresh(assistant.refreshToken);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.refresh_token).toEqual(expect.any(String));
    expect(renewed.body.refresh_token).not.toBe(assistant.refreshToken);
    // the first one again: a replay, which ends the grant and the renewed token with it
    expect((await refresh(assistant.refreshToken)).status).toBe(400);
    expect((await refresh(renewed.body.refresh_token!)).status).toBe(400);
  });

  it('lets an assistant revoke its own refresh token (RFC 7009): it, its access tokens and the connection end', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/.well-known/oauth-authorization-server/oidc']) {
      const metadata = (await (await fetch(`${base}${url}`)).json()) as Record<string, unknown>;
      expect(metadata.revocation_endpoint, url).toBe(`${base}/oidc/token/revocation`);
    }
    const assistant = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    const grantId = (await refreshRow(assistant.refreshToken)).grantId;
    expect(await listedAssistants()).toContain(grantId);

    const revoked = await revoke({
      token: assistant.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: assistant.clientId,
    });
    expect(revoked).toEqual(REVOKED);
    const refused = await refreshAssistant(base, assistant);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(await mcpStatus(base, assistant.accessToken)).toBe(401);
    expect(await listedAssistants()).not.toContain(grantId);
    // the person's history says which assistant ended its connection, as it says which one they allowed
    const ended = [
      {
        customer_id: null,
        actor_kind: 'user',
        actor_label: EMAIL,
        details: { clientId: assistant.clientId, clientName: 'Test assistant' },
      },
    ];
    expect(await selfRevocations(assistant.clientId)).toEqual(ended);
    // revoked again, or an unknown token: the same answer (RFC 7009, 2.2), and nothing more in the history
    for (const token of [assistant.refreshToken, 'x'.repeat(43)]) {
      expect(await revoke({ token, client_id: assistant.clientId })).toEqual(REVOKED);
    }
    expect(await selfRevocations(assistant.clientId)).toEqual(ended);
  });

  it('lets an assistant revoke its own access token, which ends its grant and refresh token too', async () => {
    const assistant = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    expect(await mcpStatus(base, assistant.accessToken)).toBe(200);
    const revoked = await revoke({
      token: assistant.accessToken,
      token_type_hint: 'access_token',
      client_id: assistant.clientId,
    });
    expect(revoked).toEqual(REVOKED);
    expect(await mcpStatus(base, assistant.accessToken)).toBe(401);
    expect((await refreshAssistant(base, assistant)).status).toBe(400);
    expect(await selfRevocations(assistant.clientId)).toEqual([
      expect.objectContaining({
        actor_label: EMAIL,
        details: { clientId: assistant.clientId, clientName: 'Test assistant' },
      }),
    ]);
    // the same token again ends nothing more
    expect(await revoke({ token: assistant.accessToken, client_id: assistant.clientId })).toEqual(REVOKED);
    expect(await selfRevocations(assistant.clientId)).toHaveLength(1);
  });

  it("lets no other client revoke an assistant's tokens, nor learn from the answer that they are live", async () => {
    const assistant = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    // anyone can register a client: a public one, and a confidential one (with a secret)
    const publicThief = await register({});
    expect(publicThief.status).toBe(201);
    const confidentialThief = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    expect(confidentialThief.status).toBe(201);
    const basic = `Basic ${Buffer.from(
      `${confidentialThief.body.client_id}:${confidentialThief.body.client_secret}`,
    ).toString('base64')}`;
    const unknown = await revoke({ token: 'x'.repeat(43), client_id: publicThief.body.client_id! });
    expect(unknown).toEqual(REVOKED);
    for (const token of [assistant.refreshToken, assistant.accessToken]) {
      // answered exactly as a token that does not exist, and nothing revoked
      expect(await revoke({ token, client_id: publicThief.body.client_id! }), 'public').toEqual(unknown);
      expect(await revoke({ token }, { authorization: basic }), 'confidential').toEqual(unknown);
    }
    // a confidential client that does not prove itself revokes nothing either
    const unproven = await revoke({ token: assistant.refreshToken, client_id: confidentialThief.body.client_id! });
    expect(unproven.status).toBe(401);
    expect(await mcpStatus(base, assistant.accessToken)).toBe(200);
    const renewed = await refreshAssistant(base, assistant);
    expect(renewed.status).toBe(200);
    expect(await mcpStatus(base, renewed.body.access_token!)).toBe(200);
    // nothing ended, so nothing in the person's history under any of the three
    for (const clientId of [assistant.clientId, publicThief.body.client_id!, confidentialThief.body.client_id!]) {
      expect(await selfRevocations(clientId)).toEqual([]);
    }
  });

  it("refuses to register a redirect URI on the service's own pages, naming the field", async () => {
    const port = new URL(base).port;
    for (const [metadata, field] of [
      [{ redirect_uris: [`${base}/app/`] }, 'redirect_uris'],
      [{ redirect_uris: ['https://assistant.example/cb', `${base}/auth/callback?next=x`] }, 'redirect_uris'],
      // the same service under another loopback name
      [{ redirect_uris: [`http://localhost:${port}/app/`] }, 'redirect_uris'],
      [{ redirect_uris: [`http://[::1]:${port}/`] }, 'redirect_uris'],
      // a native client's loopback redirect URI is taken with any port, the service's too
      [{ application_type: 'native', redirect_uris: ['http://127.0.0.1/callback'] }, 'redirect_uris'],
      [
        { redirect_uris: ['https://assistant.example/cb'], post_logout_redirect_uris: [`${base}/`] },
        'post_logout_redirect_uris',
      ],
    ] as const) {
      const label = JSON.stringify(metadata);
      const refused = await register(metadata);
      expect(refused.status, label).toBe(400);
      expect(refused.body.error, label).toMatch(/^invalid_(redirect_uri|client_metadata)$/);
      expect(refused.body.error_description, label).toContain(field);
    }
    const stored = await db()
      .selectFrom('oidc_records')
      .select('id')
      .where('model', '=', 'Client')
      .where(sql<string>`payload->>'redirect_uris'`, 'like', `%${port}%`)
      .execute();
    expect(stored).toEqual([]);
    // another port of this machine (a desktop assistant's own listener) still registers
    expect((await register({ redirect_uris: ['http://127.0.0.1:9/oauth/callback'] })).status).toBe(201);
  });

  it('logs none of the tokens sent to the revocation endpoint', async () => {
    const assistant = await connectAssistant({ base, email: EMAIL, password: PASSWORD });
    expect((await revoke({ token: assistant.refreshToken, client_id: assistant.clientId })).status).toBe(200);
    expect(logged()).toContain('/oidc/token/revocation');
    for (const secret of [assistant.refreshToken, assistant.accessToken])
      expect(logged().includes(secret), `${secret.slice(0, 12)}... in the log`).toBe(false);
  });
});
