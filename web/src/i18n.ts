import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import nb from './locales/nb.json';

/**
 * The app's words, one JSON file per language (`locales/<language>.json`) that a translator can own; a test holds every
 * key in every language and every key in use.
 */
const resources = {
  nb: { translation: nb },
  en: { translation: en },
} as const;

export type Language = keyof typeof resources;
export const LANGUAGES: Language[] = ['nb', 'en'];
const STORED = 'byggdok.language';

function initialLanguage(): Language {
  const stored = window.localStorage.getItem(STORED);
  if (stored === 'nb' || stored === 'en') return stored;
  return /^(nb|no|nn)\b/i.test(navigator.language) ? 'nb' : 'en';
}

export async function setupI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
}

export async function changeLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(STORED, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** the app's language for a person's stored locale (Norwegian in any form is bokmål here); null: none of the app's */
export function languageOfLocale(locale: string | undefined): Language | null {
  if (locale === undefined) return null;
  if (/^(nb|no|nn)\b/i.test(locale)) return 'nb';
  return /^en\b/i.test(locale) ? 'en' : null;
}

/** the locale stored for the person (the service's names: no, en) */
export const localeOfLanguage = (language: Language) => (language === 'nb' ? 'no' : 'en');

/** the audit log's actions the app has words for (the log can be filtered by them) */
export const AUDIT_ACTIONS_NAMED = Object.entries(resources.en.translation.people.audit.actions).flatMap(
  ([area, names]) => Object.keys(names).map((name) => `${area}.${name}`),
);
