/**
 * Dates as the person writes them in their locale (nb: 28.11.2026; en-GB: 28/11/2026; en-US: 11/28/2026): the order
 * and separator come from Intl for the app's locale (format.ts's localeFor), so a field reads and accepts what the
 * rest of the app shows, whatever language the browser speaks. Values to and from the server stay ISO (2026-11-28).
 */
export interface DatePattern {
  order: ('day' | 'month' | 'year')[];
  separator: string;
}

const patterns = new Map<string, DatePattern>();

export function datePattern(locale: string): DatePattern {
  const cached = patterns.get(locale);
  if (cached) return cached;
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
    new Date(Date.UTC(2026, 10, 28, 12)),
  );
  const order = parts.flatMap((part) =>
    part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
  );
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '.';
  const pattern = { order: order.length === 3 ? order : (['day', 'month', 'year'] as DatePattern['order']), separator };
  patterns.set(locale, pattern);
  return pattern;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** an ISO day (2026-11-28, or the start of an ISO moment) as the locale writes it; '' for none */
export function formatDateInput(iso: string | null | undefined, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!match) return '';
  const values = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator } = datePattern(locale);
  return order.map((part) => values[part]).join(separator);
}

/**
 * What the person wrote, read in their locale's order: any of . / - or spaces between the parts, or eight digits in a
 * row (a phone's number pad has no separators). An ISO day, null for an empty field; not ok for anything else
 * (31.02.2026 included).
 */
export type ParsedDate = { ok: true; iso: string | null } | { ok: false };

export function parseDateInput(text: string, locale: string): ParsedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, iso: null };
  // an ISO day (pasted from elsewhere) is unambiguous in any locale
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const order: DatePattern['order'] = iso ? ['year', 'month', 'day'] : datePattern(locale).order;
  let pieces: string[];
  if (/^\d{8}$/.test(trimmed)) {
    let at = 0;
    pieces = order.map((part) => {
      const length = part === 'year' ? 4 : 2;
      const piece = trimmed.slice(at, at + length);
      at += length;
      return piece;
    });
  } else {
    pieces = trimmed.split(/\s*[./\-\s]\s*/);
  }
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d+$/.test(piece))) return { ok: false };
  const value = Object.fromEntries(order.map((part, index) => [part, Number(pieces[index])])) as Record<
    DatePattern['order'][number],
    number
  >;
  const yearPiece = pieces[order.indexOf('year')]!;
  if (yearPiece.length !== 4) return { ok: false };
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  if (
    value.month < 1 ||
    value.month > 12 ||
    date.getUTCFullYear() !== value.year ||
    date.getUTCMonth() !== value.month - 1 ||
    date.getUTCDate() !== value.day
  ) {
    return { ok: false };
  }
  return { ok: true, iso: `${pad(value.year, 4)}-${pad(value.month, 2)}-${pad(value.day, 2)}` };
}
