import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import type {
  CourseModule,
  Institute,
  PlanningLog,
  SchoolClass,
  Timetable,
  User,
} from '../../domain/store/schema';
import { toIsoDate, toIsoInstant } from '../../domain/time/instant';
import type { UtcRange } from '../../domain/time/period';
import { readPeriodLogs } from '../../services/attendance/period-logs';

export interface AttendanceData {
  timetables: Timetable[];
  logs: PlanningLog[];
  classes: Map<string, SchoolClass>;
  modules: Map<string, CourseModule>;
  users: Map<string, User>;
  institutes: Map<string, Institute>;
  /** Who gives which course occurrence instead of its teacher (issue 35), or its cancellation. */
  substitutions: { id: string; substituteUserId: string | null }[];
}

const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]));

/**
 * What "Suivi des émargements" reads, re-read on every change (useLiveQuery), including records brought by
 * sync. Logs are limited to the period, with the reviewers' corrections of them whatever their time
 * (readPeriodLogs); timetables are few (one per class and week or month).
 */
export function useAttendanceData(range: UtcRange): AttendanceData | undefined {
  const from = toIsoInstant(range.start);
  const to = toIsoInstant(range.end);
  return useLiveQuery(async () => {
    const db = appDb();
    const [timetables, logs, classes, modules, users, institutes, substitutions] = await Promise.all([
      db.timetables.toArray(),
      readPeriodLogs(db, range),
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.users.toArray(),
      db.institutes.toArray(),
      db.substitutions
        .where('date')
        .between(toIsoDate(range.start), toIsoDate(range.end), true, false)
        .toArray(),
    ]);
    return {
      timetables,
      logs,
      classes: byId(classes),
      modules: byId(modules),
      users: byId(users),
      institutes: byId(institutes),
      substitutions,
    };
  }, [from, to]);
}
