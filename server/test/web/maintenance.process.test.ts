import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { chooseLanguage, type OwnerWorld, SHOTS, startWebWorld } from '../helpers/web-world.js';

/**
 * The maintenance plan in a real Chromium against the real service: the tasks an FDV manual states, grouped by NS 3451
 * part and component, each citation opening the document at the cited page; confirmed, edited, added and deleted by a
 * person with WRITE_ACCESS; exported; in Norwegian and English, at desktop and phone widths.
 */
describe('the maintenance plan in a browser', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;
  let owner: OwnerWorld['owner'];

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-maintenance-web-', password: 'set', owner: {} });
    ({ base, owner } = world);
    await world.upload({
      filename: 'RIV/FDV ventilasjonsaggregat.pdf',
      body: await makePdf([
        'FDV ventilasjonsaggregat =360.001-LB01\nDrift og vedlikehold\nFilteret i ventilasjonsaggregatet skal byttes hver 6. måned.\nVifter og motorer kontrolleres halvårlig, og reimer byttes årlig av servicefirma.',
        'Sanitæranlegg\nSluk i bad og vaskerom rengjøres minst hver 3. måned.',
      ]),
    });
    // processing, then the maintenance stage: wait until the plan has the manual's tasks
    const deadline = Date.now() + 90_000;
    for (;;) {
      const plan = await fetch(
        `${base}/v1/building_owners/${owner.id}/buildings/${owner.buildingId}/maintenance_tasks`,
        {
          headers: world.partnerKey,
        },
      ).then((r) => r.json() as Promise<{ tasks: unknown[] }>);
      if (plan.tasks.length >= 4) break;
      if (Date.now() > deadline) throw new Error(`the plan has ${plan.tasks.length} tasks`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  async function open(locale: string, viewport: { width: number; height: number }, language: 'nb' | 'en') {
    const context = await browser.newContext({ viewport, locale, bypassCSP: true });
    const page = await context.newPage();
    const wanted = `${base}/app/owners/${owner.id}/buildings/${owner.buildingId}/maintenance`;
    await page.goto(wanted);
    await page.waitForURL(/\/(oidc|auth)\//).catch(() => undefined);
    await page.fill('#email', world.login.email);
    await page.fill('#password', world.login.password);
    await Promise.all([page.waitForURL(wanted), page.click('button[type=submit]')]);
    await page.locator('header .who').waitFor();
    await chooseLanguage(page, language);
    return { context, page };
  }

  const rows = (page: Page) => page.locator('table.maintenance-tasks tbody tr');

  /**
   * filters that still match offer "clear filters" in the filter row; filters nothing matches offer it once, in the
   * message saying so (a screen reader meets one, not two)
   */
  async function clearedOnce(
    page: Page,
    words: { filter: string; status: string; find: string; clear: string; none: string },
  ) {
    const clear = page.getByRole('button', { name: words.clear });
    await page.getByRole('form', { name: words.filter }).getByLabel(words.status).selectOption('proposed');
    await expect.poll(() => clear.count()).toBe(1);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await page.getByLabel(words.find).fill('ingen slik komponent');
    await page.getByText(words.none).waitFor();
    expect(await rows(page).count()).toBe(0);
    expect(await clear.count()).toBe(1);
    expect(await page.locator('.empty-state').getByRole('button', { name: words.clear }).count()).toBe(1);
  }

  it(
    'shows the plan grouped by NS 3451 part and component, confirms, edits, adds and deletes, in Norwegian',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await open('nb-NO', { width: 1280, height: 900 }, 'nb');
      await page.getByRole('heading', { name: 'Vedlikeholdsplan: Kontorbygg Sentrum', level: 1 }).waitFor();
      await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(4);
      await page.getByRole('heading', { name: /^36 / }).waitFor();
      const filter = page.locator('table.maintenance-tasks').filter({ hasText: 'Filteret i ventilasjonsaggregatet' });
      expect(await filter.locator('tbody td').first().textContent()).toBe('Bytte');
      expect(await filter.locator('tbody td').nth(1).textContent()).toBe('hver 6. måned');
      expect(await filter.locator('.status').textContent()).toBe('Forslag');
      // the next due date follows the start date the person sets
      await page.getByRole('textbox', { name: 'Startdato' }).fill('2020-01-15');
      await expect.poll(() => filter.locator('tbody td').nth(3).textContent()).toMatch(/15\. (jan|jul)/);
      await screenshot(page, path.join(SHOTS, 'maintenance-nb-1280.png'), { fullPage: true });
      // a table per component, their columns one under the other
      const statusLefts = await page
        .locator('table.maintenance-tasks th.col-status')
        .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
      expect(statusLefts.length).toBe(4);
      expect(new Set(statusLefts).size).toBe(1);
      expect(await accessibilityViolations(page)).toEqual([]);
      // and on a phone, no wider than the screen
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      await screenshot(page, path.join(SHOTS, 'maintenance-nb-390.png'), { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await clearedOnce(page, {
        filter: 'Filtrer planen',
        status: 'Status',
        find: 'Finn en komponent',
        clear: 'Nullstill filtre',
        none: 'Ingen oppgaver passer',
      });
      await screenshot(page, path.join(SHOTS, 'maintenance-nomatch-nb-1280.png'), { fullPage: true });
      await page.getByRole('button', { name: 'Nullstill filtre' }).click();
      await expect.poll(() => rows(page).count()).toBe(4);

      await filter.getByRole('button', { name: 'Bekreft Filteret i ventilasjonsaggregatet' }).click();
      await expect.poll(() => filter.locator('.status').textContent()).toBe('Bekreftet');
      // an edit: every 3 months, by the operator
      await filter.getByRole('button', { name: 'Rediger Filteret i ventilasjonsaggregatet' }).click();
      await filter.getByLabel('Hver', { exact: true }).fill('3');
      await filter.getByLabel('Utføres av').selectOption('operator');
      await filter.getByRole('button', { name: 'Lagre' }).click();
      await expect.poll(() => filter.locator('tbody td').nth(1).textContent()).toBe('hver 3. måned');
      expect(await filter.locator('tbody td').nth(2).textContent()).toBe('Driftspersonell');
      // a person's own task
      await page.getByRole('button', { name: 'Legg til oppgave' }).click();
      const form = page.locator('form.maintenance-form');
      await form.getByLabel('Komponent', { exact: true }).fill('Takrenner');
      await form.getByLabel('Tiltak').selectOption('clean');
      await form.getByLabel('Hver', { exact: true }).fill('6');
      await form.getByRole('button', { name: 'Legg til oppgave' }).click();
      const own = page.locator('table.maintenance-tasks').filter({ hasText: 'Takrenner' });
      await own.waitFor();
      expect(await own.locator('.maintenance-source').textContent()).toBe('Lagt til av en person');
      await own.getByRole('button', { name: 'Slett Takrenner' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click();
      await expect.poll(() => own.count()).toBe(0);

      // the citation opens the document at the cited page with the passage
      const sluk = page.locator('table.maintenance-tasks').filter({ hasText: 'Sluk i bad og vaskerom' });
      expect(await sluk.locator('a.citation').textContent()).toBe(
        '«Sluk i bad og vaskerom rengjøres minst hver 3. måned.» (side 2)',
      );
      await sluk.locator('a.citation').click();
      await page.waitForURL(/\/documents\/[^?]+\?quote=.*page=2/);
      expect(new URL(page.url()).searchParams.get('quote')).toBe(
        'Sluk i bad og vaskerom rengjøres minst hver 3. måned.',
      );
      await context.close();
    },
  );

  it('works in English at phone width, and exports CSV and iCalendar', { timeout: 180_000 }, async () => {
    const { context, page } = await open('en-GB', { width: 390, height: 844 }, 'en');
    await page.getByRole('heading', { name: 'Maintenance plan: Kontorbygg Sentrum', level: 1 }).waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(4);
    expect(await page.locator('.status').allTextContents()).toEqual(expect.arrayContaining(['Confirmed', 'Proposed']));
    await screenshot(page, path.join(SHOTS, 'maintenance-en-390.png'), { fullPage: true });
    // the Norwegian passage quoted the English way on an English page («» are Norwegian quotation marks)
    expect(await page.locator('a.citation').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^“Sluk i bad og vaskerom rengjøres minst hver 3\. måned\.” \(page 2\)$/),
      ]),
    );
    // FDV is the Norwegian name of what English calls O&M documentation
    expect(await page.getByText(/^Every task the /).textContent()).toMatch(/^Every task the O&M documentation states/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, path.join(SHOTS, 'maintenance-en-1280.png'), { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // on a phone each task is a card: nothing scrolls sideways, and the source and the buttons are on the screen
    const sideways = await page
      .locator('.maintenance .table-scroll')
      .evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
    expect(sideways.filter((overflow) => overflow > 0)).toEqual([]);
    for (const control of [page.locator('a.citation').first(), page.getByRole('button', { name: /^Edit / }).first()]) {
      const box = await control.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await clearedOnce(page, {
      filter: 'Filter the plan',
      status: 'Status',
      find: 'Find a component',
      clear: 'Clear filters',
      none: 'No tasks match',
    });
    await screenshot(page, path.join(SHOTS, 'maintenance-nomatch-en-390.png'), { fullPage: true });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    const csv = await page.request.get(
      `${base}${await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')}`,
    );
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toMatch(
      /^id,component,componentCode,buildingCategory,action,every,unit/,
    );
    const ics = await page.request.get(
      `${base}${await page.getByRole('link', { name: 'Export calendar (iCalendar)' }).getAttribute('href')}`,
    );
    expect(await ics.text()).toContain('RRULE:FREQ=MONTHLY;INTERVAL=3');
    // the owner's plan across its buildings
    await page.getByRole('link', { name: "The owner's plan across all buildings" }).click();
    await page.getByRole('heading', { name: 'Maintenance plan', level: 1 }).waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(4);
    await expect
      .poll(() => page.locator('table.maintenance-tasks').first().textContent())
      .toContain('Kontorbygg Sentrum');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, path.join(SHOTS, 'maintenance-owner-en-1280.png'), { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
