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

const WORDS = {
  en: {
    notice: 'This project is archived.',
    reactivate: 'Reactivate',
    reactivated: 'The project is active again. Send subcontractors new links: the old ones stay ended.',
    noHandover: 'An archived project cannot be handed over. Reactivate it first.',
    changes: ['Edit project', 'Archive project', 'New delivery', 'Add subcontractor', 'Add building'],
    previewRename: 'Preview new names',
    pattern: 'Pattern',
    applyRename: /^Rename \d+ documents?$/,
    portalLink: /^Send portal link to/,
    membersTab: 'People',
    membersHeading: 'People in the project',
  },
  nb: {
    notice: 'Dette prosjektet er arkivert.',
    reactivate: 'Gjenåpne',
    reactivated: 'Prosjektet er aktivt igjen. Send nye lenker til underentreprenørene: de gamle virker ikke lenger.',
    noHandover: 'Et arkivert prosjekt kan ikke overleveres. Gjenåpne det først.',
    changes: ['Endre prosjektet', 'Arkiver prosjekt', 'Ny leveranse', 'Legg til underentreprenør', 'Legg til bygg'],
    previewRename: 'Forhåndsvis nye navn',
    pattern: 'Mønster',
    applyRename: /^Gi \d+ dokumenter? nytt navn$/,
    portalLink: /^Send portallenke til/,
    membersTab: 'Personer',
    membersHeading: 'Personer i prosjektet',
  },
} as const;

/**
 * An archived project in a real Chromium against the real service: every page of it says that it is archived, offers
 * no change (the server would refuse it), and offers its OWNERs to reactivate it; once reactivated, the changes are
 * offered again. It is archived from its overview, after a warning that its portal links end. In Norwegian and English, at desktop and phone widths (screenshots in test-output/web).
 */
