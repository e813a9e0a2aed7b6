import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verifyWebhook } from '@byggdok/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium } from '../helpers/chromium.js';
import { freePort, startByggdok, stopProcess, waitForHttp } from '../helpers/service-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-output/web');

/**
 * The Webhooks page in a real Chromium against the real service (WEBHOOKS_ALLOW_PRIVATE, so a receiver on loopback
 * may be the target): an ADMIN registers a URL and sees the secret once, sends a test event that arrives signed with
 * that secret, sees the delivery's status, and turns the webhook off; in Norwegian and English, desktop and phone.
 */
describe('the Webhooks page in a browser', () => {
  let dataDir: string;
  let base: string;
  let service: ReturnType<typeof startByggdok>;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let login: { email: string; password: string };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-webhooks-web-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = startByggdok({
      args: ['serve'],
      env: {
        BYGGDOK_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BYGGDOK_PUBLIC_URL: base,
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOKS_RETRY_SCHEDULE: '0,0',
      },
    });
    await waitForHttp(`${base}/readyz`, 170_000);
    const first = await fs.readFile(path.join(dataDir, 'first-admin.txt'), 'utf8');
    login = {
      email: /^email=(.+)$/m.exec(first)?.[1] ?? '',
      password: /^password=(.+)$/m.exec(first)?.[1] ?? '',
    };
    const adminToken = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
    const created = await fetch(`${base}/admin/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ name: 'Totalentreprenør AS' }),
    });
    expect(created.status).toBe(201);
    await fs.mkdir(SHOTS, { recursive: true });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (service) await stopProcess(service);
    await receiver?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
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
      const wanted = `${base}/app/webhooks`;
      await page.goto(wanted);
      await page.waitForURL(/\/(oidc|auth)\//).catch(() => undefined);
      await page.fill('#email', login.email);
      await page.fill('#password', login.password);
      await page.click('button[type=submit]');
      // the generated first password works once: the first sign-in chooses the administrator's own
      const chosen = page.getByLabel(/^(Nytt passord|New password)/);
      await chosen.or(page.locator('header .who')).first().waitFor();
      if (await chosen.isVisible()) {
        await chosen.fill('Webhooks-passord-2026!');
        await page.getByLabel(/^(Gjenta passordet|Repeat)/).fill('Webhooks-passord-2026!');
        await page.click('button[type=submit]');
      }
      await page.waitForURL(wanted, { timeout: 120_000 }).catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(SHOTS, 'webhooks-sign-in-failed.png'), fullPage: true });
        throw new Error(
          `sign-in did not reach the page: ${page.url()} ${(await page.textContent('body'))?.slice(0, 500)}`,
          {
            cause: error,
          },
        );
      });
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
      const secret = (await page.getByLabel('Signeringsnøkkel').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await page.locator('table.webhooks-list code', { hasText: receiver.url('/erp') }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'webhooks-nb-1280.png'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: `Send test til ${receiver.url('/erp')}` }).click();
      await page
        .locator('table.webhook-deliveries td.delivery-succeeded', { hasText: 'Levert' })
        .waitFor({ timeout: 60_000 });
      const [received] = receiver.at('/erp');
      const event = await verifyWebhook(secret, received!.headers as never, received!.body);
      expect(event.type).toBe('webhook.test');
      await page.screenshot({ path: path.join(SHOTS, 'webhooks-deliveries-nb-1280.png'), fullPage: true });
      // reloaded, the secret is nowhere on the page
      await page.reload();
      await page.locator('table.webhooks-list code', { hasText: receiver.url('/erp') }).waitFor();
      expect(await page.content()).not.toContain(secret);

      await page.getByRole('button', { name: 'Slå av' }).click();
      await page.getByRole('cell', { name: 'Av', exact: true }).waitFor();

      await page
        .getByRole('banner')
        .getByLabel(/^(Språk|Language)/)
        .selectOption('en');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('heading', { name: 'Register a webhook' }).waitFor();
      await page.getByRole('button', { name: 'Turn on' }).waitFor();
      await page.getByRole('button', { name: 'Deliveries' }).click();
      await page.locator('table.webhook-deliveries td', { hasText: 'Delivered' }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'webhooks-en-390.png'), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
