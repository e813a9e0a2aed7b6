import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BuildingProgress } from '../src/components/BuildingProgress.js';
import { InviteForm } from '../src/components/InviteForm.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { useReferenceNames } from '../src/reference.js';

beforeAll(async () => {
  await setupI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** the building's status: `processed` of `total` documents */
function answering(processed: number, total: number) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ processed_documents: processed, total_documents: total }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
}

function progress() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BuildingProgress ownerId="o1" buildingId="b1" />
    </QueryClientProvider>,
  );
}

/**
 * A percentage is written as the page's language writes it: "100%" in English, "100 %" in Norwegian with a space that
 * never breaks the number from its sign at the end of a phone's line.
 */
describe('a building’s processing progress', () => {
  it('writes the share the English way in English', async () => {
    await changeLanguage('en');
    answering(3, 4);
    progress();
    expect((await screen.findByText(/processed/)).textContent).toBe('3 of 4 processed (75%)');
  });

  it('writes the share the Norwegian way, the number and its sign kept together', async () => {
    await changeLanguage('nb');
    answering(3, 3);
    progress();
    expect((await screen.findByText(/ferdig behandlet/)).textContent).toBe('3 av 3 ferdig behandlet (100\u00a0%)');
  });
});

/** an invitation goes out in the app's language unless the person picks another, also after they switch languages */
describe('the language of an invitation', () => {
  it('follows the app’s language when the person switches it on the page', async () => {
    await changeLanguage('nb');
    render(
      <InviteForm
        roleLabel="Rolle"
        roles={['READ_ACCESS']}
        defaultRole="READ_ACCESS"
        pending={false}
        invite={() => {}}
      />,
    );
    const language = () =>
      screen.getByRole<HTMLSelectElement>('combobox', {
        name: /^(Språk i invitasjonen|Language of the invitation)/,
      }).value;
    expect(language()).toBe('nb');
    await act(() => changeLanguage('en'));
    expect(language()).toBe('en');
  });
});

/** a document of no NS 3451 part (MSC) is named in words in each language, as every part is, not by its bare code */
describe('the building part of a document', () => {
  function Part(props: { code: string }) {
    return <p>{useReferenceNames().category(props.code)}</p>;
  }

  it('names MSC in words, in Norwegian and in English, and the parts as before', async () => {
    await changeLanguage('nb');
    const { container, rerender } = render(<Part code="MSC" />);
    expect(container.textContent).toBe('MSC Diverse (ingen NS 3451-del)');
    rerender(<Part code="362" />);
    expect(container.textContent).toBe('362 Kanalnett for luftbehandling');
    await act(() => changeLanguage('en'));
    rerender(<Part code="MSC" />);
    expect(container.textContent).toBe('MSC Miscellaneous (no NS 3451 part)');
  });
});
