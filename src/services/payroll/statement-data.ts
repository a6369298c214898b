import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { isCorrection } from '../../domain/attendance/trust';
import { closureCovering, monthKeyOf, type ClosureLike } from '../../domain/payroll/closing';
import {
  adjustmentMonthOf,
  buildStatements,
  closingAdjustments,
  type Statement,
} from '../../domain/payroll/statement';
import { teacherStatementClosed } from '../../domain/payroll/statement-closed';
import type { PlanningLog, User } from '../../domain/store/schema';
import { toIsoDate } from '../../domain/time/instant';
import type { UtcRange } from '../../domain/time/period';
import type { PayrollNames, PayrollTeacher } from '../../domain/workload/payroll-export';
import { readPeriodSources } from '../attendance/period-logs';

/**
 * What the statement screens, the PDF and the clerk's export read for a period (one reading, so that they
 * show the same figures): the statements of every teacher (domain/payroll/statement), with the adjustments
 * carried into the period by month closing, the names, e-mails and staff numbers, and the organisation.
 */
export interface StatementData {
  statements: Statement[];
  names: PayrollNames;
  organisation: string;
  /**
   * Whether every month of the period is closed for every teacher with a statement in it (none: closed for
   * the organisation): domain/payroll/statement-closed.ts.
   */
  closed: boolean;
  /** Whether every month of the period is closed for this teacher's courses (the same rule as the server's). */
  closedFor: (teacherUserId: string) => boolean;
}

/** The staff number of a user (the « matricule » form field), when this device may read it. */
export function staffNumberOf(user: Pick<User, 'extra'> | undefined): string {
  const value = user?.extra?.matricule;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * The corrections whose adjustment lands in the period, and the check logs of their course days (they were
 * made after their month was closed: their own timestamps lie outside the period).
 */
async function adjustmentLogs(db: AppDatabase, range: UtcRange): Promise<PlanningLog[]> {
  const first = toIsoDate(range.start).slice(0, 7);
  const last = toIsoDate(range.end.minus({ days: 1 })).slice(0, 7);
  const corrections = await db.planningLogs
    .filter((log) => {
      const month = isCorrection(log) ? adjustmentMonthOf(log) : null;
      return month !== null && month >= first && month <= last;
    })
    .toArray();
  if (corrections.length === 0) return [];
  const timetableIds = [...new Set(corrections.map((c) => c.timetableId))];
  return db.planningLogs.where('timetableId').anyOf(timetableIds).toArray();
}

/** The month closures this device holds (none before the closing collection reached it). */
async function readClosures(db: AppDatabase): Promise<ClosureLike[]> {
  try {
    return (await db.table('monthClosures').toArray()) as ClosureLike[];
  } catch {
    return [];
  }
}

export async function readStatementData(
  db: AppDatabase,
  range: UtcRange,
  unknown: { teacher: string; other: string },
  now: Date,
): Promise<StatementData> {
  const [{ timetables, logs, users, classes, modules }, contracts, closures, orgId, extra, substitutions] =
    await Promise.all([
      readPeriodSources(db, range),
      db.contracts.toArray(),
      readClosures(db),
      getMeta(db, 'orgId'),
      adjustmentLogs(db, range),
      // Issue 35: a substituted course is the substitute's on her statement, nobody's when cancelled.
      db.substitutions.toArray(),
    ]);
  const adjustments = closingAdjustments({ logs: extra, timetables, range, now });
  const statements = buildStatements({ timetables, logs, contracts, range, now, adjustments, substitutions });
  const people = new Map(users.map((u) => [u.id, u]));
  const classNames = new Map(classes.map((c) => [c.id, c.code]));
  const moduleNames = new Map(modules.map((m) => [m.id, m.name]));
  const teacher = (id: string): PayrollTeacher => {
    const user = people.get(id);
    return {
      name: user?.name || unknown.teacher,
      email: user?.email ?? '',
      staffNumber: staffNumberOf(user),
    };
  };
  const months = new Set<string>();
  for (let d = range.start; d < range.end; d = d.plus({ days: 1 }))
    months.add(monthKeyOf(d.toMillis()) ?? '');
  const institutes = new Map(classes.map((c) => [c.id, c.instituteId ?? null]));
  const closedFor = (teacherUserId: string) =>
    [...months].every(
      (month) =>
        month !== '' &&
        teacherStatementClosed({
          closures,
          month,
          teacherUserId,
          timetables,
          substitutions,
          instituteOfClass: (classId) => institutes.get(classId) ?? null,
        }),
    );
  const orgClosed = [...months].every((m) => m !== '' && closureCovering(closures, null, m) !== null);
  return {
    statements,
    names: {
      teacher,
      module: (id) => (id && moduleNames.get(id)) || unknown.other,
      schoolClass: (id) => (id && classNames.get(id)) || unknown.other,
    },
    organisation: orgId,
    closed: statements.length === 0 ? orgClosed : statements.every((s) => closedFor(s.teacherUserId)),
    closedFor,
  };
}
