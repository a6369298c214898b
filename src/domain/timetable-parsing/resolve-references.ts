import type { DeliveryMode } from '../store/schema';
import type { DayOfWeek, ParsedFile } from './types';
import { DAYS_OF_WEEK } from './types';

export interface ClassReference {
  id: string;
  code: string;
}

export interface ModuleReference {
  id: string;
  name: string;
  code?: string;
}

export interface TeacherReference {
  id: string;
  name: string;
  status?: string;
}

export interface References {
  classes: readonly ClassReference[];
  courseModules: readonly ModuleReference[];
  users: readonly TeacherReference[];
}

/** A slot ready for a timetable (spec part 2, point 3 "Slot"), default delivery type presentiel. */
export interface ResolvedSlot {
  dayOfWeek: DayOfWeek;
  startTime: string;
  endTime: string;
  moduleId: string;
  teacherUserId: string;
  deliveryMode: DeliveryMode;
  canceled: boolean;
  room?: string;
}

export interface ResolvedClassTimetable {
  classId: string;
  className: string;
  /** Monday of the dated week the courses belong to, when the file dates them (one timetable per week). */
  weekStartDate?: string;
  slots: ResolvedSlot[];
}

export type SkipReason = 'unknown-class' | 'unresolved-module' | 'unresolved-teacher';

export interface SkippedCell {
  className: string;
  dayOfWeek: DayOfWeek;
  startTime: string;
  endTime: string;
  moduleName: string;
  teacherName: string;
  reason: SkipReason;
  /** Monday of the course's own dated week, when the file dates its weeks (shown in the preview). */
  weekStartDate?: string;
}

export interface ReferenceResolution {
  /** Names as first written in the file, one per distinct name (case and surrounding spaces ignored). */
  missingClasses: string[];
  missingModules: string[];
  missingTeachers: string[];
  /** One entry per known class, in file order; tables of the same class are merged. */
  timetables: ResolvedClassTimetable[];
  skippedCount: number;
  skipped: SkippedCell[];
}

/**
 * The teacher of a course "à affecter": the file names none (a timetable office's file, a student's week).
 * Its slot is saved with an empty teacherUserId, shown "À affecter", out of check-in until a teacher is set.
 */
export const UNASSIGNED_TEACHER_ID = '';
const UNASSIGNED_TEACHER_REFERENCE: TeacherReference = { id: UNASSIGNED_TEACHER_ID, name: '' };

/** spec part 2, point 5: matching is case-insensitive and trimmed. */
export function referenceKey(name: string): string {
  return typeof name === 'string' ? name.trim().replace(/\s+/g, ' ').toLowerCase() : '';
}

function indexBy<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  prefer?: (item: T) => boolean,
): Map<string, T> {
  const index = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === '') continue;
    const existing = index.get(key);
    if (existing === undefined || (prefer !== undefined && !prefer(existing) && prefer(item)))
      index.set(key, item);
  }
  return index;
}

function addMissing(list: string[], seen: Set<string>, name: string): void {
  const key = referenceKey(name);
  if (key === '' || seen.has(key)) return;
  seen.add(key);
  list.push(name.trim().replace(/\s+/g, ' '));
}

/**
 * Matches a parsed file against the reference data (spec part 2, point 5): classes by code, modules by name
 * (then by code), teachers by user name. Lists what is missing, and builds the slots of each known class;
 * a course whose class, module or teacher is not found is skipped and counted. Call it again once the
 * missing items exist to get every slot. A file with dated weeks gives one timetable per class and week.
 */
export function resolveReferences(parsed: ParsedFile, references: References): ReferenceResolution {
  const classes = indexBy(references.classes, (c) => referenceKey(c.code));
  const modulesByName = indexBy(references.courseModules, (m) => referenceKey(m.name));
  const modulesByCode = indexBy(references.courseModules, (m) => referenceKey(m.code ?? ''));
  // Two users with the same name: an active account wins over an archived one.
  const teachers = indexBy(
    references.users,
    (u) => referenceKey(u.name),
    (u) => u.status === undefined || u.status === 'Active',
  );

  const result: ReferenceResolution = {
    missingClasses: [],
    missingModules: [],
    missingTeachers: [],
    timetables: [],
    skippedCount: 0,
    skipped: [],
  };
  const seen = { classes: new Set<string>(), modules: new Set<string>(), teachers: new Set<string>() };
  const timetables = new Map<string, ResolvedClassTimetable>();
  const slotKeys = new Map<string, Set<string>>();

  for (const table of parsed.tables) {
    const schoolClass = classes.get(referenceKey(table.className));
    if (schoolClass === undefined) addMissing(result.missingClasses, seen.classes, table.className);
    const timetableKey = `${schoolClass?.id ?? ''}|${table.weekStartDate ?? ''}`;
    for (const row of table.rows) {
      for (const dayOfWeek of DAYS_OF_WEEK) {
        for (const cell of row.cells[dayOfWeek] ?? []) {
          const moduleKey = referenceKey(cell.moduleName);
          const module = modulesByName.get(moduleKey) ?? modulesByCode.get(moduleKey);
          // A course whose file names no teacher is kept "à affecter" (issue 30 item 5): no teacher yet.
          const unassigned = cell.teacherName.trim() === '';
          const teacher = unassigned
            ? UNASSIGNED_TEACHER_REFERENCE
            : teachers.get(referenceKey(cell.teacherName));
          if (module === undefined) addMissing(result.missingModules, seen.modules, cell.moduleName);
          if (teacher === undefined) addMissing(result.missingTeachers, seen.teachers, cell.teacherName);
          const reason: SkipReason | null =
            schoolClass === undefined
              ? 'unknown-class'
              : module === undefined
                ? 'unresolved-module'
                : teacher === undefined
                  ? 'unresolved-teacher'
                  : null;
          const { startTime, endTime } = row;
          if (reason !== null || schoolClass === undefined || module === undefined || teacher === undefined) {
            result.skipped.push({
              className: table.className,
              dayOfWeek,
              startTime,
              endTime,
              moduleName: cell.moduleName,
              teacherName: cell.teacherName,
              reason: reason ?? 'unknown-class',
              ...(table.weekStartDate !== undefined ? { weekStartDate: table.weekStartDate } : {}),
            });
            continue;
          }
          const timetable: ResolvedClassTimetable = timetables.get(timetableKey) ?? {
            classId: schoolClass.id,
            className: table.className,
            ...(table.weekStartDate !== undefined ? { weekStartDate: table.weekStartDate } : {}),
            slots: [],
          };
          timetables.set(timetableKey, timetable);
          // The same course read twice (a merged cell, a repeated table) is one slot.
          const keys = slotKeys.get(timetableKey) ?? new Set<string>();
          slotKeys.set(timetableKey, keys);
          const key = [dayOfWeek, startTime, endTime, module.id, teacher.id].join('|');
          if (keys.has(key)) continue;
          keys.add(key);
          timetable.slots.push({
            dayOfWeek,
            startTime,
            endTime,
            moduleId: module.id,
            teacherUserId: teacher.id,
            deliveryMode: 'presentiel',
            canceled: false,
            ...(cell.room !== undefined && cell.room !== '' ? { room: cell.room } : {}),
          });
        }
      }
    }
  }
  result.skippedCount = result.skipped.length;
  result.timetables = [...timetables.values()].map((timetable) => ({
    ...timetable,
    slots: [...timetable.slots].sort(
      (a, b) =>
        a.dayOfWeek - b.dayOfWeek ||
        a.startTime.localeCompare(b.startTime) ||
        a.endTime.localeCompare(b.endTime),
    ),
  }));
  return result;
}
