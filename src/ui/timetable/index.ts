/**
 * Shared timetable renderings (spec part 2 point 2), reused by the consultation screen, the import preview
 * and the teacher space. They take resolved SlotDisplayItem (see domain/planning/slot-display) plus `now`
 * and an `onSlotPress` callback, and never read the database.
 */
import './timetable.css';

export { DayList } from './day-list';
export { MonthCalendar } from './month-calendar';
export { SegmentedControl, type SegmentOption } from './segmented-control';
export { SlotChip, type SlotChipVariant } from './slot-chip';
export {
  dayName,
  dayWithDate,
  deliveryLabel,
  shortDate,
  shortDayName,
  slotAriaLabel,
  slotStatusLabel,
  timeRangeLabel,
} from './slot-labels';
export { SlotTable } from './slot-table';
export { TimetableLegend } from './timetable-legend';
export { TimetableView, TimetableViewSwitcher, type TimetableViewKind } from './timetable-view';
export { useNow } from './use-now';
export { WeekGrid } from './week-grid';
