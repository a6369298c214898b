import { AUTO_ACTOR_NAME } from '../../src/domain/attendance/status';
import {
  contactVerdict,
  isLateReceipt,
  slotWindowMs,
  utcDayStartMs,
  type LastContacts,
  type StampedFlag,
} from '../../src/domain/attendance/trust';
import type { Slot } from '../../src/domain/store/schema';
import type { RecordData } from '../../src/domain/sync/merge';
import { peekRecord, type SyncTransaction } from '../storage/sync-storage';

/**
 * The review flags the server stamps on a check log it receives (trusted time, domain/attendance/trust):
 * 'late-receipt' when it arrives after its course's planned end (+ grace for a check-out), 'device-handover'
 * when it claims a time before its device's last contact under another session or before its session began.
 * An automatic check-out is dated by the server's own rule (write-planning.ts), never flagged here.
 */
export async function checkLogFlags(
  log: RecordData,
  tx: Pick<SyncTransaction, 'getRecord' | 'peekRecord'>,
  now: Date,
  contacts: LastContacts | undefined,
): Promise<StampedFlag[]> {
  const action = log.action;
  if (action !== 'planning-checkin' && action !== 'planning-checkout') return [];
  if (log.actorUserName === AUTO_ACTOR_NAME) return [];
  const claimed = typeof log.timestamp === 'string' ? Date.parse(log.timestamp) : NaN;
  if (!Number.isFinite(claimed)) return [];
  const flags: StampedFlag[] = [];
  const timetable =
    typeof log.timetableId === 'string' ? await peekRecord(tx, 'timetables', log.timetableId) : null;
  const slots = timetable && !timetable.deleted ? (timetable.data.slots as Slot[] | undefined) : undefined;
  const slot = typeof log.slotIndex === 'number' ? slots?.[log.slotIndex] : undefined;
  const window = slot ? slotWindowMs(utcDayStartMs(claimed), slot) : null;
  if (
    window &&
    isLateReceipt({
      action: action,
      receivedMs: now.getTime(),
      plannedEndMs: window.end,
    })
  )
    flags.push('late-receipt');
  if (contacts && contactVerdict(claimed, contacts) === 'flag') flags.push('device-handover');
  return flags;
}
