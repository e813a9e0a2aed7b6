import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { chooseLanguage, type OwnerWorld, SHOTS, signInFirstAdmin, startWebWorld } from '../helpers/web-world.js';

/** an A1 sheet in points: read as a drawing, its number and revision from name and title block */
const A1: [number, number] = [2384, 1684];

/**
 * Drawing revisions in a real Chromium against the real service: the building's table and search show the current
 * revision by default and every revision at a switch, a superseded drawing says so at the top with a link to the
 * current one, and each document page lists its revision chain with dates; in Norwegian and English, at desktop and
 * phone widths.
 */
describe('drawing revisions in a browser', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;
  let owner: OwnerWorld['owner'];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-revisions-web-', password: 'generated', owner: {} });
    ({ base, owner } = world);
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
      ids[name] = await world.upload({ filename, body: await makePdf([lines.join('\n')], { size: A1 }) });
    }
    const documents = `/v1/building_owners/${owner.id}/buildings/${owner.buildingId}/documents`;
    await world.processed(async (status) => {
      const c = await world.call('GET', `${documents}/${ids.C}`, undefined, world.partnerKey);
      return c.supersededBy === ids.D && status.processed_documents === status.total_documents;
    });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  async function open(params: {
    locale: string;
    viewport: { width: number; height: number };
    language: 'nb' | 'en';
    at: string;
  }) {
    const context = await browser.newContext({ viewport: params.viewport, locale: params.locale, bypassCSP: true });
    const page = await context.newPage();
    // the generated password works once: the first sign-in chooses the administrator's own (issue 42)
    await signInFirstAdmin(page, {
      wanted: `${base}/app${params.at}`,
      login: world.login,
      newPassword: 'Revisjon-D-gjelder-2026',
    });
    await chooseLanguage(page, params.language);
    return { context, page };
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
      await screenshot(page, path.join(SHOTS, 'revisions-building-nb-1280.png'), { fullPage: true });
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
      // the page as a reader sees it: with the file's first page drawn, not still loading
      await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
      await screenshot(page, path.join(SHOTS, 'revisions-document-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await notice.getByRole('link', { name: 'Åpne gjeldende revisjon: A-10-103 Plan 3. etasje rev D.pdf' }).click();
      await page.waitForURL(new RegExp(`/documents/${ids.D}$`));
      await page.getByRole('heading', { name: 'A-10-103 Plan 3. etasje rev D.pdf', level: 1 }).waitFor();
      expect(await page.getByRole('note').count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${base}/app${documentAt(ids.C!)}`);
      await page.getByRole('note').waitFor();
      // the page as a reader sees it: with the file's first page drawn, not still loading
      await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
      await screenshot(page, path.join(SHOTS, 'revisions-document-nb-390.png'), { fullPage: true });

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
      // the search again, every revision this time: a loaded machine may take more than the poll's default second
      await expect.poll(() => hits.count(), { timeout: 30_000 }).toBe(2);
      const old = hits.filter({ hasText: 'rev C.pdf' });
      expect(await old.locator('.badge').textContent()).toBe('superseded');
      await screenshot(page, path.join(SHOTS, 'revisions-search-en-390.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto(`${base}/app${documentAt(ids.C!)}`);
      const notice = page.getByRole('note');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('This document has been superseded by a newer revision.');
      // the page as a reader sees it: with the file's first page drawn, not still loading
      await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
      await screenshot(page, path.join(SHOTS, 'revisions-document-en-390.png'), { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      // the page as a reader sees it: with the file's first page drawn, not still loading
      await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
      await screenshot(page, path.join(SHOTS, 'revisions-document-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
