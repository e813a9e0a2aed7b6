import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { firstAdminLogin, freePort, newDataDir, startByggdok, stopProcess, waitForReady } from './service-process.js';

/** the screenshots of the browser tests, looked at by people (test-output/web) */
export const SHOTS = path.resolve(import.meta.dirname, '../../../test-output/web');

export interface WebWorldOptions {
  /** the name of the temporary data folder starts with it */
  prefix: string;
  /** more environment for `byggdok serve` */
  env?: Record<string, string>;
  /**
   * the first administrator's password: 'generated' as first-admin.txt has it (changed at the first sign-in, as a
   * person does), or 'set', a known one set through the admin API (no change page on the way)
   */
  password: 'generated' | 'set';
  /** a partner with a key, one building owner of it with one building, and a customer linked to the owner */
  owner?: { partner?: string; name?: string; building?: string };
  /** a customer of this name of its own, linked to no building owner */
  customer?: string;
}

export interface OwnerHandles {
  id: string;
  buildingId: string;
  /** the customer linked to the owner */
  customerId: string;
}

/** the service's API with a header set (an admin bearer, a partner key): the JSON answer, or an error with the body */
export type Call = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<any>;

export interface WebWorld {
  base: string;
  dataDir: string;
  /** the first administrator; `password` follows a change made at the first sign-in */
  login: { email: string; password: string };
  adminToken: string;
  /** the admin API's header */
  admin: { authorization: string };
  call: Call;
  /** the customer of `customer`, of its own */
  customerId?: string;
  stop(): Promise<void>;
}

export interface OwnerWorld extends WebWorld {
  /** the partner's key header */
  partnerKey: { 'x-api-key': string };
  owner: OwnerHandles;
  /** registers a file in the owner's building and uploads its bytes: the document's id */
  upload(file: { filename: string; body: Buffer | Uint8Array; contentType?: string }): Promise<string>;
  /** waits until the building's documents are all processed (or `done` says so), two minutes at most */
  processed(
    done?: (status: { processed_documents: number; total_documents: number }) => boolean | Promise<boolean>,
  ): Promise<void>;
}

/**
 * One browser test file's world: `byggdok serve` on embedded defaults in a fresh data folder on a free port (a shared
 * machine may take minutes to start it), its first administrator, and what the options ask for.
 */
