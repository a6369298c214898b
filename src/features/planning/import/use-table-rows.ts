import { useVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import { measureAfterLayout, observeRectAfterLayout } from '../../../ui/measure-after-layout';

/** Rows drawn beyond the visible area: fast scrolling shows no blank band, Tab reaches the next rows. */
const OVERSCAN_ROWS = 5;

/**
 * The rows of a long table body to draw, measured as they render (a wrapped module name makes a row taller):
 * a 120-class file gives thousands of rows, and drawing them all blocks the page for seconds.
 */
export function useTableRows(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  estimatePx: number,
  /** Height of the scrolling area before it is laid out (its CSS max-height). */
  viewportPx: number,
) {
  // eslint-disable-next-line react-hooks/incompatible-library -- read afresh at each render, never memoized
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatePx,
    measureElement: measureAfterLayout,
    observeElementRect: observeRectAfterLayout,
    overscan: OVERSCAN_ROWS,
    // Before the first layout (and in tests without layout) a viewport of a few rows is assumed.
    initialRect: { width: 800, height: viewportPx },
    // React 19: no flushSync from inside a render (the rows update on the next frame instead).
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    padTop: first?.start ?? 0,
    padBottom: last === undefined ? 0 : Math.max(0, total - last.end),
    measure: virtualizer.measureElement,
  };
}
