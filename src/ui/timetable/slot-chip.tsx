/**
 * SlotChip: one slot of a timetable as a button (spec part 2 point 2). Shows the time range, title
 * (module), subtitle (class · teacher), the status label and the delivery badge; a canceled slot is struck
 * through, greyed and semi-transparent. The button's aria-label reads module, class, teacher, day, time and
 * status. Variants: 'grid' (block in the weekly grid), 'card' (day list), 'compact' (month cell).
 *
 * Props: item (resolved SlotDisplayItem), variant, onPress (optional), style (position in the grid).
 */
import type { CSSProperties } from 'react';
import { Button } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { deliveryLabel, slotAriaLabel, slotStatusLabel, timeRangeLabel } from './slot-labels';

export type SlotChipVariant = 'grid' | 'card' | 'compact';

interface Props {
  item: SlotDisplayItem;
  variant: SlotChipVariant;
  onPress?: (item: SlotDisplayItem) => void;
  style?: CSSProperties;
}

export function SlotChip({ item, variant, onPress, style }: Props) {
  const colorStyle = { ...style, '--tt-color': item.color } as CSSProperties;
  // A narrow column ends its lines with "…" (issue 33 point 6): the whole text on hover, as for the ear (the
  // button drops a title of its own).
  const tooltip = variant === 'card' ? undefined : slotAriaLabel(item);
  return (
    <Button
      className={`tt-chip tt-chip-${variant}`}
      data-canceled={item.canceled || undefined}
      data-status={item.status ?? 'canceled'}
      aria-label={slotAriaLabel(item)}
      onPress={() => onPress?.(item)}
      style={colorStyle}
    >
      {variant === 'compact' ? (
        <span className="tt-chip-line" title={tooltip}>
          <span className="tt-chip-time">{item.startTime}</span>{' '}
          <span className="tt-chip-title">{item.title}</span>
        </span>
      ) : (
        <>
          <span className="tt-chip-time" title={tooltip}>
            {timeRangeLabel(item)}
          </span>
          <span className="tt-chip-title" title={tooltip}>
            {item.title}
          </span>
          <span className="tt-chip-sub" title={tooltip}>
            {item.subtitle}
          </span>
          <span className="tt-chip-badges" aria-hidden="true">
            <span className="tt-badge tt-status">{slotStatusLabel(item)}</span>
            <span className={`tt-badge tt-mode tt-mode-${item.deliveryMode}`}>{deliveryLabel(item)}</span>
          </span>
        </>
      )}
    </Button>
  );
}
