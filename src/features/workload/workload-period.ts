import { parseIsoDate, toIsoDate } from '../../domain/time/instant';
import { periodRange, shiftPeriod, type PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';

const LOCALE = 'fr';

/** The period title between the arrows: a day, an ISO week with its dates, or a month (UTC, French). */
export function periodLabel(kind: PeriodKind, referenceDate: string): string {
  const day = parseIsoDate(referenceDate);
  if (!day) return referenceDate;
  const range = periodRange(kind, day);
  const start = range.start.setLocale(LOCALE);
  switch (kind) {
    case 'day':
      return start.toFormat('cccc d LLLL yyyy');
    case 'week':
      return fr.workload.weekLabel(
        start.weekNumber,
        start.toFormat('dd/MM'),
        range.end.minus({ days: 1 }).toFormat('dd/MM/yyyy'),
      );
    case 'month':
      return start.toFormat('LLLL yyyy');
  }
}

/** The reference date after an arrow press, as 'YYYY-MM-DD'. */
export function shiftReferenceDate(kind: PeriodKind, referenceDate: string, delta: number): string {
  const day = parseIsoDate(referenceDate);
  return day ? toIsoDate(shiftPeriod(kind, day, delta)) : referenceDate;
}

export interface ChartBar {
  label: string;
  plannedMin: number;
  realMin: number;
  isRealAbovePlanned: boolean;
}

/** Bar lengths in a chart of `width` units: both bars of every row share one scale (the largest value). */
export function chartScale(bars: readonly ChartBar[], width: number): (minutes: number) => number {
  const max = Math.max(0, ...bars.flatMap((b) => [b.plannedMin, b.realMin]));
  return (minutes) => (max === 0 ? 0 : Math.round((Math.max(0, minutes) / max) * width));
}
