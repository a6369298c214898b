import { periodOfImport } from '../../../domain/planning/import-form';
import type { PlanningImport } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';

export function frDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** "Semaine 12 (lundi 17/03/2025)" or "mars 2025". */
export function importPeriodLabel(record: PlanningImport): string {
  const t = fr.planning.history;
  const period = periodOfImport(record);
  if (period.periodicity === 'week' && period.weekStartDate) {
    return t.weekPeriod(period.week ?? 0, frDate(period.weekStartDate));
  }
  return t.monthPeriod(fr.planning.timetable.months[period.month - 1] ?? '', period.year);
}

/** "17/03/2025 14:05" (UTC, like every date of the app). */
export function importDateLabel(createdAt: string): string {
  return `${frDate(createdAt)} ${createdAt.slice(11, 16)}`;
}
