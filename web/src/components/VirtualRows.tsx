import { useVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';

export const ROW_HEIGHT = 41;

/**
 * The rows of a long table that are in view (and a few around them), with the heights of the rows left out above and
 * below so the scroll bar tells the whole length.
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
