import type { Answer } from '@byggdok/sdk';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerText, citationHref } from '../src/pages/AskPage.js';

afterEach(cleanup);

const answer: Answer = {
  answer: 'Sprinkleranlegget ble levert av Firesafe AS [1], og det ble kontrollert i 2024 [2]. Se også [7].',
  thread_id: '0190a3c4-0000-7000-8000-000000000000',
  citations: {
    '1': { cited_text: 'Leverandør: Firesafe AS', document_id: 'doc-a', page_number: 3, superseded_by: null },
    '2': { cited_text: 'Kontrollert 12.03.2024', document_id: 'doc-b', superseded_by: null },
  },
  cited_documents: [
    { id: 'doc-a', filename: 'Brannteknisk rapport.pdf', building_id: 'bld-1' },
    { id: 'doc-b', filename: 'Kontroll.txt', building_id: 'bld-2' },
  ],
  follow_up_suggestions: [],
};

function show(buildingId?: string) {
  render(
    <MemoryRouter>
      <AnswerText
        answer={answer}
        documentLink={(marker) => citationHref({ ownerId: 'own', buildingId, answer, marker })}
      />
    </MemoryRouter>,
  );
}

describe('an answer with citations', () => {
  it('turns each [n] with a citation into a link to the cited document at the cited page with the passage', () => {
    show('bld-1');
    const first = screen.getByRole('link', { name: '[1]' });
    const url = new URL(first.getAttribute('href')!, 'http://app');
    expect(url.pathname).toBe('/owners/own/buildings/bld-1/documents/doc-a');
    expect(url.searchParams.get('page')).toBe('3');
    expect(url.searchParams.get('quote')).toBe('Leverandør: Firesafe AS');
  });

  it('links a document without pages without a page, in the building the document belongs to', () => {
    show();
    const second = new URL(screen.getByRole('link', { name: '[2]' }).getAttribute('href')!, 'http://app');
    expect(second.pathname).toBe('/owners/own/buildings/bld-2/documents/doc-b');
    expect(second.searchParams.has('page')).toBe(false);
  });

  it('leaves a marker without a citation as plain text and keeps the words around the markers', () => {
    show('bld-1');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    const paragraph = screen.getByText(/Sprinkleranlegget ble levert/);
    expect(paragraph.textContent).toBe(answer.answer);
  });
});
