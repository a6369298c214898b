import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { monthKey, type MonthKey } from '../../domain/payroll/closing';
import { buildStatement, type Statement } from '../../domain/payroll/statement';
import { latestAck, type StatementDecision } from '../../domain/payroll/statement-ack';
import type { StatementAck } from '../../domain/store/schema';
import { monthRangeOf } from '../../domain/time/period';
import { readStatementData, type StatementData } from './statement-data';

/** The month as a range (UTC, as every date of the application). */
export function statementRange(month: MonthKey) {
  const [year, m] = month.split('-').map(Number);
  return monthRangeOf(year ?? 1970, m ?? 1);
}

/** The twelve months before `now`'s, newest first: the months a statement is asked for. */
export function recentMonths(now: Date, count = 12): MonthKey[] {
  const months: MonthKey[] = [];
  for (let i = 1; i <= count; i += 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(monthKey(d.getUTCFullYear(), d.getUTCMonth() + 1));
  }
  return months;
}

export interface MonthStatements extends StatementData {
  month: MonthKey;
  acks: StatementAck[];
}

/** Every teacher's statement of a month, with the answers this device holds. */
export async function readMonthStatements(
  db: AppDatabase,
  month: MonthKey,
  unknown: { teacher: string; other: string },
  now: Date,
): Promise<MonthStatements> {
  const [data, acks] = await Promise.all([
    readStatementData(db, statementRange(month), unknown, now),
    db.statementAcks.where('month').equals(month).toArray(),
  ]);
  return { ...data, month, acks };
}

/** One teacher's statement of a month (an empty one when she had nothing), and her latest answer. */
export function teacherStatement(
  data: MonthStatements,
  teacherUserId: string,
  now: Date,
): { statement: Statement; ack: StatementAck | null } {
  const statement =
    data.statements.find((s) => s.teacherUserId === teacherUserId) ??
    buildStatement({
      teacherUserId,
      timetables: [],
      logs: [],
      contracts: [],
      range: statementRange(data.month),
      now,
    });
  return { statement, ack: latestAck(data.acks, teacherUserId, data.month) };
}

/**
 * The teacher's answer, written locally and sent with the next push; the server stamps its own time and
 * person over `at` and the actor, and refuses it for someone else or a month not closed.
 */
export async function answerStatement(
  db: AppDatabase,
  input: {
    teacherUserId: string;
    actorName: string;
    month: MonthKey;
    decision: StatementDecision;
    comment: string | null;
    paidMin: number;
    amount: number;
    now: Date;
  },
): Promise<StatementAck> {
  const ack: StatementAck = {
    id: globalThis.crypto.randomUUID(),
    teacherUserId: input.teacherUserId,
    month: input.month,
    decision: input.decision,
    comment: input.comment?.trim() || null,
    paidMin: input.paidMin,
    amount: input.amount,
    at: input.now.toISOString(),
    actorUserId: input.teacherUserId,
    actorUserName: input.actorName,
  };
  await writeBatch(db, async (w) => {
    await w.put('statementAcks', ack);
  });
  return ack;
}
