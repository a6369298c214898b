import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { toIsoInstant } from '../../domain/time/instant';
import { periodRange, type PeriodKind } from '../../domain/time/period';
import { workloadByTeacher, type WorkloadTeacherRow } from '../../domain/workload/workload';

export interface WorkloadData {
  rows: WorkloadTeacherRow[];
  teacherNames: Map<string, string>;
  classNames: Map<string, string>;
  moduleNames: Map<string, string>;
}

/**
 * Planned and real time per teacher for the period; re-read whenever timetables, logs or names change.
 * Only the logs of the period are read (timestamp index), since a session counts where its check-in lies.
 */
export function useWorkloadData(kind: PeriodKind, referenceDate: string): WorkloadData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const range = periodRange(kind, referenceDate);
    const [timetables, logs, users, classes, modules] = await Promise.all([
      db.timetables.toArray(),
      db.planningLogs
        .where('timestamp')
        .between(toIsoInstant(range.start), toIsoInstant(range.end), true, false)
        .toArray(),
      db.users.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
    ]);
    return {
      rows: workloadByTeacher({ timetables, logs, range, now: new Date() }),
      teacherNames: new Map(users.map((u) => [u.id, u.name])),
      classNames: new Map(classes.map((c) => [c.id, c.code])),
      moduleNames: new Map(modules.map((m) => [m.id, m.name])),
    };
  }, [kind, referenceDate]);
}
