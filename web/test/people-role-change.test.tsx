import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/Toast.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { PeoplePage } from '../src/pages/PeoplePage.js';
import type { Role } from '../src/roles.js';

beforeAll(async () => {
  await setupI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = 'user_00000000000000000000000001';
const ADMIN = 'user_00000000000000000000000002';
const WRITER = 'user_00000000000000000000000003';
const READER = 'user_00000000000000000000000004';

interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: 'active';
  locale: string;
  lastSignInAt: null;
}

const member = (id: string, email: string, name: string, role: Role): Member => ({
  id,
  email,
  name,
  role,
  status: 'active',
  locale: 'no',
  lastSignInAt: null,
});

/**
 * The service: the viewer is OWNER of Fjord Bygg AS (READ_ACCESS in one of its projects when `lowered`), with an
 * ADMIN, a writer and a reader (who has no name); a role change is answered as the service does, or refused.
 */
function service(params: { lowered?: boolean; refuse?: boolean } = {}) {
  const members = [
    member(ME, 'meg@fjordbygg.test', 'Mona Eier', 'OWNER'),
    member(ADMIN, 'anne@fjordbygg.test', 'Anne Admin', 'ADMIN'),
    member(WRITER, 'kari@fjordbygg.test', 'Kari Skriver', 'WRITE_ACCESS'),
    member(READER, 'leser@fjordbygg.test', '', 'READ_ACCESS'),
  ];
  const changes: { userId: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const json = (status: number, body: unknown, type = 'application/json') =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
    if (url.pathname === '/auth/me') {
      return json(200, {
        id: ME,
        email: 'meg@fjordbygg.test',
        name: 'Mona Eier',
        locale: 'no',
        platformAdmin: false,
        passwordSignIn: true,
        customers: [{ id: 'c1', name: 'Fjord Bygg AS', role: 'OWNER' }],
        projects: params.lowered
          ? [
              { id: 'p1', customerId: 'c1', name: 'Kaia', role: 'OWNER' },
              { id: 'p2', customerId: 'c1', name: 'Lesesal', role: 'READ_ACCESS' },
            ]
          : [{ id: 'p1', customerId: 'c1', name: 'Kaia', role: 'OWNER' }],
      });
    }
    if (url.pathname === '/construction/customers/c1/idp/users') return json(200, { users: members });
    const role = /^\/construction\/customers\/c1\/idp\/users\/(user_\w+)\/role$/.exec(url.pathname);
    if (role && request.method === 'PUT') {
      const body = (await request.json()) as { role: Role };
      changes.push({ userId: role[1]!, body });
      if (params.refuse) {
        return json(
          403,
          {
            type: 'urn:byggdok:problem:role.above_own',
            title: 'Forbidden',
            status: 403,
            detail: 'You cannot give or change a role in the whole customer above your role in project Lesesal',
            code: 'role.above_own',
          },
          'application/problem+json',
        );
      }
      const changed = members.find((m) => m.id === role[1])!;
      changed.role = body.role;
      return json(200, changed);
    }
    return json(200, {});
  });
  return changes;
}

/** ReactDOM's flushSync as the router takes it, as main.tsx gives it */
const applyAtOnce = (update: () => unknown): undefined => {
  flushSync(update);
  return undefined;
};

