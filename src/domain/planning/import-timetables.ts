import type { DeliveryMode, Timetable } from '../store/schema';
import type { DayOfWeek, ReferenceResolution, ResolvedSlot, SkipReason } from '../timetable-parsing';
import { rangesOverlap } from '../time/period';
import { timetableRange } from '../time/timetable-dates';
import { findTeacherConflicts, type TeacherConflict } from './conflicts';
import { importPeriodRange, timetablePeriodFields, type ImportPeriod } from './import-form';

/** spec part 2 point 9: 20 rotating legend colours (readable behind dark text). */
export const IMPORT_LEGEND_COLORS = [
  '#dbeafe',
  '#dcfce7',
  '#fef3c7',
  '#fce7f3',
  '#ede9fe',
  '#cffafe',
  '#ffedd5',
  '#e0e7ff',
  '#d1fae5',
  '#fee2e2',
  '#f5f5f4',
  '#ecfccb',
  '#fae8ff',
  '#e0f2fe',
  '#fef9c3',
  '#ccfbf1',
  '#ffe4e6',
  '#f3e8ff',
  '#e7e5e4',
  '#fde68a',
] as const;

/** The colour of the n-th legend entry, rotating over the 20 colours. */
export function legendColor(index: number): string {
  const count = IMPORT_LEGEND_COLORS.length;
  return IMPORT_LEGEND_COLORS[((index % count) + count) % count] ?? IMPORT_LEGEND_COLORS[0];
}

/** Identity of a resolved slot across re-resolutions (after references are created), for its delivery type. */
export function importSlotKey(
  classId: string,
  slot: Omit<ResolvedSlot, 'deliveryMode' | 'canceled'>,
): string {
  return [classId, slot.dayOfWeek, slot.startTime, slot.endTime, slot.moduleId, slot.teacherUserId].join('|');
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

/** One timetable per class of the file, every slot with its own id (spec part 2 point 3). */
export function buildImportTimetables(input: BuildImportTimetablesInput): Timetable[] {
  const periodFields = timetablePeriodFields(input.period);
  return input.resolution.timetables
    .filter((resolved) => resolved.slots.length > 0)
    .map((resolved) => ({
      id: input.newId('tt-'),
      planningImportId: input.importId,
      ...periodFields,
      classId: resolved.classId,
      createdAt: input.now,
      slots: resolved.slots.map((slot) => ({
        id: input.newId('slot-'),
        ...slot,
        deliveryMode: input.deliveryModes.get(importSlotKey(resolved.classId, slot)) ?? slot.deliveryMode,
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
): TeacherConflict[] {
  const range = importPeriodRange(period);
  const candidateIds = new Set(candidates.map((t) => t.id));
  const nearby = stored.filter((timetable) => {
    if (candidateIds.has(timetable.id)) return false;
    const own = timetableRange(timetable);
    return range !== null && own !== null && rangesOverlap(range, own);
  });
  return findTeacherConflicts([...nearby, ...candidates]).filter(
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
  /** Set for a slot that will be saved. */
  slotKey: string | null;
  skipReason: SkipReason | null;
}

export interface PreviewNames {
  modules: ReadonlyMap<string, string>;
  teachers: ReadonlyMap<string, string>;
}

/** The rows of the preview, sorted by class, day and time; skipped courses included so they can be counted. */
export function importPreviewRows(resolution: ReferenceResolution, names: PreviewNames): ImportPreviewRow[] {
  const rows: ImportPreviewRow[] = [];
  for (const timetable of resolution.timetables) {
    for (const slot of timetable.slots) {
      const slotKey = importSlotKey(timetable.classId, slot);
      rows.push({
        key: slotKey,
        className: timetable.className,
        dayOfWeek: slot.dayOfWeek,
        startTime: slot.startTime,
        endTime: slot.endTime,
        moduleName: names.modules.get(slot.moduleId) ?? slot.moduleId,
        teacherName: names.teachers.get(slot.teacherUserId) ?? slot.teacherUserId,
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
      teacherName: skipped.teacherName,
      slotKey: null,
      skipReason: skipped.reason,
    });
  });
  const classOrder = new Map<string, number>();
  for (const row of rows) if (!classOrder.has(row.className)) classOrder.set(row.className, classOrder.size);
  return rows.sort(
    (a, b) =>
      (classOrder.get(a.className) ?? 0) - (classOrder.get(b.className) ?? 0) ||
      a.dayOfWeek - b.dayOfWeek ||
      a.startTime.localeCompare(b.startTime) ||
      a.endTime.localeCompare(b.endTime),
  );
}

export type ColorBy = 'module' | 'teacher';

/** Legend of the preview: each distinct module or teacher name gets the next of the 20 colours. */
export function previewLegend(rows: readonly ImportPreviewRow[], colorBy: ColorBy): Map<string, string> {
  const legend = new Map<string, string>();
  for (const row of rows) {
    const name = colorBy === 'module' ? row.moduleName : row.teacherName;
    if (!legend.has(name)) legend.set(name, legendColor(legend.size));
  }
  return legend;
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
