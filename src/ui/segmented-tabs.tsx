import { useRef, type KeyboardEvent } from 'react';

export interface SegmentedTab {
  id: string;
  label: string;
}

interface Props {
  label: string;
  idPrefix: string;
  tabs: readonly SegmentedTab[];
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * WAI-ARIA tabs (roving focus, arrow keys, Home/End) drawn as a segmented control. Hand-written because the
 * login screen must stay within its JavaScript budget (scripts/check-budgets.mjs); the panel uses `tabPanelProps`.
 */
export function SegmentedTabs({ label, idPrefix, tabs, selected, onSelect }: Props) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = tabs[target];
    if (tab) onSelect(tab.id);
    refs.current[target]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="segmented">
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={isSelected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={isSelected ? 0 : -1}
            data-selected={isSelected ? 'true' : undefined}
            className="segment"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => move(e, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function tabPanelProps(idPrefix: string, id: string) {
  return {
    role: 'tabpanel',
    id: `${idPrefix}-panel-${id}`,
    'aria-labelledby': `${idPrefix}-tab-${id}`,
    tabIndex: 0,
  } as const;
}
