/**
 * MonthCalendar: the Monday-first month calendar of spec part 2 points 2 and 9. Each day cell shows at most
 * 4 slots then '+N autres'; days of the neighbouring months are greyed; today is highlighted.
 *
 * Props: year, month (1-12), items (SlotDisplayItem, any order), now, onSlotPress.
 */
import { useMemo } from 'react';
import { monthCalendar } from '../../domain/planning/month-calendar';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { toIsoDate } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';
import { SlotChip } from './slot-chip';
import { dayWithDate } from './slot-labels';

interface Props {
  year: number;
  month: number;
  items: readonly SlotDisplayItem[];
  now: Date;
  onSlotPress?: (item: SlotDisplayItem) => void;
  label?: string;
}

export function MonthCalendar({ year, month, items, now, onSlotPress, label }: Props) {
  const t = fr.planning.timetable;
  const weeks = useMemo(() => {
    const sorted = [...items].sort(
      (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
    );
    return monthCalendar(year, month, sorted);
  }, [year, month, items]);
  const today = toIsoDate(now);
  return (
    <div className="tt-month-scroll">
      <div className="tt-month" role="group" aria-label={label}>
        <div className="tt-month-head" aria-hidden="true">
          {t.daysShort.map((d) => (
            <div key={d}>{d}</div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]?.date} className="tt-month-week">
            {week.map((cell) => (
              <div
                key={cell.date}
                className="tt-month-cell"
                data-outside={!cell.isInMonth || undefined}
                data-today={cell.date === today || undefined}
                aria-label={dayWithDate(cell.date)}
                role="group"
              >
                <span className="tt-month-day">{Number(cell.date.slice(8, 10))}</span>
                {cell.visible.map((item) => (
                  <SlotChip key={item.key} item={item} variant="compact" onPress={onSlotPress} />
                ))}
                {cell.moreCount > 0 ? <span className="tt-more">{t.more(cell.moreCount)}</span> : null}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
