/**
 * OverlapOverflow: the '+N' count a week-grid day column shows instead of a third side-by-side column; it
 * opens a popover listing the hidden slots (each opens like any slot).
 */
import { useState, type CSSProperties } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { fr } from '../../i18n/fr';
import { SlotChip } from './slot-chip';

interface Props {
  items: readonly SlotDisplayItem[];
  style: CSSProperties;
  onSlotPress?: (item: SlotDisplayItem) => void;
}

export function OverlapOverflow({ items, style, onSlotPress }: Props) {
  const t = fr.details.timetable;
  const [isOpen, setIsOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setIsOpen}>
      <Button className="tt-overflow" style={style} aria-label={t.overflowOf(items.length)}>
        {t.overflow(items.length)}
      </Button>
      <Popover className="popover tt-overflow-popover" placement="bottom">
        <Dialog aria-label={t.overflowOf(items.length)}>
          <ul className="tt-day-card-list">
            {items.map((item) => (
              <li key={item.key}>
                <SlotChip
                  item={item}
                  variant="card"
                  onPress={(pressed) => {
                    setIsOpen(false);
                    onSlotPress?.(pressed);
                  }}
                />
              </li>
            ))}
          </ul>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
