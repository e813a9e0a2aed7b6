import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
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

const failedSignIn = (id: string, reason: string, minutesAgo: number) => ({
  id,
  occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  actor: { kind: 'anonymous', label: null },
  action: 'auth.sign_in_failed',
  target: null,
  details: { reason, issuer: 'https://login.fjordbygg.test' },
  clientAddress: '203.0.113.7',
});

/** the service behind the account page: a person whose Activity holds the given events */
function service(events: unknown[]) {
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/auth/me') {
      return json({
        id: 'user_00000000000000000000000001',
        email: 'kari@fjordbygg.test',
        name: 'Kari Nordmann',
        locale: 'no',
        platformAdmin: false,
        passwordSignIn: false,
        customers: [],
        projects: [],
      });
    }
    if (url.pathname === '/auth/me/history') return json({ events, nextToken: null });
    return json({});
  });
}

function accountPage() {
  const router = createMemoryRouter([{ path: '/account', element: <AccountPage /> }], {
    initialEntries: ['/account?tab=history'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RouterProvider
          router={router}
          flushSync={(update) => {
            flushSync(update);
            return undefined;
          }}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("failed sign-ins in the person's Activity", () => {
  it.each([
    {
      lng: 'en',
      linked: 'refused: another account at the sign-in provider gave your address',
      password: 'wrong password',
      other: 'refused',
    },
    {
      lng: 'nb',
      linked: 'avvist: en annen konto hos innloggingstjenesten oppga adressen din',
      password: 'feil passord',
      other: 'avvist',
    },
  ])('says why each failed, also a refusal at the provider’s callback ($lng)', async (words) => {
    await changeLanguage(words.lng as 'nb' | 'en');
    service([
      failedSignIn('e3', 'sign_in.account_linked_elsewhere', 1),
      failedSignIn('e2', 'wrong_password', 2),
      failedSignIn('e1', 'sign_in.something_new', 3),
    ]);
    accountPage();
    const rows = await screen.findAllByText(/203\.0\.113\.7/);
    const reasons = rows.map((cell) => cell.closest('tr')!.querySelector('td.muted')!.textContent);
    // never the raw code, and an unknown one said as a plain refusal
    expect(reasons).toEqual([words.linked, words.password, words.other]);
  });
});
