/**
 * DayList: the day-grouped list of spec part 2 point 2, in two columns (one on narrow screens). Each day
 * is a card with its slots in time order; a day without slot shows 'Aucun créneau'.
 *
 * Props: dates (the 'YYYY-MM-DD' days to list, in order), items (SlotDisplayItem), now, onSlotPress.
 */
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { toIsoDate } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';
import { SlotChip } from './slot-chip';
import { dayWithDate } from './slot-labels';

interface Props {
  dates: readonly string[];
  items: readonly SlotDisplayItem[];
  now: Date;
  onSlotPress?: (item: SlotDisplayItem) => void;
}

export function DayList({ dates, items, now, onSlotPress }: Props) {
  const today = toIsoDate(now);
  return (
    <div className="tt-day-list">
      {dates.map((date) => {
        const dayItems = items
          .filter((item) => item.date === date)
          .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime));
        return (
          <section
            key={date}
            className="tt-day-card"
            data-today={date === today || undefined}
            aria-label={dayWithDate(date)}
          >
            <h4 className="tt-day-card-title">{dayWithDate(date)}</h4>
            {dayItems.length === 0 ? (
              <p className="tt-no-slot">{fr.planning.timetable.noSlot}</p>
            ) : (
              <ul className="tt-day-card-list">
                {dayItems.map((item) => (
                  <li key={item.key}>
                    <SlotChip item={item} variant="card" onPress={onSlotPress} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