function peoplePage() {
  const router = createMemoryRouter([{ path: '/people', element: <PeoplePage /> }], { initialEntries: ['/people'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RouterProvider router={router} flushSync={applyAtOnce} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr')!;
const optionsOf = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

describe('changing a role on the People page', () => {
  it.each([
    {
      lng: 'en',
      roleOfKari: 'Role of Kari Skriver',
      roleOfReader: 'Role of leser@fjordbygg.test',
      roles: ['No access', 'Read access', 'Write access', 'Owner'],
      title: 'New role for Kari Skriver',
      message: 'From “Write access” to “Owner”.',
      cancel: 'Cancel',
      confirm: 'Change role',
      toast: 'Kari Skriver now has the role “Owner” in the customer.',
      owner: 'Owner',
      admin: 'Administrator',
    },
    {
      lng: 'nb',
      roleOfKari: 'Rolle for Kari Skriver',
      roleOfReader: 'Rolle for leser@fjordbygg.test',
      roles: ['Ingen tilgang', 'Lesetilgang', 'Skrivetilgang', 'Eier'],
      title: 'Ny rolle for Kari Skriver',
      message: 'Fra «Skrivetilgang» til «Eier».',
      cancel: 'Avbryt',
      confirm: 'Endre rolle',
      toast: 'Kari Skriver har nå rollen «Eier» i kunden.',
      owner: 'Eier',
      admin: 'Administrator',
    },
  ])('offers an OWNER the roles they may give, asks first, then says who has which role ($lng)', async (words) => {
    await changeLanguage(words.lng as 'nb' | 'en');
    const changes = service();
    peoplePage();
    const kari = await rowOf('kari@fjordbygg.test');
    const select = within(kari).getByRole<HTMLSelectElement>('combobox', { name: words.roleOfKari });
    // up to their own role, never Administrator; the person named, not their id
    expect(optionsOf(select)).toEqual(words.roles);
    // removing someone takes ADMIN: an OWNER is offered no Remove (was: a button the service answered 403)
    expect(within(kari).queryByRole('button', { name: /^(Remove|Fjern)/ })).toBeNull();
    expect(select.value).toBe('WRITE_ACCESS');
    // someone without a name is named by their e-mail
    expect(
      within(await rowOf('leser@fjordbygg.test')).getByRole('combobox', { name: words.roleOfReader }),
    ).toBeTruthy();
    // their own role and an ADMIN's are words, not a choice
    for (const [email, role] of [
      ['meg@fjordbygg.test', words.owner],
      ['anne@fjordbygg.test', words.admin],
    ] as const) {
      const row = await rowOf(email);
      expect(within(row).queryByRole('combobox')).toBeNull();
      expect(row.querySelectorAll('td')[2]!.textContent).toBe(role);
    }

    // changed, then thought better of: nothing sent, the role as it was
    fireEvent.change(select, { target: { value: 'OWNER' } });
    let dialog = await screen.findByRole('dialog', { name: words.title });
    expect(dialog.textContent).toContain(words.message);
    fireEvent.click(within(dialog).getByRole('button', { name: words.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(select.value).toBe('WRITE_ACCESS');
    expect(changes).toEqual([]);

    // changed and confirmed: sent, the list read again, and said in words
    fireEvent.change(select, { target: { value: 'OWNER' } });
    dialog = await screen.findByRole('dialog', { name: words.title });
    fireEvent.click(within(dialog).getByRole('button', { name: words.confirm }));
    expect(await screen.findByText(words.toast)).toBeTruthy();
    expect(changes).toEqual([{ userId: WRITER, body: { role: 'OWNER' } }]);
    await waitFor(() => expect(select.value).toBe('OWNER'));
    expect(document.body.textContent).not.toContain(WRITER);
  });

  it('bounds an OWNER who only reads one of the projects by that role, and shows what the service refuses', async () => {
    await changeLanguage('en');
    const changes = service({ lowered: true, refuse: true });
    peoplePage();
    // the writer outranks them in that project: the role is words
    const kari = await rowOf('kari@fjordbygg.test');
    expect(within(kari).queryByRole('combobox')).toBeNull();
    expect(kari.querySelectorAll('td')[2]!.textContent).toBe('Write access');
    const reader = within(await rowOf('leser@fjordbygg.test')).getByRole<HTMLSelectElement>('combobox', {
      name: 'Role of leser@fjordbygg.test',
    });
    expect(optionsOf(reader)).toEqual(['No access', 'Read access']);

    // refused by the service (a project the page does not know of): said next to the table, the role unchanged
    fireEvent.change(reader, { target: { value: 'NO_ACCESS' } });
    const dialog = await screen.findByRole('dialog', { name: 'New role for leser@fjordbygg.test' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot give a role above your own.');
    expect(changes).toEqual([{ userId: READER, body: { role: 'NO_ACCESS' } }]);
    expect(reader.value).toBe('READ_ACCESS');
  });
});
