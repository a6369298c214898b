import type { DeliveryMode, Timetable } from '../store/schema';
import type { DayOfWeek, ReferenceResolution, ResolvedSlot, SkipReason } from '../timetable-parsing';
import { rangesOverlap } from '../time/period';
import { slotDates, timetableRange } from '../time/timetable-dates';
import { findTeacherConflicts, type TeacherConflict } from './conflicts';
import type { SubstitutionLike } from './given-occurrences';
import { legendColors } from './legend-colors';
import { slotSubtitle, type SlotDisplayItem } from './slot-display';
import { importPeriodRange, timetablePeriodFields, type ImportPeriod } from './import-form';

/** Identity of a resolved slot across re-resolutions (after references are created), for its delivery type. */
export function importSlotKey(
  classId: string,
  slot: Omit<ResolvedSlot, 'deliveryMode' | 'canceled'>,
  weekStartDate?: string,
): string {
  const key = [classId, slot.dayOfWeek, slot.startTime, slot.endTime, slot.moduleId, slot.teacherUserId];
  return (weekStartDate === undefined ? key : [...key, weekStartDate]).join('|');
}

/** The period fields of one imported timetable: its own dated week when the file gave one. */
function periodFieldsOf(
  period: ImportPeriod,
  weekStartDate: string | undefined,
): Pick<Timetable, 'periodicity' | 'year' | 'weekStartDate' | 'month'> {
  if (weekStartDate === undefined) return timetablePeriodFields(period);
  return { periodicity: 'week', year: Number(weekStartDate.slice(0, 4)), weekStartDate, month: null };
}

export interface BuildImportTimetablesInput {
  resolution: Pick<ReferenceResolution, 'timetables'>;
  period: ImportPeriod;
  importId: string;
  /** ISO instant. */
  now: string;
  newId: (prefix: string) => string;
  /** Delivery types chosen per slot key; default presentiel (spec part 2 point 5). */
  deliveryModes: ReadonlyMap<string, DeliveryMode>;
}

/**
 * One timetable per class of the file, every slot with its own id (spec part 2 point 3). A file with dated
 * weeks ("Semaine du 12/09/2022") gives one week timetable per class and dated week.
 */
export function buildImportTimetables(input: BuildImportTimetablesInput): Timetable[] {
  return input.resolution.timetables
    .filter((resolved) => resolved.slots.length > 0)
    .map((resolved) => ({
      id: input.newId('tt-'),
      planningImportId: input.importId,
      ...periodFieldsOf(input.period, resolved.weekStartDate),
      classId: resolved.classId,
      createdAt: input.now,
      slots: resolved.slots.map((slot) => ({
        id: input.newId('slot-'),
        ...slot,
        deliveryMode:
          input.deliveryModes.get(importSlotKey(resolved.classId, slot, resolved.weekStartDate)) ??
          slot.deliveryMode,
      })),
    }));
}

/**
 * spec part 2 point 5, conflicts of an import: same teacher, same day, overlapping, canceled ignored, within
 * the new timetables and against the stored ones of the same days. Only conflicts involving a new slot count.
 */
export function importConflicts(
  candidates: readonly Timetable[],
  stored: readonly Timetable[],
  period: ImportPeriod,
  substitutions: readonly SubstitutionLike[] = [],
): TeacherConflict[] {
  // The import's period, and the dated weeks of its timetables when the file gave some.
  const ranges = [importPeriodRange(period), ...candidates.map((c) => timetableRange(c))].filter(
    (range): range is NonNullable<typeof range> => range !== null,
  );
  const candidateIds = new Set(candidates.map((t) => t.id));
  const nearby = stored.filter((timetable) => {
    if (candidateIds.has(timetable.id)) return false;
    const own = timetableRange(timetable);
    return own !== null && ranges.some((range) => rangesOverlap(range, own));
  });
  // Issue 35: a stored course given by a substitute is hers (findTeacherConflicts).
  return findTeacherConflicts([...nearby, ...candidates], substitutions).filter(
    (c) => candidateIds.has(c.a.timetableId) || candidateIds.has(c.b.timetableId),
  );
}

/** One line of the preview: a slot that will be saved, or a course skipped for an unresolved reference. */
export interface ImportPreviewRow {
  key: string;
  className: string;
  dayOfWeek: DayOfWeek;
  startTime: string;
  endTime: string;
  moduleName: string;
  teacherName: string;
  room: string;
  /** Monday of the dated week of the row, when the file dates its weeks. */
  weekStartDate: string | null;
  /** Set for a slot that will be saved. */
  slotKey: string | null;
  skipReason: SkipReason | null;
}