describe('an archived project in a browser', () => {
  let world: OwnerWorld;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    world = await startWebWorld({ prefix: 'byggdok-archived-web-', password: 'generated', owner: {} });
    ({ base } = world);
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  /** screenshots at both widths; the page never wider than the window */
  async function shots(page: Page, name: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(page, path.join(SHOTS, `${name}-${width}.png`), { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('says so on every page, offers no change, and lets an OWNER reactivate it', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      // the accessibility check injects axe-core as a script
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signInFirstAdmin(page, {
      wanted: `${base}/app/projects`,
      login: world.login,
      newPassword: 'Arkivert-prosjekt-2026',
    });
    const call = callAs(page, base);
    const customerId = world.owner.customerId;
    const project = await call('POST', `/construction/customers/${customerId}/projects`, {
      name: 'Skole Vest',
      projectNumber: 'P-2207',
      buildings: [{ name: 'Hovedbygg' }],
    });
    const projectBase = `/construction/customers/${customerId}/projects/${project.id}`;
    const subcontractor = await call('POST', `${projectBase}/subcontractors`, {
      companyName: 'Rør & Varme AS',
      email: 'kari@rorvarme.test',
    });
    // a document from the plumber's portal while the project is active, so there is something to rename
    const { token } = await call('POST', `${projectBase}/subcontractors/${subcontractor.id}/tokens`, {});
    const registered = await fetch(`${base}/construction/public/upload/${project.id}/${subcontractor.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ buildingId: project.buildings[0].id, filename: 'FDV sanitær.pdf' }),
    }).then((r) => r.json() as Promise<{ uploadUrl: string }>);
    expect((await fetch(registered.uploadUrl, { method: 'PUT', body: await makePdf(['FDV sanitær']) })).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await call('GET', `/construction/documents/project/${project.id}`)).documents.length)
      .toBe(1);
    await call('POST', '/construction/deliveries/', {
      customerId,
      projectId: project.id,
      buildingCategory: '315',
      fullCategory: '315',
      description: 'Sanitæranlegg',
      informationTypesExpected: ['FDV-dokumentasjon', 'Produktdatablad'],
    });
    const app = `${base}/app/projects/${customerId}/${project.id}`;

    // archived by its OWNER from the overview, after a warning that says what it ends (asked in Norwegian first, and
    // not done)
    await page.goto(app);
    await chooseLanguage(page, 'nb');
    await page.getByRole('button', { name: 'Arkiver prosjekt', exact: true }).click();
    const spurt = page.getByRole('dialog', { name: 'Arkiver prosjekt' });
    await spurt.getByText('alle lenker som er sendt til underentreprenørene slutter å virke for godt').waitFor();
    await shots(page, 'archive-project-confirm-nb');
    await spurt.getByRole('button', { name: 'Avbryt' }).click();
    await spurt.waitFor({ state: 'detached' });
    expect((await call('GET', projectBase)).status).toBe('ACTIVE');
    await chooseLanguage(page, 'en');
    await page.getByRole('button', { name: 'Archive project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive project' });
    await dialog.getByText('every link sent to its subcontractors stops working for good').waitFor();
    await shots(page, 'archive-project-confirm-en');
    await dialog.getByRole('button', { name: 'Archive project' }).click();
    await page
      .locator('.toasts')
      .getByText('The project is archived. Its subcontractor links no longer work.')
      .waitFor();
    expect((await call('GET', projectBase)).status).toBe('ARCHIVED');

    for (const language of ['en', 'nb'] as const) {
      const words = WORDS[language];
      await page.goto(app);
      await chooseLanguage(page, language);
      const notice = page.getByRole('note').filter({ hasText: words.notice });
      await notice.waitFor();
      await page.getByRole('region', { name: language === 'en' ? 'Deliveries' : 'Leveranser' }).waitFor();
      await page.getByText('Sanitæranlegg').waitFor();
      await page.getByText('Rør & Varme AS').first().waitFor();
      expect(await notice.getByRole('button', { name: words.reactivate }).isEnabled()).toBe(true);
      for (const change of words.changes) {
        expect(await page.getByRole('button', { name: change, exact: true }).count(), change).toBe(0);
      }
      expect(await page.getByRole('button', { name: words.portalLink }).count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await shots(page, `archived-project-${language}`);

      // the other pages of the project say so too, and offer no change either
      await page.goto(`${app}/documents`);
      await notice.waitFor();
      // the new names are previewed (a read), and not given
      await page.getByRole('button', { name: words.previewRename }).click();
      await page.getByText(`${words.pattern}:`).waitFor();
      expect(await page.getByRole('button', { name: words.applyRename }).count()).toBe(0);
      await page.goto(`${app}/handover`);
      await notice.waitFor();
      await page.getByText(words.noHandover).waitFor();
      // and who works in it is still managed
      await page
        .getByRole('navigation', { name: language === 'en' ? 'Parts of the project' : 'Prosjektets deler' })
        .getByRole('link', { name: words.membersTab, exact: true })
        .click();
      await page.getByRole('heading', { name: words.membersHeading }).waitFor();
      await notice.waitFor();
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByText(/^(Loading|Laster)/).count()).toBe(0);
      // the project's log says it in words: from which status to which
      await page.getByText(language === 'en' ? 'Status: Active → Archived' : 'Status: Aktivt → Arkivert').waitFor();
      expect(
        await page.getByRole('button', { name: language === 'en' ? 'Send invitation' : 'Send invitasjon' }).count(),
      ).toBe(1);
    }
    await shots(page, 'archived-project-members-nb');

    // reactivated from the notice: the changes come back
    await page.goto(app);
    await chooseLanguage(page, 'en');
    const notice = page.getByRole('note').filter({ hasText: WORDS.en.notice });
    // the page settled in its language first: a click on a button being drawn again is lost
    await page.waitForLoadState('networkidle');
    await notice.getByRole('button', { name: WORDS.en.reactivate }).click();
    await page.locator('.toasts').getByText(WORDS.en.reactivated).waitFor();
    await page.getByRole('button', { name: 'Edit project', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New delivery', exact: true }).waitFor();
    expect(await notice.count()).toBe(0);
    const status = await call('GET', projectBase);
    expect(status.status).toBe('ACTIVE');
    await page.goto(`${app}/documents`);
    await page.getByRole('button', { name: WORDS.en.previewRename }).click();
    await page.getByRole('button', { name: WORDS.en.applyRename }).waitFor();
    await context.close();
  });
});
