import { isMonthKey, isMonthOver, type MonthKey } from './closing';

/**
 * A teacher's answer to her payroll statement of a month (issue 32, beyond the spec): she validates it
 * (« Je valide cet état ») or disputes it with a written comment. Answers are appended (collection
 * statementAcks), never edited: the latest one counts, so a teacher who disputed can validate after a
 * correction, and the administrator sees the whole story. The server decides who answered and when
 * (server/statement-acks.ts); only the teacher herself answers, for a month that is over and closed.
 *
 * Pure and without the date library (the access rules that call it are part of the login bundle).
 */

export type StatementDecision = 'acknowledged' | 'disputed';

/** Longest comment kept with a dispute (a paragraph). */
export const STATEMENT_COMMENT_MAX = 1000;

export interface StatementAckLike {
  id: string;
  teacherUserId: string;
  month: MonthKey;
  decision: StatementDecision;
  comment?: string | null;
  paidMin?: number | null;
  amount?: number | null;
  /** Server time of the answer. */
  at: string;
  actorUserId?: string | null;
  actorUserName?: string | null;
}

export type AckRefusal =
  | 'not-own'
  | 'invalid-month'
  | 'month-not-over'
  | 'invalid-decision'
  | 'comment-required'
  | 'comment-too-long';

/** Why an answer cannot be recorded as written (null: it can), the person and the server's time given. */
export function ackProblem(input: {
  ack: { teacherUserId?: unknown; month?: unknown; decision?: unknown; comment?: unknown };
  userId: string;
  now: number | Date | string;
}): AckRefusal | null {
  const { ack } = input;
  if (ack.teacherUserId !== input.userId) return 'not-own';
  if (!isMonthKey(ack.month)) return 'invalid-month';
  if (!isMonthOver(ack.month, input.now)) return 'month-not-over';
  if (ack.decision !== 'acknowledged' && ack.decision !== 'disputed') return 'invalid-decision';
  const comment = typeof ack.comment === 'string' ? ack.comment.trim() : '';
  if (comment.length > STATEMENT_COMMENT_MAX) return 'comment-too-long';
  if (ack.decision === 'disputed' && comment === '') return 'comment-required';
  return null;
}

/** The answer that counts for a teacher and a month: the latest by server time (ties by id). */
export function latestAck<A extends Pick<StatementAckLike, 'teacherUserId' | 'month' | 'at' | 'id'>>(
  acks: readonly A[],
  teacherUserId: string,
  month: MonthKey,
): A | null {
  let latest: A | null = null;
  for (const ack of acks) {
    if (ack.teacherUserId !== teacherUserId || ack.month !== month) continue;
    if (!latest || ack.at > latest.at || (ack.at === latest.at && ack.id > latest.id)) latest = ack;
  }
  return latest;
}

/** Whether the figures changed since the answer (an adjustment, a correction): she should answer again. */
export function ackOutdated(
  ack: Pick<StatementAckLike, 'paidMin' | 'amount'>,
  figures: { paidMin: number; amount: number },
): boolean {
  return (
    (typeof ack.paidMin === 'number' && ack.paidMin !== figures.paidMin) ||
    (typeof ack.amount === 'number' && ack.amount !== figures.amount)
  );
}
