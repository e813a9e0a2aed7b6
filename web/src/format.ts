/**
 * The app's one way to write values: dates, date-times, numbers, percentages and file sizes through Intl in the
 * person's locale. The language is the app's (nb, en); the region is the browser's where it speaks that language
 * (an en-GB browser reads 28 Nov 2026, an en-US one Nov 28, 2026), else Norway's or Britain's.
 */
export interface Formats {
  locale: string;
  /** a day: 28. nov. 2026 / 28 Nov 2026 */
  date: (value: Date | string) => string;
  /** a moment: 28. nov. 2026, 06:56 / 28 Nov 2026, 06:56 */
  dateTime: (value: Date | string) => string;
  /** a moment to the second, for logs of attempts seconds apart: 28. nov. 2026, 06:56:12 */
  dateTimeSeconds: (value: Date | string) => string;
  number: (value: number) => string;
  /** 0.42 -> 42 % */
  percent: (value: number) => string;
  /** 700 B, 36 kB, 2,1 MB */
  fileSize: (bytes: number) => string;
}

export function localeFor(
  language: string,
  browser: readonly string[] = globalThis.navigator?.languages ?? [],
): string {
  const base = language === 'nb' ? /^(nb|no|nn)\b/i : /^en\b/i;
  const regional = browser.find((tag) => base.test(tag) && tag.includes('-'));
  if (regional) return language === 'nb' ? `nb-${regional.split('-')[1]}` : regional;
  return language === 'nb' ? 'nb-NO' : 'en-GB';
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];
const cache = new Map<string, Formats>();

export function formatsFor(language: string, browser?: readonly string[]): Formats {
  const locale = localeFor(language, browser);
  const cached = cache.get(locale);
  if (cached) return cached;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const second = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);
  const formats: Formats = {
    locale,
    date: (value) => day.format(asDate(value)),
    dateTime: (value) => moment.format(asDate(value)),
    dateTimeSeconds: (value) => second.format(asDate(value)),
    number: (value) => number.format(value),
    percent: (value) => percent.format(value),
    fileSize: (bytes) => {
      let unit = 0;
      let value = bytes;
      while (value >= 1000 && unit < UNITS.length - 1) {
        value /= 1000;
        unit += 1;
      }
      const digits = unit === 0 || value >= 10 ? 0 : 1;
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)}\u00a0${UNITS[unit]}`;
    },
  };
  cache.set(locale, formats);
  return formats;
}
