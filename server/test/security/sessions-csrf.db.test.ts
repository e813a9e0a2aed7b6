import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../helpers/browser.js';
import { freePort } from '../helpers/service-process.js';
import { signInWithPassword } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const PASSWORD = 'fjordhest-i-fjellet-42';

/**
 * Cross-site request forgery against the session cookie (issue 41, item 7): the Origin check used to be skipped when
 * any Authorization header came along, though a `Basic` or `Negotiate` header a proxy or an intranet's single sign-on
 * adds leaves the cookie to authenticate; this file failed then. Signing out stays a POST from the service's own page.
 */
describe.each(testEngines())('sessions and cross-site requests on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let browser: TestBrowser;
  let personalKey: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ engine, settings: { http: { publicUrl: base } }, options: { publicUrl: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const created = await fetch(`${base}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.test', name: 'Kari', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
    ({ browser } = await signInWithPassword({ base, email: 'kari@example.test', password: PASSWORD }));
    expect(browser.cookie(base, 'byggdok_session')).toEqual(expect.any(String));
    const key = await createKey({ origin: base }, 'setup');
    expect(key.status).toBe(201);
    personalKey = ((await key.json()) as { key: string }).key;
  }, 90_000);
  afterAll(() => t?.close());

  /** a key made with the browser's cookie (a write the cookie authenticates) */
  function createKey(headers: Record<string, string>, name = 'csrf') {
    return browser.request(`${base}/auth/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name }),
    });
  }

  const signedIn = async () => (await browser.request(`${base}/auth/me`)).status === 200;

  it.each([
    ['no other header', {}],
    ['Basic credentials a proxy added', { authorization: 'Basic dXNlcjpwYXNz' }],
    [
      'a Negotiate token of an intranet sign-on',
      { authorization: 'Negotiate YIIGhgYJKoZIhvcSAQICAQBuggZ1MIIGcaADAgEFoQMCAQ6i' },
    ],
    ['an empty bearer', { authorization: 'Bearer ' }],
    // shapes that look like a token or a key but that the service does not take as one: the cookie still decides
    ['a bearer of two words', { authorization: 'Bearer two words' }],
    ['a blank API key', { 'x-api-key': '   ' }],
  ] as [string, Record<string, string>][])(
    'refuses a cookie-authenticated write from another site with %s',
    async (_label, extra) => {
      const origins: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, {}];
      for (const origin of origins) {
        const refused = await createKey({ ...origin, ...extra });
        expect(refused.status, JSON.stringify(origin)).toBe(403);
        expect(((await refused.json()) as { code: string }).code).toBe('auth.cross_site_request');
      }
      // from the service's own page the same request works
      expect((await createKey({ origin: base, ...extra })).status).toBe(201);
    },
  );

  it('does not check a write that a key or bearer token authenticates (no browser sends those by itself)', async () => {
    expect((await createKey({ origin: 'https://evil.example', 'x-api-key': personalKey })).status).toBe(201);
    expect((await createKey({ origin: 'https://evil.example', authorization: `Bearer ${personalKey}` })).status).toBe(
      201,
    );
  });

  it('signs out by POST from its own page only; a GET or another site ends nothing', async () => {
    const page = await browser.request(`${base}/auth/logout`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('method="post"');
    expect(await signedIn()).toBe(true);
    const elsewhere = await browser.request(`${base}/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(elsewhere.status).toBe(403);
    expect(await signedIn()).toBe(true);
    const own = await browser.request(`${base}/auth/logout`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(own.status).toBeLessThan(400);
    expect(await signedIn()).toBe(false);
  });
});
