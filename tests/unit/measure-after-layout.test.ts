import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it, vi } from 'vitest';
import { measureAfterLayout, scrollAfterMount } from '../../src/ui/measure-after-layout';

/** The virtualizer hooks that keep layout reads out of React's commit (src/ui/measure-after-layout.ts). */

function fakeInstance() {
  const scrollTo = vi.fn();
  const offsetHeight = vi.fn(() => 99);
  const element = { getAttribute: () => '3' } as unknown as Element;
  Object.defineProperty(element, 'offsetHeight', { get: offsetHeight });
  const instance = {
    scrollElement: { scrollTo },
    options: {
      horizontal: false,
      isRtl: false,
      indexAttribute: 'data-index',
      getItemKey: (index: number) => `k-${index}`,
      estimateSize: () => 58,
    },
    indexFromElement: () => 3,
    itemSizeCache: new Map<string, number>(),
  } as unknown as Virtualizer<Element, Element>;
  return { instance, scrollTo, element, offsetHeight };
}

describe('scrollAfterMount', () => {
  it.each([
    ['the mount’s scroll to the top', [[0, {}]], 0],
    ['the mount’s scroll elsewhere', [[120, {}]], 1],
    ['a smooth scroll to the top at mount', [[0, { behavior: 'smooth' as const }]], 1],
    [
      'the mount’s then a later scroll to the top',
      [
        [0, {}],
        [0, {}],
      ],
      1,
    ],
    ['a top offset with an adjustment', [[0, { adjustments: 40 }]], 1],
  ])('%s', (_label, calls, scrolls) => {
    const { instance, scrollTo } = fakeInstance();
    const scroll = scrollAfterMount<Element, Element>();
    for (const [offset, options] of calls as [number, { adjustments?: number; behavior?: ScrollBehavior }][])
      scroll(offset, options, instance);
    expect(scrollTo).toHaveBeenCalledTimes(scrolls);
  });
});

describe('measureAfterLayout', () => {
  it('takes the ResizeObserver’s size, else the known size or the estimate, never the layout', () => {
    const { instance, element, offsetHeight } = fakeInstance();
    expect(measureAfterLayout(element, undefined, instance)).toBe(58);
    instance.itemSizeCache.set('k-3', 71);
    expect(measureAfterLayout(element, undefined, instance)).toBe(71);
    const entry = { borderBoxSize: [{ blockSize: 80.4, inlineSize: 300 }] } as unknown as ResizeObserverEntry;
    expect(measureAfterLayout(element, entry, instance)).toBe(80);
    expect(offsetHeight).not.toHaveBeenCalled();
  });
});
