import path from 'node:path';
import { verifyWebhook } from '@byggdok/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { SHOTS, startWebWorld, type WebWorld } from '../helpers/web-world.js';

/** an address with a path far longer than a phone is wide */
const LONG_PATH = `/integrasjoner/erp/byggdok/leveranser/${'mottak-av-hendelser-'.repeat(4)}slutt`;

/**
 * The Webhooks page in a real Chromium against the real service (WEBHOOKS_ALLOW_PRIVATE, so a receiver on loopback
 * may be the target): an ADMIN registers a URL and sees the secret once, sends a test event that arrives signed with
 * that secret, sees the delivery's status, and turns the webhook off; in Norwegian and English, desktop and phone.
 */
describe('the Webhooks page in a browser', () => {
  let running: WebWorld | undefined;
  let base: string;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let login: { email: string; password: string };
  let adminToken = '';
  let customerId = '';
  /** the operator's signed-in browser state, from the first test */
  let adminState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    running = await startWebWorld({
      prefix: 'byggdok-webhooks-web-',
      env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_SCHEDULE: '0,0' },
      password: 'generated',
      customer: 'Totalentreprenør AS',
    });
    ({ base, login, adminToken } = running);
    customerId = running.customerId!;
    browser = await launchChromium();
  }, 300_000);

  /** signs in on the embedded login page and lands on the Webhooks page (the first password is changed once) */
  async function signIn(page: Page, who: { email: string; password: string }) {
    const wanted = `${base}/app/webhooks`;
    await page.goto(wanted);
    await page.waitForURL(/\/(oidc|auth)\//).catch(() => undefined);
    await page.fill('#email', who.email);
    await page.fill('#password', who.password);
    await page.click('button[type=submit]');
    const chosen = page.getByLabel(/^(Nytt passord|New password)/);
    await chosen.or(page.locator('header .who')).first().waitFor();
    if (await chosen.isVisible()) {
      await chosen.fill('Webhooks-passord-2026!');
      await page.getByLabel(/^(Gjenta passordet|Repeat)/).fill('Webhooks-passord-2026!');
      await page.click('button[type=submit]');
    }
    await page.waitForURL(wanted, { timeout: 120_000 }).catch(async (error: unknown) => {
      await screenshot(page, path.join(SHOTS, 'webhooks-sign-in-failed.png'), { fullPage: true });
      throw new Error(
        `sign-in did not reach the page: ${page.url()} ${(await page.textContent('body'))?.slice(0, 500)}`,
        {
          cause: error,
        },
      );
    });
  }

  /** the page is no wider than the window: nothing sticks out sideways */
  async function fitsWidth(page: Page) {
    const { scroll, width } = await page.evaluate<{ scroll: number; width: number }>(
      '({ scroll: document.documentElement.scrollWidth, width: window.innerWidth })',
    );
    expect(scroll).toBeLessThanOrEqual(width);
  }

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await receiver?.close();
  });

  it(
    'registers, shows the secret once, tests and shows the delivery, in Norwegian and English',
    { timeout: 600_000 },
    async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'nb-NO',
        bypassCSP: true,
      });
      const page = await context.newPage();
      await signIn(page, login);
      await page.locator('header .who').waitFor();
      await page
        .getByRole('banner')
        .getByLabel(/^(Språk|Language)/)
        .selectOption('nb');
      await page.getByRole('heading', { name: 'Registrer en webhook' }).waitFor();

      await page.getByLabel('Adresse (URL)').fill(receiver.url('/erp'));
      await page.getByLabel(/Prosjekt overlevert/).check();
      await page.getByLabel('Beskrivelse (valgfritt)').fill('ERP');
      await page.getByRole('button', { name: 'Registrer', exact: true }).click();
      const secret = (await page.getByLabel('Signeringsnøkkel', { exact: true }).textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      // one click puts the secret on the clipboard, whole, and says so
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Kopier signeringsnøkkelen' }).click();
      await page.getByRole('status').filter({ hasText: 'Kopiert til utklippstavlen.' }).waitFor();
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
      await page.locator('ul.webhook-cards code', { hasText: receiver.url('/erp') }).waitFor();
      // every event in words, none as its code
      await expect.poll(() => page.locator('ul.webhook-cards').textContent()).toContain('Prosjekt overlevert');
      expect(await page.locator('ul.webhook-cards').textContent()).not.toContain('project.handed_over');
      await screenshot(page, path.join(SHOTS, 'webhooks-nb-1280.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: `Send test til ${receiver.url('/erp')}` }).click();
      await page
        .locator('table.webhook-deliveries td.delivery-succeeded', { hasText: 'Levert' })
        .waitFor({ timeout: 60_000 });
      const row = (await page.locator('table.webhook-deliveries tbody tr').first().textContent()) ?? '';
      expect(row).toContain('Testhendelse');
      expect(row).toContain('HTTP 200');
      expect(row).not.toContain('webhook.test');
      // the moment written as the app writes dates everywhere (6. des. 2026), to the second
      expect(await page.locator('table.webhook-deliveries tbody tr td').first().textContent()).toMatch(
        /^\d{1,2}\. [a-zæøå]+\.? \d{4}, \d{2}:\d{2}:\d{2}$/,
      );
      const [received] = receiver.at('/erp');
      const event = await verifyWebhook(secret, received!.headers as never, received!.body);
      expect(event.type).toBe('webhook.test');
      await screenshot(page, path.join(SHOTS, 'webhooks-deliveries-nb-1280.png'), { fullPage: true });
      // reloaded, the secret is nowhere on the page
      await page.reload();
      await page.locator('ul.webhook-cards code', { hasText: receiver.url('/erp') }).waitFor();
      expect(await page.content()).not.toContain(secret);

      // a receiver that answers 500, at an address far longer than a phone is wide: its failures said in Norwegian
      receiver.failFirst(LONG_PATH, 1000);
      await page.getByLabel('Adresse (URL)').fill(receiver.url(LONG_PATH));
      await page.getByLabel(/Testhendelse/).check();
      await page.getByRole('button', { name: 'Registrer', exact: true }).click();
      await page.locator('ul.webhook-cards code', { hasText: receiver.url(LONG_PATH) }).waitFor();
      await page.getByRole('button', { name: `Send test til ${receiver.url(LONG_PATH)}` }).click();
      await page
        .locator('table.webhook-deliveries td.delivery-failed', { hasText: 'Feilet' })
        .waitFor({ timeout: 60_000 });
      const failed = (await page.locator('table.webhook-deliveries tbody tr').first().textContent()) ?? '';
      expect(failed).toContain('HTTP 500');
      expect(failed).not.toMatch(/receiver|answered|no answer/);

      const erp = page.getByRole('listitem', { name: 'ERP', exact: true });
      await erp.getByRole('button', { name: 'Slå av' }).click();
      await erp.locator('.badge-off', { hasText: 'Av' }).waitFor();
      // a webhook that is off takes no test, and the card says why
      expect(await erp.getByRole('button', { name: `Send test til ${receiver.url('/erp')}` }).isDisabled()).toBe(true);
      expect(await erp.textContent()).toContain('ingenting sendes til den, heller ikke en test');
      await page.setViewportSize({ width: 390, height: 844 });
      await fitsWidth(page);
      await screenshot(page, path.join(SHOTS, 'webhooks-nb-390.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });

      await page
        .getByRole('banner')
        .getByLabel(/^(Språk|Language)/)
        .selectOption('en');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('heading', { name: 'Register a webhook' }).waitFor();
      const erpEn = page.getByRole('listitem', { name: 'ERP', exact: true });
      await erpEn.getByRole('button', { name: 'Turn on' }).waitFor();
      await erpEn.getByRole('button', { name: 'Deliveries' }).click();
      await page.locator('table.webhook-deliveries td', { hasText: 'Delivered' }).waitFor();
      expect(await page.locator('main').textContent()).not.toMatch(/Leveringer|Hendelser|Testhendelse|Slå/);
      await fitsWidth(page);
      await screenshot(page, path.join(SHOTS, 'webhooks-en-390.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      adminState = await context.storageState();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page
        .getByRole('listitem', { name: receiver.url(LONG_PATH) })
        .getByRole('button', { name: 'Deliveries' })
        .click();
      await page.locator('table.webhook-deliveries td', { hasText: 'HTTP 500' }).first().waitFor();
      await fitsWidth(page);
      await screenshot(page, path.join(SHOTS, 'webhooks-en-1280.png'), { fullPage: true });
      await context.close();
    },
  );

  it(
    'tells a person with read access in the customer why there is nothing to manage, and offers no controls',
    { timeout: 300_000 },
    async () => {
      const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
      const reader = { email: 'leser@entreprenor.test', password: 'Leser-passord-2026-langt!' };
      const made = await fetch(`${base}/admin/users`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ ...reader, name: 'Lise Leser' }),
      });
      expect(made.status, await made.clone().text()).toBe(201);
      // the operator, signed in, gives the reader READ_ACCESS in the customer
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'nb-NO',
        bypassCSP: true,
        storageState: adminState,
      });
      const page = await context.newPage();
      const invited = await page.request.post(`${base}/construction/customers/${customerId}/idp/users`, {
        headers: { origin: base },
        data: { email: reader.email, role: 'READ_ACCESS' },
      });
      expect(invited.status(), await invited.text()).toBeLessThan(300);
      await context.clearCookies();
      await signIn(page, reader);
      await page.locator('header .who').waitFor();
      await page
        .getByRole('banner')
        .getByLabel(/^(Språk|Language)/)
        .selectOption('nb');
      await page
        .getByText(
          'Rollen din hos Totalentreprenør AS er «Lesetilgang»: webhookene der styres av kundens administratorer.',
        )
        .waitFor();
      expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
      expect(await page.getByRole('main').locator('form, input, ul.webhook-cards').count()).toBe(0);
      await fitsWidth(page);
      await screenshot(page, path.join(SHOTS, 'webhooks-reader-nb-390.png'), { fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
