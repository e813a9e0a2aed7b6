import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { chooseLanguage, type OwnerWorld, SHOTS, signInFirstAdmin, startWebWorld } from '../helpers/web-world.js';

/** a code with no break in it, longer than a phone is wide */
const LONG_CODE = 'TR-' + Array.from({ length: 16 }, (_, i) => `NORD${String(i).padStart(2, '0')}`).join('-');

/** the PDFs and text files of a roof's documentation: the word "takrennene" on page 2 of the condition report */
const FILES: { key: string; filename: string; pages?: string[]; text?: string }[] = [
  {
    key: 'report',
    filename: 'Tilstand/Tilstandsrapport tak 2025.pdf',
    pages: [
      'Tilstandsrapport for taket\nKontorbygg Sentrum, Bryggen Eiendom AS\nBefaring 14. mars 2025 av Takekspert AS',
      [
        'Funn på nordsiden',
        'Takrennene på nordsiden er tette av løv og renner over ved kraftig regn.',
        'Vannet har gitt fuktskader på fasaden under gesimsen.',
        'Tiltak: rens takrennene og nedløpene før vinteren, og skift to festebraketter.',
      ].join('\n'),
      'Sørsiden\nTaktekkingen på sørsiden er i god stand. Ingen tiltak.',
    ],
  },
  {
    key: 'fdv',
    filename: 'FDV/FDV beslag og nedløp.pdf',
    pages: [
      'FDV for beslag\nProdusent: Plåtslageriet AS',
      'Vedlikehold\nTakrenner og nedløp i aluminium rengjøres hver vår og høst.\nSjekk at snøfangerne sitter fast.',
    ],
  },
  // matches on its name only: no passage block
  {
    key: 'nameOnly',
    filename: 'Tegninger/Takrenner detalj.txt',
    text: 'Detalj av festebrakett, skala 1:5.',
  },
  // markup in a page's text is shown as text, and a long code wraps instead of widening the page
  {
    key: 'markup',
    filename: 'Avvik/Avvik 17.txt',
    text: `Avvik 17: <img src=x onerror="window.hacked=1"> takrennene <b>lekker</b> ved ${LONG_CODE} i 3. etasje.`,
  },
];

/**
 * Passages in search in a real Chromium against the real service: each hit shows the excerpts of its pages that
 * matched with the matched words marked (inflected and typo-corrected forms too), the page they are on, and opens the
 * document at that page with the passage marked; a hit on its name only has no passage block; in Norwegian and
 * English, at desktop and phone widths.
 */
