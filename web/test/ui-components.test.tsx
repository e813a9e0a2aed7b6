import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboOption } from '../src/components/ui/Combobox.js';
import { firstDayOfWeek, monthGrid } from '../src/components/ui/Calendar.js';
import { DateField } from '../src/components/ui/DateField.js';
import { ConfirmButton } from '../src/components/ui/Dialog.js';
import { Tabs } from '../src/components/ui/Tabs.js';
import { ToastProvider, useToast } from '../src/components/ui/Toast.js';
import { datePattern, formatDateInput, parseDateInput } from '../src/date-input.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';

beforeAll(async () => {
  await setupI18n();
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await changeLanguage('en');
});

const PARTS: ComboOption[] = [
  { value: '314', label: '314 Fittings for sanitary installations', search: 'Armaturer for sanitærinstallasjoner' },
  { value: '315', label: '315 Equipment for sanitary installations', search: 'Utstyr for sanitærinstallasjoner' },
  { value: '362', label: '362 Air distribution', search: 'Luftfordeling' },
  { value: '433', label: '433 Electrical power distribution', search: 'Elkraftfordeling' },
];

function Parts(props: { seen?: (value: string) => void; empty?: string }) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Combobox
        label="NS 3451 part"
        name="part"
        options={PARTS}
        value={value}
        {...(props.empty === undefined ? {} : { empty: props.empty })}
        onChange={(next) => {
          setValue(next);
          props.seen?.(next);
        }}
      />
    </form>
  );
}

