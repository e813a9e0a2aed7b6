/**
 * Choosing rows of a long table: a click toggles one row; a shift-click sets every row from the last one clicked to
 * this one (as they are shown now) to the state the clicked row takes; "all shown" sets every shown row. What is
 * chosen stays chosen while filters hide it, so a filter can be used to add more.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** the row last clicked without shift: where a range starts */
  anchor: string | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

export function toggleRow(
  selection: Selection,
  shown: readonly string[],
  id: string,
  checked: boolean,
  range: boolean,
): Selection {
  const ids = new Set(selection.ids);
  const from = range && selection.anchor !== null ? shown.indexOf(selection.anchor) : -1;
  const to = shown.indexOf(id);
  if (from >= 0 && to >= 0) {
    for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
      if (checked) ids.add(shown[index]!);
      else ids.delete(shown[index]!);
    }
    // the range's start stays: a further shift-click reaches from it again
    return { ids, anchor: selection.anchor };
  }
  if (checked) ids.add(id);
  else ids.delete(id);
  return { ids, anchor: id };
}

/** every shown row chosen (or, when all of them already are, none of them) */
export function toggleAllShown(selection: Selection, shown: readonly string[]): Selection {
  const ids = new Set(selection.ids);
  const all = shown.length > 0 && shown.every((id) => ids.has(id));
  for (const id of shown) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { ids, anchor: selection.anchor };
}

/** how the header's box looks: all shown chosen, some, or none */
export function shownState(selection: Selection, shown: readonly string[]): 'all' | 'some' | 'none' {
  const chosen = shown.filter((id) => selection.ids.has(id)).length;
  if (chosen === 0) return 'none';
  return chosen === shown.length ? 'all' : 'some';
}

/** the chosen ids that still exist (a deleted document drops out), in the order shown */
export function chosenOf(selection: Selection, existing: readonly string[]): string[] {
  return existing.filter((id) => selection.ids.has(id));
}