export async function startWebWorld(options: WebWorldOptions & { owner: object }): Promise<OwnerWorld>;
export async function startWebWorld(options: WebWorldOptions): Promise<WebWorld>;
export async function startWebWorld(options: WebWorldOptions): Promise<WebWorld | OwnerWorld> {
  const dataDir = await newDataDir(options.prefix);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const service = startByggdok({
    args: ['serve'],
    env: {
      BYGGDOK_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BYGGDOK_PUBLIC_URL: base,
      ...options.env,
    },
  });
  const stop = async () => {
    await stopProcess(service);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(service, base, 170_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const login =
    options.password === 'set'
      ? await firstAdminLogin(base, dataDir)
      : await fs.readFile(path.join(dataDir, 'first-admin.txt'), 'utf8').then((first) => ({
          email: /^email=(.+)$/m.exec(first)?.[1] ?? '',
          password: /^password=(.+)$/m.exec(first)?.[1] ?? '',
        }));
  await fs.mkdir(SHOTS, { recursive: true });
  const adminToken = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
  const admin = { authorization: `Bearer ${adminToken}` };
  const call: Call = async (method, url, body, headers = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const world: WebWorld = { base, dataDir, login, adminToken, admin, call, stop };
  if (options.customer !== undefined && !options.owner) {
    const customer = await call('POST', '/admin/customers', { name: options.customer }, admin);
    return { ...world, customerId: customer.id as string };
  }
  if (!options.owner) return world;

  const name = options.owner.name ?? 'Bryggen Eiendom AS';
  const partner = await call('POST', '/admin/partners', { name: options.owner.partner ?? 'Web test' }, admin);
  const partnerKey = { 'x-api-key': (await call('POST', `/admin/partners/${partner.id}/keys`, {}, admin)).key };
  const created = await call('POST', '/v1/building_owners', { name }, partnerKey);
  const buildingId = await call(
    'PUT',
    `/v1/building_owners/${created.id}/buildings`,
    { name: options.owner.building ?? 'Kontorbygg Sentrum' },
    partnerKey,
  );
  const customer = await call('POST', '/admin/customers', { name, buildingOwnerId: created.id }, admin);
  const owner = { id: created.id as string, buildingId: buildingId as string, customerId: customer.id as string };
  const building = `/v1/building_owners/${owner.id}/buildings/${owner.buildingId}`;
  return {
    ...world,
    partnerKey,
    owner,
    async upload(file) {
      const registered = await call('PUT', `${building}/documents`, { filename: file.filename }, partnerKey);
      const put = await fetch(registered.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': file.contentType ?? 'application/pdf' },
        body: file.body,
      });
      expect(put.status).toBe(200);
      return registered.documentId as string;
    },
    async processed(done = (status) => status.processed_documents === status.total_documents) {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const status = await call('GET', `${building}/status`, undefined, partnerKey);
        if (await done(status)) return;
        if (Date.now() > deadline) throw new Error(`not processed: ${JSON.stringify(status)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
}

/**
 * Waits for a page at the end of a chain of redirects (app, provider, callback, app): a load in the chain that the
 * next redirect cuts short reports net::ERR_ABORTED, which says nothing about where the chain ends: wait again.
 */
export function arriveAt(page: Page, url: string | RegExp): Promise<void> {
  return page.waitForURL(url).catch((error: Error) => {
    if (/ERR_ABORTED|frame was detached/.test(error.message)) return page.waitForURL(url);
    throw error;
  });
}

/**
 * Opens `wanted` signed out and signs the first administrator in on the way, back to `wanted`; the generated password
 * works once, so the first sign-in chooses `newPassword`, which `login` keeps for the next ones.
 */
export async function signInFirstAdmin(
  page: Page,
  params: { wanted: string; login: WebWorld['login']; newPassword: string },
) {
  await page.goto(params.wanted);
  // the chain of redirects to the sign-in page ends at the provider's interaction; a load it cuts short aborts
  await arriveAt(page, /\/oidc\/interaction\//);
  await page.waitForLoadState('networkidle');
  await page.fill('#email', params.login.email);
  await page.fill('#password', params.login.password);
  await page.click('button[type=submit]');
  const chosen = page.locator('#passwordRepeat');
  const first = await Promise.race([
    chosen.waitFor().then(() => true),
    arriveAt(page, params.wanted).then(() => false),
  ]);
  if (first) {
    params.login.password = params.newPassword;
    await page.locator('#password').fill(params.newPassword);
    await chosen.fill(params.newPassword);
    await Promise.all([arriveAt(page, params.wanted), page.locator('button[type=submit]').click()]);
  }
  await page.locator('header .who').waitFor();
}

/** what a browser context keeps of a session: its cookies and each origin's storage */
export type BrowserSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The session of one sign-in through the browser (the app, the sign-in page, the password, the redirects back), for a
 * file's tests to start their browser contexts from: it took 3.3-4.6 s of each 12-15 s test that signed in anew, and
 * signing in is what sign-in.process.test.ts tests.
 */
export async function signedInSession(
  browser: Browser,
  base: string,
  login: { email: string; password: string },
): Promise<BrowserSession> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/app/`);
    await page.waitForURL(/\/(oidc|auth)\//);
    await page.fill('#email', login.email);
    await page.fill('#password', login.password);
    await Promise.all([page.waitForURL(/\/app\//), page.click('button[type=submit]')]);
    await page.locator('header .who').waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** the app in this language, chosen in the header (and so remembered for the person) */
export async function chooseLanguage(page: Page, language: 'nb' | 'en') {
  await page
    .getByRole('banner')
    .getByLabel(/^(Språk|Language)/)
    .selectOption(language);
  await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe(language);
}

/** the service's API with the page's session (a same-origin request, as the app makes it) */
export function callAs(page: Page, base: string) {
  return async (method: string, url: string, data?: unknown) => {
    const response = await page.request.fetch(`${base}${url}`, {
      method,
      headers: { origin: base },
      ...(data ? { data } : {}),
    });
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    return response.status() === 204 ? null : response.json();
  };
}