describe('the select with search', () => {
  it('narrows the list by a word of the name in the other language, and Enter picks the highlighted one', () => {
    const seen: string[] = [];
    render(<Parts seen={(value) => seen.push(value)} />);
    const field = screen.getByRole('combobox', { name: 'NS 3451 part' });
    fireEvent.change(field, { target: { value: 'sanitær utstyr' } });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['315 Equipment for sanitary installations']);
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(seen).toEqual(['315']);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect((field as HTMLInputElement).value).toBe('315 Equipment for sanitary installations');
    // the form gets the code
    expect((document.querySelector('input[name="part"]') as HTMLInputElement).value).toBe('315');
  });

  it('finds by code; arrow keys move the highlight, Escape closes and keeps the choice', () => {
    const seen: string[] = [];
    render(<Parts seen={(value) => seen.push(value)} empty="All" />);
    const field = screen.getByRole('combobox', { name: 'NS 3451 part' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    // opened on the current choice: "All", then every part
    expect(screen.getAllByRole('option')).toHaveLength(5);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const active = document.getElementById(field.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('315 Equipment for sanitary installations');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(seen).toEqual(['314']);
    fireEvent.change(field, { target: { value: '43' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '433 Electrical power distribution',
    ]);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect((field as HTMLInputElement).value).toBe('314 Fittings for sanitary installations');
    expect(seen).toEqual(['314']);
  });

  it('says when nothing matches, and takes a code written out in full when the field is left', () => {
    const seen: string[] = [];
    render(<Parts seen={(value) => seen.push(value)} />);
    const field = screen.getByRole('combobox', { name: 'NS 3451 part' });
    fireEvent.change(field, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing matches')).toBeTruthy();
    fireEvent.change(field, { target: { value: '362' } });
    fireEvent.blur(field);
    expect(seen).toEqual(['362']);
  });

  it('picks an option by a tap', () => {
    const seen: string[] = [];
    render(<Parts seen={(value) => seen.push(value)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show choices' }));
    fireEvent.click(screen.getByRole('option', { name: '433 Electrical power distribution' }));
    expect(seen).toEqual(['433']);
  });
});

describe('dates in the person’s locale', () => {
  it('takes the order and separator from the app’s locale, not the browser’s language', () => {
    expect(datePattern('nb-NO')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(datePattern('en-GB')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(datePattern('en-US')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    expect(formatDateInput('2026-03-07', 'nb-NO')).toBe('07.03.2026');
    expect(formatDateInput('2026-03-07T12:00:00.000Z', 'en-US')).toBe('03/07/2026');
  });

  it('reads what a person writes, with or without separators, and refuses days that do not exist', () => {
    expect(parseDateInput('7.3.2026', 'nb-NO')).toEqual({ ok: true, iso: '2026-03-07' });
    expect(parseDateInput('07032026', 'nb-NO')).toEqual({ ok: true, iso: '2026-03-07' });
    expect(parseDateInput('03/07/2026', 'en-US')).toEqual({ ok: true, iso: '2026-03-07' });
    expect(parseDateInput('2026-03-07', 'en-GB')).toEqual({ ok: true, iso: '2026-03-07' });
    expect(parseDateInput('', 'nb-NO')).toEqual({ ok: true, iso: null });
    expect(parseDateInput('31.02.2026', 'nb-NO')).toEqual({ ok: false });
    expect(parseDateInput('7.3.26', 'nb-NO')).toEqual({ ok: false });
    expect(parseDateInput('i morgen', 'nb-NO')).toEqual({ ok: false });
  });

  it('shows a Norwegian person dd.mm.åååå and a message in Norwegian, and gives the form ISO', async () => {
    await changeLanguage('nb');
    const seen: string[] = [];
    render(
      <form>
        <DateField label="Startdato" name="start" defaultValue="2026-11-28" onChange={(iso) => seen.push(iso)} />
      </form>,
    );
    const field = screen.getByLabelText<HTMLInputElement>('Startdato');
    expect(field.value).toBe('28.11.2026');
    expect(field.placeholder).toBe('dd.mm.åååå');
    fireEvent.change(field, { target: { value: '31.02.2026' } });
    fireEvent.blur(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Skriv datoen som dd.mm.åååå, for eksempel 28.11.2026.')).toBeTruthy();
    expect(field.validity.valid).toBe(false);
    fireEvent.change(field, { target: { value: '1.12.2026' } });
    fireEvent.blur(field);
    expect(field.value).toBe('01.12.2026');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(seen).toEqual(['2026-12-01']);
    expect((document.querySelector('input[name="start"]') as HTMLInputElement).value).toBe('2026-12-01');
  });
});

describe('the calendar beside a date', () => {
  it('starts weeks on Monday in Norwegian and on Sunday in American English, in whole weeks', () => {
    expect(firstDayOfWeek('nb-NO')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(0);
    const weeks = monthGrid('2026-11-15', 1);
    // 1 November 2026 is a Sunday: the Monday before starts the grid
    expect(weeks[0]![0]).toBe('2026-10-26');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-06');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('opens on the chosen day in Norwegian, moves by arrows and pages, Enter picks, Escape closes', async () => {
    await changeLanguage('nb');
    const seen: string[] = [];
    render(
      <form>
        <DateField
          label="Startdato"
          name="start"
          defaultValue="2026-11-28"
          min="2026-11-02"
          onChange={(iso) => seen.push(iso)}
        />
      </form>,
    );
    const opener = screen.getByRole('button', { name: 'Startdato: velg i kalender' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Startdato: velg en dag' });
    const grid = screen.getByRole('grid', { name: /^november 2026$/i });
    // the weekdays in Norwegian, Monday first
    expect(screen.getAllByRole('columnheader')[0]!.getAttribute('abbr')).toBe('mandag');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-28');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-06');
    expect(screen.getByRole('grid', { name: /^desember 2026$/i })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    // not before the earliest day allowed
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-02');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-08');
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-08');
    // Enter on a day button clicks it: picked, shown in the locale's format, the calendar gone, focus on its button
    fireEvent.click(document.activeElement!);
    expect(seen).toEqual(['2026-12-08']);
    expect(screen.getByLabelText<HTMLInputElement>('Startdato').value).toBe('08.12.2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    // Escape closes without a change
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(seen).toEqual(['2026-12-08']);
    expect(grid).toBeTruthy();
    expect(dialog).toBeTruthy();
  });

  it('refuses a written day before the earliest one, saying which is allowed', () => {
    render(<DateField label="Expires" min="2026-11-29" />);
    const field = screen.getByLabelText<HTMLInputElement>('Expires');
    fireEvent.change(field, { target: { value: '2026-11-28' } });
    fireEvent.blur(field);
    expect(screen.getByText(/^Choose (29\/11|11\/29)\/2026 or later\.$/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the confirmation dialog', () => {
  it('opens named by its heading with Cancel focused, Escape closes it and focus goes back to the button', () => {
    const confirmed = vi.fn();
    render(
      <ConfirmButton title="Delete Takrenner" message="Delete the task?" confirm="Delete" onConfirm={confirmed}>
        Delete
      </ConfirmButton>,
    );
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete Takrenner' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Delete the task?').id);
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirmed).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('does the action only on its destructive button', () => {
    const confirmed = vi.fn();
    render(
      <ConfirmButton title="Revoke key" message="It stops working at once." confirm="Revoke" onConfirm={confirmed}>
        Revoke
      </ConfirmButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke key' });
    const yes = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Revoke')!;
    expect(yes.className).toBe('danger');
    fireEvent.click(yes);
    expect(confirmed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

function Saver() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Saved.')}>
      Save
    </button>
  );
}

describe('toasts', () => {
  it('says an outcome in the one polite status region, and lets it go after a while or when closed', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    const region = document.querySelector('.toasts')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // drawn a task later, after what the page draws for the same action
    expect(region.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(0);
    });
    // twice the same outcome is one message
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['Saved.×']);
    expect(region.textContent).toBe('Saved.×');
    act(() => {
      vi.advanceTimersByTime(7000);
    });
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => {
      vi.advanceTimersByTime(0);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(region.textContent).toBe('');
  });
});

describe('tabs', () => {
  it('keeps one tab in the Tab order and moves between tabs with the arrow keys, Home and End', () => {
    function Page() {
      const [tab, setTab] = useState('a');
      return (
        <Tabs
          label="Account"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'a', label: 'Profile', panel: <p>Name and language</p> },
            { id: 'b', label: 'Sessions', panel: <p>Where you are signed in</p> },
            { id: 'c', label: 'Keys', panel: <p>Your API keys</p> },
          ]}
        />
      );
    }
    render(<Page />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Profile' }).textContent).toBe('Name and language');
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sessions' }));
    expect(screen.getByRole('tabpanel', { name: 'Sessions' }).textContent).toBe('Where you are signed in');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Keys', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Keys');
  });
});
