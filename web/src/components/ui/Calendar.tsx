import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** the screens on which the calendar is a sheet over a backdrop (styles.css says the same width) */
export const PHONE = '(max-width: 40rem)';

/** ISO day arithmetic in UTC, so no time zone or summer time moves a day */
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
};
/** the same day of another month, or that month's last day (31 January + 1 month = 28 February) */
export const addMonths = (iso: string, months: number) => {
  const date = toDate(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return toIso(date);
};
const clamp = (iso: string, min?: string, max?: string) => (min && iso < min ? min : max && iso > max ? max : iso);

/**
 * The day a week starts on in a locale: 0 Sunday, 1 Monday. Intl says so where the browser knows (weekInfo), else the
 * few regions that start on Sunday are named; Norway and Britain start on Monday.
 */
export function firstDayOfWeek(locale: string): number {
  const intl = new Intl.Locale(locale) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const info = intl.getWeekInfo?.() ?? intl.weekInfo;
  if (info) return info.firstDay % 7;
  return /-(US|CA|JP|BR|IL|PH|MX|KR|TW|HK|ZA|IN)\b/.test(locale) ? 0 : 1;
}

/** the days drawn for a month: whole weeks from the locale's first weekday, the neighbouring months' days included */
export function monthGrid(month: string, firstDay: number): string[][] {
  const first = `${month.slice(0, 7)}-01`;
  const lead = (toDate(first).getUTCDay() - firstDay + 7) % 7;
  let day = addDays(first, -lead);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (day.slice(0, 7) === first.slice(0, 7));
  return weeks;
}

/**
 * A month of days to pick one from (the ARIA date picker dialog): the month and weekday names from Intl in the app's
 * locale, weeks starting on the locale's first day. Arrow keys move a day or a week, Home/End to the week's ends,
 * PageUp/PageDown a month (with Shift a year), Enter or Space picks, Escape closes; days outside min/max cannot be
 * picked. Focus starts on the chosen day (or today).
 */
export function Calendar(props: {
  locale: string;
  /** ISO, '' for none */
  value: string;
  min?: string;
  max?: string;
  label: string;
  pick: (iso: string) => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const today = toIso(new Date(Date.UTC(new Date().getFullYear(), new Date().getMonth(), new Date().getDate())));
  const [focused, setFocused] = useState(() => clamp(props.value || today, props.min, props.max));
  const grid = useRef<HTMLTableElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // on a phone the month is a sheet at the foot of the screen over a backdrop: modal, Tab stays inside it
  const [sheet] = useState(() => window.matchMedia?.(PHONE).matches ?? false);
  const [above, setAbove] = useState(false);
  const firstDay = firstDayOfWeek(props.locale);
  const weeks = useMemo(() => monthGrid(focused, firstDay), [focused, firstDay]);
  const names = useMemo(() => {
    const utc = { timeZone: 'UTC' } as const;
    return {
      month: new Intl.DateTimeFormat(props.locale, { ...utc, month: 'long', year: 'numeric' }),
      short: new Intl.DateTimeFormat(props.locale, { ...utc, weekday: 'short' }),
      long: new Intl.DateTimeFormat(props.locale, { ...utc, weekday: 'long' }),
      day: new Intl.DateTimeFormat(props.locale, { ...utc, dateStyle: 'full' }),
    };
  }, [props.locale]);
  const allowed = (iso: string) => !(props.min && iso < props.min) && !(props.max && iso > props.max);
  const monthTitle = names.month.format(toDate(focused));

  // beside its field, the month opens above it where there is no room below (a field at the foot of the window), and
  // is scrolled into view where there is room on neither side; decided before it is drawn, so it never jumps
  useLayoutEffect(() => {
    const calendar = box.current;
    const anchor = calendar?.parentElement;
    if (sheet || !calendar || !anchor) return;
    const height = calendar.getBoundingClientRect().height;
    const field = anchor.getBoundingClientRect();
    const below = window.innerHeight - field.bottom;
    if (below < height + 4 && field.top >= height + 4) setAbove(true);
    else if (below < height + 4) calendar.scrollIntoView({ block: 'nearest' });
  }, [sheet]);

  // the focused day has the focus, also after a move to another month
  useEffect(() => {
    // without scrolling: the month is placed in view already, and a scroll to a day drawn below the field, a moment
    // before the month moves above it, would leave the month above the window
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus({ preventScroll: true });
  }, [focused]);

  const moveTo = (iso: string) => setFocused(clamp(iso, props.min, props.max));
  const weekday = (toDate(focused).getUTCDay() - firstDay + 7) % 7;
  const keys: Record<string, () => void> = {
    ArrowLeft: () => moveTo(addDays(focused, -1)),
    ArrowRight: () => moveTo(addDays(focused, 1)),
    ArrowUp: () => moveTo(addDays(focused, -7)),
    ArrowDown: () => moveTo(addDays(focused, 7)),
    Home: () => moveTo(addDays(focused, -weekday)),
    End: () => moveTo(addDays(focused, 6 - weekday)),
  };

  return (
    <div
      ref={box}
      role="dialog"
      aria-modal={sheet}
      aria-label={props.label}
      className={`calendar${sheet ? ' calendar-sheet' : above ? ' calendar-above' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          props.close();
        }
        if (event.key === 'Tab' && sheet) {
          // the previous and next month and the focused day: Tab goes round them
          const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([tabindex="-1"])')];
          const edge = event.shiftKey ? stops[0] : stops.at(-1);
          if (document.activeElement === edge) {
            event.preventDefault();
            (event.shiftKey ? stops.at(-1) : stops[0])?.focus();
          }
        }
      }}
    >
      <div className="calendar-head">
        <button
          type="button"
          className="calendar-step"
          aria-label={t('dateField.previousMonth')}
          onClick={() => moveTo(addMonths(focused, -1))}
        >
          ‹
        </button>
        <div id={`${id}-month`} className="calendar-month" aria-live="polite">
          {monthTitle}
        </div>
        <button
          type="button"
          className="calendar-step"
          aria-label={t('dateField.nextMonth')}
          onClick={() => moveTo(addMonths(focused, 1))}
        >
          ›
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={`${id}-month`}
        onKeyDown={(event) => {
          const move =
            event.key === 'PageUp' || event.key === 'PageDown'
              ? () => moveTo(addMonths(focused, (event.key === 'PageUp' ? -1 : 1) * (event.shiftKey ? 12 : 1)))
              : keys[event.key];
          if (!move) return;
          event.preventDefault();
          move();
        }}
      >
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th key={day} scope="col" abbr={names.long.format(toDate(day))}>
                {names.short.format(toDate(day))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const outside = day.slice(0, 7) !== focused.slice(0, 7);
                return (
                  <td key={day} className={outside ? 'outside' : undefined}>
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={names.day.format(toDate(day))}
                      aria-pressed={day === props.value}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={!allowed(day)}
                      onClick={() => (allowed(day) ? props.pick(day) : moveTo(day))}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