describe('search passages in a browser', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;
  let owner: OwnerWorld['owner'];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-passages-web-', password: 'generated', owner: {} });
    ({ base, owner } = world);
    for (const file of FILES) {
      ids[file.key] = await world.upload({
        filename: file.filename,
        contentType: file.pages ? 'application/pdf' : 'text/plain',
        body: file.pages ? await makePdf(file.pages) : Buffer.from(file.text ?? ''),
      });
    }
    await world.processed();
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
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // the generated password works once: the first sign-in chooses the administrator's own (issue 42)
    await signInFirstAdmin(page, {
      wanted: `${base}/app${params.at}`,
      login: world.login,
      newPassword: 'Takrennene-renses-2026',
    });
    await chooseLanguage(page, params.language);
    return { context, page, errors };
  }

  const searchAt = (query: string, extra = '') =>
    `/search?owner=${owner.id}&building=${owner.buildingId}&q=${encodeURIComponent(query)}${extra}`;
  /** a hit by its file name */
  const hitOf = (page: Page, name: string) =>
    page.locator('ol.hits > li').filter({ has: page.locator('.hit-title', { hasText: name }) });
  /** each passage of a hit as its page label, its text and its marked words */
  const passagesOf = async (page: Page, name: string) =>
    hitOf(page, name)
      .locator('.passage')
      .evaluateAll((links) =>
        links.map((link) => ({
          page: link.querySelector('.passage-page')?.textContent,
          text: link.querySelector('.passage-text')?.textContent,
          marks: [...link.querySelectorAll('mark')].map((mark) => mark.textContent),
        })),
      );
  /** how much wider than the window the page is (0: nothing sticks out) */
  const overflow = (page: Page) =>
    page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

  it(
    'shows the passages that matched with the words marked and opens the page with the passage, in Norwegian',
    { timeout: 180_000 },
    async () => {
      const { context, page, errors } = await open({
        locale: 'nb-NO',
        viewport: { width: 1280, height: 900 },
        language: 'nb',
        at: searchAt('takrennene'),
      });
      const report = hitOf(page, 'Tilstandsrapport tak 2025.pdf');
      await report.waitFor();
      // the passage of page 2, not the document's first line; every form of the word marked
      await expect
        .poll(() => passagesOf(page, 'Tilstandsrapport tak 2025.pdf'))
        .toEqual([
          {
            page: 's. 2',
            text: expect.stringContaining('Takrennene på nordsiden er tette av løv og renner over ved kraftig regn.'),
            marks: ['Takrennene', 'takrennene'],
          },
        ]);
      // the other forms of the word: "Takrenner" in the O&M manual, page 2
      expect(await passagesOf(page, 'FDV beslag og nedløp.pdf')).toEqual([
        { page: 's. 2', text: expect.stringContaining('Takrenner og nedløp i aluminium'), marks: ['Takrenner'] },
      ]);
      // markup in a document is text: shown as written, nothing run
      const markup = await passagesOf(page, 'Avvik 17.txt');
      expect(markup).toEqual([
        { page: 's. 1', text: expect.stringContaining('<img src=x onerror="window.hacked=1">'), marks: ['takrennene'] },
      ]);
      expect(await hitOf(page, 'Avvik 17.txt').locator('img, b').count()).toBe(0);
      expect(await page.evaluate('window.hacked')).toBeUndefined();
      await screenshot(page, path.join(SHOTS, 'search-passages-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      // a hit on its name only keeps its marked name and has no passage block
      await page.goto(`${base}/app${searchAt('takrenner')}`);
      const named = hitOf(page, 'Takrenner detalj.txt');
      await named.waitFor();
      expect(await named.locator('.hit-title mark').textContent()).toBe('Takrenner');
      expect(await named.locator('.passages').count()).toBe(0);
      await expect
        .poll(async () => (await passagesOf(page, 'Tilstandsrapport tak 2025.pdf'))[0]?.marks)
        .toEqual(['Takrennene', 'takrennene']);

      // a passage opens the document at its page with the passage marked, in the preview's own text too
      await report.locator('.passage').first().click();
      await page.getByRole('heading', { name: /Tilstandsrapport tak 2025\.pdf$/, level: 1 }).waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe(`/app/owners/${owner.id}/buildings/${owner.buildingId}/documents/${ids.report}`);
      expect(url.searchParams.get('page')).toBe('2');
      expect(await page.locator('.quote mark').textContent()).toContain('Takrennene på nordsiden er tette');
      expect(await page.getByLabel('Side', { exact: true }).inputValue()).toBe('2');
      await expect
        .poll(async () => (await page.locator('.pdf-page mark').allTextContents()).join(' '), { timeout: 30_000 })
        .toContain('Takrennene på nordsiden er tette av løv');
      await screenshot(page, path.join(SHOTS, 'search-passage-document-nb-1280.png'), { fullPage: true });

      // a typo finds the same passage with the right word marked; with typos not allowed it says what to do
      await page.goto(`${base}/app${searchAt('takrenenne')}`);
      await expect
        .poll(async () => (await passagesOf(page, 'Tilstandsrapport tak 2025.pdf'))[0]?.marks, { timeout: 30_000 })
        .toEqual(['Takrennene', 'takrennene']);
      await page.getByLabel('Tillat skrivefeil').uncheck();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('0 treff');
      const advice = page.locator('.empty-hits');
      expect(await advice.textContent()).toContain('Ingen dokumenter nevner «takrenenne». Prøv færre ord');
      await advice.getByRole('button', { name: 'Søk med skrivefeil tillatt' }).click();
      await expect.poll(() => page.getByLabel('Tillat skrivefeil').isChecked()).toBe(true);
      await hitOf(page, 'Tilstandsrapport tak 2025.pdf').waitFor();

      // the phone: passages wrap, a long code included, nothing wider than the screen
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${base}/app${searchAt('takrennene')}`);
      await hitOf(page, 'Avvik 17.txt').locator('.passage').waitFor();
      expect(await overflow(page)).toBe(0);
      await screenshot(page, path.join(SHOTS, 'search-passages-nb-390.png'), { fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'shows passages with "p." and keeps facets working, with an empty state that says what to do, in English',
    { timeout: 180_000 },
    async () => {
      const { context, page, errors } = await open({
        locale: 'en-GB',
        viewport: { width: 390, height: 844 },
        language: 'en',
        at: searchAt('takrennene'),
      });
      await hitOf(page, 'Tilstandsrapport tak 2025.pdf').locator('.passage').waitFor();
      expect((await passagesOf(page, 'Tilstandsrapport tak 2025.pdf'))[0]).toMatchObject({
        page: 'p. 2',
        marks: ['Takrennene', 'takrennene'],
      });
      expect(await overflow(page)).toBe(0);
      await screenshot(page, path.join(SHOTS, 'search-passages-en-390.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 1280, height: 900 });
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent()).toMatch(/^\d+ hits$/);
      const all = Number.parseInt((await status.textContent()) ?? '', 10);
      // a facet narrows the hits and the passages stay; a facet with nothing left says how to get hits back
      const facets = page.getByRole('complementary', { name: 'Narrow down' });
      await facets.getByRole('button', { name: /^txt/ }).click();
      await page.waitForURL(/extension=txt/);
      // each change searches again: a loaded machine may take more than the poll's default second
      await expect
        .poll(async () => Number.parseInt((await status.textContent()) ?? '', 10), { timeout: 30_000 })
        .toBeLessThan(all);
      expect((await page.locator('ol.hits > li .hit-title').allTextContents()).sort()).toEqual([
        'Avvik 17.txt',
        'Takrenner detalj.txt',
      ]);
      expect((await passagesOf(page, 'Avvik 17.txt'))[0]?.marks).toEqual(['takrennene']);
      await screenshot(page, path.join(SHOTS, 'search-passages-en-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto(`${base}/app${searchAt('takrennene', '&extension=dwg')}`);
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('0 hits');
      const advice = page.locator('.empty-hits');
      expect(await advice.textContent()).toContain('No hits for “takrennene” with these filters.');
      await screenshot(page, path.join(SHOTS, 'search-passages-empty-en-1280.png'), { fullPage: true });
      await advice.getByRole('button', { name: 'Clear the filters' }).click();
      await expect
        .poll(async () => Number.parseInt((await status.textContent()) ?? '', 10), { timeout: 30_000 })
        .toBe(all);

      // the passage opens the document at its page
      await hitOf(page, 'FDV beslag og nedløp.pdf').locator('.passage').first().click();
      await page.getByRole('heading', { name: /FDV beslag og nedløp\.pdf$/, level: 1 }).waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await page.getByLabel('Page', { exact: true }).inputValue()).toBe('2');
      await expect
        .poll(async () => (await page.locator('.pdf-page mark').allTextContents()).join(' '), { timeout: 30_000 })
        .toContain('Takrenner og nedløp');
      await screenshot(page, path.join(SHOTS, 'search-passage-document-en-1280.png'), { fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
