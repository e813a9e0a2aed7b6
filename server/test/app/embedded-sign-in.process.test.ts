import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formAction, TestBrowser } from '../helpers/browser.js';
import { freePort, runByggdok, startByggdok, stopProcess, waitForHttp } from '../helpers/service-process.js';

describe('signing in on a fresh installation with nothing configured', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('creates a first administrator, who signs in through the embedded provider; the CLI adds local accounts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-signin-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { BYGGDOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BYGGDOK_PUBLIC_URL: base };
    const service = startByggdok({ args: ['serve'], env });
    cleanups.push(() => stopProcess(service));
    await waitForHttp(`${base}/readyz`, 60_000);

    const file = path.join(dataDir, 'first-admin.txt');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(service.output()).toContain(file);
    const text = await fs.readFile(file, 'utf8');
    const email = /^email=(.+)$/m.exec(text)?.[1] ?? '';
    const password = /^password=(.+)$/m.exec(text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(service.output()).not.toContain(password);

    async function signIn(who: { email: string; password: string }) {
      const browser = new TestBrowser();
      const page = await browser.go(`${base}/auth/login`, () => true);
      expect(page.status).toBe(200);
      const done = await browser.go(
        new URL(formAction(await page.text()), base).href,
        () => !browser.visited.some((url) => url.startsWith(`${base}/auth/callback`)),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
          body: new URLSearchParams(who).toString(),
        },
      );
      return { done, browser, cookie: browser.cookie(base, 'byggdok_session') };
    }

    // the generated password works once: the administrator chooses their own before going on
    const first = await signIn({ email, password });
    expect(first.done.status).toBe(200);
    const choose = await first.done.text();
    expect(choose).toContain('Choose your own password');
    const own = 'the administrator’s own password';
    const admin = {
      done: await first.browser.go(
        new URL(formAction(choose), base).href,
        () => !first.browser.visited.some((url) => url.startsWith(`${base}/auth/callback`)),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
          body: new URLSearchParams({
            token: /name="token" value="([^"]+)"/.exec(choose)?.[1] ?? '',
            email,
            password: own,
            passwordRepeat: own,
          }).toString(),
        },
      ),
      cookie: '' as string | undefined,
    };
    admin.cookie = first.browser.cookie(base, 'byggdok_session');
    expect(admin.done.status).toBe(302);
    expect(admin.done.headers.get('location')).toBe(`${base}/`);
    expect(admin.cookie).toBeTruthy();
    expect((await signIn({ email, password })).cookie).toBeUndefined();
    expect((await signIn({ email, password: own })).cookie).toBeTruthy();
    // the cookie is a known caller: the owners listing shows what its customers are linked to (none yet)
    const owners = await fetch(`${base}/v1/building_owners`, {
      headers: { cookie: `byggdok_session=${admin.cookie}` },
    });
    expect(owners.status).toBe(200);
    expect(await owners.json()).toMatchObject({ buildingOwners: [] });
    expect((await fetch(`${base}/v1/building_owners`)).status).toBe(401);

    // the operator adds a person with the CLI, then changes their password by e-mail
    const created = await runByggdok({
      args: [
        'admin',
        'user',
        'create',
        '--email',
        'kari@example.test',
        '--name',
        'Kari',
        '--password',
        'first password 1',
      ],
      env,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'kari@example.test' });
    const changed = await runByggdok({
      args: ['admin', 'user', 'set-password', '--email', 'KARI@example.test', '--password', 'second password 2'],
      env,
    });
    expect(changed.code, changed.stderr).toBe(0);
    expect((await signIn({ email: 'kari@example.test', password: 'first password 1' })).cookie).toBeUndefined();
    expect((await signIn({ email: 'kari@example.test', password: 'second password 2' })).cookie).toBeTruthy();
    const unknown = await runByggdok({
      args: ['admin', 'user', 'set-password', '--email', 'nobody@example.test', '--password', 'whatever password'],
      env,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody@example.test');

    // deactivated everywhere by the operator: the password no longer signs in
    const deactivated = await runByggdok({
      args: ['admin', 'user', 'deactivate', '--email', 'kari@example.test'],
      env,
    });
    expect(deactivated.code, deactivated.stderr).toBe(0);
    expect(JSON.parse(deactivated.stdout)).toMatchObject({ status: 'deactivated' });
    expect((await signIn({ email: 'kari@example.test', password: 'second password 2' })).cookie).toBeUndefined();
  }, 120_000);
});
