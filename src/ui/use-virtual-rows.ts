import { useEffect, useState, type RefObject } from 'react';

export interface VirtualWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

/** Rows drawn beyond the visible area, so fast scrolling shows no blank band. */
const OVERSCAN_ROWS = 10;

/** Which rows of a long table to render: large organisations keep a smooth table with thousands of rows. */
export function virtualWindow(
  rowCount: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
): VirtualWindow {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const visible = Math.ceil(viewportHeight / rowHeight) + 2 * OVERSCAN_ROWS;
  const end = Math.min(rowCount, first + visible);
  return {
    start: first,
    end,
    padTop: first * rowHeight,
    padBottom: Math.max(0, (rowCount - end) * rowHeight),
  };
}

export function useVirtualRows(
  container: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeight: number,
): VirtualWindow {
  const [scroll, setScroll] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const update = () => setScroll({ top: el.scrollTop, height: el.clientHeight || 800 });
    // The observer also reports the first size, so no measure is needed in the effect body.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, [container]);
  return virtualWindow(rowCount, rowHeight, scroll.top, scroll.height);
}
