import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, formatDateInput, parseDateInput } from '../../date-input.js';
import { localeFor } from '../../format.js';

/**
 * A day in the person's locale format (nb: dd.mm.åååå, whatever language the browser speaks), not the browser's
 * <input type=date>. Checked when the field is left and when its form is sent, with a message in the person's
 * language; the value given on (`onChange`, or the hidden `name` field a form reads) is ISO: 2026-11-28, '' for none.
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
}) {
  const { t, i18n } = useTranslation();
  const locale = localeFor(i18n.language);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
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
    if (parsed.iso === null && props.required) {
      const message = t('dateField.required', { pattern: hint });
      field.current?.setCustomValidity(message);
      return { ok: false as const, message };
    }
    field.current?.setCustomValidity('');
    return { ok: true as const, iso: parsed.iso ?? '' };
  };

  return (
    <label className={`field date-field ${props.className ?? ''}`}>
      <span id={`${id}-label`}>{props.label}</span>
      <input
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
      <span id={`${id}-hint`} className={error ? 'field-error' : 'visually-hidden'}>
        {error ?? hint}
      </span>
      {props.name !== undefined && <input type="hidden" name={props.name} value={iso} />}
    </label>
  );
}
