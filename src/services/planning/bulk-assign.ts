import type { AppDatabase } from '../../db/database';
import { readPaged } from '../../db/paged-read';
import { writeBatch } from '../../db/repository';
import {
  assignableTeachers,
  planBulkAssignment,
  unassignedCourseGroups,
  type BulkAssignPlan,
  type BulkAssignRefusal,
  type DateRange,
  type UnassignedCourseGroup,
} from '../../domain/planning/bulk-assign';
import type { ClosureLike } from '../../domain/payroll/closing';
import type { Profile, Timetable, User } from '../../domain/store/schema';
import { compareNames } from '../../domain/planning/name-list';

/** A group of courses "à affecter" with the names the dialog shows. */
export interface NamedUnassignedGroup extends UnassignedCourseGroup {
  moduleName: string;
  className: string;
}

export interface BulkAssignData {
  /** Every course "à affecter" of the organisation, by module and class, sorted by module then class name. */
  groups: NamedUnassignedGroup[];
  /** The same within the period shown (null: no period given). */
  groupsInRange: NamedUnassignedGroup[] | null;
  /** Who the picker offers: active users of a teacher-type profile, by name. */
  teachers: { id: string; name: string }[];
}

function named(
  groups: readonly UnassignedCourseGroup[],
  moduleNames: ReadonlyMap<string, string>,
  classNames: ReadonlyMap<string, string>,
  unknown: string,
): NamedUnassignedGroup[] {
  return groups
    .map((g) => ({
      ...g,
      moduleName: moduleNames.get(g.moduleId) ?? unknown,
      className: classNames.get(g.classId) ?? unknown,
    }))
    .sort((a, b) => compareNames(a.moduleName, b.moduleName) || compareNames(a.className, b.className));
}

/**
 * What the "À affecter" dialog of Consulter shows: read from the local store (every timetable: the courses to
 * staff may lie outside the period shown).
 */
export async function readBulkAssignData(
  db: AppDatabase,
  range: DateRange | null,
  unknown: string,
): Promise<BulkAssignData> {
  const [timetables, classes, courseModules, users, profiles] = await Promise.all([
    db.timetables.toArray(),
    db.classes.toArray(),
    db.courseModules.toArray(),
    readPaged(db.users),
    db.profiles.toArray(),
  ]);
  const moduleNames = new Map(courseModules.map((m) => [m.id, m.name]));
  const classNames = new Map(classes.map((c) => [c.id, c.code]));
  return {
    groups: named(unassignedCourseGroups(timetables), moduleNames, classNames, unknown),
    groupsInRange: range
      ? named(unassignedCourseGroups(timetables, range), moduleNames, classNames, unknown)
      : null,
    teachers: assignableTeachers(users, profiles).map((u) => ({ id: u.id, name: u.name })),
  };
}

export interface BulkAssignRequest {
  moduleId: string;
  classId: string;
  teacherUserId: string;
  actor: { userId: string; granted: Iterable<string> };
  range?: DateRange | null;
  now?: Date;
}

export type BulkAssignOutcome =
  { ok: true; value: BulkAssignPlan } | { ok: false; reason: BulkAssignRefusal };

function planFrom(
  read: {
    timetables: Timetable[];
    users: User[];
    profiles: Profile[];
    closures: ClosureLike[];
    instituteId: string | null;
  },
  request: BulkAssignRequest,
): BulkAssignOutcome {
  return planBulkAssignment({
    timetables: read.timetables,
    moduleId: request.moduleId,
    classId: request.classId,
    teacherUserId: request.teacherUserId,
    actor: request.actor,
    users: read.users,
    profiles: read.profiles,
    closures: read.closures,
    instituteId: read.instituteId,
    range: request.range ?? null,
    now: request.now ?? new Date(),
  });
}

async function readFor(db: AppDatabase, classId: string) {
  const [timetables, users, profiles, closures, schoolClass] = await Promise.all([
    db.timetables.where('classId').equals(classId).toArray(),
    readPaged(db.users),
    db.profiles.toArray(),
    db.monthClosures.toArray(),
    db.classes.get(classId),
  ]);
  return {
    timetables,
    users,
    profiles,
    closures: closures as unknown as ClosureLike[],
    instituteId: schoolClass?.instituteId ?? null,
  };
}

/** What "Affecter" would change (the confirmation says how many courses), without writing anything. */
export async function previewBulkAssignment(
  db: AppDatabase,
  request: BulkAssignRequest,
): Promise<BulkAssignOutcome> {
  return planFrom(await readFor(db, request.classId), request);
}

/**
 * "Affecter": gives the teacher every course "à affecter" of the module and class (within the range), in one
 * local transaction whose timetable changes go to the outbox together (the sync sends them; the server checks
 * them again, domain/access/write-assignment). Planned again inside the transaction, on the data as it is then.
 */
export function applyBulkAssignment(db: AppDatabase, request: BulkAssignRequest): Promise<BulkAssignOutcome> {
  return writeBatch(db, async (w) => {
    const outcome = planFrom(await readFor(db, request.classId), request);
    if (!outcome.ok) return outcome;
    for (const timetable of outcome.value.timetables) await w.put('timetables', timetable);
    return outcome;
  });
}
