import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../helpers/chromium.js';
import { makePdf } from '../helpers/document-fixtures.js';
import {
  callAs,
  chooseLanguage,
  type OwnerWorld,
  SHOTS,
  signInFirstAdmin,
  startWebWorld,
} from '../helpers/web-world.js';

/**
 * Each page of the app in the four ways people see it (Norwegian and English, desktop and phone), once its content has
 * loaded: none wider than the window, none with a word of the other language. Screenshots in
 * test-output/web/four-<page>-<language>-<width>.png.
 */
describe('every page in both languages at both widths', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;
  let owner: OwnerWorld['owner'];
  let context: BrowserContext;
  let page: Page;
  let documentId = '';
  let projectPath = '';
  const files = ['ARK/Plan 1. etasje.pdf', 'RIV/FDV ventilasjonsaggregat.pdf', 'RIE/Kursfortegnelse.pdf'];

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-four-views-', password: 'generated', owner: {} });
    ({ base, owner } = world);
    for (const filename of files) {
      const id = await world.upload({
        filename,
        body: await makePdf([
          `${filename}\nDrift og vedlikehold.${filename.includes('ventilasjon') ? '\nFilteret i ventilasjonsaggregatet skal byttes hver sjette måned.' : ''}`,
        ]),
      });
      if (filename.includes('ventilasjon')) documentId = id;
    }
    await world.processed((status) => status.processed_documents === files.length);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nb-NO', bypassCSP: true });
    page = await context.newPage();
    await signInFirstAdmin(page, { wanted: `${base}/app/`, login: world.login, newPassword: 'Fire-visninger-2026' });
    const call = callAs(page, base);
    const project = await call('POST', `/construction/customers/${owner.customerId}/projects`, {
      name: 'Skole Nord',
      buildings: [{ name: 'Hovedbygg' }],
    });
    await call('POST', `/construction/customers/${owner.customerId}/projects/${project.id}/subcontractors`, {
      companyName: 'Rør & Varme AS',
      email: 'kari@rorvarme.test',
    });
    projectPath = `/projects/${owner.customerId}/${project.id}`;
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await world?.stop();
  });

  /** the page at `at`, in each language and at each width, once `ready` is on it */
  async function fourWays(
    name: string,
    at: string,
    ready: (page: Page) => Promise<unknown>,
    check?: (page: Page, language: 'nb' | 'en', width: number) => Promise<void>,
  ) {
    for (const language of ['nb', 'en'] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${base}/app${at}`);
      await page.locator('header .who').waitFor();
      await chooseLanguage(page, language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await ready(page);
        // the content itself, not the page still loading
        await expect
          .poll(() =>
            page
              .locator('main')
              .getByText(/^(Laster|Loading) …$/)
              .count(),
          )
          .toBe(0);
        await screenshot(page, path.join(SHOTS, `four-${name}-${language}-${width}.png`), { fullPage: true });
        await expect
          .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: `${name} ${width}` })
          .toBeLessThanOrEqual(width);
        await check?.(page, language, width);
      }
    }
  }

  const building = () => `/owners/${owner.id}/buildings/${owner.buildingId}`;

  /** a share written as the language writes it: "100%" in English, "100 %" (a space that never breaks) in Norwegian */
  async function percentages(page: Page, language: 'nb' | 'en', where: string) {
    const text = (await page.locator(where).allTextContents()).join(' ');
    expect(text).toMatch(/\d/);
    const shares = text.match(/\d+\s?%/g) ?? [];
    expect(shares.length).toBeGreaterThan(0);
    for (const share of shares) expect(share).toMatch(language === 'en' ? /^\d+%$/ : /^\d+\u00a0%$/);
  }

  it('portfolio, building, document', { timeout: 300_000 }, async () => {
    await fourWays(
      'portfolio',
      '/',
      (page) => page.locator('.card .progress progress').first().waitFor(),
      (page, language) => percentages(page, language, '.card .progress'),
    );
    await fourWays(
      'building',
      building(),
      (page) => page.locator('table.documents tbody tr[aria-rowindex]').first().waitFor(),
      (page, language) => percentages(page, language, '.progress'),
    );
    await fourWays('document', `${building()}/documents/${documentId}`, (page) =>
      page.locator('.react-pdf__Page canvas').waitFor({ timeout: 30_000 }),
    );
  });

  it('search, ask, maintenance, report', { timeout: 300_000 }, async () => {
    await fourWays('search', '/search?q=ventilasjonsaggregat', (page) => page.locator('mark').first().waitFor());
    await fourWays(
      'ask',
      `${building()}/ask`,
      (page) => page.locator('textarea, input').first().waitFor(),
      async (page, language, width) => {
        if (width !== 1280) return;
        // beside the question, "New conversation" stands level with the page's heading, not above it
        const heading = (await page.locator('main h1').boundingBox())!;
        const start = (await page
          .getByRole('button', { name: language === 'en' ? 'New conversation' : 'Ny samtale' })
          .boundingBox())!;
        expect(Math.abs(start.y + start.height / 2 - (heading.y + heading.height / 2))).toBeLessThanOrEqual(3);
      },
    );
    await fourWays('maintenance', `${building()}/maintenance`, (page) => page.locator('h1').first().waitFor());
    // a report made, so its progress per theme is there to read
    await page.goto(`${base}/app${building()}/report`);
    await page.getByRole('button', { name: /^(Lag rapport|Generate report)$/ }).click();
    await page.locator('ul.theme-bars li').first().waitFor({ timeout: 60_000 });
    await fourWays(
      'report',
      `${building()}/report`,
      (page) => page.locator('ul.theme-bars li').first().waitFor(),
      (page, language) => percentages(page, language, 'ul.theme-bars'),
    );
  });

  it('account, webhooks', { timeout: 300_000 }, async () => {
    for (const tab of ['profile', 'assistants']) {
      await fourWays(`account-${tab}`, `/account?tab=${tab}`, (page) => page.locator('main h2').first().waitFor());
    }
    await fourWays(
      'account-keys',
      '/account?tab=keys',
      (page) => page.locator('main h2').first().waitFor(),
      async (page, language, width) => {
        if (width !== 1280) return;
        // a new key's button right after its fields (the expiry's long label wraps over its date instead of widening
        // its column), its foot level with theirs
        const form = page.locator('main form.inline-form');
        const name = (await form
          .getByRole('textbox', { name: language === 'en' ? 'Name of the key' : 'Navn på nøkkelen' })
          .boundingBox())!;
        const calendar = (await form.locator('button.date-open').boundingBox())!;
        const create = (await form
          .getByRole('button', { name: language === 'en' ? 'Create key' : 'Lag nøkkel' })
          .boundingBox())!;
        expect(create.x - (calendar.x + calendar.width)).toBeGreaterThanOrEqual(0);
        expect(create.x - (calendar.x + calendar.width)).toBeLessThanOrEqual(16);
        expect(Math.abs(create.y + create.height - (name.y + name.height))).toBeLessThanOrEqual(1);
        expect(Math.abs(calendar.y + calendar.height - (name.y + name.height))).toBeLessThanOrEqual(1);
      },
    );
    // where the person is signed in: a table aligned and spaced as the app's others, each browser a card on a phone;
    // with a personal key, the password form offers to revoke it with the new password
    await callAs(page, base)('POST', '/auth/api-keys', { name: 'Nattlig eksport' });
    await fourWays(
      'account-security',
      '/account?tab=security',
      (page) => page.locator('table.sessions tbody tr').first().waitFor(),
      async (page, language, width) => {
        const revoke = page.getByRole('checkbox', {
          name:
            language === 'en'
              ? 'Also revoke my personal API keys (1)'
              : 'Trekk også tilbake mine personlige API-nøkler (1)',
        });
        await revoke.waitFor();
        // the box before its words, not stretched over the form's width
        expect((await revoke.boundingBox())!.width).toBeLessThan(40);
        // (a string: the server's TypeScript has no DOM types)
        const cells = await page.evaluate<
          { header: boolean; align: string; padding: number; right: number; label: string; shown: boolean }[]
        >(`[...document.querySelectorAll('table.sessions th, table.sessions td')].map((cell) => {
          const style = getComputedStyle(cell);
          const box = cell.getBoundingClientRect();
          return {
            header: cell.tagName === 'TH',
            align: style.textAlign,
            padding: parseFloat(style.paddingLeft) + parseFloat(style.paddingRight),
            right: box.right,
            label: getComputedStyle(cell, '::before').content,
            shown: box.width > 1,
          };
        })`);
        expect(cells.filter((cell) => cell.shown).every((cell) => cell.right <= width)).toBe(true);
        if (width === 1280) {
          expect(cells.filter((cell) => cell.header).map((cell) => cell.align)).toEqual(Array(5).fill('left'));
          // the columns do not run into each other
          expect(cells.every((cell) => cell.padding > 0)).toBe(true);
        } else {
          // the headers are not on the screen: each line says what it is
          const address = language === 'en' ? '"Address: "' : '"Adresse: "';
          expect(cells.map((cell) => cell.label)).toContain(address);
        }
      },
    );
    // the account's history: what happened in words (never an action's code), the address, each event a card on a phone
    await fourWays(
      'account-history',
      '/account?tab=history',
      (page) => page.locator('main table.audit tbody tr').first().waitFor(),
      async (page, language, width) => {
        const main = (await page.locator('main').textContent())!;
        expect(main).not.toMatch(/\b(auth|api_key|user)\.[a-z_]+/);
        expect(main).toContain(language === 'en' ? 'API key created' : 'API-nøkkel laget');
        expect(main).toContain(language === 'en' ? 'Key: Nattlig eksport' : 'Nøkkel: Nattlig eksport');
        const rights = await page.evaluate<number[]>(
          `[...document.querySelectorAll('table.audit td')].map((cell) => cell.getBoundingClientRect().right)`,
        );
        expect(rights.every((right) => right <= width)).toBe(true);
      },
    );
    await fourWays('webhooks', '/webhooks', (page) => page.locator('main h2').first().waitFor());
  });

  it('people and access', { timeout: 300_000 }, async () => {
    // the page, the navigation and its list all say people, never users
    await fourWays(
      'people',
      '/people',
      (page) => page.locator('main #members-title').waitFor(),
      async (page, language) => {
        // named by the customer's name, not the word "customer"
        expect(await page.locator('main #members-title').textContent()).toBe(
          language === 'en' ? 'People in Bryggen Eiendom AS' : 'Personer i Bryggen Eiendom AS',
        );
        expect(await page.locator('main').textContent()).not.toMatch(language === 'en' ? /\bUsers?\b/ : /\bBrukere?\b/);
      },
    );
  });

  it('projects, a project, its documents and handover', { timeout: 300_000 }, async () => {
    await fourWays('projects', '/projects', (page) => page.locator('.card').first().waitFor());
    await fourWays('project', projectPath, (page) => page.getByText('Rør & Varme AS').first().waitFor());
    // a project without documents says where they come from, not an empty table to filter
    await fourWays(
      'project-documents',
      `${projectPath}/documents`,
      (page) => page.locator('main .empty-state').waitFor(),
      async (page, language) => {
        expect(await page.locator('main .empty-state').textContent()).toMatch(
          language === 'en' ? /^No documents in this project yet\. / : /^Ingen dokumenter i prosjektet ennå\. /,
        );
        expect(await page.locator('main table.documents').count()).toBe(0);
        // nor a renaming by the naming convention, with nothing to rename
        expect(await page.locator('main #rename-title').count()).toBe(0);
      },
    );
    await fourWays('handover', `${projectPath}/handover`, (page) =>
      page.getByLabel(/^(Sjekkliste|Checklist)/).waitFor(),
    );
  });

  it('a project’s members', { timeout: 300_000 }, async () => {
    // nobody in the project yet: said in words, not a table of headers; the invitation in the page's language, also
    // after the person switched languages on the page
    await fourWays(
      'project-members',
      `${projectPath}/members`,
      (page) => page.locator('main .empty-state').waitFor(),
      async (page, language) => {
        // the tab and the page's heading say the same word, the one the top navigation uses for people
        const word = language === 'en' ? 'People' : 'Personer';
        expect(await page.locator('main nav a[aria-current="page"]').textContent()).toBe(word);
        expect(await page.locator('header nav').getByRole('link', { name: word, exact: true }).count()).toBe(1);
        expect(await page.locator('main #project-members-title').textContent()).toBe(
          language === 'en' ? 'People in the project' : 'Personer i prosjektet',
        );
        expect(await page.locator('main .empty-state').textContent()).toBe(
          language === 'en'
            ? 'Nobody in this project yet. Invite the first one below.'
            : 'Ingen i prosjektet ennå. Inviter den første nedenfor.',
        );
        expect(await page.locator('main table.members').count()).toBe(0);
        const mail = page.getByRole('combobox', { name: /^(Språk i invitasjonen|Language of the invitation)/ });
        expect(await mail.inputValue()).toBe(language);
      },
    );
  });
});
