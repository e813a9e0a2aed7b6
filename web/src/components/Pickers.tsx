import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches, nameIn, useReference } from '../reference.js';
import { Combobox } from './ui/Combobox.js';

/**
 * An NS 3451 building part for a delivery, found by code or by a word of its name in either language: the select
 * with search the document page uses, showing the name in the person's language. `describedBy` names the message
 * saying one is missing.
 */
export function CategoryPicker(props: { value: string; onChange: (code: string) => void; describedBy?: string }) {
  const { t, i18n } = useTranslation();
  const reference = useReference();
  const options = useMemo(
    () =>
      reference.data.categories.map((entry) => ({
        value: entry.code,
        label: `${entry.code} ${nameIn(i18n.language, entry)}`,
        search: `${entry.nameNo} ${entry.nameEn}`,
      })),
    [reference.data, i18n.language],
  );
  return (
    <Combobox
      className="category-picker"
      label={t('construction.category')}
      options={options}
      value={props.value}
      onChange={props.onChange}
      {...(props.describedBy === undefined ? {} : { describedBy: props.describedBy })}
    />
  );
}

/**
 * Information types picked from the FDV list (searchable, in the person's language, found by either language's name and
 * the words files are named with) or written in; the chosen ones listed, each removable. Deliveries keep the names as
 * written (`store: 'name'`); documents keep the classifier's ids (`store: 'id'`), shown by name.
 */
export function InformationTypesPicker(props: {
  value: string[];
  onChange: (types: string[]) => void;
  store?: 'name' | 'id';
  /** what the chosen types are for (a delivery's expected types unless told) */
  legend?: string;
}) {
  const { t, i18n } = useTranslation();
  const reference = useReference();
  const [query, setQuery] = useState('');
  const options = new Map(
    reference.data.informationTypes.map((entry) => {
      const label = nameIn(i18n.language, entry);
      const search = [entry.nameNo, entry.nameEn, ...entry.cues].join(' ');
      return [props.store === 'id' ? entry.id : label, { label, search }] as const;
    }),
  );
  const shown = [...new Set([...props.value, ...options.keys()])].filter((value) =>
    matches(query, value, options.get(value)?.search ?? ''),
  );
  const typed = query.trim();
  const toggle = (value: string, on: boolean) =>
    props.onChange(on ? [...props.value, value] : props.value.filter((other) => other !== value));
  const labelOf = (value: string) => options.get(value)?.label ?? value;
  return (
    <fieldset className="ref-picker">
      <legend>{props.legend ?? t('construction.expectedTypes', { count: props.value.length })}</legend>
      <label>
        {t('construction.findType')}
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds what was written instead of sending the whole form
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (typed && !props.value.includes(typed)) toggle(typed, true);
            setQuery('');
          }}
        />
      </label>
      <ul className="picker-options">
        {shown.map((value) => (
          <li key={value}>
            <label>
              <input
                type="checkbox"
                checked={props.value.includes(value)}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              {labelOf(value)}
            </label>
          </li>
        ))}
      </ul>
      {typed && !shown.some((value) => labelOf(value).toLocaleLowerCase() === typed.toLocaleLowerCase()) && (
        <button
          type="button"
          onClick={() => {
            toggle(typed, true);
            setQuery('');
          }}
        >
          {t('construction.addType', { type: typed })}
        </button>
      )}
    </fieldset>
  );
}

/** an information type's name in the person's language (the classifier's ids named; what was written in, as is) */
export function useTypeName(): (value: string) => string {
  const { i18n } = useTranslation();
  const reference = useReference();
  const names = new Map(reference.data.informationTypes.map((entry) => [entry.id, nameIn(i18n.language, entry)]));
  return (value) => names.get(value) ?? value;
}

/** a select of the subcontractors (and a first choice meaning none of them, or all) */
export function SubcontractorSelect(props: {
  name: string;
  label: string;
  none: string;
  subcontractors: { id: string; companyName: string }[];
  defaultValue?: string | null;
}) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.defaultValue ?? ''}>
        <option value="">{props.none}</option>
        {props.subcontractors.map((s) => (
          <option key={s.id} value={s.id}>
            {s.companyName}
          </option>
        ))}
      </select>
    </label>
  );
}

/** the disciplines (their codes stored) with search, a value outside the list kept as it is; in a form by `name` */
export function DisciplineSelect(props: { name: string; label: string; none: string; defaultValue?: string | null }) {
  const { i18n } = useTranslation();
  const reference = useReference();
  const [value, setValue] = useState(props.defaultValue ?? '');
  const disciplines = reference.data.disciplines;
  const options = disciplines.map((entry) => ({
    value: entry.code,
    label: `${entry.code} ${nameIn(i18n.language, entry)}`,
    search: entry.nameNo + ' ' + entry.nameEn,
  }));
  if (value && !disciplines.some((entry) => entry.code === value)) options.unshift({ value, label: value, search: '' });
  return (
    <Combobox
      label={props.label}
      name={props.name}
      value={value}
      onChange={setValue}
      empty={props.none}
      options={options}
    />
  );
}
