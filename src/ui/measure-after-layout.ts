import { elementScroll, observeElementRect, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * A virtualizer's `measureElement` that never forces a layout: a row just drawn keeps the size already known
 * (or the estimate) and gets its real height from the ResizeObserver, which reports it after the browser's own
 * layout, before paint. The library's default reads `offsetHeight` as each row's ref is attached, inside
 * React's commit: the page's whole first layout then ran in the same task as the render (an 89 ms task when
 * /users first showed 5,001 users, bench/new-device.ts with BENCH_TRACE).
 */
export function measureAfterLayout<S extends Element | Window, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(instance.options.horizontal ? box.inlineSize : box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/**
 * A virtualizer's `observeElementRect` that never forces a layout: the scrolling box is read in its
 * ResizeObserver's callbacks (the first one comes after the first layout; until then `initialRect` holds).
 * The library's default reads the box as the list mounts, in React's layout effects: that read laid out the
 * whole new page inside the render's task (69 ms of a 127 ms task when /users first showed 5,001 users).
 */
export function observeRectAfterLayout<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  cb: (rect: Rect) => void,
): undefined | (() => void) {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element || !Observer) return observeElementRect(instance, cb);
  const observer = new Observer(() => cb({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.unobserve(element);
}

/**
 * A virtualizer's `scrollToFn` that skips the scroll to the top it asks for as a new list mounts (a freshly
 * drawn box is at the top already): setting `scrollTop` forces the page's layout inside React's layout
 * effects, that is in the render's task (16-70 ms when a known device opened /users). Every later scroll
 * goes through. One per list: keep it with `useState(scrollAfterMount)`.
 */
export function scrollAfterMount<S extends Element, I extends Element>() {
  let mounted = false;
  return (
    offset: number,
    options: { adjustments?: number; behavior?: ScrollBehavior },
    instance: Virtualizer<S, I>,
  ): void => {
    const first = !mounted;
    mounted = true;
    if (first && offset + (options.adjustments ?? 0) === 0 && options.behavior === undefined) return;
    elementScroll(offset, options, instance);
  };
}
