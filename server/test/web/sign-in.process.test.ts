import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchChromium, screenshot } from '../helpers/chromium.js';
import { TestBrowser } from '../helpers/browser.js';
import { openLoginPage, submitLogin } from '../helpers/sign-in-flows.js';
import { callAs, SHOTS, startWebWorld, type WebWorld } from '../helpers/web-world.js';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Everyone signs in on the embedded default, in a real Chromium against `byggdok serve` with nothing configured: the
 * first administrator's forced password change; an invitation from the People page, its mail in the outbox folder,
 * the password chosen through its link, signed in, signed out, signed in again; a used link refused; forgot password
 * and the old password refused; the lockout message after 12 wrong tries with the right password refused meanwhile;
 * a callback URL opened in another browser refused (login CSRF). Both languages, desktop and phone widths, a
 * screenshot of each page in test-output/web.
 */
describe('signing in on the embedded default, in a browser', () => {
  let running: WebWorld;
  let browser: Browser;
  let base: string;
  let generated: { email: string; password: string };
  const admin = { email: 'driftsleder@bryggen.test', password: 'fjordhest-i-fjellet-42' };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startWebWorld({ prefix: 'byggdok-signin-', password: 'generated', customer: 'Bryggen Bygg AS' });
    base = running.base;
    generated = { ...running.login };
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await running?.stop();
  });

  async function open(locale: string, viewport: { width: number; height: number }): Promise<Page> {
    // bypassCSP: axe-core is injected as a script, which the pages' policies (rightly) refuse
    const context = await browser.newContext({ viewport, locale, bypassCSP: true });
    contexts.push(context);
    return context.newPage();
  }

  async function shot(page: Page, name: string) {
    await screenshot(page, path.join(SHOTS, `${name}.png`), { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    // nothing wider than the screen
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  }

  /** the newest .eml in the outbox to this address, once the mail job has written it: its text */
  async function mailTo(address: string, after = 0): Promise<{ subject: string; text: string }> {
    const folder = path.join(running.dataDir, 'outbox');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const files = await fs.readdir(folder).catch(() => [] as string[]);
      const found: { subject: string; text: string; at: number }[] = [];
      for (const file of files.filter((f) => f.endsWith('.eml'))) {
        const full = path.join(folder, file);
        const at = (await fs.stat(full)).mtimeMs;
        if (at <= after) continue;
        const mail = await simpleParser(await fs.readFile(full));
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        if (to.some((group) => group.value.some((entry) => entry.address === address))) {
          found.push({ subject: mail.subject ?? '', text: mail.text ?? '', at });
        }
      }
      const newest = found.sort((a, b) => b.at - a.at)[0];
      if (newest) return newest;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  function linkIn(text: string): string {
    const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/set-password#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no set-password link in: ${text}`);
    return link;
  }

  /** the login page (a signed-out visitor lands there from any page of the app), filled in and sent */
  async function signIn(page: Page, who: { email: string; password: string }) {
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.locator('#email').fill(who.email);
    await page.locator('#password').fill(who.password);
    await page.locator('button[type=submit]').click();
  }

  /** waits for the app with someone signed in: the header's name links to their account */
  async function inApp(page: Page) {
    await page.waitForURL(/\/app\//);
    await page.locator('header a.who').waitFor();
  }

  it(
    'the first administrator signs in with the generated password once and chooses their own',
    { timeout: 120_000 },
    async () => {
      const page = await open('nb-NO', DESKTOP);
      await page.goto(`${base}/app/`);
      await signIn(page, generated);
      await page.getByRole('heading', { name: 'Velg ditt eget passord', level: 1 }).waitFor();
      expect(await page.locator('#email').inputValue()).toBe('admin@byggdok.local');
      await shot(page, 'first-password-nb-1280');
      // a weak one is refused in words; the form keeps the e-mail
      await page.locator('#email').fill(admin.email);
      await page.locator('#password').fill('admin12345');
      await page.locator('#passwordRepeat').fill('admin12345');
      await page.getByRole('button', { name: 'Lagre og fortsett' }).click();
      await page.getByText('Passordet må ha minst 12 tegn.').waitFor();
      await shot(page, 'first-password-refused-nb-1280');
      await page.locator('#password').fill(admin.password);
      await page.locator('#passwordRepeat').fill(admin.password);
      await page.getByRole('button', { name: 'Lagre og fortsett' }).click();
      await inApp(page);

      // the generated password works no more
      const again = await open('en-GB', PHONE);
      await again.goto(`${base}/app/`);
      await signIn(again, generated);
      await again.getByText('Wrong e-mail or password.').waitFor();
      await shot(again, 'login-wrong-en-390');
    },
  );

  let invitationLink = '';

  it(
    'an invitation from the People page: the mail, the password chosen, signed in, signed out and in again',
    { timeout: 180_000 },
    async () => {
      const page = await open('en-GB', DESKTOP);
      await page.goto(`${base}/app/people`);
      await signIn(page, admin);
      await inApp(page);
      await page
        .getByRole('banner')
        .getByLabel(/^(Språk|Language)/)
        .selectOption('en');
      await page.getByRole('heading', { name: 'People and access', level: 1 }).waitFor();
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send invitation' }) });
      await form.getByLabel('Email').fill('ola@bryggen.test');
      await form.getByRole('combobox', { name: /^Role/ }).selectOption('WRITE_ACCESS');
      await form.getByRole('combobox', { name: /^Language of the invitation/ }).selectOption('nb');
      const sent = Date.now() - 1000;
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invitation sent to ola@bryggen.test as Write access.').waitFor();

      const mail = await mailTo('ola@bryggen.test', sent);
      expect(mail.subject).toBe('Du er invitert til Bryggen Bygg AS i byggdok Bygg');
      expect(mail.text).toContain('har invitert deg til Bryggen Bygg AS i byggdok Bygg, med rollen Skrivetilgang.');
      expect(mail.text).toContain(admin.email);
      invitationLink = linkIn(mail.text);

      // the invited person, on a phone in Norwegian
      const ola = await open('nb-NO', PHONE);
      await ola.goto(invitationLink);
      await ola.getByRole('heading', { name: 'Velg passord', level: 1 }).waitFor();
      await ola.getByText('ola@bryggen.test').waitFor();
      // the token left the address bar
      expect(ola.url()).toBe(`${base}/auth/set-password`);
      await shot(ola, 'set-password-nb-390');
      await ola.locator('#password').fill('fjellvann-og-fjære');
      await ola.locator('#passwordRepeat').fill('fjellvann-og-fjæra');
      await ola.getByRole('button', { name: 'Lagre passordet og logg inn' }).click();
      await ola.getByText('De to passordene er ikke like.').waitFor();
      await shot(ola, 'set-password-refused-nb-390');
      await ola.locator('#password').fill('fjellvann-og-fjære');
      await ola.locator('#passwordRepeat').fill('fjellvann-og-fjære');
      await ola.getByRole('button', { name: 'Lagre passordet og logg inn' }).click();
      await inApp(ola);
      await shot(ola, 'signed-in-nb-390');

      // signed out from the header, then in again with the new password
      await ola.getByRole('button', { name: 'Logg ut' }).click();
      await ola.waitForURL(/\/oidc\/interaction\//);
      expect(await ola.locator('#password').count()).toBe(1);
      await shot(ola, 'login-nb-390');
      await signIn(ola, { email: 'ola@bryggen.test', password: 'fjellvann-og-fjære' });
      await inApp(ola);

      // the account page: name, sessions, keys, assistants
      await ola.locator('header a.who').click();
      await ola.getByRole('heading', { name: 'Din konto', level: 1 }).waitFor();
      await ola.getByLabel('Navn', { exact: true }).fill('Ola Nordmann');
      await ola.getByRole('button', { name: 'Lagre', exact: true }).click();
      await ola.getByText('Lagret.').waitFor();
      await ola.locator('header a.who').filter({ hasText: 'Ola Nordmann' }).waitFor();
      // the sessions on the sign-in and security tab, this one marked
      await ola.getByRole('tab', { name: 'Innlogging og sikkerhet' }).click();
      await ola.getByText('Denne enheten').waitFor();
      await shot(ola, 'account-nb-390');
    },
  );

  it('a used link says so, and offers a new one', { timeout: 60_000 }, async () => {
    const page = await open('en-GB', DESKTOP);
    await page.goto(invitationLink);
    await page.getByText('This link has been used already. Each link works only once.').waitFor();
    await page.getByRole('button', { name: 'Send me a new link' }).waitFor();
    expect(await page.locator('#password').isVisible()).toBe(false);
    await shot(page, 'set-password-used-en-1280');
  });

  it('forgot password: the mail, a new one ending the keys, the old one refused', { timeout: 120_000 }, async () => {
    const page = await open('en-GB', PHONE);
    // a personal key on the account, as whoever held it for a moment could have made one
    await page.goto(`${base}/app/`);
    await signIn(page, { email: 'ola@bryggen.test', password: 'fjellvann-og-fjære' });
    await inApp(page);
    const made = (await callAs(page, base)('POST', '/auth/api-keys', { name: 'Bakdør' })) as { key: string };
    const withKey = () => fetch(`${base}/auth/me`, { headers: { 'x-api-key': made.key } }).then((r) => r.status);
    expect(await withKey()).toBe(200);
    await page.getByRole('button', { name: /^(Sign out|Logg ut)$/ }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password', level: 1 }).waitFor();
    await shot(page, 'forgot-password-en-390');
    await page.locator('#email').fill('ola@bryggen.test');
    const asked = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If the address is known to us, a link is on its way.').waitFor();
    await shot(page, 'forgot-password-sent-en-390');

    const mail = await mailTo('ola@bryggen.test', asked);
    expect(mail.subject).toBe('Velg nytt passord for byggdok');
    await page.goto(linkIn(mail.text));
    await page.getByRole('heading', { name: 'Choose your password', level: 1 }).waitFor();
    // the link's check counts the keys that work: the page offers to end them with the old password
    const revoke = page.getByRole('checkbox', { name: 'Also revoke my personal API keys (1)' });
    await revoke.waitFor();
    expect(await page.getByText('Programs that use them stop working.').isVisible()).toBe(true);
    await page.locator('#password').fill('nordlys over tromsø 9');
    await page.locator('#passwordRepeat').fill('nordlys over tromsø 9');
    await revoke.check();
    await shot(page, 'set-password-keys-en-390');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await inApp(page);
    expect(await withKey()).toBe(401);
    await page.getByRole('button', { name: /^(Sign out|Logg ut)$/ }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await signIn(page, { email: 'ola@bryggen.test', password: 'fjellvann-og-fjære' });
    await page.getByText('Wrong e-mail or password.').waitFor();
    await signIn(page, { email: 'ola@bryggen.test', password: 'nordlys over tromsø 9' });
    await inApp(page);
  });

  it(
    'twelve wrong passwords: the page says how long to wait, and the right one is refused meanwhile',
    { timeout: 120_000 },
    async () => {
      const page = await open('nb-NO', DESKTOP);
      await page.goto(`${base}/app/`);
      for (let i = 1; i <= 12; i++) {
        await signIn(page, { email: admin.email, password: `gjetning ${i}` });
        await page.locator('[role=alert]').waitFor();
      }
      await page.getByText('For mange forsøk. Vent 15 minutter og prøv igjen.').waitFor();
      await signIn(page, admin);
      await page.getByText('For mange forsøk. Vent 15 minutter og prøv igjen.').waitFor();
      expect(page.url()).toMatch(/\/oidc\/interaction\//);
      await shot(page, 'login-locked-nb-1280');

      const english = await open('en-GB', PHONE);
      await english.goto(`${base}/app/`);
      await signIn(english, admin);
      await english.getByText('Too many attempts. Wait 15 minutes, then try again.').waitFor();
      await shot(english, 'login-locked-en-390');
    },
  );

  it('a callback URL opened in another browser signs nobody in (login CSRF)', { timeout: 120_000 }, async () => {
    // the attacker signs in with their own account, in their own browser, and keeps the callback URL unopened
    const attacker = new TestBrowser();
    const login = await openLoginPage(attacker, base);
    const stopped = await submitLogin(attacker, base, login, {
      email: 'ola@bryggen.test',
      password: 'nordlys over tromsø 9',
    });
    const callback = new URL(stopped.headers.get('location')!, base).href;
    expect(callback).toMatch(/\/auth\/callback\?/);

    const victim = await open('en-GB', DESKTOP);
    await victim.goto(callback);
    await victim.getByText('This sign-in was started in another browser').waitFor();
    await shot(victim, 'login-csrf-en-1280');
    const norsk = await open('nb-NO', PHONE);
    await norsk.goto(callback);
    await norsk.getByText('Denne innloggingslenken er ikke gyldig lenger').waitFor();
    // the victim's browser has no session: the app sends it to sign in
    await victim.goto(`${base}/app/`);
    await victim.waitForURL(/\/oidc\/interaction\//);
  });
});
