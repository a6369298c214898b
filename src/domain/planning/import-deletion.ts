import type { CourseModule, PlanningImport, SchoolClass, Timetable, User } from '../store/schema';
import { periodOfImport, timetableHasPeriod } from './import-form';
import { compareNames } from './name-list';

export interface ImportDeletionInput {
  planningImport: PlanningImport;
  timetables: readonly Timetable[];
  classes: readonly SchoolClass[];
  courseModules: readonly CourseModule[];
  users: readonly User[];
}

/** What deleting an import removes (spec part 2 point 4, "Import deletion"). */
export interface ImportDeletionPlan {
  /** The import's own timetables. */
  timetables: Timetable[];
  /** Same-period timetables without an import id (written before imports were recorded). */
  legacyTimetables: Timetable[];
  classes: SchoolClass[];
  courseModules: CourseModule[];
  users: User[];
}

/** A created item that another timetable still uses: the reason the deletion is blocked. */
export interface ImportDeletionBlocker {
  kind: 'class' | 'module' | 'teacher';
  id: string;
  name: string;
  /** The timetables, kept by this deletion, that use the item. */
  timetableIds: string[];
}

export type ImportDeletionResult =
  { ok: true; value: ImportDeletionPlan } | { ok: false; code: 'blocked'; blockers: ImportDeletionBlocker[] };

const KIND_ORDER: Record<ImportDeletionBlocker['kind'], number> = { class: 0, module: 1, teacher: 2 };

function hasNoImportId(timetable: Timetable): boolean {
  return (
    timetable.planningImportId === null ||
    timetable.planningImportId === undefined ||
    timetable.planningImportId === ''
  );
}

/**
 * spec part 2 point 4: deleting an import removes its timetables, the classes, modules and users it created,
 * and any same-period legacy timetables lacking an import id. It is blocked ('Suppression bloquée') when a
 * created item is used by a timetable that stays (another import's, or one entered by hand).
 */
export function planImportDeletion(input: ImportDeletionInput): ImportDeletionResult {
  const importId = input.planningImport.id;
  const period = periodOfImport(input.planningImport);
  const own = input.timetables.filter((t) => t.planningImportId === importId);
  const legacy = input.timetables.filter((t) => hasNoImportId(t) && timetableHasPeriod(t, period));
  const removedIds = new Set([...own, ...legacy].map((t) => t.id));
  const kept = input.timetables.filter((t) => !removedIds.has(t.id));

  // Previews list names in natural order (L1, L2 … L10) so a person can scan them.
  const classes = input.classes
    .filter((c) => c.createdByImportId === importId)
    .sort((a, b) => compareNames(a.code, b.code));
  const courseModules = input.courseModules
    .filter((m) => m.createdByImportId === importId)
    .sort((a, b) => compareNames(a.name, b.name));
  const users = input.users
    .filter((u) => u.createdByImportId === importId)
    .sort((a, b) => compareNames(a.name, b.name));

  const usersOf = (uses: (t: Timetable) => boolean) => kept.filter(uses).map((t) => t.id);
  const blockers: ImportDeletionBlocker[] = [
    ...classes.map((c) => ({
      kind: 'class' as const,
      id: c.id,
      name: c.code,
      timetableIds: usersOf((t) => t.classId === c.id),
    })),
    ...courseModules.map((m) => ({
      kind: 'module' as const,
      id: m.id,
      name: m.name,
      timetableIds: usersOf((t) => t.slots.some((s) => s.moduleId === m.id)),
    })),
    ...users.map((u) => ({
      kind: 'teacher' as const,
      id: u.id,
      name: u.name,
      timetableIds: usersOf((t) => t.slots.some((s) => s.teacherUserId === u.id)),
    })),
  ]
    .filter((blocker) => blocker.timetableIds.length > 0)
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareNames(a.name, b.name));
  if (blockers.length > 0) return { ok: false, code: 'blocked', blockers };
  return { ok: true, value: { timetables: own, legacyTimetables: legacy, classes, courseModules, users } };
}
