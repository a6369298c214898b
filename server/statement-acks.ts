import type { Viewer } from '../src/domain/access/viewer';
import { closureId, isMonthKey, type ClosureLike } from '../src/domain/payroll/closing';
import {
  teacherStatementClosed,
  type TeacherSubstitution,
  type TeacherTimetable,
} from '../src/domain/payroll/statement-closed';
import type { User } from '../src/domain/store/schema';
import type { RecordData } from '../src/domain/sync/merge';
import type { Mutation } from '../src/domain/sync/protocol';
import { peekRecord, type SyncTransaction } from './storage/sync-storage';

/**
 * The server's side of a teacher's answer to her payroll statement (collection statementAcks, issue 32,
 * domain/payroll/statement-ack.ts; who may write it: domain/access/write-statement-acks.ts):
 * - the server decides when and who: `at` is its clock, `actorUserId`/`actorUserName` the session's person,
 *   whatever the device wrote there;
 * - an answer is accepted only for a month closed for her (domain/payroll/statement-closed.ts): every
 *   course of hers that month in a class whose institute is covered by a closure (the organisation's or that
 *   institute's), or, with no course, the organisation's closure; before that, her hours may still change
 *   ('month-not-closed'). Her courses (those she gives as a substitute included, issue 35) and their institutes
 *   are read from the stored timetables, substitutions and classes, never from what the device sent.
 */

type Tx = Pick<SyncTransaction, 'getRecord' | 'peekRecord' | 'listRecords'>;

export const STATEMENT_ACK_STAMPED_FIELDS = ['at', 'actorUserId', 'actorUserName'] as const;

export function stampStatementAck(
  mutation: Mutation,
  current: { data: RecordData } | null,
  viewer: Viewer,
  actor: Pick<User, 'id' | 'name'> | null,
  now: Date,
): Mutation {
  if (mutation.collection !== 'statementAcks' || mutation.op !== 'put' || !mutation.values) return mutation;
  if (current !== null || viewer.kind !== 'user') return mutation;
  const fields = new Set([...mutation.changedFields, ...STATEMENT_ACK_STAMPED_FIELDS]);
  return {
    ...mutation,
    changedFields: [...fields],
    values: {
      ...mutation.values,
      at: now.toISOString(),
      actorUserId: viewer.userId,
      actorUserName: actor?.name ?? null,
    },
  };
}

/** 'month-not-closed' for an answer about a month not closed for the teacher's courses; null otherwise. */
export async function statementAckRefusal(
  tx: Tx,
  write: { collection: string; before: RecordData | null; after: RecordData | null },
): Promise<string | null> {
  if (write.collection !== 'statementAcks' || write.before || !write.after) return null;
  const month = write.after.month;
  if (!isMonthKey(month)) return null; // the access rule refuses it ('invalid-month')
  // The organisation's closure covers every course: no need to read the timetables.
  const org = await peekRecord(tx, 'monthClosures', closureId(month, null));
  if (org && !org.deleted && org.data.status === 'closed') return null;
  const teacherUserId = typeof write.after.teacherUserId === 'string' ? write.after.teacherUserId : '';
  // An answer is rare (once a month per teacher): one reading of the organisation's records.
  const closures: ClosureLike[] = [];
  const timetables: TeacherTimetable[] = [];
  const substitutions: TeacherSubstitution[] = [];
  const institutes = new Map<string, string | null>();
  for (const record of await tx.listRecords()) {
    if (record.deleted) continue;
    const data = record.data;
    if (record.collection === 'monthClosures' && data.month === month)
      closures.push(data as unknown as ClosureLike);
    else if (record.collection === 'timetables' && Array.isArray(data.slots))
      timetables.push(data as unknown as TeacherTimetable);
    else if (record.collection === 'substitutions' && typeof data.date === 'string')
      substitutions.push(data as unknown as TeacherSubstitution);
    else if (record.collection === 'classes')
      institutes.set(
        record.id,
        typeof data.instituteId === 'string' && data.instituteId !== '' ? data.instituteId : null,
      );
  }
  const closed = teacherStatementClosed({
    closures,
    month,
    teacherUserId,
    timetables,
    substitutions,
    instituteOfClass: (classId) => institutes.get(classId) ?? null,
  });
  return closed ? null : 'month-not-closed';
}
