import {
  adjustmentMonth,
  closureId,
  isMonthKey,
  monthOf,
  slotDates,
  timetableWriteDates,
  type ClosureLike,
  type MonthKey,
  type TimetablePeriod,
} from '../src/domain/payroll/closing';
import { occurrenceDateOf } from '../src/domain/absences/occurrence-teacher';
import { CORRECTION_ACTION } from '../src/domain/attendance/trust';
import type { Viewer } from '../src/domain/access/viewer';
import type { User } from '../src/domain/store/schema';
import type { RecordData } from '../src/domain/sync/merge';
import type { Mutation } from '../src/domain/sync/protocol';
import { peekRecord, type SyncTransaction } from './storage/sync-storage';

/**
 * The server's side of month closing (issue 32, domain/payroll/closing.ts), on every write a session makes
 * (sync push and whole-store PUT; a Données restore replaces the organisation, closures included, and is not
 * checked here):
 * - a check-in or check-out dated in a month closed for its class's institute is refused ('month-closed'),
 *   whoever sends it and however late (an offline device's push included): it would change hours already
 *   closed. The administrator records the missing check, which becomes an adjustment;
 * - a correction (or a recorded missing check) of a day in a closed month is stamped with the first open
 *   month after it (`adjustmentMonth`): a dated adjustment, the original log and its author kept, the closed
 *   month unchanged. The server decides it: whatever the device wrote there is replaced;
 * - a slot change (timetable created, changed or deleted; the planning log that goes with it) touching a day
 *   of a closed month is refused ('month-closed'), and so is a substitution of a course on such a day
 *   (issue 35: assigned, changed or withdrawn, it moves the course's hours between teachers);
 * - a closing or reopening is stamped with the server's time and the session's person.
 * Refused writes are not applied at all (the batch's other mutations are judged on their own).
 */

type Tx = Pick<SyncTransaction, 'getRecord' | 'peekRecord'>;

/** Closures and class institutes read once per batch, forgotten when the batch writes one. */
export class ClosingReader {
  private readonly closures = new Map<string, ClosureLike | null>();
  private readonly institutes = new Map<string, string | null>();

  constructor(private readonly tx: Tx) {}

  /** A write of the batch was applied: forget what it may have changed. */
  written(collection: string, id: string): void {
    if (collection === 'monthClosures') this.closures.delete(id);
    if (collection === 'classes') this.institutes.delete(id);
  }

  private async closure(id: string): Promise<ClosureLike | null> {
    if (!this.closures.has(id)) {
      const r = await peekRecord(this.tx, 'monthClosures', id);
      this.closures.set(id, r && !r.deleted ? (r.data as unknown as ClosureLike) : null);
    }
    return this.closures.get(id) ?? null;
  }

  /** The closures that may cover `month` for this institute (the organisation's and the institute's). */
  async closuresOf(month: MonthKey, instituteId: string | null): Promise<ClosureLike[]> {
    const found: ClosureLike[] = [];
    const org = await this.closure(closureId(month, null));
    if (org) found.push(org);
    if (instituteId) {
      const own = await this.closure(closureId(month, instituteId));
      if (own) found.push(own);
    }
    return found;
  }

  async isClosed(date: string, instituteId: string | null): Promise<boolean> {
    const month = monthOf(date);
    if (!month) return false;
    return (await this.closuresOf(month, instituteId)).some((c) => c.status === 'closed');
  }

  /** The first open month after the closed month of `date` (null: open), reading months one by one. */
  async adjustmentMonthOf(date: string, instituteId: string | null): Promise<MonthKey | null> {
    const month = monthOf(date);
    if (!month) return null;
    const known: ClosureLike[] = [...(await this.closuresOf(month, instituteId))];
    if (adjustmentMonth(known, instituteId, month) === null) return null;
    // Each step reads the next month's closures; bounded (a school does not close 10 years ahead).
    let candidate = month;
    for (let i = 0; i < 120; i += 1) {
      candidate = adjustmentMonth(known, instituteId, candidate) ?? candidate;
      const next = await this.closuresOf(candidate, instituteId);
      if (!next.some((c) => c.status === 'closed')) return candidate;
      known.push(...next);
    }
    return candidate;
  }

  async instituteOfClass(classId: unknown): Promise<string | null> {
    if (typeof classId !== 'string' || classId === '') return null;
    if (!this.institutes.has(classId)) {
      const r = await peekRecord(this.tx, 'classes', classId);
      const institute = r && !r.deleted ? r.data.instituteId : null;
      this.institutes.set(classId, typeof institute === 'string' && institute !== '' ? institute : null);
    }
    return this.institutes.get(classId) ?? null;
  }

  async timetable(id: unknown): Promise<RecordData | null> {
    if (typeof id !== 'string' || id === '') return null;
    const r = await peekRecord(this.tx, 'timetables', id);
    return r && !r.deleted ? r.data : null;
  }
}

/** The UTC date of an instant (remembered: the same log's time is read by several checks). */
const isoDateOf = occurrenceDateOf;

/** The class (hence institute) a planning log is about: its own, else its timetable's. */
async function instituteOfLog(reader: ClosingReader, log: RecordData): Promise<string | null> {
  if (typeof log.classId === 'string' && log.classId !== '') return reader.instituteOfClass(log.classId);
  return reader.instituteOfClass((await reader.timetable(log.timetableId))?.classId);
}

