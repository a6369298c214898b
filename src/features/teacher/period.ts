import type { PeriodKind } from '../../domain/time/period';
import { periodRange } from '../../domain/time/period';
import { parseIsoDate, toIsoDate, toUtc, type InstantLike } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';

const days = fr.planning.timetable.days;
const months = fr.planning.timetable.months;

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function frenchDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDate;
}

/** 'lundi 10 mars 2025'-like long date of a UTC day. */
export function longDate(value: InstantLike): string {
  const dt = toUtc(value);
  const weekday = days[dt.weekday - 1] ?? '';
  return `${weekday} ${dt.day} ${months[dt.month - 1] ?? ''} ${dt.year}`;
}

/** The period label the toolbar shows (and the picker button reads). */
export function periodLabel(kind: PeriodKind, reference: string): string {
  const t = fr.teacher.period;
  const range = periodRange(kind, reference);
  if (kind === 'day') return longDate(range.start);
  if (kind === 'week') {
    const last = range.end.minus({ days: 1 });
    return t.weekLabel(
      range.start.weekNumber,
      frenchDate(toIsoDate(range.start)),
      frenchDate(toIsoDate(last)),
    );
  }
  const month = months[range.start.month - 1] ?? '';
  return t.monthLabel(month.charAt(0).toUpperCase() + month.slice(1), range.start.year);
}

/** A reference date typed in the picker ('YYYY-MM-DD' or 'YYYY-MM'), or null when unreadable. */
export function readPickedDate(value: string): string | null {
  if (/^\d{4}-\d{2}$/.test(value)) return parseIsoDate(`${value}-01`) ? `${value}-01` : null;
  return parseIsoDate(value) ? value : null;
}
