import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { freePort, startByggdok, stopProcess, waitForHttp } from '../helpers/service-process.js';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-output/web');
/** an A1 sheet in points: read as a drawing, its number and revision from name and title block */
const A1: [number, number] = [2384, 1684];

/**
 * Drawing revisions in a real Chromium against the real service: the building's table and search show the current
 * revision by default and every revision at a switch, a superseded drawing says so at the top with a link to the
 * current one, and each document page lists its revision chain with dates; in Norwegian and English, at desktop and
 * phone widths.
 */
describe('drawing revisions in a browser', () => {
  let running: { dataDir: string; base: string; stop(): Promise<void> };
  let browser: Browser;
  let base: string;
  let login: { email: string; password: string };
  let owner: { id: string; buildingId: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-revisions-web-'));
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
    const call = async (method: string, url: string, body: unknown, headers: Record<string, string>) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    const admin = { authorization: `Bearer ${adminToken}` };
    const partner = await call('POST', '/admin/partners', { name: 'Web test' }, admin);
    const key = (await call('POST', `/admin/partners/${partner.id}/keys`, {}, admin)).key as string;
    const partnerKey = { 'x-api-key': key };
    const created = await call('POST', '/v1/building_owners', { name: 'Bryggen Eiendom AS' }, partnerKey);
    const buildingId = await call(
      'PUT',
      `/v1/building_owners/${created.id}/buildings`,
      { name: 'Kontorbygg Sentrum' },
      partnerKey,
    );
    owner = { id: created.id, buildingId };
    await call('POST', '/admin/customers', { name: 'Bryggen Eiendom AS', buildingOwnerId: created.id }, admin);
    const documents = `/v1/building_owners/${owner.id}/buildings/${buildingId}/documents`;
    // rev D arrives before rev C: the chain follows the revisions, not the order of arrival
    const files: [string, string, string[]][] = [
      [
        'D',
        'ARK/A-10-103 Plan 3. etasje rev D.pdf',
        ['Plan 3. etasje', 'Tegningsnr: A-10-103', 'Rev: D', 'Dato: 12.03.2025'],
      ],
      [
        'C',
        'ARK/A-10-103 Plan 3. etasje rev C.pdf',
        ['Plan 3. etasje', 'Tegningsnr: A-10-103', 'Rev: C', 'Dato: 20.11.2024'],
      ],
      ['plan4', 'ARK/A-10-104 Plan 4. etasje rev A.pdf', ['Plan 4. etasje', 'Tegningsnr: A-10-104', 'Rev: A']],
    ];
    for (const [name, filename, lines] of files) {
      const registered = await call('PUT', documents, { filename }, partnerKey);
      const put = await fetch(registered.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: await makePdf([lines.join('\n')], { size: A1 }),
      });
      expect(put.status).toBe(200);
      ids[name] = registered.documentId as string;
    }
    const deadline = Date.now() + 120_000;
    for (;;) {
      const c = await call('GET', `${documents}/${ids.C}`, undefined, partnerKey);
      const status = await call(
        'GET',
        `/v1/building_owners/${owner.id}/buildings/${buildingId}/status`,
        undefined,
        partnerKey,
      );
      if (c.supersededBy === ids.D && status.processed_documents === status.total_documents) break;
      if (Date.now() > deadline) throw new Error(`rev C not superseded: ${JSON.stringify(c)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    browser = await launchChromium();
    await fs.mkdir(SHOTS, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  async function open(params: {
    locale: string;
    viewport: { width: number; height: number };
    language: 'nb' | 'en';
    at: string;
  }) {
    const context = await browser.newContext({ viewport: params.viewport, locale: params.locale, bypassCSP: true });
    const page = await context.newPage();
    const wanted = `${base}/app${params.at}`;
    await page.goto(wanted);
    // the chain of redirects to the sign-in page ends at the provider's interaction; a load it cuts short aborts
    await arriveAt(page, /\/oidc\/interaction\//);
    await page.waitForLoadState('networkidle');
    await page.fill('#email', login.email);
    await page.fill('#password', login.password);
    await page.click('button[type=submit]');
    // the generated password works once: the first sign-in chooses the administrator's own (issue 42)
    const chosen = page.locator('#passwordRepeat');
    const first = await Promise.race([chosen.waitFor().then(() => true), arriveAt(page, wanted).then(() => false)]);
    if (first) {
      login = { ...login, password: 'Revisjon-D-gjelder-2026' };
      await page.locator('#password').fill(login.password);
      await chosen.fill(login.password);
      await Promise.all([arriveAt(page, wanted), page.locator('button[type=submit]').click()]);
    }
    await page.locator('header .who').waitFor();
    await page
      .getByRole('banner')
      .getByLabel(/^(Språk|Language)/)
      .selectOption(params.language);
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe(params.language);
    return { context, page };
  }

  function arriveAt(page: Page, url: string | RegExp): Promise<void> {
    return page.waitForURL(url).catch((error: Error) => {
      if (/ERR_ABORTED|frame was detached/.test(error.message)) return page.waitForURL(url);
      throw error;
    });
  }

  const buildingAt = () => `/owners/${owner.id}/buildings/${owner.buildingId}`;
  const documentAt = (id: string) => `${buildingAt()}/documents/${id}`;

  it(
    'shows the current revision in the building table, every revision at the switch, in Norwegian',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await open({
        locale: 'nb-NO',
        viewport: { width: 1280, height: 900 },
        language: 'nb',
        at: buildingAt(),
      });
      const table = page.locator('table.documents tbody');
      await table.getByRole('link', { name: 'A-10-103 Plan 3. etasje rev D.pdf' }).waitFor();
      expect(await table.getByRole('link', { name: 'A-10-103 Plan 3. etasje rev C.pdf' }).count()).toBe(0);
      const latestOnly = page.getByLabel('Bare gjeldende revisjoner');
      expect(await latestOnly.isChecked()).toBe(true);
      await latestOnly.uncheck();
      const old = table.locator('tr').filter({ hasText: 'A-10-103 Plan 3. etasje rev C.pdf' });
      await old.waitFor();
      expect(await old.locator('.badge').textContent()).toBe('erstattet');
      await page.screenshot({ path: path.join(SHOTS, 'revisions-building-nb-1280.png'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // the superseded plan says so at the top and links to the current one; its chain lists both, newest first
      await old.getByRole('link', { name: 'A-10-103 Plan 3. etasje rev C.pdf' }).click();
      const notice = page.getByRole('note');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Dette dokumentet er erstattet av en nyere revisjon.');
      const chain = page.getByRole('list', { name: 'Revisjoner og versjoner' }).getByRole('listitem');
      await expect.poll(() => chain.count()).toBe(2);
      expect(await chain.first().textContent()).toMatch(/rev D\.pdf.*rev\. D · gjeldende.*Lastet opp/);
      expect(await chain.nth(1).getAttribute('aria-current')).toBe('page');
      await page.screenshot({ path: path.join(SHOTS, 'revisions-document-nb-1280.png'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await notice.getByRole('link', { name: 'Åpne gjeldende revisjon: A-10-103 Plan 3. etasje rev D.pdf' }).click();
      await page.waitForURL(new RegExp(`/documents/${ids.D}$`));
      await page.getByRole('heading', { name: 'A-10-103 Plan 3. etasje rev D.pdf', level: 1 }).waitFor();
      expect(await page.getByRole('note').count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${base}/app${documentAt(ids.C!)}`);
      await page.getByRole('note').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'revisions-document-nb-390.png'), fullPage: true });

      // a person uploads a corrected version of the 4th floor plan from its page: it supersedes it at once
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${base}/app${documentAt(ids.plan4!)}`);
      await page.getByRole('heading', { name: 'A-10-104 Plan 4. etasje rev A.pdf', level: 1 }).waitFor();
      await page.getByLabel('Last opp en ny versjon av filen').setInputFiles({
        name: 'A-10-104 Plan 4. etasje rev A korrigert.pdf',
        mimeType: 'application/pdf',
        buffer: await makePdf(['Plan 4. etasje\nTegningsnr: A-10-104\nRev: A'], { size: A1 }),
      });
      await page
        .getByText('Den nye versjonen er lastet opp og erstatter dette dokumentet.')
        .waitFor()
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\n${await page.locator('.upload-version').innerText()}`);
        });
      await page.getByRole('note').waitFor();
      const versions = page.getByRole('list', { name: 'Revisjoner og versjoner' }).getByRole('listitem');
      await expect.poll(() => versions.count()).toBe(2);
      expect(await versions.first().textContent()).toMatch(/korrigert\.pdf.*Lastet opp .* av Administrator/);
      await context.close();
    },
  );

  it(
    'searches current revisions by default and every revision at the switch, in English',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await open({
        locale: 'en-GB',
        viewport: { width: 390, height: 844 },
        language: 'en',
        at: `/search?owner=${owner.id}&building=${owner.buildingId}&q=A-10-103`,
      });
      const hits = page.locator('ol.hits > li');
      await hits.first().waitFor();
      await expect.poll(() => hits.allTextContents()).toEqual([expect.stringContaining('rev D.pdf')]);
      await page.getByLabel('Current revisions only').uncheck();
      await expect.poll(() => hits.count()).toBe(2);
      const old = hits.filter({ hasText: 'rev C.pdf' });
      expect(await old.locator('.badge').textContent()).toBe('superseded');
      await page.screenshot({ path: path.join(SHOTS, 'revisions-search-en-390.png'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto(`${base}/app${documentAt(ids.C!)}`);
      const notice = page.getByRole('note');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('This document has been superseded by a newer revision.');
      await page.screenshot({ path: path.join(SHOTS, 'revisions-document-en-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, 'revisions-document-en-1280.png'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
