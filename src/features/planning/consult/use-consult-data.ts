import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import type { PlanningPeriod } from '../../../domain/planning/period-matching';
import type { PlanningLog, Substitution, Timetable } from '../../../domain/store/schema';
import {
  loadPlanningReferences,
  planningLogsOfTimetables,
  timetablesOfPeriod,
  type PlanningReferences,
} from '../../../services/planning';

export interface ConsultData {
  refs: PlanningReferences;
  timetables: Timetable[];
  logs: PlanningLog[];
  /** Issue 35: who gives a course in place of its teacher, or that nobody does (cancelled). */
  substitutions: Substitution[];
}

export function periodKey(period: PlanningPeriod): string {
  return period.kind === 'week' ? `w:${period.weekStartDate}` : `m:${period.year}-${period.month}`;
}

/** The period's timetables, their logs (attendance status) and the names to resolve; re-read on every change. */
export function useConsultData(period: PlanningPeriod): ConsultData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const [refs, timetables, substitutions] = await Promise.all([
      loadPlanningReferences(db),
      timetablesOfPeriod(db, period),
      db.substitutions.toArray(),
    ]);
    const logs = await planningLogsOfTimetables(
      db,
      timetables.map((t) => t.id),
    );
    return { refs, timetables, logs, substitutions };
  }, [periodKey(period)]);
}
