import { slotWindowMs } from '../attendance/trust';
import { isTeacherType } from '../module-catalogue';
import { closureCovering, slotDates, type ClosureLike } from '../payroll/closing';
import type { Profile, Slot, Timetable, User } from '../store/schema';
import type { PlanningPeriod } from './period-matching';
import { PLANNING_ACTIONS_MODULE_ID } from './permissions';

/**
 * Issue 30 item 5, after the import: courses "à affecter" (imported without a teacher) are staffed in bulk
 * from Consulter, one teacher for every course of a module and a class. Pure: the screen (features/planning/
 * consult/bulk-assign-dialog), the write (services/planning/bulk-assign) and the server's check
 * (domain/access/write-planning) all use these rules.
 */

/**
 * Who may staff courses: the holders of the admin actions on slots (planning.consulter.actions), and the
 * importers (planning.importer), who already choose these teachers in the verification dialog.
 */
export const BULK_ASSIGN_MODULE_IDS: readonly string[] = [PLANNING_ACTIONS_MODULE_ID, 'planning.importer'];

export function mayBulkAssign(granted: Iterable<string>): boolean {
  for (const id of granted) if (BULK_ASSIGN_MODULE_IDS.includes(id)) return true;
  return false;
}

/** A course "à affecter": its file named no teacher (slot-display shows "À affecter"). */
export function isUnassignedSlot(slot: Pick<Slot, 'teacherUserId'>): boolean {
  return slot.teacherUserId.trim() === '';
}

const DAY_MS = 86_400_000;

/** Inclusive calendar dates 'YYYY-MM-DD' (the period Consulter shows). */
export interface DateRange {
  from: string;
  to: string;
}

/** The dates of a week or month Consulter shows (a month's end is written '31': dates compare as text). */
export function periodDates(period: PlanningPeriod): DateRange {
  if (period.kind === 'week') {
    const monday = Date.parse(`${period.weekStartDate}T00:00:00.000Z`);
    return {
      from: period.weekStartDate,
      to: Number.isFinite(monday)
        ? new Date(monday + 6 * DAY_MS).toISOString().slice(0, 10)
        : period.weekStartDate,
    };
  }
  const month = `${period.year}-${String(period.month).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${month}-31` };
}

/** The dates of a slot in its timetable, within `range` when one is given. */
export function slotDatesWithin(
  timetable: Pick<Timetable, 'periodicity' | 'year' | 'weekStartDate' | 'month'>,
  slot: Pick<Slot, 'dayOfWeek'>,
  range?: DateRange | null,
): string[] {
  const dates = slotDates(timetable, slot.dayOfWeek);
  return range ? dates.filter((d) => d >= range.from && d <= range.to) : dates;
}

