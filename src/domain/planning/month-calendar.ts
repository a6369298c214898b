import { toIsoDate } from '../time/instant';
import { datesInRange, monthRangeOf } from '../time/period';

// spec part 2 point 9: a month cell shows at most 4 slots, then '+N autres'.
export const MONTH_CELL_MAX_SLOTS = 4;

export interface MonthCalendarCell<T> {
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  /** False for the leading and trailing days of the neighbouring months. */
  isInMonth: boolean;
  /** The first items of the day, at most MONTH_CELL_MAX_SLOTS. */
  visible: T[];
  /** How many items are hidden behind '+N autres' (0 when none). */
  moreCount: number;
}

/** Splits a day's items into what the cell shows and the '+N' count. */
export function monthCellContent<T>(
  items: readonly T[],
  maxVisible = MONTH_CELL_MAX_SLOTS,
): { visible: T[]; moreCount: number } {
  return { visible: items.slice(0, maxVisible), moreCount: Math.max(0, items.length - maxVisible) };
}

/**
 * The Monday-first weeks covering a month (spec part 2 point 2), each a row of 7 cells holding the items
 * dated that day in their given order.
 */
export function monthCalendar<T extends { date: string }>(
  year: number,
  month: number,
  items: readonly T[],
): MonthCalendarCell<T>[][] {
  const range = monthRangeOf(year, month);
  const first = range.start.startOf('week');
  const last = range.end.minus({ days: 1 }).startOf('week').plus({ weeks: 1 });
  const byDate = new Map<string, T[]>();
  for (const item of items) {
    const list = byDate.get(item.date);
    if (list) list.push(item);
    else byDate.set(item.date, [item]);
  }
  const monthPrefix = toIsoDate(range.start).slice(0, 7);
  const weeks: MonthCalendarCell<T>[][] = [];
  datesInRange({ start: first, end: last }).forEach((date, index) => {
    if (index % 7 === 0) weeks.push([]);
    const cell: MonthCalendarCell<T> = {
      date,
      isInMonth: date.startsWith(monthPrefix),
      ...monthCellContent(byDate.get(date) ?? []),
    };
    weeks[weeks.length - 1]?.push(cell);
  });
  return weeks;
}

/**
 * The days a month shows as a list on a phone (a 7-column calendar does not fit 360 px): the days of the
 * month that hold items, plus today when it falls in the month, in date order.
 */
export function monthListDates(
  year: number,
  month: number,
  items: readonly { date: string }[],
  today: string,
): string[] {
  const range = monthRangeOf(year, month);
  const withItems = new Set(items.map((item) => item.date));
  return datesInRange(range).filter((date) => withItems.has(date) || date === today);
}
