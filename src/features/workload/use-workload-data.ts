import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDatabase } from '../../db/database';
import type { InstantLike } from '../../domain/time/instant';
import { periodRange, type PeriodKind } from '../../domain/time/period';
import { workloadByTeacher, type WorkloadTeacherRow } from '../../domain/workload/workload';
import { readPeriodSources } from '../../services/attendance/period-logs';

export interface WorkloadData {
  rows: WorkloadTeacherRow[];
  teacherNames: Map<string, string>;
  classNames: Map<string, string>;
  moduleNames: Map<string, string>;
}

/**
 * Planned and real time per teacher for the period. Only the logs of the period are read (timestamp index),
 * since a session counts where its check-in lies, with the reviewers' corrections of them whatever their
 * time (a correction made after the period ends still changes its hours: readPeriodLogs).
 */
export async function readWorkloadData(
  db: AppDatabase,
  kind: PeriodKind,
  referenceDate: string,
  now: InstantLike,
): Promise<WorkloadData> {
  const range = periodRange(kind, referenceDate);
  const { timetables, logs, users, classes, modules } = await readPeriodSources(db, range);
  // Issue 35: a course given by a substitute is planned for her.
  const substitutions = await db.substitutions.toArray();
  return {
    rows: workloadByTeacher({ timetables, logs, range, now, substitutions }),
    teacherNames: new Map(users.map((u) => [u.id, u.name])),
    classNames: new Map(classes.map((c) => [c.id, c.code])),
    moduleNames: new Map(modules.map((m) => [m.id, m.name])),
  };
}

/** readWorkloadData, re-read whenever timetables, logs or names change. */
export function useWorkloadData(kind: PeriodKind, referenceDate: string): WorkloadData | undefined {
  return useLiveQuery(
    () => readWorkloadData(appDb(), kind, referenceDate, new Date()),
    [kind, referenceDate],
  );
}
