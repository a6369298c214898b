import type { AppDatabase } from '../../db/database';
import { readPaged } from '../../db/paged-read';
import { timetablesForPeriod, type PlanningPeriod } from '../../domain/planning/period-matching';
import type { CourseModule, PlanningLog, SchoolClass, Timetable, User } from '../../domain/store/schema';
import { parseIsoDate } from '../../domain/time/instant';

/** The reference data the timetable renderings resolve names from. */
export interface PlanningReferences {
  classes: SchoolClass[];
  courseModules: CourseModule[];
  users: User[];
  classNames: Map<string, string>;
  moduleNames: Map<string, string>;
  userNames: Map<string, string>;
}

export async function loadPlanningReferences(db: AppDatabase): Promise<PlanningReferences> {
  const [classes, courseModules, users] = await Promise.all([
    db.classes.toArray(),
    db.courseModules.toArray(),
    readPaged(db.users),
  ]);
  return {
    classes,
    courseModules,
    users,
    classNames: new Map(classes.map((c) => [c.id, c.code])),
    moduleNames: new Map(courseModules.map((m) => [m.id, m.name])),
    userNames: new Map(users.map((u) => [u.id, u.name])),
  };
}

/**
 * The timetables of a week or month (spec part 2 point 9), read through the period indexes and then
 * filtered by the domain's matching rule. A week may be stored under the Monday's year or its ISO
 * week-year, and a month also takes the weekly timetables with days in it (starting in it, or up to six days
 * before its 1st), hence the neighbouring years.
 */
export async function timetablesOfPeriod(db: AppDatabase, period: PlanningPeriod): Promise<Timetable[]> {
  let candidates: Timetable[];
  if (period.kind === 'week') {
    const monday = parseIsoDate(period.weekStartDate);
    if (!monday) return [];
    const years = [...new Set([monday.year, monday.weekYear])];
    candidates = await db.timetables
      .where('[year+weekStartDate]')
      .anyOf(years.map((year) => [year, period.weekStartDate]))
      .toArray();
  } else {
    const prefix = `${period.year}-${String(period.month).padStart(2, '0')}`;
    const first = parseIsoDate(`${prefix}-01`);
    if (!first) return [];
    // A week whose Monday is up to 6 days before the 1st still has days in the month; the matching rule
    // below keeps it only if its Sunday falls in the month.
    const lowest = first.minus({ days: 6 }).toISODate() ?? `${prefix}-01`;
    const [monthly, weekly] = await Promise.all([
      db.timetables.where('[year+month]').equals([period.year, period.month]).toArray(),
      db.timetables
        .where('[year+weekStartDate]')
        .inAnyRange(
          [period.year - 1, period.year, period.year + 1].map((year) => [
            [year, lowest],
            [year, `${prefix}-99`],
          ]),
          { includeLowers: true, includeUppers: true },
        )
        .toArray(),
    ]);
    candidates = [...monthly, ...weekly];
  }
  const unique = [...new Map(candidates.map((t) => [t.id, t])).values()];
  return timetablesForPeriod(unique, period).sort((a, b) => a.id.localeCompare(b.id));
}

/** Every planning log of these timetables (attendance status of their slots). */
export function planningLogsOfTimetables(
  db: AppDatabase,
  timetableIds: readonly string[],
): Promise<PlanningLog[]> {
  if (timetableIds.length === 0) return Promise.resolve([]);
  return db.planningLogs
    .where('timetableId')
    .anyOf([...timetableIds])
    .toArray();
}

/** The change log of one slot, newest first (the "Gérer un cours" dialog). */
export async function planningLogsOfSlot(
  db: AppDatabase,
  timetableId: string,
  slotIndex: number,
): Promise<PlanningLog[]> {
  const logs = await db.planningLogs.where('timetableId').equals(timetableId).toArray();
  return logs
    .filter((log) => log.slotIndex === slotIndex)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id));
}
