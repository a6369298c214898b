/**
 * TimetableView: picks the rendering for a view and a period (spec part 2 point 2). 'table' is the slot
 * table, 'cards' the day-grouped list of every day of the period, 'calendar' the weekly grid for a week and
 * the Monday-first month calendar for a month. Pair it with <TimetableViewSwitcher>.
 *
 * Props: view, period (PlanningPeriod), items (SlotDisplayItem of the period), now, onSlotPress, label.
 */
import { planningPeriodRange, type PlanningPeriod } from '../../domain/planning/period-matching';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { datesInRange } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { DayList } from './day-list';
import { MonthCalendar } from './month-calendar';
import { SegmentedControl } from './segmented-control';
import { SlotTable } from './slot-table';
import { WeekGrid } from './week-grid';

export type TimetableViewKind = 'table' | 'cards' | 'calendar';

interface Props {
  view: TimetableViewKind;
  period: PlanningPeriod;
  items: readonly SlotDisplayItem[];
  now: Date;
  onSlotPress?: (item: SlotDisplayItem) => void;
  label?: string;
}

export function TimetableView({ view, period, items, now, onSlotPress, label }: Props) {
  if (view === 'table') return <SlotTable items={items} onSlotPress={onSlotPress} label={label} />;
  if (view === 'cards') {
    const range = planningPeriodRange(period);
    const dates = range ? datesInRange(range) : [];
    return <DayList dates={dates} items={items} now={now} onSlotPress={onSlotPress} />;
  }
  if (period.kind === 'week') {
    return (
      <WeekGrid
        weekStartDate={period.weekStartDate}
        items={items}
        now={now}
        onSlotPress={onSlotPress}
        label={label}
      />
    );
  }
  return (
    <MonthCalendar
      year={period.year}
      month={period.month}
      items={items}
      now={now}
      onSlotPress={onSlotPress}
      label={label}
    />
  );
}

/** The segmented Tableau / Cartes / Calendrier switch. */
export function TimetableViewSwitcher({
  value,
  onChange,
}: {
  value: TimetableViewKind;
  onChange: (view: TimetableViewKind) => void;
}) {
  const t = fr.planning.timetable;
  return (
    <SegmentedControl
      label={t.views}
      value={value}
      onChange={onChange}
      options={[
        { id: 'table', label: t.viewTable },
        { id: 'cards', label: t.viewCards },
        { id: 'calendar', label: t.viewCalendar },
      ]}
    />
  );
}
