import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { SearchPage } from '../src/pages/SearchPage.js';

beforeAll(async () => {
  await setupI18n();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hit = (id: string, filename: string) => ({
  id,
  buildingId: 'b1',
  filename,
  title: null,
  isLatestRevision: true,
  passages: [],
});

/** the service's answers: one owner with one building, and a search with a hit */
function answering() {
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const body = url.pathname.endsWith('/search')
      ? { numberOfHits: 1, hits: [hit('d1', 'ARK/A-10-103 rev D.pdf')], aggregations: {} }
      : url.pathname.endsWith('/buildings')
        ? { buildings: [{ id: 'b1', name: 'Kontorbygg Sentrum' }] }
        : { buildingOwners: [{ id: 'o1', name: 'Bryggen Eiendom AS' }] };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
}

/** ReactDOM's flushSync as the router takes it, as main.tsx gives it */
const applyAtOnce = (update: () => unknown): undefined => {
  flushSync(update);
  return undefined;
};

/** the page at this address, in a router set up as the app's (main.tsx) */
function searchPage(at: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} flushSync={applyAtOnce} />
    </QueryClientProvider>,
  );
  return router;
}

/**
 * A person's click: dispatched by the browser, not inside React's act() (which would render every update it queued,
 * deferred ones too, before returning), then what runs before the browser's next task.
 */
async function click(element: HTMLElement) {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    element.click();
    for (let i = 0; i < 50; i++) await Promise.resolve();
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

describe('the search page', () => {
  it('turns a box off at the click, as the address says', async () => {
    answering();
    const router = searchPage('/search?owner=o1&q=A-10-103');
    await screen.findByText('A-10-103 rev D.pdf');
    const latestOnly = screen.getByLabelText<HTMLInputElement>('Current revisions only');
    await click(latestOnly);
    expect(router.state.location.search).toContain('revisions=all');
    expect(latestOnly.checked).toBe(false);
  });

  it('keeps both of two boxes turned off one right after the other', async () => {
    answering();
    const router = searchPage('/search?owner=o1&q=A-10-103');
    await screen.findByText('A-10-103 rev D.pdf');
    await click(screen.getByLabelText('Allow typos'));
    await click(screen.getByLabelText('Current revisions only'));
    expect(screen.getByLabelText<HTMLInputElement>('Allow typos').checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Current revisions only').checked).toBe(false);
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('fuzzy'), params.get('revisions')]).toEqual(['off', 'all']);
  });
});
