import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, formatDateInput, parseDateInput } from '../../date-input.js';
import { localeFor } from '../../format.js';
import { Calendar } from './Calendar.js';

/**
 * A day in the person's locale format (nb: dd.mm.åååå, whatever language the browser speaks), not the browser's
 * <input type=date>. Checked when the field is left and when its form is sent, with a message in the person's
 * language; the value given on (`onChange`, or the hidden `name` field a form reads) is ISO: 2026-11-28, '' for none.
 * The button beside it opens a month to pick the day from (<Calendar>); `min` and `max` (ISO) bound both ways in.
 */
export function DateField(props: {
  label: string;
  /** ISO; controlled with onChange, else the field's first value */
  value?: string;
  defaultValue?: string | null;
  onChange?: (iso: string) => void;
  name?: string;
  required?: boolean;
  className?: string;
  min?: string;
  max?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeFor(i18n.language);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [iso, setIso] = useState(props.value ?? props.defaultValue ?? '');
  const [text, setText] = useState(() => formatDateInput(iso, locale));
  const [error, setError] = useState<string | null>(null);
  const { order, separator } = datePattern(locale);
  const letters = { day: t('dateField.day'), month: t('dateField.month'), year: t('dateField.year') };
  const hint = order.map((part) => letters[part]).join(separator);
  const example = formatDateInput('2026-11-28', locale);

  // a new value from outside (another chosen task) or another language: shown in the locale's format
  const [seen, setSeen] = useState({ value: props.value, locale });
  if (seen.value !== props.value || seen.locale !== locale) {
    setSeen({ value: props.value, locale });
    const outside = props.value !== undefined && props.value !== iso;
    if (outside) setIso(props.value ?? '');
    if (outside || seen.locale !== locale) {
      setText(formatDateInput(outside ? props.value : iso, locale));
      setError(null);
    }
  }

  const check = (value: string) => {
    const parsed = parseDateInput(value, locale);
    if (!parsed.ok) {
      const message = t('dateField.invalid', { pattern: hint, example });
      field.current?.setCustomValidity(message);
      return { ok: false as const, message };
    }
    if (parsed.iso && props.min && parsed.iso < props.min) {
      const message = t('dateField.tooEarly', { date: formatDateInput(props.min, locale) });
      field.current?.setCustomValidity(message);
      return { ok: false as const, message };
    }
    if (parsed.iso && props.max && parsed.iso > props.max) {
      const message = t('dateField.tooLate', { date: formatDateInput(props.max, locale) });
      field.current?.setCustomValidity(message);
      return { ok: false as const, message };
    }
    if (parsed.iso === null && props.required) {
      const message = t('dateField.required', { pattern: hint });
      field.current?.setCustomValidity(message);
      return { ok: false as const, message };
    }
    field.current?.setCustomValidity('');
    return { ok: true as const, iso: parsed.iso ?? '' };
  };

  // a press outside the open calendar closes it
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const closeCalendar = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const pick = (day: string) => {
    setIso(day);
    setText(formatDateInput(day, locale));
    setError(null);
    field.current?.setCustomValidity('');
    if (day !== iso) props.onChange?.(day);
    closeCalendar();
  };

  return (
    <div ref={root} className={`field date-field ${props.className ?? ''}`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`}>
        {props.label}
      </label>
      <span className="date-input">
        <input
          id={`${id}-input`}
          ref={field}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={hint}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-invalid={error !== null}
          required={props.required}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const result = check(event.target.value);
            if (result.ok) {
              setError(null);
              if (result.iso !== iso) {
                setIso(result.iso);
                props.onChange?.(result.iso);
              }
            }
          }}
          onBlur={() => {
            const result = check(text);
            if (result.ok) {
              setText(formatDateInput(result.iso, locale));
              setError(null);
            } else setError(result.message);
          }}
          onInvalid={() => {
            const result = check(text);
            if (!result.ok) setError(result.message);
          }}
        />
        <button
          ref={opener}
          type="button"
          className="date-open"
          aria-label={t('dateField.open', { label: props.label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <rect x="1.5" y="2.5" width="13" height="12" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6h13M5 1v3M11 1v3" stroke="currentColor" />
          </svg>
        </button>
        {open && (
          // on a phone the page behind the calendar is dimmed, and a tap on it closes the calendar
          <div className="calendar-backdrop" aria-hidden="true" onClick={closeCalendar} />
        )}
        {open && (
          <Calendar
            locale={locale}
            value={iso}
            label={t('dateField.calendar', { label: props.label })}
            pick={pick}
            close={closeCalendar}
            {...(props.min ? { min: props.min } : {})}
            {...(props.max ? { max: props.max } : {})}
          />
        )}
      </span>
      <span id={`${id}-hint`} className={error ? 'field-error' : 'visually-hidden'}>
        {error ?? hint}
      </span>
      {props.name !== undefined && <input type="hidden" name={props.name} value={iso} />}
    </div>
  );
}
