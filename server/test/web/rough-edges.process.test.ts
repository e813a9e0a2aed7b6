import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import {
  SHOTS,
  startWebWorld,
  signedInSession,
  chooseLanguage,
  type OwnerWorld,
  type BrowserSession,
} from '../helpers/web-world.js';

/**
 * The rough edges of a first day, as classes, in both languages at 1280 and 390 px: every visited page's visible
 * text holds no raw catalogue id (snake_case) and no sentence of the other language, the page never widens beyond
 * the window (a long unbroken name wraps), the building table shows its State column at 1280 px, dates follow the
 * browser's locale (en-GB: day before month), sizes read "B" not "byte", and no request of normal use fails (no
 * report, no zip yet, the favicon). Screenshots in test-output/web/rough-*.png.
 */
const LONG_NAME = `Eiendomsselskapet${'Bryggeriet'.repeat(6)}AS`;
const LONG_FILE = `FDV${'ventilasjonsaggregat'.repeat(4)}.pdf`;

/** words that mark a sentence as Norwegian or English (function words, not names) */
const WORDS = {
  nb: new Set([
    'og',
    'ikke',
    'eller',
    'med',
    'av',
    'til',
    'fra',
    'er',
    'på',
    'som',
    'det',
    'har',
    'du',
    'denne',
    'kan',
  ]),
  en: new Set(['the', 'and', 'not', 'with', 'of', 'to', 'from', 'is', 'on', 'which', 'it', 'has', 'you', 'your', 'a']),
  // more English: words no Norwegian sentence has
  enMore: new Set(['this', 'or', 'more', 'in', 'be', 'can', 'needs', 'that']),
};

