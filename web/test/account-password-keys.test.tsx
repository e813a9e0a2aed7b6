import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/Toast.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { AccountPage } from '../src/pages/AccountPage.js';

beforeAll(async () => {
  await setupI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const key = (id: string, fields: { revokedAt?: string; expiresAt?: string } = {}) => ({
  id,
  name: `nøkkel ${id}`,
  prefix: 'fk_user_ab',
  createdAt: new Date(Date.now() - 10 * DAY).toISOString(),
  expiresAt: fields.expiresAt ?? new Date(Date.now() + 30 * DAY).toISOString(),
  lastUsedAt: null,
  revokedAt: fields.revokedAt ?? null,
});

/**
 * The service behind the account page: a person who signs in with a password, with the personal keys given (two that
 * work, one revoked, one expired, unless told); a password change is answered 204 and, when asked to, revokes them.
 */
function service(keys = [key('k1'), key('k2'), key('k3', { revokedAt: new Date().toISOString() })]) {
  keys.push(key('k4', { expiresAt: new Date(Date.now() - DAY).toISOString() }));
  const changes: unknown[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const json = (status: number, body: unknown) =>
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/auth/me') {
      return json(200, {
        id: 'user_00000000000000000000000001',
        email: 'kari@fjordbygg.test',
        name: 'Kari Nordmann',
        locale: 'no',
        platformAdmin: false,
        passwordSignIn: true,
        customers: [],
        projects: [],
      });
    }
    if (url.pathname === '/auth/api-keys') return json(200, { keys });
    if (url.pathname === '/auth/me/sessions') return json(200, { sessions: [] });
    if (url.pathname === '/auth/me/password' && request.method === 'POST') {
      const body = (await request.json()) as { revokeApiKeys?: boolean };
      changes.push(body);
      if (body.revokeApiKeys) {
        for (const k of keys) if (!k.revokedAt) k.revokedAt = new Date().toISOString();
      }
      return json(204, null);
    }
    return json(200, {});
  });
  return changes;
}

const applyAtOnce = (update: () => unknown): undefined => {
  flushSync(update);
  return undefined;
};

function accountPage(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter([{ path: '/account', element: <AccountPage /> }], {
    initialEntries: ['/account?tab=security'],
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} flushSync={applyAtOnce} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

async function changePassword(words: { current: string; new: string; repeat: string; change: string }) {
  const form = (await screen.findByRole('button', { name: words.change })).closest('form')!;
  fireEvent.change(within(form).getByLabelText(words.current), { target: { value: 'gammelt-passord-1' } });
  fireEvent.change(within(form).getByLabelText(words.new), { target: { value: 'nytt-og-langt-passord-2' } });
  fireEvent.change(within(form).getByLabelText(words.repeat), { target: { value: 'nytt-og-langt-passord-2' } });
  fireEvent.click(within(form).getByRole('button', { name: words.change }));
}

describe('revoking personal API keys with a new password on the account page', () => {
  it.each([
    {
      lng: 'en',
      box: 'Also revoke my personal API keys (2)',
      hint: 'Programs that use them stop working.',
      current: 'Current password',
      new: 'New password',
      repeat: 'Repeat the new password',
      change: 'Change password',
      revoked: /^Your password is changed, and your personal API keys are revoked\./,
    },
    {
      lng: 'nb',
      box: 'Trekk også tilbake mine personlige API-nøkler (2)',
      hint: 'Programmer som bruker dem, slutter å virke.',
      current: 'Nåværende passord',
      new: 'Nytt passord',
      repeat: 'Gjenta det nye passordet',
      change: 'Bytt passord',
      revoked: /^Passordet er byttet, og de personlige API-nøklene dine er trukket tilbake\./,
    },
  ])('offers it with the count of keys that work, sends it ticked, and says so ($lng)', async (words) => {
    await changeLanguage(words.lng as 'nb' | 'en');
    const changes = service();
    accountPage();
    // the two keys that still work, not the revoked or expired one; the hint says what it does
    const box = await screen.findByRole('checkbox', { name: words.box });
    expect(box.getAttribute('aria-describedby')).toBe('revoke-keys-hint');
    expect(document.getElementById('revoke-keys-hint')!.textContent).toBe(words.hint);
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await changePassword(words);
    expect(await screen.findByText(words.revoked)).toBeTruthy();
    expect(changes).toEqual([
      { currentPassword: 'gammelt-passord-1', newPassword: 'nytt-og-langt-passord-2', revokeApiKeys: true },
    ]);
    // the keys read again: none works, so nothing is offered any more
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });

  it('left unticked, the keys are kept and the change says nothing of them', async () => {
    await changeLanguage('en');
    const changes = service();
    accountPage();
    await screen.findByRole('checkbox', { name: 'Also revoke my personal API keys (2)' });
    await changePassword({
      current: 'Current password',
      new: 'New password',
      repeat: 'Repeat the new password',
      change: 'Change password',
    });
    expect(await screen.findByText(/^Your password is changed\. You are signed out everywhere else/)).toBeTruthy();
    expect(changes).toEqual([
      { currentPassword: 'gammelt-passord-1', newPassword: 'nytt-og-langt-passord-2', revokeApiKeys: false },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Also revoke my personal API keys (2)' })).toBeTruthy();
  });

  it('is not offered to someone without a key that works', async () => {
    await changeLanguage('en');
    service([key('k3', { revokedAt: new Date().toISOString() })]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    accountPage(client);
    await screen.findByRole('button', { name: 'Change password' });
    // judged once the list is in and drawn: a revoked and an expired key only
    await waitFor(() => expect(client.getQueryState(['api-keys'])?.status).toBe('success'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.querySelector('[name="revokeApiKeys"]')).toBeNull();
    expect(screen.queryByText(/revoke my personal API keys/)).toBeNull();
  });
});
