import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import {
  SHOTS,
  callAs,
  chooseLanguage,
  signedInSession,
  startWebWorld,
  type BrowserSession,
  type OwnerWorld,
} from '../helpers/web-world.js';

/**
 * The app's shared controls where people meet them, in both languages at 1280 and 390 px: the select with search
 * (NS 3451 on the document page, found by a word of its name), the date field in the person's language whatever the
 * browser speaks (a Norwegian in an en-US browser writes dd.mm.åååå), the toast that says a save went through, the
 * dialog that asks before archiving, and the maintenance plan's "nothing matches these filters". Screenshots in
 * test-output/web/components-*.png.
 */
describe('the shared controls, in both languages and two widths', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;
  let login: { email: string; password: string };
  let owner: { id: string; buildingId: string; documentId: string };
  let partnerCall: (method: string, url: string, body?: unknown) => Promise<Record<string, unknown> | null>;

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-components-', password: 'set', owner: {} });
    ({ base, login } = world);
    partnerCall = (method, url, body) => world.call(method, url, body, world.partnerKey);
    const documentId = await world.upload({
      filename: 'RIV/Ventilasjonsaggregat FDV.pdf',
      body: await makePdf(['Ventilasjonsaggregat\nDrift og vedlikehold.\nFilteret skal byttes hver sjette måned.']),
    });
    owner = { id: world.owner.id, buildingId: world.owner.buildingId, documentId };
    // a task of the owner's own, so the plan has something to filter
    await partnerCall('POST', `/v1/building_owners/${owner.id}/buildings/${owner.buildingId}/maintenance_tasks`, {
      component: 'Takrenner',
      action: 'clean',
      interval: { every: 6, unit: 'month' },
      performedBy: 'owner',
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  let session: Promise<BrowserSession> | undefined;

  /** signed in and switched to the app's language; the Norwegian in an en-US browser, the English in en-GB */
  async function signedIn(language: 'nb' | 'en', width: number) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: language === 'nb' ? 'en-US' : 'en-GB',
      // axe is put into the page as a script of its own
      bypassCSP: true,
      storageState: await (session ??= signedInSession(browser, base, login)),
    });
    const page = await context.newPage();
    await page.goto(`${base}/app/`);
    await page.locator('header .who').waitFor();
    await chooseLanguage(page, language);
    return { context, page };
  }

  const shot = (page: Page, name: string) => screenshot(page, path.join(SHOTS, `components-${name}.png`));
  const fits = async (page: Page, width: number) =>
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

  const WORDS = {
    nb: {
      part: 'NS 3451',
      search: 'kanalnett ventilasjon',
      date: 'Opprinnelig dato',
      invalid: '31.02.2026',
      valid: '7.3.2026',
      shown: '07.03.2026',
      placeholder: 'dd.mm.åååå',
      wrong: 'Skriv datoen som dd.mm.åååå, for eksempel 28.11.2026.',
      save: 'Lagre',
      saved: 'Lagret.',
      archive: 'Arkiver',
      archiveTitle: 'Arkiver Kontorbygg Sentrum',
      cancel: 'Avbryt',
      noMatch: /^Ingen oppgaver passer med disse filtrene \(\d+ i planen\)\.$/,
      find: 'Finn en komponent',
      clear: 'Nullstill filtre',
      start: 'Startdato',
      calendar: 'Opprinnelig dato: velg i kalender',
      march: /^mars 2026$/i,
      sunday: 'søndag 8. mars 2026',
      tabs: ['Profil', 'Innlogging og sikkerhet', 'API-nøkler', 'Assistenter', 'Aktivitet'],
      sessions: 'Hvor du er logget inn',
      newDelivery: 'Ny leveranse',
      category: 'NS 3451-bygningsdel',
      ventilation: 'ventilasjon kanalnett',
      type: 'Produktdatablad / teknisk datablad',
      create: 'Opprett leveranse',
      created: 'Leveransen er opprettet.',
    },
    en: {
      part: 'NS 3451',
      search: 'duct ventilation',
      date: 'Original date',
      invalid: '31/02/2026',
      valid: '7/3/2026',
      shown: '07/03/2026',
      placeholder: 'dd/mm/yyyy',
      wrong: 'Write the date as dd/mm/yyyy, for example 28/11/2026.',
      save: 'Save',
      saved: 'Saved.',
      archive: 'Archive',
      archiveTitle: 'Archive Kontorbygg Sentrum',
      cancel: 'Cancel',
      noMatch: /^No tasks match these filters \(\d+ in the plan\)\.$/,
      find: 'Find a component',
      clear: 'Clear filters',
      start: 'Start date',
      calendar: 'Original date: choose in a calendar',
      march: /^march 2026$/i,
      sunday: 'Sunday, 8 March 2026',
      tabs: ['Profile', 'Sign-in and security', 'API keys', 'Assistants', 'Activity'],
      sessions: 'Where you are signed in',
      newDelivery: 'New delivery',
      category: 'NS 3451 building part',
      ventilation: 'duct ventilation',
      type: 'Product data sheet / technical data sheet',
      create: 'Create delivery',
      created: 'Delivery created.',
    },
  } as const;

  for (const language of ['nb', 'en'] as const) {
    for (const width of [1280, 390]) {
      it(`works by keyboard and by tap in ${language} at ${width} px`, { timeout: 180_000 }, async () => {
        const words = WORDS[language];
        const { context, page } = await signedIn(language, width);
        const building = `/app/owners/${owner.id}/buildings/${owner.buildingId}`;

        // the select with search: a part found by words of its name, picked with the arrow keys and Enter
        await page.goto(`${base}${building}/documents/${owner.documentId}`);
        const part = page.getByRole('combobox', { name: words.part, exact: true });
        await part.click();
        await part.fill(words.search);
        const options = page.getByRole('listbox').getByRole('option');
        await expect.poll(() => options.count()).toBeGreaterThan(0);
        const names = await options.allTextContents();
        expect(names.every((name) => /^3\d{2,3} /.test(name))).toBe(true);
        await part.press('ArrowDown');
        await fits(page, width);
        await shot(page, `combobox-${language}-${width}`);
        await part.press('Enter');
        const chosen = names[Math.min(1, names.length - 1)]!;
        expect(await part.inputValue()).toBe(chosen);
        expect(await part.getAttribute('aria-expanded')).toBe('false');

        // the date in the person's format, whatever the browser's: refused with a reason, then taken
        const date = page.getByRole('textbox', { name: words.date, exact: true });
        expect(await date.getAttribute('placeholder')).toBe(words.placeholder);
        await date.fill(words.invalid);
        await date.press('Tab');
        await page.getByText(words.wrong).waitFor();
        expect(await date.getAttribute('aria-invalid')).toBe('true');
        await date.scrollIntoViewIfNeeded();
        await shot(page, `date-invalid-${language}-${width}`);
        await date.fill(words.valid);
        await date.press('Tab');
        expect(await date.inputValue()).toBe(words.shown);

        // the calendar beside it: opens on the written day, month and weekdays in the app's language, Monday first
        // where the language says so; arrows move, Escape closes and leaves the date as written, Enter picks
        const opener = page.getByRole('button', { name: words.calendar, exact: true });
        await opener.click();
        const month = page.getByRole('grid', { name: words.march });
        await month.waitFor();
        expect(await page.evaluate<string | null>('document.activeElement.getAttribute("data-day")')).toBe(
          '2026-03-07',
        );
        await page.keyboard.press('ArrowRight');
        expect(await page.evaluate<string | null>('document.activeElement.getAttribute("aria-label")')).toBe(
          words.sunday,
        );
        await fits(page, width);
        await shot(page, `calendar-${language}-${width}`);
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await month.waitFor({ state: 'detached' });
        expect(await opener.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
        expect(await date.inputValue()).toBe(words.shown);
        await opener.click();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Enter');
        await month.waitFor({ state: 'detached' });
        expect(await date.inputValue()).toBe(words.shown);

        // saved: said in a toast; the server got the code and an ISO date
        await page.getByRole('button', { name: words.save, exact: true }).click();
        const toast = page.locator('.toasts').getByText(words.saved);
        await toast.waitFor();
        await shot(page, `toast-${language}-${width}`);
        expect(await accessibilityViolations(page)).toEqual([]);
        await expect
          .poll(async () => {
            const saved = await partnerCall(
              'GET',
              `/v1/building_owners/${owner.id}/buildings/${owner.buildingId}/documents/${owner.documentId}`,
            );
            return [saved?.buildingCategory, String(saved?.originalCreatedAt).slice(0, 10)];
          })
          .toEqual([chosen.split(' ')[0], '2026-03-07']);

        // the dialog asks before archiving: named by its heading, Cancel first, Escape leaves all as it was
        await page.goto(`${base}/app/`);
        const card = page.locator('.card').filter({ hasText: 'Kontorbygg Sentrum' });
        // the card is whole once its progress has come (until then its place is kept, so nothing moves)
        await card.getByRole('progressbar').waitFor();
        const archive = card.getByRole('button', { name: words.archive });
        await archive.click();
        const dialog = page.getByRole('dialog', { name: words.archiveTitle });
        await dialog.waitFor();
        expect(await page.evaluate<string | null>('document.activeElement.textContent')).toBe(words.cancel);
        await fits(page, width);
        await shot(page, `dialog-${language}-${width}`);
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await archive.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
        await page.getByRole('link', { name: 'Kontorbygg Sentrum' }).waitFor();

        // the plan: its start date in the person's format; filters that leave nothing say so and offer to clear
        await page.goto(`${base}${building}/maintenance`);
        const start = page.getByRole('textbox', { name: words.start, exact: true });
        await start.waitFor();
        expect(await start.inputValue()).toMatch(language === 'nb' ? /^\d{2}\.\d{2}\.\d{4}$/ : /^\d{2}\/\d{2}\/\d{4}$/);
        await page.locator('table.maintenance-tasks').filter({ hasText: 'Takrenner' }).waitFor();
        const filters = page.getByRole('form', { name: language === 'nb' ? 'Filtrer planen' : 'Filter the plan' });
        await filters.getByLabel('Status').selectOption('confirmed');
        await filters.getByLabel(words.find).fill('heis');
        await page.getByText(words.noMatch).waitFor();
        expect(await page.locator('table.maintenance-tasks').count()).toBe(0);
        await fits(page, width);
        await shot(page, `maintenance-empty-${language}-${width}`);
        await page.locator('.empty-state').getByRole('button', { name: words.clear }).click();
        await page.locator('table.maintenance-tasks').filter({ hasText: 'Takrenner' }).waitFor();

        // the account in tabs: the chosen one in the address (a reload keeps it), arrows, Home and End move
        await page.goto(`${base}/app/account`);
        const tabs = page.getByRole('tab');
        await tabs.first().waitFor();
        expect(await tabs.allTextContents()).toEqual(words.tabs);
        await page.getByRole('tab', { name: words.tabs[1] }).click();
        await page.waitForURL(/\?tab=security$/);
        await page.reload();
        await page.getByRole('heading', { name: words.sessions }).waitFor();
        expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(words.tabs[1]);
        await fits(page, width);
        await shot(page, `account-tabs-${language}-${width}`);
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.getByRole('tab', { selected: true }).focus();
        await page.keyboard.press('ArrowRight');
        await page.waitForURL(/\?tab=keys$/);
        expect(await page.evaluate<string | null>('document.activeElement.textContent')).toBe(words.tabs[2]);
        await page.keyboard.press('End');
        await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(words.tabs.at(-1));
        await page.keyboard.press('Home');
        await page.waitForURL(/\/account$/);
        await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(words.tabs[0]);

        // the delivery form's NS 3451 part: the same select with search, found by words of its name
        const customerId = world.owner.customerId;
        const project = (await callAs(page, base)('POST', `/construction/customers/${customerId}/projects`, {
          name: `Skole Nord ${language} ${width}`,
          buildings: [{ name: 'Blokk A' }],
        })) as { id: string };
        await page.goto(`${base}/app/projects/${customerId}/${project.id}`);
        await page.getByRole('button', { name: words.newDelivery }).click();
        const form = page.getByRole('form', { name: words.newDelivery });
        const category = form.getByRole('combobox', { name: words.category, exact: true });
        await category.fill(words.ventilation);
        const found = page.getByRole('listbox').getByRole('option');
        await expect.poll(() => found.count()).toBeGreaterThan(0);
        expect((await found.allTextContents()).every((name) => /^3\d{2,3} /.test(name))).toBe(true);
        await fits(page, width);
        await shot(page, `delivery-category-${language}-${width}`);
        await category.press('Enter');
        expect(await category.inputValue()).toMatch(/^3\d{2,3} /);
        await form.getByLabel(words.type).check();
        await form.getByRole('button', { name: words.create }).click();
        await page.locator('.toasts').getByText(words.created).waitFor();
        await shot(page, `delivery-toast-${language}-${width}`);
        await context.close();
      });
    }
  }
});
