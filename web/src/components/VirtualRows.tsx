import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';

export const ROW_HEIGHT = 41;

/**
 * The rows of a long table that are in view (and a few around them), with the heights of the rows left out above and
 * below so the scroll bar tells the whole length. Each drawn row is measured (`measure` as its ref, `data-index` its
 * index): on a phone a row is a card of several lines, taller than a table row.
 */
export function useVirtualRows(count: number, scroller: RefObject<HTMLDivElement | null>) {
  const rows = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = rows.getVirtualItems();
  return {
    items,
    measure: rows.measureElement,
    before: items[0]?.start ?? 0,
    after: rows.getTotalSize() - (items.at(-1)?.end ?? 0),
  };
}

/** the space of rows not drawn */
export function Spacer(props: { height: number; columns: number }) {
  if (props.height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={props.columns} style={{ height: props.height, padding: 0, border: 0 }} />
    </tr>
  );
}

/**
 * A cell that on a phone is a line of the row's card, named by its column (the table's head is not shown there); a
 * cell with nothing to say (a dash) is left off the card.
 */
export function Cell(props: { label: string; className?: string; title?: string | undefined; children: ReactNode }) {
  return (
    <td
      data-label={props.label}
      data-empty={props.children === '–' ? '' : undefined}
      className={props.className}
      title={props.title}
    >
      {props.children}
    </td>
  );
}
