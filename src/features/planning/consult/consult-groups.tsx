import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { measureAfterLayout } from '../../../ui/measure-after-layout';

/**
 * Above this many groups (classes or teachers), only the groups near the screen are drawn: a group of
 * schools shows hundreds of timetables at once and drawing them all blocked the page for seconds on a phone.
 * Below it everything is drawn, so a small school keeps find-in-page over the whole period.
 */
export const VIRTUAL_GROUPS_FROM = 12;

/** Height guessed for a group not yet drawn; each drawn group is then measured. */
const ESTIMATED_GROUP_PX = 520;

interface ConsultGroupsProps<T> {
  groups: readonly T[];
  keyOf: (group: T) => string;
  render: (group: T) => ReactNode;
}

export function ConsultGroups<T>({ groups, keyOf, render }: ConsultGroupsProps<T>) {
  if (groups.length < VIRTUAL_GROUPS_FROM) return <>{groups.map((g) => render(g))}</>;
  return <VirtualGroups groups={groups} keyOf={keyOf} render={render} />;
}

function VirtualGroups<T>({ groups, keyOf, render }: ConsultGroupsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The page (window) scrolls; the list starts below the toolbar and legend.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: groups.length,
    estimateSize: () => ESTIMATED_GROUP_PX,
    measureElement: measureAfterLayout,
    overscan: 2,
    scrollMargin,
    getItemKey: (index) => keyOf(groups[index] as T),
  });
  return (
    <div ref={listRef} className="consult-virtual-list" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="consult-virtual-item"
          style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
          {render(groups[item.index] as T)}
        </div>
      ))}
    </div>
  );
}