/** The day a correction is about: its target's (a stored check log), else the time it records. */
async function correctedDay(tx: Tx, log: RecordData): Promise<string | null> {
  if (typeof log.correctsLogId === 'string' && log.correctsLogId !== '') {
    const target = await peekRecord(tx, 'planningLogs', log.correctsLogId);
    if (target && !target.deleted) return isoDateOf(target.data.timestamp);
  }
  return isoDateOf(log.correctedTimestamp);
}

/** The write as the authoriser sees it (server/sync-service.ts WriteCheck). */
export interface ClosingWrite {
  collection: string;
  recordId: string;
  before: RecordData | null;
  after: RecordData | null;
}

/** Why a write touches a closed month ('month-closed', 'adjustment-month'), or null. */
export async function closingRefusal(
  tx: Tx,
  reader: ClosingReader,
  write: ClosingWrite,
): Promise<string | null> {
  if (write.collection === 'timetables') {
    const dates = timetableWriteDates(
      write.before as unknown as (TimetablePeriod & { slots?: [] }) | null,
      write.after as unknown as (TimetablePeriod & { slots?: [] }) | null,
    );
    if (dates.length === 0) return null;
    const institutes = new Set<string | null>();
    for (const record of [write.before, write.after])
      if (record) institutes.add(await reader.instituteOfClass(record.classId));
    for (const date of dates)
      for (const institute of institutes) if (await reader.isClosed(date, institute)) return 'month-closed';
    return null;
  }
  if (write.collection === 'substitutions') {
    // Issue 35: a substitution moves a course's hours from the absent teacher to the substitute (or to
    // nobody): assigned, changed or withdrawn on a day of a closed month, it would change closed hours.
    for (const record of [write.before, write.after]) {
      if (!record || typeof record.date !== 'string') continue;
      if (await reader.isClosed(record.date, await reader.instituteOfClass(record.classId)))
        return 'month-closed';
    }
    return null;
  }
  if (write.collection !== 'planningLogs' || !write.after || write.before) return null;
  const log = write.after;
  const institute = await instituteOfLog(reader, log);
  if (log.action === 'planning-checkin' || log.action === 'planning-checkout') {
    const day = isoDateOf(log.timestamp);
    return day && (await reader.isClosed(day, institute)) ? 'month-closed' : null;
  }
  if (log.action === CORRECTION_ACTION) {
    const day = await correctedDay(tx, log);
    if (!day) return null;
    const expected = await reader.adjustmentMonthOf(day, institute);
    const given = isMonthKey(log.adjustmentMonth) ? log.adjustmentMonth : null;
    return given === expected ? null : 'adjustment-month';
  }
  // A slot action's log (cancel, reschedule, change of mode): the days of the slot it was about.
  const timetable = await reader.timetable(log.timetableId);
  if (!timetable) return null;
  const days = new Set<string>();
  for (const range of [log.before, log.after]) {
    const dayOfWeek = (range as { dayOfWeek?: unknown } | null | undefined)?.dayOfWeek;
    if (typeof dayOfWeek === 'number')
      for (const d of slotDates(timetable as unknown as TimetablePeriod, dayOfWeek)) days.add(d);
  }
  for (const day of days) if (await reader.isClosed(day, institute)) return 'month-closed';
  return null;
}

/**
 * What the server writes itself on a session's closing mutations, before they are merged and judged:
 * a correction's adjustment month; a closing's or reopening's time, person and history event.
 */
export async function stampClosing(
  mutation: Mutation,
  current: { data: RecordData } | null,
  tx: Tx,
  viewer: Viewer,
  actor: Pick<User, 'id' | 'name'> | null,
  now: Date,
): Promise<Mutation> {
  if (mutation.op !== 'put' || !mutation.values) return mutation;
  const fields = new Set(mutation.changedFields);
  if (
    mutation.collection === 'planningLogs' &&
    current === null &&
    mutation.values.action === CORRECTION_ACTION
  ) {
    const reader = new ClosingReader(tx);
    const log = mutation.values;
    const day = await correctedDay(tx, log);
    const month = day ? await reader.adjustmentMonthOf(day, await instituteOfLog(reader, log)) : null;
    fields.add('adjustmentMonth');
    return { ...mutation, changedFields: [...fields], values: { ...log, adjustmentMonth: month } };
  }
  if (mutation.collection !== 'monthClosures' || viewer.kind !== 'user') return mutation;
  const values = mutation.values;
  const was = current?.data ?? null;
  const history = Array.isArray(was?.history) ? (was.history as RecordData[]) : [];
  const at = now.toISOString();
  const by = { byUserId: viewer.userId, byUserName: actor?.name ?? null };
  if (values.status === 'closed' && (!was || was.status === 'reopened')) {
    const stamped = {
      closedAt: at,
      closedByUserId: by.byUserId,
      closedByUserName: by.byUserName,
      history: [...history, { action: 'close', at, ...by }],
    };
    for (const f of Object.keys(stamped)) fields.add(f);
    return { ...mutation, changedFields: [...fields], values: { ...values, ...stamped } };
  }
  if (values.status === 'reopened' && was?.status === 'closed') {
    const reason = typeof values.reopenReason === 'string' ? values.reopenReason.trim() : '';
    const stamped = {
      reopenedAt: at,
      reopenedByUserId: by.byUserId,
      reopenedByUserName: by.byUserName,
      reopenReason: reason,
      history: [...history, { action: 'reopen', at, ...by, reason }],
    };
    for (const f of Object.keys(stamped)) fields.add(f);
    return { ...mutation, changedFields: [...fields], values: { ...values, ...stamped } };
  }
  return mutation;
}
