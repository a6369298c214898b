import type { PlanningPeriod } from '../../../domain/planning/period-matching';
import { parseIsoDate, toIsoDate } from '../../../domain/time/instant';
import { isoWeekOf } from '../../../domain/time/period';
import { fr } from '../../../i18n/fr';
import { shortDate } from '../../../ui/timetable';

const t = fr.planning.consult;

export function monthName(month: number): string {
  const name = fr.planning.timetable.months[month - 1] ?? '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** 'Semaine 12 · du 16/03 au 22/03/2026' or 'Mars 2026'. */
export function periodLabel(period: PlanningPeriod): string {
  if (period.kind === 'month') return t.monthLabel(monthName(period.month), period.year);
  const monday = parseIsoDate(period.weekStartDate);
  if (!monday) return period.weekStartDate;
  const sunday = toIsoDate(monday.plus({ days: 6 }));
  return t.weekLabel(
    isoWeekOf(monday).weekNumber,
    shortDate(period.weekStartDate),
    `${shortDate(sunday)}/${sunday.slice(0, 4)}`,
  );
}

/** The previous (-1) or next (+1) week or month. */
export function shiftPlanningPeriod(period: PlanningPeriod, delta: number): PlanningPeriod {
  if (period.kind === 'month') {
    const index = period.year * 12 + (period.month - 1) + delta;
    return { kind: 'month', year: Math.floor(index / 12), month: (index % 12) + 1 };
  }
  const monday = parseIsoDate(period.weekStartDate);
  return monday ? { kind: 'week', weekStartDate: toIsoDate(monday.plus({ weeks: delta })) } : period;
}