/** sentences (lines of four words or more) with at least two marker words of the other language and none of its own */
export function sentencesInOther(text: string, language: 'nb' | 'en'): string[] {
  const english = new Set([...WORDS.en, ...WORDS.enMore]);
  const other = language === 'nb' ? english : WORDS.nb;
  const own = language === 'nb' ? WORDS.nb : english;
  return text
    .split(/\n|(?<=[.!?:])\s+/)
    .map((line) => line.trim())
    .filter((line) => {
      // whole words only: a checksum's letters are no words
      const words = line
        .toLowerCase()
        .split(/[\s,;()«»"“”]+/)
        .filter((word) => /^\p{L}+$/u.test(word));
      if (words.length < 4) return false;
      return words.filter((w) => other.has(w)).length >= 2 && words.filter((w) => own.has(w)).length === 0;
    });
}

/** raw snake_case catalogue ids (om_instructions, lift_documents, READ_ACCESS) in visible text */
const rawIds = (text: string) => text.match(/\b([a-z]+_[a-z_]+|[A-Z]+_[A-Z_]+)\b/g) ?? [];

describe('the rough edges of a first day, in both languages and two widths', () => {
  let running: OwnerWorld;
  let browser: Browser;
  let base: string;
  let login: OwnerWorld['login'];
  let owner: OwnerWorld['owner'];

  beforeAll(async () => {
    running = await startWebWorld({
      prefix: 'byggdok-rough-',
      password: 'set',
      owner: { partner: 'Rough edges', name: LONG_NAME, building: `Bygg${'Sentrum'.repeat(8)}` },
    });
    ({ base, login, owner } = running);
    for (const filename of [`RIV/${LONG_FILE}`, 'ARK/Plan 1. etasje.pdf']) {
      await running.upload({
        filename,
        body: await makePdf([`${filename}\nDrift og vedlikehold.\nFilteret skal byttes hver sjette måned.`]),
      });
    }
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  let session: Promise<BrowserSession> | undefined;
  async function signedIn(language: 'nb' | 'en', width: number) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: language === 'nb' ? 'nb-NO' : 'en-GB',
      storageState: await (session ??= signedInSession(browser, base, login)),
    });
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${base}/app/`);
    await page.locator('header .who').waitFor();
    await chooseLanguage(page, language);
    failed.length = 0;
    return { context, page, failed };
  }

  /** opens a page of the app, lets it settle, and checks the classes on what a person sees */
  async function visit(page: Page, pathname: string, shot: string, language: 'nb' | 'en', width: number) {
    await page.goto(`${base}${pathname}`);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByText(/^(Laster|Loading) …$/).count(), { timeout: 15_000 }).toBe(0);
    const text = await page.evaluate<string>('document.body.innerText');
    expect.soft(rawIds(text), `${shot}: raw ids`).toEqual([]);
    expect.soft(sentencesInOther(text, language), `${shot}: sentences in the other language`).toEqual([]);
    expect.soft(text, `${shot}: sizes in B`).not.toMatch(/\d\s?bytes?\b/);
    const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect.soft(scrollWidth, `${shot}: the page fits the window`).toBeLessThanOrEqual(width);
    await screenshot(page, path.join(SHOTS, `rough-${language}-${width}-${shot}.png`), { fullPage: true });
    return text;
  }

  /**
   * the building's documents on a phone: a card each, the long name whole (wrapped, inside the card), the columns by
   * name on lines of their own, the box choosing a document for bulk work and the sorting still at hand (a select)
   */
  async function cards(page: Page, language: 'nb' | 'en') {
    const changed = language === 'nb' ? 'Endret' : 'Changed';
    const box = (await page.locator('.documents-scroll').boundingBox())!;
    const long = page.locator('table.documents tbody tr[aria-rowindex]').filter({ hasText: LONG_FILE });
    const name = (await long.getByRole('link', { name: LONG_FILE }).boundingBox())!;
    expect(name.x + name.width).toBeLessThanOrEqual(box.x + box.width);
    // wrapped over lines, not cut with an ellipsis
    expect(name.height).toBeGreaterThan(30);
    // each line named by its column (a label the card draws before it); lines with nothing to say left off
    const lines = await long.locator('td').evaluateAll((cells) => {
      // the browser's own function (this file is type-checked without the DOM library)
      const style = (globalThis as unknown as { getComputedStyle: (e: unknown, pseudo?: string) => CSSLike })
        .getComputedStyle;
      return cells
        .filter((cell) => style(cell).display !== 'none')
        .map((cell) => ({ label: style(cell, '::before').content, text: cell.textContent }));
    });
    expect(lines.map((line) => line.label)).toContain(`"${changed}: "`);
    expect(lines.map((line) => line.text)).not.toContain('–');
    // the sorting in a select on the bar over the cards (the columns' heads are not drawn)
    const sortBy = page.locator('table.documents thead select').getByRole('option', { name: /^NS 3451, / });
    expect(await sortBy.count()).toBe(2);
    expect(await page.locator('table.documents thead select').isVisible()).toBe(true);
    await long.getByRole('checkbox').check();
    await page.locator('.bulk-actions').waitFor();
    expect(await page.locator('.documents-scroll').evaluate((b) => b.scrollWidth - b.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    await screenshot(page, path.join(SHOTS, `rough-${language}-390-building-chosen.png`), { fullPage: true });
    await long.getByRole('checkbox').uncheck();
  }

  for (const language of ['nb', 'en'] as const) {
    for (const width of [1280, 390]) {
      it(`holds in ${language} at ${width} px`, { timeout: 180_000 }, async () => {
        const { context, page, failed } = await signedIn(language, width);
        const building = `/app/owners/${owner.id}/buildings/${owner.buildingId}`;
        await visit(page, '/app/', 'portfolio', language, width);
        const table = await visit(page, building, 'building', language, width);
        if (language === 'en') expect(table).toMatch(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/);
        // the documents' box never scrolls sideways: a table that fits it at 1280 px, a card per document at 390 px
        const scroller = page.locator('.documents-scroll');
        expect(await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
        if (width === 1280) {
          // the State column is inside the table's box, not cut off
          const box = await scroller.boundingBox();
          const state = await page.locator('table.documents th').last().boundingBox();
          expect(box && state && state.x + state.width <= box.x + box.width + 1).toBe(true);
        } else {
          await cards(page, language);
          // the filters besides the name's wait behind one button on a phone: the documents start near the top
          const more = page.getByRole('button', { name: language === 'nb' ? 'Flere filtre' : 'More filters' });
          const floor = page.locator('#building-more-filters select').first();
          expect(await floor.isVisible()).toBe(false);
          await more.click();
          expect(await floor.isVisible()).toBe(true);
          await more.click();
          expect(await floor.isVisible()).toBe(false);
        }
        if (width === 1280) {
          // a wide screen has the room: every filter in view, no button for more
          expect(await page.locator('#building-more-filters select').first().isVisible()).toBe(true);
          expect(await page.locator('button.more-filters').isVisible()).toBe(false);
        }
        const documentPath = await page.locator('table.documents a').first().getAttribute('href');
        const document = await visit(page, documentPath!, 'document', language, width);
        // the classification in words: fields and values by name, not asBuilt / buildingCategory
        expect(document).not.toMatch(/\b(asBuilt|isSchemaDrawing|buildingCategory|informationTypes?)\b/);
        await visit(page, `${building}/report`, 'report', language, width);
        await visit(page, '/app/people', 'people', language, width);
        await visit(page, '/app/projects', 'projects', language, width);
        expect(failed).toEqual([]);
        await context.close();
      });
    }
  }

  it('serves a favicon and app icons through a manifest', async () => {
    for (const file of ['favicon.svg', 'icon-192.png', 'icon-512.png', 'manifest.webmanifest']) {
      expect((await fetch(`${base}/app/${file}`)).status, file).toBe(200);
    }
    const ico = await fetch(`${base}/favicon.ico`, { redirect: 'manual' });
    expect(ico.status).toBe(301);
    expect(ico.headers.get('location')).toBe('/app/favicon.svg');
    const manifest = (await (await fetch(`${base}/app/manifest.webmanifest`)).json()) as { icons: { src: string }[] };
    expect(manifest.icons.map((icon) => icon.src)).toContain('/app/icon-512.png');
  });

  it('tells a sentence of the other language from names and short labels', () => {
    expect(sentencesInOther('Noe gikk galt: This operation needs the WRITE_ACCESS role or more', 'nb')).toHaveLength(1);
    expect(sentencesInOther('Bryggen Eiendom AS\nKontorbygg Sentrum', 'en')).toEqual([]);
    expect(rawIds('Last opp om_instructions, warranty')).toEqual(['om_instructions']);
  });
});

interface CSSLike {
  display: string;
  content: string;
}
