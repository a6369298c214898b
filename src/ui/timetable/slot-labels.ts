/**
 * Texts of the shared timetable renderings: status and delivery labels, French day and date formats, and the
 * readable label of a slot button (module, class, teacher, day, time, status) for keyboard and screen-reader use.
 */
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { parseIsoDate } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';
import { frSubstitute } from '../../i18n/fr-substitute';

const t = fr.planning.timetable;

export function dayName(dayOfWeek: number): string {
  return t.days[dayOfWeek - 1] ?? '';
}

export function shortDayName(dayOfWeek: number): string {
  return t.daysShort[dayOfWeek - 1] ?? '';
}

/** 'YYYY-MM-DD' -> '16/03'. */
export function shortDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** 'YYYY-MM-DD' -> 'Lundi 16/03'. */
export function dayWithDate(date: string): string {
  const day = parseIsoDate(date);
  return day ? `${dayName(day.weekday)} ${shortDate(date)}` : date;
}

export function timeRangeLabel(item: Pick<SlotDisplayItem, 'startTime' | 'endTime'>): string {
  return t.timeRange(item.startTime, item.endTime);
}

/** 'À venir' / 'En retard' / 'En cours' / 'Terminé', or 'Annulé' for a canceled slot. */
export function slotStatusLabel(item: Pick<SlotDisplayItem, 'status' | 'canceled'>): string {
  if (item.canceled || !item.status) return t.canceled;
  return t.status[item.status];
}

export function deliveryLabel(item: Pick<SlotDisplayItem, 'deliveryMode'>): string {
  return t.delivery[item.deliveryMode];
}

/** "Fatou Ndiaye (Remplacement de Moussa Fall)": a substitution is read aloud as it is shown (issue 35). */
function teacherWithSubstitution(item: SlotDisplayItem): string {
  const mark = item.substitution;
  if (!mark) return item.teacherName;
  const said =
    mark.kind === 'substitute'
      ? frSubstitute.substituteFor(mark.otherName)
      : frSubstitute.replacedBy(mark.otherName);
  return `${item.teacherName} (${said})`;
}

export function slotAriaLabel(item: SlotDisplayItem): string {
  return t.slotLabel({
    module: item.moduleName,
    className: item.className,
    teacher: teacherWithSubstitution(item),
    day: dayWithDate(item.date),
    time: timeRangeLabel(item),
    status: `${slotStatusLabel(item)}, ${deliveryLabel(item)}`,
  });
}
