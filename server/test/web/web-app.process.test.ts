import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { dxfDrawing, makePdf, makeXlsx } from '../helpers/document-fixtures.js';
import { buildDocx, wordParagraph } from '../helpers/office-fixtures.js';
import {
  arriveAt,
  callAs as sessionCall,
  chooseLanguage,
  type OwnerWorld,
  SHOTS,
  startWebWorld,
} from '../helpers/web-world.js';
import { readZip } from '../helpers/zip-reader.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/**
 * The web app in a real Chromium against the real service on embedded defaults: a signed-out visitor lands on the
 * sign-in page and comes back to the page asked for; the portfolio shows the owner's buildings with their document
 * counts; a building's documents are a table that sorts and filters; in Norwegian and English; no serious or critical
 * accessibility violation; at desktop and phone widths (screenshots in test-output/web).
 */
/** what the upload of the folder comes to: a PDF, a Word file, a spreadsheet, a drawing, a scan, and a broken PDF */
const UPLOAD_SUMMARY = '6 av 6 ferdig: 5 lest og klassifisert, 1 skadet';

describe('the web app in a browser', () => {
  let running: OwnerWorld;
  let browser: Browser;
  let dataDir: string;
  let base: string;
  let login: OwnerWorld['login'];
  let owner: OwnerWorld['owner'];

  beforeAll(async () => {
    // the operator: a partner with an owner and a building of documents, the owner linked to a customer
    running = await startWebWorld({ prefix: 'byggdok-web-', password: 'set', owner: {} });
    ({ dataDir, base, login, owner } = running);
    for (const filename of ['ARK/Plan 1. etasje.pdf', 'RIV/FDV ventilasjonsaggregat.pdf', 'RIE/Kursfortegnelse.pdf']) {
      await running.upload({
        filename,
        body: await makePdf([
          `${filename}\nDrift og vedlikehold.${filename.includes('ventilasjon') ? '\nFilteret i ventilasjonsaggregatet skal byttes hver sjette måned.' : ''}`,
        ]),
      });
    }
    browser = await launchChromium();
  }, 120_000);

  /** a fresh browser (no cookies, nothing stored) in this locale; bypassCSP: axe-core is injected as an inline script,
   * which the app's policy (rightly) refuses */
  async function openPage(locale: string, viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, locale, bypassCSP: true });
    return { context, page: await context.newPage() };
  }

  /** through the sign-in page (a signed-out visitor lands there) and back to the page wanted */
  async function signIn(page: Page, wanted: string | RegExp, as = login) {
    await arriveAt(page, /\/(oidc|auth)\//);
    await page.fill('#email', as.email);
    await page.fill('#password', as.password);
    await Promise.all([arriveAt(page, wanted), page.click('button[type=submit]')]);
    // who is signed in shows once the app knows them, and with it the language they chose last time
    await page.locator('header .who').waitFor();
  }

  /** a desktop page in English, signed in and on the page wanted */
  async function openInEnglish(pathname: string, wanted: RegExp) {
    const opened = await openPage('en-GB', { width: 1280, height: 900 });
    await opened.page.goto(`${base}${pathname}`);
    await signIn(opened.page, wanted);
    await chooseLanguage(opened.page, 'en');
    return opened;
  }

  /** the service's API with the page's session (a same-origin request, as the app makes it) */
  const callAs = (page: Page) => sessionCall(page, base);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it(
    'signs a visitor in and back to the building they asked for, and shows its documents in a table',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage('nb-NO', { width: 1280, height: 800 });
      const wanted = `${base}/app/owners/${owner.id}/buildings/${owner.buildingId}`;
      await page.goto(wanted);
      // signed out: the sign-in page, then back here
      await signIn(page, wanted);
      await chooseLanguage(page, 'nb');

      await page.getByRole('heading', { name: 'Kontorbygg Sentrum', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Dokumenter' }).waitFor();
      // the table draws only the rows in view: those carry their index, the spacers around them do not
      const rows = page.locator('table.documents tbody tr[aria-rowindex]');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
      await page.locator('.progress').waitFor();

      // a whole folder of real files picked: each keeps its folder, is uploaded and processed, the corrupt one says so
      const folder = path.join(dataDir, 'upload', 'Overlevering');
      await fs.mkdir(path.join(folder, 'Brann'), { recursive: true });
      await fs.writeFile(
        path.join(folder, 'Brann', 'Brannalarm sentral.pdf'),
        await makePdf(['Brannalarmsentral, drift.']),
      );
      await fs.writeFile(path.join(folder, 'Brann', 'Ødelagt.pdf'), Buffer.from('%PDF-1.4 this file ends here'));
      await fs.writeFile(
        path.join(folder, 'Sprinkler FDV.docx'),
        buildDocx({
          bodyXml:
            wordParagraph('FDV sprinkleranlegg', { style: 'Title' }) + wordParagraph('Sprinkleranlegg, vedlikehold.'),
        }),
      );
      await fs.writeFile(
        path.join(folder, 'Utstyrsliste.xlsx'),
        await makeXlsx([
          ['Komponent', 'Fabrikat', 'Plassering'],
          ['Ventilasjonsaggregat', 'Systemair', 'Teknisk rom'],
        ]),
      );
      await fs.copyFile(path.join(FIXTURES, 'drawings', 'ezdxf-dim-linear.dwg'), path.join(folder, 'Plan.dwg'));
      await fs.copyFile(path.join(FIXTURES, 'ocr-norwegian.png'), path.join(folder, 'Skannet samsvarserklæring.png'));
      await page.locator('input[webkitdirectory]').setInputFiles(folder);
      const summary = page.getByRole('status').filter({ hasText: /av 6 ferdig/ });
      await expect.poll(() => summary.textContent(), { timeout: 120_000 }).toMatch(/^6 av 6 ferdig/);
      await screenshot(page, path.join(SHOTS, 'upload-nb-1280.png'), { fullPage: true });
      expect(await summary.textContent()).toBe(UPLOAD_SUMMARY);
      // the bars line up down the list whatever each name's length, and the corrupt file's state stands out
      const bars = await page
        .locator('.queue progress')
        .evaluateAll((all) => all.map((bar) => bar.getBoundingClientRect().x));
      expect(bars).toHaveLength(6);
      expect(new Set(bars).size).toBe(1);
      const corrupt = page.locator('.queue li').filter({ hasText: 'Ødelagt.pdf' });
      expect(await corrupt.locator('.bad').textContent()).toMatch(/^Skadet/);
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(9);
      // the folder in its own column, the file name in the first (not repeated in the folder)
      const broken = rows.filter({ hasText: 'Ødelagt.pdf' });
      expect(await broken.locator('td').nth(1).textContent()).toBe('Overlevering/Brann');
      // the processing state of each document, and a filter by it
      await page
        .locator('form.filters')
        .getByLabel(/^Status/)
        .selectOption('corrupt');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().locator('td').first().textContent()).toBe('Ødelagt.pdf');
      expect(await rows.first().locator('td.state').textContent()).toBe('Skadet');
      await page.getByRole('button', { name: 'Nullstill filtre' }).click();
      await expect.poll(() => rows.count()).toBe(9);

      await page.getByRole('button', { name: /^Navn/ }).click();
      await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('Brannalarm sentral.pdf');
      await page.getByRole('button', { name: /^Navn/ }).click();
      await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('Ødelagt.pdf');
      await page.getByLabel('Filnavn inneholder').fill('kurs');
      await expect.poll(() => rows.count()).toBe(1);
      await screenshot(page, path.join(SHOTS, 'building-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // one document: metadata, its preview, and a corrected category
      await rows.first().getByRole('link').click();
      await page.getByRole('heading', { name: 'Kursfortegnelse.pdf', level: 1 }).waitFor();
      // the PDF itself, drawn by pdf.js, with its page navigation and zoom
      await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Side', { exact: true }).inputValue()).toBe('1');
      const width = async () => (await page.locator('.react-pdf__Page canvas').boundingBox())?.width ?? 0;
      const before = await width();
      await page.getByRole('button', { name: 'Forstørr' }).click();
      await expect.poll(width).toBeGreaterThan(before * 1.1);
      const ns3451 = page.getByRole('combobox', { name: 'NS 3451' });
      await ns3451.fill('433');
      // out of the field: the code written in full is the choice, and the list closes
      await ns3451.press('Tab');
      await page.getByRole('button', { name: 'Lagre' }).click();
      await page.getByRole('status').filter({ hasText: 'Lagret.' }).waitFor();
      // the part by its code and its name in the person's language
      await expect
        .poll(() => page.locator('.fields dd').nth(1).textContent(), { timeout: 15_000 })
        .toBe('433 Elkraftfordeling til alminnelig forbruk');
      // and a corrected information type, picked from the catalogue the service accepts, put first
      const type = page.getByRole('combobox', { name: 'Informasjonstype', exact: true });
      await type.fill('teknisk godkjenning');
      await type.press('Enter');
      await page.getByRole('button', { name: 'Lagre' }).click();
      await expect
        .poll(() => page.locator('.fields dd').nth(3).textContent(), { timeout: 15_000 })
        .toMatch(/^Teknisk godkjenning \/ sertifikat \/ produktsertifikat, /);
      // the classification says the person corrected the part, and gives its signals in Norwegian words
      const part = page.locator('.evidence li[data-field="buildingCategory"]');
      expect(await part.locator('.corrected').textContent()).toMatch(/^Rettet av .+: nå 433 Elkraftfordeling/);
      expect(await page.locator('.evidence').textContent()).not.toMatch(/\b(filename|mentions|says|folder)\b/);
      // the page as a reader sees it: with the file's first page drawn, not still loading
      await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
      await screenshot(page, path.join(SHOTS, 'document-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // the portfolio, in English
      await page
        .getByRole('link', { name: /portefølje/i })
        .first()
        .click();
      await page.getByLabel('Språk').selectOption('en');
      await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
      await page.getByRole('heading', { name: 'Bryggen Eiendom AS' }).waitFor();
      await page.getByText('9 documents').waitFor();
      // each building's processing progress on its card
      await page
        .locator('.card')
        .filter({ hasText: 'Kontorbygg Sentrum' })
        .getByText('9 of 9 processed (100%)')
        .waitFor();
      // a building created, renamed and archived from the portfolio
      await page.getByLabel('New building').fill('Lager Nord');
      await page.getByRole('button', { name: 'Create' }).click();
      const card = page.locator('.card').filter({ hasText: 'Lager Nord' });
      await card.getByText('0 documents').waitFor();
      await card.getByRole('button', { name: 'Rename' }).click();
      await page.getByLabel('New name').fill('Lager Nord 2');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('link', { name: 'Lager Nord 2' }).waitFor();
      await page.locator('.card').filter({ hasText: 'Lager Nord 2' }).getByRole('button', { name: 'Archive' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
      await expect.poll(() => page.locator('.card').count()).toBe(1);
      await screenshot(page, path.join(SHOTS, 'portfolio-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate('document.documentElement.lang')).toBe('en');
      await context.close();
    },
  );

  it(
    'searches from the header: hits with the words marked, a discipline facet narrows them, fuzzy finds a typo',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage('en-GB', { width: 1280, height: 800 });
      await page.goto(`${base}/app/`);
      await signIn(page, `${base}/app/`);
      await chooseLanguage(page, 'en');

      const quick = page.getByRole('banner').getByRole('searchbox');
      await quick.fill('ventilasjonsaggregat');
      await quick.press('Enter');
      await page.waitForURL(/\/app\/search\?q=ventilasjonsaggregat/);
      const hits = page.locator('.hits li');
      await expect.poll(() => hits.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => hits.first().locator('mark').first().textContent()).toMatch(/ventilasjonsaggregat/i);
      expect(await hits.first().locator('.hit-title').textContent()).toBe('FDV ventilasjonsaggregat.pdf');
      expect(await hits.first().locator('.muted').textContent()).toContain('Kontorbygg Sentrum');
      // the words are the search page's now: the top bar does not keep a copy that would disagree with the next search
      expect(await quick.inputValue()).toBe('');
      expect(await page.getByRole('main').getByRole('searchbox').inputValue()).toBe('ventilasjonsaggregat');
      await screenshot(page, path.join(SHOTS, 'search-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // facets from the server's aggregations narrow the hits: a discipline, then a category of it, then off again
      const box = page.getByRole('main').getByRole('searchbox');
      await box.fill('drift');
      const searched = page.waitForResponse((r) => r.url().includes('/search?') && r.url().includes('query=drift'));
      await box.press('Enter');
      await searched;
      const facets = page.getByRole('complementary', { name: 'Narrow down' });
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^\d+ hits$/);
      await expect.poll(() => facets.getByRole('button', { name: /^RIV/ }).count()).toBe(1);
      const all = Number.parseInt((await status.textContent()) ?? '', 10);
      await facets.getByRole('button', { name: /^RIV/ }).click();
      await page.waitForURL(/discipline=RIV/);
      await facets.getByRole('button', { name: '✕ RIV' }).waitFor();
      await expect.poll(async () => Number.parseInt((await status.textContent()) ?? '', 10)).toBeLessThan(all);
      const metas = await hits.locator('.muted').allTextContents();
      expect(metas.length).toBeGreaterThan(0);
      expect(metas.every((meta) => meta.includes('RIV'))).toBe(true);
      await screenshot(page, path.join(SHOTS, 'search-facet-en-1280.png'), { fullPage: true });
      await facets.getByRole('button', { name: '✕ RIV' }).click();
      await expect.poll(async () => Number.parseInt((await status.textContent()) ?? '', 10)).toBe(all);

      // a typo still finds it, unless fuzzy is off
      await box.fill('ventilasjonsagregat');
      await box.press('Enter');
      await expect.poll(() => hits.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.getByLabel('Allow typos').click();
      await expect.poll(() => page.getByLabel('Allow typos').isChecked()).toBe(false);
      await expect.poll(() => page.getByRole('status').textContent(), { timeout: 30_000 }).toBe('0 hits');
      await context.close();
    },
  );

  it(
    'answers a question as it streams, and a citation opens the cited document with the passage',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage('nb-NO', { width: 1280, height: 900 });
      await page.goto(`${base}/app/owners/${owner.id}/buildings/${owner.buildingId}/ask`);
      await signIn(page, /\/ask$/);
      await chooseLanguage(page, 'nb');

      await page.getByLabel('Spørsmål').fill('Hvor ofte skal filteret i ventilasjonsaggregatet byttes?');
      await page.getByRole('button', { name: 'Spør' }).click();
      const citation = page.locator('.answer .citation').first();
      await citation.waitFor({ timeout: 60_000 });
      expect(await page.locator('.answer').first().textContent()).toMatch(/sjette måned/);
      expect(await page.locator('.citations blockquote').first().textContent()).toMatch(/byttes hver sjette måned/);
      await screenshot(page, path.join(SHOTS, 'ask-nb-1280.png'), { fullPage: true });
      // the conversations beside the question, on its left
      const talks = (await page.getByRole('complementary', { name: 'Samtaler' }).boundingBox())!;
      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(talks.x + talks.width).toBeLessThan(heading.x);
      expect(talks.y).toBeLessThan(heading.y + heading.height);
      expect(await accessibilityViolations(page)).toEqual([]);

      await citation.click();
      await page.getByRole('heading', { name: 'FDV ventilasjonsaggregat.pdf', level: 1 }).waitFor();
      expect(await page.locator('.quote mark').textContent()).toMatch(/byttes hver sjette måned/);
      // the cited page, with the passage marked in the PDF's own text
      expect(await page.getByLabel('Side', { exact: true }).inputValue()).toBe('1');
      await expect
        .poll(async () => (await page.locator('.pdf-page mark').allTextContents()).join(' '), { timeout: 30_000 })
        .toMatch(/byttes hver sjette måned/);
      await screenshot(page, path.join(SHOTS, 'citation-nb-1280.png'), { fullPage: true });

      // the conversation is kept: back on the ask page it is listed and opens with its answer
      await page.goBack();
      // back on the ask page the conversation is there again; a new one starts empty
      await expect.poll(() => page.locator('.turns > li').count(), { timeout: 30_000 }).toBe(1);
      await page.getByRole('button', { name: 'Ny samtale' }).click();
      await expect.poll(() => page.locator('.turns > li').count(), { timeout: 10_000 }).toBe(0);
      await page.getByRole('link', { name: 'Hvor ofte skal filteret i ventilasjonsaggregatet byttes?' }).click();
      await expect
        .poll(() => page.locator('.answer').first().textContent(), { timeout: 30_000 })
        .toMatch(/sjette måned/);
      expect(await page.locator('.citations blockquote').first().textContent()).toMatch(/byttes hver sjette måned/);

      // across all the owner's buildings, from the portfolio: the citation leads to the document in its building
      await page.goto(`${base}/app/`);
      await page.getByRole('link', { name: 'Spør på tvers av byggene' }).click();
      await page.getByRole('heading', { name: 'Spør dokumentasjonen i alle byggene' }).waitFor();
      await page.getByLabel('Spørsmål').fill('Hvor ofte skal filteret i ventilasjonsaggregatet byttes?');
      await page.getByRole('button', { name: 'Spør' }).click();
      await page.locator('.answer .citation').first().waitFor({ timeout: 60_000 });
      expect(await page.locator('.answer .citation').first().getAttribute('href')).toContain(
        `/owners/${owner.id}/buildings/${owner.buildingId}/documents/`,
      );
      await screenshot(page, path.join(SHOTS, 'ask-all-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // the session is lost while a question is typed: through sign-in and back, the question is still there
      const typed = 'Hvem leverte sprinkleranlegget, og når ble det sist kontrollert?';
      await page.getByLabel('Spørsmål').fill(typed);
      await context.clearCookies();
      await page.getByRole('button', { name: 'Spør' }).click();
      await signIn(page, /\/owners\/[^/]+\/ask/);
      expect(await page.getByLabel('Spørsmål').inputValue()).toBe(typed);
      await context.close();
    },
  );

  it(
    'generates a deficiency report: progress per theme, items with their status, and a print layout',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openInEnglish(
        `/app/owners/${owner.id}/buildings/${owner.buildingId}/report`,
        /\/report$/,
      );

      await page.getByText('No report for these regulations yet. Generate one.').waitFor();
      await page.getByRole('button', { name: 'Generate report' }).click();
      await page.getByRole('heading', { name: 'Progress per theme' }).waitFor({ timeout: 60_000 });
      expect(await page.locator('.theme-bars progress').count()).toBeGreaterThan(3);
      // the building has an O&M manual for its ventilation and a circuit schedule: some items complete, most missing
      const statuses = await page.locator('.report-themes .status').allTextContents();
      expect(statuses).toContain('Missing');
      expect(statuses.filter((s) => s === 'Complete' || s === 'Partial').length).toBeGreaterThan(0);
      // a theme with no item for this building (no lift) says so, with no bar and no "0 of 0 (100 %)"
      const lifts = page.locator('.theme-bars li').filter({ hasText: /^Lifts/ });
      expect(await lifts.textContent()).toBe('LiftsNo item applies to this building');
      expect(await lifts.locator('progress').count()).toBe(0);
      await screenshot(page, path.join(SHOTS, 'report-en-1280.png'));
      expect(await accessibilityViolations(page)).toEqual([]);

      // one item: a comment in the person's words, and a document linked as its evidence, then unlinked
      const item = page
        .locator('.report-items > li')
        .filter({ has: page.locator('.status-missing') })
        .first();
      await item.getByRole('button', { name: 'Comment and evidence' }).first().click();
      const details = item.locator('.item-details').first();
      await details.getByLabel('Comment').fill('Etterspurt hos rørleggeren, kommer uke 12.');
      await details.getByRole('button', { name: 'Save' }).click();
      await details.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await item.locator('.report-comment').filter({ hasText: 'kommer uke 12' }).first().waitFor();
      await details.getByLabel('Find a document to link').fill('ventilasjon');
      await details.getByRole('button', { name: 'Link FDV ventilasjonsaggregat.pdf' }).click();
      await details.locator('.evidence-list a').filter({ hasText: 'FDV ventilasjonsaggregat.pdf' }).waitFor();
      await screenshot(item, path.join(SHOTS, 'report-evidence-en-1280.png'));
      expect(await accessibilityViolations(page)).toEqual([]);
      await details.getByRole('button', { name: 'Unlink FDV ventilasjonsaggregat.pdf' }).click();
      await details.getByText('No documents linked yet.').waitFor();

      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('header.topbar').isVisible()).toBe(false);
      expect(await page.locator('form.filters').isVisible()).toBe(false);
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await screenshot(page, path.join(SHOTS, 'report-print-en.png'));
      await context.close();
    },
  );

  it(
    'manages people: an invitation, a personal key made, used and revoked, the audit log; a reader sees less',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openInEnglish(`/app/people`, /\/app\/people$/);
      await page.getByRole('heading', { name: 'People and access', level: 1 }).waitFor();

      // an invitation with a role: the person is listed as invited
      // the customer has nobody yet: the operator made it, and the platform administrator reaches it without a role
      // so the empty list says what to do, and no empty table is drawn
      const members = page.locator('table.members tbody tr');
      const empty = page.getByText('Nobody has a role here yet. Invite someone below to give them access.');
      await empty.waitFor();
      expect(await page.locator('table.members').isVisible()).toBe(false);
      expect(await members.count()).toBe(0);
      await screenshot(page, path.join(SHOTS, 'people-empty-en-1280.png'), { fullPage: true });
      const invitation = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send invitation' }) });
      await invitation.getByLabel('Email').fill('ola.leser@example.test');
      await invitation.getByRole('combobox', { name: /^Role/ }).selectOption('READ_ACCESS');
      await invitation.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invitation sent to ola.leser@example.test as Read access.').waitFor();
      await empty.waitFor({ state: 'detached' });
      const invited = members.filter({ hasText: 'ola.leser@example.test' });
      // the role a choice of the roles the viewer gives (an ADMIN: all of them), named by the person, not their id
      const roleOfOla = invited.getByRole('combobox', { name: 'Role of ola.leser@example.test' });
      await expect
        .poll(() => invited.locator('td:not(:nth-child(3))').allTextContents())
        .toEqual(['No name given', 'ola.leser@example.test', 'Invited', 'Never', 'Remove']);
      expect(await roleOfOla.inputValue()).toBe('READ_ACCESS');
      expect(await roleOfOla.locator('option').allTextContents()).toEqual([
        'No access',
        'Read access',
        'Write access',
        'Owner',
        'Administrator',
      ]);

      await screenshot(page, path.join(SHOTS, 'people-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // the role changed in place: asked first, then said, listed and logged; no invitation sent again
      const mailsToOla = async () => {
        const outbox = await fetch(`${base}/admin/mail?limit=1000`, { headers: running.admin });
        const { messages } = (await outbox.json()) as { messages: { to: string[] }[] };
        return messages.filter((message) => message.to.includes('ola.leser@example.test')).length;
      };
      const mailsBefore = await mailsToOla();
      expect(mailsBefore).toBe(1);
      await roleOfOla.selectOption('WRITE_ACCESS');
      const confirm = page.getByRole('dialog', { name: 'New role for ola.leser@example.test' });
      await confirm.getByText('From “Read access” to “Write access”.', { exact: false }).waitFor();
      await screenshot(page, path.join(SHOTS, 'people-role-dialog-en-1280.png'));
      expect(await accessibilityViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Change role' }).click();
      await page.getByText('ola.leser@example.test now has the role “Write access” in the customer.').waitFor();
      await expect.poll(() => roleOfOla.inputValue()).toBe('WRITE_ACCESS');
      const roleLogged = page.locator('table.audit tbody tr').filter({ hasText: 'Role changed' });
      await roleLogged.first().waitFor();
      // who, the role given and the role before, in words (the service keeps the details in its own order)
      const roleDetails = ((await roleLogged.first().locator('td:nth-child(4)').textContent()) ?? '').split(' · ');
      expect(roleDetails.sort()).toEqual([
        'E-mail: ola.leser@example.test',
        'Previous role: Read access',
        'Role: Write access',
      ]);
      await screenshot(page, path.join(SHOTS, 'people-role-en-1280.png'), { fullPage: true });
      // and back, in Norwegian (the reader below signs in with read access)
      await chooseLanguage(page, 'nb');
      const rolleTilOla = invited.getByRole('combobox', { name: 'Rolle for ola.leser@example.test' });
      await rolleTilOla.selectOption('READ_ACCESS');
      const bekreft = page.getByRole('dialog', { name: 'Ny rolle for ola.leser@example.test' });
      await bekreft.getByText('Fra «Skrivetilgang» til «Lesetilgang».', { exact: false }).waitFor();
      await screenshot(page, path.join(SHOTS, 'people-role-dialog-nb-1280.png'));
      await bekreft.getByRole('button', { name: 'Endre rolle' }).click();
      await page.getByText('ola.leser@example.test har nå rollen «Lesetilgang» i kunden.').waitFor();
      await expect.poll(() => rolleTilOla.inputValue()).toBe('READ_ACCESS');
      await screenshot(page, path.join(SHOTS, 'people-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await mailsToOla()).toBe(mailsBefore);
      await chooseLanguage(page, 'en');

      // a personal key, shown once, that works until it is revoked: on the person's own account page
      await page.getByRole('link', { name: 'Your personal API keys are on your account page.' }).click();
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      await page.getByLabel('Name of the key').fill('Rapportskript');
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = (await page.locator('.new-key code').textContent()) ?? '';
      expect(shown).toMatch(/^fk_user_/);
      const meByKey = () => fetch(`${base}/auth/me`, { headers: { 'x-api-key': shown } }).then((r) => r.status);
      expect(await meByKey()).toBe(200);
      await page.locator('.key-list li').filter({ hasText: 'Rapportskript' }).waitFor();
      await screenshot(page, path.join(SHOTS, 'account-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Revoke Rapportskript' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await page
        .locator('.key-list li')
        .filter({ hasText: /Rapportskript.*revoked/ })
        .waitFor();
      expect(await meByKey()).toBe(401);

      // the customer's audit log tells who invited whom (by name and e-mail), and filters by event
      await page.goto(`${base}/app/people`);
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      const events = page.locator('table.audit tbody tr');
      await events.filter({ hasText: 'Invited' }).first().waitFor();
      await page.getByRole('combobox', { name: /^Event/ }).selectOption('user.invited');
      await expect
        .poll(async () => (await events.locator('td:nth-child(3)').allTextContents()).join('|'))
        .toBe('Invited');
      expect(await events.first().locator('td:nth-child(2)').textContent()).toBe(`Administrator (${login.email})`);

      // the invited reader signs in: no upload, no editing, no building management, no member list
      const adminToken = running.adminToken;
      const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
      const found = await fetch(`${base}/admin/users?email=ola.leser%40example.test`, { headers: admin });
      const readerId = ((await found.json()) as { users: { id: string }[] }).users[0]!.id;
      const password = 'Lesetilgang-2026-lang';
      const set = await fetch(`${base}/admin/users/${readerId}/password`, {
        method: 'PUT',
        headers: admin,
        body: JSON.stringify({ password }),
      });
      expect(set.status).toBe(204);
      const reader = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      const readerPage = await reader.newPage();
      await readerPage.goto(`${base}/app/owners/${owner.id}/buildings/${owner.buildingId}`);
      await signIn(readerPage, /\/buildings\//, { email: 'ola.leser@example.test', password });
      await chooseLanguage(readerPage, 'en');
      await readerPage.locator('table.documents tbody tr[aria-rowindex]').first().waitFor();
      expect(await readerPage.getByRole('heading', { name: 'Upload' }).count()).toBe(0);
      await readerPage.locator('table.documents tbody tr[aria-rowindex] a').first().click();
      await readerPage.locator('.fields').waitFor();
      expect(await readerPage.getByRole('heading', { name: 'Edit' }).count()).toBe(0);
      await readerPage.goto(`${base}/app/`);
      await readerPage.getByRole('heading', { name: 'Bryggen Eiendom AS' }).waitFor();
      expect(await readerPage.getByRole('button', { name: 'Rename' }).count()).toBe(0);
      expect(await readerPage.getByLabel('New building').count()).toBe(0);
      await readerPage.goto(`${base}/app/people`);
      await readerPage.getByText("The customer's people are shown to owners and administrators only.").waitFor();
      expect(await readerPage.locator('table.members').count()).toBe(0);
      expect(await readerPage.getByRole('heading', { name: 'Audit log' }).count()).toBe(0);
      await reader.close();
      await context.close();
    },
  );

  it(
    'runs a construction project from its creation to its handover: deliveries, review, portal, renaming, zip, handover',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openInEnglish(`/app/projects`, /\/app\/projects$/);
      await page.getByRole('heading', { name: 'Construction projects', level: 1 }).waitFor();

      // a project with its building and a planned handover 30 days from today
      const section = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Bryggen Eiendom AS' }) });
      const handover = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await section.getByLabel('Project name').fill('Skole Nord');
      await section.getByLabel('Project number').fill('P-2041');
      await section.getByRole('textbox', { name: 'Planned handover' }).fill(handover);
      await section.getByLabel('Buildings (comma-separated)').fill('Hovedbygg');
      await section.getByRole('button', { name: 'Create project' }).click();
      const card = section.locator('.card').filter({ hasText: 'Skole Nord' });
      await card.getByText('P-2041 · Active · 1 building').waitFor();
      await card.getByText(/^(29|30) days to handover$/).waitFor();
      await card.getByRole('link', { name: 'Skole Nord' }).click();
      await page.getByRole('heading', { name: 'Skole Nord', level: 1 }).waitFor();
      const [, customerId, projectId] = /\/projects\/([^/]+)\/([^/?]+)/.exec(page.url()) ?? [];

      // a subcontractor added on the page
      await page.getByLabel('Company').fill('Rør & Varme AS');
      await page.getByLabel('Contact person').fill('Kari Rørlegger');
      await page.locator('form').filter({ hasText: 'Company' }).getByLabel('Email').fill('kari@rorvarme.test');
      await page.getByRole('button', { name: 'Add subcontractor' }).click();
      await page.getByText('Rør & Varme AS').waitFor();

      // a delivery for it, and the subcontractor's two files through the portal (the routes of the delivery issue)
      const call = callAs(page);
      const project = await call('GET', `/construction/customers/${customerId}/projects/${projectId}`);
      const subcontractors = await call(
        'GET',
        `/construction/customers/${customerId}/projects/${projectId}/subcontractors`,
      );
      const subcontractorId = subcontractors.subcontractors[0].id as string;
      // the delivery made on the page: the building part found in NS 3451 by its name, the types picked and one typed
      await page.getByRole('button', { name: 'New delivery' }).click();
      const form = page.getByRole('form', { name: 'New delivery' });
      const part = form.getByRole('combobox', { name: 'NS 3451 building part', exact: true });
      await part.fill('sanitær utstyr');
      await page.getByRole('option', { name: '315 Equipment for sanitary installations' }).click();
      expect(await part.inputValue()).toBe('315 Equipment for sanitary installations');
      await form.getByLabel('Find or type an information type').fill('datablad');
      await form.getByLabel('Product data sheet / technical data sheet').check();
      await form.getByLabel('Find or type an information type').fill('FDV-dokumentasjon');
      await form.getByRole('button', { name: 'Add “FDV-dokumentasjon”' }).click();
      await form.getByText('Expected information types (2 chosen)').waitFor();
      await form.getByLabel('Description', { exact: true }).fill('Sanitæranlegg');
      await form.getByLabel(/^Subcontractor/).selectOption({ label: 'Rør & Varme AS' });
      await form.getByLabel('Our contact person').fill('Ola Byggeleder');
      await form.getByRole('button', { name: 'Create delivery' }).click();
      await page.locator('.delivery h3').filter({ hasText: '315 Sanitæranlegg' }).waitFor();
      const PDB = 'Product data sheet / technical data sheet';
      // the Norwegian portal names the type in Norwegian
      const PDB_NB = 'Produktdatablad / teknisk datablad';
      const [delivery] = (await call('GET', `/construction/deliveries/project/${projectId}`)).deliveries;
      expect(delivery).toMatchObject({
        buildingCategory: '315',
        fullCategory: '315',
        description: 'Sanitæranlegg',
        subContractorId: subcontractorId,
        contactPerson: { name: 'Ola Byggeleder' },
        informationTypesExpected: [PDB, 'FDV-dokumentasjon'],
      });
      const { token } = await call(
        'POST',
        `/construction/customers/${customerId}/projects/${projectId}/subcontractors/${subcontractorId}/tokens`,
        {},
      );
      for (const [informationType, filename] of [
        ['FDV-dokumentasjon', 'FDV sanitær.pdf'],
        [PDB, 'Produktdatablad blandebatteri.pdf'],
      ]) {
        const registered = await fetch(`${base}/construction/public/upload/${projectId}/${subcontractorId}`, {
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

      // the dashboard: two items wait for review; one declined with a reason, the other approved
      await page.reload();
      const figure = (name: string) => page.locator('.figures div').filter({ hasText: name }).locator('dd');
      await expect.poll(() => figure('Waiting for review').textContent(), { timeout: 30_000 }).toBe('2');
      const item = (type: string) => page.locator('.checklist > li').filter({ hasText: type });
      await page.getByRole('button', { name: `Decline ${PDB}` }).click();
      await page
        .getByLabel('What is missing? (the subcontractor sees this)')
        .fill('Gjelder feil modell, send for BX-200.');
      await page.getByRole('button', { name: 'Send decline' }).click();
      await item(PDB).getByText('Declined').waitFor();
      await item(PDB).getByText('“Gjelder feil modell, send for BX-200.”').waitFor();
      await page.getByRole('button', { name: 'Approve FDV-dokumentasjon' }).click();
      await item('FDV-dokumentasjon').getByText('Approved', { exact: true }).waitFor();
      await expect.poll(() => figure('Waiting for review').textContent()).toBe('0');
      expect(await page.locator('.missing li').textContent()).toBe(`Rør & Varme AS: ${PDB}`);
      await screenshot(page, path.join(SHOTS, 'project-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // the portal link e-mailed from the page: previewed first, then sent (the embedded defaults write it to the outbox)
      await page.getByRole('button', { name: 'Send portal link to Rør & Varme AS' }).click();
      await page.getByLabel('Message (optional)').fill('Produktdatabladet må gjelde BX-200.');
      // in Norwegian: the portal opens in the e-mail's language whatever the browser's
      await page.getByLabel(/^Language of the e-mail/).selectOption('no');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect
        .poll(() => page.locator('.mail-preview pre').textContent())
        .toContain('Produktdatabladet må gjelde BX-200.');
      expect(await page.locator('.mail-preview figcaption').textContent()).toContain('Skole Nord');
      await page.getByRole('button', { name: 'Send e-mail' }).click();
      await page.getByText('Sent, with a new link.').waitFor();
      const outbox = path.join(dataDir, 'outbox');
      const mailed = async () => {
        const files = (await fs.readdir(outbox)).filter((f) => f.endsWith('.eml'));
        const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
        // quoted-printable: soft line breaks and encoded '='
        const links = texts
          .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .flatMap((text) =>
            [...text.matchAll(/https?:\/\/[^\s"<>]+\/portal\/[^\s"<>]+#token=[^\s"<>]+/g)].map((m) => m[0]),
          );
        return links.find((link) => link.includes(subcontractorId)) ?? '';
      };
      await expect.poll(mailed, { timeout: 30_000 }).toMatch(/#token=/);
      const link = await mailed();

      // the subcontractor follows it on a phone (set to English), without an account: the token leaves the address bar,
      // and the portal speaks the e-mail's Norwegian
      const phone = await openPage('en-GB', { width: 390, height: 844 });
      await phone.page.goto(link);
      await phone.page.getByRole('heading', { name: 'Skole Nord', level: 1 }).waitFor();
      expect(phone.page.url()).toBe(`${base}/app/portal/${projectId}/${subcontractorId}`);
      const portalItem = (type: string) => phone.page.locator('.checklist > li').filter({ hasText: type });
      await portalItem(PDB_NB).getByText('Avvist').waitFor();
      await portalItem(PDB_NB).getByText('“Gjelder feil modell, send for BX-200.”').waitFor();
      await portalItem('FDV-dokumentasjon').getByText('Godkjent').waitFor();
      // what is approved takes no more files; the declined one takes its replacement
      expect(await portalItem('FDV-dokumentasjon').locator('input[type=file]').count()).toBe(0);
      const replacement = path.join(dataDir, 'Produktdatablad BX-200.pdf');
      await fs.writeFile(replacement, await makePdf(['Produktdatablad BX-200 blandebatteri.']));
      await phone.page.getByLabel(`Last opp ${PDB_NB}`).setInputFiles(replacement);
      await portalItem(PDB_NB).getByText('2 dokumenter').waitFor({ timeout: 30_000 });
      // the file is listed: its progress row has done its work and goes
      await expect.poll(() => phone.page.locator('.sending').count()).toBe(0);
      // a wrong file sent by mistake is deleted; the replacement is placed on its floor
      const wrong = path.join(dataDir, 'feil fil.pdf');
      await fs.writeFile(wrong, await makePdf(['Feil fil.']));
      await phone.page.getByLabel(`Last opp ${PDB_NB}`).setInputFiles(wrong);
      await portalItem(PDB_NB).getByText('3 dokumenter').waitFor({ timeout: 30_000 });
      await phone.page.getByRole('button', { name: 'Slett feil fil.pdf' }).click();
      await phone.page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click();
      await portalItem(PDB_NB).getByText('2 dokumenter').waitFor();
      await phone.page.getByRole('button', { name: 'Endre Produktdatablad BX-200.pdf' }).click();
      const edit = phone.page.getByRole('form', { name: 'Endre Produktdatablad BX-200.pdf' });
      await edit.getByLabel('Etasje').fill('U1');
      await edit.getByRole('button', { name: 'Lagre' }).click();
      await edit.waitFor({ state: 'detached' });
      const own = (await call('GET', `/construction/documents/project/${projectId}`)).documents as {
        filename: string;
        floor: string | null;
      }[];
      expect(own.find((d) => d.filename === 'Produktdatablad BX-200.pdf')?.floor).toBe('U1');
      expect(own.map((d) => d.filename)).not.toContain('feil fil.pdf');
      const overflow = await phone.page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(phone.page, path.join(SHOTS, 'portal-nb-390.png'), { fullPage: true });
      expect(await accessibilityViolations(phone.page)).toEqual([]);

      // the member approves the replacement: nothing is owed any more
      await page.reload();
      await item(PDB).getByText('2 documents').waitFor();
      await page.getByRole('button', { name: `Approve ${PDB}` }).click();
      await item(PDB).getByText('Approved', { exact: true }).waitFor();
      await expect.poll(() => page.locator('.missing li').count()).toBe(0);

      // a link whose token is revoked (on the project page) says so, in words
      await page.reload();
      await page.getByRole('button', { name: 'Send portal link to Rør & Varme AS' }).click();
      const revokeButtons = page.locator('.portal-link .key-list').getByRole('button', { name: 'Revoke' });
      // sending a link mails it first: on a busy machine that took longer than the poll's default second
      await expect.poll(() => revokeButtons.count(), { timeout: 10_000 }).toBeGreaterThan(1);
      while ((await revokeButtons.count()) > 0) {
        const before = await revokeButtons.count();
        await revokeButtons.first().click();
        await expect.poll(() => revokeButtons.count(), { timeout: 10_000 }).toBe(before - 1);
      }
      await screenshot(page, path.join(SHOTS, 'project-links-en-1280.png'), { fullPage: true });
      await phone.page.reload();
      await phone.page
        .getByText('Lenken er utløpt eller trukket tilbake. Be kontaktpersonen hos entreprenøren om en ny lenke.')
        .waitFor();
      await screenshot(phone.page, path.join(SHOTS, 'portal-revoked-nb-390.png'), { fullPage: true });
      expect(
        await phone.page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);
      await phone.context.close();

      // the project's documents: all three given the building part and discipline at once
      const parts = page.getByRole('navigation', { name: 'Parts of the project' });
      await parts.getByRole('link', { name: 'Documents' }).click();
      const docRows = page.locator('table.project-documents tbody tr[aria-rowindex]');
      await expect.poll(() => docRows.count(), { timeout: 30_000 }).toBe(3);
      await docRows.filter({ hasText: 'FDV sanitær.pdf' }).getByText('Rør & Varme AS').waitFor();
      await page.getByLabel('Select all shown').check();
      const batch = page.getByRole('form', { name: 'Change 3 documents' });
      await batch.getByLabel('New NS 3451 code').fill('315');
      const discipline = batch.getByRole('combobox', { name: /^New discipline/ });
      await discipline.fill('RIV');
      await discipline.press('Tab');
      await batch.getByRole('button', { name: 'Save on 3 documents' }).click();
      const column = (n: number) => docRows.locator(`td:nth-child(${n})`).allTextContents();
      // the part by its code and its name, as everywhere in the app
      const part315 = '315 Equipment for sanitary installations';
      await expect.poll(() => column(3), { timeout: 15_000 }).toEqual([part315, part315, part315]);

      // renamed by the naming convention: the preview side by side, applied, undone, applied again
      await page.getByRole('button', { name: 'Preview new names' }).click();
      await page.getByText('3 of 3 can be renamed').waitFor();
      const previewed = () =>
        page
          .locator('.rename-preview tbody tr')
          .evaluateAll((rows: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> }[]) =>
            rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent)),
          );
      expect(await previewed()).toEqual([
        ['FDV sanitær.pdf', 'P_2041-RIV-315-001-FDV_sanitær.pdf'],
        ['Produktdatablad blandebatteri.pdf', 'P_2041-RIV-315-002-Produktdatablad_blandebatteri.pdf'],
        ['Produktdatablad BX-200.pdf', 'P_2041-RIV-315-003-Produktdatablad_BX_200.pdf'],
      ]);
      await screenshot(page, path.join(SHOTS, 'project-documents-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Rename 3 documents' }).click();
      await page.getByText('3 documents renamed.').waitFor();
      await expect.poll(() => column(2)).toContain('P_2041-RIV-315-001-FDV_sanitær.pdf');
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('3 names restored.').waitFor();
      await expect.poll(() => column(2)).toContain('FDV sanitær.pdf');
      await page.getByRole('button', { name: 'Preview new names' }).click();
      await page.getByRole('button', { name: 'Rename 3 documents' }).click();
      await page.getByText('3 documents renamed.').waitFor();

      // the building's zip, built on the page and downloaded: its manifest names the renamed files with their MD5
      await parts.getByRole('link', { name: 'Archives and handover' }).click();
      await page.getByRole('button', { name: 'Build zip' }).click();
      const download = page.getByRole('link', { name: 'Download zip' });
      await download.waitFor({ timeout: 60_000 });
      await page.getByText(/^3 files, /).waitFor();
      const zipUrl = new URL((await download.getAttribute('href'))!, base).href;
      const files = await readZip(Buffer.from(await (await fetch(zipUrl)).arrayBuffer()));
      const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
        files: { path: string; size: number; md5: string }[];
      };
      expect(manifest.files.map((entry) => path.basename(entry.path)).sort()).toEqual([
        'P_2041-RIV-315-001-FDV_sanitær.pdf',
        'P_2041-RIV-315-002-Produktdatablad_blandebatteri.pdf',
        'P_2041-RIV-315-003-Produktdatablad_BX_200.pdf',
      ]);
      for (const entry of manifest.files) {
        expect(createHash('md5').update(files.get(entry.path)!).digest('hex')).toBe(entry.md5);
      }

      // the handover: the dry run's report first (nothing moves), then confirmed
      await page.getByRole('button', { name: 'Try the handover (changes nothing)' }).click();
      const report = page.getByRole('article', { name: /^Dry run report: Skole Nord → Bryggen Eiendom AS/ });
      await report.waitFor();
      const reportFigure = (name: string) => report.locator('.figures div').filter({ hasText: name }).locator('dd');
      expect(await reportFigure('Documents').textContent()).toBe('3');
      expect(await reportFigure('Information types approved').textContent()).toBe('2 / 2');
      await report.getByText('P_2041-RIV-315-001-FDV_sanitær.pdf').waitFor();
      // the files in the order of their paths, the checklist named by its regulation
      expect(await report.locator('table.plain').last().locator('tbody td:first-child').allTextContents()).toEqual([
        'P_2041-RIV-315-001-FDV_sanitær.pdf',
        'P_2041-RIV-315-002-Produktdatablad_blandebatteri.pdf',
        'P_2041-RIV-315-003-Produktdatablad_BX_200.pdf',
      ]);
      expect(await report.getByText(/^Hovedbygg: /).textContent()).toMatch(/^Hovedbygg: TEK17 · 2 complete/);
      await screenshot(page, path.join(SHOTS, 'handover-dry-run-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      expect((await call('GET', `/construction/customers/${customerId}/projects/${projectId}`)).status).toBe('ACTIVE');
      await page.getByLabel(/^I want to hand the project over to Bryggen Eiendom AS/).check();
      await page.getByRole('button', { name: 'Hand over', exact: true }).click();
      await page.getByText(/^Handed over to Bryggen Eiendom AS on /).waitFor();
      await screenshot(page, path.join(SHOTS, 'handover-done-en-1280.png'), { fullPage: true });
      const pdf = await page.request.get(
        `${base}/construction/customers/${customerId}/projects/${projectId}/handover/report.pdf?locale=en`,
      );
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // the owner's side: the building and its documents, renamed, in the document platform's pages
      await page.getByRole('link', { name: 'Hovedbygg' }).click();
      await page.getByRole('heading', { name: 'Hovedbygg', level: 1 }).waitFor();
      const ownerRows = page.locator('table.documents tbody tr[aria-rowindex]');
      await expect.poll(() => ownerRows.count(), { timeout: 30_000 }).toBe(3);
      await ownerRows.filter({ hasText: 'P_2041-RIV-315-003-Produktdatablad_BX_200.pdf' }).waitFor();
      await screenshot(page, path.join(SHOTS, 'handed-over-building-en-1280.png'), { fullPage: true });
      await context.close();
    },
  );

  it(
    'shows a project drawing with its layers, moved and zoomed; the project’s people with their roles and its log',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openInEnglish(`/app/projects`, /\/app\/projects$/);
      const call = callAs(page);
      // a project whose plumber delivers a DXF plan through the portal
      const [customer] = (await call('GET', '/construction/customers/')).customers;
      const project = await call('POST', `/construction/customers/${customer.id}/projects`, {
        name: 'Tegningsprosjekt',
        buildings: [{ name: 'Blokk A' }],
      });
      const subcontractor = await call(
        'POST',
        `/construction/customers/${customer.id}/projects/${project.id}/subcontractors`,
        { companyName: 'VVS Plan AS', email: 'plan@vvs.test' },
      );
      const { token } = await call(
        'POST',
        `/construction/customers/${customer.id}/projects/${project.id}/subcontractors/${subcontractor.id}/tokens`,
        {},
      );
      const registered = await fetch(`${base}/construction/public/upload/${project.id}/${subcontractor.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ buildingId: project.buildings[0].id, filename: 'Plan VVS.dxf' }),
      }).then((r) => r.json() as Promise<{ uploadUrl: string }>);
      expect((await fetch(registered.uploadUrl, { method: 'PUT', body: dxfDrawing() })).status).toBe(200);

      // from the project's documents to the drawing: the layers the file hides start hidden
      await page.goto(`${base}/app/projects/${customer.id}/${project.id}/documents`);
      await page.getByRole('link', { name: 'Plan VVS.dxf' }).click();
      await page.getByRole('heading', { name: 'Plan VVS.dxf', level: 1 }).waitFor();
      const drawing = page.getByRole('img', { name: 'Drawing' });
      await drawing.waitFor();
      const layer = (name: string) => page.getByRole('group', { name: /^Layers/ }).getByLabel(name, { exact: true });
      expect(await layer('VVS').isChecked()).toBe(true);
      expect(await layer('Skjult').isChecked()).toBe(false);
      const shown = async (name: string) =>
        (await page.locator(`g[data-layer="${name}"]`).getAttribute('display')) ?? 'shown';
      expect(await shown('VVS')).toBe('shown');
      await layer('VVS').uncheck();
      expect(await shown('VVS')).toBe('none');
      await layer('VVS').check();
      // zoomed in by the button and the wheel, then the whole drawing again
      const width = async () => Number((await drawing.getAttribute('viewBox'))!.split(' ')[2]);
      const whole = await width();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await width()).toBeCloseTo(whole / 1.5, 5);
      const box = (await drawing.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -100);
      await expect.poll(width).toBeLessThan(whole / 1.5);
      // dragged to the right: the view moves left over the drawing
      const left = async () => Number((await drawing.getAttribute('viewBox'))!.split(' ')[0]);
      const before = await left();
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      expect(await left()).toBeLessThan(before);
      await page.getByRole('button', { name: 'Whole drawing' }).click();
      expect(await width()).toBeCloseTo(whole, 5);
      await screenshot(page, path.join(SHOTS, 'drawing-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // the project's own details changed and a building added on its overview
      await page.getByRole('link', { name: /project.s documents/ }).click();
      const parts = page.getByRole('navigation', { name: 'Parts of the project' });
      await parts.getByRole('link', { name: 'Overview' }).click();
      await page.getByRole('button', { name: 'Edit project' }).click();
      const details = page.getByRole('form', { name: 'Edit project' });
      await details.getByLabel('Project number').fill('T-7');
      await details.getByLabel('Address').fill('Tegnergata 7, Bergen');
      await details.getByRole('button', { name: 'Save project' }).click();
      await page.getByText('T-7 · Tegnergata 7, Bergen · Active').waitFor();
      await page.getByLabel('New building').fill('Blokk B');
      await page.getByRole('button', { name: 'Add building' }).click();
      await page.getByText('Buildings: Blokk A, Blokk B').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // the project's people: a site manager invited straight into the project, seen with the project role
      await parts.getByRole('link', { name: 'People', exact: true }).click();
      await page.getByRole('heading', { name: 'People in the project' }).waitFor();
      await page.getByLabel('Email').fill('anleggsleder@bygg.test');
      await page.getByLabel(/^Role in the project/).selectOption('WRITE_ACCESS');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invited. They get an e-mail and see only this project.').waitFor();
      const row = page.locator('table.members tr').filter({ hasText: 'anleggsleder@bygg.test' });
      expect(await row.locator('td').nth(1).textContent()).toBe('No access');
      expect(await row.getByLabel('Project role of anleggsleder@bygg.test').inputValue()).toBe('WRITE_ACCESS');
      // the project's log: the project, its subcontractor, the link and the invitation, nothing of other projects
      const log = page.locator('table.audit tbody tr');
      await expect.poll(() => log.count()).toBeGreaterThan(3);
      const actions = await log.locator('td:nth-child(3)').allTextContents();
      expect(actions).toContain('Project created');
      expect(actions).toContain('Subcontractor added');
      await log.filter({ hasText: 'Invited' }).waitFor();
      // the subcontractor's upload, by the company's name
      expect(await log.filter({ hasText: 'Document uploaded' }).locator('td:nth-child(2)').textContent()).toBe(
        'VVS Plan AS',
      );
      expect(await page.locator('table.audit').textContent()).not.toContain('Skole Nord');
      // every detail in words: the project and its subcontractor by name, the invitation's language, no raw moment
      const invited = await log.filter({ hasText: 'Invited' }).locator('td:nth-child(4)').textContent();
      expect(invited).toContain('Project: Tegningsprosjekt');
      expect(invited).toContain('Language: English');
      const logDetails = (await log.locator('td:nth-child(4)').allTextContents()).join(' | ');
      expect(logDetails).not.toMatch(/deleted or out of your reach|\d{4}-\d{2}-\d{2}T|locale/);
      expect(logDetails).toContain('Subcontractor: VVS Plan AS');
      await screenshot(page, path.join(SHOTS, 'project-members-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it('works at phone width, and the root and unknown app paths lead to the app', { timeout: 120_000 }, async () => {
    // a Norwegian phone, but the person chose English last (on another device): English it is
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO' });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await signIn(page, `${base}/app/`);
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('en');
    await page.getByRole('link', { name: 'Kontorbygg Sentrum' }).click();
    await page.locator('table.documents tbody tr').first().waitFor();
    // nothing wider than the screen but the table, which scrolls in its own box
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, path.join(SHOTS, 'building-en-390.png'), { fullPage: true });
    // a document (its preview fits the screen), asking, and people: no page wider than the phone
    const overflows = async () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    await page
      .locator('table.documents tbody tr[aria-rowindex] a')
      .filter({ hasText: 'FDV ventilasjonsaggregat.pdf' })
      .click();
    await page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 });
    await screenshot(page, path.join(SHOTS, 'document-en-390.png'), { fullPage: true });
    expect(await overflows()).toBeLessThanOrEqual(0);
    await page.goto(`${base}/app/owners/${owner.id}/buildings/${owner.buildingId}/ask`);
    await page.getByLabel('Question').waitFor();
    await screenshot(page, path.join(SHOTS, 'ask-en-390.png'), { fullPage: true });
    expect(await overflows()).toBeLessThanOrEqual(0);
    // on a phone the page starts with its heading and question; the conversations come below
    const question = (await page.getByLabel('Question').boundingBox())!;
    const talks = (await page.getByRole('complementary', { name: 'Conversations' }).boundingBox())!;
    expect(question.y + question.height).toBeLessThan(talks.y);
    await page.goto(`${base}/app/people`);
    await page.getByRole('heading', { name: 'People and access' }).waitFor();
    // the members themselves, not the page still loading, are what must fit the phone
    await page.locator('table.members tbody tr').first().waitFor();
    await page.locator('table.audit tbody tr').first().waitFor();
    await screenshot(page, path.join(SHOTS, 'people-en-390.png'), { fullPage: true });
    expect(await overflows()).toBeLessThanOrEqual(0);
    // each person and each logged event is a card: every line of it on the screen, none in a box scrolled sideways
    const beyond = await page
      .locator('table.members td, table.audit td')
      .evaluateAll((cells) => cells.filter((cell) => cell.getBoundingClientRect().right > 390).length);
    expect(beyond).toBe(0);
    // each line says what it is (the column's header is not on the screen)
    const labels = await page.evaluate<string[]>(
      "[...document.querySelectorAll('table.members tbody tr:first-child td')].map((cell) => getComputedStyle(cell, '::before').content)",
    );
    expect(labels).toContain('"Role: "');
    // a role to change is a choice that fits the card, and so does the question it asks first
    const roleOfOla = page.getByRole('combobox', { name: 'Role of ola.leser@example.test' });
    const choice = (await roleOfOla.boundingBox())!;
    expect(choice.x + choice.width).toBeLessThanOrEqual(390);
    await roleOfOla.selectOption('WRITE_ACCESS');
    const confirm = page.getByRole('dialog', { name: 'New role for ola.leser@example.test' });
    await confirm.waitFor();
    await screenshot(page, path.join(SHOTS, 'people-role-dialog-en-390.png'));
    const asked = (await confirm.boundingBox())!;
    expect(asked.x).toBeGreaterThanOrEqual(0);
    expect(asked.x + asked.width).toBeLessThanOrEqual(390);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await roleOfOla.inputValue()).toBe('READ_ACCESS');
    // in Norwegian, whose words are longer
    await chooseLanguage(page, 'nb');
    await page.getByRole('combobox', { name: 'Rolle for ola.leser@example.test' }).waitFor();
    await screenshot(page, path.join(SHOTS, 'people-nb-390.png'), { fullPage: true });
    expect(await overflows()).toBeLessThanOrEqual(0);
    await chooseLanguage(page, 'en');
    await page.goto(`${base}/app/account?tab=keys`);
    await page.getByRole('heading', { name: 'My API keys' }).waitFor();
    await screenshot(page, path.join(SHOTS, 'account-en-390.png'), { fullPage: true });
    expect(await overflows()).toBeLessThanOrEqual(0);

    const assets = await fetch(`${base}/app/`).then((r) => r.text());
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(assets)?.[1];
    const asset = await fetch(`${base}${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // the portal link goes to the app on this origin and nowhere else; a malformed one is a plain 404
    const portal = await fetch(`${base}/portal/p-1/s-2`, { redirect: 'manual' });
    expect(portal.status).toBe(302);
    expect(portal.headers.get('location')).toBe('/app/portal/p-1/s-2');
    const odd = await fetch(`${base}/portal/a%20b/s-2`, { redirect: 'manual' });
    expect(odd.status).toBe(404);
    expect(odd.headers.get('content-type')).toContain('application/problem+json');
    const deep = await fetch(`${base}/app/owners/x/buildings/y`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(deep.headers.get('content-security-policy')).toContain("script-src 'self'");
    await context.close();
  });
});
