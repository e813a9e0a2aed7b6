import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { freePort, startByggdok, stopProcess, waitForHttp } from '../helpers/service-process.js';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-output/web');

/**
 * A subcontractor on a phone, from the portal link, replaces a file it delivered with a corrected one: the portal
 * offers "upload a new version" on each of its current files, the earlier file stays in the list marked as replaced
 * by the new one (which answers the same information type), and the contractor's API shows the chain; in Norwegian
 * and English at 390 px.
 */
describe('a new version of a delivered file, through the portal on a phone', () => {
  let running: { dataDir: string; base: string; stop(): Promise<void> };
  let browser: Browser;
  let base: string;
  let login: { email: string; password: string };
  let portal: { projectId: string; subcontractorId: string; token: string };
  let original: string;

  function arriveAt(page: Page, url: string | RegExp): Promise<void> {
    return page.waitForURL(url).catch((error: Error) => {
      if (/ERR_ABORTED|frame was detached/.test(error.message)) return page.waitForURL(url);
      throw error;
    });
  }

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-portal-revisions-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const service = startByggdok({
      args: ['serve'],
      env: { BYGGDOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BYGGDOK_PUBLIC_URL: base },
    });
    running = {
      dataDir,
      base,
      async stop() {
        await stopProcess(service);
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
    await waitForHttp(`${base}/readyz`, 170_000);
    const first = await fs.readFile(path.join(dataDir, 'first-admin.txt'), 'utf8');
    login = {
      email: /^email=(.+)$/m.exec(first)?.[1] ?? '',
      password: /^password=(.+)$/m.exec(first)?.[1] ?? '',
    };
    const adminToken = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
    const customer = await fetch(`${base}/admin/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Totalentreprenør AS' }),
    }).then((r) => r.json() as Promise<{ id: string }>);

    // the contractor signs in once (the platform administrator acts as ADMIN of the customer) and sets up the project
    browser = await launchChromium();
    await fs.mkdir(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const wanted = `${base}/app/projects`;
    await page.goto(wanted);
    await arriveAt(page, /\/oidc\/interaction\//);
    await page.waitForLoadState('networkidle');
    await page.fill('#email', login.email);
    await page.fill('#password', login.password);
    await page.click('button[type=submit]');
    const chosen = page.locator('#passwordRepeat');
    const firstSignIn = await Promise.race([
      chosen.waitFor().then(() => true),
      arriveAt(page, wanted).then(() => false),
    ]);
    if (firstSignIn) {
      login = { ...login, password: 'Ny-versjon-av-FDV-2026' };
      await page.locator('#password').fill(login.password);
      await chosen.fill(login.password);
      await Promise.all([arriveAt(page, wanted), page.locator('button[type=submit]').click()]);
    }
    await page.locator('header .who').waitFor();
    const call = async (method: string, url: string, data?: unknown) => {
      const response = await page.request.fetch(`${base}${url}`, {
        method,
        headers: { origin: base },
        ...(data ? { data } : {}),
      });
      if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
      return response.status() === 204 ? null : response.json();
    };
    const project = await call('POST', `/construction/customers/${customer.id}/projects`, {
      name: 'Skole Nord',
      buildings: [{ name: 'Hovedbygg' }],
    });
    const subcontractor = await call(
      'POST',
      `/construction/customers/${customer.id}/projects/${project.id}/subcontractors`,
      { companyName: 'Kulde & Varme AS', contactName: 'Kari Kulde', email: 'kari@kulde.test' },
    );
    const delivery = await call('POST', '/construction/deliveries/', {
      customerId: customer.id,
      projectId: project.id,
      buildingCategory: '360',
      fullCategory: '360',
      description: 'Varmepumpe',
      informationTypesExpected: ['FDV-dokumentasjon'],
    });
    await call('PUT', `/construction/deliveries/${delivery.id}`, { subContractorId: subcontractor.id });
    const { token } = await call(
      'POST',
      `/construction/customers/${customer.id}/projects/${project.id}/subcontractors/${subcontractor.id}/tokens`,
      {},
    );
    portal = { projectId: project.id, subcontractorId: subcontractor.id, token };
    await context.close();

    // the subcontractor's first edition, delivered earlier
    const registered = await fetch(`${base}/construction/public/upload/${project.id}/${subcontractor.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        buildingId: project.buildings[0].id,
        filename: 'FDV varmepumpe VP01.pdf',
        deliveryId: delivery.id,
        informationType: 'FDV-dokumentasjon',
      }),
    }).then((r) => r.json() as Promise<{ documentId: string; uploadUrl: string }>);
    const put = await fetch(registered.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: await makePdf(['FDV varmepumpe VP01. Kuldemediet er R410A.']),
    });
    expect(put.status).toBe(200);
    original = registered.documentId;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const openPortal = async (language: 'nb' | 'en') => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: language === 'nb' ? 'en-GB' : 'nb-NO',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(
      `${base}/app/portal/${portal.projectId}/${portal.subcontractorId}#token=${portal.token}&lang=${language}`,
    );
    await page.getByRole('heading', { name: 'Skole Nord', level: 1 }).waitFor();
    return { context, page };
  };
  const ownDocuments = async () =>
    (
      (await fetch(`${base}/construction/public/documents/${portal.projectId}/${portal.subcontractorId}`, {
        headers: { authorization: `Bearer ${portal.token}` },
      }).then((r) => r.json())) as {
        documents: {
          id: string;
          filename: string;
          supersededBy: string | null;
          deliveryInformationType: string | null;
        }[];
      }
    ).documents;

  it('uploads a corrected file as a new version of the one delivered, in Norwegian', { timeout: 120_000 }, async () => {
    const { context, page } = await openPortal('nb');
    const item = page.locator('.checklist > li').filter({ hasText: 'FDV-dokumentasjon' });
    await item.getByText('FDV varmepumpe VP01.pdf').waitFor();
    const corrected = path.join(running.dataDir, 'FDV varmepumpe VP01 korrigert.pdf');
    await fs.writeFile(corrected, await makePdf(['FDV varmepumpe VP01, korrigert utgave. Kuldemediet er R32.']));
    await item.getByText('Last opp ny versjon', { exact: true }).waitFor();
    await page.getByLabel('Last opp ny versjon av FDV varmepumpe VP01.pdf').setInputFiles(corrected);
    // the earlier file stays, marked as replaced by the new one; only the new one can be replaced now
    await item.getByText('Erstattet av FDV varmepumpe VP01 korrigert.pdf').waitFor({ timeout: 30_000 });
    await item.getByText('2 dokumenter').waitFor();
    expect(await page.getByLabel('Last opp ny versjon av FDV varmepumpe VP01.pdf').count()).toBe(0);
    expect(await page.getByLabel('Last opp ny versjon av FDV varmepumpe VP01 korrigert.pdf').count()).toBe(1);

    const documents = await ownDocuments();
    const newer = documents.find((d) => d.filename === 'FDV varmepumpe VP01 korrigert.pdf');
    expect(documents.find((d) => d.id === original)?.supersededBy).toBe(newer?.id);
    expect(newer).toMatchObject({ supersededBy: null, deliveryInformationType: 'FDV-dokumentasjon' });

    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'portal-replace-nb-390.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the replaced file and the new version in English', { timeout: 120_000 }, async () => {
    const { context, page } = await openPortal('en');
    const item = page.locator('.checklist > li').filter({ hasText: 'FDV-dokumentasjon' });
    await item.getByText('Replaced by FDV varmepumpe VP01 korrigert.pdf').waitFor();
    await item.getByText('Upload a new version', { exact: true }).waitFor();
    expect(await page.getByLabel('Upload a new version of FDV varmepumpe VP01 korrigert.pdf').count()).toBe(1);
    expect(await page.getByLabel('Upload a new version of FDV varmepumpe VP01.pdf').count()).toBe(0);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'portal-replace-en-390.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
