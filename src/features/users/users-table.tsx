import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Checkbox } from 'react-aria-components';
import type { Profile, User } from '../../domain/store/schema';
import type { UserActionRefusal } from '../../domain/users/user-rights';
import { fr } from '../../i18n/fr';
import { measureAfterLayout, observeRectAfterLayout, scrollAfterMount } from '../../ui/measure-after-layout';
import { UserRow, type UserAction } from './user-row';
import './users.css';

export type { UserAction };

interface Props {
  users: readonly User[];
  profiles: ReadonlyMap<string, Profile>;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onToggleStatus: (user: User, isActive: boolean) => void;
  onAction: (user: User, action: UserAction) => void;
  /** The signed-in user's id: their own row offers no status change, archive or password reset. */
  selfId: string;
  /** Why this session may not manage a row (null: it may); such rows show a reason instead of actions. */
  rowRefusal: (user: User) => UserActionRefusal | null;
}

/** Where a row is stacked on three lines (users.css, the phone layout): a first guess before measuring. */
const PHONE_QUERY = '(max-width: 599.98px)';
const ROW_ESTIMATE_PX = { desk: 58, phone: 156 } as const;
/**
 * Drawn beyond the visible area on each side, so fast scrolling shows no blank band: about 450 px, that is
 * 8 rows at desk width and 3 stacked rows on a phone (not 8 of them: 24 rows on open, most never seen).
 */
const OVERSCAN_PX = 450;
/** A school-sized list is drawn whole (find-in-page, no re-render while scrolling); beyond, only what is in view. */
const DRAW_ALL_MAX_ROWS = 200;

function initialBoxHeight(): number {
  return typeof window === 'undefined' ? 0 : Math.max(256, window.innerHeight - 256);
}

function rowEstimate(): number {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches
    ? ROW_ESTIMATE_PX.phone
    : ROW_ESTIMATE_PX.desk;
}

/**
 * Only the rows in view are rendered, each measured once drawn: rows differ in height (wrapped actions, the
 * three-line phone layout), so 5,000 users scroll to the last one at any width without overlap or gap.
 */
export function UsersTable({
  users,
  profiles,
  selected,
  onSelect,
  onToggleStatus,
  onAction,
  selfId,
  rowRefusal,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    const el = head.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => setHeadHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const [scrollToFn] = useState(scrollAfterMount<HTMLDivElement, Element>);
  // Read once per render, not once per row (the virtualizer asks for every unmeasured row).
  const estimate = rowEstimate();
  // Stable while the list is the same: a new key function makes the virtualizer lay out every row again.
  const itemKey = useCallback((index: number) => users[index]?.id ?? index, [users]);
  // eslint-disable-next-line react-hooks/incompatible-library -- read afresh at each render, never memoized
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimate,
    measureElement: measureAfterLayout,
    observeElementRect: observeRectAfterLayout,
    scrollToFn,
    getItemKey: itemKey,
    // The rows in view are drawn with the table's first render (the box is measured once it is mounted):
    // the box takes the screen's height minus the header and toolbar, about 16rem.
    initialRect: { width: 0, height: initialBoxHeight() },
    overscan: Math.ceil(OVERSCAN_PX / estimate),
    rangeExtractor: (range) =>
      range.count <= DRAW_ALL_MAX_ROWS
        ? Array.from({ length: range.count }, (_, i) => i)
        : defaultRangeExtractor(range),
    // The sticky header sits above the first row inside the scroller.
    paddingStart: headHeight,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = Math.max(0, (items[0]?.start ?? headHeight) - headHeight);
  const padBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? headHeight));
  const allSelected = users.length > 0 && users.every((u) => selected.has(u.id));
  const someSelected = !allSelected && users.some((u) => selected.has(u.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <div className="table-scroll tall users-scroll" ref={scroller}>
      <table className="data users-table" aria-rowcount={users.length + 1}>
        <thead ref={head}>
          <tr aria-rowindex={1}>
            <th scope="col" style={{ width: '3rem' }}>
              <Checkbox
                className="checkbox"
                aria-label={fr.users.selectAll}
                isSelected={allSelected}
                isIndeterminate={someSelected}
                onChange={(on) => onSelect(on ? new Set(users.map((u) => u.id)) : new Set())}
              >
                <span className="checkbox-box" aria-hidden="true" />
              </Checkbox>
            </th>
            <th scope="col">{fr.users.colName}</th>
            <th scope="col">{fr.users.colProfile}</th>
            <th scope="col">{fr.users.colStatus}</th>
            <th scope="col">{fr.users.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" className="users-pad" style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const u = users[item.index];
            if (!u) return null;
            return (
              <UserRow
                key={u.id}
                user={u}
                profile={profiles.get(u.profileId ?? '')}
                index={item.index}
                rowRef={virtualizer.measureElement}
                isSelected={selected.has(u.id)}
                onSelect={(on) => toggle(u.id, on)}
                onToggleStatus={onToggleStatus}
                onAction={onAction}
                isSelf={u.id === selfId}
                refusal={rowRefusal(u)}
              />
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true" className="users-pad" style={{ height: padBottom }} />
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
