import { ackProblem } from '../payroll/statement-ack';
import { ALLOWED, refuse, type UserWrite, type WriteDecision } from './write-context';

/** The module of « Mes heures » (spec part 1: the teacher's workload screen). */
export const STATEMENT_MODULE = 'teacher.workload';

/**
 * A teacher's answer to her payroll statement (issue 32): appended only, by the teacher herself (a
 * statement of someone else, a kiosk or an anonymous request never), holding « Mes heures », for a month
 * that is over by the server's clock; the server stamps who and when (server/statement-acks.ts) and checks
 * that the month is closed. Without the server's clock (the UI deciding for itself) the device's clock is used.
 */
export function authorizeStatementAckWrite(write: UserWrite): WriteDecision {
  if (write.op !== 'create') return refuse('append-only');
  if (!write.modules.has(STATEMENT_MODULE)) return refuse('not-permitted');
  const problem = ackProblem({
    ack: write.after,
    userId: write.viewer.userId,
    now: write.env.now ?? new Date(),
  });
  return problem ? refuse(problem) : ALLOWED;
}
