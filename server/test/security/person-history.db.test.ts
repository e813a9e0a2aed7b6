import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestUser } from '../helpers/people-fixtures.js';
import { asBrowser, connectAssistant, listeningWithAPerson, signInWithPassword } from '../helpers/sign-in-flows.js';
import type { TestBrowser } from '../helpers/browser.js';
import { ADMIN_TOKEN, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const KARI = { email: 'kari@historikk.test', name: 'Kari', password: 'fjordhest-i-fjellet-42' };
const OLA = { email: 'ola@historikk.test', name: 'Ola', password: 'multebær og brunost 7' };

type HistoryEvent = {
  action: string;
  actor: { kind: string; label: string | null };
  details: Record<string, unknown>;
  clientAddress: string | null;
};

/**
 * A person reads their own account's history on the account page: their sign-ins, the failed tries of their address,
 * their keys, their assistants, the operator's changes to their account. Nobody else's, and nobody else reads theirs:
 * not another person, not an assistant acting as them, not a page token of someone else's history.
 */
describe.each(testEngines())("a person's own history, on %s", (engine) => {
  let t: TestApp;
  let base: string;
  let kari: TestBrowser;
  let ola: TestBrowser;
  let kariKey: string;

  const history = async (browser: TestBrowser, query = '') => asBrowser(browser, base, `/auth/me/history${query}`);
  const eventsOf = async (browser: TestBrowser, query = '') => {
    const answer = await history(browser, query);
    expect(answer.status).toBe(200);
    return (await answer.json()) as { events: HistoryEvent[]; nextToken: string | null };
  };

  beforeAll(async () => {
    ({ t, base } = await listeningWithAPerson({ engine, person: KARI }));
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(OLA),
    });
    expect(created.status).toBe(201);
    // someone tries Kari's password, then Kari signs in; Ola signs in, and someone tries Ola's
    expect(
      (await signInWithPassword({ base, email: 'KARI@historikk.test', password: 'gjett-en-gang-til' })).response.status,
    ).not.toBe(302);
    kari = (await signInWithPassword({ base, ...KARI })).browser;
    ola = (await signInWithPassword({ base, ...OLA })).browser;
    await signInWithPassword({ base, email: OLA.email, password: 'feil-feil-feil-feil' });
    // Kari makes a key; the operator sets Kari's password, ending the session: Kari signs in again
    const key = await asBrowser(kari, base, '/auth/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'Nattlig eksport' }),
    });
    expect(key.status).toBe(201);
    kariKey = ((await key.json()) as { key: string }).key;
    const userId = (
      await t.deps.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', KARI.email)
        .executeTakeFirstOrThrow()
    ).id;
    const set = await fetch(`${base}/admin/users/${userId}/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: KARI.password }),
    });
    expect(set.status).toBe(204);
    kari = (await signInWithPassword({ base, ...KARI })).browser;
  }, 120_000);
  afterAll(() => t?.close());

  it('lists what happened to the account, newest first, with where it came from, and nothing of anyone else', async () => {
    const { events, nextToken } = await eventsOf(kari);
    expect(nextToken).toBeNull();
    expect(events.map((event) => event.action)).toEqual([
      'auth.sign_in',
      'user.password_set',
      'api_key.created',
      'auth.sign_in',
      'auth.sign_in_failed',
      'user.created',
    ]);
    const [, operator, created, , failed] = events;
    expect(operator!.actor.kind).toBe('operator');
    expect(created!.details).toMatchObject({ name: 'Nattlig eksport' });
    // the failed try names the address that was tried, as it was typed, and why it failed
    expect(failed!.details).toMatchObject({ reason: 'wrong_password' });
    expect(failed!.clientAddress).toBe('127.0.0.1');
    expect(JSON.stringify(events)).not.toContain(OLA.email);
    // Ola's own: the sign-in and the failed try of Ola's address, none of Kari's
    const theirs = (await eventsOf(ola)).events;
    expect(theirs.map((event) => event.action)).toEqual(['auth.sign_in_failed', 'auth.sign_in', 'user.created']);
    expect(JSON.stringify(theirs)).not.toContain(KARI.email.split('@')[0]!);
  });

  it('pages by a token that only opens the same person’s history', async () => {
    const first = await eventsOf(kari, '?limit=2');
    expect(first.events.map((event) => event.action)).toEqual(['auth.sign_in', 'user.password_set']);
    expect(first.nextToken).not.toBeNull();
    const second = await eventsOf(kari, `?limit=2&next_token=${encodeURIComponent(first.nextToken!)}`);
    expect(second.events.map((event) => event.action)).toEqual(['api_key.created', 'auth.sign_in']);
    // Kari's token in Ola's hands opens nothing of Kari's
    const swapped = await history(ola, `?limit=2&next_token=${encodeURIComponent(first.nextToken!)}`);
    expect(swapped.status).toBe(400);
    expect(JSON.stringify(await swapped.json())).not.toContain('Nattlig');
    const refused = await history(kari, '?limit=0');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: [expect.objectContaining({ path: '/limit' })] });
  });

  it('is read with the person’s own key too, and by no assistant, no other credential and nobody signed out', async () => {
    const byKey = await fetch(`${base}/auth/me/history`, { headers: { 'x-api-key': kariKey } });
    expect(byKey.status).toBe(200);
    expect(((await byKey.json()) as { events: HistoryEvent[] }).events.map((event) => event.action)).toContain(
      'api_key.created',
    );
    expect((await fetch(`${base}/auth/me/history`)).status).toBe(401);
    // a partner's key is no person
    const partner = await t.seed();
    const byPartner = await fetch(`${base}/auth/me/history`, { headers: { 'x-api-key': partner.key } });
    expect([401, 403]).toContain(byPartner.status);
    // nor a session token made from it, nor a subcontractor's portal token
    const made = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${partner.ownerId}/sessions`,
      key: partner.key,
      payload: { expires_in: 600 },
    });
    expect(made.status).toBe(200);
    const bySessionToken = await t.request({ method: 'GET', url: '/auth/me/history', key: made.body.token as string });
    expect([401, 403]).toContain(bySessionToken.status);
    const world = await createDeliveryWorld(t);
    const byPortal = await t.request({ method: 'GET', url: '/auth/me/history', token: world.token });
    expect([401, 403]).toContain(byPortal.status);
    expect(JSON.stringify([bySessionToken.body, byPortal.body])).not.toContain('Nattlig');
    const stranger = await createTestUser(t.deps.database.db, { email: 'fremmed@historikk.test' });
    const theirs = await fetch(`${base}/auth/me/history`, { headers: { 'x-api-key': stranger.key } });
    expect(theirs.status).toBe(200);
    const strangers = JSON.stringify(await theirs.json());
    expect(strangers).not.toContain(KARI.email);
    expect(strangers).not.toContain('Nattlig');
    // an assistant Kari allowed acts as Kari on /mcp, but reads nothing of Kari's history
    const assistant = await connectAssistant({ base, email: KARI.email, password: KARI.password, browser: kari });
    const byAssistant = await fetch(`${base}/auth/me/history`, {
      headers: { authorization: `Bearer ${assistant.accessToken}` },
    });
    expect([401, 403]).toContain(byAssistant.status);
    expect(JSON.stringify(await byAssistant.json())).not.toContain('Nattlig');
    // the consent is in the history now
    expect((await eventsOf(kari)).events.map((event) => event.action)).toContain('auth.assistant_allowed');
  });
});
