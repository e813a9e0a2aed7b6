import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches } from '../../reference.js';

export interface ComboOption {
  value: string;
  /** what is shown, in the person's language: "314 Armaturer for sanitærinstallasjoner" */
  label: string;
  /** more words it is found by (the other language's name, a file-name cue) */
  search?: string;
  /** a level in a tree (NS 3451: 2, 23, 231), shown indented */
  depth?: number;
}

/** options drawn at once: a long list narrows as one types, the rest is a word away */
const SHOWN = 150;

/**
 * A select with search for long lists (NS 3451 parts, information types, disciplines): an input and a list box (the
 * ARIA 1.2 combobox pattern). Typing narrows the list by code or name (every word, either language where the options
 * carry both); arrow keys move, Enter picks, Escape closes and keeps what was chosen. With `name` the chosen value
 * goes with the form in a hidden field. `empty` is the choice of nothing ("All", "Keep as is").
 */
export function Combobox(props: {
  label: string;
  options: ComboOption[];
  value: string;
  onChange: (value: string) => void;
  empty?: string;
  name?: string;
  describedBy?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const all = useMemo(
    () => (props.empty === undefined ? props.options : [{ value: '', label: props.empty }, ...props.options]),
    [props.options, props.empty],
  );
  const chosen = all.find((option) => option.value === props.value);
  const shownText = chosen ? chosen.label : props.value;
  const found = useMemo(
    () =>
      query === null
        ? all
        : all.filter(
            (option) => option.value !== '' && matches(query, option.value, option.label, option.search ?? ''),
          ),
    [all, query],
  );
  const shown = found.slice(0, SHOWN);

  const openAt = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, shown.length - 1)));
    requestAnimationFrame(() =>
      list.current
        ?.querySelector('[aria-selected="true"], [data-active="true"]')
        ?.scrollIntoView?.({ block: 'nearest' }),
    );
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (option: ComboOption | undefined) => {
    if (option) props.onChange(option.value);
    close();
  };
  const move = (to: number) => {
    const index = Math.max(0, Math.min(to, shown.length - 1));
    setActive(index);
    list.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };

  return (
    <div className={`field combobox-field ${props.className ?? ''}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {props.label}
      </label>
      <div className="combobox">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && shown[active] ? `${id}-${active}` : undefined}
          aria-describedby={props.describedBy}
          value={query ?? shownText}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => {
            if (!open)
              openAt(
                Math.max(
                  0,
                  shown.findIndex((option) => option.value === props.value),
                ),
              );
          }}
          onBlur={() => {
            // a code or name written out in full is a choice, as if picked from the list
            const typed = query?.trim().toLocaleLowerCase('nb');
            const exact = typed
              ? all.find((o) => o.value.toLocaleLowerCase('nb') === typed || o.label.toLocaleLowerCase('nb') === typed)
              : undefined;
            if (exact && exact.value !== props.value) props.onChange(exact.value);
            close();
          }}
          onKeyDown={(event) => {
            switch (event.key) {
              case 'ArrowDown':
                event.preventDefault();
                if (!open || event.altKey)
                  openAt(
                    Math.max(
                      0,
                      shown.findIndex((o) => o.value === props.value),
                    ),
                  );
                else move(active + 1);
                break;
              case 'ArrowUp':
                event.preventDefault();
                if (open) move(active - 1);
                else
                  openAt(
                    Math.max(
                      0,
                      shown.findIndex((o) => o.value === props.value),
                    ),
                  );
                break;
              case 'PageDown':
                if (open) {
                  event.preventDefault();
                  move(active + 10);
                }
                break;
              case 'PageUp':
                if (open) {
                  event.preventDefault();
                  move(active - 10);
                }
                break;
              case 'Enter':
                // Enter picks instead of sending the form; closed, it sends the form as a field's Enter does
                if (open) {
                  event.preventDefault();
                  pick(shown[active]);
                }
                break;
              case 'Escape':
                if (open || query !== null) {
                  event.preventDefault();
                  event.stopPropagation();
                  close();
                }
                break;
            }
          }}
        />
        <button
          type="button"
          className="combobox-toggle"
          tabIndex={-1}
          aria-label={t('combobox.show')}
          aria-expanded={open}
          aria-controls={listId}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              input.current?.focus();
              openAt(
                Math.max(
                  0,
                  shown.findIndex((o) => o.value === props.value),
                ),
              );
            }
          }}
        >
          ▾
        </button>
        {/* named while open only: closed, nothing but the field answers to the label */}
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-labelledby={open ? `${id}-label` : undefined}
          className="combobox-list"
          hidden={!open}
        >
          {open &&
            shown.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-${index}`}
                role="option"
                aria-selected={option.value === props.value}
                data-active={index === active}
                // the input keeps focus: a tap picks, it does not blur first
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== active && setActive(index)}
                onClick={() => pick(option)}
                style={option.depth ? { paddingLeft: `${0.75 + option.depth}rem` } : undefined}
              >
                {option.label}
              </li>
            ))}
          {open && shown.length === 0 && (
            <li className="combobox-none" role="presentation">
              {t('combobox.none')}
            </li>
          )}
          {open && found.length > shown.length && (
            <li className="combobox-none" role="presentation">
              {t('combobox.more', { count: found.length - shown.length })}
            </li>
          )}
        </ul>
      </div>
      {props.name !== undefined && <input type="hidden" name={props.name} value={props.value} />}
    </div>
  );
}
