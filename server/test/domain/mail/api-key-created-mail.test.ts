import { describe, expect, it } from 'vitest';
import type { MailLocale } from '../../../src/domain/mail/mailer.js';
import { renderMail } from '../../../src/domain/mail/templates.js';
import en from '../../../../web/src/locales/en.json' with { type: 'json' };
import nb from '../../../../web/src/locales/nb.json' with { type: 'json' };

const keysUrl = 'https://byggdok.example/app/account?tab=keys';

const mail = (locale: MailLocale, extra: { keyName?: string; clientAddress?: string | null } = {}) =>
  renderMail({
    kind: 'api_key_created',
    locale,
    keyName: extra.keyName ?? 'Nattlig eksport',
    // 13:05 UTC is 14:05 in Oslo in March, 15:05 in June
    createdAt: new Date('2025-03-04T13:05:00Z'),
    expiresAt: new Date('2025-06-02T13:05:00Z'),
    clientAddress: extra.clientAddress === undefined ? '203.0.113.7' : extra.clientAddress,
    keysUrl,
  });

describe('the mail about a new personal API key', () => {
  it('tells a Norwegian person in Norwegian: the name, when (Norwegian time), until when, from where, what to do', () => {
    const { subject, text, html } = mail('no');
    expect(subject).toBe('En ny API-nøkkel er laget på byggdok-kontoen din');
    expect(text).toContain(
      'En personlig API-nøkkel med navnet «Nattlig eksport» ble laget på byggdok-kontoen din den 4. mars 2025 kl. 14:05 (norsk tid). ' +
        'Den er gyldig til 2. juni 2025, med mindre den trekkes tilbake før det. Den ble laget fra IP-adressen 203.0.113.7.',
    );
    expect(text).toContain('Hvis det ikke var deg, må du trekke tilbake nøkkelen på kontosiden din med en gang');
    // the account page's own words for revoking the keys with the new password (without its count)
    expect(text).toContain(`«${nb.account.revokeKeys.replace(' ({{n}})', '')}» krysset av`);
    expect(text).toContain(`Åpne API-nøklene dine: ${keysUrl}`);
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain(`href="https://byggdok.example/app/account?tab=keys"`);
  });

  it('tells an English person in English, and a person of another language too', () => {
    for (const locale of ['en', 'fi'] as const) {
      const { subject, text, html } = mail(locale);
      expect(subject).toBe('A new API key was created on your byggdok account');
      expect(text).toContain(
        'A personal API key named "Nattlig eksport" was created on your byggdok account on 4 March 2025 at 14:05 (Norwegian time). ' +
          'It is valid until 2 June 2025, unless it is revoked before then. It was created from the IP address 203.0.113.7.',
      );
      expect(text).toContain(
        'If it was not you, revoke the key on your account page straight away, and change your password',
      );
      expect(text).toContain(`ticking “${en.account.revokeKeys.replace(' ({{n}})', '')}”`);
      expect(html).toContain('<html lang="en">');
    }
  });

  it('leaves out the address when it is not known', () => {
    expect(mail('no', { clientAddress: null }).text).not.toContain('IP-adressen');
    expect(mail('en', { clientAddress: null }).text).not.toContain('IP address');
  });

  it('keeps the name its creator chose on one line, and as text in the HTML', () => {
    const { subject, text, html } = mail('no', {
      keyName: 'x\n\nAlt er i orden.\n\n<a href="https://evil.example">Logg inn</a>',
    });
    expect(subject).not.toContain('Alt er i orden');
    expect(text).toContain('«x Alt er i orden. <a href="https://evil.example">Logg inn</a>»');
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
  });
});
