/**
 * MonthCalendar: the Monday-first month calendar of spec part 2 points 2 and 9. Each day cell shows at most
 * 4 slots then '+N autres', a button opening the whole day; days of the neighbouring months are greyed;
 * today is highlighted. On a phone the 7 columns do not fit: the month becomes a list of its days with slots.
 *
 * Props: year, month (1-12), items (SlotDisplayItem, any order), now, onSlotPress.
 */
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { monthCalendar, monthListDates } from '../../domain/planning/month-calendar';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { toIsoDate } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../app-dialog';
import { DayList } from './day-list';
import { SlotChip } from './slot-chip';
import { dayWithDate } from './slot-labels';
import { useIsPhone } from './use-narrow';

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
  const more = fr.details.timetable;
  const isPhone = useIsPhone();
  const [openDay, setOpenDay] = useState<string | null>(null);
  const weeks = useMemo(() => {
    const sorted = [...items].sort(
      (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
    );
    return monthCalendar(year, month, sorted);
  }, [year, month, items]);
  const today = toIsoDate(now);
  if (isPhone) {
    const dates = monthListDates(year, month, items, today);
    if (dates.length === 0) return <p className="tt-no-slot">{more.monthEmpty}</p>;
    return (
      <div className="tt-month-list" role="group" aria-label={label}>
        <DayList dates={dates} items={items} now={now} onSlotPress={onSlotPress} />
      </div>
    );
  }
  const pressInDay = (item: SlotDisplayItem) => {
    setOpenDay(null);
    onSlotPress?.(item);
  };
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
                {cell.moreCount > 0 ? (
                  <Button
                    className="tt-more"
                    aria-label={more.moreOf(cell.moreCount, dayWithDate(cell.date))}
                    onPress={() => setOpenDay(cell.date)}
                  >
                    {more.more(cell.moreCount)}
                  </Button>
                ) : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      <AppDialog
        isOpen={openDay !== null}
        onOpenChange={(open) => (open ? undefined : setOpenDay(null))}
        title={openDay ? dayWithDate(openDay) : ''}
      >
        {openDay ? (
          <div className="tt-day-dialog">
            <DayList dates={[openDay]} items={items} now={now} onSlotPress={pressInDay} />
          </div>
        ) : null}
        <div className="dialog-actions">
          <Button className="button secondary" onPress={() => setOpenDay(null)}>
            {more.close}
          </Button>
        </div>
      </AppDialog>
    </div>
  );
}