export interface PreviewNames {
  modules: ReadonlyMap<string, string>;
  teachers: ReadonlyMap<string, string>;
  /** Shown for a course without a teacher ("À affecter", issue 30 item 5). */
  unassigned?: string;
}

/** The rows of the preview, sorted by class, day and time; skipped courses included so they can be counted. */
export function importPreviewRows(resolution: ReferenceResolution, names: PreviewNames): ImportPreviewRow[] {
  const rows: ImportPreviewRow[] = [];
  for (const timetable of resolution.timetables) {
    for (const slot of timetable.slots) {
      const slotKey = importSlotKey(timetable.classId, slot, timetable.weekStartDate);
      rows.push({
        key: slotKey,
        className: timetable.className,
        dayOfWeek: slot.dayOfWeek,
        startTime: slot.startTime,
        endTime: slot.endTime,
        moduleName: names.modules.get(slot.moduleId) ?? slot.moduleId,
        teacherName:
          slot.teacherUserId === ''
            ? (names.unassigned ?? '')
            : (names.teachers.get(slot.teacherUserId) ?? slot.teacherUserId),
        room: slot.room ?? '',
        weekStartDate: timetable.weekStartDate ?? null,
        slotKey,
        skipReason: null,
      });
    }
  }
  resolution.skipped.forEach((skipped, index) => {
    rows.push({
      key: `skipped-${index}`,
      className: skipped.className,
      dayOfWeek: skipped.dayOfWeek,
      startTime: skipped.startTime,
      endTime: skipped.endTime,
      moduleName: skipped.moduleName,
      teacherName: skipped.teacherName.trim() === '' ? (names.unassigned ?? '') : skipped.teacherName,
      room: '',
      weekStartDate: skipped.weekStartDate ?? null,
      slotKey: null,
      skipReason: skipped.reason,
    });
  });
  const classOrder = new Map<string, number>();
  for (const row of rows) if (!classOrder.has(row.className)) classOrder.set(row.className, classOrder.size);
  return rows.sort(
    (a, b) =>
      (classOrder.get(a.className) ?? 0) - (classOrder.get(b.className) ?? 0) ||
      (a.weekStartDate ?? '').localeCompare(b.weekStartDate ?? '') ||
      a.dayOfWeek - b.dayOfWeek ||
      a.startTime.localeCompare(b.startTime) ||
      a.endTime.localeCompare(b.endTime),
  );
}

export type ColorBy = 'module' | 'teacher';

const colorName = (row: ImportPreviewRow, colorBy: ColorBy) =>
  colorBy === 'module' ? row.moduleName : row.teacherName;

/** Legend of the preview: each distinct module or teacher name gets one of the 20 rotating colours. */
export function previewLegend(rows: readonly ImportPreviewRow[], colorBy: ColorBy): Map<string, string> {
  return legendColors(rows.map((row) => colorName(row, colorBy)));
}

/**
 * The saved rows as dated items for the shared cards and calendar renderings: one per date of the period the
 * slot falls on (a month timetable repeats its week). A preview has no attendance yet: status 'not-started'.
 */
export function importDisplayItems(
  rows: readonly ImportPreviewRow[],
  period: ImportPeriod,
  colors: ReadonlyMap<string, string>,
  colorBy: ColorBy,
  deliveryModes: ReadonlyMap<string, DeliveryMode>,
): SlotDisplayItem[] {
  return rows.flatMap((row, index) => {
    const slotKey = row.slotKey;
    if (slotKey === null) return [];
    return slotDates(periodFieldsOf(period, row.weekStartDate ?? undefined), row.dayOfWeek).map((date) => ({
      key: `${slotKey}:${date}`,
      timetableId: row.className,
      slotIndex: index,
      date,
      dayOfWeek: row.dayOfWeek,
      startTime: row.startTime,
      endTime: row.endTime,
      title: row.moduleName,
      subtitle: slotSubtitle(row.className, row.teacherName, row.room),
      moduleName: row.moduleName,
      className: row.className,
      teacherName: row.teacherName,
      moduleId: row.moduleName,
      teacherUserId: row.teacherName,
      classId: row.className,
      status: 'not-started' as const,
      canceled: false,
      deliveryMode: deliveryModes.get(slotKey) ?? 'presentiel',
      color: colors.get(colorName(row, colorBy)) ?? '#1d4ed8',
    }));
  });
}

export interface PreviewFilters {
  moduleName: string | null;
  teacherName: string | null;
}

export function filterPreviewRows(
  rows: readonly ImportPreviewRow[],
  filters: PreviewFilters,
): ImportPreviewRow[] {
  return rows.filter(
    (row) =>
      (filters.moduleName === null || row.moduleName === filters.moduleName) &&
      (filters.teacherName === null || row.teacherName === filters.teacherName),
  );
}
