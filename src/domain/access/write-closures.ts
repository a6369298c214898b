import { isFullAdministration } from '../users/administrator';
import { closureId, isMonthKey, isMonthOver, REOPEN_REASON_MAX, type ClosureEvent } from '../payroll/closing';
import { deepEqual, type RecordData } from './record';
import { ALLOWED, refuse, type UserWrite, type WriteDecision } from './write-context';

/**
 * Writes of month closings (collection monthClosures, issue 32, domain/payroll/closing.ts). Only a full
 * administrator (domain/users/administrator.ts: users, profiles and settings) closes or reopens; a closure
 * is never deleted; its history is only appended to, one event per write, by the session's own person:
 * - create: a closing ('closed', one 'close' event);
 * - closed -> reopened: one 'reopen' event with a written reason;
 * - reopened -> closed: one 'close' event.
 * The month and the scope never change, and the id is the one of closureId(month, institute). With the
 * server's clock (env.now), only a month that is over may be closed, and the events are dated now (within
 * EVENT_TOLERANCE_MS: the server stamps them itself on a push, server/closing-guard.ts).
 */

export const EVENT_TOLERANCE_MS = 2 * 60_000;

function historyOf(record: RecordData | null): RecordData[] {
  return record && Array.isArray(record.history) ? (record.history as RecordData[]) : [];
}

function eventDecision(write: UserWrite, event: RecordData | undefined, action: ClosureEvent['action']) {
  if (!event || event.action !== action) return refuse('closure-history');
  if (event.byUserId !== write.viewer.userId) return refuse('actor-mismatch');
  const user = write.lookup.user(write.viewer.userId);
  if (user && (event.byUserName ?? null) !== null && event.byUserName !== user.name)
    return refuse('actor-mismatch');
  const now = write.env?.now?.getTime();
  const at = typeof event.at === 'string' ? Date.parse(event.at) : NaN;
  if (!Number.isFinite(at)) return refuse('closure-history');
  if (now !== undefined && Math.abs(at - now) > EVENT_TOLERANCE_MS) return refuse('closure-time');
  if (action === 'reopen') {
    const reason = typeof event.reason === 'string' ? event.reason.trim() : '';
    if (reason === '' || reason.length > REOPEN_REASON_MAX) return refuse('reopen-reason-required');
  }
  return ALLOWED;
}

/** The fields of the latest closing or reopening agree with the event just appended. */
function summaryMatches(after: RecordData, event: RecordData): boolean {
  if (event.action === 'close')
    return (
      after.status === 'closed' &&
      after.closedAt === event.at &&
      after.closedByUserId === event.byUserId &&
      (after.closedByUserName ?? null) === (event.byUserName ?? null)
    );
  return (
    after.status === 'reopened' &&
    after.reopenedAt === event.at &&
    after.reopenedByUserId === event.byUserId &&
    (after.reopenedByUserName ?? null) === (event.byUserName ?? null) &&
    (after.reopenReason ?? null) === (event.reason ?? null)
  );
}

export function authorizeClosureWrite(write: UserWrite): WriteDecision {
  if (write.viewer.loginMode === 'pin' || !isFullAdministration(write.modules))
    return refuse('not-administrator');
  if (write.op === 'delete') return refuse('closure-permanent');
  const after = write.after;
  const month = after.month;
  const instituteId = typeof after.instituteId === 'string' && after.instituteId ? after.instituteId : null;
  if (!isMonthKey(month) || write.recordId !== closureId(month, instituteId)) return refuse('closure-id');
  const before = write.before;
  if (
    before &&
    (before.month !== after.month || (before.instituteId ?? null) !== (after.instituteId ?? null))
  )
    return refuse('closure-id');
  const was = historyOf(before);
  const now = historyOf(after);
  if (now.length !== was.length + 1 || !deepEqual(now.slice(0, was.length), was))
    return refuse('closure-history');
  const event = now[now.length - 1];
  const transition = !before
    ? 'close'
    : before.status === 'closed' && after.status === 'reopened'
      ? 'reopen'
      : before.status === 'reopened' && after.status === 'closed'
        ? 'close'
        : null;
  if (!transition) return refuse(before?.status === 'closed' ? 'already-closed' : 'closure-history');
  if (transition === 'close' && after.status !== 'closed') return refuse('closure-history');
  const decision = eventDecision(write, event, transition);
  if (!decision.ok) return decision;
  if (!event || !summaryMatches(after, event)) return refuse('closure-history');
  const nowDate = write.env?.now;
  if (transition === 'close' && nowDate && !isMonthOver(month, nowDate)) return refuse('month-not-over');
  return ALLOWED;
}
