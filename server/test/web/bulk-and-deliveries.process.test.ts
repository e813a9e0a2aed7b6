import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import {
  callAs,
  chooseLanguage,
  type OwnerWorld,
  SHOTS,
  signInFirstAdmin,
  startWebWorld,
} from '../helpers/web-world.js';
import { readZip } from '../helpers/zip-reader.js';

/**
 * Bulk work on a building and deliveries reviewed where they are approved, in a real Chromium against the real
 * service: documents chosen with a click and a shift-click, downloaded as one zip (its entries checked) and given one
 * category at once; a delivery card listing its files (size, state, open, download) and the decisions taken on it.
 * In Norwegian and English, at desktop and phone widths.
 */
describe('bulk work and delivery review in a browser', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;
  let owner: OwnerWorld['owner'];
  const files = [
    'ARK/Plan 1. etasje.pdf',
    'ARK/Plan 2. etasje.pdf',
    'RIV/FDV ventilasjonsaggregat.pdf',
    'RIV/Filterbytte.pdf',
    'RIE/Kursfortegnelse.pdf',
  ];

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-bulk-web-', password: 'generated', owner: {} });
    ({ base, owner } = world);
    for (const filename of files) {
      await world.upload({ filename, body: await makePdf([`${filename}\nDrift og vedlikehold.`]) });
    }
    await world.processed((status) => status.processed_documents === files.length);
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  async function open(params: { locale: string; width: number; language: 'nb' | 'en'; at: string }) {
    const context = await browser.newContext({
      viewport: { width: params.width, height: 900 },
      locale: params.locale,
      bypassCSP: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    // the generated password works once: the first sign-in chooses the administrator's own
    await signInFirstAdmin(page, {
      wanted: `${base}/app${params.at}`,
      login: world.login,
      newPassword: 'Mange-dokumenter-2026',
    });
    await chooseLanguage(page, params.language);
    return { context, page };
  }

  /** screenshots at both widths; the page never wider than the window */
  async function shots(page: Page, name: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(page, path.join(SHOTS, `${name}-${width}.png`), { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it(
    'chooses documents with a shift-click, downloads them as one zip and gives them one category',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await open({
        locale: 'nb-NO',
        width: 1280,
        language: 'nb',
        at: `/owners/${owner.id}/buildings/${owner.buildingId}`,
      });
      const rows = page.locator('table.documents tbody tr[aria-rowindex]');
      await expect.poll(() => rows.count()).toBe(files.length);
      const names = (await rows.locator('td:first-child a').allTextContents()).map((name) => name.trim());
      const box = (index: number) => rows.nth(index).locator('td input.choose');
      await box(0).click();
      await box(3).click({ modifiers: ['Shift'] });
      const bulk = page.getByRole('region', { name: 'Valgte dokumenter' });
      await bulk.getByText('4 dokumenter valgt').waitFor();
      for (const index of [0, 1, 2, 3]) expect(await box(index).isChecked()).toBe(true);
      expect(await box(4).isChecked()).toBe(false);
      // the header's box says some are chosen; a click chooses all shown, another clears them, the first two again
      const all = page.getByRole('checkbox', { name: `Velg alle ${files.length} som vises` });
      expect(await all.evaluate((input) => (input as { indeterminate?: boolean }).indeterminate)).toBe(true);
      await shots(page, 'bulk-building-nb');

      // one zip of the four, streamed by the browser's own download
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        bulk.getByRole('button', { name: 'Last ned som zip' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
      // said in a toast: the download has no place of its own on the page
      await page.locator('.toasts').getByText('Nedlastingen av 4 filer har startet.').waitFor();
      const saved = path.join(os.tmpdir(), `bulk-${Date.now()}.zip`);
      await download.saveAs(saved);
      const entries = await readZip(await fs.readFile(saved));
      await fs.rm(saved, { force: true });
      const expected = names.slice(0, 4).map((name) => files.find((file) => file.endsWith(`/${name}`))!);
      expect([...entries.keys()].sort()).toEqual([...expected, 'manifest.csv'].sort());
      for (const file of expected) expect(entries.get(file)!.subarray(0, 5).toString()).toBe('%PDF-');

      // one category for the four: 362, chosen by name
      await bulk.getByRole('button', { name: 'Endre kategori, fag eller typer' }).click();
      const edit = page.getByRole('form', { name: 'Endre kategori, fag eller typer' });
      await edit.getByRole('combobox', { name: 'NS 3451' }).fill('362');
      await edit.getByRole('combobox', { name: 'NS 3451' }).press('Enter');
      await shots(page, 'bulk-edit-nb');
      await edit.getByRole('button', { name: 'Endre 4 dokumenter' }).click();
      await edit.getByText('4 dokumenter endret.').waitFor();
      const listed = await world.call(
        'GET',
        `/v1/building_owners/${owner.id}/buildings/${owner.buildingId}/documents?limit=100`,
        undefined,
        world.partnerKey,
      );
      const byName = new Map(
        (listed.documents as { filename: string; buildingCategory: string | null }[]).map((d) => [d.filename, d]),
      );
      for (const name of names.slice(0, 4)) expect(byName.get(name)?.buildingCategory).toBe('362');
      expect(byName.get(names[4]!)?.buildingCategory).not.toBe('362');
      // the table follows
      await expect
        .poll(() => rows.filter({ hasText: /^362|Rørsystem|362 / }).count(), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await accessibilityViolations(page)).toEqual([]);

      // in English the same choice reads in English
      await chooseLanguage(page, 'en');
      await page.getByRole('region', { name: 'Chosen documents' }).getByText('4 documents chosen').waitFor();
      await shots(page, 'bulk-building-en');
      await context.close();
    },
  );

  it("reviews a delivery's files and the decisions taken on it on its card", { timeout: 240_000 }, async () => {
    const { context, page } = await open({ locale: 'en-GB', width: 1280, language: 'en', at: '/projects' });
    const call = callAs(page, base);
    const project = await call('POST', `/construction/customers/${owner.customerId}/projects`, {
      name: 'Skole Nord',
      buildings: [{ name: 'Hovedbygg' }],
    });
    const projectBase = `/construction/customers/${owner.customerId}/projects/${project.id}`;
    const subcontractor = await call('POST', `${projectBase}/subcontractors`, {
      companyName: 'Rør & Varme AS',
      email: 'kari@rorvarme.test',
    });
    await call('POST', `${projectBase}/subcontractors`, { companyName: 'Elektro AS', email: 'post@elektro.test' });
    const delivery = await call('POST', '/construction/deliveries/', {
      customerId: owner.customerId,
      projectId: project.id,
      buildingCategory: '315',
      fullCategory: '315',
      description: 'Sanitæranlegg',
      informationTypesExpected: ['FDV-dokumentasjon', 'Produktdatablad'],
    });
    await call('PUT', `/construction/deliveries/${delivery.id}`, { subContractorId: subcontractor.id });
    const { token } = await call('POST', `${projectBase}/subcontractors/${subcontractor.id}/tokens`, {});
    const uploads: [string, string][] = [
      ['FDV-dokumentasjon', 'FDV sanitær med et svært langt filnavn uten mellomrom_Blandebatteri-BX200-rev3.pdf'],
      ['Produktdatablad', 'Produktdatablad blandebatteri.pdf'],
    ];
    for (const [informationType, filename] of uploads) {
      const registered = await fetch(`${base}/construction/public/upload/${project.id}/${subcontractor.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          buildingId: project.buildings[0].id,
          filename,
          deliveryId: delivery.id,
          informationType,
        }),
      }).then((r) => r.json() as Promise<{ uploadUrl: string }>);
      const put = await fetch(registered.uploadUrl, {
        method: 'PUT',
        body: await makePdf([`${filename}\nSanitær.`]),
      });
      expect(put.status).toBe(200);
    }
    await page.goto(`${base}/app/projects/${owner.customerId}/${project.id}`);
    const card = page.locator('li.delivery').filter({ hasText: 'Sanitæranlegg' });
    const fileList = card.getByRole('region', { name: 'Files' });
    await expect.poll(() => fileList.locator('li').count(), { timeout: 30_000 }).toBe(2);
    const fdv = fileList.locator('li').filter({ hasText: 'FDV sanitær' });
    await expect.poll(() => fdv.textContent(), { timeout: 60_000 }).toMatch(/Ready/);
    expect(await fdv.textContent()).toMatch(/\d+(\.\d)?\s(B|kB)/);
    expect(await fdv.getByRole('link').getAttribute('href')).toMatch(/\/app\/projects\/.+\/drawings\/[0-9a-f-]{36}$/);
    expect(await fdv.getByRole('button', { name: /^Download FDV sanitær/ }).isEnabled()).toBe(true);
    // no decision yet: no empty heading
    expect(await card.getByRole('region', { name: 'Decisions' }).count()).toBe(0);

    // declined with a reason, then approved: both on the card, newest first, who and why
    await page.reload();
    await page.getByRole('button', { name: 'Decline Produktdatablad' }).click();
    await page.getByLabel('What is missing? (the subcontractor sees this)').fill('Gjelder feil modell.');
    await page.getByRole('button', { name: 'Send decline' }).click();
    await page.getByRole('button', { name: 'Approve FDV-dokumentasjon' }).click();
    const history = card.getByRole('region', { name: 'Decisions' }).locator('li');
    await expect.poll(() => history.count(), { timeout: 20_000 }).toBe(2);
    expect(await history.nth(0).textContent()).toMatch(/approved FDV-dokumentasjon/);
    expect(await history.nth(1).textContent()).toMatch(/declined Produktdatablad.*“Gjelder feil modell\.”/);
    expect(await history.nth(1).textContent()).toMatch(/\d{1,2} \w{3} \d{4}/);
    // the portal links' heading only once there is a link: the electrician has none yet, the plumber one
    await page.getByRole('button', { name: 'Send portal link to Elektro AS' }).click();
    await page.locator('.portal-link').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.portal-link h4').count()).toBe(0);
    await page.getByRole('button', { name: 'Send portal link to Rør & Varme AS' }).click();
    await page.locator('.portal-link .key-list li').first().waitFor();
    expect(await page.locator('.portal-link h4').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shots(page, 'delivery-card-en');
    expect(await page.locator('.toasts').textContent()).toMatch(/approved/);
    await chooseLanguage(page, 'nb');
    // the English toasts go with the language: none is left beside the Norwegian page
    expect(await page.locator('.toasts .toast').count()).toBe(0);
    await card
      .getByRole('region', { name: 'Beslutninger' })
      .getByText(/avviste Produktdatablad/)
      .waitFor();
    await card.getByRole('region', { name: 'Filer' }).getByText('Klar').first().waitFor();
    // each type's buttons end its row, one above the other, whatever the comment and names before them
    const actionsEnd = await card
      .locator('.checklist-actions')
      .evaluateAll((all) => all.map((actions) => Math.round(actions.getBoundingClientRect().right)));
    expect(actionsEnd).toHaveLength(2);
    expect(new Set(actionsEnd).size).toBe(1);
    // and each portal link's revoke button ends its line too
    const revokeEnd = await page
      .locator('.portal-link .token-list button')
      .evaluateAll((all) => all.map((button) => Math.round(button.getBoundingClientRect().right)));
    expect(revokeEnd.length).toBeGreaterThan(1);
    expect(new Set(revokeEnd).size).toBe(1);
    // a link no one has opened says so in words, not with a dash
    const links = await page.locator('.portal-link .token-list li').allTextContents();
    expect(links.some((link) => link.includes('ikke brukt ennå'))).toBe(true);
    expect(links.some((link) => link.includes('sist brukt –'))).toBe(false);
    await shots(page, 'delivery-card-nb');

    // the project's documents: a table at 1280 px, a card per document at 390 px; neither scrolls sideways in its box
    await page.goto(`${base}/app/projects/${owner.customerId}/${project.id}/documents`);
    const rows = page.locator('table.project-documents tbody tr[aria-rowindex]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const sideways = () => page.locator('.documents-scroll').evaluate((box) => box.scrollWidth - box.clientWidth);
    for (const language of ['nb', 'en'] as const) {
      await chooseLanguage(page, language);
      await shots(page, `project-documents-${language}`);
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await sideways()).toBeLessThanOrEqual(0);
      // the box choosing all is named on the bar over the cards; a card's own box chooses its document
      await page.locator('table.project-documents thead .phone-only').waitFor();
      await rows.first().getByRole('checkbox').check();
      expect(await page.locator('table.project-documents tbody input:checked').count()).toBe(1);
      await rows.first().getByRole('checkbox').uncheck();
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await context.close();
  });
});
