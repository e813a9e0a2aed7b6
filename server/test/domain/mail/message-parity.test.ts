import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES } from '../../../src/domain/mail/mailer.js';
import { API_KEY_CREATED, DELIVERY, INVITATION, PASSWORD_LINK } from '../../../src/domain/mail/templates.js';
import { TEXT as PASSWORD_PAGES } from '../../../src/http/pages/password-pages.js';
import { TEXT as SIGN_IN_PAGES } from '../../../src/http/pages/sign-in-pages.js';
import { TEXT as STORAGE_PROVIDER_PAGES } from '../../../src/http/pages/storage-provider-pages.js';

/**
 * The mails and the service's own pages keep their words one table per language, beside the code that renders them: the
 * same keys in every language (a function with the same number of parameters), no empty text, and Norwegian never the
 * English text copied (a translator's gap shows here, not in a person's mailbox).
 */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'function') return [`${path}(${value.length})`];
  if (typeof value === 'string') return [path];
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .flatMap(([key, inner]) => shape(inner, `${path}.${key}`))
      .sort();
  }
  return [`${path}:${typeof value}`];
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

const TABLES: [string, Record<string, unknown>, string, string][] = [
  ['invitation mail', INVITATION, 'no', 'en'],
  ['password link mail', PASSWORD_LINK, 'no', 'en'],
  ['delivery mail', DELIVERY, 'no', 'en'],
  ['new API key mail', API_KEY_CREATED, 'no', 'en'],
  ['password pages', PASSWORD_PAGES, 'nb', 'en'],
  ['sign-in pages', SIGN_IN_PAGES, 'nb', 'en'],
  ['storage provider pages', STORAGE_PROVIDER_PAGES, 'nb', 'en'],
];

describe('mail and page messages', () => {
  it.each(TABLES)('%s: Norwegian and English have the same keys', (_name, table, norwegian, english) => {
    expect(shape(table[norwegian])).toEqual(shape(table[english]));
  });

  it.each(TABLES)('%s: no empty text, and Norwegian is translated', (_name, table, norwegian, english) => {
    const nb = texts(table[norwegian]);
    expect(nb.filter((text) => text.trim() === '')).toEqual([]);
    // brand and role words may be the same in both; whole sentences may not
    const en = new Set(texts(table[english]).filter((text) => text.split(' ').length > 3));
    expect(nb.filter((text) => en.has(text))).toEqual([]);
  });

  it('every mail language has every invitation and password-link key', () => {
    for (const locale of MAIL_LOCALES) {
      expect(shape(INVITATION[locale])).toEqual(shape(INVITATION.en));
      expect(shape(PASSWORD_LINK[locale])).toEqual(shape(PASSWORD_LINK.en));
    }
  });
});