/** The Monday 'YYYY-MM-DD' of the week holding a date. */
export function mondayOf(date: string): string {
  const ms = Date.parse(`${date}T00:00:00.000Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return new Date(ms - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The module and class of courses without a teacher, with how many courses and in which weeks. */
export interface UnassignedCourseGroup {
  /** `${moduleId}|${classId}`. */
  key: string;
  moduleId: string;
  classId: string;
  /** Courses (slots of the timetables) without a teacher; a month timetable's course counts once. */
  courseCount: number;
  /** The Mondays 'YYYY-MM-DD' of the weeks these courses take place in, in order. */
  weeks: string[];
}

export function groupKey(moduleId: string, classId: string): string {
  return `${moduleId}|${classId}`;
}

/**
 * The courses "à affecter" of the organisation by module and class (within `range` when given: a course
 * counts when one of its dates falls in it), ordered by key; the screen sorts them by name.
 */
export function unassignedCourseGroups(
  timetables: readonly Timetable[],
  range?: DateRange | null,
): UnassignedCourseGroup[] {
  const groups = new Map<string, { group: UnassignedCourseGroup; weeks: Set<string> }>();
  for (const timetable of timetables) {
    timetable.slots.forEach((slot) => {
      if (!isUnassignedSlot(slot)) return;
      const dates = slotDatesWithin(timetable, slot, range);
      if (dates.length === 0) return;
      const key = groupKey(slot.moduleId, timetable.classId);
      let entry = groups.get(key);
      if (!entry) {
        entry = {
          group: { key, moduleId: slot.moduleId, classId: timetable.classId, courseCount: 0, weeks: [] },
          weeks: new Set(),
        };
        groups.set(key, entry);
      }
      entry.group.courseCount += 1;
      for (const date of dates) entry.weeks.add(mondayOf(date));
    });
  }
  return [...groups.values()]
    .map(({ group, weeks }) => ({ ...group, weeks: [...weeks].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export type TeacherRefusal = 'teacher-not-found' | 'teacher-inactive' | 'not-a-teacher';

/**
 * Whether a person may be given courses: an existing user of the organisation, active, whose profile is of
 * the teacher type (teacher or teacher.contract modules, module-catalogue isTeacherType).
 */
export function teacherRefusal(
  user: Pick<User, 'status' | 'profileId'> | null | undefined,
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[],
): TeacherRefusal | null {
  if (!user) return 'teacher-not-found';
  if (user.status !== 'Active') return 'teacher-inactive';
  const profile = profiles.find((p) => p.id === user.profileId);
  return profile && isTeacherType(new Set(profile.moduleIds)) ? null : 'not-a-teacher';
}

/** The people the picker offers: those teacherRefusal accepts, by name. */
export function assignableTeachers<U extends Pick<User, 'id' | 'name' | 'status' | 'profileId'>>(
  users: readonly U[],
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[],
): U[] {
  return users
    .filter((u) => teacherRefusal(u, profiles) === null)
    .sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id.localeCompare(b.id));
}

/**
 * Four eyes (issue 32, as the server's ownStartedSlot): whether some date of the slot in its timetable has
 * begun at `nowMs`. Someone giving themselves such a course could have it credited without anyone planning it.
 */
export function hasStartedDate(timetable: Timetable, slot: Slot, nowMs: number): boolean {
  return slotDates(timetable, slot.dayOfWeek).some((date) => {
    const window = slotWindowMs(Date.parse(`${date}T00:00:00.000Z`), slot);
    return window !== null && window.start <= nowMs;
  });
}

/** Why a course of the group is left "à affecter". */
export type AssignSkip = 'month-closed' | 'own-started';

export interface BulkAssignInput {
  /** The organisation's timetables (all of them, or at least those of the class). */
  timetables: readonly Timetable[];
  moduleId: string;
  classId: string;
  teacherUserId: string;
  /** The person acting and the modules of their profile. */
  actor: { userId: string; granted: Iterable<string> };
  /** The organisation's users and profiles (the teacher is checked against them). */
  users: readonly Pick<User, 'id' | 'status' | 'profileId'>[];
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[];
  /** Month closures (issue 32) and the institute of the class, which a closure may cover. */
  closures: readonly ClosureLike[];
  instituteId: string | null;
  /** Limits the change to the courses with a date in this range (the period Consulter shows). */
  range?: DateRange | null;
  now: Date;
}

export type BulkAssignRefusal = 'not-permitted' | TeacherRefusal | 'nothing-to-assign';

export interface BulkAssignPlan {
  /** The timetables to write, each a copy with its courses staffed. */
  timetables: Timetable[];
  /** How many courses get the teacher. */
  assigned: number;
  /**
   * Of those, how many have a date already begun: they show "Non émargé" once staffed, until a missing
   * check-in is recorded (issue 32), which the confirmation says.
   */
  begun: number;
  /** Courses of the group left "à affecter", and why. */
  skipped: Record<AssignSkip, number>;
}

export type BulkAssignResult = { ok: true; value: BulkAssignPlan } | { ok: false; reason: BulkAssignRefusal };

/**
 * The slot changes that give `teacherUserId` every course "à affecter" of a module and class (within the
 * range when given). Refused as a whole: an actor without the right, a teacher unknown, inactive or not a
 * teacher. Left alone: courses already staffed, courses with a date in a closed month (the server refuses
 * them, server/closing-guard.ts), courses of the actor's own that have begun (four eyes). Nothing left to
 * staff is refused too ('nothing-to-assign'), so that the screen never writes an empty change.
 */
export function planBulkAssignment(input: BulkAssignInput): BulkAssignResult {
  if (!mayBulkAssign(input.actor.granted)) return { ok: false, reason: 'not-permitted' };
  const teacher = input.users.find((u) => u.id === input.teacherUserId);
  const refusal = teacherRefusal(teacher, input.profiles);
  if (refusal) return { ok: false, reason: refusal };
  const nowMs = input.now.getTime();
  const ownself = input.teacherUserId === input.actor.userId;
  const skipped: Record<AssignSkip, number> = { 'month-closed': 0, 'own-started': 0 };
  const changed: Timetable[] = [];
  let assigned = 0;
  let begun = 0;
  for (const timetable of input.timetables) {
    if (timetable.classId !== input.classId) continue;
    let touched = false;
    const slots = timetable.slots.map((slot) => {
      if (!isUnassignedSlot(slot) || slot.moduleId !== input.moduleId) return slot;
      if (slotDatesWithin(timetable, slot, input.range).length === 0) return slot;
      const closed = slotDates(timetable, slot.dayOfWeek).some(
        (date) => closureCovering(input.closures, input.instituteId, date.slice(0, 7)) !== null,
      );
      if (closed) {
        skipped['month-closed'] += 1;
        return slot;
      }
      if (ownself && hasStartedDate(timetable, slot, nowMs)) {
        skipped['own-started'] += 1;
        return slot;
      }
      touched = true;
      assigned += 1;
      if (hasStartedDate(timetable, slot, nowMs)) begun += 1;
      return { ...slot, teacherUserId: input.teacherUserId };
    });
    if (touched) changed.push({ ...timetable, slots });
  }
  if (assigned === 0) return { ok: false, reason: 'nothing-to-assign' };
  return { ok: true, value: { timetables: changed, assigned, begun, skipped } };
}

/** A slot as newlyAssignedTeachers compares it. */
type SlotRecord = Record<string, unknown>;

/** The same course: same module (moved or not: moving and staffing it in one write is still staffing it). */
function sameCourse(a: SlotRecord, b: SlotRecord): boolean {
  return a.moduleId === b.moduleId;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The teachers a timetable update gives to courses that were "à affecter" (the same course: same id, else
 * same place in the timetable, and same module; without a teacher before and with one after): what the server checks
 * (domain/access/write-planning) and loads (domain/access/lookup).
 */
export function newlyAssignedTeachers(before: unknown, after: unknown): string[] {
  const slotsOf = (record: unknown): SlotRecord[] => {
    const slots = (record as { slots?: unknown } | null)?.slots;
    return Array.isArray(slots) ? (slots as SlotRecord[]) : [];
  };
  // Matched by id, else by position (as the closing rules match them, domain/payroll/closing).
  const keyOf = (slot: SlotRecord, i: number) =>
    typeof slot.id === 'string' && slot.id !== '' ? `id:${slot.id}` : `at:${i}`;
  const was = new Map(slotsOf(before).map((slot, i) => [keyOf(slot, i), slot]));
  const ids = new Set<string>();
  slotsOf(after).forEach((slot, i) => {
    const previous = slot ? was.get(keyOf(slot, i)) : undefined;
    if (!previous || !slot || !sameCourse(previous, slot)) return;
    if (text(previous.teacherUserId) === '' && text(slot.teacherUserId) !== '')
      ids.add(text(slot.teacherUserId));
  });
  return [...ids];
}
