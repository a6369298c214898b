import type { AppDatabase } from '../../db/database';
import { isCheckLog } from '../../domain/attendance/status';
import { isCorrection, withCorrectionsOf } from '../../domain/attendance/trust';
import type { CourseModule, PlanningLog, SchoolClass, Timetable, User } from '../../domain/store/schema';
import { toIsoInstant } from '../../domain/time/instant';
import type { UtcRange } from '../../domain/time/period';

/**
 * The planning logs a period's figures read (/attendance, /workload, the payroll export): those stamped
 * within the period (timestamp index), plus the reviewers' corrections of its check logs whatever their own
 * time (domain/attendance/trust withCorrectionsOf). A correction belongs to the slot of the log it corrects
 * (the server checks it), so it is found among the logs of the period's timetables (timetableId index).
 */
export async function readPeriodLogs(db: AppDatabase, range: UtcRange): Promise<PlanningLog[]> {
  const inRange = await db.planningLogs
    .where('timestamp')
    .between(toIsoInstant(range.start), toIsoInstant(range.end), true, false)
    .toArray();
  const timetableIds = [...new Set(inRange.filter(isCheckLog).map((log) => log.timetableId))];
  if (timetableIds.length === 0) return inRange;
  const corrections = await db.planningLogs
    .where('timetableId')
    .anyOf(timetableIds)
    .filter((log) => isCorrection(log))
    .toArray();
  return withCorrectionsOf(inRange, corrections);
}

/** What /workload and the payroll export read for a period: timetables, the period's logs, and the names. */
export interface PeriodSources {
  timetables: Timetable[];
  logs: PlanningLog[];
  users: User[];
  classes: SchoolClass[];
  modules: CourseModule[];
}

export async function readPeriodSources(db: AppDatabase, range: UtcRange): Promise<PeriodSources> {
  const [timetables, logs, users, classes, modules] = await Promise.all([
    db.timetables.toArray(),
    readPeriodLogs(db, range),
    db.users.toArray(),
    db.classes.toArray(),
    db.courseModules.toArray(),
  ]);
  return { timetables, logs, users, classes, modules };
}
