/**
 * A later version is written as changes to an earlier one (the same themes and items, some split into finer items,
 * some added), so the two cannot drift apart by accident and an item keeps its nameId, and with it its links.
 */
import type { Checklist, ChecklistItem, ChecklistTheme } from '../checklist.js';

export function themeOf(checklist: Checklist, nameId: string): ChecklistTheme {
  const theme = checklist.themes.find((t) => t.nameId === nameId);
  if (!theme) throw new Error(`checklist ${checklist.country} ${checklist.version} has no theme ${nameId}`);
  return theme;
}

export function itemOf(checklist: Checklist, nameId: string): ChecklistItem {
  const find = (items: readonly ChecklistItem[]): ChecklistItem | undefined => {
    for (const item of items) {
      if (item.nameId === nameId) return item;
      const inner = find(item.children ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const theme of checklist.themes) {
    const item = find(theme.items);
    if (item) return item;
  }
  throw new Error(`checklist ${checklist.country} ${checklist.version} has no item ${nameId}`);
}

/** The same item, now holding finer items instead of expecting documentation itself. */
export function deepen(item: ChecklistItem, children: readonly ChecklistItem[]): ChecklistItem {
  return {
    nameId: item.nameId,
    name: item.name,
    description: item.description,
    laws: item.laws,
    discipline: item.discipline,
    children,
  };
}
