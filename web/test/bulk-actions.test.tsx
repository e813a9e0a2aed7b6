import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BulkActions } from '../src/components/BulkActions.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';

beforeAll(async () => {
  await setupI18n();
  await changeLanguage('en');
});
afterEach(cleanup);

function actions(role: 'READ_ACCESS' | 'WRITE_ACCESS', ids = ['a', 'b', 'c']) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <BulkActions ownerId="owner" buildingId="building" ids={ids} role={role} clear={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('what can be done with the chosen documents', () => {
  it('lets a reader download them, and shows the bulk edit disabled with the reason', () => {
    actions('READ_ACCESS');
    expect(screen.getByText('3 documents chosen')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download as zip' }).disabled).toBe(false);
    const edit = screen.getByRole<HTMLButtonElement>('button', { name: 'Change category, discipline or types' });
    expect(edit.disabled).toBe(true);
    expect(edit.getAttribute('aria-describedby')).toBe('bulk-edit-why');
    expect(document.getElementById('bulk-edit-why')?.textContent).toMatch(/needs write access/);
  });

  it('offers the bulk edit to a writer, and nothing past the limit of 5,000', () => {
    actions('WRITE_ACCESS');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Change category, discipline or types' }).disabled,
    ).toBe(false);
    expect(screen.queryByText(/needs write access/)).toBeNull();
    cleanup();
    actions(
      'WRITE_ACCESS',
      Array.from({ length: 5001 }, (_, index) => `id-${index}`),
    );
    expect(screen.getByText(/At most 5,000 at a time/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download as zip' }).disabled).toBe(true);
  });
});
