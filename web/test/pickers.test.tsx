import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CategoryPicker, InformationTypesPicker } from '../src/components/Pickers.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { portalToken } from '../src/pages/PortalPage.js';
import { matches, useReferenceNames } from '../src/reference.js';

beforeAll(async () => {
  await setupI18n();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

function withQueries(node: React.ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
}

function Types(props: { store?: 'name' | 'id'; seen: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <InformationTypesPicker
      value={value}
      store={props.store ?? 'name'}
      onChange={(next) => {
        setValue(next);
        props.seen(next);
      }}
    />
  );
}

describe('the reference pickers', () => {
  it('finds by every word, in any case, Norwegian letters included', () => {
    expect(matches('SANITÆR utstyr', '315', 'Utstyr for sanitærinstallasjoner')).toBe(true);
    expect(matches('sanitær ventil', '315', 'Utstyr for sanitærinstallasjoner')).toBe(false);
    expect(matches('', 'anything')).toBe(true);
  });

  it('finds an NS 3451 part by its Norwegian name while showing the English one, and picks its code', async () => {
    const picked: string[] = [];
    withQueries(<CategoryPicker value="" onChange={(code) => picked.push(code)} />);
    const field = await screen.findByRole('combobox', { name: 'NS 3451 building part' });
    fireEvent.change(field, { target: { value: 'armaturer sanitær' } });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['314 Fittings for sanitary installations']);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(picked).toEqual(['314']);
    // and by its code
    fireEvent.change(field, { target: { value: '362' } });
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('362 Duct network for air treatment');
  });

  it('keeps the classifier’s ids for documents and the names as written for deliveries', async () => {
    let ids: string[] = [];
    withQueries(<Types store="id" seen={(value) => (ids = value)} />);
    // a filename cue finds the type; its English name is shown
    fireEvent.change(screen.getByLabelText('Find or type an information type'), { target: { value: 'PDB' } });
    fireEvent.click(await screen.findByLabelText('Product data sheet / technical data sheet'));
    expect(ids).toEqual(['product_data_sheet']);
    cleanup();

    let names: string[] = [];
    withQueries(<Types seen={(value) => (names = value)} />);
    const find = screen.getByLabelText('Find or type an information type');
    fireEvent.change(find, { target: { value: 'Tetthetsprøving' } });
    // not on the list: written in, with Enter or the button
    fireEvent.keyDown(find, { key: 'Enter' });
    expect(names).toEqual(['Tetthetsprøving']);
    expect(screen.getByText('Expected information type (1 chosen)')).toBeTruthy();
  });
});

describe('the portal link', () => {
  it('takes the token into the tab and out of the address, and opens in the e-mail’s language', async () => {
    window.history.replaceState(null, '', '/app/portal/p-1/s-2#token=sct_abc&lang=no');
    expect(portalToken('p-1', 's-2')).toBe('sct_abc');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/app/portal/p-1/s-2');
    expect(window.sessionStorage.getItem('byggdok.portal.p-1.s-2')).toBe('sct_abc');
    await expect.poll(() => document.documentElement.lang).toBe('nb');
    // a reload keeps the token from the tab
    expect(portalToken('p-1', 's-2')).toBe('sct_abc');
    await changeLanguage('en');
  });
});

function Names() {
  const names = useReferenceNames();
  return (
    <p>
      {names.category('362')} · {names.discipline('RIV')}
    </p>
  );
}

describe('reference names', () => {
  it('are in the person’s language at the first render, never a bare code first', async () => {
    await changeLanguage('nb');
    try {
      withQueries(<Names />);
      // synchronously: no code or English name shown while the names load
      expect(screen.getByText('362 Kanalnett for luftbehandling · RIV Rådgivende ingeniør VVS')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
