import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDraft } from '../src/use-draft.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

function Question(props: { draftKey: string }) {
  const [draft, setDraft, clear] = useDraft(props.draftKey);
  return (
    <>
      <textarea aria-label="question" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button type="button" onClick={clear}>
        sent
      </button>
    </>
  );
}

describe('drafts', () => {
  it('gives back what was typed after the page is left (a sign-in) and opened again, until it is taken', () => {
    const first = render(<Question draftKey="ask:owner:building" />);
    fireEvent.change(screen.getByLabelText('question'), { target: { value: 'Hvor er brannslukkerne?' } });
    first.unmount();

    const again = render(<Question draftKey="ask:owner:building" />);
    expect(screen.getByLabelText<HTMLTextAreaElement>('question').value).toBe('Hvor er brannslukkerne?');
    fireEvent.click(screen.getByText('sent'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('question').value).toBe('');
    again.unmount();

    render(<Question draftKey="ask:owner:building" />);
    expect(screen.getByLabelText<HTMLTextAreaElement>('question').value).toBe('');
  });

  it('keeps each place its own draft', () => {
    const one = render(<Question draftKey="ask:owner:a" />);
    fireEvent.change(screen.getByLabelText('question'), { target: { value: 'Bygg A' } });
    one.unmount();
    render(<Question draftKey="ask:owner:b" />);
    expect(screen.getByLabelText<HTMLTextAreaElement>('question').value).toBe('');
  });
});
