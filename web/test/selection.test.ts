import { describe, expect, it } from 'vitest';
import { chosenOf, NO_SELECTION, shownState, toggleAllShown, toggleRow } from '../src/selection.js';

const shown = ['a', 'b', 'c', 'd', 'e'];

describe('choosing rows of the building table', () => {
  it('toggles one row with a click and reaches back to the last clicked row with a shift-click', () => {
    let s = toggleRow(NO_SELECTION, shown, 'b', true, false);
    s = toggleRow(s, shown, 'e', true, true);
    expect(chosenOf(s, shown)).toEqual(['b', 'c', 'd', 'e']);
    // shift-click upwards from the same start, unchecking: the range goes
    s = toggleRow(s, shown, 'd', false, true);
    expect(chosenOf(s, shown)).toEqual(['e']);
  });

  it('treats a shift-click with nothing clicked before, or on a row no longer shown, as a click', () => {
    expect(chosenOf(toggleRow(NO_SELECTION, shown, 'c', true, true), shown)).toEqual(['c']);
    const first = toggleRow(NO_SELECTION, ['x', ...shown], 'x', true, false);
    expect(chosenOf(toggleRow(first, shown, 'c', true, true), ['x', ...shown])).toEqual(['x', 'c']);
  });

  it('chooses all shown, keeps what filters hide, and clears all shown when all were chosen', () => {
    let s = toggleRow(NO_SELECTION, ['z'], 'z', true, false);
    s = toggleAllShown(s, shown);
    expect(shownState(s, shown)).toBe('all');
    expect(chosenOf(s, ['z', ...shown])).toEqual(['z', ...shown]);
    s = toggleAllShown(s, shown);
    expect(shownState(s, shown)).toBe('none');
    expect(chosenOf(s, ['z', ...shown])).toEqual(['z']);
    expect(shownState(toggleRow(s, shown, 'a', true, false), shown)).toBe('some');
  });

  it('drops a chosen document that is gone', () => {
    const s = toggleAllShown(NO_SELECTION, shown);
    expect(chosenOf(s, ['a', 'c'])).toEqual(['a', 'c']);
  });
});
